use nqueens_tables::nqueens;

static TABLE: &[[u8; 8]; 92] = nqueens!(8, all);

fn main() {
    let _ = TABLE;
}
