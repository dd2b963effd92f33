use nqueens_tables::nqueens;

static TABLE: &[[u8; 8]; 92] = nqueens!(15, packed);

fn main() {
    let _ = TABLE;
}
