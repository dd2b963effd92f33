//! Counts the solutions for n on one thread: `cargo run -p nqueens-tables --release --example count -- 14`

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let counter = nqueens_tables::Counter::new(n).map(|c| c.unique(true));
    match counter.and_then(|c| c.run().ok()) {
        Some(c) => println!("n={n} total={} unique={}", c.total, c.unique.unwrap_or(0)),
        None => {
            eprintln!("error: n must be from 1 to {}", nqueens_tables::MAX_N);
            std::process::exit(2);
        }
    }
}
