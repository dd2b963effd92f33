//! The macro's compile errors, each with a checked-in `.stderr`, and the forms that must build.
//! Regenerate the `.stderr` files with `TRYBUILD=overwrite cargo test -p nqueens-tests --test ui`
//! and review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/fail/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
