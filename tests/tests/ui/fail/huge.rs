use nqueens_tables::nqueens;

static TABLE: &[[u8; 8]; 92] = nqueens!(340282366920938463463374607431768211456);

fn main() {
    let _ = TABLE;
}
