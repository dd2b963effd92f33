//! The judge problems' input reader and checks: any bytes on stdin give an answer or a
//! one-line refusal, never a panic. The first byte picks the problem.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nqueens_cli::judge::{run, Problem};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let problem = match pick % 3 {
        0 => Problem::P1219,
        1 => Problem::Uva750,
        _ => Problem::Acwing843,
    };
    let mut out = Vec::new();
    let _ = run(problem, &mut &input[..], &mut out);
});
