//! The const-evaluable backtracking, [`const_solutions`].
//!
//! It is the third, independent solver. It is shaped for the const
//! interpreter, which runs every MIR statement one at a time (about 1000x slower than native
//! code): one nested loop per row with the row's state in its own locals, the last three
//! rows in straight-line code, and only half of the search, because the column-mirror of a
//! lexicographic table, reversed, is the table again. bench/HISTORY.md ("Const evaluation")
//! has what each step costs the interpreter, measured in instructions.

use crate::board::{full_mask, MAX_N};

/// Every solution for `N`, in lexicographic order, computed by backtracking inside const
/// evaluation (or at run time, if called there).
///
/// `C` must be the exact number of solutions, [`known_count`](crate::known_count)`(N)`; any other `C` fails to compile,
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
/// Const evaluation is slow, orders of magnitude slower than native code: n = 12 and 13
/// take seconds of compile time (bench/HISTORY.md, "Const evaluation"). Every n up to 13 stays
/// under rustc's
/// `long_running_const_eval` lint, so no `allow` is needed. The embedded tables are the
/// cheap way to the same bytes.
pub const fn const_solutions<const N: usize, const C: usize>() -> [[u8; N]; C] {
    if N == 0 || N > MAX_N {
        panic!("const_solutions::<N, C>(): N must be in 1..=32");
    }
    let mut out = [[0u8; N]; C];
    if N <= 3 {
        // One queen on a 1x1 board: the table is [[0]], already there. 2 and 3 have none.
        let total = if N == 1 { 1 } else { 0 };
        if C != total {
            wrong_count(N, total);
        }
        return out;
    }
    let full = full_mask(N);
    let left_half = (1u32 << (N / 2)) - 1;
    // First row's queen in the left half: these solutions go to the front, their mirrors
    // (first row's queen in the right half) to the back.
    let half = fill::<N, C>(&mut out, left_half, full, 0, C);
    // Odd N: the middle column of the first row is its own mirror, so below it the second
    // row's queen is taken in the left half, and the mirrors fill the group from its end.
    let middle = if N % 2 == 1 {
        let mid = 1u32 << (N / 2);
        let second = full & !(mid | mid << 1 | mid >> 1) & left_half;
        let end = C.saturating_sub(half);
        2 * fill::<N, C>(&mut out, mid, second, half, end)
    } else {
        0
    };
    let total = 2 * half + middle;
    if total != C {
        wrong_count(N, total);
    }
    out
}

/// A queen bit's column, as one `match`: a single switch for the interpreter, where a table
/// look-up (`COLUMN[bit % 37]`) costs a remainder, a cast and two checks.
macro_rules! column_of {
    ($bit:expr) => {
        match $bit {
            0x1 => 0,
            0x2 => 1,
            0x4 => 2,
            0x8 => 3,
            0x10 => 4,
            0x20 => 5,
            0x40 => 6,
            0x80 => 7,
            0x100 => 8,
            0x200 => 9,
            0x400 => 10,
            0x800 => 11,
            0x1000 => 12,
            0x2000 => 13,
            0x4000 => 14,
            0x8000 => 15,
            0x10000 => 16,
            0x20000 => 17,
            0x40000 => 18,
            0x80000 => 19,
            0x100000 => 20,
            0x200000 => 21,
            0x400000 => 22,
            0x800000 => 23,
            0x1000000 => 24,
            0x2000000 => 25,
            0x4000000 => 26,
            0x8000000 => 27,
            0x10000000 => 28,
            0x20000000 => 29,
            0x40000000 => 30,
            0x80000000 => 31,
            _ => panic!("not a queen bit"),
        }
    };
}

/// Writes row `$k` of a solution whose queen there is `$bit`: its column to `$cols`, the
/// mirrored column (`$top`, which is N - 1, minus it) to `$mirrored`.
macro_rules! write_row {
    ($cols:ident $mirrored:ident $top:ident [$k:expr] = $bit:expr) => {
        let c = column_of!($bit);
        $cols[$k] = c;
        let mut m = $top;
        m -= c;
        $mirrored[$k] = m;
    };
}

/// Finds every solution whose first row's queen is in `first` and second row's in `second`, in
/// lexicographic order. Writes the k-th to `out[start + k]` and its column-mirror to
/// `out[end - 1 - k]`, and returns how many it found. Writes stop at the array's end, so that
/// a wrong `C` is reported, not an out-of-bounds index. `N` is at least 4.
///
/// Shaped for the interpreter, which charges for every MIR statement, every assert (each
/// overflow and bounds check ends a basic block) and every call (a frame), and whose
/// `long_running_const_eval` lint counts loop iterations and calls, 2 million at most:
/// - One nested loop per row, written out by `level!` for every row a board of up to
///   32 can have. A row's state lives in its own locals, so descending and backtracking
///   store and reload nothing: no stack array, no index, no bounds check (a quarter less
///   time than the stack machine it replaces, at n = 13).
/// - A row is entered only with a free square, so its loop tests for more at the bottom,
///   and whether the next row is the tail is decided once per loop, not once per entry of
///   the row below.
/// - Every test is a `match` on a local: one switch, where `if f != 0` copies `f` into a
///   temporary, compares into another and marks both live and dead, six steps.
/// - The arithmetic is compound assignments (`b &= f`): one reads its left side in place,
///   where `b & f` first copies each operand into a temporary of its own. A constant
///   operand needs no temporary, so `!x` is written `x ^= 0xFFFF_FFFF`.
/// - The last three rows are straight-line code (`three!`, `two!`, `last!`): with three
///   columns left a row has at most three free squares, then two, then one. They run no
///   loop, so the lint counts only the rows above them: about 1.76 million steps at n = 13.
/// - No call but one per solution, to [`record`], and the lowest free square is
///   `f & (!f + 1)`. `d` holds the columns taken and every bit past the board's edge, so a
///   row's free squares are `!(l | r | d)`, with no mask.
/// - The first five rows are written to `cols` and `mirrored` when a loop places their
///   queen; the rows below, by `record`, once per solution, from the queens' bits.
// One long function on purpose: every call is steps of the const interpreter's own (see
// above), so the rows stay inline rather than in functions of their own.
#[allow(clippy::too_many_lines)]
const fn fill<const N: usize, const C: usize>(
    out: &mut [[u8; N]; C],
    first: u32,
    second: u32,
    start: usize,
    end: usize,
) -> usize {
    let mut found = 0usize;
    // The first of the last three rows.
    let tail = N - 3;
    // Rows 0 to 4, where a loop (above row N - 4) takes them, are written here once their
    // queen has a row below it, not once per solution: at n = 13 that is at most 19,340
    // writes, where the 36,856 solutions `fill` finds hold 184,280 rows 0 to 4. Row 5 is
    // placed 58,847 times, more than that.
    let top = (N - 1) as u8;
    let mut cols = [0u8; N];
    let mut mirrored = [0u8; N];
    macro_rules! write_if {
        (written $b:ident $k:literal) => {
            write_row!(cols mirrored top [$k] = $b);
        };
    }
    // The next row's state once this row's queen is `$b`: columns taken, left and right
    // diagonals, free squares (optionally masked).
    macro_rules! place {
        ($b:ident $d:ident $l:ident $r:ident => $d2:ident $l2:ident $r2:ident $f2:ident $(& $m:ident)?) => {
            let mut $d2 = $d;
            $d2 |= $b;
            let mut $l2 = $l;
            $l2 |= $b;
            $l2 <<= 1u32;
            let mut $r2 = $r;
            $r2 |= $b;
            $r2 >>= 1u32;
            let mut $f2 = $l2;
            $f2 |= $r2;
            $f2 |= $d2;
            $f2 ^= 0xFFFF_FFFF;
            $($f2 &= $m;)?
        };
    }
    // Takes the lowest free square `$b` out of `$f`: `!$f + 1` keeps the lowest bit of `$f`
    // and clears the ones below it (`$f` is not 0, so the addition cannot overflow).
    macro_rules! lowest {
        ($f:ident => $b:ident) => {
            let mut $b = $f;
            $b ^= 0xFFFF_FFFF;
            $b += 1;
            $b &= $f;
            $f ^= $b;
        };
    }
    // Takes the lowest free square `$b` of `$f`, and places it.
    macro_rules! take {
        ($f:ident $d:ident $l:ident $r:ident => $b:ident $d2:ident $l2:ident $r2:ident $f2:ident $(& $m:ident)?) => {
            lowest!($f => $b);
            place!($b $d $l $r => $d2 $l2 $r2 $f2 $(& $m)?);
        };
    }
    // The row before the last takes a free square (the one in `$f` with `only`); the last row
    // has one column left, and a solution if that column's square is not attacked: `z`, all
    // that is attacked or taken, is then every bit but that column's.
    macro_rules! last {
        ([$($q:ident)*] $f:ident $d:ident $l:ident $r:ident) => {
            lowest!($f => x);
            last!(only [$($q)*] x $d $l $r);
        };
        (only [$($q:ident)*] $x:ident $d:ident $l:ident $r:ident) => {
            let mut z = $l;
            z |= $x;
            z <<= 1u32;
            let mut zr = $r;
            zr |= $x;
            zr >>= 1u32;
            z |= zr;
            z |= $d;
            z |= $x;
            match z {
                0xFFFF_FFFF => {}
                _ => {
                    z ^= 0xFFFF_FFFF;
                    record(out, &mut cols, &mut mirrored, &[$($q,)* $x, z], start, end, found);
                    found += 1;
                }
            }
        };
    }
    // The row before the last: two columns left, so at most two free squares.
    macro_rules! two {
        ([$($q:ident)*] $f:ident $d:ident $l:ident $r:ident) => {
            match $f {
                0 => {}
                _ => {
                    last!([$($q)*] $f $d $l $r);
                    match $f {
                        0 => {}
                        _ => {
                            last!(only [$($q)*] $f $d $l $r);
                        }
                    }
                }
            }
        };
    }
    // Row N - 3: three columns left, so at most three free squares.
    macro_rules! three {
        ([$($q:ident)*] $f:ident $d:ident $l:ident $r:ident) => {
            match $f {
                0 => {}
                _ => {
                    take!($f $d $l $r => y yd yl yr yf);
                    two!([$($q)* y] yf yd yl yr);
                    match $f {
                        0 => {}
                        _ => {
                            take!($f $d $l $r => y yd yl yr yf);
                            two!([$($q)* y] yf yd yl yr);
                            match $f {
                                0 => {}
                                _ => {
                                    place!($f $d $l $r => yd yl yr yf);
                                    two!([$($q)* $f] yf yd yl yr);
                                }
                            }
                        }
                    }
                }
            }
        };
    }
    // Row N - 4, whose free squares `$f` are not none: a loop over them, each with the tail.
    macro_rules! above_tail {
        ([$($q:ident)*] ($f:ident $d:ident $l:ident $r:ident $b:ident $(& $m:ident)?)
            ($f2:ident $d2:ident $l2:ident $r2:ident)) => {
            loop {
                take!($f $d $l $r => $b $d2 $l2 $r2 $f2 $(& $m)?);
                three!([$($q)* $b] $f2 $d2 $l2 $r2);
                match $f {
                    0 => break,
                    _ => continue,
                }
            }
        };
    }
    // Row `$k`, whose queens above are `$q` and whose free squares `$f` are not none: a loop
    // over them, with the next row's tail or loop inside.
    macro_rules! level {
        ([$($q:ident)*] ($f:ident $d:ident $l:ident $r:ident $b:ident $k:literal $($w:ident)? $(& $m:ident)?)
            ($f2:ident $d2:ident $l2:ident $r2:ident $b2:ident $k2:literal $($w2:ident)?) $($deeper:tt)+) => {
            match tail {
                $k2 => {
                    above_tail!([$($q)*] ($f $d $l $r $b $(& $m)?) ($f2 $d2 $l2 $r2));
                }
                _ => loop {
                    take!($f $d $l $r => $b $d2 $l2 $r2 $f2 $(& $m)?);
                    match $f2 {
                        0 => {}
                        _ => {
                            $(write_if!($w $b $k);)?
                            level!([$($q)* $b] ($f2 $d2 $l2 $r2 $b2 $k2 $($w2)?) $($deeper)+);
                        }
                    }
                    match $f {
                        0 => break,
                        _ => continue,
                    }
                },
            }
        };
        // Row 28: row 29 is reached only as row N - 3 of N = 32.
        ([$($q:ident)*] ($f:ident $d:ident $l:ident $r:ident $b:ident $k:literal)
            ($f2:ident $d2:ident $l2:ident $r2:ident $b2:ident $k2:literal)) => {
            above_tail!([$($q)*] ($f $d $l $r $b) ($f2 $d2 $l2 $r2));
        };
    }
    let mut f0 = first;
    let (d0, l0, r0) = (!full_mask(N), 0u32, 0u32);
    if f0 == 0 {
        return 0;
    }
    level!([]
        (f0 d0 l0 r0 b0 0 written & second) (f1 d1 l1 r1 b1 1 written) (f2 d2 l2 r2 b2 2 written)
        (f3 d3 l3 r3 b3 3 written)
        (f4 d4 l4 r4 b4 4 written) (f5 d5 l5 r5 b5 5) (f6 d6 l6 r6 b6 6) (f7 d7 l7 r7 b7 7)
        (f8 d8 l8 r8 b8 8) (f9 d9 l9 r9 b9 9) (f10 d10 l10 r10 b10 10) (f11 d11 l11 r11 b11 11)
        (f12 d12 l12 r12 b12 12) (f13 d13 l13 r13 b13 13) (f14 d14 l14 r14 b14 14)
        (f15 d15 l15 r15 b15 15) (f16 d16 l16 r16 b16 16) (f17 d17 l17 r17 b17 17)
        (f18 d18 l18 r18 b18 18) (f19 d19 l19 r19 b19 19) (f20 d20 l20 r20 b20 20)
        (f21 d21 l21 r21 b21 21) (f22 d22 l22 r22 b22 22) (f23 d23 l23 r23 b23 23)
        (f24 d24 l24 r24 b24 24) (f25 d25 l25 r25 b25 25) (f26 d26 l26 r26 b26 26)
        (f27 d27 l27 r27 b27 27) (f28 d28 l28 r28 b28 28) (f29 d29 l29 r29 b29 29)
    );
    found
}

/// Stores solution number `found` of a [`fill`] pass (see there): its rows at
/// `out[start + found]`, its column-mirror at `out[end - 1 - found]`. `cols` and
/// `mirrored` hold the rows that `fill` wrote (0 to 4 from n = 9), and `bits` the queen of
/// every row. From n = 9 rows 5 to 12 are straight-line code, one block per row up to `N`:
/// no loop for the lint to count. Rows from 13 (n = 14 and up, past what the lint allows
/// anyway) are a loop, because every block here is work for each call, not only for the
/// rows it writes: a frame's start costs in proportion to the body (each constant it names
/// is evaluated, each local set up), so blocks for every row up to 31 cost each call as
/// much as writing a couple of its rows (bench/HISTORY.md, "Const evaluation").
const fn record<const N: usize, const C: usize>(
    out: &mut [[u8; N]; C],
    cols: &mut [u8; N],
    mirrored: &mut [u8; N],
    bits: &[u32],
    start: usize,
    end: usize,
    found: usize,
) {
    let top = (N - 1) as u8;
    // Rows `$from` to N - 1, as a loop.
    macro_rules! rows_from {
        ($from:expr) => {
            let mut k = $from;
            while k < N {
                write_row!(cols mirrored top [k] = bits[k]);
                k += 1;
            }
        };
    }
    if N >= 9 {
        macro_rules! rows {
            ($k:literal $($rest:literal)*) => {
                match N {
                    $k => {}
                    _ => {
                        write_row!(cols mirrored top [$k] = bits[$k]);
                        rows!($($rest)*);
                    }
                }
            };
            // n = 13 and up: n = 13 stops here, without a loop step for the lint to count.
            () => {
                match N {
                    13 => {}
                    _ => {
                        rows_from!(13);
                    }
                }
            };
        }
        write_row!(cols mirrored top [5] = bits[5]);
        write_row!(cols mirrored top [6] = bits[6]);
        write_row!(cols mirrored top [7] = bits[7]);
        write_row!(cols mirrored top [8] = bits[8]);
        rows!(9 10 11 12);
    } else {
        // Below n = 9 a loop takes only some of rows 0 to 4 (or none), so every row is
        // written here.
        rows_from!(0);
    }
    let at = start + found;
    if at < C {
        out[at] = *cols;
    }
    if found < end {
        out[end - 1 - found] = *mirrored;
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
