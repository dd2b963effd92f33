//! Prints the first three solutions for n (1-based columns) and the number of solutions.
//!
//! `cargo run -p nqueens-tables --example first --release -- 8`

use std::process::ExitCode;

fn main() -> ExitCode {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "8".to_string());
    let Some(n) = arg
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=nqueens_tables::MAX_N).contains(n))
    else {
        eprintln!(
            "error: n must be an integer from 1 to {}, got {arg:?}",
            nqueens_tables::MAX_N
        );
        return ExitCode::from(2);
    };
    let Some(solutions) = nqueens_tables::solutions(n) else {
        return ExitCode::from(2);
    };
    for sol in solutions.take(3) {
        let line: Vec<String> = sol.iter().map(|c| (c + 1).to_string()).collect();
        println!("{}", line.join(" "));
    }
    match nqueens_tables::known_count(n) {
        Some(count) => println!("{count}"),
        None => println!("count unknown for n = {n}"),
    }
    ExitCode::SUCCESS
}
