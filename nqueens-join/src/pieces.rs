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
    /// In [`TopPieces`], each placement's near attacks (and `cross` holds its
    /// [`Prepared::item`]); empty elsewhere.
    near: Vec<u32>,
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

    /// Writes the crossings of the half boards whose columns are `set` into `found`, from
    /// its start, and returns how many there are (`found` holds more: room for the kernel).
    pub(super) fn crossings(&self, set: u32, found: &mut Vec<u64>) -> usize {
        let mut len = 0;
        self.each_cut(set, |(outer, o), (inner, i)| {
            grow(found, len + outer.len() * inner.len() + arch::PAD);
            let ((keys, moved, _), (masks, items, _)) = (o.slices(outer), i.slices(inner));
            for (&key, &cross) in keys.iter().zip(moved) {
                let out = found.get_mut(len..).unwrap_or_default();
                len += arch::pair_clear(items, masks, (key, cross), out);
            }
        });
        len
    }

    /// Calls `pair(outer, inner)` for every cut of `set` between the two pieces that has
    /// placements on both sides: `outer` the placements (a range, and the piece they are
    /// of) of the side with fewer of them, each to be paired with every one of `inner`.
    /// The pairs fit where their keys share no bit (about one in six), which the kernel
    /// tests without a branch, the longer list in its loop.
    #[inline(always)]
    fn each_cut(&self, set: u32, mut pair: impl FnMut(Side<'_>, Side<'_>)) {
        if set.count_ones() as usize != self.rows {
            return;
        }
        let mut cut = |[edge, inner]: [usize; 2]| {
            let (edge, inner) = (
                (self.edge.range(edge), &self.edge),
                (self.inner.range(inner), &self.inner),
            );
            match edge.0.len() <= inner.0.len() {
                _ if edge.0.is_empty() || inner.0.is_empty() => {}
                true => pair(edge, inner),
                false => pair(inner, edge),
            }
        };
        // Every choice of `edge_rows` of the set's columns for the edge piece, by the ranks
        // of the two pieces' column sets.
        match self.edge_rows {
            2 => two_edge_cuts(set, &mut cut),
            _ => subsets(set, self.edge_rows).for_each(|edge| cut([rank(edge), rank(set & !edge)])),
        }
    }
}

/// Some placements of a piece: their range, and the piece.
type Side<'a> = (core::ops::Range<usize>, &'a Piece);

/// Grows `v` to at least `len` items. The buffers only grow: resized to each set, they
/// were written with zeros every time they grew back.
fn grow<T: Copy + Default>(v: &mut Vec<T>, len: usize) {
    if v.len() < len {
        v.resize(len, T::default());
    }
}

/// [`Pieces`] of top halves, made ready for the join: each placement keeps its share of a
/// top's [`Prepared`] form (the key and far attacks as the join's items have them, and the
/// near attacks beside), where [`Pieces`] keep crossings. A pair's prepared form is its two
/// pieces' shares together, since the key and the attacks are the crossings' bits moved and
/// masked; so the tops come out of the pairing kernel as the join reads them, with no pass
/// over them to prepare each.
pub(super) struct TopPieces(Pieces);

impl TopPieces {
    /// The pieces of the top halves of `shape` (its `n`, halves of its `k` rows) with no
    /// queen on the squares of `forbid`, as [`Pieces::new`] cuts them with `edge_rows` edge
    /// rows, prepared for the top role.
    pub(super) fn new(shape: Shape, edge_rows: usize, forbid: &[u32]) -> Result<TopPieces, Error> {
        let mut pieces = Pieces::new(shape.n, shape.k, edge_rows, forbid)?;
        for piece in [&mut pieces.edge, &mut pieces.inner] {
            let mut near = zeroed::<u32>(piece.cross.len())?;
            for (cross, near) in piece.cross.iter_mut().zip(&mut near) {
                let p = Prepared::of::<false>(shape, *cross);
                *cross = p.item();
                *near = p.near;
            }
            piece.near = near;
        }
        Ok(TopPieces(pieces))
    }

    /// Writes the top halves whose columns are `set` into `items` ([`Prepared::item`]) and
    /// `nears` (their near attacks), from their starts, and returns how many there are
    /// (both hold more: room for the kernel).
    pub(super) fn gather(&self, set: u32, items: &mut Vec<u64>, nears: &mut Vec<u32>) -> usize {
        let mut len = 0;
        self.0.each_cut(set, |(outer, o), (inner, i)| {
            let room = len + outer.len() * inner.len() + arch::PAD;
            grow(items, room);
            grow(nears, room);
            let ((keys, moved, near), (masks, from, words)) = (o.slices(outer), i.slices(inner));
            for ((&key, &cross), &near) in keys.iter().zip(moved).zip(near) {
                let out = (
                    items.get_mut(len..).unwrap_or_default(),
                    nears.get_mut(len..).unwrap_or_default(),
                );
                len += arch::pair_clear_carried((from, words), masks, (key, cross, near), out);
            }
        });
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
        Ok(Piece {
            start,
            key,
            cross,
            near: Vec::new(),
        })
    }

    /// Where the placements whose columns are the set of rank `s` (see [`rank`]) are:
    /// empty past the sets.
    fn range(&self, s: usize) -> core::ops::Range<usize> {
        match (self.start.get(s), self.start.get(s + 1)) {
            (Some(&from), Some(&to)) => from as usize..to as usize,
            _ => 0..0,
        }
    }

    /// The keys, crossings (or prepared items) and near attacks (none outside
    /// [`TopPieces`]) of the placements `at`.
    fn slices(&self, at: core::ops::Range<usize>) -> (&[u64], &[u64], &[u32]) {
        (
            self.key.get(at.clone()).unwrap_or_default(),
            self.cross.get(at.clone()).unwrap_or_default(),
            self.near.get(at).unwrap_or_default(),
        )
    }
}

/// Calls `cut` with the ranks (see [`rank`]) of every two columns of `set` and of the
/// columns it leaves, as `subsets(set, 2)` deals them. The ranks of the rest come from sums
/// over the set's columns made once, not from a walk over each cut's columns: a top set is
/// cut 28 ways past n = 20, and that walk was a good part of putting its tops together.
#[inline(always)]
fn two_edge_cuts(set: u32, cut: &mut impl FnMut([usize; 2])) {
    // Column `c_j` of the set is the rest's `j + 1`th, `j`th or `j - 1`th column as it
    // comes before both cut columns, between them, or after both: `below[s][m]` sums
    // `C(c_j, j + 1 - s)` over `j < m`.
    let mut cols = [0usize; 32];
    let mut below = [[0usize; 33]; 3];
    let mut k = 0;
    let mut rest = set;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        cols[k] = c;
        for (s, sums) in below.iter_mut().enumerate() {
            sums[k + 1] = sums[k] + (k + 1).checked_sub(s).map_or(0, |i| binomial(c, i));
        }
        k += 1;
    }
    let [before, between, after] = &below;
    for q in 1..k {
        for p in 0..q {
            let edge = cols[p] + binomial(cols[q], 2);
            let inner = before[p] + (between[q] - between[p + 1]) + (after[k] - after[q + 1]);
            cut([edge, inner]);
        }
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

    /// The cuts of a set into two columns and the rest come with the ranks that a walk
    /// over each cut's columns gives, in the order of `subsets(set, 2)`.
    #[test]
    fn two_edge_cuts_rank_as_each_cut_is_ranked() {
        for set in 0u32..1 << 12 {
            let mut got = Vec::new();
            two_edge_cuts(set, &mut |ranks| got.push(ranks));
            let want: Vec<[usize; 2]> = subsets(set, 2)
                .map(|edge| [rank(edge), rank(set & !edge)])
                .collect();
            assert_eq!(got, want, "set = {set:b}");
        }
        let wide = 0b1011_0110_1101_1011_0111u32 << 11;
        let mut got = Vec::new();
        two_edge_cuts(wide, &mut |ranks| got.push(ranks));
        let want: Vec<[usize; 2]> = subsets(wide, 2)
            .map(|edge| [rank(edge), rank(wide & !edge)])
            .collect();
        assert_eq!(got, want);
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
                    let tops = TopPieces::new(shape, edge, forbid).unwrap();
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
                        want.sort_unstable();
                        // As crossings, prepared here.
                        let mut found = Vec::new();
                        let len = pieces.crossings(set as u32, &mut found);
                        let prepared = found[..len].iter().map(|&c| {
                            let p = Prepared::of::<false>(shape, c);
                            (p.key, p.near, p.far)
                        });
                        let mut got: Vec<_> = prepared.collect();
                        got.sort_unstable();
                        assert_eq!(&got, want, "n = {n}, rows = {rows}, set = {set:b}");
                        // Prepared as they are put together.
                        let (mut items, mut nears) = (Vec::new(), Vec::new());
                        let len = tops.gather(set as u32, &mut items, &mut nears);
                        let pairs = items[..len].iter().zip(&nears[..len]);
                        let mut got: Vec<_> = pairs
                            .map(|(&i, &near)| (i as u32, near, (i >> 32) as u32))
                            .collect();
                        got.sort_unstable();
                        assert_eq!(&got, want, "n = {n}, rows = {rows}, set = {set:b}");
                    }
                }
            }
        }
    }
}
