//! The `nqueens` command. Every mistake in its input is one line on stderr and exit status 2;
//! output goes through a buffered writer and a closed pipe ends the program quietly.

mod count;
mod input;
mod judge;
mod list;
mod lookup;
mod render;
mod stream;

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
    /// Reading the input failed.
    Read(io::Error),
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
                // Help asked for goes to stdout, and a failed write of it is a failure too.
                let text = e.render().to_string();
                return match output().and_then(|mut o| {
                    o.write_all(text.as_bytes())?;
                    o.flush()
                }) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => report(&Failure::Io(e)),
                };
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                // No command at all: the help, as a user typing `nqueens` wants to see.
                let help = Cli::command().render_help().to_string();
                let _ = write!(io::stderr(), "{help}");
                return ExitCode::from(2);
            }
            return report(&Failure::Usage(one_line(&e.render().to_string())));
        }
    };
    let mut out = match output() {
        Ok(out) => out,
        Err(e) => return report(&Failure::Io(e)),
    };
    let result = match cli.command {
        Command::Count(args) => count::run(&args, &mut out),
        // A listing may wait long between lines: a flusher hands each line on within 50 ms.
        Command::List(args) => stream::flushing(&mut out, |out| list::run(&args, out)),
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
    };
    match result {
        Ok(()) => match out.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => report(&Failure::Io(e)),
        },
        Err(failure) => {
            if matches!(failure, Failure::Usage(_)) {
                // Nothing half-written reaches the reader: judge and count write only after
                // the whole input is checked, and a partial buffer is dropped, not flushed.
                out.discard();
            }
            report(&failure)
        }
    }
}

/// Standard output as a file of our own (a duplicate of descriptor 1), so that a closed or
/// read-only stdout is an error to report: Rust's `Stdout` quietly swallows `EBADF`.
fn output() -> io::Result<stream::Output> {
    use std::os::fd::AsFd;
    if stdout_was_closed() {
        return Err(io::Error::from_raw_os_error(9)); // EBADF, as a write to it would say
    }
    let fd = io::stdout().as_fd().try_clone_to_owned()?;
    Ok(stream::Output::new(std::fs::File::from(fd)))
}

/// True when the program was started with descriptor 1 closed (`nqueens list 8 >&-`). The
/// Rust runtime then opens /dev/null read-write in its place, which a shell never does for
/// `> /dev/null` (write-only): that is how it shows, on Linux.
fn stdout_was_closed() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else {
        return false;
    };
    if target != std::path::Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    let flags = info
        .lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
    // O_ACCMODE is 3, O_RDWR 2.
    flags.is_some_and(|f| f & 3 == 2)
}

/// Says what went wrong on stderr, in one line, and gives the exit status: 2 for the user's
/// mistake, 1 for failed I/O, 0 for a reader that stopped reading (a closed pipe). A failed
/// write to stderr is not a panic: the status still tells.
fn report(failure: &Failure) -> ExitCode {
    let (line, status) = match failure {
        Failure::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Failure::Usage(msg) if msg.starts_with("error:") => (msg.clone(), 2),
        Failure::Usage(msg) => (format!("error: {msg}"), 2),
        Failure::Read(e) => (format!("error: cannot read input: {e}"), 1),
        Failure::Io(e) => (format!("error: cannot write output: {e}"), 1),
    };
    let _ = writeln!(io::stderr(), "{line}");
    ExitCode::from(status)
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
