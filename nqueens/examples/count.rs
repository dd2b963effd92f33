//! Counts the solutions for n on one thread: `cargo run -p nqueens-tables --release --example count -- 14`

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let counter = nqueens_tables::Counter::new(n).map(|c| c.fundamental(true));
    match counter.and_then(|c| c.run()) {
        // The 8-fold counter, which `unique(true)` picks, always counts the classes.
        Ok(c) => println!("n={n} total={} fundamental={:?}", c.total, c.fundamental),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}
