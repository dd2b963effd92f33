//! Half boards put together from two pieces, for joins that need a column set's half boards
//! once but cannot keep them all, and (past n = 20) for the lists themselves, a set at a
//! time in order (`List::pieced`).
//!
//! The centered join of odd `n`, and of every n past 20, keeps only its bottom halves (see
//! `Layout::pieces_tops`), so a top set's half boards must be found when it is joined. A
//! search that may use only the set's columns meets about 8 squares per half board
//! (n = 19), most of them dead ends, at a mispredicted branch each. Here the rows are cut in
//! two: the edge piece (the first `rows / 2` rows) and the inner piece (the rest). Both are
//! listed once per outer choice, grouped by column set; they are small (n = 19: about
//! 29,000 of each). A set's half boards are then, for each way to split its columns between
//! the pieces, the pairs of an edge piece and an inner piece whose diagonals do not meet:
//! one test of two 64-bit masks per pair (n = 19: about 6,400 pairs per set against 8,700
//! squares searched, and no branch that depends on the search).

use std::vec::Vec;

use super::bits::subsets;
use super::lists::zeroed;
use super::placements::{self as walker, Placed};
use super::shape::{Prepared, Shape};
use crate::arch;
use crate::board::full_mask;
use crate::error::Error;

/// The two pieces of the half boards of `rows` rows of `n` that avoid a set of squares.
pub(super) struct Pieces {
    rows: usize,
    /// Rows in the edge piece; the inner piece has the others.
    edge_rows: usize,
    edge: Piece,
    inner: Piece,
}

/// Placements of some rows, grouped by column set.
struct Piece {
    /// `start[i]..start[i + 1]` are the placements whose columns are the set of rank `i`
    /// (see [`rank`]): a few thousand sets, not one slot for each of the `2^n`.
    start: Vec<u32>,
    /// Edge piece: where its queens' diagonals reach the first inner row, left-going in bits
    /// `0..n` and right-going in bits `n..2n`. Inner piece: where its queens' diagonals reach
    /// that same row going up, in the same layout (left-going: traced up-left). An edge
    /// piece and an inner piece attack each other exactly when these share a bit.
    key: Vec<u64>,
    /// Where its diagonals reach the row past the half board, as
    /// [`List`](super::lists::List) keeps a half board's: an edge piece's moved on past the
    /// inner rows, so that a pair's crossings are the two pieces' together.
    cross: Vec<u64>,
}

impl Pieces {
    /// The pieces of the placements of `rows` rows of `n` with no queen on the squares of
    /// `forbid` (row `r`'s in `forbid[r]`; rows past its end forbid nothing), the first
    /// `edge_rows` of them (at most `rows`) in the edge piece.
    ///
    /// With two edge rows, a set of eight columns is cut 28 ways, an edge piece or two
    /// against the inner pieces of the other six columns; with four, 70 ways, a few pieces
    /// against a few, and more pairs tested for each half board made.
    pub(super) fn new(
        n: usize,
        rows: usize,
        edge_rows: usize,
        forbid: &[u32],
    ) -> Result<Pieces, Error> {
        let edge_rows = edge_rows.min(rows);
        Ok(Pieces {
            rows,
            edge_rows,
            edge: Piece::list(n, 0..edge_rows, forbid, Some(rows))?,
            inner: Piece::list(n, edge_rows..rows, forbid, None)?,
        })
    }

    /// Appends to `out` the half boards whose columns are `set`, prepared for the top role
    /// of `shape`. `found` is scratch space.
    pub(super) fn boards(
        &self,
        set: u32,
        shape: Shape,
        found: &mut Vec<u64>,
        out: &mut Vec<Prepared>,
    ) {
        // Put together as crossings, then prepared in one pass.
        let len = self.crossings(set, found);
        let boards = found.get(..len).unwrap_or_default().iter();
        out.extend(boards.map(|&p| Prepared::of::<false>(shape, p)));
    }

    /// Writes the crossings of the half boards whose columns are `set` into `found`, from
    /// its start, and returns how many there are (`found` holds more: room for the kernel).
    pub(super) fn crossings(&self, set: u32, found: &mut Vec<u64>) -> usize {
        if set.count_ones() as usize != self.rows {
            return 0;
        }
        // The pairs that fit, without a branch on the test (about one pair in six fits).
        // The longer of the two lists is the inner loop, the kernel's. `found` only grows:
        // resized to each set, it was written with zeros every time it grew back.
        let mut len = 0;
        let mut join = |edge: u32| {
            let (keys, moved) = self.edge.of(edge);
            let (inner_keys, crosses) = self.inner.of(set & !edge);
            // Room for every pair, and for the kernel's last whole vector.
            let room = len + keys.len() * inner_keys.len() + arch::PAD;
            if found.len() < room {
                found.resize(room, 0);
            }
            let (outer, inner) = match keys.len() <= inner_keys.len() {
                true => ((keys, moved), (inner_keys, crosses)),
                false => ((inner_keys, crosses), (keys, moved)),
            };
            for (&a, &cross) in outer.0.iter().zip(outer.1) {
                let out = found.get_mut(len..).unwrap_or_default();
                len += arch::pair_clear(inner.1, inner.0, (a, cross), out);
            }
        };
        // Every choice of `edge_rows` of the set's columns for the edge piece.
        subsets(set, self.edge_rows).for_each(&mut join);
        len
    }
}

impl Piece {
    /// The placements of the rows `rows` (see [`Piece::key`]): the edge piece's of a half
    /// board of `Some(half)` rows, else the inner piece's.
    fn list(
        n: usize,
        rows: core::ops::Range<usize>,
        forbid: &[u32],
        half: Option<usize>,
    ) -> Result<Piece, Error> {
        let sets = binomial(n, rows.len());
        // Counted per set, then filled in place, as `List::kept` does.
        let mut start = zeroed::<u32>(sets + 1)?;
        placements(n, rows.clone(), forbid, half, &mut |cols, _, _| {
            if let Some(count) = start.get_mut(rank(cols) + 1) {
                *count += 1;
            }
        });
        for i in 0..sets {
            start[i + 1] += start[i];
        }
        let len = start[sets] as usize;
        let mut key = zeroed::<u64>(len)?;
        let mut cross = zeroed::<u64>(len)?;
        placements(n, rows, forbid, half, &mut |cols, k, c| {
            let Some(slot) = start.get_mut(rank(cols)) else {
                return;
            };
            let at = *slot as usize;
            *slot += 1;
            if let Some(key) = key.get_mut(at) {
                *key = k;
            }
            if let Some(cross) = cross.get_mut(at) {
                *cross = c;
            }
        });
        start.copy_within(0..sets, 1);
        start[0] = 0;
        Ok(Piece { start, key, cross })
    }

    /// The placements whose columns are `cols`: their keys and crossings.
    fn of(&self, cols: u32) -> (&[u64], &[u64]) {
        let s = rank(cols);
        let (from, to) = match (self.start.get(s), self.start.get(s + 1)) {
            (Some(&from), Some(&to)) => (from as usize, to as usize),
            _ => (0, 0),
        };
        (
            self.key.get(from..to).unwrap_or_default(),
            self.cross.get(from..to).unwrap_or_default(),
        )
    }
}

/// Where the set `cols` of `k` columns sits among all sets of `k` columns in colex order:
/// the sum over its columns `c_1 < .. < c_k` of `C(c_i, i)`. Sets of `k` of `n` columns
/// rank below `C(n, k)`.
#[inline(always)]
fn rank(cols: u32) -> usize {
    let (mut rank, mut i, mut rest) = (0, 1, cols);
    while rest != 0 {
        rank += BINOMIAL[rest.trailing_zeros() as usize][i.min(32)] as usize;
        i += 1;
        rest &= rest - 1;
    }
    rank
}

/// `C(n, k)`, 0 past the table.
fn binomial(n: usize, k: usize) -> usize {
    BINOMIAL
        .get(n)
        .and_then(|row| row.get(k))
        .map_or(0, |&c| c as usize)
}

/// `BINOMIAL[n][k]` is `C(n, k)` for `n < 32` (all of them fit 32 bits).
const BINOMIAL: [[u32; 33]; 32] = {
    let mut table = [[0u32; 33]; 32];
    let mut n = 0;
    while n < 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// Calls `visit(columns, key, cross)` for every placement of queens on the rows `rows` of an
/// `n` board with none on the squares of `forbid` (see [`Piece::key`] and [`Piece::cross`]):
/// the edge piece's of a half board of `Some(half)` rows, else the inner piece's; the
/// placements of [`walker::placements`], keyed. No rows: one empty placement.
fn placements(
    n: usize,
    rows: core::ops::Range<usize>,
    forbid: &[u32],
    half: Option<usize>,
    visit: &mut impl FnMut(u32, u64, u64),
) {
    let all = full_mask(n);
    let down = |p: &Placed| u64::from(p.left & all) | u64::from(p.right) << n;
    match half {
        None => walker::placements::<true>(n, rows, all, forbid, &mut |p| {
            let up = u64::from(p.up_left) | u64::from(p.up_right) << n;
            visit(p.cols, up, down(&p));
        }),
        Some(half) => {
            // The edge piece's diagonals, moved on past the inner rows.
            let past = half.saturating_sub(rows.end) as u32;
            let moved = move |p: &Placed| {
                let (left, right) = ((p.left << past) & all, p.right >> past);
                u64::from(left) | u64::from(right) << n
            };
            walker::placements::<false>(n, rows, all, forbid, &mut |p| {
                visit(p.cols, down(&p), moved(&p))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::placements::half_boards;
    use super::*;

    #[test]
    fn ranks_number_the_sets_of_each_size_from_0() {
        for n in 1..=12usize {
            for k in 0..=n {
                let mut seen = std::vec![false; binomial(n, k)];
                for set in 0u32..1 << n {
                    if set.count_ones() as usize == k {
                        let r = rank(set);
                        assert!(!seen[r], "n = {n}, k = {k}, set = {set:b}");
                        seen[r] = true;
                    }
                }
                assert!(seen.iter().all(|&s| s), "n = {n}, k = {k}");
            }
        }
        assert_eq!(binomial(19, 4), 3876);
        assert_eq!(binomial(31, 15), 300_540_195);
    }

    /// Every half board of a set, put together from pieces, is one the plain search finds,
    /// once: sizes 5 to 15, rows 1 to 7, every cut of the rows into pieces (edge rows 0 to
    /// all, and past all), with and without forbidden squares.
    #[test]
    fn pieces_make_the_half_boards_of_every_set() {
        // n = 14 and 15 in the full run alone (`full_tests`).
        let last = if crate::full_tests() { 15 } else { 13 };
        for n in 5..=last {
            for rows in 1..=((n - 1) / 2).min(7) {
                let all = full_mask(n);
                let shape = Shape::with(n, rows, (n - 2 * rows) as u32);
                let forbids: [Vec<u32>; 2] = [
                    Vec::new(),
                    (0..rows)
                        .map(|r| {
                            let q = 1u32 << (n / 3);
                            let d = rows + 1 - r;
                            q | ((q << d) & all) | (q >> d)
                        })
                        .collect(),
                ];
                let cuts = forbids
                    .iter()
                    .flat_map(|f| (0..=rows + 1).map(move |e| (f, e)));
                for (forbid, edge) in cuts {
                    let pieces = Pieces::new(n, rows, edge, forbid).unwrap();
                    let mut want: Vec<Vec<(u32, u32, u32)>> = std::vec![Vec::new(); 1 << n];
                    half_boards(n, rows, all, forbid, &mut |cols, left, right| {
                        let packed = u64::from(left) | u64::from(right) << n;
                        let p = Prepared::of::<false>(shape, packed);
                        want[cols as usize].push((p.key, p.near, p.far));
                    });
                    for (set, want) in want.iter_mut().enumerate() {
                        if (set as u32).count_ones() as usize != rows {
                            continue;
                        }
                        let mut got = Vec::new();
                        pieces.boards(set as u32, shape, &mut Vec::new(), &mut got);
                        let mut got: Vec<_> = got.iter().map(|p| (p.key, p.near, p.far)).collect();
                        got.sort_unstable();
                        want.sort_unstable();
                        assert_eq!(&got, want, "n = {n}, rows = {rows}, set = {set:b}");
                    }
                }
            }
        }
    }
}
