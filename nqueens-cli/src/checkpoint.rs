//! `count --checkpoint FILE`: a long count cut into the shares of its plan, each finished share
//! appended to FILE as one share record (the line `count --share K/M --format json` prints)
//! and flushed to disk before the next is taken. Run again, the same command reads FILE,
//! counts only the shares it lacks, and prints the same answer as a count without the option.
//!
//! What can go wrong, and what it costs:
//! - a kill or a crash: the shares under way, counted again on the next run;
//! - power lost in the middle of a write: a torn last line, dropped with a note and counted
//!   again;
//! - Ctrl-C or SIGTERM: an exit within a tick of the bar, after the write under way (the
//!   file's lock is held to the exit), naming FILE;
//! - a failed write (a full disk): the file cut back to its last whole line, exit 1;
//! - a file of another count, or a line that is not a record: refused (exit 2), untouched.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use nqueens_tables::{Counter, Method, Stage};

use crate::count::Args;
use crate::merge::Shares;
use crate::progress::Step;
use crate::record::{fixed_list, CountId, Record, MAX_LINE};
use crate::{read_failed, usage, write_failed, Failure};

/// The bar's steps per share: the share under way moves it too.
const STEPS_PER_SHARE: u64 = 1000;

/// Counts `args` share by share, keeping each finished share in the file at `path`, and
/// prints the total as a count without the option would.
pub(crate) fn run(args: &Args, path: &Path, out: &mut dyn Write) -> Result<(), Failure> {
    let counter = args.counter()?;
    let name = path.display().to_string();
    let (file, shares, expected) = open(args, &counter, path, &name)?;
    let mut done: BTreeMap<u64, Record> = shares
        .by_k
        .into_iter()
        .map(|(k, (record, _))| (k, record))
        .collect();
    let finished = match file {
        Writable::Yes(file) => count_missing(args, &counter, &expected, file, &done, &name)?,
        // A finished file answers from reading alone, on a read-only file system too.
        Writable::No(_) if done.len() as u64 == expected.m => Vec::new(),
        Writable::No(e) => return Err(write_failed(&format!("checkpoint {name}"))(e)),
    };
    for record in finished {
        done.insert(record.k, record);
    }
    let total = Record::whole_of(done.values(), &expected)
        .map_err(|why| Failure::Usage(format!("{name}: {why}")))?;
    args.print(out, &total)
}

/// The checkpoint as [`open`] hands it over: ready to append to, with its whole lines'
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
    counter: &Counter,
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
        Some(_) => Ok(()),
        None => fs4::FileExt::try_lock(&file),
    };
    if let Err(fs4::TryLockError::WouldBlock) = locked {
        return usage(format!(
            "{label} is in use by another count (it holds the file's lock); let it finish, or \
             name another file"
        ));
    }
    let (shares, whole) = read(&mut file, name)?;
    let m = match &shares.first {
        Some((id, _)) => id.m,
        None => counter.suggested_shares(),
    };
    let mut expected = expected_id(args, counter, m)?;
    if let Some((id, at)) = &shares.first {
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
    if whole < file.metadata().map_err(&io)?.len() {
        // A torn last line: power lost in the middle of a write. Its share is counted again.
        let _ = writeln!(
            std::io::stderr(),
            "note: {name}: its last line was cut short (a write that did not finish): \
             dropped, and its share counted again"
        );
        file.set_len(whole).map_err(&io)?;
    }
    Ok((Writable::Yes((file, whole)), shares, expected))
}

/// Counts the shares of `expected.m` that `done` lacks, appending each to `file` as it
/// finishes, with a bar of shares; a signal stops it after the write under way. The records
/// of the shares this run counted.
fn count_missing(
    args: &Args,
    counter: &Counter,
    expected: &CountId,
    file: (File, u64),
    done: &BTreeMap<u64, Record>,
    name: &str,
) -> Result<Vec<Record>, Failure> {
    let m = expected.m;
    let file = Mutex::new(file);
    let finished = Mutex::new(Vec::new());
    let before = done.len() as u64;
    let kept = || before + finished.lock().map_or(0, |f| f.len() as u64);
    if before > 0 && before < m {
        crate::progress::note(&format!(
            "resuming from {name}: {before} of {m} shares kept, {} to count",
            m - before
        ));
    }
    let stop = crate::signals::Stop::watch();
    let stopping = || {
        let (what, status) = stop.signalled()?;
        // Held to the exit: no record is half written when the process ends.
        std::mem::forget(file.lock().unwrap_or_else(PoisonError::into_inner));
        let line = format!(
            "{what}: {} of {m} shares are kept in {name}; the same command resumes from them",
            kept()
        );
        Some((line, status))
    };
    crate::progress::with_progress(
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
            let ran = counter.run_shares(
                m,
                |share| done.contains_key(&share.k()),
                |share, counts| {
                    // One plan for every share (a whole count's is its method's own).
                    let plan = match m {
                        1 => counts.plan().to_string(),
                        _ => expected.plan.clone(),
                    };
                    let seconds = share_start.elapsed().as_secs_f64();
                    let record = args.record(&counts, share, seconds, plan);
                    share_start = Instant::now();
                    let (file, len) = &mut *file.lock().unwrap_or_else(PoisonError::into_inner);
                    if let Err(e) = append(file, len, &record) {
                        failed = Some(write_failed(name)(e));
                        return ControlFlow::Break(());
                    }
                    finished
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(record);
                    show(kept(), 0);
                    ControlFlow::Continue(())
                },
                |p| {
                    let inner = (p.done.min(p.of) * STEPS_PER_SHARE)
                        .checked_div(p.of)
                        .unwrap_or(0);
                    show(kept(), inner);
                },
            );
            failed.map_or(ran.map(drop).map_err(Failure::from), Err)
        },
        &stopping,
    )?;
    Ok(finished
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner))
}

/// What the records of this count say of it, for `m` shares: every one the file holds must
/// agree, and every one this run appends does.
fn expected_id(args: &Args, counter: &Counter, m: u64) -> Result<CountId, Failure> {
    let share = counter.share(nqueens_tables::Share::new(1, m)?);
    let plan = match m {
        // A whole count's record has the plan of the method that counts it.
        1 => String::new(),
        _ => counter.plan().to_string(),
    };
    Ok(CountId {
        n: args.board.n as u64,
        m,
        plan,
        version: env!("CARGO_PKG_VERSION").to_string(),
        fixed: fixed_list(&args.fixed),
        fundamental: share.planned_method() == Method::EightFold,
    })
}

/// The records of the file, and the length of its whole lines: past it is a torn last line
/// (no newline at its end), which is not read. Any other line that is not a record is an
/// error naming it.
fn read(file: &mut File, name: &str) -> Result<(Shares, u64), Failure> {
    let label = format!("checkpoint {name}");
    let cannot = read_failed(&label);
    file.seek(SeekFrom::Start(0)).map_err(cannot)?;
    let mut reader = BufReader::new(&*file);
    let mut shares = Shares::default();
    let mut whole = 0u64;
    let mut line = Vec::new();
    for number in 1u64.. {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut line)
            .map_err(cannot)?;
        if read == 0 {
            break;
        }
        let at = format!("{name}:{number}");
        if !line.ends_with(b"\n") {
            if line.len() as u64 > MAX_LINE {
                return usage(format!(
                    "{at}: a line of more than {MAX_LINE} bytes is not a share record"
                ));
            }
            // The end of the file, mid-line: a write that did not finish, which leaves the
            // start of a record. Anything else is not a checkpoint's, and is left alone.
            if !is_record_start(&line) {
                return usage(format!(
                    "{at}: neither a share record nor the start of one (all that a cut write \
                     leaves): {name} is not a checkpoint; it is left as it was: name another file"
                ));
            }
            break;
        }
        whole += read as u64;
        let Ok(text) = std::str::from_utf8(&line) else {
            return usage(format!(
                "{at}: not text (invalid UTF-8): not a share record"
            ));
        };
        if text.trim().is_empty() {
            continue;
        }
        let record = Record::parse(text).or_else(|why| usage(format!("{at}: {why}")))?;
        shares.add(record, at)?;
    }
    shares.note_repeats();
    Ok((shares, whole))
}

/// Whether `bytes` (a last line with no newline) can be what a cut write of a record left:
/// the start of `{"n":` and then the record's own characters, printable ASCII.
fn is_record_start(bytes: &[u8]) -> bool {
    const OPENING: &[u8] = b"{\"n\":";
    let opens = match bytes.len() < OPENING.len() {
        true => OPENING.starts_with(bytes),
        false => bytes.starts_with(OPENING),
    };
    opens && bytes.iter().all(|b| (b' '..=b'~').contains(b))
}

/// Appends `record` as one line to `file`, whose whole lines end at `len`, and flushes it to
/// disk. A write that fails leaves the file as it was: what it wrote is cut off again.
fn append(file: &mut File, len: &mut u64, record: &Record) -> std::io::Result<()> {
    let mut line = record.to_line();
    line.push('\n');
    let written = file
        .write_all(line.as_bytes())
        .and_then(|()| file.sync_data());
    if let Err(e) = written {
        // Cut back to the last whole line, so that no half line is left for the next run
        // to drop; if even that fails, the next run drops it.
        let _ = file.set_len(*len).and_then(|()| file.sync_data());
        return Err(e);
    }
    *len += line.len() as u64;
    Ok(())
}
