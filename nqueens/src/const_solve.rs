//! The const-evaluable backtracking, [`const_solutions`].
//!
//! It is the third, independent solver. It is shaped for the const
//! interpreter, which runs every MIR statement one at a time (about 1000x slower than native
//! code): plain `while` loops, locals instead of struct fields, and only half of the search,
//! because the column-mirror of a lexicographic table, reversed, is the table again.

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
/// Const evaluation is slow: n = 12 takes several seconds and trips rustc's deny-by-default
/// `long_running_const_eval` lint (allow it at the crate root), and n = 13 prints warnings that
/// it is taking a long time. The embedded tables are the cheap way to the same bytes.
pub const fn const_solutions<const N: usize, const C: usize>() -> [[u8; N]; C] {
    if N == 0 || N > 32 {
        panic!("const_solutions::<N, C>(): N must be in 1..=32");
    }
    let mut out = [[0u8; N]; C];
    // Left half of the first row: solutions go to the front, their mirrors to the back.
    let half = fill::<N, C>(&mut out, 0, N / 2, 0, true);
    // Odd N: the middle column of the first row is its own mirror; search it directly.
    let middle = if N % 2 == 1 {
        fill::<N, C>(&mut out, N / 2, N / 2 + 1, half, false)
    } else {
        0
    };
    let total = 2 * half + middle;
    if total != C {
        wrong_count(N, total);
    }
    out
}

/// Searches first-row columns `lo..hi`, writing the k-th solution found to `out[start + k]`
/// and, with `mirror`, its column-mirror to `out[C - 1 - k]`. Returns how many it found; writes
/// stop at the array's end so that a wrong `C` is reported, not an out-of-bounds index.
///
/// Shaped for the interpreter, where every statement costs: the current row's masks are
/// locals, a child with no free square is skipped before anything is pushed (most children
/// are such dead ends), and the last row is never entered: its one square is free or not.
const fn fill<const N: usize, const C: usize>(
    out: &mut [[u8; N]; C],
    lo: usize,
    hi: usize,
    start: usize,
    mirror: bool,
) -> usize {
    let full: u32 = if N == 32 { u32::MAX } else { (1u32 << N) - 1 };
    let mut cols = [0u8; N];
    let mut found = 0usize;
    let mut f: u32 = ((1u32 << hi) - 1) & !((1u32 << lo) - 1);
    if N == 1 {
        if f != 0 {
            record(out, &cols, start, found, mirror);
            found += 1;
        }
        return found;
    }
    let mut stack_f = [0u32; 32];
    let mut stack_d = [0u32; 32];
    let mut stack_l = [0u32; 32];
    let mut stack_r = [0u32; 32];
    let (mut d, mut l, mut r) = (0u32, 0u32, 0u32);
    let mut row = 0usize;
    loop {
        if f == 0 {
            if row == 0 {
                return found;
            }
            row -= 1;
            f = stack_f[row];
            d = stack_d[row];
            l = stack_l[row];
            r = stack_r[row];
            continue;
        }
        let bit = f & f.wrapping_neg();
        f ^= bit;
        let nd = d | bit;
        let nl = (l | bit) << 1;
        let nr = (r | bit) >> 1;
        let next = full & !(nd | nl | nr);
        if next == 0 {
            continue;
        }
        cols[row] = bit.trailing_zeros() as u8;
        if row + 2 == N {
            cols[row + 1] = next.trailing_zeros() as u8;
            record(out, &cols, start, found, mirror);
            found += 1;
            continue;
        }
        stack_f[row] = f;
        stack_d[row] = d;
        stack_l[row] = l;
        stack_r[row] = r;
        row += 1;
        f = next;
        d = nd;
        l = nl;
        r = nr;
    }
}

/// Stores solution number `found` of a [`fill`] pass (see there).
const fn record<const N: usize, const C: usize>(
    out: &mut [[u8; N]; C],
    cols: &[u8; N],
    start: usize,
    found: usize,
    mirror: bool,
) {
    let at = start + found;
    if at < C {
        out[at] = *cols;
    }
    if mirror && found < C {
        let back = C - 1 - found;
        let mut i = 0;
        while i < N {
            out[back][i] = (N - 1) as u8 - cols[i];
            i += 1;
        }
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
}
