// n = 12 by const evaluation, in a crate with no `allow(long_running_const_eval)`: the const
// fn stays under rustc's deny-by-default lint. (n = 13 does too; the `heavy-const` test
// target shows it, as it takes about 20 s.)
use nqueens_tables::const_solutions;

static TWELVE: [[u8; 12]; 14200] = const_solutions();

fn main() {
    assert_eq!(TWELVE[0], [0, 2, 4, 7, 9, 11, 5, 10, 1, 6, 8, 3]);
    assert_eq!(TWELVE[14199], [11, 9, 7, 4, 2, 0, 6, 1, 10, 5, 3, 8]);
}
