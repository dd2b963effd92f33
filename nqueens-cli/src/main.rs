//! The `nqueens` command: `main` is `report(run(parse()))`, and every failure is one line on
//! stderr. The exit statuses are named in `nqueens_cli::status`, with their meanings in
//! `nqueens_cli::EXIT_STATUSES` (the man page's EXIT STATUS).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use nqueens_cli::{one_line, status, stream, Cli, Failure};

fn main() -> ExitCode {
    #[cfg(feature = "gpu")]
    quiet_vulkan_drivers();
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
                return ExitCode::from(status::USAGE);
            }
            // clap's line starts with its own "error: ", which `report` adds.
            let line = one_line(&e.render().to_string());
            let msg = line.strip_prefix("error: ").unwrap_or(&line);
            return report(&Failure::Usage(msg.to_string()));
        }
    };
    let mut out = match output() {
        Ok(out) => out,
        Err(e) => return report(&Failure::Io(e)),
    };
    nqueens_cli::progress::set_mode(cli.progress);
    let result = nqueens_cli::run(cli.command, &mut io::stdin().lock(), &mut out);
    match result {
        Ok(()) => match out.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => report(&Failure::Io(e)),
        },
        Err(failure) => {
            if matches!(failure, Failure::Usage(_) | Failure::Incomplete(_)) {
                // Nothing half-written reaches the reader: judge and count write only after
                // the whole input is checked, and a partial buffer is dropped, not flushed.
                out.discard();
            }
            report(&failure)
        }
    }
}
/// Gives the Vulkan drivers a runtime folder where the environment has none (a batch job, a
/// container, ssh without a session). Mesa's drivers look for a Wayland display there when
/// wgpu opens Vulkan, and without one they print `error: XDG_RUNTIME_DIR is invalid or not
/// set in the environment.` on stderr, a line about nothing a user of `count --gpu` did; in
/// the temporary folder they find no display, and say nothing. Set first thing in `main`,
/// before any thread exists to read the environment.
#[cfg(feature = "gpu")]
fn quiet_vulkan_drivers() {
    let usable = std::env::var_os("XDG_RUNTIME_DIR")
        .map(std::path::PathBuf::from)
        .is_some_and(|dir| dir.is_absolute() && dir.is_dir());
    if !usable {
        std::env::set_var("XDG_RUNTIME_DIR", std::env::temp_dir());
    }
}

/// Standard output, buffered once for where it goes: a line at a time on a terminal, a block
/// otherwise.
fn output() -> io::Result<stream::Output> {
    use std::io::IsTerminal;
    let line_buffered = io::stdout().is_terminal();
    Ok(stream::Output::new(sink()?, line_buffered))
}

/// Standard output as a file of our own (a duplicate of descriptor 1), so that a closed or
/// read-only stdout is an error to report: Rust's `Stdout` quietly swallows `EBADF`.
#[cfg(unix)]
fn sink() -> io::Result<Box<dyn Write + Send>> {
    use std::os::fd::AsFd;
    if stdout_was_closed() {
        return Err(io::Error::from_raw_os_error(9)); // EBADF, as a write to it would say
    }
    let fd = io::stdout().as_fd().try_clone_to_owned()?;
    Ok(Box::new(std::fs::File::from(fd)))
}

/// Standard output as the standard library hands it out (its own line buffer lets the
/// blocks of [`stream::Output`] through whole).
#[cfg(not(unix))]
fn sink() -> io::Result<Box<dyn Write + Send>> {
    Ok(Box::new(io::stdout()))
}

/// True when the program was started with descriptor 1 closed (`nqueens list 8 >&-`), as
/// [`STDOUT_AT_START`] found it before `main`. Elsewhere than on Linux, a closed stdout is
/// found by the first write that fails, where the platform leaves it closed.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    return STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(target_os = "linux"))]
    false
}

/// Whether descriptor 1 was closed when the process started.
#[cfg(target_os = "linux")]
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Looks at descriptor 1 before `main`. The Rust runtime, before `main`, opens /dev/null
/// read-write in place of a closed descriptor 1, and that is exactly what a caller that
/// throws the output away opens too (a shell's `1<>/dev/null`, Python's
/// `subprocess.DEVNULL`, systemd's `StandardOutput=null`): after it the two cannot be told
/// apart, and only the second is a success. A constructor in `.init_array` runs before the
/// runtime's start, where a closed descriptor is still closed: duplicating it fails with
/// EBADF. It calls only what needs no runtime (a `fcntl` through `AsFd`, an atomic store).
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static STDOUT_AT_START: extern "C" fn() = {
    extern "C" fn look() {
        use std::os::fd::AsFd;
        let closed = io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .is_err_and(|e| e.raw_os_error() == Some(9)); // EBADF
        STDOUT_CLOSED.store(closed, std::sync::atomic::Ordering::Relaxed);
    }
    look
};

/// Says what went wrong on stderr, in one line, and gives the exit status
/// ([`Failure::status`]); a reader that stopped reading (a closed pipe) is no failure. A
/// failed write to stderr is not a panic: the status still tells.
fn report(failure: &Failure) -> ExitCode {
    let line = match failure {
        Failure::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            return ExitCode::from(status::DONE)
        }
        Failure::Usage(msg) | Failure::Incomplete(msg) => format!("error: {msg}"),
        Failure::Read(e) => format!("error: cannot read input: {e}"),
        Failure::Io(e) => format!("error: cannot write output: {e}"),
        Failure::File(e) => format!("error: {e}"),
        Failure::Count(msg) => format!("error: counting failed: {msg}"),
        Failure::Stopped(msg, _) => msg.clone(),
    };
    let _ = writeln!(io::stderr(), "{line}");
    ExitCode::from(failure.status())
}
