//! `count --checkpoint FILE`: killed at any moment and run again, the count is exact and the
//! file holds each share once; a torn line is dropped, a foreign file refused, a signal stops
//! it with the shares kept, and a failed write leaves no half line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const NQ: &str = env!("CARGO_BIN_EXE_nqueens");

/// How long a test waits before it takes a run for a hang: far above anything it waits for,
/// so that a clock in a test never measures speed.
const HANG: Duration = Duration::from_secs(120);

/// A fresh folder for one test.
/// Whether this is the full run (NQUEENS_FULL_TESTS set, as `.ci/run` sets it): more rounds
/// and larger inputs than the everyday `cargo test`, which checks the same things.
fn full() -> bool {
    std::env::var_os("NQUEENS_FULL_TESTS").is_some()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-ckpt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn nq(args: &[&str]) -> Output {
    Command::new(NQ).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `k` of every record in `file`, in file order.
fn ks(file: &Path) -> Vec<u64> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["k"].as_u64().unwrap()
        })
        .collect()
}

/// A pseudo-random number from the clock: each run kills at other moments.
fn jitter(bound: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    u64::from(nanos.wrapping_mul(2_654_435_761)) % bound
}

#[test]
fn killed_at_random_moments_the_count_is_exact_and_each_share_is_kept_once() {
    let dir = scratch("kill");
    let file = dir.join("17.jsonl");
    let path = file.to_str().unwrap();
    let args = ["count", "17", "-j", "2", "--checkpoint", path];
    let mut kills = 0;
    for _ in 0..if full() { 6 } else { 2 } {
        let mut child = Command::new(NQ)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(50 + jitter(400)));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL
            kills += 1;
        }
        child.wait().unwrap();
    }
    let out = nq(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "95815104\n");
    let mut seen = ks(&file);
    let m = seen.len() as u64;
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len() as u64, m, "a share kept twice");
    assert_eq!(seen, (1..=m).collect::<Vec<_>>());
    // `merge` reads the same file to the same total, and a finished file answers from
    // reading alone: no count starts (it would say so after a second), nothing is resumed.
    assert_eq!(text(&nq(&["merge", path]).stdout), "95815104\n");
    let again = nq(&args);
    assert_eq!(text(&again.stdout), "95815104\n");
    assert!(again.stderr.is_empty(), "{}", text(&again.stderr));
    eprintln!("{kills} kills");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_torn_last_line_is_dropped_and_its_share_counted_again() {
    let dir = scratch("torn");
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    let whole = nq(&["count", "17", "--checkpoint", path]);
    assert!(whole.status.success());
    let lines: Vec<String> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    // Three complete lines and half of the fourth, as a power cut would leave them.
    let torn = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(&file, torn).unwrap();
    let out = nq(&["count", "17", "--checkpoint", path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "95815104\n");
    assert!(
        text(&out.stderr).contains("cut short"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(ks(&file).len(), lines.len());
    // A malformed line that is not the last is an error naming it, and nothing changes.
    let bad = format!("{}\nnot a record\n{}\n", lines[0], lines[1]);
    std::fs::write(&file, &bad).unwrap();
    let out = nq(&["count", "17", "--checkpoint", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(&format!("{path}:2")),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), bad);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_of_another_count_is_refused_and_left_as_it_was() {
    let dir = scratch("foreign");
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    assert!(nq(&["count", "17", "--checkpoint", path]).status.success());
    let before = std::fs::read(&file).unwrap();
    for (args, what) in [
        (vec!["count", "18"], "n = 17"),
        (vec!["count", "17", "--fixed", "1,1"], "fixed = none"),
        (
            vec!["count", "17", "--fundamental"],
            "fundamental = not counted",
        ),
    ] {
        let mut args = args;
        args.extend_from_slice(&["--checkpoint", path]);
        let out = nq(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains(what) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), before);
    }
    // Another version, and another plan.
    let text_before = String::from_utf8(before.clone()).unwrap();
    for (from, to, what) in [
        ("\"version\":\"", "\"version\":\"9.", "version = 9."),
        ("\"plan\":\"j1-", "\"plan\":\"r1-", "plan = r1-"),
    ] {
        std::fs::write(&file, text_before.replace(from, to)).unwrap();
        let out = nq(&["count", "17", "--checkpoint", path]);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(what), "{}", text(&out.stderr));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Starts `count 19 --checkpoint FILE`, waits until it has kept a share, sends `signal`.
fn stopped_by(signal: &str) -> (Output, PathBuf) {
    let dir = scratch(signal);
    let file = dir.join("c");
    let child = Command::new(NQ)
        .args([
            "count",
            "19",
            "-j",
            "2",
            "--checkpoint",
            file.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&file).map_or(0, |m| m.len()) == 0 {
        assert!(start.elapsed() < HANG, "no share kept");
        std::thread::sleep(Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    (out, file)
}

#[cfg(unix)]
#[test]
fn ctrl_c_and_sigterm_stop_with_the_finished_shares_kept() {
    for (signal, status) in [("INT", 130), ("TERM", 143)] {
        let (out, file) = stopped_by(signal);
        assert_eq!(out.status.code(), Some(status), "{}", text(&out.stderr));
        // Stopped, not finished: no total.
        assert!(out.stdout.is_empty(), "{signal}: {}", text(&out.stdout));
        // One line, after the line that says what the count is where it ran a second.
        let all = text(&out.stderr);
        let lines: Vec<&str> = all.lines().collect();
        assert!(
            lines.len() == 1 || (lines.len() == 2 && lines[0].starts_with("nqueens: counting")),
            "{all}"
        );
        let err = lines[lines.len() - 1];
        assert!(
            err.contains(file.to_str().unwrap()) && err.contains("resumes"),
            "{err}"
        );
        let kept = ks(&file);
        assert!(!kept.is_empty());
        // The number it reports is the number in the file, not one short of a share that
        // was being written when the signal came.
        // The last line, a status line like every other: `nqueens: interrupted: 4 of 70 ...`.
        let said: usize = err
            .strip_prefix("nqueens: ")
            .unwrap_or_else(|| panic!("no prefix: {err}"))
            .split(": ")
            .nth(1)
            .and_then(|rest| rest.split(" of ").next())
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("no count of kept shares in: {err}"));
        assert_eq!(said, kept.len(), "{err}");
        // Every line whole: the file ends with its newline.
        assert!(std::fs::read(&file).unwrap().ends_with(b"\n"));
        std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_without_a_checkpoint_says_that_one_exists() {
    let child = Command::new(NQ)
        .args(["count", "19", "-j", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(
        text(&out.stderr).contains("--checkpoint"),
        "{}",
        text(&out.stderr)
    );
}

/// A tmpfs of `pages` pages mounted at `dir`, where this process may mount (root on Linux);
/// `None` elsewhere.
fn tiny_disk(dir: &Path, pages: u32) -> Option<()> {
    let size = format!("size={}k", 4 * pages);
    let ok = Command::new("mount")
        .args(["-t", "tmpfs", "-o", &size, "tmpfs", dir.to_str()?])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("skipped: no tmpfs can be mounted here (needs root)");
    }
    ok.then_some(())
}

/// Mounts the tmpfs of [`tiny_disk`] at `dir` again, read-only.
fn read_only(dir: &Path) {
    let remount = Command::new("mount")
        .args(["-o", "remount,ro", dir.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(remount.success());
}

fn unmount(dir: &Path) {
    let _ = Command::new("umount").arg(dir).status();
}

#[test]
fn a_full_disk_or_a_read_only_file_leaves_no_half_line() {
    let dir = scratch("full");
    let Some(()) = tiny_disk(&dir, 1) else { return };
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    // One page: about 20 records fit, n = 17 has 72.
    let out = nq(&["count", "17", "-j", "2", "--checkpoint", path]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    // One line of error, after at most the status lines of a count that ran a while.
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.starts_with("nqueens: ")),
        "{err}"
    );
    let err = lines[lines.len() - 1];
    assert!(err.starts_with("error: ") && err.contains(path), "{err}");
    let kept = std::fs::read(&file).unwrap();
    assert!(!kept.is_empty() && kept.ends_with(b"\n"));
    let n_kept = ks(&file).len();
    // Read-only now: refused at once, the file as it was.
    read_only(&dir);
    let out = nq(&["count", "17", "--checkpoint", path]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    assert_eq!(std::fs::read(&file).unwrap(), kept);
    // Copied to a disk with room, it resumes from the shares it kept.
    let elsewhere = std::env::temp_dir().join(format!("nqueens-ckpt-moved-{}", std::process::id()));
    std::fs::write(&elsewhere, &kept).unwrap();
    unmount(&dir);
    let out = nq(&["count", "17", "--checkpoint", elsewhere.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), "95815104\n", "{}", text(&out.stderr));
    assert!(ks(&elsewhere).len() > n_kept);
    std::fs::remove_file(&elsewhere).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_same_output_as_without_the_option_in_every_format() {
    let dir = scratch("formats");
    for (i, args) in [
        vec!["count", "12"],
        vec!["count", "12", "--fundamental"],
        vec!["count", "17", "--fixed", "1,2"],
        vec!["count", "17", "--format", "json"],
    ]
    .into_iter()
    // The count with a queen fixed in the full run only: the last one has shares too.
    .filter(|args| full() || !args.contains(&"--fixed"))
    .enumerate()
    {
        let plain = nq(&args);
        let file = dir.join(i.to_string());
        let mut with = args.clone();
        with.extend_from_slice(&["--checkpoint", file.to_str().unwrap()]);
        let checked = nq(&with);
        assert!(checked.status.success(), "{}", text(&checked.stderr));
        let strip = |o: &Output| {
            // Times and how the count was cut differ; the answer must not.
            let t = text(&o.stdout);
            match serde_json::from_str::<serde_json::Value>(&t) {
                Ok(v) => format!("{} {} {}", v["n"], v["count"], v["fundamental"]),
                Err(_) => t,
            }
        };
        assert_eq!(strip(&checked), strip(&plain), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_a_checkpoint_is_refused_and_left_as_it_was() {
    let dir = scratch("notes");
    // Text of the user's: not a record, nor what a cut write of one leaves.
    for (i, body) in [
        &b"my notes"[..],
        b"{\"k\":1",
        b"{\"n\":12,\"k\":\x01",
        b"\xef\xbb\xbf{\"n\":",
    ]
    .into_iter()
    .enumerate()
    {
        let file = dir.join(format!("notes-{i}.txt"));
        std::fs::write(&file, body).unwrap();
        let out = nq(&["count", "8", "--checkpoint", file.to_str().unwrap()]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("not a checkpoint"), "{err}");
        assert_eq!(std::fs::read(&file).unwrap(), body, "{i}");
    }
    // Not a file at all: named as a checkpoint, refused.
    for path in ["/dev/null", dir.to_str().unwrap()] {
        let out = nq(&["count", "8", "--checkpoint", path]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("checkpoint {path} is not a regular file")),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_finished_checkpoint_answers_on_a_read_only_file_system() {
    let dir = scratch("ro");
    let Some(()) = tiny_disk(&dir, 64) else {
        return;
    };
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    assert_eq!(
        text(&nq(&["count", "17", "--checkpoint", path]).stdout),
        "95815104\n"
    );
    let kept = std::fs::read(&file).unwrap();
    read_only(&dir);
    let out = nq(&["count", "17", "--checkpoint", path]);
    let unchanged = std::fs::read(&file).unwrap() == kept;
    unmount(&dir);
    assert_eq!(text(&out.stdout), "95815104\n", "{}", text(&out.stderr));
    assert!(unchanged);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_run_on_one_checkpoint_is_refused() {
    let dir = scratch("two");
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    let mut first = Command::new(NQ)
        .args(["count", "19", "-j", "1", "--checkpoint", path])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Until the first run has kept a share: then it surely holds the lock.
    let start = Instant::now();
    let kept_one = || std::fs::read_to_string(&file).is_ok_and(|t| t.contains('\n'));
    while !kept_one() && start.elapsed() < HANG {
        std::thread::sleep(Duration::from_millis(50));
    }
    let before = std::fs::read(&file).unwrap();
    let second = nq(&["count", "19", "-j", "1", "--checkpoint", path]);
    let err = text(&second.stderr);
    first.kill().unwrap();
    first.wait().unwrap();
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(
        err.contains("in use by another count") && err.contains(path),
        "{err}"
    );
    // Nothing of the second run's in the file: it grew by the first run's shares alone.
    let after = std::fs::read(&file).unwrap();
    assert!(after.starts_with(&before));
    let mut seen = ks(&file);
    let kept = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), kept, "a share kept twice");
    // Killed, the first run left no stale lock: the next run resumes.
    let third = Command::new(NQ)
        .args(["count", "19", "-j", "1", "--checkpoint", path])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let mut third = third;
    let still_running = third.try_wait().unwrap().is_none();
    third.kill().unwrap();
    third.wait().unwrap();
    assert!(still_running, "the run after a kill -9 was refused");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn off_a_terminal_a_long_count_writes_status_lines_and_a_short_one_none() {
    let dir = scratch("lines");
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    // Into a file, as a batch job's log: the first status line after a few seconds (the
    // full run waits for it; everyday, a share or two are kept for the resume below, in
    // time enough for one even while the other tests, four at a time, load both cores).
    let seconds = if full() { "7" } else { "4" };
    let first = Command::new("timeout")
        .args([seconds, NQ, "count", "19", "-j", "1", "--checkpoint", path])
        .output()
        .unwrap();
    let err = text(&first.stderr);
    // What it does, said after a second, so that a log killed early is not empty.
    assert!(
        err.starts_with("nqueens: counting n = 19 in 70 shares on 1 thread\n"),
        "{err}"
    );
    let status = err
        .lines()
        .find(|l| l.starts_with("nqueens: ") && l.contains("/70 shares"))
        .unwrap_or("");
    if full() {
        assert!(
            status.contains("/70 shares ") && status.contains("%, ") && status.contains(" left"),
            "{err}"
        );
    } else {
        assert!(
            status.is_empty(),
            "a status line before five seconds: {err}"
        );
    }
    // Run again, it says what it resumes from, at once.
    let again = Command::new("timeout")
        .args(["1", NQ, "count", "19", "-j", "1", "--checkpoint", path])
        .output()
        .unwrap();
    let err = text(&again.stderr);
    assert!(
        err.starts_with(&format!("nqueens: resuming from {path}: ")),
        "{err}"
    );
    // --progress none: not a word of it.
    let quiet = Command::new("timeout")
        .args([
            "1",
            NQ,
            "count",
            "19",
            "--progress",
            "none",
            "--checkpoint",
            path,
        ])
        .output()
        .unwrap();
    // Only why it stopped (the timeout's SIGTERM), which is no progress.
    let quiet = text(&quiet.stderr);
    assert!(
        quiet
            .lines()
            .all(|l| l.starts_with("nqueens: terminated: ")),
        "{quiet}"
    );
    // A count of a moment says nothing.
    let short = nq(&["count", "16"]);
    assert!(short.stderr.is_empty(), "{}", text(&short.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn on_a_terminal_the_bar_counts_shares_and_fits_its_width() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` here to give the command a terminal");
        return;
    }
    let dir = scratch("bar");
    // The widest terminal draws a bar of 120 columns at most; one of a few columns, where
    // the bar would wrap and clear the lines above it, none. 200 columns in the full run.
    let widths: &[usize] = if full() {
        &[80, 200, 65_535, 3]
    } else {
        &[80, 65_535, 3]
    };
    for &cols in widths {
        let file = dir.join(format!("c{cols}"));
        let inner = format!(
            "stty cols {cols} rows 24; timeout 2 {NQ} count 19 -j 1 --checkpoint {}",
            file.display()
        );
        let out = Command::new("script")
            .args(["-qec", &inner, "/dev/null"])
            .output()
            .unwrap();
        let screen = text(&out.stdout);
        // Frames are redrawn in place: split on carriage returns, escape codes dropped.
        let mut plain = String::new();
        let mut escape = false;
        for ch in screen.chars() {
            match (escape, ch) {
                (false, '\u{1b}') => escape = true,
                (true, c) if c.is_ascii_alphabetic() => escape = false,
                (true, _) => {}
                (false, c) => plain.push(c),
            }
        }
        let frames: Vec<&str> = plain
            .split(['\r', '\n'])
            .filter(|f| f.contains("] ") && f.contains(" shares"))
            .collect();
        if cols < 60 {
            assert!(
                frames.is_empty() && !screen.contains('\u{1b}'),
                "{cols}: {screen:?}"
            );
            continue;
        }
        assert!(!frames.is_empty(), "{cols} columns: {plain:?}");
        for frame in &frames {
            assert!(
                frame.trim_end().chars().count() <= cols.min(120),
                "{cols}: {frame:?}"
            );
            // `4.1/70 shares 5%`: the percent is of the count it follows (rounded down), and
            // a time left comes only with an estimate, never as `eta 0s`.
            let (count, rest) = frame.split_once(" shares ").expect(frame);
            let (done, of) = count.rsplit(' ').next().unwrap().split_once('/').unwrap();
            let (done, of): (f64, f64) = (done.parse().unwrap(), of.parse().unwrap());
            let percent: f64 = rest.split('%').next().unwrap().parse().expect(frame);
            assert_eq!(
                (of, percent),
                (70.0, (done * 100.0 / 70.0).floor()),
                "{frame:?}"
            );
            assert!(
                !frame.contains("eta") && !frame.contains(" 0s left"),
                "{frame:?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--fixed` arguments for the queens of the first `rows` rows of `n`'s first solution
/// (`nth N 1`): a count of any size made cheap, cut by the join's plan from n = 5 to 23.
/// N = 2 and 3 have no solution: one queen in the corner.
fn first_rows(n: usize, rows: usize) -> Vec<String> {
    let first = text(&nq(&["nth", &n.to_string(), "1"]).stdout);
    let columns: Vec<&str> = first.split_whitespace().collect();
    match columns.is_empty() {
        true => vec!["--fixed".into(), "1,1".into()],
        false => columns[..rows.min(n)]
            .iter()
            .enumerate()
            .flat_map(|(row, column)| ["--fixed".into(), format!("{},{column}", row + 1)])
            .collect(),
    }
}

/// Runs `args` with `stdin` fed to it.
fn nq_fed(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(NQ)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// Counts `n` with `case` (its extra arguments) plainly, then with `--checkpoint` twice, then
/// merges the checkpoint and `--format json`'s record: every answer must be the plain one.
fn round_trips(dir: &Path, n: usize, case: &[String]) {
    let size = n.to_string();
    let mut args = vec!["count", size.as_str()];
    args.extend(case.iter().map(String::as_str));
    let plain = nq(&args);
    assert!(plain.status.success(), "{args:?}: {}", text(&plain.stderr));
    let file = dir.join(format!("{n}-{}", case.join("_").replace(',', "-")));
    let mut kept = args.clone();
    kept.extend_from_slice(&["--checkpoint", file.to_str().unwrap()]);
    for round in ["first", "again"] {
        let out = nq(&kept);
        assert!(
            out.status.success(),
            "{kept:?} {round}: {}",
            text(&out.stderr)
        );
        assert_eq!(out.stdout, plain.stdout, "{kept:?} {round}");
    }
    let merged = nq(&["merge", file.to_str().unwrap()]);
    assert_eq!(
        merged.stdout,
        plain.stdout,
        "merge {kept:?}: {}",
        text(&merged.stderr)
    );
    let mut json = args.clone();
    json.extend_from_slice(&["--format", "json"]);
    let record = nq(&json);
    let merged = nq_fed(&["merge"], &record.stdout);
    assert_eq!(
        merged.stdout,
        plain.stdout,
        "{json:?} | merge: {}",
        text(&merged.stderr)
    );
}

/// Up to where a whole board and its classes are quick (the full run: 18, whose classes take
/// half a minute).
fn whole_boards_to() -> (usize, usize) {
    if full() {
        (18, 18)
    } else {
        (17, 15)
    }
}

#[test]
fn every_n_with_queens_fixed_checkpoints_twice_and_merges() {
    // The first rows of a solution fixed: a count of any n made cheap.
    let dir = scratch("every-fixed");
    for n in 1..=23 {
        round_trips(&dir, n, &first_rows(n, n / 2));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_whole_board_checkpoints_twice_and_merges() {
    let dir = scratch("every-whole");
    for n in 1..=whole_boards_to().0 {
        round_trips(&dir, n, &[]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_count_of_classes_checkpoints_twice_and_merges() {
    let dir = scratch("every-classes");
    for n in 1..=whole_boards_to().1 {
        round_trips(&dir, n, &["--fundamental".into()]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_of_another_program_is_refused_and_left_byte_for_byte() {
    let dir = scratch("json");
    // What Python's json.dump writes (no final newline), and the same without spaces: one
    // line that opens as a record does, and is not the start of one.
    for (i, body) in [
        &br#"{"n": 8, "note": "keep me"}"#[..],
        br#"{"n":8,"note":"keep me"}"#,
        br#"{"n":8,"share":"1/1","k":1,"m":1,"count":92,"extra":1}"#,
    ]
    .into_iter()
    .enumerate()
    {
        let file = dir.join(format!("settings-{i}.json"));
        std::fs::write(&file, body).unwrap();
        for args in [
            vec!["count", "8", "--checkpoint", file.to_str().unwrap()],
            vec!["merge", file.to_str().unwrap()],
        ] {
            let out = nq(&args);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains("not a checkpoint") && err.lines().count() == 1,
                "{err}"
            );
            assert_eq!(std::fs::read(&file).unwrap(), body, "{args:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_complete_last_record_is_kept_and_a_torn_tail_dropped_by_count_and_merge_alike() {
    let dir = scratch("tail");
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    assert!(nq(&["count", "17", "--checkpoint", path]).status.success());
    let whole = std::fs::read(&file).unwrap();
    let shares = ks(&file).len();
    // The last record without its newline: kept, not counted again, and completed.
    std::fs::write(&file, &whole[..whole.len() - 1]).unwrap();
    let merged = nq(&["merge", path]);
    assert_eq!(
        text(&merged.stdout),
        "95815104\n",
        "{}",
        text(&merged.stderr)
    );
    let out = nq(&["count", "17", "--checkpoint", path]);
    assert_eq!(text(&out.stdout), "95815104\n");
    assert!(
        !text(&out.stderr).contains("cut short"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&file).unwrap(), whole);
    // A crash's zero-filled tail, longer than a line: dropped with a note by both.
    let zeros = [&whole[..], &vec![0u8; 10_000]].concat();
    std::fs::write(&file, &zeros).unwrap();
    let merged = nq(&["merge", path]);
    assert_eq!(
        text(&merged.stdout),
        "95815104\n",
        "{}",
        text(&merged.stderr)
    );
    assert!(
        text(&merged.stderr).contains("cut short"),
        "{}",
        text(&merged.stderr)
    );
    let out = nq(&["count", "17", "--checkpoint", path]);
    assert_eq!(text(&out.stdout), "95815104\n", "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("cut short"));
    assert_eq!(std::fs::read(&file).unwrap(), whole);
    // Half a record: merge drops it too, and then misses its share.
    let lines: Vec<&[u8]> = whole.split_inclusive(|&b| b == b'\n').collect();
    let last = lines[shares - 1];
    let torn = [&whole[..whole.len() - last.len()], &last[..last.len() / 2]].concat();
    std::fs::write(&file, &torn).unwrap();
    let merged = nq(&["merge", path]);
    assert_eq!(merged.status.code(), Some(3), "{}", text(&merged.stderr));
    assert!(
        text(&merged.stderr).contains("cut short"),
        "{}",
        text(&merged.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_started_while_a_dying_one_holds_the_lock_waits_for_it() {
    // `flock` holds the checkpoint's lock for a second, as a process killed with -9 holds
    // it until the kernel has torn it down.
    let dir = scratch("dying");
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    std::fs::write(&file, b"").unwrap();
    let Ok(mut holder) = Command::new("flock").args([path, "sleep", "1"]).spawn() else {
        return; // no util-linux here
    };
    std::thread::sleep(Duration::from_millis(200));
    let out = nq(&["count", "16", "--checkpoint", path]);
    holder.wait().unwrap();
    let err = text(&out.stderr);
    assert_eq!(text(&out.stdout), "14772512\n", "{err}");
    assert!(err.contains("waiting for the lock"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_deleted_or_replaced_under_a_run_stops_it() {
    let dir = scratch("replaced");
    let file = dir.join("c");
    let path = file.to_str().unwrap();
    for how in ["deleted", "replaced"] {
        let _ = std::fs::remove_file(&file);
        let run = Command::new(NQ)
            .args(["count", "19", "-j", "1", "--checkpoint", path])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while !std::fs::read_to_string(&file).is_ok_and(|t| t.contains('\n')) {
            assert!(start.elapsed() < HANG, "no share kept");
            std::thread::sleep(Duration::from_millis(20));
        }
        match how {
            "deleted" => std::fs::remove_file(&file).unwrap(),
            _ => std::fs::rename(&file, dir.join("moved")).unwrap(),
        }
        if how == "replaced" {
            std::fs::write(&file, b"").unwrap();
        }
        let out = run.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{how}: {err}");
        assert!(err.contains("deleted or replaced"), "{how}: {err}");
        assert!(out.stdout.is_empty());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_prints_what_count_printed_and_unchecked_totals_say_so() {
    let dir = scratch("prints");
    let file = dir.join("f");
    let path = file.to_str().unwrap();
    let count = nq(&["count", "14", "--fundamental", "--checkpoint", path]);
    assert_eq!(text(&count.stdout), "45752\n");
    assert_eq!(text(&nq(&["merge", path]).stdout), "45752\n");
    // Queens fixed: no published count, so a note says the total is unchecked, and the
    // bound that holds (at most the board's total) is kept.
    let fixed = dir.join("fixed");
    let fixed_path = fixed.to_str().unwrap();
    let args = ["count", "17", "--fixed", "1,2", "--checkpoint", fixed_path];
    let out = nq(&args);
    assert!(
        text(&out.stderr).contains("no published count"),
        "{}",
        text(&out.stderr)
    );
    let lines = std::fs::read_to_string(&fixed).unwrap();
    let first = lines.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(first).unwrap();
    let count = v["count"].as_u64().unwrap();
    let past = lines.replacen(&format!("\"count\":{count},"), "\"count\":95815000,", 1);
    std::fs::write(&fixed, past).unwrap();
    let out = nq(&args);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("95815104 in all"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
