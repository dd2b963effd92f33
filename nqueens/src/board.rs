//! The limits of what the crate serves: the largest board, and how far from either end of a
//! list a rank or an unrank walks. A leaf that every module may import (the error type among
//! them), so that each limit is named once.

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

/// The most shares a count is cut into: one limit for [`Share`](crate::Share), the plan of
/// [`Counter::suggested_shares`](crate::Counter::suggested_shares), and the command's
/// `--share`, checkpoints and `merge`, so that whatever one makes the others accept. A
/// million keeps the list of missing shares that `merge` holds to a few MB.
pub const MAX_SHARES: u64 = 1_000_000;

/// How far from either end of the list a rank or an unrank walks the search instead of
/// counting branches: so few solutions cost less to walk than counting even one branch of a
/// board without a table, at every n up to [`MAX_N`]. The last ones are the mirror images of
/// the first (the mirror reverses the order).
pub const WALK_REACH: u64 = 1 << 16;
