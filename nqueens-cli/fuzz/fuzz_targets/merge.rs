//! `nqueens merge`'s reader: any bytes on stdin give a total, a list of missing shares or a
//! one-line refusal, never a panic, and never an allocation sized by the input's numbers.
//! The first byte picks the output format.
#![no_main]

use clap::Parser;
use libfuzzer_sys::fuzz_target;
use nqueens_cli::{run, stream::Output, Cli};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let format = if pick % 2 == 0 { "text" } else { "json" };
    let Ok(cli) = Cli::try_parse_from(["nqueens", "merge", "--format", format]) else {
        return;
    };
    let mut out = Output::new(Box::new(std::io::sink()), false);
    let _ = run(cli.command, &mut &input[..], &mut out);
});
