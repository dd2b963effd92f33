//! The one-list join: every half board of a board listed at once, then joined.
//!
//! Every placement of queens on the top `k = (n - 1) / 2` rows is listed once, grouped by the
//! set of columns it uses. The bottom `k` rows are the same list read upside down. Between
//! them lie one middle row (odd `n`) or two (even `n`). A solution is a top half, a queen on
//! each middle row and a bottom half whose columns partition the board and whose diagonals
//! never meet. Diagonals are compared where they cross row `k`, the first middle row: a top
//! queen at `(r, c)` reaches it at columns `c ± (k - r)`, a bottom queen from below, and two
//! queens share a diagonal exactly when they reach row `k` on the same column going the same
//! way. So one join, a top group against the bottom group with the other columns, for given
//! middle queens, is a count of pairs of 32-bit keys with no bit in common. Both lists are
//! first split on a few key bits, since a top and a bottom that both have a bit need no look
//! (a quarter of the pairs per bit), and what is left is a loop the compiler turns into SIMD.
//!
//! The joins are related by the mirror (columns reversed) and, because the bottom half is the
//! top half upside down, by the vertical flip: only one join per orbit of those is done, and
//! its count is multiplied by the orbit's size. Two middle rows for even `n`, rather than two
//! halves that meet, make the half boards shorter (7 rows instead of 8 at n = 16: 4 million
//! instead of 15 million), and the pairs to compare fewer (0.6 billion instead of 4 billion).
//! The memory is the list of half boards, where their diagonals cross row `k` in `2n` bits:
//! 4 bytes each up to n = 16. It counts odd n up to 15, where it is faster than the centered
//! join, which counts every other size.

use std::vec::Vec;

use super::bits::{mirror_columns, next_set, orbit_weight, push};
use super::boards::Boards;
use super::lists::List;
use super::pairs::group_pairs;
use super::shape::{Prepared, Shape};
use crate::error::Error;
use crate::parallel;
use crate::progress::{Progress, Stage, Unit};

/// The largest `n` the one-list join counts: its half boards grow about eight times for
/// each n past it, where the centered join counts.
const ONE_LIST_MAX_N: usize = 16;
/// The smallest: below it a half board has no rows.
const ONE_LIST_MIN_N: usize = 4;

/// Joins a thread takes at a time: each is short (microseconds), so they are handed out a
/// few hundred at a time.
const GROUPS_PER_CHUNK: usize = 256;

/// Whether the one-list join counts `n`.
pub(super) fn covers(n: usize) -> bool {
    (ONE_LIST_MIN_N..=ONE_LIST_MAX_N).contains(&n)
}

/// Every solution of `n` on `threads` threads, reporting the listing and the joins to
/// `progress`. [`Error::OutOfMemory`] where the half boards do not fit.
pub(super) fn count(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    let join = Join::build(n, threads, progress)?;
    Ok(join.count_parallel(threads, progress))
}

/// The half boards of one `n`, ready to be joined: build once, count on one thread or many.
#[derive(Clone)]
pub(super) struct Join {
    n: usize,
    /// The layout of `n`, needed by every join.
    shape: Shape,
    /// The half boards, one list per column of the first row's queen: built separately (in
    /// parallel where threads are given), and each small enough that filling it in column-set
    /// order stays in cache.
    lists: Vec<List>,
    groups: Vec<Group>,
    /// The most half boards that share one column set: the buffers a join needs.
    longest: usize,
}

/// Sizes, not contents: a derived `Debug` would print millions of half boards.
impl core::fmt::Debug for Join {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Join")
            .field("n", &self.n)
            .field("half_boards", &self.half_boards())
            .field("groups", &self.groups.len())
            .finish()
    }
}

/// One join: the top half uses the columns `top`, the middle queens sit on the columns
/// `middle` (bit masks; the second is 0 for odd `n`), the bottom half uses the rest. `weight`
/// is the size of its orbit.
#[derive(Clone, Copy, Debug)]
struct Group {
    top: u32,
    middle: [u32; 2],
    weight: u64,
}

impl Join {
    /// Lists the half boards of `n` on `threads` threads (0: one per core).
    fn build(
        n: usize,
        threads: usize,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Join, Error> {
        if !(ONE_LIST_MIN_N..=ONE_LIST_MAX_N).contains(&n) {
            return Err(Error::BoardSize(n));
        }
        let done = core::sync::atomic::AtomicU64::new(0);
        let list = |first: &usize| {
            let list = list_of_first(n, *first);
            let done = done.fetch_add(1, core::sync::atomic::Ordering::Relaxed) + 1;
            progress(Progress::columns_listed(done, n as u64));
            list
        };
        let columns: Vec<usize> = (0..n).collect();
        let lists = parallel::map(&columns, threads, list);
        let lists = lists.into_iter().collect::<Result<Vec<List>, Error>>()?;
        let longest = (0..1usize << n)
            .map(|s| {
                lists
                    .iter()
                    .map(|p| (p.start[s + 1] - p.start[s]) as usize)
                    .sum()
            })
            .max()
            .unwrap_or(0);
        Ok(Join {
            n,
            shape: Shape::new(n),
            lists,
            groups: groups(n),
            longest,
        })
    }

    /// The board size.
    #[cfg(test)]
    fn n(&self) -> usize {
        self.n
    }

    /// How many half boards were listed (the bottom halves are the same list read upside down).
    fn half_boards(&self) -> usize {
        self.lists.iter().map(|p| p.low.len()).sum()
    }

    /// How many joins [`Join::count_groups`] splits the count into.
    #[cfg(test)]
    fn groups(&self) -> usize {
        self.groups.len()
    }

    /// Counts every solution of `n` on this thread.
    #[cfg(test)]
    fn count(&self) -> u64 {
        self.count_groups(0..self.groups.len())
    }

    /// Counts the solutions of the joins in `range` (cut to the indices below
    /// [`Join::groups`]); the counts of disjoint ranges add up, and all of them make the total.
    fn count_groups(&self, range: core::ops::Range<usize>) -> u64 {
        let len = self.groups.len();
        let range = range.start.min(len)..range.end.min(len);
        let mut scratch = Scratch {
            top_set: None,
            bottom_set: None,
            tops: Vec::with_capacity(self.longest),
            bottoms: Vec::with_capacity(self.longest),
            top: std::vec![0u32; self.longest],
            bottom: std::vec![0u32; self.longest],
            spare: Vec::new(),
        };
        self.groups
            .get(range)
            .unwrap_or_default()
            .iter()
            .map(|g| g.weight * self.join(g, &mut scratch))
            .sum()
    }

    /// Counts on `threads` threads (0: one per core; one without `parallel`), reporting the
    /// joins done out of [`Join::groups`].
    fn count_parallel(&self, threads: usize, progress: &(dyn Fn(Progress) + Sync)) -> u64 {
        let of = self.groups.len() as u64;
        let chunks = (0..self.groups.len())
            .step_by(GROUPS_PER_CHUNK)
            .map(|s| s..(s + GROUPS_PER_CHUNK).min(self.groups.len()));
        let done = core::sync::atomic::AtomicU64::new(0);
        let chunk = |range: core::ops::Range<usize>| {
            let count = self.count_groups(range.clone());
            let done = done.fetch_add(range.len() as u64, core::sync::atomic::Ordering::Relaxed);
            let done = done + range.len() as u64;
            progress(Progress::new(Stage::Counting, done, of, Unit::Groups));
            count
        };
        parallel::sum(chunks, threads, chunk)
    }

    /// The solutions of one group: its top halves against its bottom halves.
    fn join(&self, g: &Group, scratch: &mut Scratch) -> u64 {
        let shape = self.shape;
        // Groups come sorted by their top set, and one set has many groups (one per choice
        // of middle queens): its half boards are read and prepared once. For even n, the two
        // orders of the same two middle columns come one after the other and share a bottom.
        if scratch.top_set != Some(g.top) {
            scratch.tops.clear();
            self.gather(g.top, |boards| {
                boards.prepare_into::<false>(shape, &mut scratch.tops)
            });
            scratch.top_set = Some(g.top);
        }
        let top = matching(&scratch.tops, g.middle, &mut scratch.top);
        if top.is_empty() {
            return 0;
        }
        let rest = shape.all & !g.top & !g.middle[0] & !g.middle[1];
        if scratch.bottom_set != Some(rest) {
            scratch.bottoms.clear();
            self.gather(rest, |boards| {
                boards.prepare_into::<true>(shape, &mut scratch.bottoms)
            });
            scratch.bottom_set = Some(rest);
        }
        // Upside down, the middle rows swap: the bottom's nearest is the last one.
        let flipped = match shape.gap {
            1 => g.middle,
            _ => [g.middle[1], g.middle[0]],
        };
        let bottom = matching(&scratch.bottoms, flipped, &mut scratch.bottom);
        group_pairs(top, bottom, &shape.split, &mut scratch.spare)
    }

    /// Hands `visit` the half boards whose columns are `cols`, once per list that may hold
    /// some.
    fn gather(&self, cols: u32, mut visit: impl FnMut(Boards<'_>)) {
        // Only the lists whose first queen is in one of the columns can hold the set.
        let mut firsts = cols;
        while firsts != 0 {
            let first = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            if let Some(list) = self.lists.get(first) {
                visit(list.of(cols));
            }
        }
    }
}

/// Writes into `out` the keys of the `boards` that leave the middle queens `middle` (nearest
/// row first) unattacked, and returns them.
pub(super) fn matching<'a>(
    boards: &[Prepared],
    middle: [u32; 2],
    out: &'a mut [u32],
) -> &'a mut [u32] {
    let mut len = 0;
    for b in boards {
        let hit = (b.near & middle[0]) | (b.far & middle[1]);
        push(out, &mut len, b.key, hit == 0);
    }
    &mut out[..len]
}

/// Buffers of one thread's joins.
struct Scratch {
    /// The column sets whose half boards `tops` and `bottoms` hold.
    top_set: Option<u32>,
    bottom_set: Option<u32>,
    tops: Vec<Prepared>,
    bottoms: Vec<Prepared>,
    /// The keys of one join's tops and bottoms.
    top: Vec<u32>,
    bottom: Vec<u32>,
    /// Scratch space for splitting them (see `arch::partition`).
    spare: Vec<u32>,
}

/// The half boards of `n` whose first row's queen is in column `first`.
fn list_of_first(n: usize, first: usize) -> Result<List, Error> {
    List::new(n, Shape::new(n).k, 1 << first, 0, &[])
}

fn groups(n: usize) -> Vec<Group> {
    let shape = Shape::new(n);
    let all = shape.all;
    let mirror = |s: u32| mirror_columns(s, n);
    let mut out = Vec::new();
    // Every column set of size k, in increasing order (Gosper's hack).
    let mut s: u32 = (1 << shape.k) - 1;
    while s <= all {
        for m1 in bits(all & !s) {
            // The second middle queen (even n): another column, not next to the first. Odd n
            // has none, written 0.
            let (seconds, none) = match shape.gap {
                1 => (0, Some(0)),
                _ => (all & !s & !m1 & !(m1 << 1) & !(m1 >> 1), None),
            };
            for m2 in bits(seconds).chain(none) {
                let bottom = all & !s & !m1 & !m2;
                // Upside down, the bottom becomes the top and the middle rows swap.
                let flip = if shape.gap == 1 { [m1, 0] } else { [m2, m1] };
                let weight = orbit_weight([
                    (s, [m1, m2]),
                    (mirror(s), [mirror(m1), mirror(m2)]),
                    (bottom, flip),
                    (mirror(bottom), [mirror(flip[0]), mirror(flip[1])]),
                ]);
                if weight > 0 {
                    out.push(Group {
                        top: s,
                        middle: [m1, m2],
                        weight,
                    });
                }
            }
        }
        s = next_set(s);
    }
    // The two orders of one pair of middle columns next to each other: they join the same
    // two sets, so the second join finds both prepared.
    out.sort_by_key(|g| (g.top, all & !g.top & !g.middle[0] & !g.middle[1]));
    out
}

/// The single bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask ^= bit;
        (bit != 0).then_some(bit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn join(n: usize) -> Join {
        Join::build(n, 1, &|_| {}).unwrap()
    }

    #[test]
    fn debug_shows_sizes_not_boards() {
        let j = join(8);
        assert_eq!(j.n(), 8);
        assert_eq!(
            std::format!("{j:?}"),
            std::format!(
                "Join {{ n: 8, half_boards: {}, groups: {} }}",
                j.half_boards(),
                j.groups()
            )
        );
    }

    #[test]
    fn half_boards_are_every_placement_of_the_top_rows() {
        // Placements of k = (n - 1) / 2 queens on the top k rows, counted by brute force over
        // column sequences, independently of the bitboards.
        for n in 4..=11 {
            let k = (n - 1) / 2;
            let mut count = 0;
            let mut cols = std::vec![0usize; k];
            'next: loop {
                let ok = (0..k).all(|i| {
                    (0..i).all(|j| cols[i] != cols[j] && cols[i].abs_diff(cols[j]) != i - j)
                });
                count += usize::from(ok);
                for i in (0..k).rev() {
                    cols[i] += 1;
                    if cols[i] < n {
                        continue 'next;
                    }
                    cols[i] = 0;
                }
                break;
            }
            assert_eq!(join(n).half_boards(), count, "n = {n}");
        }
    }

    #[test]
    fn join_covers_4_to_its_limit_only() {
        for n in [0, 1, 2, 3, ONE_LIST_MAX_N + 1, crate::board::MAX_N] {
            assert_eq!(
                Join::build(n, 1, &|_| {}).err(),
                Some(Error::BoardSize(n)),
                "n = {n}"
            );
        }
    }

    #[test]
    fn group_ranges_partition_the_count() {
        for n in 4..=13 {
            let j = join(n);
            let g = j.groups();
            let cuts = [0, g / 3, g / 2, g];
            let sum: u64 = cuts.windows(2).map(|w| j.count_groups(w[0]..w[1])).sum();
            assert_eq!(sum, j.count(), "n = {n}");
            // Past the end is empty; a range that overhangs the end keeps what is inside.
            assert_eq!(j.count_groups(g..g + 5), 0);
            let last = j.count_groups(g - 1..g);
            assert_eq!(j.count_groups(g - 1..g + 5), last, "n = {n}");
        }
    }

    #[test]
    fn progress_reports_every_part_and_group_once() {
        use core::sync::atomic::{AtomicU64, Ordering};
        let listed = AtomicU64::new(0);
        let joined = AtomicU64::new(0);
        let total = count(13, 2, &|p| {
            let seen = match p.stage {
                Stage::Listing => &listed,
                Stage::Counting => &joined,
                other => panic!("the one-list join reports no {other:?}"),
            };
            seen.fetch_max(p.done, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(total, 73_712);
        assert_eq!(listed.into_inner(), 13);
        assert_eq!(joined.into_inner(), join(13).groups() as u64);
    }
}
