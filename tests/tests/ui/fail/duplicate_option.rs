use nqueens_tables::nqueens;

static TABLE: &[[u8; 4]; 92] = nqueens!(8, packed, packed);

fn main() {
    let _ = TABLE;
}
