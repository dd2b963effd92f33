use nqueens_tables::nqueens;

static TABLE: &[[u8; 8]; 92] = nqueens!(16, fundamental);

fn main() {
    let _ = TABLE;
}
