//! Counting the solutions of the N-Queens puzzle on a GPU: one WGSL compute kernel, run
//! through wgpu on Vulkan, Metal or DX12, so on NVIDIA, AMD, Intel and Apple GPUs alike, and
//! on a software Vulkan (Mesa's lavapipe) where there is no GPU.
//!
//! The host places the first rows of every solution (the prefixes; the first queen in the
//! left half of the board, its mirror image counted by a weight), and each GPU invocation
//! completes prefixes by an iterative bitmask search, a few from all over the list. A count is cut into shares (`share` k of m: a run of the prefixes)
//! that add up across machines, as the CPU counter's do, under a plan of their own
//! ([`plan`]): a GPU share is never added up with a CPU share.
//!
//! ```no_run
//! # #[cfg(feature = "device")] {
//! use nqueens_tables_gpu::GpuCounter;
//! let c = GpuCounter::new(15).unwrap().run().unwrap();
//! assert_eq!(c.total, 2_279_184);
//! println!("counted on {}", c.adapter);
//! # }
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "device")]
mod device;
mod prefix;

use std::time::Duration;

#[cfg(feature = "device")]
pub use device::{adapters, Adapter};
pub use nqueens_tables::Share;
pub use prefix::{is_plan, plan};

/// Why a GPU count did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GpuError {
    /// No adapter: no Vulkan, Metal or DX12 driver sees a device.
    NoAdapter,
    /// The board size is not one of 1 to 32.
    BoardSize(usize),
    /// The device ran out of memory.
    OutOfMemory,
    /// A dispatch took longer than the watchdog allows ([`GpuCounter::patience`]).
    Timeout {
        /// The watchdog's limit.
        seconds: u64,
    },
    /// The device was lost (a driver reset, a GPU taken away), with the driver's reason.
    Lost(String),
    /// The device refused something else, with its message.
    Device(String),
}

impl core::fmt::Display for GpuError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            GpuError::NoAdapter => f.write_str(
                "no GPU adapter found: install a Vulkan (or Metal/DX12) driver, or count \
                 without --gpu",
            ),
            GpuError::BoardSize(n) => {
                write!(f, "board size {n} is not in 1..={}", nqueens_tables::MAX_N)
            }
            GpuError::OutOfMemory => f.write_str("the GPU ran out of memory"),
            GpuError::Timeout { seconds } => write!(
                f,
                "a GPU dispatch took more than {seconds} s (the watchdog's limit): the driver \
                 may have hung"
            ),
            GpuError::Lost(why) => write!(f, "the GPU device was lost: {why}"),
            GpuError::Device(why) => write!(f, "the GPU refused the work: {why}"),
        }
    }
}

impl std::error::Error for GpuError {}

/// The result of a GPU count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GpuCounts {
    /// Solutions counted (OEIS A000170 for a whole board).
    pub total: u64,
    /// The adapter that counted, by name.
    pub adapter: String,
}

/// Where a GPU count has got to: `done` of `of` prefixes completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GpuProgress {
    /// Prefixes completed.
    pub done: u64,
    /// Prefixes in the count (its share).
    pub of: u64,
}

/// How long one dispatch may run before the watchdog gives up on it, by default: a
/// dispatch is at most a sixteenth of a share, and a whole n = 22 takes minutes on one
/// large GPU.
pub const DEFAULT_PATIENCE: Duration = Duration::from_secs(600);

/// A count to run on the GPU, a builder shaped as the library's `Counter`: every solution of
/// `n`, all of it or one share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuCounter {
    n: usize,
    share: Share,
    patience: Duration,
}

impl GpuCounter {
    /// A count of every solution of `n`; [`GpuError::BoardSize`] unless `n` is in
    /// `1..=32`. Opens no device: that waits for [`GpuCounter::run`].
    pub fn new(n: usize) -> Result<GpuCounter, GpuError> {
        if !(1..=nqueens_tables::MAX_N).contains(&n) {
            return Err(GpuError::BoardSize(n));
        }
        Ok(GpuCounter {
            n,
            share: Share::WHOLE,
            patience: DEFAULT_PATIENCE,
        })
    }

    /// Counts only `share`, k of m: the m shares of one n never overlap and add up to the
    /// total, on any GPU.
    pub fn share(mut self, share: Share) -> GpuCounter {
        self.share = share;
        self
    }

    /// How long one dispatch may run before the count gives up with [`GpuError::Timeout`]
    /// (default [`DEFAULT_PATIENCE`]).
    pub fn patience(mut self, patience: Duration) -> GpuCounter {
        self.patience = patience;
        self
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The plan its shares are cut by (see [`plan`]).
    pub fn plan(&self) -> String {
        plan(self.n).unwrap_or_default()
    }
}

#[cfg(feature = "device")]
impl GpuCounter {
    /// Runs the count on the GPU wgpu picks for high performance.
    pub fn run(&self) -> Result<GpuCounts, GpuError> {
        self.run_with_progress(|_| {})
    }

    /// [`GpuCounter::run`], calling `progress` after each dispatch.
    pub fn run_with_progress(&self, progress: impl Fn(GpuProgress)) -> Result<GpuCounts, GpuError> {
        let gpu = device::Gpu::open()?;
        let total = self.count_on(&gpu, &self.cut()?, self.share, &progress)?;
        Ok(GpuCounts {
            total,
            adapter: gpu.name,
        })
    }

    /// Runs the shares `k` of `m` for which `skip(share)` is false, one after another on one
    /// device, handing each to `finished(share, counts)` as soon as it is counted (which
    /// returns `Break` to stop), as the library's `Counter::run_shares` does. Whether every
    /// share not skipped was run.
    pub fn run_shares(
        &self,
        m: u64,
        skip: impl Fn(Share) -> bool,
        mut finished: impl FnMut(Share, GpuCounts) -> core::ops::ControlFlow<()>,
        progress: impl Fn(GpuProgress),
    ) -> Result<bool, GpuError> {
        let gpu = device::Gpu::open()?;
        // The cut enumerates the prefixes: made once for every share.
        let cut = self.cut()?;
        for k in 1..=m {
            let share = Share::new(k, m).map_err(|e| GpuError::Device(e.to_string()))?;
            if skip(share) {
                continue;
            }
            let total = self.count_on(&gpu, &cut, share, &progress)?;
            let counts = GpuCounts {
                total,
                adapter: gpu.name.clone(),
            };
            if finished(share, counts).is_break() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// How this count is cut into prefixes.
    fn cut(&self) -> Result<prefix::Cut, GpuError> {
        prefix::Cut::of(self.n).map_err(|_| GpuError::BoardSize(self.n))
    }

    /// `share` of `cut` counted on `gpu`.
    fn count_on(
        &self,
        gpu: &device::Gpu,
        cut: &prefix::Cut,
        share: Share,
        progress: &dyn Fn(GpuProgress),
    ) -> Result<u64, GpuError> {
        let (_, prefixes) = cut.share(share);
        let of = prefixes.len() as u64;
        progress(GpuProgress { done: 0, of });
        gpu.count(cut, &prefixes, self.patience, &mut |done| {
            progress(GpuProgress { done, of })
        })
    }
}
