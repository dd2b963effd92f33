static NONE: [[u8; 0]; 1] = nqueens::const_solutions();

fn main() {
    let _ = &NONE;
}
