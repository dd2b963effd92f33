//! `count --checkpoint FILE`: a long count cut into the shares of its plan, each finished share
//! appended to FILE as one share record (the line `count --share K/M --format json` prints)
//! and flushed to disk before the next is taken. Run again, the same command reads FILE,
//! counts only the shares it lacks, and prints the same answer as a count without the option.
//!
//! What can go wrong, and what it costs:
//! - a kill or a crash: the shares under way, counted again on the next run, which waits a
//!   few seconds for the lock of a run still ending;
//! - power lost in the middle of a write: a torn last line (the start of a record, or NULs),
//!   dropped with a note and counted again; a complete last record without its newline is
//!   kept;
//! - the file deleted or replaced under the run: it stops at its next share, saying so;
//! - Ctrl-C or SIGTERM: an exit within a tick of the bar, after the write under way (the
//!   file's lock is held to the exit), naming FILE;
//! - a failed write (a full disk): the file cut back to its last complete line, exit 1;
//! - a file of another count, or any line that is not a record or a torn tail (a user's
//!   JSON file among them): refused (exit 2), untouched.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use nqueens_tables::Stage;

use crate::count::Args;
use crate::engine::Engine;
use crate::merge::Shares;
use crate::progress::Step;
use crate::record::{fixed_list, CountId, Record};
use crate::record_lines::Ending;
use crate::{read_failed, usage, write_failed, Failure};

/// The bar's steps per share: the share under way moves it too.
const STEPS_PER_SHARE: u64 = 1000;

/// Counts `args` share by share, keeping each finished share in the file at `path`, and
/// prints the total as a count without the option would.
pub(crate) fn run(args: &Args, path: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let engine = args.engine()?;
    let name = path.display().to_string();
    let (file, mut shares, expected) = open(args, &engine, path, &name)?;
    let finished = match file {
        Writable::Yes((file, len)) => {
            let keeper = Keeper {
                file,
                len,
                path,
                name: &name,
                finished: Vec::new(),
            };
            count_missing(args, &engine, &expected, keeper, &shares)?
        }
        // A finished file answers from reading alone, on a read-only file system too.
        Writable::No(_) if shares.len() == expected.m => Vec::new(),
        Writable::No(e) => return Err(write_failed(&format!("checkpoint {name}"))(e)),
    };
    // The shares this run counted, none of them read (line 0: no line of the file).
    for record in finished {
        shares.add(record, &name, 0)?;
    }
    let total = shares
        .whole(&expected)
        .map_err(|why| Failure::Usage(format!("{name}: {why}")))?;
    crate::record::note_unchecked(&total);
    args.print(out, &total)
}

/// The checkpoint as [`open`] hands it over: ready to append to, with its complete lines'
/// length, or only readable (a read-only file or file system), with the error a write would
/// meet.
enum Writable {
    Yes((File, u64)),
    No(std::io::Error),
}

/// Opens the checkpoint (created if it is not there), reads its records, checks that they
/// are of this count and drops a torn last line: the file, ready to append to where it can
/// be written; the shares it holds; and what every record of this count says of it.
fn open(
    args: &Args,
    engine: &Engine,
    path: &Path,
    name: &str,
) -> Result<(Writable, Shares, CountId), Failure> {
    let label = format!("checkpoint {name}");
    let io = write_failed(&label);
    let appended = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path);
    let (mut file, read_only) = match appended {
        Ok(file) => (file, None),
        Err(e) => match File::open(path) {
            Ok(file) => (file, Some(e)),
            Err(_) => return Err(io(e)),
        },
    };
    if !file.metadata().map_err(&io)?.is_file() {
        return usage(format!(
            "{label} is not a regular file (a checkpoint is a file of share records); name \
             another"
        ));
    }
    // Held for the run's whole life, released by the kernel when the process ends: two runs
    // on one file would count everything twice, and a failed write of one would cut off the
    // other's records.
    // (Where the file system has no locks, the run goes on without one.)
    let locked = match read_only {
        Some(_) => true,
        None => lock(&file, &label),
    };
    if !locked {
        return usage(format!(
            "{label} is in use by another count (it holds the file's lock); let it finish, or \
             name another file"
        ));
    }
    let (shares, ending) = read(&mut file, name)?;
    let m = match shares.first() {
        Some((id, _)) => id.m,
        None => engine.suggested_shares(),
    };
    let mut expected = expected_id(args, engine, m)?;
    if let Some((id, at)) = shares.first() {
        if m == 1 {
            // A whole count's record has the plan of the method that counted it, which may
            // have been another where memory was short: its other fields say which count.
            expected.plan.clone_from(&id.plan);
        }
        if let Some((what, theirs, ours)) = id.differs(&expected) {
            return usage(format!(
                "{at}: a checkpoint of another count ({what} = {theirs}, but this count has \
                 {what} = {ours}); it is left as it was: name another file"
            ));
        }
    }
    if let Some(e) = read_only {
        return Ok((Writable::No(e), shares, expected));
    }
    let mut kept = ending.kept;
    if ending.torn {
        // A torn last line: power lost in the middle of a write. Its share is counted again.
        crate::note(&format!(
            "{name}: its last line was cut short (a write that did not finish): dropped, and \
             its share counted again"
        ));
        file.set_len(kept).map_err(&io)?;
    }
    if ending.open {
        // A complete last line without its newline: kept, and given one before the next.
        file.write_all(b"\n")
            .and_then(|()| file.sync_data())
            .map_err(&io)?;
        kept += 1;
    }
    Ok((Writable::Yes((file, kept)), shares, expected))
}

/// The checkpoint a run appends to, and what it appended.
struct Keeper<'a> {
    file: File,
    /// The length of the file's complete lines.
    len: u64,
    path: &'a Path,
    name: &'a str,
    /// The records this run appended.
    finished: Vec<Record>,
}

impl Keeper<'_> {
    /// Appends `record` and flushes it to disk, then checks that the file's name still
    /// names it: a failed write, or a file deleted or replaced under the run, stops it.
    fn keep(&mut self, record: Record) -> Result<(), Failure> {
        append(&mut self.file, &mut self.len, &record).map_err(write_failed(self.name))?;
        self.finished.push(record);
        if !still_named(&self.file, self.path) {
            return Err(Failure::File(std::io::Error::other(format!(
                "checkpoint {} was deleted or replaced while this count ran: the {} shares it \
                 finished are in no file that can be named; stopped",
                self.name,
                self.finished.len()
            ))));
        }
        Ok(())
    }
}

/// Counts the shares of `expected.m` that `done` lacks, appending each to the checkpoint
/// as it finishes, with a bar of shares; a signal stops it after the write under way. The
/// records of the shares this run counted.
fn count_missing(
    args: &Args,
    engine: &Engine,
    expected: &CountId,
    keeper: Keeper,
    done: &Shares,
) -> Result<Vec<Record>, Failure> {
    let (m, name) = (expected.m, keeper.name);
    let keeper = Mutex::new(keeper);
    let before = done.len();
    let kept = || before + keeper.lock().map_or(0, |k| k.finished.len() as u64);
    if before > 0 && before < m {
        crate::progress::note(&format!(
            "resuming from {name}: {before} of {m} shares kept, {} to count",
            m - before
        ));
    }
    let stop = crate::signals::Stop::watch();
    let stopping = || {
        let (what, status) = stop.signalled()?;
        let kept = kept();
        // Held to the exit: no record is half written when the process ends.
        std::mem::forget(keeper.lock().unwrap_or_else(PoisonError::into_inner));
        let line = format!(
            "{what}: {kept} of {m} shares are kept in {name}; the same command resumes from them"
        );
        Some((line, status))
    };
    crate::progress::with_progress(
        &args.what(&format!(" in {m} shares")),
        |report| {
            let show = |shares: u64, inner: u64| {
                report(Step {
                    stage: Stage::Counting,
                    done: shares * STEPS_PER_SHARE + inner,
                    of: m * STEPS_PER_SHARE,
                    unit: "shares",
                    per: STEPS_PER_SHARE,
                })
            };
            show(before, 0);
            let mut failed = None;
            let mut share_start = Instant::now();
            let ran = engine.run_shares(
                m,
                &|share| done.contains(share.k()),
                &mut |share, counted| {
                    // One plan for every share (a whole count's is its method's own).
                    let plan = match m {
                        1 => counted.plan(args.board.n),
                        _ => expected.plan.clone(),
                    };
                    let seconds = share_start.elapsed().as_secs_f64();
                    let record = args.record(&counted, share, seconds, plan);
                    share_start = Instant::now();
                    let appended = keeper
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .keep(record);
                    if let Err(e) = appended {
                        failed = Some(e);
                        return ControlFlow::Break(());
                    }
                    show(kept(), 0);
                    ControlFlow::Continue(())
                },
                &|done, of| {
                    let inner = (done.min(of) * STEPS_PER_SHARE)
                        .checked_div(of)
                        .unwrap_or(0);
                    show(kept(), inner);
                },
            );
            failed.map_or(ran.map(drop), Err)
        },
        &stopping,
    )?;
    let keeper = keeper.into_inner().unwrap_or_else(PoisonError::into_inner);
    Ok(keeper.finished)
}

/// What the records of this count say of it, for `m` shares: every one the file holds must
/// agree, and every one this run appends does.
fn expected_id(args: &Args, engine: &Engine, m: u64) -> Result<CountId, Failure> {
    Ok(CountId {
        n: args.board.n as u64,
        m,
        plan: engine.shares_plan(m),
        version: env!("CARGO_PKG_VERSION").to_string(),
        fixed: fixed_list(&args.fixed),
        fundamental: engine.counts_classes(m)?,
        prints: args.prints(),
    })
}

/// How long a run waits for a checkpoint's lock before it refuses the file: a run killed
/// with SIGKILL holds it until the kernel has torn the process down, which takes up to about
/// a second for one with much memory, and a scheduler that requeues at once (Slurm's
/// `--requeue`, a shell loop, systemd's `Restart=`) starts the next run within it. A second
/// live run is still refused this soon.
const LOCK_PATIENCE: Duration = Duration::from_secs(3);

/// How often a run that waits for the lock tries it again.
const LOCK_RETRY: Duration = Duration::from_millis(50);

/// Takes the lock of `file` (named `label`), waiting for it up to [`LOCK_PATIENCE`] with a
/// note that says so: whether it was had. Where the file system has no locks, the run goes
/// on without one.
fn lock(file: &File, label: &str) -> bool {
    let start = Instant::now();
    let mut noted = false;
    loop {
        match fs4::FileExt::try_lock(file) {
            Err(fs4::TryLockError::WouldBlock) if start.elapsed() < LOCK_PATIENCE => {
                if !noted {
                    crate::progress::note(&format!(
                        "waiting for the lock of {label}: another count holds it, or one that \
                         was just stopped is still ending"
                    ));
                    noted = true;
                }
                std::thread::sleep(LOCK_RETRY);
            }
            Err(fs4::TryLockError::WouldBlock) => return false,
            _ => return true,
        }
    }
}

/// Whether `path` still names `file`: a checkpoint deleted or replaced while a count holds
/// it would take the shares the count goes on to finish into a file nobody can name, and a
/// second count could start on the new file at once. (Where files have no identity to
/// compare, as on Windows, which keeps an open file from being deleted, it is taken to.)
fn still_named(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let identity = |m: std::fs::Metadata| (m.dev(), m.ino());
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(held), Ok(named)) => identity(held) == identity(named),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// The records of the file, and how it ends (see [`crate::record_lines`]). Any line that
/// is not a record is an error naming it.
fn read(file: &mut File, name: &str) -> Result<(Shares, Ending), Failure> {
    let label = format!("checkpoint {name}");
    file.seek(SeekFrom::Start(0)).map_err(read_failed(&label))?;
    let mut shares = Shares::default();
    let ending =
        crate::record_lines::read(&mut BufReader::new(&*file), name, &mut |record, line| {
            shares.add(record, name, line)
        })?;
    shares.note_repeats();
    Ok((shares, ending))
}

/// Appends `record` as one line to `file`, whose complete lines end at `len`, and flushes it to
/// disk. A write that fails leaves the file as it was: what it wrote is cut off again.
fn append(file: &mut File, len: &mut u64, record: &Record) -> std::io::Result<()> {
    let mut line = record.to_line();
    line.push('\n');
    let written = file
        .write_all(line.as_bytes())
        .and_then(|()| file.sync_data());
    if let Err(e) = written {
        // Cut back to the last complete line, so that no half line is left for the next run
        // to drop; if even that fails, the next run drops it.
        let _ = file.set_len(*len).and_then(|()| file.sync_data());
        return Err(e);
    }
    *len += line.len() as u64;
    Ok(())
}
