//! What the counting methods cost, measured, for the front door to choose between them where
//! more than one can answer: a whole count with queens fixed, by the join or by the search.

use crate::join;

/// Whether the search lists the solutions of `n` with `queens` queens fixed (leaving the
/// columns `allowed` to each row) in less time than the join counts them: the search costs
/// about [`SEARCH_SECONDS_PER_SOLUTION`] for each of the solutions it is expected to find (a
/// queen fixed keeps about one solution in `n`), the join its plain count's time
/// ([`JOIN_SECONDS_PER_SOLUTION`] a solution) in the share of its work that the queens fixed
/// leave (the join's own estimate, at least [`JOIN_LEAST_SHARE`], without the orbits a plain
/// count folds: [`ORBITS`] times more). Where no count of `n` is known, the join.
pub(crate) fn search_is_cheaper(n: usize, queens: usize, allowed: &[u32]) -> bool {
    let Some(total) = crate::known::known_count(n) else {
        return false;
    };
    let total = total as f64;
    let listed = total * powi(n as f64, -(queens as i32)) * SEARCH_SECONDS_PER_SOLUTION;
    let Some(share) = join::fixed_share_of_work(n, allowed) else {
        return true;
    };
    let counted = total * JOIN_SECONDS_PER_SOLUTION * ORBITS * share.max(JOIN_LEAST_SHARE);
    listed < counted
}

/// The search's time per solution with queens fixed, measured on one thread (release,
/// `list N --fixed ... | wc -l`, which also prints them): n = 18 with two queens 0.5 us,
/// n = 20 with three 0.8 us, n = 23 with five 5 us (the fewer solutions a queen fixed low on
/// the board leaves, the more dead ends per solution). The largest, so that the join keeps
/// the counts it wins.
const SEARCH_SECONDS_PER_SOLUTION: f64 = 5e-6;

/// The join's time per solution of a plain count, one thread: n = 18, 17.7 s for
/// 666,090,624 (27 ns); n = 21, 6,046 s for 314,666,222,712 (19 ns).
const JOIN_SECONDS_PER_SOLUTION: f64 = 27e-9;

/// The least share of a plain count's work (without orbits) that a count with queens fixed
/// costs the join, however few solutions they leave: each outer choice still lists its half
/// boards. Measured, one thread: n = 23 with five queens fixed took 450 s, 1.7e-4 of
/// (180 core-hours x 4); n = 20 with three 2.5 s, 5.8e-4 of its (441 x 2 s x 4), where the
/// join's own estimate said 7.8e-5.
const JOIN_LEAST_SHARE: f64 = 2e-4;

/// A plain count's orbits: the join with queens fixed does every outer choice, a plain
/// count one per orbit of the mirror and the flip.
const ORBITS: f64 = 4.0;

/// `x` to the power `k` (small `k`), without the standard library.
fn powi(x: f64, k: i32) -> f64 {
    let mut out = 1.0;
    for _ in 0..k.unsigned_abs() {
        out *= x;
    }
    if k < 0 {
        1.0 / out
    } else {
        out
    }
}
