//! The code of one lookup, for reading the assembly (see BENCHMARKS.md):
//! `cargo rustc --release -p nqueens-tables --example lookup -- --emit asm`

/// `table(8).get(i)` as a function of its own.
#[inline(never)]
pub fn lookup_table(i: usize) -> Option<&'static [u8]> {
    nqueens_tables::table(8)?.get(i)
}

/// `SOLUTIONS_8.get(i)`: a bounds check and an address.
#[inline(never)]
pub fn lookup_static(i: usize) -> Option<&'static [u8; 8]> {
    nqueens_tables::SOLUTIONS_8.get(i)
}

fn main() {
    let i = std::env::args().count() * 10;
    println!("{:?} {:?}", lookup_table(i), lookup_static(i));
}
