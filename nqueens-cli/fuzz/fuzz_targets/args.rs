//! The command line: any arguments (NUL-separated bytes) parse or give clap's error, with our
//! value parsers (board sizes, `--share K/M`, `--fixed ROW,COL`, positions, columns) behind
//! them; never a panic. Parsing only: running a parsed `count 32` would take days.
#![no_main]

use clap::Parser;
use libfuzzer_sys::fuzz_target;
use nqueens_cli::{one_line, Cli};

fuzz_target!(|data: &[u8]| {
    let args = std::iter::once("nqueens".to_string()).chain(
        data.split(|&b| b == 0)
            .map(|arg| String::from_utf8_lossy(arg).into_owned()),
    );
    if let Err(e) = Cli::try_parse_from(args) {
        let line = one_line(&e.render().to_string());
        assert!(!line.contains('\n'));
    }
});
