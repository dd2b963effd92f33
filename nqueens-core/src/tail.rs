//! The last `ROWS` rows of the search, solved in one step instead of searched.
//!
//! Most of the search's work is in its last five rows (19.6 M of the 27.4 M squares tried at
//! n = 14), and it is the costly part: almost every square tried there is a dead end, and
//! each dead end is a branch the processor cannot predict. But once `n - ROWS` queens stand, the last rows have exactly `ROWS` free
//! columns `c0 < c1 < .. < c4`, and a placement of them is an arrangement: row `j` takes
//! column `c[PERM[p][j]]` for one of the 120 permutations `p`. Which arrangements work is a
//! set of 120 bits, the AND of small precomputed sets:
//!
//! - per free column, the rows the queens above attack it in (the diagonals crossing it in the
//!   next five rows), looked up in `CLEAR`;
//! - the column gaps, which decide which arrangements put two of the new queens on one
//!   diagonal, looked up in `APART`.
//!
//! That is about a hundred branch-free instructions per board that reaches the last rows. The
//! permutations are numbered in lexicographic order and the columns are sorted, so taking the
//! set's bits from the lowest keeps the search's output in lexicographic order.
//!
//! The tables (13,192 bytes, most of it `APART`) are built by `const fn` at compile time.
//! They are behind the default feature `fast-search`: without it [`ENABLED`] is false, the
//! search goes square by square to the last row, and no table is linked.

// Without the feature only the tests use the module.
#![cfg_attr(not(feature = "fast-search"), allow(dead_code))]

/// Whether the search uses this module (feature `fast-search`).
pub const ENABLED: bool = cfg!(feature = "fast-search");

/// How many rows are solved at once.
pub(crate) const ROWS: usize = 5;
const PERMS: usize = 120;
/// The widest column gap that can still put two of the rows' queens on one diagonal, plus one:
/// gaps from `GAP` up all behave alike.
const GAP: usize = ROWS;

/// A set of arrangements: bit `p` stands for `PERM[p]`.
pub(crate) type Arrangements = u128;

/// The free columns of the last rows in ascending order, one per byte: what [`take`] needs to
/// turn an arrangement into columns, kept in one register.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Columns(u64);

impl Columns {
    /// The `k`-th free column (`k < ROWS`; the mask only keeps the shift in range).
    #[inline(always)]
    pub(crate) fn get(self, k: usize) -> u32 {
        (self.0 >> (8 * (k & 7))) as u32 & 0xff
    }
}

/// `PERM[p][j]`: which of the sorted free columns row `j` (of the last rows) takes.
pub(crate) static PERM: [[u8; ROWS]; PERMS] = PERMUTATIONS;
const PERMUTATIONS: [[u8; ROWS]; PERMS] = permutations();

/// `CLEAR[k][b]`: the arrangements in which the `k`-th free column's queen sits in none of
/// the rows in row mask `b`.
static CLEAR: [[Arrangements; 1 << ROWS]; ROWS] = clear();

/// `APART[g]`: the arrangements with no two queens on one diagonal, for the column gaps
/// encoded in `g` (base `GAP`, each gap capped at `GAP`).
static APART: [Arrangements; GAP.pow(ROWS as u32 - 1)] = apart();

/// The row order of bit `i` reversed: the left-going diagonals are read from column `c - 4`
/// up, which meets the rows in the order 4, 3, .., 0.
static REVERSED: [u8; 1 << ROWS] = reversed();

/// The arrangements of the last rows, given the free columns (exactly [`ROWS`] bits) and the
/// diagonals attacked in the first of those rows; and the free columns, for [`take`].
#[inline(always)]
pub(crate) fn arrangements(free: u32, left: u32, right: u32) -> (Arrangements, Columns) {
    let mut cols = [0u32; ROWS];
    let mut rest = free;
    for col in cols.iter_mut() {
        *col = rest.trailing_zeros();
        rest &= rest.wrapping_sub(1);
    }
    let mut g = 0;
    for k in (1..ROWS).rev() {
        g = g * GAP + ((cols[k] - cols[k - 1]) as usize).min(GAP) - 1;
    }
    // g < 625 already: `min` only spares a bounds check (and its panic path in flash).
    let mut set = APART[g.min(APART.len() - 1)];
    // Widened so that reading the diagonals from column c - 4 needs no special case below 4.
    let left = u64::from(left) << (ROWS - 1);
    for (k, &c) in cols.iter().enumerate() {
        // Row j of the last rows is attacked at c along a left-going diagonal if bit c - j of
        // `left` is set, along a right-going one if bit c + j of `right` is.
        let from_left = REVERSED[(left >> c) as usize & ((1 << ROWS) - 1)];
        let from_right = (right >> c) as u8 & ((1 << ROWS) - 1);
        set &= avoiding(k, u32::from(from_left | from_right));
    }
    let packed = cols
        .iter()
        .rev()
        .fold(0u64, |acc, &c| acc << 8 | u64::from(c));
    (set, Columns(packed))
}

/// Takes the first arrangement out of `set` (not empty) and returns its columns row by row.
#[inline(always)]
pub(crate) fn take(set: &mut Arrangements, free: Columns) -> [u8; ROWS] {
    // Below PERMS for a set that is not empty: `min` only spares a bounds check.
    let p = (set.trailing_zeros() as usize).min(PERMS - 1);
    *set &= set.wrapping_sub(1);
    PERM[p].map(|k| free.get(usize::from(k)) as u8)
}

/// The arrangements in which the `k`-th free column's queen is in none of the rows of `rows`
/// (bit `j` for row `j` of the last rows; higher bits are ignored): for the constraints of the
/// counter's symmetry bounds.
#[inline(always)]
pub(crate) fn avoiding(k: usize, rows: u32) -> Arrangements {
    CLEAR[k % ROWS][rows as usize & ((1 << ROWS) - 1)]
}

const fn permutations() -> [[u8; ROWS]; PERMS] {
    let mut out = [[0u8; ROWS]; PERMS];
    let mut p = [0u8; ROWS];
    let mut i = 0;
    while i < ROWS {
        p[i] = i as u8;
        i += 1;
    }
    let mut n = 0;
    loop {
        out[n] = p;
        n += 1;
        if n == PERMS {
            return out;
        }
        // The next permutation in lexicographic order.
        let mut i = ROWS - 2;
        while p[i] > p[i + 1] {
            i -= 1;
        }
        let mut j = ROWS - 1;
        while p[j] < p[i] {
            j -= 1;
        }
        let t = p[i];
        p[i] = p[j];
        p[j] = t;
        let (mut a, mut b) = (i + 1, ROWS - 1);
        while a < b {
            let t = p[a];
            p[a] = p[b];
            p[b] = t;
            a += 1;
            b -= 1;
        }
    }
}

/// `ROW_OF[p][k]`: the row that takes the `k`-th free column in arrangement `p`.
const ROW_OF: [[u8; ROWS]; PERMS] = {
    let mut out = [[0u8; ROWS]; PERMS];
    let mut p = 0;
    while p < PERMS {
        let mut j = 0;
        while j < ROWS {
            out[p][PERMUTATIONS[p][j] as usize] = j as u8;
            j += 1;
        }
        p += 1;
    }
    out
};

const fn clear() -> [[Arrangements; 1 << ROWS]; ROWS] {
    let mut out = [[0; 1 << ROWS]; ROWS];
    let mut k = 0;
    while k < ROWS {
        let mut b = 0;
        while b < 1 << ROWS {
            let mut p = 0;
            while p < PERMS {
                if b & (1 << ROW_OF[p][k]) == 0 {
                    out[k][b] |= 1 << p;
                }
                p += 1;
            }
            b += 1;
        }
        k += 1;
    }
    out
}

/// `ON_DIAGONAL[a][b][d]`: the arrangements whose queens in free columns `a < b` stand `d`
/// rows apart, which puts them on one diagonal when the columns are `d` apart too.
const ON_DIAGONAL: [[[Arrangements; ROWS]; ROWS]; ROWS] = {
    let mut out = [[[0; ROWS]; ROWS]; ROWS];
    let mut p = 0;
    while p < PERMS {
        let mut a = 0;
        while a < ROWS {
            let mut b = a + 1;
            while b < ROWS {
                let d = ROW_OF[p][a].abs_diff(ROW_OF[p][b]) as usize;
                out[a][b][d] |= 1 << p;
                b += 1;
            }
            a += 1;
        }
        p += 1;
    }
    out
};

const fn apart() -> [Arrangements; GAP.pow(ROWS as u32 - 1)] {
    let mut out = [0; GAP.pow(ROWS as u32 - 1)];
    let mut g = 0;
    while g < out.len() {
        // Column positions relative to the first free column, from the encoded gaps.
        let mut x = [0usize; ROWS];
        let mut rest = g;
        let mut k = 1;
        while k < ROWS {
            x[k] = x[k - 1] + rest % GAP + 1;
            rest /= GAP;
            k += 1;
        }
        let mut bad: Arrangements = 0;
        let mut a = 0;
        while a < ROWS {
            let mut b = a + 1;
            while b < ROWS {
                if x[b] - x[a] < ROWS {
                    bad |= ON_DIAGONAL[a][b][x[b] - x[a]];
                }
                b += 1;
            }
            a += 1;
        }
        out[g] = !bad & (Arrangements::MAX >> (Arrangements::BITS as usize - PERMS));
        g += 1;
    }
    out
}

const fn reversed() -> [u8; 1 << ROWS] {
    let mut out = [0u8; 1 << ROWS];
    let mut i = 0;
    while i < 1 << ROWS {
        let mut j = 0;
        while j < ROWS {
            if i & (1 << j) != 0 {
                out[i] |= 1 << (ROWS - 1 - j);
            }
            j += 1;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::full_mask;

    /// What the feature costs in flash, exactly: a change to the tables must show up here.
    #[test]
    fn table_sizes_in_bytes() {
        use core::mem::size_of_val;
        assert_eq!(size_of_val(&PERM), 600);
        assert_eq!(size_of_val(&CLEAR), 2_560);
        assert_eq!(size_of_val(&APART), 10_000);
        assert_eq!(size_of_val(&REVERSED), 32);
    }

    #[test]
    fn permutations_are_all_distinct_and_in_lexicographic_order() {
        for p in 0..PERMS {
            let mut seen = 0u32;
            for &k in &PERM[p] {
                seen |= 1 << k;
            }
            assert_eq!(seen, (1 << ROWS) - 1, "PERM[{p}] is not a permutation");
            if p > 0 {
                assert!(PERM[p - 1] < PERM[p], "PERM[{p}] is out of order");
            }
        }
    }

    /// Every placement of the rows above the last ones, for several `n`: the arrangement set
    /// must hold exactly the arrangements a square-by-square attack check accepts.
    #[test]
    fn arrangements_equal_a_direct_attack_check() {
        for n in ROWS + 1..=11 {
            let mut placed = [0u8; 16];
            let checked = walk(n, 0, &mut placed, 0, 0, 0);
            assert!(checked > 0, "n = {n}: no board reached the last rows");
        }
    }

    /// Places rows `row..n - ROWS` every legal way, checks the last rows of each board, and
    /// returns how many boards it checked.
    fn walk(n: usize, row: usize, placed: &mut [u8; 16], down: u32, left: u32, right: u32) -> u32 {
        let all = full_mask(n);
        if row == n - ROWS {
            check(n, placed, all & !down, left, right);
            return 1;
        }
        let mut boards = 0;
        for c in 0..n {
            let bit = 1u32 << c;
            if (down | left | right) & bit == 0 {
                placed[row] = c as u8;
                boards += walk(
                    n,
                    row + 1,
                    placed,
                    down | bit,
                    (left | bit) << 1,
                    (right | bit) >> 1,
                );
            }
        }
        boards
    }

    fn check(n: usize, placed: &mut [u8; 16], free: u32, left: u32, right: u32) {
        let top = n - ROWS;
        let (set, free_cols) = arrangements(free, left, right);
        let cols: [u8; ROWS] = core::array::from_fn(|k| free_cols.get(k) as u8);
        let mut expected_cols = [0u8; ROWS];
        let mut k = 0;
        for c in 0..n {
            if free & (1 << c) != 0 {
                expected_cols[k] = c as u8;
                k += 1;
            }
        }
        assert_eq!(cols, expected_cols);
        for (p, perm) in PERM.iter().enumerate() {
            for (j, &k) in perm.iter().enumerate() {
                placed[top + j] = cols[usize::from(k)];
            }
            if set & (1 << p) != 0 {
                // `take` hands out this arrangement once the ones before it are gone.
                let mut rest = set & !((1 << p) - 1);
                assert_eq!(take(&mut rest, free_cols)[..], placed[top..n]);
                assert_eq!(rest, set & !((2 << p) - 1));
            }
            let legal = (0..n).all(|a| {
                (a + 1..n).all(|b| {
                    placed[a] != placed[b] && placed[a].abs_diff(placed[b]) as usize != b - a
                })
            });
            assert_eq!(
                set & (1 << p) != 0,
                legal,
                "n = {n}, board {:?}, arrangement {perm:?}",
                &placed[..n]
            );
        }
    }
}
