//! The size of the boards the crate serves: a leaf that every module may import, so that the
//! limit is named once.

/// The largest board the search serves: one bit per column of a `u32`.
///
/// ```
/// assert!(nqueens_tables::solutions(nqueens_tables::MAX_N).is_some());
/// assert!(nqueens_tables::solutions(nqueens_tables::MAX_N + 1).is_none());
/// ```
pub const MAX_N: usize = 32;

/// The columns of an `n` board, `n` from 0 to [`MAX_N`]: its low `n` bits, the mask of a
/// full row.
pub(crate) const fn full_mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}
