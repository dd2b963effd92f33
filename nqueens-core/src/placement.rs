//! [`Placement`], one solution as an owned value, and the checks on a slice of columns.

use core::ops::Deref;

use crate::board::MAX_N;
use crate::error::Error;

/// One solution, owned and fixed-size: `len()` columns, entry `i` the 0-based column of the
/// queen in row `i`. Derefs to `[u8]`.
///
/// Built by the iterators and lookups of this crate, or from any slice of at most [`MAX_N`]
/// columns with `TryFrom` (the columns are not checked to be a solution: see
/// [`is_solution`]).
///
/// ```
/// use nqueens_tables::{Error, Placement};
/// let p = Placement::try_from(&[1u8, 3, 0, 2][..]).unwrap();
/// assert_eq!(&*p, &[1, 3, 0, 2]);
/// assert_eq!(Placement::try_from(&[0u8; 33][..]), Err(Error::TooLong(33)));
/// ```
#[derive(Clone, Copy)]
pub struct Placement {
    len: u8,
    cols: [u8; MAX_N],
}

impl Placement {
    /// Copies `cols`, which the caller knows to hold at most [`MAX_N`] columns.
    pub(crate) fn copy_of(cols: &[u8]) -> Placement {
        let len = cols.len().min(MAX_N);
        let mut p = Placement {
            len: len as u8,
            cols: [0; MAX_N],
        };
        p.cols[..len].copy_from_slice(&cols[..len]);
        p
    }

    /// The columns as a slice.
    ///
    /// ```
    /// let p = nqueens_tables::nth(4, 0).unwrap();
    /// assert_eq!(p.as_slice(), &[1, 3, 0, 2]);
    /// ```
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

impl TryFrom<&[u8]> for Placement {
    type Error = Error;
    /// Copies at most [`MAX_N`] columns; longer input is refused, never cut.
    fn try_from(cols: &[u8]) -> Result<Placement, Error> {
        if cols.len() > MAX_N {
            return Err(Error::TooLong(cols.len()));
        }
        Ok(Placement::copy_of(cols))
    }
}

impl<const N: usize> TryFrom<[u8; N]> for Placement {
    type Error = Error;
    /// As for a slice.
    fn try_from(cols: [u8; N]) -> Result<Placement, Error> {
        Placement::try_from(&cols[..])
    }
}

impl Default for Placement {
    /// The empty placement (no rows).
    fn default() -> Placement {
        Placement {
            len: 0,
            cols: [0; MAX_N],
        }
    }
}

/// True when `sol` is a solution: `1 <= sol.len() <= MAX_N`, every column below
/// `sol.len()`, and no two queens sharing a column or a diagonal.
///
/// ```
/// assert!(nqueens_tables::is_solution(&[1, 3, 0, 2]));
/// assert!(!nqueens_tables::is_solution(&[0, 1, 2, 3]));
/// assert!(!nqueens_tables::is_solution(&[]));
/// ```
pub fn is_solution(sol: &[u8]) -> bool {
    let n = sol.len();
    if crate::error::valid_n(n).is_none() {
        return false;
    }
    // Column and both diagonal masks (2n - 1 diagonals each, so u64).
    let (mut cols, mut up, mut down) = (0u64, 0u64, 0u64);
    for (r, &c) in sol.iter().enumerate() {
        let c = c as usize;
        if c >= n {
            return false;
        }
        let (bc, bu, bd) = (1u64 << c, 1u64 << (r + c), 1u64 << (r + n - 1 - c));
        if cols & bc != 0 || up & bu != 0 || down & bd != 0 {
            return false;
        }
        cols |= bc;
        up |= bu;
        down |= bd;
    }
    true
}

/// True when `sol` is a permutation of `0..sol.len()` with `1 <= sol.len() <= MAX_N`: every
/// row and column holds one queen, diagonals aside. The symmetries act on these.
pub(crate) fn is_permutation(sol: &[u8]) -> bool {
    let n = sol.len();
    if crate::error::valid_n(n).is_none() {
        return false;
    }
    let mut seen = 0u32;
    for &c in sol {
        if c as usize >= n || seen & (1 << c) != 0 {
            return false;
        }
        seen |= 1 << c;
    }
    true
}
