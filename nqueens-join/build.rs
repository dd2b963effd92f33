//! Tells the crate whether its compiler has AVX-512's intrinsics and target features, stable
//! from Rust 1.89: the crate's MSRV is 1.88, and there the join's loops stop at AVX2. No
//! dependency: the version is read off `rustc --version`.

use std::env;
use std::process::Command;

/// The first Rust with AVX-512's intrinsics and target features (`avx512f`) stable.
const AVX512_FROM_MINOR: u32 = 89;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(nqueens_avx512)");
    println!("cargo::rerun-if-env-changed=RUSTC");
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .unwrap_or_default();
    // "rustc 1.95.0 (59807616e 2026-04-14)": the minor version.
    let minor = version
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1))
        .and_then(|m| m.parse::<u32>().ok());
    if minor.is_some_and(|m| m >= AVX512_FROM_MINOR) {
        println!("cargo::rustc-cfg=nqueens_avx512");
    }
}
