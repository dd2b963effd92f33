//! What counts a `count`: the library's [`Counter`] on the CPU, or, with `--gpu`, the GPU
//! counter of `nqueens-tables-gpu` (feature `gpu`). One face for both, so that `count`,
//! `--share`, `--checkpoint` and the records they write treat them alike; each names its own
//! method and plan, so that their shares are never added up together.

use std::ops::ControlFlow;

#[cfg(feature = "gpu")]
use nqueens_tables::Stage;
use nqueens_tables::{Counter, Counts, Method, Share};

use crate::progress::Step;
use crate::record::GPU;
use crate::Failure;

/// The counter of a count.
pub(crate) enum Engine {
    Cpu(Counter),
    Gpu(nqueens_tables_gpu::GpuCounter),
}

/// What a count or a share of it counted.
// Without the feature `gpu` nothing counts on the GPU.
#[cfg_attr(not(feature = "gpu"), allow(dead_code))]
pub(crate) enum Counted {
    Cpu(Counts),
    Gpu { total: u64 },
}

impl Counted {
    pub(crate) fn total(&self) -> u64 {
        match self {
            Counted::Cpu(c) => c.total,
            Counted::Gpu { total } => *total,
        }
    }

    /// The fundamental solutions among them, where the method counts classes.
    pub(crate) fn fundamental(&self) -> Option<u64> {
        match self {
            Counted::Cpu(c) => c.fundamental,
            Counted::Gpu { .. } => None,
        }
    }

    /// The method, as a record names it.
    pub(crate) fn method(&self) -> String {
        match self {
            Counted::Cpu(c) => c.method.to_string(),
            Counted::Gpu { .. } => GPU.to_string(),
        }
    }

    /// The plan of the method that counted, for a whole count's record (past 20 the CPU's
    /// lists every outer choice of the join: asked for only where a record is written).
    pub(crate) fn plan(&self, n: usize) -> String {
        match self {
            Counted::Cpu(c) => c.plan().to_string(),
            Counted::Gpu { .. } => nqueens_tables_gpu::plan(n).unwrap_or_default(),
        }
    }
}

/// Up to this size a whole count on the GPU takes seconds even on a software adapter: a
/// checkpoint cuts it into no shares.
const GPU_SMALL_N: usize = 16;

/// The shares a checkpointed GPU count is cut into past [`GPU_SMALL_N`]: a stop loses at
/// most about a 64th of the work, as on the CPU.
const GPU_SHARES: u64 = 64;

impl Engine {
    /// How many shares a checkpoint cuts this count into.
    pub(crate) fn suggested_shares(&self) -> u64 {
        match self {
            Engine::Cpu(c) => c.suggested_shares(),
            Engine::Gpu(g) if g.n() <= GPU_SMALL_N => 1,
            Engine::Gpu(_) => GPU_SHARES,
        }
    }

    /// The plan of this count's shares, of `m` of them (a whole count's is its method's,
    /// named by the record it writes: empty here).
    pub(crate) fn shares_plan(&self, m: u64) -> String {
        match (self, m) {
            (Engine::Gpu(g), _) => g.plan(),
            (Engine::Cpu(_), 1) => String::new(),
            (Engine::Cpu(c), _) => c.plan().to_string(),
        }
    }

    /// Whether the shares of `m` count classes (their records' `fundamental` is a number).
    pub(crate) fn counts_classes(&self, m: u64) -> Result<bool, Failure> {
        match self {
            Engine::Cpu(c) => {
                let share = c.share(Share::new(1, m)?);
                Ok(share.planned_method() == Method::EightFold)
            }
            Engine::Gpu(_) => Ok(false),
        }
    }

    /// Runs the count (its share, if one was asked for), reporting to `report`.
    pub(crate) fn run(&self, report: &(dyn Fn(Step) + Sync)) -> Result<Counted, Failure> {
        match self {
            Engine::Cpu(c) => Ok(Counted::Cpu(c.run_with_progress(|p| report(p.into()))?)),
            Engine::Gpu(g) => gpu::run(g, report),
        }
    }

    /// Runs the shares `k` of `m` not `skip`ped, in order, handing each to `finished` (which
    /// may stop the run); `inner(done, of)` as a share goes. Whether every share was run.
    pub(crate) fn run_shares(
        &self,
        m: u64,
        skip: &dyn Fn(Share) -> bool,
        finished: &mut dyn FnMut(Share, Counted) -> ControlFlow<()>,
        inner: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<bool, Failure> {
        match self {
            Engine::Cpu(c) => Ok(c.run_shares(
                m,
                skip,
                |share, counts| finished(share, Counted::Cpu(counts)),
                |p| inner(p.done, p.of),
            )?),
            Engine::Gpu(g) => gpu::run_shares(g, m, skip, finished, inner),
        }
    }
}

/// The GPU's side, where the command has it.
#[cfg(feature = "gpu")]
mod gpu {
    use super::*;
    use nqueens_tables_gpu::{GpuCounter, GpuError};

    /// A GPU failure as the command reports it: no adapter is the user's to fix (exit 2),
    /// the rest a count that failed (exit 1).
    pub(crate) fn failure(e: GpuError) -> Failure {
        match e {
            GpuError::NoAdapter | GpuError::BoardSize(_) => Failure::Usage(e.to_string()),
            other => Failure::Count(other.to_string()),
        }
    }

    fn step(done: u64, of: u64) -> Step {
        Step {
            stage: Stage::Counting,
            done,
            of,
            unit: "prefixes",
            per: 1,
        }
    }

    pub(super) fn run(g: &GpuCounter, report: &(dyn Fn(Step) + Sync)) -> Result<Counted, Failure> {
        let counts = g
            .run_with_progress(|p| report(step(p.done, p.of)))
            .map_err(failure)?;
        Ok(Counted::Gpu {
            total: counts.total,
        })
    }

    pub(super) fn run_shares(
        g: &GpuCounter,
        m: u64,
        skip: &dyn Fn(Share) -> bool,
        finished: &mut dyn FnMut(Share, Counted) -> ControlFlow<()>,
        inner: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<bool, Failure> {
        g.run_shares(
            m,
            skip,
            |share, c| finished(share, Counted::Gpu { total: c.total }),
            |p| inner(p.done, p.of),
        )
        .map_err(failure)
    }

    /// `nqueens gpu`: the adapters wgpu finds, a line each, or why none (exit 2).
    pub(crate) fn list(out: &mut dyn std::io::Write) -> Result<(), Failure> {
        let found = nqueens_tables_gpu::adapters();
        if found.is_empty() {
            return Err(failure(GpuError::NoAdapter));
        }
        for a in found {
            let kind = match a.software {
                true => "software: runs on the CPU",
                false => "hardware",
            };
            writeln!(out, "{} ({}, {}, {kind})", a.name, a.backend, a.device_type)?;
        }
        Ok(())
    }
}

/// Without the feature `gpu`, [`Engine::of`] makes no GPU counter: these are never reached.
#[cfg(not(feature = "gpu"))]
mod gpu {
    use super::*;

    fn unbuilt() -> Failure {
        Failure::Usage("this nqueens was built without the GPU counter (feature gpu)".into())
    }

    pub(super) fn run(
        _: &nqueens_tables_gpu::GpuCounter,
        _: &(dyn Fn(Step) + Sync),
    ) -> Result<Counted, Failure> {
        Err(unbuilt())
    }

    pub(super) fn run_shares(
        _: &nqueens_tables_gpu::GpuCounter,
        _: u64,
        _: &dyn Fn(Share) -> bool,
        _: &mut dyn FnMut(Share, Counted) -> ControlFlow<()>,
        _: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<bool, Failure> {
        Err(unbuilt())
    }

    /// `nqueens gpu` in a build without it.
    pub(crate) fn list(_: &mut dyn std::io::Write) -> Result<(), Failure> {
        Err(Failure::Usage(
            "this nqueens was built without the GPU counter: build it with `cargo build \
             --release -p nqueens-tables-cli --features gpu`"
                .into(),
        ))
    }
}

pub(crate) use gpu::list as list_adapters;
