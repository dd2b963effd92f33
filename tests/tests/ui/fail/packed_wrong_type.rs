use nqueens_tables::nqueens;

// A packed row is ceil(n / 2) bytes, so the element type is [u8; 4] for n = 8.
static TABLE: &[[u8; 8]; 92] = nqueens!(8, packed);

fn main() {
    let _ = TABLE;
}
