//! The `nqueens` command. Every mistake in its input is one line on stderr and exit status 2;
//! output goes through a buffered writer and a closed pipe ends the program quietly.

mod count;
mod input;
mod judge;
mod list;
mod lookup;
mod render;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

/// Count and list the solutions of the N-Queens puzzle. Columns are 1-based.
#[derive(Parser, Debug)]
#[command(name = "nqueens", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the number of solutions for N (from a table for 6..=13, otherwise counted).
    Count(count::Args),
    /// Print solutions for N in lexicographic order, streamed.
    List(list::Args),
    /// Print the 1-based position of a solution (1-based columns) in lexicographic order.
    Rank(lookup::SolutionArg),
    /// Print the K-th solution (1-based) for N.
    Nth(lookup::NthArgs),
    /// Print the smallest of a solution's 8 symmetric images, and the size of its class.
    Canonical(lookup::SolutionArg),
    /// Print the bytes each table layout takes for N: full, packed, fundamental.
    Sizes(lookup::SizesArgs),
    /// Write the raw bytes of a table layout for N to stdout (for include_bytes!).
    Dump(lookup::DumpArgs),
    /// Read standard input and answer a classic judge problem byte for byte.
    Judge {
        /// Which problem.
        #[arg(value_enum)]
        problem: judge::Problem,
    },
    /// Print a shell completion script, e.g. `nqueens completions bash > ~/.local/share/bash-completion/completions/nqueens`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `nqueens man > nqueens.1`.
    Man,
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
    /// Writing the output failed for a reason other than a closed pipe.
    Io(io::Error),
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                // No command at all: the help, as a user typing `nqueens` wants to see.
                let _ = Cli::command().write_help(&mut io::stderr());
                return ExitCode::from(2);
            }
            eprintln!("{}", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = match cli.command {
        Command::Count(args) => count::run(&args, &mut out),
        Command::List(args) => list::run(&args, &mut out),
        Command::Rank(arg) => lookup::rank(&arg, &mut out),
        Command::Nth(args) => lookup::nth(&args, &mut out),
        Command::Canonical(arg) => lookup::canonical(&arg, &mut out),
        Command::Sizes(args) => lookup::sizes(&args, &mut out),
        Command::Dump(args) => lookup::dump(&args, &mut out),
        Command::Judge { problem } => judge::run(problem, &mut io::stdin().lock(), &mut out),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "nqueens", &mut out);
            Ok(())
        }
        Command::Man => clap_mangen::Man::new(Cli::command())
            .render(&mut out)
            .map_err(Failure::Io),
    }
    .and_then(|()| out.flush().map_err(Failure::Io));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("error: cannot write output: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(msg)) => {
            // Nothing half-written reaches the reader: judge and count write only after the
            // whole input is checked, and a partial buffer is dropped, not flushed.
            std::mem::forget(out);
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// clap's message spans several lines (what is wrong, tips, usage); keep what is wrong and
/// its tips ("a similar subcommand exists: 'count'"), on one line.
fn one_line(text: &str) -> String {
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
    match s.trim().parse::<i64>() {
        Ok(n) if (1..=max as i64).contains(&n) => Ok(n as usize),
        Ok(n) => Err(format!("board size must be from 1 to {max}, got {n}")),
        Err(_) => Err(format!(
            "board size must be an integer from 1 to {max}, got {}",
            input::shorten(s)
        )),
    }
}
