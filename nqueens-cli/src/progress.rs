//! The progress bar of every command that counts: the work runs on a thread of its own and
//! reports [`Step`]s; this thread draws them on stderr, once the work has run for a second and
//! only on a terminal (indicatif hides itself elsewhere).

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use nqueens_tables::{Progress, Stage};

/// Where the work has got to: `done` of `of` steps of one stage, each step a `unit` (plural,
/// as the bar names it). A new stage or unit starts a bar of its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    pub(crate) stage: Stage,
    pub(crate) done: u64,
    pub(crate) of: u64,
    pub(crate) unit: &'static str,
}

impl From<Progress> for Step {
    fn from(p: Progress) -> Step {
        let unit = match p.stage {
            Stage::Listing => "columns listed",
            _ => p.unit.name(),
        };
        Step {
            stage: p.stage,
            done: p.done,
            of: p.of,
            unit,
        }
    }
}

/// The latest step the work reported, `None` before the first. Within one stage and unit
/// `done` only grows: threads report out of order.
type Latest = Mutex<Option<Step>>;

/// How long the work runs before a bar is drawn: a quick command draws nothing.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// How often the bar is redrawn, and the longest the wait for the result can lag its end.
const TICK: Duration = Duration::from_millis(100);

/// What to say and the exit status, when the work is to stop at once (a signal).
pub(crate) type Stopping = Option<(String, u8)>;

/// Runs `work`, which reports its progress to the callback it is given, drawing a progress
/// bar on stderr once it has run for [`QUIET_FOR`], if stderr is a terminal. Where no thread
/// can be started, the work runs here, without a bar.
///
/// `stop` is asked every [`TICK`]: when it answers with a line and a status, the bar is
/// cleared, the line goes to stderr and the process exits with the status at once, without
/// waiting for the work (a count cannot be cancelled midway; whatever must be kept is on
/// disk before `stop` answers).
pub(crate) fn with_progress<T: Send>(
    work: impl FnOnce(&(dyn Fn(Step) + Sync)) -> T + Send,
    stop: &dyn Fn() -> Stopping,
) -> T {
    let latest: Latest = Mutex::new(None);
    let report = |s: Step| {
        let mut latest = latest.lock().unwrap_or_else(PoisonError::into_inner);
        match &mut *latest {
            Some(l) if (l.stage, l.unit) == (s.stage, s.unit) => {
                l.of = s.of;
                l.done = l.done.max(s.done);
            }
            _ => *latest = Some(s),
        }
    };
    let report = &report;
    // The worker hands its result over a channel, so the wait below ends the moment the work
    // does, not at the next tick of the bar.
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        let job = move || {
            let result = work(report);
            // The receiver outlives this thread: it waits for exactly this message.
            let _ = send.send(result);
        };
        let worker = match crate::spawn_or_return(scope, job) {
            Ok(worker) => worker,
            Err(job) => {
                job();
                return receive
                    .recv()
                    .unwrap_or_else(|_| unreachable!("the work ran here and sent its result"));
            }
        };
        let mut bar = Bar::new();
        loop {
            match receive.recv_timeout(TICK) {
                Ok(result) => {
                    bar.clear();
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
            if let Some((line, status)) = stop() {
                bar.clear();
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "{line}");
                std::process::exit(i32::from(status));
            }
            // Nothing reported yet (a walk reports nothing): no bar of 0/0.
            if let Some(step) = *latest.lock().unwrap_or_else(PoisonError::into_inner) {
                bar.draw(step);
            }
        }
    })
}

/// The bar on stderr: drawn once the work has run for [`QUIET_FOR`], with a style of its own
/// for each stage and unit.
struct Bar {
    start: Instant,
    bar: Option<indicatif::ProgressBar>,
    shown: Option<(Stage, &'static str)>,
}

impl Bar {
    fn new() -> Bar {
        Bar {
            start: Instant::now(),
            bar: None,
            shown: None,
        }
    }

    /// Shows `step`, once the work has run long enough.
    fn draw(&mut self, step: Step) {
        if self.bar.is_none() && self.start.elapsed() > QUIET_FOR {
            // ProgressBar::new draws to stderr and stays hidden when it is not a terminal.
            self.bar = Some(indicatif::ProgressBar::new(0));
        }
        let Some(b) = &self.bar else { return };
        let unit = step.unit;
        b.set_length(step.of);
        b.set_position(step.done);
        if Some((step.stage, unit)) != self.shown {
            // A new stage starts its own bar: its steps and its estimate are its own, and
            // count from where it stands now (a resumed count starts part done).
            self.shown = Some((step.stage, unit));
            let template =
                format!("{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit}, eta {{eta}}");
            if let Ok(style) = indicatif::ProgressStyle::with_template(&template) {
                b.set_style(style.progress_chars("=> "));
            }
            b.reset_eta();
        }
    }

    /// Takes the bar off the terminal, before the result or a last line is written.
    fn clear(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
