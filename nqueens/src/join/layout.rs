//! The centered join's cut of a board: which rows are center, middle and half rows, the
//! choices of center queens (one per orbit, with its weight), the top sets of each, the
//! squares each role's half boards must avoid, and which of a join's twins counts. Only
//! geometry: the lists and the loops are `centered`'s.

use std::vec::Vec;

use super::kit::{mirror, orbit_weight, subsets, Shape};

/// Feeds what fixes the units of `n` (see [`count_share`]) to `eat`: the cut, and every outer
/// choice with its weight, in order. For the share plan's identifier.
pub(super) fn identity(n: usize, eat: &mut impl FnMut(u8)) {
    let layout = Layout::new(n);
    for byte in [n, layout.h, layout.center] {
        eat(byte as u8);
    }
    // Which of a join and its upside-down twin counts (odd n) moves counts between units.
    let last = layout.bottoms_without();
    if last != 0 {
        last.to_le_bytes().into_iter().for_each(&mut *eat);
    }
    for outer in layout.outers() {
        for word in [outer.queens[0], outer.queens[1], outer.weight as u32] {
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
    /// Center rows: 1 (odd `n`) or 2 (even `n`); 0 for the whole list of an even `n`.
    pub(super) center: usize,
    pub(super) shape: Shape,
    pub(super) all: u32,
    /// How many classes the bottom halves of one outer choice are listed in, by the column of
    /// their edge row's queen (see [`Layout::new`]).
    pub(super) edges: u32,
    /// Columns whose presence splits those classes further: each subset of them is a class
    /// of the bottoms that hold exactly those columns of them.
    pub(super) split_on: u32,
}

/// n = 20 lists the bottoms of one outer choice in this many ranges of the edge row's
/// queen: a quarter of them at a time keeps the peak at 213 MB, not 388.
const EDGE_CLASSES_20: u32 = 4;

/// n = 19 lists the bottoms of one outer choice in four classes, by whether they hold
/// columns 13 and 14: at most 6.1 million half boards at a time, not 21.4 million.
const SPLIT_ON_19: u32 = 0b11 << 13;

/// The bottom halves that one pass of the joins lists: those whose edge row's queen is in
/// one of the columns `firsts`, with a queen in each column of `with` and in none of
/// `without`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Class {
    pub(super) firsts: u32,
    pub(super) with: u32,
    pub(super) without: u32,
}

/// One choice of center queens (column bits, row `h + 1` first), with the size of its orbit,
/// and, for odd `n`, 2 for the flip inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Outer {
    pub(super) queens: [u32; 2],
    pub(super) weight: u64,
}

impl Layout {
    /// The layout `n` is counted with: no center rows for even `n` up to 16, else center
    /// rows.
    #[inline(always)]
    pub(super) fn for_size(n: usize) -> Layout {
        if n.is_multiple_of(2) && n <= 16 {
            Layout::whole(n)
        } else {
            Layout::new(n)
        }
    }

    /// No center rows (even `n`): halves of `(n - 2) / 2` rows and two middle rows, the
    /// whole list of half boards at once.
    #[inline(always)]
    pub(super) fn whole(n: usize) -> Layout {
        let h = (n - 2) / 2;
        Layout {
            n,
            h,
            center: 0,
            shape: Shape::with(n, h, 2),
            all: (1u32 << n) - 1,
            edges: 1,
            split_on: 0,
        }
    }

    /// Center rows. The bottom halves of one outer choice are listed in classes where the
    /// whole of them would take more than twice the quarter-board join's peak memory:
    /// - n = 20: four, by their edge row's queen. Its two lists (194 MB each) would peak at
    ///   388 MB; with a quarter of the bottoms at a time, 213 MB.
    /// - n = 19: four, by whether they hold column 13 and column 14. The bottoms of one
    ///   outer choice (up to 21.4 million half boards, 107 MB) come to 6.1 million at most.
    #[inline(always)]
    pub(super) fn new(n: usize) -> Layout {
        let center = 2 - n % 2;
        let h = (n - 2 - center) / 2;
        Layout {
            n,
            h,
            center,
            shape: Shape::with(n, h, center as u32 + 2),
            all: (1u32 << n) - 1,
            edges: if n == 20 { EDGE_CLASSES_20 } else { 1 },
            split_on: if n == 19 { SPLIT_ON_19 } else { 0 },
        }
    }

    /// The outer choices, one per orbit.
    pub(super) fn outers(&self) -> Vec<Outer> {
        let n = self.n;
        let mirror = |c: u32| mirror(c, n);
        let mut out = Vec::new();
        if self.center == 0 {
            // One choice of nothing: the joins' own orbits carry the weights.
            out.push(Outer {
                queens: [0, 0],
                weight: 1,
            });
            return out;
        }
        for p in 0..n {
            if self.center == 1 {
                // The mirror maps column c to n - 1 - c; the flip keeps the row.
                if 2 * p + 1 > n {
                    continue;
                }
                let orbit = if 2 * p + 1 == n { 1 } else { 2 };
                out.push(Outer {
                    queens: [1 << p, 0],
                    weight: 2 * orbit,
                });
                continue;
            }
            for q in 0..n {
                if p.abs_diff(q) < 2 {
                    continue;
                }
                let (a, b) = (1u32 << p, 1u32 << q);
                let weight = orbit_weight([
                    (a, b),
                    (mirror(a), mirror(b)),
                    (b, a),
                    (mirror(b), mirror(a)),
                ]);
                if weight > 0 {
                    out.push(Outer {
                        queens: [a, b],
                        weight,
                    });
                }
            }
        }
        out
    }

    /// The top sets of one outer choice: every set of `h` of the columns the center queens
    /// leave, in a fixed order (Gosper's hack over those columns).
    pub(super) fn top_sets(&self, outer: &Outer) -> Vec<u32> {
        subsets(self.all & !outer.queens[0] & !outer.queens[1], self.h).collect()
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
    pub(super) fn forbidden(&self, queens: [u32; 2]) -> Vec<u32> {
        (0..self.h)
            .map(|row| {
                let mut f = 0;
                for (i, &q) in queens.iter().enumerate().take(self.center) {
                    let d = self.h + 1 + i - row;
                    f |= q | ((q << d) & self.all) | (q >> d);
                }
                f
            })
            .collect()
    }

    /// The columns a middle queen may take: `first` for row `h`, else for the last middle
    /// row; those the center queens leave unattacked.
    pub(super) fn middle_columns(&self, outer: &Outer, first: bool) -> u32 {
        let mut ok = self.all;
        for (i, &q) in outer.queens.iter().enumerate().take(self.center) {
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
    /// [`Tops::Pieced`]).
    pub(super) fn bottoms_without(&self) -> u32 {
        match self.center {
            1 => 1 << (self.n - 1),
            _ => 0,
        }
    }

    /// What the bottom role's half boards must avoid, row by row from the edge: with two
    /// center rows, which swap upside down, the top's upside down; with one, the top's and
    /// [`Layout::bottoms_without`].
    pub(super) fn bottom_forbidden(&self, outer: &Outer) -> Vec<u32> {
        match self.center {
            2 => self.forbidden([outer.queens[1], outer.queens[0]]),
            _ => {
                let mut forbid = self.forbidden(outer.queens);
                forbid.iter_mut().for_each(|f| *f |= self.bottoms_without());
                forbid
            }
        }
    }

    /// The classes the bottom halves of one outer choice are listed in, one at a time (see
    /// [`Layout::new`]): [`Layout::edges`] ranges of the edge row's queen, each split by
    /// which columns of [`Layout::split_on`] the half board holds.
    pub(super) fn bottom_classes(&self) -> Vec<Class> {
        let (n, k, split) = (self.n as u32, self.edges, self.split_on);
        let below = |c: u32| (1u32 << c) - 1;
        let mut out = Vec::new();
        for i in 0..k {
            let firsts = below((i + 1) * n / k) & !below(i * n / k);
            // Every subset of `split`, from none of it.
            let mut with = 0;
            loop {
                out.push(Class {
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
        match self.center {
            1 => u64::from(top & self.bottoms_without() != 0 || top < bottom),
            0 => {
                let mirror = |c: u32| mirror(c, self.n);
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
    use crate::join::kit::Part;

    /// Odd n keeps only the bottoms without the last column, and puts the tops together
    /// from pieces: the half boards its lists hold, against those of the top role's list.
    #[test]
    fn odd_n_lists_the_bottoms_without_the_last_column() {
        for n in [11, 13, 17] {
            let layout = Layout::new(n);
            let outer = layout.outers()[1];
            let forbid = layout.forbidden(outer.queens);
            let every = Part::list(n, layout.h, layout.all, 0, &forbid).unwrap();
            let bottoms =
                Part::list(n, layout.h, layout.all, 0, &layout.bottom_forbidden(&outer)).unwrap();
            let last = layout.bottoms_without();
            assert_eq!(last, 1 << (n - 1));
            let (mut kept, mut all) = (0, 0);
            for set in layout.top_sets(&outer) {
                let held = bottoms.of(set).0.len();
                let full = every.of(set).0.len();
                assert_eq!(held, if set & last == 0 { full } else { 0 }, "n = {n}");
                (kept, all) = (kept + held, all + full);
            }
            // Under half of them from n = 17, as the layout's notes say (45 to 49%).
            assert!(n < 17 || 2 * kept < all, "n = {n}: {kept} of {all}");
        }
        assert_eq!(Layout::new(18).bottoms_without(), 0);
        assert_eq!(Layout::whole(16).bottoms_without(), 0);
    }

    #[test]
    fn top_sets_are_every_set_of_the_free_columns_once() {
        for n in [9, 14, 17] {
            let layout = Layout::new(n);
            for outer in layout.outers().iter().take(3) {
                let sets = layout.top_sets(outer);
                assert_eq!(sets.len() as u64, layout.tops_per_outer(), "n = {n}");
                let centers = outer.queens[0] | outer.queens[1];
                assert!(sets.iter().all(|s| s.count_ones() as usize == layout.h));
                assert!(sets.iter().all(|s| s & centers == 0));
                let mut sorted = sets.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), sets.len(), "n = {n}");
            }
        }
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
