//! The `nqueens` command's parts: its arguments ([`Cli`]), each command's code, and the judge
//! problems' input reader. The binary (`main.rs`) owns the process: standard output, the
//! exit status and the one-line report of a failure. Public for the fuzz targets and the
//! tests, not as an API to depend on.
#![deny(missing_docs)]

mod count;
mod input;
pub mod judge;
mod list;
mod lookup;
mod man;
mod merge;
mod render;
pub mod stream;

use std::io;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

/// Count and list the solutions of the N-Queens puzzle. Columns are 1-based.
#[derive(Parser, Debug)]
#[command(name = "nqueens", version)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the number of solutions for N (from a table for 6..=13, otherwise counted).
    Count(count::Args),
    /// Print solutions for N in lexicographic order, streamed.
    List(list::Args),
    /// Print the 1-based position of a solution (1-based columns) in lexicographic order.
    Rank(lookup::RankArgs),
    /// Print the K-th solution (1-based) for N.
    Nth(lookup::NthArgs),
    /// Print the smallest of a solution's 8 symmetric images, and the size of its class.
    Canonical(lookup::SolutionArg),
    /// Print a "complete this board" puzzle for N: its given queens as ROW,COL lines
    /// (1-based, the `list --fixed` form), whose completion is unique.
    Puzzle(lookup::PuzzleArgs),
    /// Print the bytes each table layout takes for N: full, packed, fundamental.
    Sizes(lookup::SizesArgs),
    /// Write the raw bytes of a table layout for N to stdout (for include_bytes!).
    Dump(lookup::DumpArgs),
    /// Add up the shares of `count N --part K/M --format json` (JSON lines from files, or
    /// standard input): the total, or the list of missing shares (exit 3).
    Merge(merge::Args),
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

/// What went wrong, in one line. `Usage` is the user's mistake (exit 2).
#[derive(Debug)]
pub enum Failure {
    /// Bad input or arguments.
    Usage(String),
    /// Reading the input failed.
    Read(io::Error),
    /// Shares are missing from a merge: the message lists them (exit 3).
    Incomplete(String),
    /// Writing the output failed for a reason other than a closed pipe.
    Io(io::Error),
    /// A count that was asked for correctly failed (out of memory): exit 1.
    Count(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
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
        Command::Count(args) => count::run(&args, out),
        Command::List(args) => list::run(&args, out),
        Command::Rank(arg) => lookup::rank(&arg, out),
        Command::Nth(args) => lookup::nth(&args, out),
        Command::Canonical(arg) => lookup::canonical(&arg, out),
        Command::Puzzle(args) => lookup::puzzle(&args, out),
        Command::Sizes(args) => lookup::sizes(&args, out),
        Command::Dump(args) => lookup::dump(&args, out),
        Command::Merge(args) => merge::run(&args, stdin, out),
        Command::Judge { problem } => judge::run(problem, stdin, out),
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

/// Parses a thread count for clap: an integer from 1 to 1024, spaces around it allowed as
/// for every other number.
pub fn thread_count(s: &str) -> Result<u16, String> {
    whole_number(s, 1, 1024, "-j (threads)").map(|n| n as u16)
}

/// An integer from `min` to `max` named `what`, spaces around it allowed. A number too large
/// for any integer type is still a number: the message names the range, not the type.
fn whole_number(s: &str, min: u64, max: u64, what: &str) -> Result<u64, String> {
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
