//! The centered join's count split by the column of the first row's queen, in one pass: what
//! unranking needs to choose the first row. Counting each column apart (a queen given on
//! row 0) reads the other role's whole list once per column; here a bottom half is read once
//! per join, and its keys are paired with the tops of each first column in turn (the tops of
//! a column set come in order of their first column, see `Part::relist_tagged`).
//!
//! No orbits: the row's columns are not symmetric under the flip. The mirror maps column `c`
//! of the first row to `n - 1 - c`, so only the first half of the row is counted.

use std::vec::Vec;

use super::kit::{attacking, key_of, prepare, push, Part, Prepared};
use super::layout::{Layout, Outer, MAX_CENTERED_N};
use super::pairs::split_pairs;
use crate::board::MAX_N;
use crate::error::Error;
use crate::parallel;
use crate::progress::{Progress, Stage};

/// Counts by first column, added up over the threads.
#[derive(Clone, Copy)]
struct ByFirst([u64; MAX_N]);

impl Default for ByFirst {
    fn default() -> Self {
        ByFirst([0; MAX_N])
    }
}

impl core::ops::Add for ByFirst {
    type Output = ByFirst;
    fn add(mut self, other: ByFirst) -> ByFirst {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
        self
    }
}

/// Top sets a thread takes at a time (as `centered` hands them out).
const TOP_SETS_PER_CHUNK: usize = 16;

/// The solutions of `n` (5 to 23) by the column of row 0's queen: entry `c` for column `c`.
/// [`Error::OutOfMemory`] where the half boards do not fit.
pub(super) fn count(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<[u64; MAX_N], Error> {
    if !(5..=MAX_CENTERED_N).contains(&n) {
        return Err(Error::BoardSize(n));
    }
    // The first half of the row, the middle column of an odd n with it.
    let half = (1u32 << n.div_ceil(2)) - 1;
    let Some(layout) = Layout::constrained(n, &[half]) else {
        return Ok([0; MAX_N]);
    };
    let outers = layout.outers();
    let classes = layout.bottom_classes();
    let per = layout.tops_per_outer() * classes.len() as u64;
    let of = outers.len() as u64 * per;
    let done = core::sync::atomic::AtomicU64::new(0);
    let (mut tops, mut bottoms) = (Part::default(), Part::default());
    let mut counts = ByFirst::default();
    for outer in &outers {
        tops.relist_tagged(n, layout.h, half, &layout.forbidden(outer.queens))?;
        let sets = layout.top_sets(outer);
        let bottom_forbid = layout.bottom_forbidden(outer);
        for class in &classes {
            let forbid: Vec<u32> = bottom_forbid.iter().map(|f| f | class.without).collect();
            bottoms.relist(n, layout.h, class.firsts, class.with, &forbid)?;
            let lists = (&tops, &bottoms, class.with);
            let chunks = sets.chunks(TOP_SETS_PER_CHUNK);
            counts = counts
                + parallel::sum(chunks, threads, |chunk: &[u32]| {
                    let mut scratch = Scratch::default();
                    let mut sum = ByFirst::default();
                    for &top in chunk {
                        layout.join_by_first(outer, lists, top, &mut scratch, &mut sum.0);
                    }
                    let len = chunk.len() as u64;
                    let at = done.fetch_add(len, core::sync::atomic::Ordering::Relaxed) + len;
                    progress(Progress {
                        stage: Stage::Counting,
                        done: at,
                        of,
                    });
                    sum
                });
        }
    }
    // The second half of the row, by the mirror.
    let mut out = counts.0;
    for c in n.div_ceil(2)..n {
        out[c] = out[n - 1 - c];
    }
    Ok(out)
}

/// One thread's buffers.
#[derive(Default)]
struct Scratch {
    tops: Vec<Prepared>,
    /// The keys and far attacks of the tops that leave a first middle queen alone, a run per
    /// column of it, and in each run the first columns' runs: (first column, from, to).
    by_middle: Vec<(u32, u32)>,
    runs: Vec<(u8, usize, usize)>,
    /// Where each middle column's runs start in `runs`, and the end.
    starts: Vec<usize>,
    top: Vec<u32>,
    bottom: Vec<u32>,
}

impl Layout {
    /// Adds to `counts` the solutions of one outer choice whose top half uses the columns
    /// `top`, by the first column of the top half. `lists` are the tops (tagged), the bottoms
    /// of one class, and the columns every bottom of the class holds.
    fn join_by_first(
        &self,
        outer: &Outer,
        (tops, bottoms, with): (&Part, &Part, u32),
        top: u32,
        scratch: &mut Scratch,
        counts: &mut [u64; MAX_N],
    ) {
        if top & with != 0 {
            return;
        }
        scratch.tops.clear();
        prepare::<false>(self.shape, tops.of(top), &mut scratch.tops);
        if scratch.tops.is_empty() {
            return;
        }
        let rest = self.all & !top & !outer.columns();
        let [first_ok, last_ok] = outer.middles;
        self.runs_by_middle(rest & first_ok, tops.firsts_of(top), scratch);
        let mut ones = rest;
        while ones != 0 {
            let a = ones & ones.wrapping_neg();
            ones ^= a;
            let mut others = ones;
            while others != 0 {
                let b = others & others.wrapping_neg();
                others ^= b;
                let fits = [(a, b), (b, a)].map(|(first, last)| {
                    first & first_ok != 0 && last & last_ok != 0 && !self.attack(first, last)
                });
                if fits == [false, false] {
                    continue;
                }
                let boards = bottoms.of(rest & !a & !b);
                if boards.len() == 0 {
                    continue;
                }
                // The bottoms for both orders in one pass. Upside down, the last middle row
                // is the bottom's nearest.
                let hits = [attacking(self.shape, b, a), attacking(self.shape, a, b)];
                scratch.bottom.resize(2 * boards.len(), 0);
                let (ab, ba) = scratch.bottom.split_at_mut(boards.len());
                let (mut len_ab, mut len_ba) = (0, 0);
                boards.for_each(|packed| {
                    let key = key_of::<true>(self.shape, packed);
                    push(ab, &mut len_ab, key, packed & hits[0] == 0);
                    push(ba, &mut len_ba, key, packed & hits[1] == 0);
                });
                let orders = [(a, b, &mut ab[..len_ab]), (b, a, &mut ba[..len_ba])];
                for ((first, last, bottom), fit) in orders.into_iter().zip(fits) {
                    if !fit || bottom.is_empty() {
                        continue;
                    }
                    let column = first.trailing_zeros() as usize;
                    let (from, to) = (scratch.starts[column], scratch.starts[column + 1]);
                    for &(tag, start, end) in &scratch.runs[from..to] {
                        scratch.top.resize(end - start, 0);
                        let mut len = 0;
                        for &(key, far) in &scratch.by_middle[start..end] {
                            push(&mut scratch.top, &mut len, key, far & last == 0);
                        }
                        if len > 0 {
                            let pairs =
                                split_pairs(&mut scratch.top[..len], bottom, &self.shape.split);
                            counts[usize::from(tag)] += pairs;
                        }
                    }
                }
            }
        }
    }

    /// Fills `scratch.by_middle` with the tops of `scratch.tops` (whose first columns are
    /// `firsts`, in runs) that leave each column of `middles` on the first middle row alone,
    /// and `scratch.runs` and `scratch.starts` with where they are.
    fn runs_by_middle(&self, middles: u32, firsts: &[u8], scratch: &mut Scratch) {
        let Scratch {
            tops,
            by_middle,
            runs,
            starts,
            ..
        } = scratch;
        by_middle.clear();
        runs.clear();
        starts.resize(self.n + 1, 0);
        for (column, start) in starts.iter_mut().enumerate().take(self.n) {
            *start = runs.len();
            if middles >> column & 1 == 0 {
                continue;
            }
            let mut i = 0;
            while i < tops.len() {
                let tag = firsts.get(i).copied().unwrap_or(0);
                let from = by_middle.len();
                while i < tops.len() && firsts.get(i).copied().unwrap_or(0) == tag {
                    let t = tops[i];
                    if t.near >> column & 1 == 0 {
                        by_middle.push((t.key, t.far));
                    }
                    i += 1;
                }
                if by_middle.len() > from {
                    runs.push((tag, from, by_middle.len()));
                }
            }
        }
        starts[self.n] = runs.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution by its first column, against the search's.
    #[test]
    fn counts_by_first_column_match_the_search() {
        for n in 5..=12 {
            let mut want = [0u64; MAX_N];
            let mut search = crate::search::Search::new(n).unwrap();
            while let Some(sol) = search.next_solution() {
                want[usize::from(sol[0])] += 1;
            }
            for threads in [1, 3] {
                assert_eq!(count(n, threads, &|_| {}), Ok(want), "n = {n}");
            }
        }
        assert_eq!(count(24, 1, &|_| {}), Err(Error::BoardSize(24)));
    }
}
