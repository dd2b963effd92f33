//! What the counting methods cost, measured, for the front door to choose between them where
//! more than one can answer: a whole count with queens fixed, by the join or by the search.

/// Whether the search lists the solutions of `n` with `queens` queens fixed (leaving the
/// columns `allowed` to each row) in less time than the join counts them: the search costs
/// about `SEARCH_SECONDS_PER_SOLUTION` for each of the solutions it is expected to find (a
/// queen fixed keeps about one solution in `n`), the join its plain count's time
/// (`JOIN_SECONDS_PER_SOLUTION` a solution) in the share of its work that the queens fixed
/// leave (the join's own estimate, at least `JOIN_LEAST_SHARE`, without the orbits a plain
/// count folds: `ORBITS` times more). Where no count of `n` is known, the join.
pub fn search_is_cheaper(n: usize, queens: usize, allowed: &[u32]) -> bool {
    let Some(total) = crate::known::known_count(n) else {
        return false;
    };
    let total = total as f64;
    let listed = total * powi(n as f64, -(queens as i32)) * SEARCH_SECONDS_PER_SOLUTION;
    let Some(share) = crate::fixed_share_of_work(n, allowed) else {
        return true;
    };
    let counted = total * JOIN_SECONDS_PER_SOLUTION * ORBITS * share.max(JOIN_LEAST_SHARE);
    listed < counted
}

/// The search's time per solution with queens fixed: the largest measured (n = 23 with five
/// queens, BENCHMARKS.md), so that the join keeps the counts it wins.
const SEARCH_SECONDS_PER_SOLUTION: f64 = 5e-6;

/// The join's time per solution of a plain count, one thread: the larger of n = 18's and
/// n = 21's (BENCHMARKS.md).
const JOIN_SECONDS_PER_SOLUTION: f64 = 27e-9;

/// The least share of a plain count's work (without orbits) that a count with queens fixed
/// costs the join, however few solutions they leave: each outer choice still lists its half
/// boards. Fitted to counts with three queens fixed at n = 20 and five at n = 23, where the
/// join's own estimate said less (BENCHMARKS.md).
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
