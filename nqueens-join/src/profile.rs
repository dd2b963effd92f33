//! Counters of the join's work, compiled only into a profiling build
//! (`RUSTFLAGS="--cfg nqueens_profile"`, as `bench/profile.sh` builds it): there the pieces of
//! the join's loop are kept out of line, so that a sampling profiler can tell them apart.

use core::sync::atomic::AtomicU64;

/// Key pairs compared one by one (after the splits on key bits).
pub static PAIRS: AtomicU64 = AtomicU64::new(0);

/// Bottom half boards read by the join's middle step, one per board a pair of middle queens.
pub static BOTTOMS: AtomicU64 = AtomicU64::new(0);
/// Top keys filtered by the join's middle step, one per top a middle order.
pub static TOPS: AtomicU64 = AtomicU64::new(0);
/// Half boards listed (each listing walks them twice: counted, then stored).
pub static LISTED: AtomicU64 = AtomicU64::new(0);
/// Lists made.
pub static LISTS: AtomicU64 = AtomicU64::new(0);

/// By the number of key bits that tops and bottoms of one group both use (`k`, 0 to 32):
/// the key pairs of such groups, at the join's groups (before the splits on key bits) and at
/// the pairs loop (after them). A group of `k` such bits could be counted in aggregate, by a
/// sum over the subsets of those bits, in about `k * 2^k + tops + bottoms` steps.
pub static GROUP_PAIRS: [AtomicU64; 33] = [const { AtomicU64::new(0) }; 33];
/// The groups behind [`GROUP_PAIRS`].
pub static GROUPS: [AtomicU64; 33] = [const { AtomicU64::new(0) }; 33];
/// [`GROUP_PAIRS`] at the pairs loop, after the splits.
pub static LEAF_PAIRS: [AtomicU64; 33] = [const { AtomicU64::new(0) }; 33];
/// The steps an aggregate count would take where it takes fewer than the pairs loop (which
/// tests 16 pairs a step), summed with the pairs loop's steps elsewhere: at the groups, and
/// at the pairs loop.
pub static BEST_STEPS: [AtomicU64; 2] = [const { AtomicU64::new(0) }; 2];
/// The pairs loop's steps alone (pairs / 16), for comparison with [`BEST_STEPS`].
pub static LOOP_STEPS: [AtomicU64; 2] = [const { AtomicU64::new(0) }; 2];

/// Adds a group of `top` and `bottom` keys to the tallies; `at` is 0 for the join's groups,
/// 1 for the pairs loop's.
pub(crate) fn tally(top: &[u32], bottom: &[u32], at: usize) {
    use core::sync::atomic::Ordering::Relaxed;
    let or = |keys: &[u32]| keys.iter().fold(0u32, |a, &k| a | k);
    let k = (or(top) & or(bottom)).count_ones() as usize;
    let pairs = (top.len() * bottom.len()) as u64;
    let by_k = if at == 0 { &GROUP_PAIRS } else { &LEAF_PAIRS };
    by_k[k].fetch_add(pairs, Relaxed);
    if at == 0 {
        GROUPS[k].fetch_add(1, Relaxed);
    }
    let looped = pairs.div_ceil(16);
    let aggregate = (k as u64 * (1u64 << k)).saturating_add((top.len() + bottom.len()) as u64);
    LOOP_STEPS[at].fetch_add(looped, Relaxed);
    BEST_STEPS[at].fetch_add(looped.min(aggregate), Relaxed);
}
