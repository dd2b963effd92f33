// The expansion is safe code: it compiles in a crate that forbids `unsafe`.
#![forbid(unsafe_code)]

use nqueens_tables::nqueens;

static EIGHT: &[[u8; 8]; 92] = nqueens!(8);
const UNIQUE_8: &[[u8; 8]; 12] = nqueens!(8, fundamental);
const ONE: &[[u8; 1]; 1] = nqueens!(1);
const THREE: &[[u8; 3]; 0] = nqueens!(3);
const TRAILING_COMMA: &[[u8; 4]; 2] = nqueens!(4,);
const FOURTEEN: usize = nqueens!(14usize).len();

fn main() {
    assert!(EIGHT[0][0] == 0 && UNIQUE_8.len() == 12 && ONE[0][0] == 0 && THREE.is_empty());
    assert!(TRAILING_COMMA[1][0] == 2 && FOURTEEN == 365_596);
}
