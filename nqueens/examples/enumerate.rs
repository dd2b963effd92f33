//! Enumerates every solution for n in lexicographic order through `nqueens_tables::solutions` and
//! prints the count and a checksum over the 1-based columns, in the same form as
//! `bench/c/classic.c`, so the two outputs must be equal: same solutions, same order.
//!
//! `cargo run -p nqueens-tables --release --example enumerate -- 14`

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    let Some(solutions) = nqueens_tables::solutions(n) else {
        eprintln!("error: n must be from 1 to {}", nqueens_tables::MAX_N);
        std::process::exit(2);
    };
    let (mut count, mut checksum) = (0u64, 0u64);
    for sol in solutions {
        count += 1;
        for &c in sol.iter() {
            checksum = checksum.wrapping_mul(31).wrapping_add(u64::from(c) + 1);
        }
    }
    println!("{count} {checksum}");
}
