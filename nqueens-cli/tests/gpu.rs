//! `count --gpu` and `nqueens gpu` end to end, in a build with the feature `gpu`, on
//! whatever adapter wgpu finds: in CI, Mesa's software Vulkan (lavapipe), which `.ci/run`
//! installs and asks for with `NQUEENS_GPU_TESTS` (no adapter is then a failure; elsewhere
//! the tests that need one say so and pass).
#![cfg(feature = "gpu")]

use std::process::{Command, Output};

const NQ: &str = env!("CARGO_BIN_EXE_nqueens");

fn nq(args: &[&str]) -> Output {
    Command::new(NQ).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether `nqueens gpu` finds an adapter; `false` (and a line saying so) where the run may
/// go on without one.
fn adapter_here() -> bool {
    if nq(&["gpu"]).status.success() {
        return true;
    }
    assert!(
        std::env::var_os("NQUEENS_GPU_TESTS").is_none(),
        "NQUEENS_GPU_TESTS is set, and `nqueens gpu` finds no adapter"
    );
    eprintln!("skipped: no GPU adapter here (mesa-vulkan-drivers gives a software one)");
    false
}

#[test]
fn count_15_on_the_gpu_and_its_adapter_listed() {
    if !adapter_here() {
        return;
    }
    let listed = nq(&["gpu"]);
    let line = text(&listed.stdout);
    assert!(
        line.contains("Vulkan") || line.contains("Metal") || line.contains("Dx12"),
        "{line}"
    );
    let out = nq(&["count", "15", "--gpu", "--progress", "none"]);
    assert_eq!(text(&out.stdout), "2279184\n", "{}", text(&out.stderr));
    // Nothing on stderr of the drivers' own (the runtime-folder note of Mesa's).
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn shares_of_16_on_the_gpu_merge_and_say_so() {
    if !adapter_here() {
        return;
    }
    let mut lines = String::new();
    for k in 1..=4 {
        let share = format!("{k}/4");
        let out = nq(&[
            "count", "16", "--gpu", "--share", &share, "--format", "json",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let line = text(&out.stdout);
        assert!(
            line.contains("\"method\":\"gpu\"") && line.contains("\"plan\":\"g1-"),
            "{line}"
        );
        lines.push_str(&line);
    }
    let merged = merge(&lines);
    assert_eq!(
        text(&merged.stdout),
        "14772512\n",
        "{}",
        text(&merged.stderr)
    );
    // A GPU share among CPU shares: another plan, refused.
    let cpu = text(&nq(&["count", "16", "--share", "1/4", "--format", "json"]).stdout);
    let mixed = lines.lines().skip(1).fold(cpu, |all, l| all + l + "\n");
    let refused = merge(&mixed);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("shares of different counts"),
        "{}",
        text(&refused.stderr)
    );
}

#[test]
fn a_gpu_record_round_trips_through_merge_and_a_checkpoint() {
    if !adapter_here() {
        return;
    }
    let whole = nq(&["count", "14", "--gpu", "--format", "json"]);
    let record = text(&whole.stdout);
    assert!(record.contains("\"checked\":true"), "{record}");
    assert_eq!(text(&merge(&record).stdout), "365596\n");
    let dir = std::env::temp_dir().join(format!("nqueens-gpu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("c14");
    let path = file.to_str().unwrap();
    for round in ["first", "again"] {
        let out = nq(&["count", "14", "--gpu", "--checkpoint", path]);
        assert_eq!(
            text(&out.stdout),
            "365596\n",
            "{round}: {}",
            text(&out.stderr)
        );
    }
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("\"method\":\"gpu\""));
    // The same file is not a CPU count's.
    let cpu = nq(&["count", "14", "--checkpoint", path]);
    assert_eq!(cpu.status.code(), Some(2), "{}", text(&cpu.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_adapter_is_one_line_and_status_2() {
    // A Vulkan loader told of no driver: no adapter at all.
    for args in [&["count", "8", "--gpu"][..], &["gpu"]] {
        let out = Command::new(NQ)
            .args(args)
            .env("VK_ICD_FILENAMES", "/nonexistent.json")
            .env("VK_DRIVER_FILES", "/nonexistent.json")
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err,
            "error: no GPU adapter found: install a Vulkan (or Metal/DX12) driver, or count \
             without --gpu\n",
            "{args:?}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn what_the_gpu_does_not_count_is_refused_before_any_device() {
    for (args, says) in [
        (
            &["count", "12", "--gpu", "--fundamental"][..],
            "not symmetry classes",
        ),
        (
            &["count", "12", "--gpu", "--fixed", "1,1"],
            "not with queens fixed",
        ),
    ] {
        let out = nq(args);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

fn merge(lines: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(NQ)
        .arg("merge")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(lines.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
