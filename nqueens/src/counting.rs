//! The one front door for counting: [`Counter`] says what is to be counted (a board, its
//! symmetry classes or not, all of it or one share, on how many threads) and picks the
//! fastest method that can answer it.

use crate::error::{board_size, Error};
use crate::tasks::{share, tasks};

/// How a count was (or will be) made.
///
/// ```
/// use nqueens_tables::{Counter, Method};
/// let c = Counter::new(5).unwrap().run().unwrap();
/// assert_eq!((c.total, c.method), (10, Method::Symmetry));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// The length of the embedded table: no counting at all.
    Table,
    /// The half-board join: every solution, fastest from n = 15 to 20, with half boards on
    /// the heap: all of them up to n = 16, past it those of one choice of the center rows'
    /// queens at a time. A whole count peaks at 12 MB at n = 16, 11 MB at 17, 24 MB at 18,
    /// 38 MB at 19 and 213 MB at 20. Feature `std`; no symmetry classes.
    Join,
    /// The 8-fold symmetry counter: every `n`, symmetry classes too, shares, no heap.
    Symmetry,
}

/// The result of a count.
///
/// ```
/// let c = nqueens_tables::Counter::new(6).unwrap().unique(true).run().unwrap();
/// assert_eq!((c.total, c.unique), (4, Some(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Counts {
    /// Solutions counted (OEIS A000170 for a whole board).
    pub total: u64,
    /// Of those, one per class under the 8 symmetries of the square (OEIS A002562 for a
    /// whole board), when the method counts classes.
    pub unique: Option<u64>,
    /// How they were counted.
    pub method: Method,
}

/// Where a long count has got to, handed to the callback of [`Counter::run_with_progress`].
///
/// ```
/// use std::sync::Mutex;
/// let last = Mutex::new(None);
/// let counter = nqueens_tables::Counter::new(9).unwrap().unique(true);
/// counter.run_with_progress(|p| *last.lock().unwrap() = Some(p)).unwrap();
/// let p = last.into_inner().unwrap().unwrap();
/// assert_eq!(p.done, p.of);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Progress {
    /// What is being done.
    pub stage: Stage,
    /// Steps of this stage done, out of `of`.
    pub done: u64,
    /// Steps in this stage.
    pub of: u64,
}

/// The stages of a count, in the order they run.
///
/// ```
/// use nqueens_tables::{Counter, Stage};
/// let stages = std::sync::Mutex::new(Vec::new());
/// Counter::new(7).unwrap().unique(true).run_with_progress(|p| {
///     stages.lock().unwrap().push(p.stage);
/// }).unwrap();
/// assert!(stages.into_inner().unwrap().iter().all(|&s| s == Stage::Counting));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stage {
    /// The join lists its half boards, for odd n up to 15: one step per column of the first
    /// queen. (For the other sizes it lists them inside its counting.)
    Listing,
    /// Counting proper: one step per task (8-fold counter), join group (odd n up to 15) or
    /// top set (of one choice of center queens from n = 17).
    Counting,
}

/// The identifier of a share plan; see [`Counter::plan`]. Shown as a rule and 16 hex
/// digits: `r1-` for the 8-fold counter's tasks dealt round-robin, `j1-` for the join's
/// units (n = 17 to 20) cut into runs; first version of each.
///
/// ```
/// let a = nqueens_tables::Counter::new(16).unwrap();
/// let b = a.share(3, 8).unwrap().threads(2);
/// // One plan per n: the share and the threads do not change how the work is split.
/// assert_eq!(a.plan(), b.plan());
/// assert!(a.plan().to_string().starts_with("r1-"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    rule: &'static str,
    hash: u64,
}

impl core::fmt::Display for Plan {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}-{:016x}", self.rule, self.hash)
    }
}

/// A count to run: the front door to every counting method of the crate.
///
/// By default it counts every solution of `n` on the calling thread, by the fastest method
/// for `n`: the embedded table's length where one is compiled in, the half-board join from
/// n = 15 to 20 (feature `std`), the 8-fold symmetry counter otherwise. Asking for the
/// symmetry classes picks the 8-fold counter, the one method that gives them; so does a
/// share, except of a plain count from 17 to 20, which the join cuts into shares of its own.
/// Where the join cannot get its memory, a whole count falls back to the 8-fold counter (a
/// share fails instead: see [`Counter::run`]).
///
/// ```
/// use nqueens_tables::{Counter, Method};
///
/// let c = Counter::new(10).unwrap().unique(true).run().unwrap();
/// assert_eq!((c.total, c.unique), (724, Some(92)));
/// assert_eq!(c.method, Method::Symmetry);
///
/// // Shares: any k of m; the m shares sum to the total, the same on every machine.
/// let sum: u64 = (1..=4)
///     .map(|k| Counter::new(12).unwrap().share(k, 4).unwrap().run().unwrap().total)
///     .sum();
/// assert_eq!(sum, 14_200);
///
/// assert!(Counter::new(0).is_none());
/// assert!(Counter::new(8).unwrap().share(5, 4).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    n: usize,
    threads: usize,
    share: Option<(u64, u64)>,
    unique: bool,
    method: Option<Method>,
}

impl Counter {
    /// A count of every solution of `n`; `None` unless `n` is in `1..=MAX_N`.
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(8).unwrap().run().unwrap();
    /// assert_eq!(c.total, 92);
    /// ```
    pub fn new(n: usize) -> Option<Counter> {
        let n = board_size(n).ok()?;
        Some(Counter {
            n,
            threads: 1,
            share: None,
            unique: false,
            method: None,
        })
    }

    /// The board size.
    ///
    /// ```
    /// assert_eq!(nqueens_tables::Counter::new(9).unwrap().n(), 9);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// Counts on `threads` threads (0: one per core). Without the feature `parallel` every
    /// count runs on the calling thread, whatever this says.
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(11).unwrap().threads(2).run().unwrap();
    /// assert_eq!(c.total, 2_680);
    /// ```
    pub fn threads(mut self, threads: usize) -> Counter {
        self.threads = threads;
        self
    }

    /// Counts only share `k` (1-based) of `m`. The `m` shares of one `n` never overlap, add
    /// up to the total, and each holds the same count on every machine and thread count: a
    /// count can be spread over many machines. Refused unless `1 <= k <= m`.
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(8).unwrap().share(1, 1).unwrap().run().unwrap();
    /// assert_eq!(c.total, 92);
    /// ```
    pub fn share(mut self, k: u64, m: u64) -> Result<Counter, Error> {
        if m == 0 || k == 0 || k > m {
            return Err(Error::Share { k, m });
        }
        self.share = (m > 1).then_some((k, m));
        Ok(self)
    }

    /// The identifier of the share plan that [`Counter::share`] cuts this count by: the rule
    /// and a hash of what it cuts. Shares of a plain count from n = 17 to 20 are runs of the
    /// join's units (every outer choice of center queens, with its weight, in order); other
    /// shares are the 8-fold counter's tasks (every task's phase and placed rows, in order)
    /// dealt round-robin. Shares with the same `n`, `m` and plan can be added up; a change
    /// to how the work is split changes the plan, so that shares counted before it cannot be
    /// mixed with shares counted after.
    ///
    /// ```
    /// use nqueens_tables::Counter;
    /// let plan = Counter::new(16).unwrap().plan();
    /// assert_eq!(plan.to_string().len(), 19); // "r1-" and 16 hex digits
    /// assert_ne!(plan, Counter::new(15).unwrap().plan());
    /// # #[cfg(feature = "std")]
    /// assert!(Counter::new(18).unwrap().plan().to_string().starts_with("j1-"));
    /// // Symmetry classes are counted by the 8-fold counter, shares too.
    /// assert!(Counter::new(18).unwrap().unique(true).plan().to_string().starts_with("r1-"));
    /// ```
    pub fn plan(&self) -> Plan {
        // FNV-1a, 64 bits: stable, tiny, and with no dependency.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |byte: u8| {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        };
        let shared = Counter {
            share: Some((1, 2)),
            ..*self
        };
        if shared.planned_method() == Method::Join {
            #[cfg(feature = "std")]
            crate::centered::identity(self.n, &mut eat);
            return Plan { rule: "j1", hash };
        }
        eat(self.n as u8);
        for task in tasks(self.n) {
            task.identity(&mut eat);
        }
        Plan { rule: "r1", hash }
    }

    /// Also counts the symmetry classes (the 8-fold counter does; `unique` is then `Some`).
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(8).unwrap().unique(true).run().unwrap();
    /// assert_eq!(c.unique, Some(12));
    /// ```
    pub fn unique(mut self, unique: bool) -> Counter {
        self.unique = unique;
        self
    }

    /// Counts by `method`, not the one [`Counter::planned_method`] would pick: for
    /// comparing methods, in tests and benchmarks. A method that cannot answer the count
    /// (the join for classes or a share, or for `n` outside 4..=20; a table that is not
    /// compiled in) makes [`Counter::run`] fall back to the planned one.
    ///
    /// ```
    /// use nqueens_tables::{Counter, Method};
    /// let c = Counter::new(12).unwrap().method(Method::Symmetry).run().unwrap();
    /// assert_eq!((c.total, c.method), (14_200, Method::Symmetry));
    /// ```
    pub fn method(mut self, method: Method) -> Counter {
        self.method = Some(method);
        self
    }

    /// The method [`Counter::run`] will try first.
    ///
    /// ```
    /// use nqueens_tables::{Counter, Method};
    /// # #[cfg(feature = "table-8")]
    /// assert_eq!(Counter::new(8).unwrap().planned_method(), Method::Table);
    /// assert_eq!(Counter::new(21).unwrap().planned_method(), Method::Symmetry);
    /// ```
    pub fn planned_method(&self) -> Method {
        if let Some(method) = self.method.filter(|&m| self.can_use(m)) {
            return method;
        }
        if self.can_use(Method::Table) {
            Method::Table
        } else if self.can_use(Method::Join) && self.n >= JOIN_PAYS_FROM {
            Method::Join
        } else {
            Method::Symmetry
        }
    }

    fn can_use(&self, method: Method) -> bool {
        let whole = !self.unique && self.share.is_none();
        match method {
            Method::Table => whole && crate::table(self.n).is_some(),
            // Shares of the join: those of the centered join only, which cuts its work into
            // units that need a share's own half boards alone.
            #[cfg(feature = "std")]
            Method::Join => {
                !self.unique
                    && crate::join::covers(self.n)
                    && (self.share.is_none() || crate::centered::CENTERED_N.contains(&self.n))
            }
            #[cfg(not(feature = "std"))]
            Method::Join => false,
            Method::Symmetry => true,
        }
    }

    /// Runs the count. The only error is [`Error::OutOfMemory`], when the join's half boards
    /// do not fit and the join was asked for by [`Counter::method`] or counts a share (the
    /// 8-fold counter's shares are cut by another plan and would not add up with the
    /// others); a planned whole count falls back to the 8-fold counter instead.
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(14).unwrap().run().unwrap();
    /// assert_eq!(c.total, 365_596);
    /// ```
    pub fn run(&self) -> Result<Counts, Error> {
        self.run_with_progress(|_| {})
    }

    /// [`Counter::run`], calling `progress` as the work gets done (from any of the
    /// counting threads, a few hundred times per count at most for the join, once per
    /// task for the 8-fold counter).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// let seen = AtomicU64::new(0);
    /// let c = nqueens_tables::Counter::new(10)
    ///     .unwrap()
    ///     .unique(true)
    ///     .run_with_progress(|p| {
    ///         seen.fetch_max(p.done, Ordering::Relaxed);
    ///         assert!(p.done <= p.of);
    ///     })
    ///     .unwrap();
    /// assert_eq!(c.total, 724);
    /// assert!(seen.into_inner() > 0);
    /// ```
    pub fn run_with_progress<F>(&self, progress: F) -> Result<Counts, Error>
    where
        F: Fn(Progress) + Sync,
    {
        match self.planned_method() {
            Method::Table => {
                if let Some(table) = crate::table(self.n) {
                    return Ok(Counts {
                        total: table.len() as u64,
                        unique: None,
                        method: Method::Table,
                    });
                }
            }
            Method::Join => {
                #[cfg(feature = "std")]
                {
                    let counted = match self.share {
                        Some((k, m)) => {
                            crate::centered::count_share(self.n, k, m, self.threads, &progress)
                        }
                        None => crate::join::count(self.n, self.threads, &progress),
                    };
                    match counted {
                        Ok(total) => {
                            return Ok(Counts {
                                total,
                                unique: None,
                                method: Method::Join,
                            })
                        }
                        // A share does not fall back: the 8-fold counter's shares are cut
                        // by another plan, and would not add up with the others.
                        Err(e) if self.method == Some(Method::Join) || self.share.is_some() => {
                            return Err(e)
                        }
                        Err(_) => {}
                    }
                }
            }
            Method::Symmetry => {}
        }
        Ok(self.symmetry(&progress))
    }

    /// The 8-fold counter over this count's tasks. Not inlined, nor are the steps below it:
    /// apart, their frames come and go instead of adding up in one frame, which is what
    /// keeps the counter within 2 KiB of stack on a microcontroller.
    #[inline(never)]
    fn symmetry(&self, progress: &(dyn Fn(Progress) + Sync)) -> Counts {
        let (k, m) = self.share.unwrap_or((1, 1));
        let report = |done: u64, of: u64| {
            progress(Progress {
                stage: Stage::Counting,
                done,
                of,
            })
        };
        let (total, unique) = count_tasks(self.n, (k, m), self.threads, &report);
        Counts {
            total,
            unique: Some(unique),
            method: Method::Symmetry,
        }
    }
}

/// How many tasks share `k` of `m` holds: a pass of its own, so that its iterator is gone
/// from the stack before the counting starts.
#[cfg(not(feature = "parallel"))]
#[inline(never)]
fn share_len(n: usize, k: u64, m: u64) -> u64 {
    share(n, k, m).count() as u64
}

/// Below this the 8-fold counter is as fast as the join, and needs no heap. Criterion, one
/// thread: with `fast-search` the 8-fold counter takes 0.9 ms, 33 ms and 185 ms at n = 12,
/// 14 and 15, the join 1.8 ms, 36 ms and 86 ms; without it the 8-fold counter took 1.6 ms,
/// 44 ms and 358 ms.
const JOIN_PAYS_FROM: usize = if crate::tail::ENABLED { 15 } else { 14 };

/// Counts the tasks of share `k` of `m` of `n` on `threads` threads (one without
/// `parallel`), calling `report` with the number done, and of how many, after each.
#[cfg(feature = "parallel")]
fn count_tasks(
    n: usize,
    (k, m): (u64, u64),
    threads: usize,
    report: &(dyn Fn(u64, u64) + Sync),
) -> (u64, u64) {
    use core::sync::atomic::{AtomicU64, Ordering};
    let list: std::vec::Vec<_> = share(n, k, m).collect();
    let of = list.len() as u64;
    let done = AtomicU64::new(0);
    let sum = crate::parallel::sum(&list, threads, |task| {
        let counts = task.count();
        report(done.fetch_add(1, Ordering::Relaxed) + 1, of);
        Pair(counts)
    });
    sum.0
}

#[cfg(not(feature = "parallel"))]
#[inline(never)]
fn count_tasks(
    n: usize,
    (k, m): (u64, u64),
    _threads: usize,
    report: &(dyn Fn(u64, u64) + Sync),
) -> (u64, u64) {
    // Without a list to take the length of, the tasks are made twice: once to count them
    // (in a frame of its own, gone before the counting starts), once to count below them.
    let of = share_len(n, k, m);
    let (mut total, mut unique) = (0, 0);
    for (task, done) in share(n, k, m).zip(1u64..) {
        let (t, u) = task.count();
        total += t;
        unique += u;
        report(done, of);
    }
    (total, unique)
}

/// Totals and classes, added by `+` for the thread pool.
#[cfg(feature = "parallel")]
#[derive(Default)]
struct Pair((u64, u64));

#[cfg(feature = "parallel")]
impl core::ops::Add for Pair {
    type Output = Pair;
    fn add(self, other: Pair) -> Pair {
        Pair((self.0 .0 + other.0 .0, self.0 .1 + other.0 .1))
    }
}
