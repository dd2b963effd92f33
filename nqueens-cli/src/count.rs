//! `nqueens count`: parses the request, hands it to the library's [`Counter`] (which picks
//! the method), and prints the result, with a progress bar for long runs; with
//! `--checkpoint`, share by share (module `checkpoint`).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use nqueens_tables::{Counter, Share};

use crate::engine::{Counted, Engine};

use crate::record::{check_published, fixed_list, note_unchecked, Prints, Record, MAX_SHARES};
use crate::{usage, Failure, Threads};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub(crate) board: crate::Board,
    /// Count the fundamental solutions (one per symmetry class) instead of all solutions.
    #[arg(long)]
    pub(crate) fundamental: bool,
    #[command(flatten)]
    pub(crate) threads: Threads,
    /// Count only share K of M (1 <= K <= M), for spreading one count over machines; the M
    /// shares sum to the total (`merge` adds them up).
    #[arg(long, value_name = "K/M", value_parser = parse_share, allow_hyphen_values = true)]
    pub(crate) share: Option<Share>,
    /// Count only the solutions with a queen on this square, 1-based (repeatable), as
    /// `list --fixed` lists them: `--fixed 1,1`.
    #[arg(long, value_name = "ROW,COL", value_parser = crate::square::parse_square, allow_hyphen_values = true)]
    pub(crate) fixed: Vec<(usize, usize)>,
    /// Keep each finished share in FILE (appended, flushed to disk) and, run again, resume
    /// from it: a stop, a kill or a crash loses only the shares under way.
    #[arg(long, value_name = "FILE", conflicts_with = "share")]
    pub(crate) checkpoint: Option<PathBuf>,
    /// Count on the GPU (a build with the feature `gpu`): every solution, through wgpu on
    /// Vulkan, Metal or DX12; `nqueens gpu` lists the adapters it can use.
    #[arg(long)]
    pub(crate) gpu: bool,
    /// With --gpu: the longest one dispatch may run before the count stops with an error (a
    /// hung driver), in seconds [default: 600].
    #[arg(long, value_name = "SECONDS", requires = "gpu", value_parser = gpu_timeout)]
    pub(crate) gpu_timeout: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    pub(crate) format: CountFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CountFormat {
    /// The number alone.
    Text,
    /// One share record, for `merge`: n, share (K/M), k, m, count, fundamental (null when the
    /// method counts no classes), prints ("fundamental" with --fundamental: what merge then
    /// prints), fixed (the queens fixed, ROW,COL), method, seconds, plan and version; a whole
    /// count also says whether its total was checked against the published count (checked:
    /// true, or false where none is published, with a note on stderr).
    Json,
}

/// The GPU's watchdog, in seconds: 1 up to a week.
fn gpu_timeout(s: &str) -> Result<u64, String> {
    crate::whole_number(s, 1, 7 * 86_400, "--gpu-timeout (seconds)")
}

fn parse_share(s: &str) -> Result<Share, String> {
    let bad = || {
        format!(
            "--share takes K/M with 1 <= K <= M <= {MAX_SHARES}, such as 2/8; got {}",
            crate::input::shorten(s)
        )
    };
    let (k, m) = s.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let m: u64 = m.trim().parse().map_err(|_| bad())?;
    if k == 0 || m == 0 || k > m || m > MAX_SHARES {
        return Err(bad());
    }
    Share::new(k, m).map_err(|_| bad())
}

impl Args {
    /// The count asked for, checked: every mistake in the request is found here, before any
    /// counting.
    pub(crate) fn counter(&self) -> Result<Counter, Failure> {
        let mut counter = Counter::new(self.board.n)?
            .threads(self.threads.get())
            .fundamental(self.fundamental);
        if let Some(share) = self.share {
            counter = counter.share(share);
        }
        if !self.fixed.is_empty() {
            if self.fundamental {
                return usage(
                    "--fundamental counts symmetry classes, which --fixed queens break: give one of them",
                );
            }
            let fixed = crate::square::zero_based(self.board.n, &self.fixed)?;
            counter = counter.fixed(&fixed)?;
        }
        Ok(counter)
    }

    /// The counter this count asks for, checked before any counting: `--gpu` counts every
    /// solution, neither classes nor with queens fixed.
    pub(crate) fn engine(&self) -> Result<Engine, Failure> {
        if !self.gpu {
            return self.counter().map(Engine::Cpu);
        }
        if self.fundamental {
            return usage("--gpu counts every solution, not symmetry classes: leave out --fundamental or --gpu");
        }
        if !self.fixed.is_empty() {
            return usage(
                "--gpu counts whole boards, not with queens fixed: leave out --fixed or --gpu",
            );
        }
        if !cfg!(feature = "gpu") {
            return usage(
                "this nqueens was built without the GPU counter: build it with `cargo build \
                 --release -p nqueens-tables-cli --features gpu`, or count without --gpu",
            );
        }
        let mut counter = nqueens_tables_gpu::GpuCounter::new(self.board.n)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        if let Some(seconds) = self.gpu_timeout {
            counter = counter.patience(std::time::Duration::from_secs(seconds));
        }
        Ok(Engine::Gpu(match self.share {
            Some(share) => counter.share(share),
            None => counter,
        }))
    }

    /// The record of `counted`, `share` of this count, counted in `seconds` by the plan
    /// `plan` (`counted.plan()`, which a caller with many shares of one plan has made once:
    /// past 20 it lists every outer choice of the join).
    pub(crate) fn record(
        &self,
        counted: &Counted,
        share: Share,
        seconds: f64,
        plan: String,
    ) -> Record {
        Record {
            n: self.board.n as u64,
            share: Some(share.to_string()),
            k: share.k(),
            m: share.m(),
            count: counted.total(),
            fundamental: counted.fundamental(),
            prints: self.prints(),
            fixed: fixed_list(&self.fixed),
            method: Some(counted.method()),
            seconds: (seconds * 1e6).round() / 1e6,
            plan,
            version: env!("CARGO_PKG_VERSION").to_string(),
            checked: None,
        }
    }

    /// What this count is, as its first status line says it: `counting n = 19, share 3/8,
    /// on 2 threads`, with `cut` (the share, or the shares) after the board.
    pub(crate) fn what(&self, cut: &str) -> String {
        let what = match (self.fundamental, self.fixed.len()) {
            (true, _) => "the fundamental solutions of ",
            (false, 0) => "",
            (false, 1) => "with 1 queen fixed, ",
            (false, _) => "with queens fixed, ",
        };
        let on = match self.gpu {
            true => "the GPU".to_string(),
            false => self.threads.shown(),
        };
        format!("counting {what}n = {}{cut} on {on}", self.board.n)
    }

    /// What the count prints, where it is not the total (its records say so).
    pub(crate) fn prints(&self) -> Option<Prints> {
        self.fundamental.then_some(Prints::Fundamental)
    }

    /// Prints the result: the number, or the record.
    pub(crate) fn print(&self, out: &mut dyn Write, record: &Record) -> Result<(), Failure> {
        match self.format {
            CountFormat::Text if self.fundamental => {
                writeln!(out, "{}", record.fundamental.unwrap_or(0))?
            }
            CountFormat::Text => writeln!(out, "{}", record.count)?,
            CountFormat::Json => writeln!(out, "{}", record.to_line())?,
        }
        Ok(())
    }
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let engine = args.engine()?;
    let start = Instant::now();
    let stop = crate::signals::Stop::watch();
    let counted = crate::progress::with_progress(
        &args.what(&match args.share {
            Some(share) => format!(", share {share}"),
            None => String::new(),
        }),
        |report| engine.run(report),
        &|| {
            stop.signalled().map(|(what, status)| {
                let line = format!(
                    "{what}: nothing of this count is kept; `count --checkpoint FILE` keeps \
                     each finished share and resumes from it when run again"
                );
                (line, status)
            })
        },
    )?;
    let share = args.share.unwrap_or(Share::WHOLE);
    // Only a record shows the plan, and finding it lists a large count's outer choices.
    let plan = match args.format {
        CountFormat::Json => counted.plan(args.board.n),
        CountFormat::Text => String::new(),
    };
    let mut record = args.record(&counted, share, start.elapsed().as_secs_f64(), plan);
    if share.is_whole() {
        let (total, classes) = (
            counted.total().into(),
            counted.fundamental().map(u128::from),
        );
        let checked = check_published(record.n, &record.fixed, total, classes);
        record.checked = Some(checked.map_err(Failure::Count)?);
        note_unchecked(&record);
    }
    args.print(out, &record)
}
