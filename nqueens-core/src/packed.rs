//! Packed tables: two queens per byte, half the flash of a plain table, O(1) random access.
//!
//! Row `i` of a packed table is `ceil(n / 2)` bytes; byte `k` holds the columns of rows `2k`
//! (high nibble) and `2k + 1` (low nibble, 0 past the last row). High nibble first keeps the
//! rows in lexicographic order byte for byte, so lookups by solution are a binary search.

use crate::placement::Placement;

macro_rules! packed_tables {
    ($($n:literal, $count:literal, $_tf:literal $_tn:ident, $feature:literal $name:ident, $fits:meta;)*) => {
        $(
            #[cfg(all(feature = $feature, $fits))]
            #[doc = concat!("Every solution for n = ", $n, " packed two queens per byte (",
                $count, " rows). Feature `", $feature, "`; read it through [`packed_table`].",
                "\n\n```\nlet t = nqueens_tables::packed_table(", $n,
                ").unwrap();\nassert_eq!(t.as_bytes(), nqueens_tables::", stringify!($name),
                ".as_flattened());\n```")]
            pub static $name: &[[u8; ($n as usize).div_ceil(2)]; $count] = $crate::nqueens!($n, packed);
        )*

        /// The packed table for `n`, or `None` where that table is not compiled in
        /// (features `packed-6` .. `packed-13`, off by default).
        ///
        /// ```
        /// let t = nqueens_tables::packed_table(8);
        /// assert_eq!(t.map(|t| t.len()), cfg!(feature = "packed-8").then_some(92));
        /// ```
        #[inline]
        pub fn packed_table(n: usize) -> Option<PackedTable> {
            match n {
                $(
                    #[cfg(all(feature = $feature, $fits))]
                    $n => Some(PackedTable { n: $n, bytes: $name.as_flattened() }),
                )*
                _ => None,
            }
        }
    };
}

crate::table::embedded_tables!(packed_tables);

/// A view over a packed table: `len()` solutions of `n()` queens, `ceil(n / 2)` bytes each.
///
/// ```
/// static PACKED: &[[u8; 4]; 92] = nqueens_tables::nqueens!(8, packed);
/// let t = nqueens_tables::PackedTable::from_bytes(8, PACKED.as_flattened()).unwrap();
/// assert_eq!(t.len(), 92);
/// assert_eq!(t.as_bytes().len(), 368);
/// assert_eq!(&*t.get(0).unwrap(), &[0, 4, 7, 5, 2, 6, 1, 3]);
/// assert_eq!(t.index_of(&[0, 4, 7, 5, 2, 6, 1, 3]), Some(0));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedTable {
    n: usize,
    bytes: &'static [u8],
}

impl PackedTable {
    /// A view over `bytes` packed for `n` (1 to 16). `None` if `n` is out of range or the
    /// length is not a whole number of rows.
    ///
    /// ```
    /// use nqueens_tables::PackedTable;
    /// assert!(PackedTable::from_bytes(4, &[0x13, 0x02, 0x20, 0x31]).is_some());
    /// assert!(PackedTable::from_bytes(4, &[0x13]).is_none());
    /// assert!(PackedTable::from_bytes(17, &[]).is_none());
    /// ```
    pub const fn from_bytes(n: usize, bytes: &'static [u8]) -> Option<PackedTable> {
        if n == 0 || n > 16 || !bytes.len().is_multiple_of(n.div_ceil(2)) {
            None
        } else {
            Some(PackedTable { n, bytes })
        }
    }

    /// The board size.
    ///
    /// ```
    /// static P: &[[u8; 3]; 4] = nqueens_tables::nqueens!(6, packed);
    /// let t = nqueens_tables::PackedTable::from_bytes(6, P.as_flattened()).unwrap();
    /// assert_eq!(t.n(), 6);
    /// ```
    pub const fn n(&self) -> usize {
        self.n
    }

    const fn stride(&self) -> usize {
        self.n.div_ceil(2)
    }

    /// The number of solutions.
    ///
    /// ```
    /// static P: &[[u8; 3]; 4] = nqueens_tables::nqueens!(6, packed);
    /// let t = nqueens_tables::PackedTable::from_bytes(6, P.as_flattened()).unwrap();
    /// assert_eq!(t.len(), 4);
    /// ```
    pub const fn len(&self) -> usize {
        self.bytes.len() / self.stride()
    }

    /// True when the table holds no solution.
    ///
    /// ```
    /// let t = nqueens_tables::PackedTable::from_bytes(3, &[]).unwrap();
    /// assert!(t.is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The packed bytes.
    ///
    /// ```
    /// static P: &[[u8; 3]; 4] = nqueens_tables::nqueens!(6, packed);
    /// let t = nqueens_tables::PackedTable::from_bytes(6, P.as_flattened()).unwrap();
    /// assert_eq!(t.as_bytes()[..3], [0x13, 0x50, 0x24]);
    /// ```
    pub const fn as_bytes(&self) -> &'static [u8] {
        self.bytes
    }

    /// The solutions whose first rows are `prefix`: a contiguous run of the sorted table,
    /// found by two binary searches and returned as a table of its own, without copying.
    ///
    /// ```
    /// static P: &[[u8; 4]; 92] = nqueens_tables::nqueens!(8, packed);
    /// let t = nqueens_tables::PackedTable::from_bytes(8, P.as_flattened()).unwrap();
    /// assert_eq!(t.with_prefix(&[0]).len(), 4);
    /// assert_eq!(t.with_prefix(&[0, 4]).len(), 1);
    /// assert!(t.with_prefix(&[0, 1]).is_empty());
    /// ```
    pub fn with_prefix(&self, prefix: &[u8]) -> PackedTable {
        let (n, s) = (self.n, self.stride());
        let k = prefix.len().min(n);
        let head = |row: &[u8]| unpack(n, row);
        let start = crate::table::partition_rows(self.bytes, s, |row| &head(row)[..k] < prefix);
        let end = if prefix.len() > n {
            start
        } else {
            crate::table::partition_rows(self.bytes, s, |row| &head(row)[..k] <= prefix)
        };
        PackedTable {
            n,
            bytes: &self.bytes[start * s..end * s],
        }
    }

    /// Solution `i`, unpacked.
    ///
    /// ```
    /// static P: &[[u8; 3]; 4] = nqueens_tables::nqueens!(6, packed);
    /// let t = nqueens_tables::PackedTable::from_bytes(6, P.as_flattened()).unwrap();
    /// assert_eq!(t.get(0).as_deref(), Some(&[1, 3, 5, 0, 2, 4][..]));
    /// assert!(t.get(4).is_none());
    /// ```
    #[inline]
    pub fn get(&self, i: usize) -> Option<Placement> {
        if i >= self.len() {
            return None;
        }
        let s = self.stride();
        Some(unpack(self.n, &self.bytes[i * s..(i + 1) * s]))
    }

    /// Every solution in order, unpacked.
    ///
    /// ```
    /// static P: &[[u8; 3]; 4] = nqueens_tables::nqueens!(6, packed);
    /// let t = nqueens_tables::PackedTable::from_bytes(6, P.as_flattened()).unwrap();
    /// let last = t.iter().next_back().unwrap();
    /// assert_eq!(&*last, &[4, 2, 0, 5, 3, 1]);
    /// ```
    pub fn iter(&self) -> PackedIter {
        PackedIter {
            n: self.n,
            rows: self.bytes.chunks_exact(self.stride()),
        }
    }

    /// The position of `sol` in the table, by binary search over the packed rows.
    ///
    /// ```
    /// static P: &[[u8; 3]; 4] = nqueens_tables::nqueens!(6, packed);
    /// let t = nqueens_tables::PackedTable::from_bytes(6, P.as_flattened()).unwrap();
    /// assert_eq!(t.index_of(&[4, 2, 0, 5, 3, 1]), Some(3));
    /// assert_eq!(t.index_of(&[0; 6]), None);
    /// ```
    pub fn index_of(&self, sol: &[u8]) -> Option<usize> {
        if sol.len() != self.n || sol.iter().any(|&c| c as usize >= self.n) {
            return None;
        }
        let key = PackedRow::new(sol)?;
        let s = self.stride();
        let at = crate::table::partition_rows(self.bytes, s, |row| row < &key[..]);
        (self.bytes.get(at * s..(at + 1) * s) == Some(&key[..])).then_some(at)
    }
}

/// One solution in the packed form: `ceil(n / 2)` bytes, the first queen of each pair in the
/// high nibble. What a packed table holds per row, and what `nqueens!(n, packed)` emits.
///
/// ```
/// let row = nqueens_tables::PackedRow::new(&[1, 3, 0, 2]).unwrap();
/// assert_eq!(&*row, &[0x13, 0x02]);
/// assert!(nqueens_tables::PackedRow::new(&[16]).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PackedRow {
    bytes: [u8; 8],
    len: u8,
}

impl PackedRow {
    /// Packs up to 16 columns of at most 15 each; `None` for anything else.
    ///
    /// ```
    /// let row = nqueens_tables::PackedRow::new(&[2, 0, 3]).unwrap();
    /// assert_eq!(&*row, &[0x20, 0x30]);
    /// ```
    pub fn new(sol: &[u8]) -> Option<PackedRow> {
        if sol.len() > 16 || sol.iter().any(|&c| c > 15) {
            return None;
        }
        let mut bytes = [0u8; 8];
        for (k, pair) in sol.chunks(2).enumerate() {
            bytes[k] = (pair[0] << 4) | pair.get(1).copied().unwrap_or(0);
        }
        Some(PackedRow {
            bytes,
            len: sol.len().div_ceil(2) as u8,
        })
    }
}

impl core::ops::Deref for PackedRow {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }
}

impl IntoIterator for PackedTable {
    type Item = Placement;
    type IntoIter = PackedIter;
    fn into_iter(self) -> PackedIter {
        self.iter()
    }
}

impl core::fmt::Debug for PackedTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PackedTable")
            .field("n", &self.n)
            .field("len", &self.len())
            .finish()
    }
}

fn unpack(n: usize, row: &[u8]) -> Placement {
    let mut cols = [0u8; 16];
    for (k, &b) in row.iter().enumerate() {
        // A packed row is at most 8 bytes, so 2k + 1 < 16.
        cols[2 * k] = b >> 4;
        cols[2 * k + 1] = b & 0x0f;
    }
    Placement::copy_of(&cols[..n])
}

/// Iterator over a [`PackedTable`], unpacking each solution; from either end.
///
/// ```
/// static P: &[[u8; 3]; 4] = nqueens_tables::nqueens!(6, packed);
/// let t = nqueens_tables::PackedTable::from_bytes(6, P.as_flattened()).unwrap();
/// assert_eq!(t.iter().rev().count(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct PackedIter {
    n: usize,
    rows: core::slice::ChunksExact<'static, u8>,
}

impl Iterator for PackedIter {
    type Item = Placement;
    fn next(&mut self) -> Option<Placement> {
        self.rows.next().map(|row| unpack(self.n, row))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.rows.size_hint()
    }
    fn nth(&mut self, i: usize) -> Option<Placement> {
        self.rows.nth(i).map(|row| unpack(self.n, row))
    }
}

impl DoubleEndedIterator for PackedIter {
    fn next_back(&mut self) -> Option<Placement> {
        self.rows.next_back().map(|row| unpack(self.n, row))
    }
}

impl ExactSizeIterator for PackedIter {}
impl core::iter::FusedIterator for PackedIter {}

#[cfg(all(test, feature = "packed-8", not(feature = "table-8")))]
mod tests {
    /// With only the packed table of 8 compiled in, `solutions(8)` reads it.
    #[test]
    fn solutions_reads_the_packed_table() {
        let served = crate::solutions(8).unwrap();
        assert!(served.is_from_table());
        let from_packed: [u8; 8 * 92] = {
            let mut out = [0u8; 8 * 92];
            for (i, sol) in served.enumerate() {
                out[i * 8..(i + 1) * 8].copy_from_slice(&sol);
            }
            out
        };
        let mut search = crate::Search::new(8).unwrap();
        let mut i = 0;
        while let Some(sol) = search.next_solution() {
            assert_eq!(&from_packed[i * 8..(i + 1) * 8], sol);
            i += 1;
        }
        assert_eq!(i, 92);
    }
}
