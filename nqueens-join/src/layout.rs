//! The centered join's cut of a board: which rows are center, middle and half rows, the
//! choices of center queens (one per orbit, with its weight), the top sets of each, the
//! squares each role's half boards must avoid, and which of a join's twins counts. Only
//! geometry: the lists and the loops are `centered`'s.

use std::vec::Vec;

use super::bits::{mirror_columns, orbit_weight, subsets};
use super::shape::Shape;
use super::NO_CENTER_N;
use crate::board::full_mask;
use crate::board::MAX_N;

/// Feeds what fixes the units of `layout` (see `centered::count_share`) to `eat`: the cut,
/// and every outer choice with its weight, in order. For the share plan's identifier.
pub(super) fn identity(layout: &Layout, eat: &mut impl FnMut(u8)) {
    let n = layout.n;
    for byte in [n, layout.h, layout.center] {
        eat(byte as u8);
    }
    // Which of a join and its upside-down twin counts (odd n) moves counts between units.
    let last = layout.bottoms_without();
    if last != 0 {
        last.to_le_bytes().into_iter().for_each(&mut *eat);
    }
    // Two queens a choice up to n = 20 (the second 0 for odd n), as before there were more.
    let queens = layout.center.max(2);
    for outer in layout.outers() {
        let weight = outer.weight as u32;
        for word in outer.queens[..queens].iter().chain([&weight]) {
            word.to_le_bytes().into_iter().for_each(&mut *eat);
        }
    }
}

/// The cut of one `n`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub(super) n: usize,
    /// Rows in a half.
    pub(super) h: usize,
    /// Center rows: 1 (odd `n`) or 2 (even `n`) up to n = 20, then `n - 18` (see
    /// [`HALF_ROWS_PAST_18`]); 0 for the whole list of an even `n`.
    pub(super) center: usize,
    pub(super) shape: Shape,
    pub(super) all: u32,
    /// How many batches the bottom halves of one outer choice are listed in, by the column of
    /// their edge row's queen (see [`Layout::new`]).
    pub(super) edges: u32,
    /// How many columns split those batches further (see [`Layout::split_columns`]): each
    /// subset of them is a batch of the bottoms that hold exactly those columns of them.
    pub(super) splits: u32,
    /// Whether the count is of the whole board, and may count one choice per orbit of the
    /// mirror and the flip; not for a count with queens fixed (see [`Layout::fixed`]).
    pub(super) symmetric: bool,
    /// The columns each row may take: all of them, but for a count with queens fixed.
    pub(super) allowed: [u32; MAX_N],
}

/// Rows in a half board from n = 19 on: the rest are center and middle rows. A key keeps two
/// fields of `n - 1 - gap` bits (see `Shape`), and with `gap = n - 16` rows between the halves
/// that is 15 bits at every n, so keys stay 32 bits wide past n = 20, where one center row
/// would need 34 (n = 21: three center rows, 22: four, 23: five).
const HALF_ROWS_PAST_18: usize = 8;

/// The most center rows a layout has: n = 23's (see [`HALF_ROWS_PAST_18`]).
pub(super) const MAX_CENTER: usize = 5;

/// The edge piece's rows past [`PIECED_FROM_CENTER`] (see [`Layout::edge_rows`]).
const SHORT_EDGE_ROWS: usize = 2;

/// The fewest center rows with which the tops are always put together from pieces (see
/// [`Layout::pieces_tops`]): n = 21's, whose halves of 8 rows are n = 19's, pieced there.
const PIECED_FROM_CENTER: usize = 3;

/// The fewest center rows past [`PIECED_FROM_CENTER`] with which the lists of an outer
/// choice are filtered from the lists of its leading queens (see
/// [`Layout::lists_by_leading`]): n = 22's four. At n = 21 the bottoms' list alone, several
/// times a choice's, would take the count past the quarter-board join's peak, which it
/// keeps under (BENCHMARKS.md).
const LEADING_FROM_CENTER: usize = 4;

/// The largest n the centered join counts: past it, `MAX_CENTER` would grow, and with it
/// the outer choices (orbits: 1,476 at n = 21, 24,814 at 22, 407,900 at 23).
pub(super) const MAX_CENTERED_N: usize = 2 * HALF_ROWS_PAST_18 + 2 + MAX_CENTER;

/// n = 20 lists the bottoms of one outer choice in this many ranges of the edge row's
/// queen: a quarter of them at a time keeps the peak near the quarter-board join's.
const EDGE_CLASSES_20: u32 = 4;

/// n = 19 lists the bottoms of one outer choice in four batches, by which of two columns
/// they hold (see [`Layout::split_columns`]): a quarter of them or so at a time, where all
/// of them took 4.7 times the quarter-board join's peak and two batches 2.7 times
/// (BENCHMARKS.md).
const SPLITS_19: u32 = 2;

/// Where an outer choice leaves fewer columns that no middle queen may take than the
/// bottoms are split on (a center queen on an edge column leaves one), the split takes
/// the free columns from this one up: near the middle of the board, where about half the
/// bottoms hold a column, so the batches come out near the same size.
const SPLIT_FROM_COLUMN: u32 = 13;

/// The bottom halves that one pass of the joins lists: those whose edge row's queen is in
/// one of the columns `firsts`, with a queen in each column of `with` and in none of
/// `without`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Batch {
    pub(super) firsts: u32,
    pub(super) with: u32,
    pub(super) without: u32,
}

/// One choice of center queens (column bits, row `h + 1` first; 0 past the center rows),
/// with the size of its orbit, and, with one center row, 2 for the flip inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Outer {
    pub(super) queens: [u32; MAX_CENTER],
    pub(super) weight: u64,
    /// The columns the first and the last middle row's queen may take: not attacked by the
    /// center queens, and allowed (see [`Layout::allowed`]).
    pub(super) middles: [u32; 2],
}

impl Outer {
    /// The columns the center queens take.
    pub(super) fn columns(&self) -> u32 {
        self.queens.iter().fold(0, |all, q| all | q)
    }
}

/// The allowed squares `squares` (row `r`'s columns in `squares[r]`) under the symmetry `g`
/// of the square: transposed if bit 2 is set, then flipped upside down if bit 1, then
/// mirrored if bit 0.
fn image_of(n: usize, squares: &[u32; MAX_N], g: u8) -> [u32; MAX_N] {
    let mut out = [0u32; MAX_N];
    for (r, &row) in squares.iter().enumerate().take(n) {
        let mut cols = row;
        while cols != 0 {
            let c = cols.trailing_zeros() as usize;
            cols &= cols - 1;
            let (mut r2, mut c2) = if g & 4 != 0 { (c, r) } else { (r, c) };
            if g & 2 != 0 {
                r2 = n - 1 - r2;
            }
            if g & 1 != 0 {
                c2 = n - 1 - c2;
            }
            out[r2] |= 1 << c2;
        }
    }
    out
}

/// The center queens `placed` (one a row), mirrored by `mirror` and, if `flip`, upside down
/// (the rows reversed), padded with 0 as [`Outer::queens`] is.
fn image(placed: &[u32], flip: bool, mirror: impl Fn(u32) -> u32) -> [u32; MAX_CENTER] {
    let mut out = [0; MAX_CENTER];
    for (slot, &q) in out.iter_mut().zip(placed) {
        *slot = mirror(q);
    }
    if flip {
        out[..placed.len()].reverse();
    }
    out
}

impl Layout {
    /// The layout `n` is counted with: no center rows for even `n` up to 16, else center
    /// rows.
    #[inline(always)]
    pub(super) fn for_size(n: usize) -> Layout {
        if n.is_multiple_of(2) && NO_CENTER_N.contains(&n) {
            Layout::no_center(n)
        } else {
            Layout::new(n)
        }
    }

    /// No center rows (even `n`): halves of `(n - 2) / 2` rows and two middle rows, the
    /// whole list of half boards at once.
    #[inline(always)]
    pub(super) fn no_center(n: usize) -> Layout {
        let h = (n - 2) / 2;
        Layout {
            n,
            h,
            center: 0,
            shape: Shape::with(n, h, 2),
            all: full_mask(n),
            edges: 1,
            splits: 0,
            symmetric: true,
            allowed: [u32::MAX; MAX_N],
        }
    }

    /// Center rows: one or two up to n = 20, then as many as keep halves of
    /// [`HALF_ROWS_PAST_18`] rows. The bottom halves of one outer choice are listed in
    /// batches where the whole of them would take more than twice the quarter-board join's
    /// peak memory:
    /// - n = 20: four, by their edge row's queen.
    /// - n = 19: four, by which of two columns they hold (see [`Layout::split_columns`]):
    ///   the bottoms of one outer choice (up to 21.4 million half boards) come to 6.7
    ///   million at most.
    #[inline(always)]
    pub(super) fn new(n: usize) -> Layout {
        // Past 18, halves of HALF_ROWS_PAST_18 rows and the center takes the rest (at 19 and
        // 20 that is one and two rows, as below); up to 18, as many as n is odd or even.
        let center = match n.checked_sub(2 + 2 * HALF_ROWS_PAST_18) {
            Some(center) if center > 0 => center,
            _ => 2 - n % 2,
        };
        Layout {
            edges: if n == 20 { EDGE_CLASSES_20 } else { 1 },
            splits: if n == 19 { SPLITS_19 } else { 0 },
            ..Layout::centered(n, center)
        }
    }

    /// `center` center rows (1 to [`MAX_CENTER`], as many as `n` is odd or even), the
    /// bottoms in one batch: the tests count small boards with the cut of large ones.
    #[inline(always)]
    pub(super) fn centered(n: usize, center: usize) -> Layout {
        let h = (n - 2 - center) / 2;
        Layout {
            n,
            h,
            center,
            shape: Shape::with(n, h, center as u32 + 2),
            all: full_mask(n),
            edges: 1,
            splits: 0,
            symmetric: true,
            allowed: [u32::MAX; MAX_N],
        }
    }

    /// [`Layout::new`]'s cut for a count of the solutions whose row `r` takes one of the
    /// columns `allowed[r]` (rows past its end: any), with no symmetry, since the rows'
    /// choices need not be symmetric. Where a row allows one column only, that queen's
    /// attacks are taken from the other rows first: the lists shrink with every queen fixed.
    /// `None` if some row is left no column.
    pub(super) fn fixed(n: usize, allowed: &[u32]) -> Option<Layout> {
        let mut layout = Layout {
            symmetric: false,
            ..Layout::new(n)
        };
        let all = layout.all;
        for (row, slot) in layout.allowed.iter_mut().enumerate().take(n) {
            *slot = allowed.get(row).map_or(all, |a| a & all);
        }
        // Each pass takes the attacks of the rows down to one column, and gives a column
        // that one row alone allows to that row (every column holds a queen); until
        // nothing is new.
        let mut changed = true;
        while changed {
            changed = false;
            for column in 0..n {
                let bit = 1u32 << column;
                let mut rows = (0..n).filter(|&r| layout.allowed[r] & bit != 0);
                if let (Some(row), None) = (rows.next(), rows.next()) {
                    changed |= layout.allowed[row] != bit;
                    layout.allowed[row] = bit;
                }
            }
            for row in 0..n {
                let one = layout.allowed[row];
                if one.count_ones() != 1 {
                    continue;
                }
                for other in (0..n).filter(|&r| r != row) {
                    let d = row.abs_diff(other) as u32;
                    let attacked = one | (one << d) | (one >> d);
                    let left = layout.allowed[other] & !attacked;
                    changed |= left != layout.allowed[other];
                    layout.allowed[other] = left;
                }
            }
        }
        layout.allowed[..n]
            .iter()
            .all(|&a| a != 0)
            .then_some(layout)
    }

    /// [`Layout::fixed`] for the image of the allowed squares under whichever of the
    /// 8 symmetries of the square makes the count cheapest: each maps the solutions that
    /// keep to the allowed squares one to one onto those that keep to their image, and the
    /// cost depends on where the constraints fall. A queen fixed on a center row leaves a
    /// fraction of the outer choices, one on a middle row a fraction of the middle pairs,
    /// one on a half's row a smaller list for one role only, which the join still reads
    /// the other role's whole list against (at n = 18, a queen on a half's row counted
    /// slower than a plain count, and its image on a center row faster).
    pub(super) fn cheapest(n: usize, allowed: &[u32]) -> Option<Layout> {
        let all = full_mask(n);
        let mut squares = [all; MAX_N];
        for (slot, a) in squares.iter_mut().zip(allowed).take(n) {
            *slot = a & all;
        }
        (0..8u8)
            .filter_map(|g| Layout::fixed(n, &image_of(n, &squares, g)))
            .map(|layout| (layout.estimate(), layout))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, layout)| layout)
    }

    /// The work of a count with this layout, roughly: for every outer choice, its pairs of
    /// middle columns times the half boards of both roles (each a fraction of the plain
    /// count's, by the columns its rows allow).
    pub(super) fn estimate(&self) -> f64 {
        let n = self.n;
        let share = |rows: &mut dyn Iterator<Item = usize>| -> f64 {
            rows.map(|r| f64::from(self.allowed[r].count_ones()) / n as f64)
                .product()
        };
        let halves = share(&mut (0..self.h)) + share(&mut (n - self.h..n));
        let pairs: f64 = self
            .outers()
            .iter()
            .map(|o| f64::from(o.middles[0].count_ones() * o.middles[1].count_ones()))
            .sum();
        pairs * halves
    }

    /// This cut with the allowed columns of `other`, counted without orbits: the tests count
    /// small boards with fixed queens and the cut of large ones.
    #[cfg(test)]
    pub(super) fn with_allowed(self, other: &Layout) -> Layout {
        Layout {
            symmetric: false,
            allowed: other.allowed,
            ..self
        }
    }

    /// The outer choices, one per orbit.
    pub(super) fn outers(&self) -> Vec<Outer> {
        let n = self.n;
        let mirror = |c: u32| mirror_columns(c, n);
        let mut out = Vec::new();
        if self.center == 0 {
            // One choice of nothing: the joins' own orbits carry the weights.
            out.push(Outer {
                queens: [0; MAX_CENTER],
                weight: 1,
                middles: [self.all; 2],
            });
            return out;
        }
        // Every placement of the center rows, row by row; kept where it is the least of its
        // images under the mirror and the flip (which reverses the rows), weighted by how
        // many there are. With one center row the flip keeps it, and the joins' twins inside
        // it are counted once, twice (see `Layout::weight`).
        let center = self.center;
        let mut queens = [0u32; MAX_CENTER];
        let mut columns = [0usize; MAX_CENTER];
        let mut row = 0;
        columns[0] = 0;
        loop {
            if columns[row] == n {
                if row == 0 {
                    break;
                }
                row -= 1;
                columns[row] += 1;
                continue;
            }
            let c = columns[row];
            let allowed = self.allowed[self.h + 1 + row] >> c & 1 == 1;
            let free = allowed
                && (0..row).all(|r| {
                    let (d, other) = (row - r, columns[r]);
                    other != c && other.abs_diff(c) != d
                });
            if !free {
                columns[row] += 1;
                continue;
            }
            queens[row] = 1 << c;
            if row + 1 < center {
                row += 1;
                columns[row] = 0;
                continue;
            }
            let placed = &queens[..center];
            let images = [
                image(placed, false, mirror),
                image(placed, true, |c| c),
                image(placed, true, mirror),
            ];
            let weight = match self.symmetric {
                true => orbit_weight([queens, images[0], images[1], images[2]]),
                false => 1,
            };
            let middles = [true, false].map(|first| self.middle_columns(&queens, first));
            // With queens fixed, a choice that leaves a middle row no column is dropped
            // (the whole count keeps every choice: they fix its shares' units).
            let empty = !self.symmetric && (middles[0] == 0 || middles[1] == 0);
            if weight > 0 && !empty {
                out.push(Outer {
                    queens,
                    weight: if center == 1 && self.symmetric {
                        2 * weight
                    } else {
                        weight
                    },
                    middles,
                });
            }
            columns[row] += 1;
        }
        out
    }

    /// The top sets of one outer choice: every set of `h` of the columns the center queens
    /// leave, in a deterministic order (Gosper's hack over those columns).
    pub(super) fn top_sets(&self, outer: &Outer) -> Vec<u32> {
        subsets(self.all & !outer.columns(), self.h).collect()
    }

    /// How many top sets every outer choice has: `h` of the `n - center` columns left.
    pub(super) fn tops_per_outer(&self) -> u64 {
        let (mut ways, free) = (1u64, (self.n - self.center) as u64);
        for i in 0..self.h as u64 {
            ways = ways * (free - i) / (i + 1);
        }
        ways
    }

    /// The squares of the first `h` rows that the center queens (rows `h + 1` on) attack,
    /// and their columns: what a top half must avoid. `queens` are in row order.
    pub(super) fn forbidden(&self, queens: [u32; MAX_CENTER]) -> Vec<u32> {
        self.forbidden_in(queens, |row| self.allowed[row])
    }

    /// [`Layout::forbidden`], with the squares the rows may not take: `allowed(row)` gives
    /// the columns row `row` (from the edge) may.
    fn forbidden_in(&self, queens: [u32; MAX_CENTER], allowed: impl Fn(usize) -> u32) -> Vec<u32> {
        (0..self.h)
            .map(|row| {
                let mut f = self.all & !allowed(row);
                for (i, &q) in queens.iter().enumerate().take(self.center) {
                    let d = self.h + 1 + i - row;
                    f |= q | ((q << d) & self.all) | (q >> d);
                }
                f
            })
            .collect()
    }

    /// The columns a middle queen may take: `first` for row `h`, else for the last middle
    /// row; those allowed that the center queens `queens` leave unattacked.
    fn middle_columns(&self, queens: &[u32; MAX_CENTER], first: bool) -> u32 {
        let row = if first {
            self.h
        } else {
            self.h + self.center + 1
        };
        let mut ok = self.all & self.allowed[row];
        for (i, &q) in queens.iter().enumerate().take(self.center) {
            // Row distance from the middle row to center row i.
            let d = if first { 1 + i } else { self.center - i };
            ok &= !(q | ((q << d) & self.all) | (q >> d));
        }
        ok
    }

    /// Odd `n`: the column (a bit) that the bottom role's half boards never use, else 0. Of
    /// a join and its upside-down twin, the one with this column in its top set counts, or,
    /// with the column on a middle row, the one with the smaller top set. So no join needs a
    /// bottom that holds it, and the list keeps 45 to 49% of the half boards of an outer
    /// choice (n = 17 and 19, counted; of single columns, the two edge ones keep fewest).
    /// The tops, which are all of them, are put together per top set instead (see
    /// `centered::Tops::Pieced`).
    pub(super) fn bottoms_without(&self) -> u32 {
        match self.center {
            1 if self.symmetric => 1 << (self.n - 1),
            _ => 0,
        }
    }

    /// Whether the top role's half boards are put together for each top set from two pieces
    /// (see `centered::Tops::Pieced`) rather than listed: odd `n` with one center row, whose list
    /// keeps only the bottoms (see [`Layout::bottoms_without`]); and past n = 20, where an
    /// outer choice's two lists were a count's peak, and the tops put together cost no more
    /// time than their list (bench/HISTORY.md, "The third step, continued"); and two center
    /// rows whose bottoms are filtered from the leading queen's (n = 18), whose tops' list
    /// beside them took three times the quarter-board join's peak. Where a share makes the
    /// lists of the leading center queens past n = 20 ([`Layout::leads_hold_tops`]), it
    /// takes both roles from them instead.
    pub(super) fn pieces_tops(&self) -> bool {
        let leading_two = self.center == 2 && self.lists_by_leading();
        self.bottoms_without() != 0 || self.center >= PIECED_FROM_CENTER || leading_two
    }

    /// Whether the lists of half boards are put together from pieces too (see
    /// `List::pieced`), not searched: past n = 20, whose edge pieces of two rows pair with
    /// few tests, and whose lists, searched twice and written a board anywhere at a time,
    /// were a good part of a share's time. Below, it was no faster at n = 19 and slower at
    /// 17 (edge pieces of half the rows), and at 18 a little faster but with the peak a
    /// megabyte short of twice the quarter-board join's (bench/HISTORY.md).
    pub(super) fn lists_pieced(&self) -> bool {
        self.center >= PIECED_FROM_CENTER
    }

    /// How many rows of a top half the edge piece holds (see `Pieces`): two where two or
    /// more center queens leave few placements of the other rows, which pair with an edge
    /// piece in fewer tests (n = 18 too: bench/HISTORY.md); else half of them, whose two
    /// pieces are both small (at n = 19, two rows cost memory: BENCHMARKS.md).
    pub(super) fn edge_rows(&self) -> usize {
        match self.center >= 2 {
            true => SHORT_EDGE_ROWS.min(self.h),
            false => self.h / 2,
        }
    }

    /// Whether an outer choice's lists may be made from lists of its leading center queens
    /// (all but the last) alone, filtered for the last (see `List::filtered`). The outer
    /// choices come in order, so those that share their leading queens are neighbours, and
    /// the lists of those queens (the bottoms' three to five times one choice's) cost one
    /// search for all of them where each choice made its own:
    /// - two center rows, in one batch (n = 18): the bottoms alone, the tops put together
    ///   from pieces ([`Layout::pieces_tops`]): the tops' list of the leading queen too
    ///   took the count to three times the quarter-board join's peak (BENCHMARKS.md);
    /// - [`LEADING_FROM_CENTER`] or more (n = 22 and 23), whose choices otherwise list only
    ///   the bottoms and put the tops together from pieces: both roles, since a filter of
    ///   a list costs less than the pieces' pairing, and the tops' list of the leading
    ///   queens less than its filters save (BENCHMARKS.md).
    ///
    /// Not n = 20, whose bottoms come in batches to bound memory, nor n = 21, whose lists of
    /// two queens would take the count past the quarter-board join's memory.
    pub(super) fn lists_by_leading(&self) -> bool {
        let cut = self.center == 2 || self.center >= LEADING_FROM_CENTER;
        cut && self.edges == 1 && self.splits == 0
    }

    /// Whether the lists of the leading center queens ([`Layout::lists_by_leading`]) hold
    /// the tops as well as the bottoms: past n = 20 (see there).
    pub(super) fn leads_hold_tops(&self) -> bool {
        self.center >= LEADING_FROM_CENTER && self.lists_by_leading()
    }

    /// `outer` without its last center queen: the leading queens, whose lists
    /// [`Layout::lists_by_leading`] filters for the last.
    pub(super) fn leading(&self, outer: &Outer) -> Outer {
        let mut queens = outer.queens;
        if let Some(last) = self.center.checked_sub(1).and_then(|c| queens.get_mut(c)) {
            *last = 0;
        }
        Outer { queens, ..*outer }
    }

    /// What the last center queen of `outer` (row `h + center`) adds to the lists of its
    /// leading queens ([`Layout::leading`]): its column, and the crossings that reach it,
    /// for the top role (`center` rows past the crossings' row) and for the bottom role
    /// (one row past).
    pub(super) fn last_hits(&self, outer: &Outer) -> (u32, [u64; 2]) {
        let q = self.center.checked_sub(1).map_or(0, |c| outer.queens[c]);
        let reach = |d: usize| u64::from(q >> d) | u64::from((q << d) & self.all) << self.n;
        (q, [reach(self.center), reach(1)])
    }

    /// What the bottom role's half boards must avoid, row by row from the edge: with one
    /// center row, the top's and [`Layout::bottoms_without`]; with more, which come in
    /// reverse order upside down, the top's of the center queens reversed.
    pub(super) fn bottom_forbidden(&self, outer: &Outer) -> Vec<u32> {
        match self.center {
            // Upside down, row `r` from the edge is the board's row `n - 1 - r`.
            1 => {
                let mut forbid = self.forbidden_in(outer.queens, |r| self.allowed[self.n - 1 - r]);
                forbid.iter_mut().for_each(|f| *f |= self.bottoms_without());
                forbid
            }
            center => {
                let mut reversed = outer.queens;
                reversed[..center].reverse();
                self.forbidden_in(reversed, |r| self.allowed[self.n - 1 - r])
            }
        }
    }

    /// The columns that split the bottoms of `outer` into batches ([`Layout::splits`] of
    /// them): first those that neither middle row may take, whose side of a join the top
    /// set alone decides (a column out of the top set is in the bottom set), so that a top
    /// set meets one batch of each such column; with one center row, the two columns
    /// beside the center queen. Each top set is put together from its pieces for every
    /// batch it meets, and with a column that a middle row may take, a top set without it
    /// meets both sides (bench/HISTORY.md). Then free columns from [`SPLIT_FROM_COLUMN`] up.
    /// Only columns that a bottom may hold: any other would split off empty batches.
    pub(super) fn split_columns(&self, outer: &Outer) -> u32 {
        if self.splits == 0 {
            return 0;
        }
        let held = self
            .bottom_forbidden(outer)
            .iter()
            .fold(0, |held, forbid| held | (self.all & !forbid));
        let free = held & !outer.columns() & !self.bottoms_without();
        let never_middle = free & !(outer.middles[0] | outer.middles[1]);
        let n = self.n as u32;
        let from = SPLIT_FROM_COLUMN % n;
        let onwards = (0..n)
            .map(|i| 1u32 << ((from + i) % n))
            .filter(|c| free & c != 0);
        let mut split = 0u32;
        for column in subsets(never_middle, 1).chain(onwards) {
            if split.count_ones() == self.splits {
                break;
            }
            split |= column;
        }
        split
    }

    /// The batches the bottom halves of `outer` are listed in, one at a time (see
    /// [`Layout::new`]): [`Layout::edges`] ranges of the edge row's queen, each split by
    /// which of [`Layout::split_columns`] the half board holds.
    pub(super) fn bottom_batches(&self, outer: &Outer) -> Vec<Batch> {
        let (n, k, split) = (self.n as u32, self.edges, self.split_columns(outer));
        let below = |c: u32| (1u32 << c) - 1;
        let mut out = Vec::new();
        for i in 0..k {
            let firsts = below((i + 1) * n / k) & !below(i * n / k);
            // Every subset of `split`, from none of it.
            let mut with = 0;
            loop {
                out.push(Batch {
                    firsts,
                    with,
                    without: split & !with,
                });
                if with == split {
                    break;
                }
                with = with.wrapping_sub(split) & split;
            }
        }
        out
    }

    /// How many times the join of the top set `top`, the middle queens `middle` (first row
    /// first) and the bottom set `bottom` counts, or 0 if another join counts it. Odd `n`:
    /// the flip keeps the center row, so of a join and its upside-down twin (bottom set on
    /// top) one counts, and the outer choice's weight doubles it: the one whose top set holds
    /// [`Layout::bottoms_without`], else the one with the smaller top set. No center rows:
    /// one join per orbit of the mirror and the flip counts, for all of it. Even `n` with
    /// center rows: the outer choices' orbits already hold the flip.
    #[inline(always)]
    pub(super) fn weight(&self, top: u32, middle: [u32; 2], bottom: u32) -> u64 {
        if !self.symmetric {
            return 1;
        }
        match self.center {
            1 => u64::from(top & self.bottoms_without() != 0 || top < bottom),
            0 => {
                let mirror = |c: u32| mirror_columns(c, self.n);
                let join = (top, middle[0], middle[1]);
                let flip = (bottom, middle[1], middle[0]);
                orbit_weight([
                    join,
                    flip,
                    (mirror(join.0), mirror(join.1), mirror(join.2)),
                    (mirror(flip.0), mirror(flip.1), mirror(flip.2)),
                ])
            }
            _ => 1,
        }
    }

    /// Whether queens on the two middle rows, in the columns `first` and `last` (bits),
    /// share a diagonal.
    pub(super) fn attack(&self, first: u32, last: u32) -> bool {
        let d = self.center as u32 + 1;
        (first.trailing_zeros()).abs_diff(last.trailing_zeros()) == d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lists::List;
    use crate::placements::half_boards;

    /// Odd n keeps only the bottoms without the last column, and puts the tops together
    /// from pieces: the half boards its lists hold, against those of the top role's list.
    #[test]
    fn odd_n_lists_the_bottoms_without_the_last_column() {
        for n in [11, 13, 17] {
            let layout = Layout::new(n);
            let outer = layout.outers()[1];
            let forbid = layout.forbidden(outer.queens);
            let every = List::new(n, layout.h, layout.all, 0, &forbid).unwrap();
            let bottoms =
                List::new(n, layout.h, layout.all, 0, &layout.bottom_forbidden(&outer)).unwrap();
            let last = layout.bottoms_without();
            assert_eq!(last, 1 << (n - 1));
            let (mut kept, mut all) = (0, 0);
            for set in layout.top_sets(&outer) {
                let held = bottoms.of(set).len();
                let full = every.of(set).len();
                assert_eq!(held, if set & last == 0 { full } else { 0 }, "n = {n}");
                (kept, all) = (kept + held, all + full);
            }
            // Under half of them from n = 17, as the layout's notes say (45 to 49%).
            assert!(n < 17 || 2 * kept < all, "n = {n}: {kept} of {all}");
        }
        assert_eq!(Layout::new(18).bottoms_without(), 0);
        assert_eq!(Layout::no_center(16).bottoms_without(), 0);
    }

    #[test]
    fn top_sets_are_every_set_of_the_free_columns_once() {
        for n in [9, 14, 17] {
            let layout = Layout::new(n);
            for outer in layout.outers().iter().take(3) {
                let sets = layout.top_sets(outer);
                assert_eq!(sets.len() as u64, layout.tops_per_outer(), "n = {n}");
                let centers = outer.columns();
                assert!(sets.iter().all(|s| s.count_ones() as usize == layout.h));
                assert!(sets.iter().all(|s| s & centers == 0));
                let mut sorted = sets.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), sets.len(), "n = {n}");
            }
        }
    }

    /// At n = 18 and past 20 the tops are pieced with an edge piece of two rows; at 17 and
    /// 19, of half the rows; listed tops (n = 20) have no pieces to cut.
    #[test]
    fn pieces_are_cut_where_they_are_used() {
        for (n, pieced, edge) in [(17, true, 3), (18, true, 2), (19, true, 4), (21, true, 2)] {
            let layout = Layout::new(n);
            assert_eq!(
                (layout.pieces_tops(), layout.edge_rows()),
                (pieced, edge),
                "n = {n}"
            );
        }
        assert!(!Layout::new(20).pieces_tops());
        for n in 21..=MAX_CENTERED_N {
            assert_eq!(Layout::new(n).edge_rows(), SHORT_EDGE_ROWS, "n = {n}");
        }
    }

    /// Every placement of the center rows, once per image under the mirror and the flip.
    #[test]
    fn outers_of_more_center_rows_cover_every_placement() {
        for (n, center) in [(9, 3), (11, 3), (10, 4), (12, 4), (11, 5), (13, 5), (21, 3)] {
            let layout = Layout::centered(n, center);
            let covered: u64 = layout.outers().iter().map(|o| o.weight).sum();
            // Placements of `center` rows of n, by the crate's own search.
            let mut want = 0;
            half_boards(n, center, layout.all, &[], &mut |_, _, _| want += 1);
            assert_eq!(covered, want, "n = {n}, {center} center rows");
        }
    }

    /// The orbits of the center rows' placements from n = 21, as the layout's notes give
    /// them (counted apart, in Python, over every placement).
    #[test]
    fn outers_past_20_are_as_many_as_noted() {
        assert_eq!(Layout::new(21).outers().len(), 1_476);
        assert_eq!(Layout::new(22).outers().len(), 24_814);
        assert_eq!(Layout::new(21).center, 3);
        assert_eq!(Layout::new(23).center, MAX_CENTER);
        assert_eq!(Layout::new(23).h, HALF_ROWS_PAST_18);
    }

    #[test]
    fn outer_weights_cover_every_center_choice() {
        // Odd n: each of the n columns once. Even n: every ordered pair of columns two apart
        // or more, each once.
        for n in 5..=20 {
            let layout = Layout::new(n);
            let covered: u64 = layout
                .outers()
                .iter()
                .map(|o| if n % 2 == 1 { o.weight / 2 } else { o.weight })
                .sum();
            let want = if n % 2 == 1 {
                n as u64
            } else {
                (0..n)
                    .flat_map(|p| (0..n).map(move |q| (p, q)))
                    .filter(|(p, q): &(usize, usize)| p.abs_diff(*q) >= 2)
                    .count() as u64
            };
            assert_eq!(covered, want, "n = {n}");
        }
    }
}
