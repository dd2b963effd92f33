//! `nqueens count`: a table's length when one is compiled in, otherwise the half-board join
//! (up to n = 18) or the 8-fold counter (every n, symmetry classes, `--part K/M` shares for
//! clusters), on every core, with a progress bar for long runs.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use nqueens::{Counts, Task};

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
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Count only share K of M (1 <= K <= M), for spreading one count over machines; the M
    /// shares sum to the total.
    #[arg(long, value_name = "K/M", value_parser = parse_part)]
    part: Option<Part>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CountFormat::Text)]
    format: CountFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CountFormat {
    /// The number alone.
    Text,
    /// One JSON object with n, part, count, unique and seconds, for merging shares.
    Json,
}

/// Share `k` (1-based) of `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub k: usize,
    pub m: usize,
}

fn parse_part(s: &str) -> Result<Part, String> {
    let bad = || format!("--part takes K/M with 1 <= K <= M, such as 2/8; got '{s}'");
    let (k, m) = s.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let m: usize = m.trim().parse().map_err(|_| bad())?;
    if k == 0 || m == 0 || k > m || m > 1_000_000 {
        return Err(bad());
    }
    Ok(Part { k, m })
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let n = args.n;
    let start = Instant::now();
    let threads = args.threads.map_or(0, usize::from);
    // Unique counts and JSON (which carries both counts) need the 8-fold counter; a plain
    // count takes a table's length, or the join, which counts all solutions but no classes.
    let plain = !args.unique && args.format == CountFormat::Text && args.part.is_none();
    let total = |total: u64| Counts { total, unique: 0 };
    let counts = if let (true, Some(t)) = (plain, nqueens::table(n)) {
        total(t.len() as u64)
    } else if let Some(join) = plain
        .then(|| nqueens::Join::with_threads(n, threads))
        .flatten()
    {
        total(with_progress(join.groups(), |done| {
            join.count_parallel(threads, done)
        }))
    } else if let Some(part) = args.part {
        count_tasks(&share(n, part), threads)
    } else {
        let Some(all) = nqueens::tasks(n) else {
            return usage(format!("board size must be from 1 to {}", nqueens::MAX_N));
        };
        count_tasks(&all.collect::<Vec<_>>(), threads)
    };
    let seconds = start.elapsed().as_secs_f64();
    match args.format {
        CountFormat::Text if args.unique => writeln!(out, "{}", counts.unique)?,
        CountFormat::Text => writeln!(out, "{}", counts.total)?,
        CountFormat::Json => {
            let part = args.part.unwrap_or(Part { k: 1, m: 1 });
            writeln!(
                out,
                "{{\"n\":{n},\"part\":\"{}/{}\",\"k\":{},\"m\":{},\"count\":{},\"unique\":{},\"seconds\":{seconds:.6}}}",
                part.k, part.m, part.k, part.m, counts.total, counts.unique,
            )?;
        }
    }
    Ok(())
}

/// Share `part` of the tasks of `n`: the tasks, heaviest first by estimated size, each go
/// to the share with the least estimated work so far (ties to the lower share). The same
/// inputs give the same shares on every machine.
pub fn share(n: usize, part: Part) -> Vec<Task> {
    let Some(all) = nqueens::tasks(n) else {
        return Vec::new();
    };
    let mut order: Vec<(u64, usize, Task)> =
        all.enumerate().map(|(i, t)| (t.weight(), i, t)).collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    // A min-heap of (load, share): the least loaded share, ties to the lower index.
    let mut shares: BinaryHeap<Reverse<(u64, usize)>> =
        (0..part.m).map(|i| Reverse((0, i))).collect();
    let mut mine = Vec::new();
    for (weight, _, task) in order {
        let Some(Reverse((load, least))) = shares.pop() else {
            break;
        };
        shares.push(Reverse((load + weight, least)));
        if least + 1 == part.k {
            mine.push(task);
        }
    }
    mine
}

/// Counts the tasks on `threads` threads (0: every core), with a progress bar.
fn count_tasks(tasks: &[Task], threads: usize) -> Counts {
    with_progress(tasks.len(), |done| {
        nqueens::count_tasks_parallel(tasks, threads, done)
    })
}

/// Runs `work`, which adds to its counter as it gets through `steps` steps, drawing a progress
/// bar on stderr once it has run for a second, if stderr is a terminal.
fn with_progress<T: Send + Default>(
    steps: usize,
    work: impl FnOnce(&AtomicUsize) -> T + Send,
) -> T {
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        // The worker hands its result over a channel, so the wait below ends the moment the
        // count does, not at the next tick of the progress bar.
        let (send, receive) = std::sync::mpsc::channel();
        let done = &done;
        scope.spawn(move || {
            let result = work(done);
            // The receiver outlives this thread: it waits for exactly this message.
            let _ = send.send(result);
        });
        let start = Instant::now();
        let mut bar: Option<indicatif::ProgressBar> = None;
        let result = loop {
            match receive.recv_timeout(Duration::from_millis(100)) {
                Ok(result) => break result,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                // The worker panicked; the scope re-raises its panic when it ends.
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break T::default(),
            }
            if bar.is_none() && start.elapsed() > Duration::from_secs(1) {
                // ProgressBar::new draws to stderr and stays hidden when it is not a terminal.
                let b = indicatif::ProgressBar::new(steps as u64);
                if let Ok(style) = indicatif::ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {pos}/{len} subproblems, eta {eta}",
                ) {
                    b.set_style(style.progress_chars("=> "));
                }
                bar = Some(b);
            }
            if let Some(b) = &bar {
                b.set_position(done.load(Ordering::Relaxed) as u64);
            }
        };
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        result
    })
}
