//! `nqueens count`: parses the request, hands it to the library's [`Counter`] (which picks
//! the method), and prints the result, with a progress bar for long runs.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use nqueens_tables::{Counter, Progress, Stage};

use crate::{usage, Failure};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size, 1 to 32.
    #[arg(value_parser = crate::board_size, allow_negative_numbers = true)]
    n: usize,
    /// Count symmetry classes (fundamental solutions) instead of all solutions.
    #[arg(long)]
    unique: bool,
    /// Threads to count on [default: one per core].
    #[arg(short = 'j', long, value_name = "K", value_parser = crate::thread_count, allow_negative_numbers = true)]
    threads: Option<u16>,
    /// Count only share K of M (1 <= K <= M), for spreading one count over machines; the M
    /// shares sum to the total.
    #[arg(long, value_name = "K/M", value_parser = parse_part, allow_hyphen_values = true)]
    part: Option<Part>,
    /// Count only the solutions with a queen on this square, 1-based (repeatable), as
    /// `list --fixed` lists them: `--fixed 1,1`.
    #[arg(long, value_name = "ROW,COL", value_parser = crate::list::parse_square, allow_hyphen_values = true)]
    fixed: Vec<(usize, usize)>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    format: CountFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CountFormat {
    /// The number alone.
    Text,
    /// One JSON object, for merging shares: n, part (K/M), k, m, count, unique (null when
    /// the method counts no classes), method, seconds, plan and version.
    Json,
}

/// Share `k` (1-based) of `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub k: usize,
    pub m: usize,
}

/// The most shares one count can be cut into: far more than any cluster runs at once, and
/// few enough that `merge` keeps the list of them in a few MB.
pub(crate) const MAX_SHARES: usize = 1_000_000;

fn parse_part(s: &str) -> Result<Part, String> {
    let bad = || {
        format!(
            "--part takes K/M with 1 <= K <= M <= {MAX_SHARES}, such as 2/8; got {}",
            crate::input::shorten(s)
        )
    };
    let (k, m) = s.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let m: usize = m.trim().parse().map_err(|_| bad())?;
    if k == 0 || m == 0 || k > m || m > MAX_SHARES {
        return Err(bad());
    }
    Ok(Part { k, m })
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let n = args.n;
    let start = Instant::now();
    let mut counter = Counter::new(n).map_err(|e| Failure::Usage(e.to_string()))?;
    counter = counter
        .threads(args.threads.map_or(0, usize::from))
        .unique(args.unique);
    if let Some(part) = args.part {
        counter = match counter.share(part.k as u64, part.m as u64) {
            Ok(c) => c,
            Err(e) => return usage(e.to_string()),
        };
    }
    if !args.fixed.is_empty() {
        if args.unique {
            return usage(
                "--unique counts symmetry classes, which --fixed queens break: give one of them",
            );
        }
        let fixed = crate::list::zero_based(n, &args.fixed)?;
        counter = counter
            .fixed(&fixed)
            .map_err(|e| Failure::Usage(e.to_string()))?;
    }
    // The request was checked above: a count that fails now (out of memory) is not the
    // user's mistake.
    let counts = with_progress(|progress| counter.run_with_progress(progress)).map_err(|e| {
        match e {
            // Asked of the search, which cannot cut its work into shares.
            nqueens_tables::Error::NotShareable { .. } => Failure::Usage(e.to_string()),
            _ => Failure::Count(e.to_string()),
        }
    })?;
    let seconds = start.elapsed().as_secs_f64();
    match args.format {
        CountFormat::Text if args.unique => writeln!(out, "{}", counts.unique.unwrap_or(0))?,
        CountFormat::Text => writeln!(out, "{}", counts.total)?,
        CountFormat::Json => {
            let part = args.part.unwrap_or(Part { k: 1, m: 1 });
            // The plan and the version let `nqueens merge` refuse shares cut another way.
            let line = ShareLine {
                n,
                part: format!("{}/{}", part.k, part.m),
                k: part.k,
                m: part.m,
                count: counts.total,
                unique: counts.unique,
                method: counts.method.to_string(),
                seconds: (seconds * 1e6).round() / 1e6,
                plan: counts.plan().to_string(),
                version: env!("CARGO_PKG_VERSION"),
            };
            let line = serde_json::to_string(&line).map_err(std::io::Error::from)?;
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// One line of `count --format json`, the keys in this order: what `merge` reads back.
#[derive(serde::Serialize)]
struct ShareLine {
    n: usize,
    part: String,
    k: usize,
    m: usize,
    count: u64,
    unique: Option<u64>,
    method: String,
    seconds: f64,
    plan: String,
    version: &'static str,
}

/// The latest progress a counting thread reported: stage, steps done, steps in the stage.
#[derive(Default)]
struct Latest {
    stage: AtomicU64,
    done: AtomicU64,
    of: AtomicU64,
}

/// Runs `work`, which reports its progress to the callback it is given, drawing a progress
/// bar on stderr once it has run for a second, if stderr is a terminal.
pub(crate) fn with_progress<T: Send>(
    work: impl FnOnce(&(dyn Fn(Progress) + Sync)) -> T + Send,
) -> T {
    let latest = Latest::default();
    let report = |p: Progress| {
        let stage = match p.stage {
            Stage::Listing => 0,
            _ => 1,
        };
        latest.stage.store(stage, Ordering::Relaxed);
        latest.of.store(p.of, Ordering::Relaxed);
        latest.done.fetch_max(p.done, Ordering::Relaxed);
    };
    // The worker hands its result over a channel, so the wait below ends the moment the count
    // does, not at the next tick of the progress bar.
    let (send, receive) = std::sync::mpsc::channel();
    // The work and the channel in a cell of their own: if no thread can be started, the count
    // runs here, without a bar, rather than not at all.
    let job = std::sync::Mutex::new(Some((work, send)));
    let take = || job.lock().unwrap_or_else(|p| p.into_inner()).take();
    let report = &report;
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new().spawn_scoped(scope, || {
            if let Some((work, send)) = take() {
                let result = work(report);
                // The receiver outlives this thread: it waits for exactly this message.
                let _ = send.send(result);
            }
        });
        let worker = match worker {
            Ok(worker) => worker,
            Err(_) => match take() {
                Some((work, _)) => return work(report),
                None => unreachable!("a thread that never started took the work"),
            },
        };
        let start = Instant::now();
        let mut bar: Option<indicatif::ProgressBar> = None;
        let mut shown_stage = u64::MAX;
        loop {
            match receive.recv_timeout(Duration::from_millis(100)) {
                Ok(result) => {
                    if let Some(b) = bar {
                        b.finish_and_clear();
                    }
                    return result;
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    // The worker panicked: raise its panic here.
                    if let Err(panic) = worker.join() {
                        std::panic::resume_unwind(panic);
                    }
                    unreachable!("the worker ended without a result or a panic");
                }
            }
            if bar.is_none() && start.elapsed() > Duration::from_secs(1) {
                // ProgressBar::new draws to stderr and stays hidden when it is not a terminal.
                bar = Some(indicatif::ProgressBar::new(0));
            }
            if let Some(b) = &bar {
                let stage = latest.stage.load(Ordering::Relaxed);
                if stage != shown_stage {
                    // A new stage starts its own bar: its steps and its eta are its own.
                    shown_stage = stage;
                    let what = match stage {
                        0 => "columns listed",
                        // Ranking counts report thousandths of their work.
                        _ if latest.of.load(Ordering::Relaxed) == 1000 => "thousandths",
                        _ => "subproblems",
                    };
                    let template = format!(
                        "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {what}, eta {{eta}}"
                    );
                    if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
                        b.set_style(style.progress_chars("=> "));
                    }
                    b.reset_eta();
                }
                b.set_length(latest.of.load(Ordering::Relaxed));
                b.set_position(latest.done.load(Ordering::Relaxed));
            }
        }
    })
}
