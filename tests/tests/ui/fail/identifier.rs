use nqueens_tables::nqueens;

static TABLE: &[[u8; 8]; 92] = nqueens!(N);

fn main() {
    let _ = TABLE;
}
