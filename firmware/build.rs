//! Puts the board's memory layout (memory/BOARD.x, chosen by the `board-*` feature) where the
//! linker finds it as memory.x, and rebuilds when it changes. The Uno has none: avr-gcc
//! links it with avr-libc's own layout for the ATmega328P.
use std::{env, fs, path::PathBuf};

fn main() {
    let boards = ["mps2-an385", "mps2-an500", "microbit", "virt", "uno"];
    let chosen: Vec<&str> = boards
        .iter()
        .copied()
        .filter(|b| {
            env::var_os(format!(
                "CARGO_FEATURE_BOARD_{}",
                b.to_uppercase().replace('-', "_")
            ))
            .is_some()
        })
        .collect();
    let board = match chosen[..] {
        [board] => board,
        _ => panic!(
            "enable exactly one of the features board-mps2-an385, board-mps2-an500, \
             board-microbit, board-virt, board-uno"
        ),
    };
    if board == "uno" {
        return;
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let layout = format!("memory/{board}.x");
    fs::copy(&layout, out.join("memory.x")).expect("the board's memory layout is readable");
    println!("cargo:rustc-link-search={}", out.display());
    for b in boards.iter().filter(|&&b| b != "uno") {
        println!("cargo:rerun-if-changed=memory/{b}.x");
    }
}
