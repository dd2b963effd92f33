//! The const-evaluable backtracking, [`const_solutions`].
//!
//! It is the third, independent solver. It is shaped for the const
//! interpreter, which runs every MIR statement one at a time (about 1000x slower than native
//! code): plain `while` loops, locals instead of struct fields, and only half of the search,
//! because the column-mirror of a lexicographic table, reversed, is the table again.

use crate::search::full_mask;
use crate::MAX_N;

/// Every solution for `N`, in lexicographic order, computed by backtracking inside const
/// evaluation (or at run time, if called there).
///
/// `C` must be the exact number of solutions, [`count`](crate::count)`(N)`; any other `C` fails to compile,
/// with a message that gives the right count. `N` must be in 1..=32.
///
/// ```
/// const SIX: [[u8; 6]; 4] = nqueens_tables::const_solutions();
/// assert_eq!(SIX[0], [1, 3, 5, 0, 2, 4]);
/// ```
///
/// ```compile_fail
/// // error: ... C must be 4, the number of solutions for N = 6
/// const SIX: [[u8; 6]; 5] = nqueens_tables::const_solutions();
/// ```
///
/// Const evaluation is slow, about 1000x slower than native code: n = 12 takes about 3.6 s of
/// compile time and n = 13 about 21 s. Every n up to 13 stays under rustc's
/// `long_running_const_eval` lint, so no `allow` is needed. The embedded tables are the
/// cheap way to the same bytes.
pub const fn const_solutions<const N: usize, const C: usize>() -> [[u8; N]; C] {
    if N == 0 || N > 32 {
        panic!("const_solutions::<N, C>(): N must be in 1..=32");
    }
    let mut out = [[0u8; N]; C];
    if N == 1 {
        // One queen on a 1x1 board: the table is [[0]], already there.
        if C != 1 {
            wrong_count(N, 1);
        }
        return out;
    }
    let full = full_mask(N);
    let left_half = (1u32 << (N / 2)) - 1;
    // First row's queen in the left half: these solutions go to the front, their mirrors
    // (first row's queen in the right half) to the back.
    let half = fill::<N, C>(&mut out, 0, (left_half, 0, 0, 0), 0, C);
    // Odd N: the middle column of the first row is its own mirror, so below it the second
    // row's queen is taken in the left half, and the mirrors fill the group from its end.
    let middle = if N % 2 == 1 {
        let mid = 1u32 << (N / 2);
        let second = full & !(mid | mid << 1 | mid >> 1) & left_half;
        let end = C.saturating_sub(half);
        2 * fill::<N, C>(&mut out, 1, (second, mid, mid << 1, mid >> 1), half, end)
    } else {
        0
    };
    let total = 2 * half + middle;
    if total != C {
        wrong_count(N, total);
    }
    out
}

/// Searches below `row` (0 or 1; the rows above hold one queen, in `d`), starting with the
/// untried squares `f` of `row` and its attacks `(d, l, r)`: columns taken, left and right
/// diagonals. Writes the k-th solution found to `out[start + k]` and its column-mirror to
/// `out[end - 1 - k]`, and returns how many it found. Writes stop at the array's end so that
/// a wrong `C` is reported, not an out-of-bounds index.
///
/// Shaped for the interpreter, where a method call costs a frame (several microseconds),
/// every assert (an overflow or bounds check) ends a basic block, and each loop iteration
/// and each call counts towards the `long_running_const_eval` lint (2 million):
/// - no calls in the search: the lowest free square is `f & !(f - 1)`, and a queen's column
///   is worked out only for a solution, from the stack;
/// - a child with no free square on the next row is skipped before anything is stored;
/// - `back` is the nearest row with untried squares, so a finished row returns straight
///   there instead of popping through rows that have nothing left (a fifth fewer steps);
/// - the loop body is four steps, so the lint counts a quarter of them: n = 13 runs about
///   3 million steps and stays under the threshold with no `allow`.
const fn fill<const N: usize, const C: usize>(
    out: &mut [[u8; N]; C],
    mut row: usize,
    (mut f, mut d, mut l, mut r): (u32, u32, u32, u32),
    start: usize,
    end: usize,
) -> usize {
    let full = full_mask(N);
    let mut found = 0usize;
    // Row i's state when its queen was placed: (untried squares, columns taken, left and
    // right diagonals, `back`). Row i's queen is `stack[i + 1].1 ^ stack[i].1`.
    // Rows above `row` start as zeros: row 0's queen, if placed, is then `stack[1].1`.
    let mut stack = [(0u32, 0u32, 0u32, 0u32, 0usize); MAX_N + 2];
    let mut back = NONE;
    // The row before last: a child that leaves the last row a free square is a solution.
    let last = N - 2;
    macro_rules! step {
        () => {
            if f != 0 {
                let bit = f & !(f - 1);
                f ^= bit;
                let nd = d | bit;
                let nl = (l | bit) << 1u32;
                let nr = (r | bit) >> 1u32;
                let next = full & !(nd | nl | nr);
                if next != 0 {
                    stack[row] = (f, d, l, r, back);
                    if row == last {
                        stack[row + 1].1 = nd;
                        stack[row + 2].1 = nd | next;
                        record(out, &stack, start, end, found);
                        found += 1;
                    } else {
                        if f != 0 {
                            back = row;
                        }
                        row += 1;
                        f = next;
                        d = nd;
                        l = nl;
                        r = nr;
                    }
                }
            } else if back == NONE {
                return found;
            } else {
                row = back;
                (f, d, l, r, back) = stack[row];
            }
        };
    }
    loop {
        step!();
        step!();
        step!();
        step!();
    }
}

/// `back` of a row with no row above it left to return to.
const NONE: usize = usize::MAX;

/// `COLUMN[2^c % 37] = c`: a queen bit's column without a call (2^c mod 37 is distinct for
/// c < 32).
static COLUMN: [u8; 37] = {
    let mut t = [0u8; 37];
    let mut c = 0;
    while c < 32 {
        t[((1u64 << c) % 37) as usize] = c as u8;
        c += 1;
    }
    t
};

/// Stores solution number `found` of a [`fill`] pass (see there), read off the stack.
const fn record<const N: usize, const C: usize>(
    out: &mut [[u8; N]; C],
    stack: &[(u32, u32, u32, u32, usize); MAX_N + 2],
    start: usize,
    end: usize,
    found: usize,
) {
    let mut cols = [0u8; N];
    let mut mirrored = [0u8; N];
    let mut i = 0;
    // Two rows per iteration: the lint counts iterations, and n = 13 records 36,856 times.
    while i < N {
        let c = COLUMN[((stack[i + 1].1 ^ stack[i].1) % 37) as usize];
        cols[i] = c;
        mirrored[i] = (N - 1) as u8 - c;
        i += 1;
        if i < N {
            let c = COLUMN[((stack[i + 1].1 ^ stack[i].1) % 37) as usize];
            cols[i] = c;
            mirrored[i] = (N - 1) as u8 - c;
            i += 1;
        }
    }
    let at = start + found;
    if at < C {
        out[at] = cols;
    }
    if found < end {
        out[end - 1 - found] = mirrored;
    }
}

/// Panics (a compile error in const context) with the right count in the message.
const fn wrong_count(n: usize, total: usize) -> ! {
    let mut buf = [0u8; 160];
    let mut len = 0;
    len = push(&mut buf, len, b"const_solutions::<N, C>(): C must be ");
    len = push_number(&mut buf, len, total);
    len = push(&mut buf, len, b", the number of solutions for N = ");
    len = push_number(&mut buf, len, n);
    match core::str::from_utf8(buf.split_at(len).0) {
        Ok(msg) => panic!("{}", msg),
        Err(_) => panic!("const_solutions::<N, C>(): C is not the number of solutions for N"),
    }
}

const fn push(buf: &mut [u8; 160], mut len: usize, text: &[u8]) -> usize {
    let mut i = 0;
    while i < text.len() {
        buf[len] = text[i];
        len += 1;
        i += 1;
    }
    len
}

const fn push_number(buf: &mut [u8; 160], len: usize, value: usize) -> usize {
    let mut digits = [0u8; 20];
    let mut count = 0;
    let mut v = value;
    loop {
        digits[count] = b'0' + (v % 10) as u8;
        count += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let mut len = len;
    while count > 0 {
        count -= 1;
        buf[len] = digits[count];
        len += 1;
    }
    len
}

#[cfg(test)]
mod tests {
    #[test]
    fn small_tables_at_run_time() {
        let four: [[u8; 4]; 2] = super::const_solutions();
        assert_eq!(four, [[1, 3, 0, 2], [2, 0, 3, 1]]);
        let one: [[u8; 1]; 1] = super::const_solutions();
        assert_eq!(one, [[0]]);
        let three: [[u8; 3]; 0] = super::const_solutions();
        assert!(three.is_empty());
    }

    #[test]
    #[should_panic(expected = "C must be 10, the number of solutions for N = 5")]
    fn wrong_count_names_the_right_one() {
        let _: [[u8; 5]; 11] = super::const_solutions();
    }

    extern crate std;

    /// Too small a `C` must not index out of bounds before the count is known, neither in the
    /// mirrored half nor in the middle column's group (odd n).
    #[test]
    fn too_small_a_count_is_reported_not_overrun() {
        for run in [
            (|| {
                let _ = super::const_solutions::<7, 39>();
            }) as fn(),
            || {
                let _ = super::const_solutions::<7, 0>();
            },
            || {
                let _ = super::const_solutions::<7, 21>();
            },
            || {
                let _ = super::const_solutions::<6, 1>();
            },
            || {
                let _ = super::const_solutions::<1, 0>();
            },
        ] {
            let message = std::panic::catch_unwind(run).unwrap_err();
            let text = message
                .downcast_ref::<std::string::String>()
                .map(|s| s.as_str())
                .unwrap_or("");
            assert!(text.contains("C must be"), "{text}");
        }
    }
}
