//! Where the queens sit: for every square of the board, how many solutions put a queen there.
//!
//! Every row and every column of the matrix sums to the number of solutions, and the matrix
//! is the same under the 8 symmetries of the square, so only one square of each orbit is
//! counted (about n² / 8 of them), each a count with one queen fixed ([`Counter::fixed`]).
//! [`HeatmapCounter`] is its front door, shaped as [`Counter`] is.
//! Small boards are read off their solutions instead: up to [`LISTED_UP_TO`] listing them is
//! quicker than a count per square.

use std::vec::Vec;

use crate::counting::Counter;
use crate::error::{board_size, Error};
use crate::progress::{Progress, Stage, Unit};

/// Up to this size the heat map is read off the solutions, the table's or the search's, a
/// column of the first row a thread at a time; above it, each orbit of squares is one count
/// with a queen fixed, which up to here takes longer than listing (BENCHMARKS.md, the heat
/// map).
pub(crate) const LISTED_UP_TO: usize = 18;

/// For each square, how many solutions put a queen there; see [`HeatmapCounter`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heatmap {
    n: usize,
    /// Row by row, `n` entries a row.
    counts: Vec<u64>,
}

impl Heatmap {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The solutions with a queen on row `row`, column `column` (0-based); `None` off the
    /// board.
    ///
    /// ```
    /// let map = nqueens_tables::HeatmapCounter::new(8).unwrap().run().unwrap();
    /// assert_eq!(map.get(0, 0), Some(4)); // a queen in the corner: 4 of the 92
    /// assert_eq!(map.get(8, 0), None);
    /// ```
    pub fn get(&self, row: usize, column: usize) -> Option<u64> {
        if row >= self.n || column >= self.n {
            return None;
        }
        self.counts.get(row * self.n + column).copied()
    }

    /// The rows of the matrix, top to bottom, each `n` counts left to right.
    ///
    /// ```
    /// let map = nqueens_tables::HeatmapCounter::new(6).unwrap().run().unwrap();
    /// let first: Vec<u64> = map.rows().next().unwrap().to_vec();
    /// assert_eq!(first, [0, 1, 1, 1, 1, 0]);
    /// ```
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[u64]> + '_ {
        self.counts.chunks(self.n.max(1))
    }

    /// The number of solutions: the sum of any row, or of any column.
    ///
    /// ```
    /// assert_eq!(nqueens_tables::HeatmapCounter::new(10).unwrap().run().unwrap().total(), 724);
    /// ```
    pub fn total(&self) -> u64 {
        self.rows().next().map_or(0, |row| row.iter().sum())
    }
}

/// The heat map of `n` to compute, as [`Counter`] is a count to run: [`HeatmapCounter::new`],
/// then [`threads`](HeatmapCounter::threads) and [`run`](HeatmapCounter::run) (or
/// [`run_with_progress`](HeatmapCounter::run_with_progress)). For every square, how many
/// solutions put a queen there. Up to n = 18 it reads the solutions (the table's
/// where compiled in); above, a count with one queen fixed per orbit of squares, by the join
/// or the search, whichever is cheaper for the square.
///
/// ```
/// use nqueens_tables::{Error, HeatmapCounter};
/// assert_eq!(HeatmapCounter::new(24).err(), Some(Error::HeatmapBeyondJoin { n: 24 }));
/// let map = HeatmapCounter::new(8).unwrap().threads(2).run().unwrap();
/// // Every row and column sums to the 92 solutions.
/// assert!(map.rows().all(|row| row.iter().sum::<u64>() == 92));
/// assert!((0..8).all(|c| (0..8).map(|r| map.get(r, c).unwrap()).sum::<u64>() == 92));
/// // The same under the symmetries of the square: a corner is a corner.
/// assert_eq!(map.get(0, 0), map.get(7, 7));
/// assert_eq!(map.get(0, 1), map.get(1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeatmapCounter {
    n: usize,
    threads: usize,
}

impl HeatmapCounter {
    /// The heat map of `n`, on as many threads as a [`Counter`] runs on by default (see
    /// [`Counter::threads`]) until [`threads`](HeatmapCounter::threads) says otherwise. [`Error::BoardSize`] outside `1..=MAX_N`; [`Error::HeatmapBeyondJoin`] past
    /// n = 23, at once (a count per square would take days there).
    pub fn new(n: usize) -> Result<HeatmapCounter, Error> {
        let n = board_size(n)?;
        if !crate::join::counts_fixed(n) && n > LISTED_UP_TO {
            return Err(Error::HeatmapBeyondJoin { n });
        }
        Ok(HeatmapCounter {
            n,
            threads: crate::parallel::DEFAULT_THREADS,
        })
    }

    /// Counts on `threads` threads (0: one per core), as [`Counter::threads`] does.
    pub fn threads(mut self, threads: usize) -> HeatmapCounter {
        self.threads = threads;
        self
    }

    /// Computes the heat map. [`Error::OutOfMemory`] where a count's half boards do not fit.
    pub fn run(&self) -> Result<Heatmap, Error> {
        self.run_with_progress(|_| {})
    }

    /// [`run`](HeatmapCounter::run), reporting to `progress`: up to n = 18 in
    /// columns of the first row listed, above it in thousandths of the work, which move
    /// within each square's count too (a square of n = 23 takes minutes).
    pub fn run_with_progress<F>(&self, progress: F) -> Result<Heatmap, Error>
    where
        F: Fn(Progress) + Sync,
    {
        if self.n <= LISTED_UP_TO {
            Ok(listed(self.n, self.threads, &progress))
        } else {
            counted(self.n, self.threads, &progress)
        }
    }
}

/// The heat map of `n`, read off its solutions.
fn listed(n: usize, threads: usize, progress: &(dyn Fn(Progress) + Sync)) -> Heatmap {
    let mut counts = std::vec![0u64; n * n];
    {
        // By the first queen's column, a column a thread at a time, so that progress can be
        // told and the cores share the work.
        let done = core::sync::atomic::AtomicU64::new(0);
        let columns: Vec<usize> = (0..n).collect();
        let parts = crate::parallel::map(&columns, threads, |&first| {
            let mut part = std::vec![0u64; n * n];
            if let Ok(found) = crate::solutions::solutions_with_fixed(n, &[(0, first)]) {
                for sol in found {
                    for (r, &c) in sol.iter().enumerate() {
                        part[r * n + usize::from(c)] += 1;
                    }
                }
            }
            let done = done.fetch_add(1, core::sync::atomic::Ordering::Relaxed) + 1;
            progress(Progress::columns_listed(done, n as u64));
            part
        });
        for part in parts {
            for (total, count) in counts.iter_mut().zip(part) {
                *total += count;
            }
        }
    }
    Heatmap { n, counts }
}

/// The heat map of `n`, one count with a queen fixed per orbit of squares. Progress is in
/// thousandths of the whole: each square its share, moving with its count's own (the count's
/// last stage, where its time goes; the stages before it report as the square's start).
fn counted(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Heatmap, Error> {
    use core::sync::atomic::{AtomicU64, Ordering};
    const STEPS: u64 = 1000;
    let mut counts = std::vec![0u64; n * n];
    let orbits: Vec<(usize, usize)> = (0..n * n)
        .map(|i| (i / n, i % n))
        .filter(|&(r, c)| (r, c) == least_image(n, r, c))
        .collect();
    let of = orbits.len() as u64;
    // Never backwards, whichever thread reports.
    let shown = AtomicU64::new(0);
    let report = |square: u64, within: f64| {
        let done = ((square as f64 + within.clamp(0.0, 1.0)) / of as f64 * STEPS as f64) as u64;
        if shown.fetch_max(done, Ordering::Relaxed) < done {
            progress(Progress::new(
                Stage::Counting,
                done,
                STEPS,
                Unit::Thousandths,
            ));
        }
    };
    // Nothing done yet, of the whole: the first square's count lists for minutes at n = 23
    // before it reports a step of its own.
    progress(Progress::new(Stage::Counting, 0, STEPS, Unit::Thousandths));
    for (square, &(r, c)) in (0u64..).zip(&orbits) {
        let counter = Counter::new(n)?.threads(threads).fixed(&[(r, c)])?;
        let count = counter
            .run_with_progress(|p| {
                if p.stage == Stage::Counting && p.of > 0 {
                    report(square, p.done as f64 / p.of as f64);
                }
            })?
            .total;
        for (ir, ic) in images(n, r, c) {
            counts[ir * n + ic] = count;
        }
        report(square + 1, 0.0);
    }
    Ok(Heatmap { n, counts })
}

/// The 8 images of the square `(r, c)` under the symmetries of an `n` board.
fn images(n: usize, r: usize, c: usize) -> [(usize, usize); 8] {
    let m = n - 1;
    [
        (r, c),
        (c, m - r),
        (m - r, m - c),
        (m - c, r),
        (r, m - c),
        (m - r, c),
        (c, r),
        (m - c, m - r),
    ]
}

/// The least of the images of `(r, c)`: the square that stands for its orbit.
fn least_image(n: usize, r: usize, c: usize) -> (usize, usize) {
    let mut least = (r, c);
    for image in images(n, r, c) {
        least = least.min(image);
    }
    least
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting one square per orbit gives the matrix that listing every solution gives,
    /// on one thread or two, with progress to the last square or column.
    #[test]
    fn counted_orbits_match_the_listed_matrix() {
        use std::sync::atomic::{AtomicU64, Ordering};
        for n in [1, 4, 5, 8, 11, 12] {
            let last = AtomicU64::new(0);
            let seen = |p: Progress| {
                assert!(p.done <= p.of);
                last.fetch_max(p.done, Ordering::Relaxed);
            };
            let by_list = listed(n, 2, &seen);
            assert_eq!(last.swap(0, Ordering::Relaxed), n as u64);
            let by_count = counted(n, 1, &seen).unwrap();
            assert_eq!(last.swap(0, Ordering::Relaxed), 1000, "n = {n}");
            assert_eq!(by_list, by_count, "n = {n}");
            assert!(by_list
                .rows()
                .all(|row| row.iter().sum::<u64>() == by_list.total()));
        }
    }

    /// The first report comes before the first square is counted: at n = 23 that takes
    /// minutes, and a caller shows its progress in the meantime.
    #[test]
    fn the_first_report_comes_before_any_square() {
        let first = std::sync::Mutex::new(None);
        counted(7, 1, &|p| {
            first.lock().unwrap().get_or_insert(p);
        })
        .unwrap();
        let first = first.into_inner().unwrap().unwrap();
        assert_eq!(
            (first.done, first.of, first.unit),
            (0, 1000, Unit::Thousandths)
        );
    }

    #[test]
    fn every_square_has_8_images_on_the_board() {
        for n in 1..=9 {
            for r in 0..n {
                for c in 0..n {
                    for (ir, ic) in images(n, r, c) {
                        assert!(ir < n && ic < n);
                        assert_eq!(least_image(n, ir, ic), least_image(n, r, c));
                    }
                }
            }
        }
    }
}
