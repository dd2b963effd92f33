//! The embedded tables and [`Table`], a typed view over one of them.

/// The one list of embedded tables: n, the count, the feature and static of the plain form and
/// of the packed form, then the targets that can hold them (see the `compile_error!` below).
/// `tables!` here and `packed_tables!` in `packed.rs` both expand from it, so a table's count
/// is written once.
macro_rules! embedded_tables {
    ($expand:ident) => {
        $expand! {
            6, 4, "table-6" SOLUTIONS_6, "packed-6" PACKED_6, all();
            7, 40, "table-7" SOLUTIONS_7, "packed-7" PACKED_7, all();
            8, 92, "table-8" SOLUTIONS_8, "packed-8" PACKED_8, all();
            9, 352, "table-9" SOLUTIONS_9, "packed-9" PACKED_9, all();
            10, 724, "table-10" SOLUTIONS_10, "packed-10" PACKED_10, all();
            11, 2680, "table-11" SOLUTIONS_11, "packed-11" PACKED_11, all();
            12, 14200, "table-12" SOLUTIONS_12, "packed-12" PACKED_12, not(target_pointer_width = "16");
            13, 73712, "table-13" SOLUTIONS_13, "packed-13" PACKED_13, not(target_pointer_width = "16");
        }
    };
}
pub(crate) use embedded_tables;

macro_rules! tables {
    ($($n:literal, $count:literal, $feature:literal $name:ident, $_pf:literal $_pn:ident, $fits:meta;)*) => {
        $(
            #[cfg(all(feature = $feature, $fits))]
            #[doc = concat!("Every solution for n = ", $n, ", ", $count,
                " of them in lexicographic order (", $n, " x ", $count,
                " bytes). Feature `", $feature, "`.\n\n```\nlet t = nqueens_tables::",
                stringify!($name), ";\nassert_eq!(t.len(), ", $count,
                ");\nassert!(nqueens_tables::is_solution(&t[0]));\n```")]
            pub static $name: &[[u8; $n]; $count] = $crate::nqueens!($n);
        )*

        /// The embedded table for `n`, or `None` where that table is not compiled in.
        ///
        /// ```
        /// let t = nqueens_tables::table(6).unwrap();
        /// assert_eq!((t.n(), t.len()), (6, 4));
        /// assert_eq!(t.get(0), Some(&[1, 3, 5, 0, 2, 4][..]));
        /// assert_eq!(t.get(4), None);
        /// assert!(nqueens_tables::table(14).is_none());
        /// ```
        #[inline]
        pub fn table(n: usize) -> Option<Table> {
            match n {
                $(
                    #[cfg(all(feature = $feature, $fits))]
                    $n => Some(Table { n: $n, bytes: $name.as_flattened() }),
                )*
                _ => None,
            }
        }
    };
}

embedded_tables!(tables);

// A 16-bit target (AVR) holds at most `isize::MAX` = 32,767 bytes in one object. The tables of
// 12 and 13 are larger in either form (170,400 and 958,256 bytes plain, 85,200 and 479,128
// packed), and rustc itself fails on such a type rather than saying so: they are not
// declared there (the list's last field), and asking for them is refused here, with what to
// do instead. The search serves every n without a table.
#[cfg(all(
    target_pointer_width = "16",
    any(
        feature = "table-12",
        feature = "table-13",
        feature = "packed-12",
        feature = "packed-13"
    )
))]
compile_error!(
    "the tables of 12 and 13 (features table-12, table-13, packed-12, packed-13) are larger \
     than a 16-bit target can hold in one object (32,767 bytes): turn them off; the search \
     counts and lists those n without a table"
);

/// A table of solutions for one `n`: `len()` rows of `n()` bytes, in lexicographic order.
///
/// A `Table` is three words (the board size and a `&'static [u8]`); copying it is free.
///
/// ```
/// static UNIQUE_6: &[[u8; 6]; 1] = nqueens_tables::nqueens!(6, fundamental);
/// let t = nqueens_tables::Table::from_bytes(6, UNIQUE_6.as_flattened()).unwrap();
/// for sol in t {
///     assert_eq!(sol, &[1, 3, 5, 0, 2, 4]);
/// }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table {
    n: usize,
    bytes: &'static [u8],
}

impl Table {
    /// A view over `bytes`, `n` bytes per solution. `None` if `n` is 0 or does not divide the
    /// length. The bytes are not checked to be solutions: this is how you wrap a table of your
    /// own, such as one produced by `nqueens!(n, fundamental)`.
    ///
    /// ```
    /// static UNIQUE_8: &[[u8; 8]; 12] = nqueens_tables::nqueens!(8, fundamental);
    /// let t = nqueens_tables::Table::from_bytes(8, UNIQUE_8.as_flattened()).unwrap();
    /// assert_eq!(t.len(), 12);
    /// ```
    pub const fn from_bytes(n: usize, bytes: &'static [u8]) -> Option<Table> {
        if n == 0 || !bytes.len().is_multiple_of(n) {
            None
        } else {
            Some(Table { n, bytes })
        }
    }

    /// The board size.
    ///
    /// ```
    /// static T: &[[u8; 6]; 4] = nqueens_tables::nqueens!(6);
    /// let t = nqueens_tables::Table::from_bytes(6, T.as_flattened()).unwrap();
    /// assert_eq!(t.n(), 6);
    /// ```
    pub const fn n(&self) -> usize {
        self.n
    }

    /// The number of solutions.
    ///
    /// ```
    /// static T: &[[u8; 6]; 4] = nqueens_tables::nqueens!(6);
    /// let t = nqueens_tables::Table::from_bytes(6, T.as_flattened()).unwrap();
    /// assert_eq!(t.len(), 4);
    /// ```
    pub const fn len(&self) -> usize {
        self.bytes.len() / self.n
    }

    /// True when the table holds no solution (n = 2 or 3).
    ///
    /// ```
    /// assert!(nqueens_tables::Table::from_bytes(3, &[]).unwrap().is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Solution `i`: a bounds check and a slice of the static bytes.
    ///
    /// ```
    /// static T: &[[u8; 6]; 4] = nqueens_tables::nqueens!(6);
    /// let t = nqueens_tables::Table::from_bytes(6, T.as_flattened()).unwrap();
    /// assert_eq!(t.get(3), Some(&[4, 2, 0, 5, 3, 1][..]));
    /// assert_eq!(t.get(4), None);
    /// ```
    #[inline]
    pub fn get(&self, i: usize) -> Option<&'static [u8]> {
        if i < self.len() {
            self.bytes.get(i * self.n..(i + 1) * self.n)
        } else {
            None
        }
    }

    /// The position of `sol` in the table, by binary search: O(log len).
    ///
    /// ```
    /// let t = nqueens_tables::table(8).unwrap();
    /// assert_eq!(t.index_of(&[7, 3, 0, 2, 5, 1, 6, 4]), Some(91));
    /// assert_eq!(t.index_of(&[0, 1, 2, 3, 4, 5, 6, 7]), None);
    /// ```
    pub fn index_of(&self, sol: &[u8]) -> Option<usize> {
        if sol.len() != self.n {
            return None;
        }
        let at = self.partition_point(|row| row < sol);
        (self.get(at) == Some(sol)).then_some(at)
    }

    /// The solutions whose first rows are `prefix`: a contiguous run of a sorted table, found
    /// by two binary searches and returned as a table of its own, without copying.
    ///
    /// ```
    /// let t = nqueens_tables::table(8).unwrap();
    /// let corner = t.with_prefix(&[0]);
    /// assert_eq!(corner.len(), 4);
    /// assert_eq!(t.with_prefix(&[0, 4]).len(), 1);
    /// assert!(t.with_prefix(&[0, 1]).is_empty());
    /// ```
    pub fn with_prefix(&self, prefix: &[u8]) -> Table {
        let k = prefix.len().min(self.n);
        let start = self.partition_point(|row| &row[..k] < prefix);
        let end = self.partition_point(|row| &row[..k] <= prefix);
        let end = if prefix.len() > self.n { start } else { end };
        Table {
            n: self.n,
            bytes: &self.bytes[start * self.n..end * self.n],
        }
    }

    fn partition_point(&self, before: impl Fn(&[u8]) -> bool) -> usize {
        partition_rows(self.bytes, self.n, before)
    }

    /// Every solution in order, from either end.
    ///
    /// ```
    /// static T: &[[u8; 6]; 4] = nqueens_tables::nqueens!(6);
    /// let t = nqueens_tables::Table::from_bytes(6, T.as_flattened()).unwrap();
    /// assert_eq!(t.iter().next_back(), Some(&[4, 2, 0, 5, 3, 1][..]));
    /// ```
    pub fn iter(&self) -> TableIter {
        TableIter {
            rows: self.bytes.chunks_exact(self.n),
        }
    }

    /// The raw bytes: `len() * n()` of them, solution after solution.
    ///
    /// ```
    /// static T: &[[u8; 6]; 4] = nqueens_tables::nqueens!(6);
    /// let t = nqueens_tables::Table::from_bytes(6, T.as_flattened()).unwrap();
    /// assert_eq!(t.as_bytes().len(), 24);
    /// ```
    pub const fn as_bytes(&self) -> &'static [u8] {
        self.bytes
    }
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("n", &self.n)
            .field("len", &self.len())
            .finish()
    }
}

impl IntoIterator for Table {
    type Item = &'static [u8];
    type IntoIter = TableIter;
    fn into_iter(self) -> TableIter {
        self.iter()
    }
}

/// Iterator over a [`Table`]'s solutions, each a `&'static [u8]` of length `n`.
///
/// ```
/// static T: &[[u8; 6]; 4] = nqueens_tables::nqueens!(6);
/// let t = nqueens_tables::Table::from_bytes(6, T.as_flattened()).unwrap();
/// assert_eq!(t.iter().len(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct TableIter {
    rows: core::slice::ChunksExact<'static, u8>,
}

impl Iterator for TableIter {
    type Item = &'static [u8];
    #[inline]
    fn next(&mut self) -> Option<&'static [u8]> {
        self.rows.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.rows.size_hint()
    }
    fn nth(&mut self, i: usize) -> Option<&'static [u8]> {
        self.rows.nth(i)
    }
}

impl DoubleEndedIterator for TableIter {
    fn next_back(&mut self) -> Option<&'static [u8]> {
        self.rows.next_back()
    }
}

impl ExactSizeIterator for TableIter {}
impl core::iter::FusedIterator for TableIter {}

/// The first index of a row that is not `before`, over `bytes` cut into rows of `width`
/// (rows must be partitioned by `before`). The binary search behind [`Table`] and
/// [`crate::PackedTable`], whose rows are not a slice of arrays but fixed-width runs.
pub(crate) fn partition_rows(bytes: &[u8], width: usize, before: impl Fn(&[u8]) -> bool) -> usize {
    let (mut lo, mut hi) = (0, bytes.len() / width);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(&bytes[mid * width..(mid + 1) * width]) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}
