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
pub const fn full_mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// The most shares a count is cut into: one limit for [`Share`](crate::Share), the plan of
/// [`Counter::suggested_shares`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/struct.Counter.html#method.suggested_shares), and the command's
/// `--share`, checkpoints and `merge`, so that whatever one makes the others accept. A
/// million keeps the list of missing shares that `merge` holds to a few MB.
pub const MAX_SHARES: u64 = 1_000_000;

/// How far from either end of the list a rank or an unrank walks the search instead of
/// counting branches: so few solutions cost less to walk than counting even one branch of a
/// board without a table, at every n up to [`MAX_N`]. The last ones are the mirror images of
/// the first (the mirror reverses the order).
pub const WALK_REACH: u64 = 1 << 16;

/// How far from either end of the list of `n` rank and unrank walk at once: [`WALK_REACH`]
/// up to n = 23, where the join counts whatever lies further in. Past it nothing counts in
/// bounded time, so what lies further in is refused, and the reach shrinks with n so that a
/// walk stays under about a second: the first solutions of a large board lie ever deeper in
/// its tree, and a rank far in walks in from both ends before it is refused (each step of
/// the reach as measured: bench/HISTORY.md, "The reach past n = 23").
///
/// Whether a position is in reach is [`Nth::in_reach`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/struct.Nth.html#method.in_reach): the reach
/// itself is the counter's tuning, not the API.
pub const fn walk_reach(n: usize) -> u64 {
    match n {
        0..=23 => WALK_REACH,
        24..=29 => 1 << 11,
        30 => 1 << 10,
        31 => 1 << 8,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reach_shrinks_past_the_join() {
        assert_eq!(walk_reach(23), WALK_REACH);
        assert!(walk_reach(24) < WALK_REACH);
        assert_eq!(walk_reach(32), 1);
    }
}
