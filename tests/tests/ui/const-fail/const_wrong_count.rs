static SIX: [[u8; 6]; 5] = nqueens_tables::const_solutions();

fn main() {
    let _ = &SIX;
}
