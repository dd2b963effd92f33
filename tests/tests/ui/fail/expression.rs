use nqueens_tables::nqueens;

static TABLE: &[[u8; 8]; 92] = nqueens!(4 + 4);

fn main() {
    let _ = TABLE;
}
