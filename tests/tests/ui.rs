//! The macro's compile errors, each with a checked-in `.stderr`, and the forms that must build
//! (`pass-full/` in the full run alone).
//! Regenerate the `.stderr` files with `TRYBUILD=overwrite cargo test -p nqueens-tests --test ui`
//! and review the diff.
//!
//! The macro's messages are ours and the same on every compiler from the MSRV on. The
//! failures of `const_solutions` in const evaluation are rustc's own report, whose wording
//! and underlines change between compiler versions: those snapshots are checked on the
//! compiler they were blessed with, and skipped (saying so) on any other.

/// The compiler the `const-fail` snapshots were written by.
const BLESSED: &str = "1.95";

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/fail/*.rs");
    t.pass("tests/ui/pass/*.rs");
    // n = 12 evaluated in a user's crate takes more than half of this test: the full run
    // (NQUEENS_FULL_TESTS, as .ci/run sets it) alone.
    if nqueens_tests::full() {
        t.pass("tests/ui/pass-full/*.rs");
    }
    match rustc_version() {
        Some(v) if v == BLESSED => t.compile_fail("tests/ui/const-fail/*.rs"),
        other => eprintln!(
            "note: const-eval error snapshots skipped: they are rustc {BLESSED}'s wording, this is {}",
            other.as_deref().unwrap_or("an unknown rustc")
        ),
    }
}

/// `major.minor` of the compiler cargo runs (`$RUSTC`, else `rustc` on the path, which
/// rustup points at the toolchain of this `cargo +TOOLCHAIN` run).
fn rustc_version() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = std::process::Command::new(rustc).arg("-V").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let full = text.split_whitespace().nth(1)?;
    let mut parts = full.split('.');
    Some(format!("{}.{}", parts.next()?, parts.next()?))
}
