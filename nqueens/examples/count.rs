//! Counts the solutions for n on one thread: `cargo run -p nqueens --release --example count -- 14`

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    match nqueens::count_solutions(n) {
        Some(c) => println!("n={n} total={} unique={}", c.total, c.unique),
        None => {
            eprintln!("error: n must be from 1 to {}", nqueens::MAX_N);
            std::process::exit(2);
        }
    }
}
