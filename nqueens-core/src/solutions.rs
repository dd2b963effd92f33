//! [`Solutions`], the one iterator over a table or a search.

use crate::board::MAX_N;
use crate::error::Error;
use crate::packed::{PackedIter, PackedTable};
use crate::placement::Placement;
use crate::search::Search;
use crate::table::{Table, TableIter};

/// `solutions(n)`: every solution for `n` in lexicographic order.
///
/// Served from the embedded table when its feature is on, else from the packed table when
/// that feature is on, otherwise by the runtime [`Search`]. `None` for `n == 0` or `n > MAX_N`.
///
/// ```
/// let all: Vec<_> = nqueens_tables::solutions(4).unwrap().map(|s| s.to_vec()).collect();
/// assert_eq!(all, [[1, 3, 0, 2], [2, 0, 3, 1]]);
/// ```
pub fn solutions(n: usize) -> Option<Solutions> {
    if let Some(table) = crate::table::table(n) {
        return Some(Solutions::from_table(table));
    }
    if let Some(packed) = crate::packed::packed_table(n) {
        return Some(Solutions::from_packed(packed));
    }
    Search::new(n).map(Solutions::from_search)
}

/// Every solution for one `n`, in lexicographic order, from a table or from the search.
/// Returned by [`solutions`].
///
/// ```
/// let mut all = nqueens_tables::solutions(5).unwrap();
/// assert_eq!(all.next().as_deref(), Some(&[0, 2, 4, 1, 3][..]));
/// assert_eq!(all.count(), 9);
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    source: Source,
}

// The search's fixed-size state makes one variant large; boxing it would need a heap.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Source {
    Table(TableIter),
    Packed(PackedIter),
    /// Table rows, keeping those whose row `r` is `want[r]` wherever `want[r] != FREE`.
    Filtered {
        rows: TableIter,
        want: [u8; MAX_N],
    },
    Search(Search),
}

/// No queen fixed in this row.
const FREE: u8 = u8::MAX;

impl Solutions {
    pub(crate) fn from_table(table: Table) -> Solutions {
        Solutions {
            source: Source::Table(table.iter()),
        }
    }

    pub(crate) fn from_packed(table: PackedTable) -> Solutions {
        Solutions {
            source: Source::Packed(table.iter()),
        }
    }

    pub(crate) fn from_search(search: Search) -> Solutions {
        Solutions {
            source: Source::Search(search),
        }
    }

    /// True when the solutions come from an embedded table (plain or packed) rather than
    /// the search.
    ///
    /// ```
    /// assert!(!nqueens_tables::solutions(20).unwrap().is_from_table());
    /// # #[cfg(feature = "table-8")]
    /// assert!(nqueens_tables::solutions(8).unwrap().is_from_table());
    /// ```
    pub fn is_from_table(&self) -> bool {
        !matches!(self.source, Source::Search(_))
    }
}

impl Iterator for Solutions {
    type Item = Placement;

    #[inline]
    fn next(&mut self) -> Option<Placement> {
        match &mut self.source {
            Source::Table(rows) => rows.next().map(Placement::copy_of),
            Source::Packed(rows) => rows.next(),
            Source::Filtered { rows, want } => rows
                .find(|row| {
                    row.iter()
                        .zip(want.iter())
                        .all(|(&c, &w)| w == FREE || c == w)
                })
                .map(Placement::copy_of),
            Source::Search(search) => search.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.source {
            Source::Table(rows) => rows.size_hint(),
            Source::Packed(rows) => rows.size_hint(),
            Source::Filtered { rows, .. } => (0, rows.size_hint().1),
            Source::Search(_) => (0, None),
        }
    }

    fn count(self) -> usize {
        match self.source {
            Source::Table(rows) => rows.len(),
            Source::Packed(rows) => rows.len(),
            Source::Search(search) => search.count(),
            filtered => Solutions { source: filtered }.fold(0, |n, _| n + 1),
        }
    }
}

impl core::iter::FusedIterator for Solutions {}

/// The solutions for `n` with a queen on each `(row, column)` square fixed (0-based), in
/// lexicographic order.
///
/// From the table when it is compiled in: the fixed queens of the first rows narrow it to a
/// contiguous run by binary search ([`Table::with_prefix`]) and the rest filter that run.
/// Otherwise a search that starts from the fixed queens ([`Search::with_fixed`]), which
/// answers at once even for large boards.
///
/// ```
/// // Queen on the top-left corner of the 8x8 board: 4 solutions.
/// assert_eq!(nqueens_tables::solutions_with_fixed(8, &[(0, 0)]).unwrap().count(), 4);
/// // Board 20 has no table; the search starts from the fixed queen.
/// let first = nqueens_tables::solutions_with_fixed(20, &[(19, 0)]).unwrap().next().unwrap();
/// assert_eq!(first[19], 0);
/// assert!(nqueens_tables::solutions_with_fixed(8, &[(8, 0)]).is_err());
/// ```
pub fn solutions_with_fixed(n: usize, fixed: &[(usize, usize)]) -> Result<Solutions, Error> {
    let search = Search::with_fixed(n, fixed)?;
    let Some(table) = crate::table::table(n) else {
        return Ok(Solutions::from_search(search));
    };
    let mut want = [FREE; MAX_N];
    for &(r, c) in fixed {
        if want[r] != FREE && want[r] as usize != c {
            // Two queens fixed in one row: the search, which knows it has nothing to find.
            return Ok(Solutions::from_search(search));
        }
        want[r] = c as u8;
    }
    let prefix_len = want.iter().take(n).take_while(|&&w| w != FREE).count();
    let run = table.with_prefix(&want[..prefix_len]);
    Ok(Solutions {
        source: Source::Filtered {
            rows: run.iter(),
            want,
        },
    })
}
