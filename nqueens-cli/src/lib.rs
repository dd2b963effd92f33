//! The `nqueens` command's parts: its arguments ([`Cli`]), each command's code, and the judge
//! problems' input reader. The binary (`main.rs`) owns the process: standard output, the
//! exit status and the one-line report of a failure. Public for the fuzz targets and the
//! tests, not as an API to depend on.
#![deny(missing_docs)]

mod checkpoint;
mod count;
mod engine;
mod heatmap;
mod input;
pub mod judge;
mod list;
mod lookup;
mod man;
mod merge;
pub mod progress;
mod record;
mod record_lines;
mod render;
mod signals;
mod square;
pub mod stream;

use std::io;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

/// Count and list the solutions of the N-Queens puzzle. Rows and columns count from 1: the
/// first solution of 6 is `2 4 6 1 3 5` (the library's 0-based `[1, 3, 5, 0, 2, 4]`).
#[derive(Parser, Debug)]
#[command(name = "nqueens", version)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// How a long command shows its progress on stderr: a bar on a terminal and status
    /// lines elsewhere (auto), always a bar, always lines (for a log), or nothing.
    #[arg(long, global = true, value_enum, default_value_t = progress::Mode::Auto)]
    pub progress: progress::Mode,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the number of solutions for N (from a table for 6..=13, otherwise counted).
    Count(count::Args),
    /// Print, for every square of the N x N board, how many solutions put a queen there
    /// (rows and columns sum to the total): aligned text, JSON or an SVG picture.
    Heatmap(heatmap::Args),
    /// Print solutions for N in lexicographic order, streamed.
    List(list::Args),
    /// Print the 1-based position of a solution (1-based columns) in lexicographic order.
    Rank(lookup::RankArgs),
    /// Print the K-th solution (1-based) for N.
    Nth(lookup::NthArgs),
    /// Print the smallest of a solution's 8 symmetric images, and the size of its class.
    Canonical(lookup::SolutionArg),
    /// Print a "complete this board" puzzle for N: its fixed queens as ROW,COL lines
    /// (1-based, the `list --fixed` form), whose completion is unique. N = 2 and 3 have no
    /// solution, and past about 20 a puzzle takes long to prove unique.
    Puzzle(lookup::PuzzleArgs),
    /// Print the bytes each table layout takes for N, 1 to 17: full, packed, fundamental
    /// (the symmetry classes are counted, which past 17 takes too long).
    Sizes(lookup::SizesArgs),
    /// Write the raw bytes of a table layout for N, 1 to 16, to stdout (for include_bytes!):
    /// packed layouts hold columns up to 15.
    Dump(lookup::DumpArgs),
    /// Add up the shares of `count N --share K/M --format json` or of a `count --checkpoint`
    /// file (share records from files, or standard input): the total, or the list of missing
    /// shares (exit 3).
    Merge(merge::Args),
    /// List the GPU adapters `count --gpu` can use (a build with the feature `gpu`): name,
    /// API, kind, and whether it is a software one that runs on the CPU.
    Gpu,
    /// Read standard input and answer a classic judge problem byte for byte.
    Judge {
        /// Which problem.
        #[arg(value_enum)]
        problem: judge::Problem,
    },
    /// Print a shell completion script, e.g. `mkdir -p ~/.local/share/bash-completion/completions && nqueens completions bash > ~/.local/share/bash-completion/completions/nqueens`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `nqueens man > nqueens.1`; `--all DIR` writes a page
    /// per subcommand too.
    Man(man::Args),
}

/// The output format of `list`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// One solution a line: each row's column, 1-based, single spaces.
    Rows,
    /// N lines of `Q` and `.`, then an empty line.
    Board,
}

/// Declares each exit status once: its constant in [`status`], and its meaning, which is both
/// the constant's doc and the man page's EXIT STATUS line ([`EXIT_STATUSES`]).
macro_rules! exit_statuses {
    ($($name:ident = $code:literal: $meaning:literal)*) => {
        /// The exit statuses: `main` exits with them, and the man page lists them.
        pub mod status {
            $(#[doc = $meaning] pub const $name: u8 = $code;)*
        }
        /// Each exit status with what it means, in the man page's words.
        pub const EXIT_STATUSES: &[(u8, &str)] = &[$((status::$name, $meaning)),*];
    };
}

exit_statuses! {
    DONE = 0: "Done; also when the reader of the output went away (a closed pipe)."
    FAILED = 1: "A read or a write failed, or a count that was asked for correctly failed \
        (out of memory). One line on standard error."
    USAGE = 2: "The user's mistake: arguments, input, a share line that cannot be merged, a \
        checkpoint file of another count. One line on standard error, nothing on standard \
        output."
    INCOMPLETE = 3: "merge found shares missing; it lists them in Slurm's --array= form."
    INTERRUPTED = 130: "Stopped by Ctrl-C (SIGINT), 128 + 2 as a shell reports it, whatever the \
        command; count --checkpoint has the shares finished so far on disk."
    TERMINATED = 143: "Stopped by SIGTERM, 128 + 15, whatever the command; count --checkpoint \
        has the shares finished so far on disk."
}

/// What went wrong, in one line; [`Failure::status`] gives its exit status.
#[derive(Debug)]
pub enum Failure {
    /// Bad input or arguments.
    Usage(String),
    /// Reading the input failed.
    Read(io::Error),
    /// Shares are missing from a merge: the message lists them.
    Incomplete(String),
    /// Writing the output failed for a reason other than a closed pipe.
    Io(io::Error),
    /// Reading or writing a named file failed: the message names it and says which.
    File(io::Error),
    /// A count that was asked for correctly failed (out of memory).
    Count(String),
    /// A signal stopped the command: the message, and the status (130 or 143).
    Stopped(String, u8),
}

impl Failure {
    /// The exit status for this failure (see [`status`]).
    pub fn status(&self) -> u8 {
        match self {
            Failure::Usage(_) => status::USAGE,
            Failure::Incomplete(_) => status::INCOMPLETE,
            Failure::Read(_) | Failure::Io(_) | Failure::File(_) | Failure::Count(_) => {
                status::FAILED
            }
            Failure::Stopped(_, status) => *status,
        }
    }
}

/// A failed read of the file named `name` (say, `checkpoint 21.jsonl`), as a [`Failure`]
/// whose message says what could not be read.
pub(crate) fn read_failed(name: &str) -> impl Fn(io::Error) -> Failure + Copy + '_ {
    move |e| Failure::File(io::Error::new(e.kind(), format!("cannot read {name}: {e}")))
}

/// A failed write of the file named `name`, as a [`Failure`] whose message says what could
/// not be written.
pub(crate) fn write_failed(name: &str) -> impl Fn(io::Error) -> Failure + Copy + '_ {
    move |e| {
        Failure::File(io::Error::new(
            e.kind(),
            format!("cannot write {name}: {e}"),
        ))
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// The library refuses a request (the user's mistake) in every way but one: a count that
/// could not get its memory, which was asked for correctly.
impl From<nqueens_tables::Error> for Failure {
    fn from(e: nqueens_tables::Error) -> Failure {
        match e {
            nqueens_tables::Error::OutOfMemory { .. } => Failure::Count(e.to_string()),
            _ => Failure::Usage(e.to_string()),
        }
    }
}

/// The board size N, as every command that takes one declares it.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Board {
    /// Board size, 1 to 32.
    #[arg(value_parser = board_size, allow_negative_numbers = true)]
    pub n: usize,
}

/// `-j`/`--threads`, as every command that counts takes it.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Threads {
    /// Threads to count on [default: one per core].
    #[arg(short = 'j', long = "threads", value_name = "K", value_parser = thread_count, allow_negative_numbers = true)]
    threads: Option<u16>,
}

impl Threads {
    /// The count for the library: 0 for one per core.
    pub fn get(self) -> usize {
        self.threads.map_or(0, usize::from)
    }

    /// How many threads a count runs on, as a person reads it: `1 thread`, `2 threads`
    /// (one per core, where none were asked for).
    pub(crate) fn shown(self) -> String {
        let cores = || std::thread::available_parallelism().map_or(1, usize::from);
        let threads = self
            .threads
            .map_or_else(cores, usize::from)
            .min(nqueens_tables::MAX_THREADS);
        match threads {
            1 => "1 thread".to_string(),
            t => format!("{t} threads"),
        }
    }
}

/// Runs `work` on a new thread of `scope`; where no thread can be started, hands `work`
/// back, for the caller to do it in place. (A closure given to `spawn_scoped` is lost when
/// the spawn fails: this keeps it.)
pub(crate) fn spawn_or_return<'scope, W, T>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    work: W,
) -> Result<std::thread::ScopedJoinHandle<'scope, Option<T>>, W>
where
    W: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    use std::sync::{Arc, Mutex, PoisonError};
    let cell = Arc::new(Mutex::new(Some(work)));
    let theirs = Arc::clone(&cell);
    let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
        let work = theirs.lock().unwrap_or_else(PoisonError::into_inner).take();
        work.map(|work| work())
    });
    spawned.map_err(|_| {
        let work = cell.lock().unwrap_or_else(PoisonError::into_inner).take();
        // The thread never started, so nothing took the work.
        work.unwrap_or_else(|| unreachable!("a thread that never started took the work"))
    })
}

/// A note on stderr, one line, about the data (a line dropped, a total that no published
/// count checks): shown whatever `--progress` says, since it is not progress.
pub(crate) fn note(line: &str) {
    use std::io::Write;
    let _ = writeln!(io::stderr(), "note: {line}");
}

/// Shorthand for a usage failure.
pub fn usage<T>(msg: impl Into<String>) -> Result<T, Failure> {
    Err(Failure::Usage(msg.into()))
}

/// Runs one command, writing to `out` (which the caller flushes) and reading judge input
/// from `stdin`.
pub fn run(
    command: Command,
    stdin: &mut dyn io::Read,
    out: &mut stream::Output,
) -> Result<(), Failure> {
    match command {
        Command::Count(args) => match &args.checkpoint {
            Some(file) => checkpoint::run(&args, file, out),
            None => count::run(&args, out),
        },
        Command::Heatmap(args) => heatmap::run(&args, out),
        Command::List(args) => list::run(&args, out),
        Command::Rank(arg) => lookup::rank(&arg, out),
        Command::Nth(args) => lookup::nth(&args, out),
        Command::Canonical(arg) => lookup::canonical(&arg, out),
        Command::Puzzle(args) => lookup::puzzle(&args, out),
        Command::Sizes(args) => lookup::sizes(&args, out),
        Command::Dump(args) => lookup::dump(&args, out),
        Command::Merge(args) => merge::run(&args, stdin, out),
        Command::Judge { problem } => judge::run(problem, stdin, out),
        Command::Gpu => engine::list_adapters(out),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "nqueens", out);
            Ok(())
        }
        Command::Man(args) => man::run(&args, out),
    }
}

/// clap's message spans several lines (what is wrong, tips, usage); keep what is wrong and
/// its tips ("a similar subcommand exists: 'count'"), on one line.
pub fn one_line(text: &str) -> String {
    let mut paragraphs = text.split("\n\n").map(|p| {
        p.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    });
    let mut line = paragraphs.next().unwrap_or_default();
    for tip in paragraphs.filter(|p| p.starts_with("tip:")) {
        line.push_str("; ");
        line.push_str(&tip);
    }
    line
}

/// Parses a board size for clap: an integer from 1 to `MAX_N`.
pub fn board_size(s: &str) -> Result<usize, String> {
    let max = nqueens_tables::MAX_N;
    whole_number(s, 1, max as u64, "board size").map(|n| n as usize)
}

/// Parses a thread count for clap: an integer from 1 to the library's
/// [`MAX_THREADS`](nqueens_tables::MAX_THREADS), spaces around it allowed as for every
/// other number.
pub fn thread_count(s: &str) -> Result<u16, String> {
    let max = nqueens_tables::MAX_THREADS as u64;
    whole_number(s, 1, max, "-j (threads)").map(|n| n as u16)
}

/// An integer from `min` to `max` named `what`, spaces around it allowed. A number too large
/// for any integer type is still a number: the message names the range, not the type.
pub(crate) fn whole_number(s: &str, min: u64, max: u64, what: &str) -> Result<u64, String> {
    let t = s.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    let is_number = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    match t.parse::<i128>() {
        Ok(n) if (i128::from(min)..=i128::from(max)).contains(&n) => Ok(n as u64),
        _ if is_number => Err(format!(
            "{what} must be from {min} to {max}, got {}",
            input::shorten(t)
        )),
        _ => Err(format!(
            "{what} must be an integer from {min} to {max}, got {}",
            input::shorten(s)
        )),
    }
}
