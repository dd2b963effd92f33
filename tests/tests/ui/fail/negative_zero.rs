use nqueens_tables::nqueens;

static TABLE: &[[u8; 8]; 92] = nqueens!(-0);

fn main() {
    let _ = TABLE;
}
