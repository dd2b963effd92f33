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
