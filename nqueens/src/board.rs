//! The size of the boards the crate serves: a leaf that every module may import, so that the
//! limit is named once.

/// The largest board the search serves: one bit per column of a `u32`.
///
/// ```
/// assert!(nqueens_tables::solutions(nqueens_tables::MAX_N).is_some());
/// assert!(nqueens_tables::solutions(nqueens_tables::MAX_N + 1).is_none());
/// ```
pub const MAX_N: usize = 32;
