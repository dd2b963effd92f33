//! The tree walk behind rank and unrank: a solution's position in the lexicographic list,
//! and the solution at a position, by binary search where a table is compiled in, otherwise
//! by walking the search tree and counting the subtrees that come before. It needs no heap,
//! so it serves every build; module `rank`, the public front door, counts the first rows by
//! the join instead where that is quicker.

use crate::placement::is_solution;

use crate::board::{MAX_N, WALK_REACH};
use crate::placement::Placement;
use crate::search::Search;

/// The number of solutions that start with `prefix` (rows 0..prefix.len() fixed), counting no
/// further than `cap`: `nth` only needs to know whether a branch holds more than it skips.
fn completions(n: usize, prefix: &[u8], cap: u64) -> u64 {
    if prefix.iter().any(|&c| usize::from(c) >= n) {
        return 0;
    }
    let mut search = Search::with_prefix(n, prefix);
    let mut count = 0;
    while count < cap && search.next_solution().is_some() {
        count += 1;
    }
    count
}

/// The rank of `sol` (see [`rank`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/fn.rank.html)), or `None` if it is not a solution: a binary
/// search when the table is compiled in; otherwise the solutions of every smaller branch,
/// walked (about one full count of n, so seconds at n = 16).
pub fn rank(sol: &[u8]) -> Option<u64> {
    if !is_solution(sol) {
        return None;
    }
    let n = sol.len();
    if let Some(t) = crate::table::table(n) {
        return t.index_of(sol).map(|i| i as u64);
    }
    if let Some(t) = crate::packed::packed_table(n) {
        return t.index_of(sol).map(|i| i as u64);
    }
    rank_below(sol, 0, u64::MAX)
}

/// Whether a table of `n` is compiled in, plain or packed: then rank and unrank look up.
pub fn has_table(n: usize) -> bool {
    crate::table::table(n).is_some() || crate::packed::packed_table(n).is_some()
}

/// The solutions before the solution `sol` (checked) that share its first `rows` rows,
/// walked row by row from row `rows`: each branch to the left is counted up to what is left
/// of `cap`, and `None` as soon as they reach it (`u64::MAX`: no cap).
pub fn rank_below(sol: &[u8], rows: usize, cap: u64) -> Option<u64> {
    let n = sol.len();
    let mut rank = 0u64;
    let mut prefix = [0u8; MAX_N];
    prefix[..n].copy_from_slice(sol);
    for r in rows..n {
        for c in 0..sol[r] {
            prefix[r] = c;
            rank += completions(n, &prefix[..=r], cap - rank);
            if rank >= cap {
                return None;
            }
        }
        prefix[r] = sol[r];
    }
    Some(rank)
}

/// The solutions that start with the rows `prefix` and whose next row takes a column of
/// `row` (a mask), counted by walking up to `cap`: `None` where they reach it.
#[cfg(feature = "std")]
pub fn count_below_cap(n: usize, prefix: &[u8], row: u32, cap: u64) -> Option<u64> {
    let mut placed = [0u8; MAX_N];
    let r = prefix.len();
    placed[..r].copy_from_slice(prefix);
    let mut count = 0u64;
    for c in (0..n as u8).filter(|&c| row >> c & 1 == 1) {
        placed[r] = c;
        count += completions(n, &placed[..=r], cap - count);
        if count >= cap {
            return None;
        }
    }
    Some(count)
}

/// How many ways the first `rows` rows of an `n` board take a queen each with none
/// attacking another: the prefixes of that length (n = 17, three rows: 2,786). A walk of
/// the tree to that depth, so meant for a few rows.
#[cfg(feature = "std")]
pub fn prefixes(n: usize, rows: usize) -> u64 {
    fn below(all: u32, rows: usize, (cols, left, right): (u32, u32, u32)) -> u64 {
        if rows == 0 {
            return 1;
        }
        let mut free = all & !(cols | left | right);
        let mut ways = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let next = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            ways += below(all, rows - 1, next);
        }
        ways
    }
    if n > MAX_N || rows > n {
        return 0;
    }
    below(crate::board::full_mask(n), rows, (0, 0, 0))
}

/// Solution `i` (0-based) of `n` (see [`nth`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/fn.nth.html)): a table lookup when a table (plain or
/// packed) is compiled in; otherwise a descent that counts each branch's solutions to skip whole
/// branches, and stops counting a branch once it holds solution `i`: the first solutions of
/// a large board come at once, the last ones cost a full count.
pub fn nth(n: usize, i: u64) -> Option<Placement> {
    let n = crate::error::valid_n(n)?;
    if let Some(t) = crate::table::table(n) {
        return t.get(usize::try_from(i).ok()?).map(Placement::copy_of);
    }
    if let Some(t) = crate::packed::packed_table(n) {
        return t.get(usize::try_from(i).ok()?);
    }
    // Past the published count there is nothing to find: no need to count the board.
    if crate::known::known_count(n).is_some_and(|total| i >= total) {
        return None;
    }
    // The first solutions are quickest to walk to: one search reaches them, where the
    // descent below would run a search per row to count each branch's first solutions.
    if i < WALK_REACH {
        let mut search = Search::new(n)?;
        for _ in 0..i {
            search.next_solution()?;
        }
        return search.next_solution().map(Placement::copy_of);
    }
    nth_below(n, &[], i)
}

/// Solution `left` (0-based) of those of `n` that start with the rows `prefix`, walked.
pub fn nth_below(n: usize, prefix: &[u8], left: u64) -> Option<Placement> {
    let mut left = left;
    let from = prefix.len();
    let mut placed = [0u8; MAX_N];
    placed[..from].copy_from_slice(prefix);
    let prefix = &mut placed;
    'rows: for r in from..n {
        for c in 0..n as u8 {
            prefix[r] = c;
            // A prefix whose queens attack each other has no completions: it counts 0.
            let below = completions(n, &prefix[..=r], left.saturating_add(1));
            if left < below {
                continue 'rows;
            }
            left -= below;
        }
        return None;
    }
    Some(Placement::copy_of(&prefix[..n]))
}

#[cfg(all(test, feature = "packed-8", not(feature = "table-8")))]
mod packed_tests {
    /// With only the packed table of 8 compiled in, rank and unrank look it up, and agree
    /// with the search solution by solution.
    #[test]
    fn rank_and_nth_read_the_packed_table() {
        assert!(super::has_table(8));
        let mut search = crate::Search::new(8).unwrap();
        let mut i = 0u64;
        while let Some(sol) = search.next_solution() {
            assert_eq!(super::nth(8, i).as_deref(), Some(sol));
            assert_eq!(super::rank(sol), Some(i));
            i += 1;
        }
        assert_eq!(super::nth(8, i), None);
    }
}
