//! [`Solutions`], the one iterator over a table or a search, and its item [`Placement`].

use core::ops::Deref;

use crate::search::Search;
use crate::table::{Table, TableIter};
use crate::MAX_N;

/// One solution, owned and fixed-size: `len()` columns, entry `i` the 0-based column of the
/// queen in row `i`. Derefs to `[u8]`.
#[derive(Clone, Copy)]
pub struct Placement {
    len: u8,
    cols: [u8; MAX_N],
}

impl Placement {
    /// Copies a solution of at most [`MAX_N`] columns. Longer input is cut to `MAX_N`.
    pub fn from_slice(cols: &[u8]) -> Placement {
        let len = cols.len().min(MAX_N);
        let mut p = Placement {
            len: len as u8,
            cols: [0; MAX_N],
        };
        p.cols[..len].copy_from_slice(&cols[..len]);
        p
    }

    /// The columns as a slice.
    pub fn as_slice(&self) -> &[u8] {
        &self.cols[..self.len as usize]
    }
}

impl Deref for Placement {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl AsRef<[u8]> for Placement {
    fn as_ref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl PartialEq for Placement {
    fn eq(&self, other: &Placement) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl Eq for Placement {}

impl PartialOrd for Placement {
    fn partial_cmp(&self, other: &Placement) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Placement {
    fn cmp(&self, other: &Placement) -> core::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl core::hash::Hash for Placement {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state)
    }
}

impl core::fmt::Debug for Placement {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl PartialEq<[u8]> for Placement {
    fn eq(&self, other: &[u8]) -> bool {
        self.as_slice() == other
    }
}

/// Every solution for one `n`, in lexicographic order, from a table or from the search.
/// Returned by [`crate::solutions`].
#[derive(Clone, Debug)]
pub struct Solutions {
    source: Source,
}

// The search's fixed-size state makes one variant large; boxing it would need a heap.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Source {
    Table(TableIter),
    Search(Search),
}

impl Solutions {
    pub(crate) fn from_table(table: Table) -> Solutions {
        Solutions {
            source: Source::Table(table.iter()),
        }
    }

    pub(crate) fn from_search(search: Search) -> Solutions {
        Solutions {
            source: Source::Search(search),
        }
    }

    /// True when the solutions come from an embedded table rather than the search.
    pub fn is_from_table(&self) -> bool {
        matches!(self.source, Source::Table(_))
    }
}

impl Iterator for Solutions {
    type Item = Placement;

    #[inline]
    fn next(&mut self) -> Option<Placement> {
        match &mut self.source {
            Source::Table(rows) => rows.next().map(Placement::from_slice),
            Source::Search(search) => search.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.source {
            Source::Table(rows) => rows.size_hint(),
            Source::Search(_) => (0, None),
        }
    }

    fn count(self) -> usize {
        match self.source {
            Source::Table(rows) => rows.len(),
            Source::Search(search) => search.count(),
        }
    }
}

impl core::iter::FusedIterator for Solutions {}
