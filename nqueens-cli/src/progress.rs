//! Progress of every command that takes long: the work runs on a thread of its own and
//! reports [`Step`]s; this thread shows them on stderr. On a terminal, a bar that fits its
//! width, once the work has run for a second; elsewhere (a batch job's log, `nohup`), a plain
//! status line after a few seconds and then about once a minute; `--progress` chooses.

use std::io::{IsTerminal, Write};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use nqueens_tables::{Progress, Stage};

/// How progress is shown (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// A bar on a terminal, status lines elsewhere.
    Auto,
    /// A bar (nothing where stderr is not a terminal).
    Bar,
    /// Plain status lines on stderr, for logs.
    Lines,
    /// Nothing.
    None,
}

/// The mode the command line chose, set once before a command runs.
static MODE: OnceLock<Mode> = OnceLock::new();

/// Sets how progress is shown, for the whole run (the first call wins).
pub fn set_mode(mode: Mode) {
    let _ = MODE.set(mode);
}

/// The mode in force, with `auto` decided: a bar where stderr is a terminal, lines elsewhere.
fn mode() -> Mode {
    match MODE.get().copied().unwrap_or(Mode::Auto) {
        Mode::Auto if std::io::stderr().is_terminal() => Mode::Bar,
        Mode::Auto => Mode::Lines,
        chosen => chosen,
    }
}

/// Says `line` on stderr where progress is shown at all: a fact about the run, such as the
/// shares a checkpoint resumes from.
pub(crate) fn note(line: &str) {
    if mode() != Mode::None {
        let _ = writeln!(std::io::stderr(), "nqueens: {line}");
    }
}

/// Where the work has got to: `done` of `of` steps of one stage. `per` steps make one `unit`
/// (plural, as people count them: a checkpoint's bar moves by thousandths of a share and
/// shows shares). A new stage or unit is shown anew.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    pub(crate) stage: Stage,
    pub(crate) done: u64,
    pub(crate) of: u64,
    pub(crate) unit: &'static str,
    pub(crate) per: u64,
}

impl Step {
    /// `done/of unit`, in units: `25.4/72 shares`, `3/55 squares`; a fraction of a unit is
    /// shown in tenths, rounded down.
    fn counted(&self) -> String {
        let (done, of) = self.shown();
        match self.per {
            0 | 1 => format!("{done}/{of} {}", self.unit),
            _ => format!("{}.{}/{} {}", done / 10, done % 10, of / 10, self.unit),
        }
    }

    /// What [`Step::counted`] shows, as a fraction: in steps, or in tenths of a unit.
    fn shown(&self) -> (u64, u64) {
        match self.per {
            0 | 1 => (self.done, self.of),
            per => (self.done * 10 / per, self.of / per * 10),
        }
    }

    /// The percent of what [`Step::counted`] shows, rounded down: 100 only when all is done.
    fn percent(&self) -> u64 {
        let (done, of) = self.shown();
        done.min(of) * 100 / of.max(1)
    }
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
            per: 1,
        }
    }
}

/// The latest step the work reported, `None` before the first. Within one stage and unit
/// `done` only grows: threads report out of order.
type Latest = Mutex<Option<Step>>;

/// How long the work runs before a bar is drawn: a quick command draws nothing.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// How long the work runs before its first status line, off a terminal: a run of a few
/// seconds writes nothing to a log.
const FIRST_LINE_AFTER: Duration = Duration::from_secs(5);

/// How often a status line follows the first: a log of a long count grows by a line a minute.
const LINE_EVERY: Duration = Duration::from_secs(60);

/// How often the bar is redrawn, and the longest the wait for the result can lag its end.
const TICK: Duration = Duration::from_millis(100);

/// What to say and the exit status, when the work is to stop at once (a signal).
pub(crate) type Stopping = Option<(String, u8)>;

/// Runs `work`, which reports its progress to the callback it is given, showing it on stderr
/// as the mode says (see [`Mode`]). Where no thread can be started, the work runs here,
/// without progress.
///
/// `start` says what the work is (`counting n = 19 in 70 shares on 1 thread`): off a
/// terminal it is the first status line, once the work has run for [`QUIET_FOR`], so that a
/// log shows at once what a long command does, and a short one writes nothing.
///
/// `stop` is asked every [`TICK`]: when it answers with a line and a status, the bar is
/// cleared, the line goes to stderr (as a status line, after `nqueens: `) and the process
/// exits with the status at once, without waiting for the work (a count cannot be cancelled
/// midway; whatever must be kept is on disk before `stop` answers).
pub(crate) fn with_progress<T: Send>(
    start: &str,
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
        let mut bar = Shown::new(mode(), start);
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
                let _ = writeln!(std::io::stderr(), "nqueens: {line}");
                std::process::exit(i32::from(status));
            }
            bar.started();
            // Nothing reported yet (a walk reports nothing): no bar of 0/0.
            if let Some(step) = *latest.lock().unwrap_or_else(PoisonError::into_inner) {
                bar.draw(step);
            }
        }
    })
}

/// Progress drawn by the thread that does the work, for work that stays on its thread (a
/// listing writes each solution as it comes): [`Inline::tick`] draws at most every [`TICK`],
/// and dropping it clears the bar.
pub(crate) struct Inline {
    shown: Shown,
    last: Instant,
}

impl Inline {
    /// Progress shown as the mode says, or not at all where stdout is a terminal too: there
    /// the output itself shows how far the work has got, and a bar would be drawn into it.
    pub(crate) fn new() -> Inline {
        let mode = if std::io::stdout().is_terminal() {
            Mode::None
        } else {
            mode()
        };
        Inline {
            shown: Shown::new(mode, ""),
            last: Instant::now(),
        }
    }

    /// Shows `step` if [`TICK`] has passed since the last time.
    pub(crate) fn tick(&mut self, step: Step) {
        if self.last.elapsed() >= TICK {
            self.last = Instant::now();
            self.shown.draw(step);
        }
    }
}

impl Drop for Inline {
    fn drop(&mut self) {
        self.shown.clear();
    }
}

/// Progress as shown: a bar, status lines, or nothing.
enum Shown {
    Bar(Bar),
    Lines(Lines),
    Nothing,
}

impl Shown {
    /// Progress as `mode` shows it, of the work that `start` names (see [`with_progress`]).
    fn new(mode: Mode, start: &str) -> Shown {
        match mode {
            // Too narrow a terminal wraps the bar, and each frame then clears lines above
            // it: status lines instead.
            Mode::Bar | Mode::Auto if Capped::columns().is_some_and(|c| c < NARROWEST) => {
                Shown::Lines(Lines::new(start))
            }
            Mode::Bar | Mode::Auto => Shown::Bar(Bar::new()),
            Mode::Lines => Shown::Lines(Lines::new(start)),
            Mode::None => Shown::Nothing,
        }
    }

    /// Says what the work is, once it has run for [`QUIET_FOR`] (status lines only).
    fn started(&mut self) {
        if let Shown::Lines(lines) = self {
            lines.started();
        }
    }

    fn draw(&mut self, step: Step) {
        match self {
            Shown::Bar(bar) => bar.draw(step),
            Shown::Lines(lines) => lines.draw(step),
            Shown::Nothing => {}
        }
    }

    /// Takes a bar off the terminal, before the result or a last line is written.
    fn clear(&self) {
        if let Shown::Bar(bar) = self {
            bar.clear();
        }
    }
}

/// The bar on stderr: drawn once the work has run for [`QUIET_FOR`], as wide as the
/// terminal, with a style of its own for each stage and unit.
struct Bar {
    start: Instant,
    bar: Option<indicatif::ProgressBar>,
    pace: Pace,
}

impl Bar {
    fn new() -> Bar {
        Bar {
            start: Instant::now(),
            bar: None,
            pace: Pace::default(),
        }
    }

    /// Shows `step`, once the work has run long enough.
    fn draw(&mut self, step: Step) {
        if self.start.elapsed() < QUIET_FOR {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            // Styled before its first frame, so that indicatif's own style never shows;
            // `wide_bar` takes what the terminal's width leaves, whatever it is.
            // The numbers are the message's own ([`message`]), from one step: its count, the
            // percent of that count, and a time left once there is an estimate.
            let style =
                indicatif::ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {msg}")
                    .map(|style| style.progress_chars("=> "))
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            let target = match std::io::stderr().is_terminal() {
                true => indicatif::ProgressDrawTarget::term_like(Box::new(Capped(
                    console::Term::buffered_stderr(),
                ))),
                false => indicatif::ProgressDrawTarget::hidden(),
            };
            indicatif::ProgressBar::with_draw_target(Some(step.of), target).with_style(style)
        });
        self.pace.track(step);
        bar.set_message(format!(
            "{}{}",
            message(step),
            left(self.pace.left(step), "")
        ));
        bar.set_length(step.of);
        bar.set_position(step.done);
    }

    fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The widest the bar is drawn: a wider one shows no more, and every frame costs its width
/// (on a terminal of 65,535 columns, a count of 18 took three times as long).
const WIDEST: u16 = 120;

/// The narrowest terminal the bar is drawn on: below it the bar's text wraps onto a second
/// line, and each frame would clear the lines above it. Status lines are written instead.
const NARROWEST: u16 = 60;

/// The terminal on stderr as the bar sees it: at most [`WIDEST`] columns wide.
#[derive(Debug)]
struct Capped(console::Term);

impl Capped {
    /// The width of the terminal on stderr, where there is one.
    fn columns() -> Option<u16> {
        console::Term::stderr()
            .size_checked()
            .map(|(_, columns)| columns)
    }
}

impl indicatif::TermLike for Capped {
    fn width(&self) -> u16 {
        self.0.size().1.min(WIDEST)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// How fast the stage under way goes: when it started, and the steps it started from (a
/// resumed count starts part done), for an estimate of the time left.
#[derive(Default)]
struct Pace {
    stage: Option<(Instant, Stage, &'static str, u64)>,
}

impl Pace {
    /// Notes `step`: a new stage or unit starts its own estimate, from where it stands.
    fn track(&mut self, step: Step) {
        match self.stage {
            Some((_, stage, unit, _)) if (stage, unit) == (step.stage, step.unit) => {}
            _ => self.stage = Some((Instant::now(), step.stage, step.unit, step.done)),
        }
    }

    /// The seconds left at this stage's own rate so far; `None` until it has moved for a
    /// second (no estimate is better than a guess of none left).
    fn left(&self, step: Step) -> Option<f64> {
        let (since, _, _, from) = self.stage?;
        let seconds = since.elapsed().as_secs_f64();
        let moved = step.done.saturating_sub(from);
        (seconds >= 1.0 && moved > 0)
            .then(|| step.of.saturating_sub(step.done) as f64 * seconds / moved as f64)
    }
}

/// What a frame or a status line says of `step`: its count and the percent of that count.
fn message(step: Step) -> String {
    format!("{} {}%", step.counted(), step.percent())
}

/// The time left, as a frame or a status line ends: `about 3m12s left`, or `none` where
/// there is no estimate yet.
fn left(seconds: Option<f64>, none: &str) -> String {
    seconds.map_or(none.to_string(), |s| format!(", about {} left", clock(s)))
}

/// Status lines on stderr, for a log: what the work is once it has run for [`QUIET_FOR`],
/// then where it stands after [`FIRST_LINE_AFTER`] and every [`LINE_EVERY`] after that:
/// what is done of what, the time so far and the time left.
struct Lines {
    start: Instant,
    /// What the work is, until it is said.
    what: Option<String>,
    pace: Pace,
    next: Duration,
}

impl Lines {
    fn new(what: &str) -> Lines {
        Lines {
            start: Instant::now(),
            what: (!what.is_empty()).then(|| what.to_string()),
            pace: Pace::default(),
            next: FIRST_LINE_AFTER,
        }
    }

    /// Says what the work is, once, when it has run for [`QUIET_FOR`].
    fn started(&mut self) {
        if self.start.elapsed() >= QUIET_FOR {
            if let Some(what) = self.what.take() {
                let _ = writeln!(std::io::stderr(), "nqueens: {what}");
            }
        }
    }

    fn draw(&mut self, step: Step) {
        self.pace.track(step);
        let elapsed = self.start.elapsed();
        if elapsed < self.next {
            return;
        }
        self.started();
        self.next = elapsed + LINE_EVERY;
        let _ = writeln!(
            std::io::stderr(),
            "nqueens: {}, {} so far{}",
            message(step),
            clock(elapsed.as_secs_f64()),
            left(self.pace.left(step), ", time left not known yet"),
        );
    }
}

/// Seconds as people read a duration: `45s`, `3m12s`, `2h05m`.
fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The percent shown is the percent of the fraction shown, whatever the steps.
    #[test]
    fn the_percent_is_of_the_count_shown() {
        for per in [1, 1000] {
            for of in [17u64, 70, 823_680] {
                for done in (0..=of * per).step_by(((of * per) / 997).max(1) as usize) {
                    let step = Step {
                        stage: Stage::Counting,
                        done,
                        of: of * per,
                        unit: "shares",
                        per,
                    };
                    let text = step.counted();
                    let (shown, total) = text.split(' ').next().unwrap().split_once('/').unwrap();
                    let (shown, total): (f64, f64) =
                        (shown.parse().unwrap(), total.parse().unwrap());
                    let percent = (shown * 100.0 / total + 1e-9).floor() as u64;
                    assert_eq!(step.percent(), percent, "{text}");
                }
            }
        }
    }
}
