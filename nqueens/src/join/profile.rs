//! Counters of the join's work, compiled only into a profiling build
//! (`RUSTFLAGS="--cfg nqueens_profile"`, as `bench/profile.sh` builds it): there the pieces of
//! the join's loop are kept out of line, so that a sampling profiler can tell them apart.

use core::sync::atomic::AtomicU64;

/// Key pairs compared one by one (after the splits on key bits).
pub static PAIRS: AtomicU64 = AtomicU64::new(0);
