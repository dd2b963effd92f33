//! The one front door for counting: [`Counter`] says what is to be counted (a board, its
//! symmetry classes or not, all of it or one share, on how many threads) and picks the
//! fastest method that can answer it.

use crate::board::MAX_N;
use crate::eightfold;
use crate::error::{board_size, Error};
#[cfg(feature = "std")]
use crate::join;
use crate::plan::{eightfold_plan, join_plan, Plan};
use crate::progress::Progress;
use crate::share::Share;

mod counts;

pub use counts::{Counts, Method};

/// A count to run: the front door to every counting method of the crate.
///
/// By default it counts every solution of `n`, on the threads [`Counter::threads`] says,
/// by the fastest method for `n`: the embedded table's length where one is compiled in, the
/// half-board join from n = 15 to 23 (feature `std`), the 8-fold symmetry counter
/// otherwise. Asking for the
/// symmetry classes picks the 8-fold counter, the one method that gives them; so does a
/// share, except of a plain count from 17 to 23, which the join cuts into shares of its own.
/// Where the join cannot get its memory, a whole count falls back to the 8-fold counter (a
/// share fails instead: see [`Counter::run`]).
///
/// ```
/// use nqueens_tables::{Counter, Method, Share};
///
/// let c = Counter::new(10).unwrap().fundamental(true).run().unwrap();
/// assert_eq!((c.total, c.fundamental), (724, Some(92)));
/// assert_eq!(c.method, Method::EightFold);
///
/// // Shares: any k of m; the m shares sum to the total, the same on every machine.
/// let sum: u64 = (1..=4)
///     .map(|k| Counter::new(12).unwrap().share(Share::new(k, 4).unwrap()).run().unwrap().total)
///     .sum();
/// assert_eq!(sum, 14_200);
///
/// assert!(Counter::new(0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    n: usize,
    threads: usize,
    share: Share,
    fundamental: bool,
    method: Option<Method>,
    /// The queens fixed, by row: 0 for none, else the column plus 1, or [`CLASH`] for a row
    /// fixed to two columns. Bytes, not masks: the firmware keeps a `Counter` on its stack.
    fixed: [u8; MAX_N],
}

/// A row of [`Counter::fixed`] that was fixed to two different columns: no solution has both.
const CLASH: u8 = u8::MAX;

impl Counter {
    /// A count of every solution of `n`; [`Error::BoardSize`] unless `n` is in
    /// `1..=MAX_N`.
    ///
    /// ```
    /// use nqueens_tables::{Counter, Error};
    /// let c = Counter::new(8).unwrap().run().unwrap();
    /// assert_eq!(c.total, 92);
    /// assert_eq!(Counter::new(33).err(), Some(Error::BoardSize(33)));
    /// ```
    pub fn new(n: usize) -> Result<Counter, Error> {
        let n = board_size(n)?;
        Ok(Counter {
            n,
            threads: crate::parallel::DEFAULT_THREADS,
            share: Share::WHOLE,
            fundamental: false,
            method: None,
            fixed: [0; MAX_N],
        })
    }

    /// Counts only the solutions with a queen on each `(row, column)` square fixed
    /// (0-based), as [`solutions_with_fixed`](crate::solutions_with_fixed) lists them: by
    /// the join from n = 15 to 23 (feature `std`), at the cost of a plain count or less, else
    /// by the search. Queens that attack each other leave nothing to count. Such a count has
    /// no symmetry classes (`fundamental` is `None`), and its shares are the join's (n = 5 to 23,
    /// feature `std`; see [`Error::NotShareable`]). [`Error::OffBoard`] for a square off the
    /// board, and [`Error::FundamentalWithFixed`] where [`Counter::fundamental`] asked for
    /// the symmetry classes (asked for after this, [`Counter::run`] refuses it).
    ///
    /// ```
    /// use nqueens_tables::{Counter, Error};
    /// let c = Counter::new(8).unwrap().fixed(&[(0, 0)]).unwrap().run().unwrap();
    /// assert_eq!((c.total, c.fundamental), (4, None));
    /// // Two queens on one diagonal: nothing.
    /// assert_eq!(Counter::new(8).unwrap().fixed(&[(0, 0), (1, 1)]).unwrap().run().unwrap().total, 0);
    /// assert_eq!(Counter::new(8).unwrap().fixed(&[(8, 0)]).err(), Some(Error::OffBoard { row: 8, column: 0 }));
    /// ```
    pub fn fixed(mut self, queens: &[(usize, usize)]) -> Result<Counter, Error> {
        let n = self.n;
        if let Some(&(row, column)) = queens.iter().find(|&&(r, c)| r >= n || c >= n) {
            return Err(Error::OffBoard { row, column });
        }
        if self.fundamental && !queens.is_empty() {
            return Err(Error::FundamentalWithFixed);
        }
        for &(row, column) in queens {
            let slot = &mut self.fixed[row];
            *slot = match *slot {
                0 => column as u8 + 1,
                same if same == column as u8 + 1 => same,
                _ => CLASH,
            };
        }
        Ok(self)
    }

    /// How many threads a count by `method` runs on (see [`Counts::threads`]).
    fn ran_on(&self, method: Method) -> usize {
        match method {
            Method::Table | Method::Search => 1,
            Method::Join | Method::EightFold => crate::parallel::allowed(self.threads),
        }
    }

    /// Whether queens are fixed (see [`Counter::fixed`]).
    fn has_fixed(&self) -> bool {
        self.fixed.iter().any(|&g| g != 0)
    }

    /// Whether two of the queens fixed attack each other (one row, one column or one
    /// diagonal), so that nothing is left to count: answered at once, not by a join that
    /// would find nothing.
    fn fixed_queens_attack(&self) -> bool {
        let mut queens = [(0usize, 0usize); MAX_N];
        let mut len = 0;
        for (row, &g) in self.fixed.iter().enumerate() {
            match g {
                0 => {}
                CLASH => return true,
                g => {
                    queens[len] = (row, usize::from(g - 1));
                    len += 1;
                }
            }
        }
        let queens = &queens[..len];
        queens.iter().enumerate().any(|(i, &(r1, c1))| {
            queens[i + 1..]
                .iter()
                .any(|&(r2, c2)| c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2))
        })
    }

    /// The columns each row may take, for the join: the fixed queen's, none for a
    /// [`CLASH`], else all.
    #[cfg(feature = "std")]
    fn allowed(&self) -> [u32; MAX_N] {
        self.fixed.map(|g| match g {
            0 => u32::MAX,
            CLASH => 0,
            g => 1 << (g - 1),
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

    /// Counts on `threads` threads (0: one per core). By default a count runs on every core
    /// with the feature `parallel`, as the command's `-j` does; without it every count runs
    /// on the calling thread, whatever this says. [`Counts::threads`] tells how many it ran
    /// on.
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(11).unwrap().threads(2).run().unwrap();
    /// assert_eq!(c.total, 2_680);
    /// // Asked for nothing: every core with `parallel`, one thread without it.
    /// let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    /// let every = cores.min(nqueens_tables::MAX_THREADS);
    /// let c = nqueens_tables::Counter::new(14).unwrap().run().unwrap();
    /// assert_eq!(c.threads, if cfg!(feature = "parallel") { every } else { 1 });
    /// ```
    pub fn threads(mut self, threads: usize) -> Counter {
        self.threads = threads;
        self
    }

    /// Counts only `share`, `k` of `m`. The `m` shares of one `n` never overlap, add up to
    /// the total, and each holds the same count on every machine and thread count: a count
    /// can be spread over many machines.
    ///
    /// ```
    /// use nqueens_tables::{Counter, Share};
    /// let c = Counter::new(8).unwrap().share(Share::WHOLE).run().unwrap();
    /// assert_eq!(c.total, 92);
    /// let second = Counter::new(8).unwrap().share(Share::new(2, 2).unwrap()).run().unwrap();
    /// assert!(second.total < 92);
    /// ```
    pub fn share(mut self, share: Share) -> Counter {
        self.share = share;
        self
    }

    /// The identifier of the share plan that [`Counter::share`] cuts this count by: the rule
    /// and a hash of what it cuts. Shares of a plain count from n = 17 to 23 are runs of the
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
    /// assert!(Counter::new(18).unwrap().fundamental(true).plan().to_string().starts_with("r1-"));
    /// ```
    pub fn plan(&self) -> Plan {
        self.plan_of(self.shared().planned_method())
    }

    /// The plan of a whole count of this board made by `method`, as [`Counts::plan`]
    /// reports it for a count that `method` made; `None` where `method` cannot make it (the
    /// join outside its sizes or for symmetry classes, a table not compiled in, the search
    /// without queens fixed). A whole count's plan is its method's, which may not be the
    /// planned one (the join falls back where memory is short): a check of a record of a
    /// whole count accepts the plan of any method that can make it.
    ///
    /// ```
    /// use nqueens_tables::{Counter, Method};
    /// let c = Counter::new(16).unwrap();
    /// assert_eq!(c.plan_by(c.run().unwrap().method), Some(c.run().unwrap().plan()));
    /// // Shares of 16 are the 8-fold counter's.
    /// assert_eq!(c.plan_by(Method::EightFold), Some(c.plan()));
    /// assert_eq!(c.plan_by(Method::Search), None);
    /// ```
    pub fn plan_by(&self, method: Method) -> Option<Plan> {
        let whole = Counter {
            share: Share::WHOLE,
            ..*self
        };
        whole.can_use(method).then(|| self.plan_of(method))
    }

    /// This count as one share of several: the method its shares are counted by.
    fn shared(&self) -> Counter {
        Counter {
            share: Share::FIRST_OF_TWO,
            ..*self
        }
    }

    /// The plan of `method` for this count.
    fn plan_of(&self, method: Method) -> Plan {
        match method {
            #[cfg(feature = "std")]
            Method::Join if self.has_fixed() => {
                let allowed = self.allowed();
                Plan::of("j1", |mut eat| {
                    join::identity_fixed(self.n, &allowed, &mut eat)
                })
            }
            Method::Join => join_plan(self.n),
            // Whole only (the search has no shares), but its record still says which queens.
            Method::Search => Plan::of("w1", |eat| {
                eat(self.n as u8);
                self.fixed.into_iter().for_each(eat);
            }),
            _ => eightfold_plan(self.n),
        }
    }

    /// A count of the one-square board, for [`Counts::plan`] should its `n` ever not be a
    /// board size (it always is: a `Counts` comes from a `Counter`).
    const DEFAULT: Counter = Counter {
        n: 1,
        threads: crate::parallel::DEFAULT_THREADS,
        share: Share::WHOLE,
        fundamental: false,
        method: None,
        fixed: [0; MAX_N],
    };

    /// Also counts the fundamental solutions, one per symmetry class (the 8-fold counter
    /// does; [`Counts::fundamental`] is then `Some`).
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(8).unwrap().fundamental(true).run().unwrap();
    /// assert_eq!(c.fundamental, Some(12));
    /// ```
    pub fn fundamental(mut self, fundamental: bool) -> Counter {
        self.fundamental = fundamental;
        self
    }

    /// Counts by `method`, not the one [`Counter::planned_method`] would pick: a hook for
    /// comparing methods in tests and benchmarks, not part of the documented API. A method that cannot answer the count
    /// (the join for classes or a share, or for `n` outside 4..=23; a table that is not
    /// compiled in) makes [`Counter::run`] fall back to the planned one.
    ///
    /// ```
    /// use nqueens_tables::{Counter, Method};
    /// let c = Counter::new(12).unwrap().method(Method::EightFold).run().unwrap();
    /// assert_eq!((c.total, c.method), (14_200, Method::EightFold));
    /// ```
    #[doc(hidden)]
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
    /// # #[cfg(feature = "std")]
    /// assert_eq!(Counter::new(21).unwrap().planned_method(), Method::Join);
    /// assert_eq!(Counter::new(24).unwrap().planned_method(), Method::EightFold);
    /// ```
    pub fn planned_method(&self) -> Method {
        if let Some(method) = self.method.filter(|&m| self.can_use(m)) {
            return method;
        }
        // A share of a count with queens fixed is the join's wherever the join serves.
        let join_pays = match (self.has_fixed(), self.share.is_whole()) {
            (true, false) => true,
            (true, true) => self.n >= JOIN_PAYS_FROM && !self.search_is_cheaper(),
            (false, _) => self.n >= JOIN_PAYS_FROM,
        };
        if self.can_use(Method::Table) {
            Method::Table
        } else if self.can_use(Method::Join) && join_pays {
            Method::Join
        } else if self.has_fixed() {
            Method::Search
        } else {
            Method::EightFold
        }
    }

    /// Whether the search lists the solutions with these queens fixed in less time than the
    /// join counts them (see `nqueens_tables_join::search_is_cheaper`).
    fn search_is_cheaper(&self) -> bool {
        #[cfg(feature = "std")]
        {
            let queens = self.fixed.iter().filter(|&&g| g != 0).count();
            let allowed = self.allowed();
            join::search_is_cheaper(self.n, queens, &allowed[..self.n])
        }
        #[cfg(not(feature = "std"))]
        false
    }

    fn can_use(&self, method: Method) -> bool {
        let whole = !self.fundamental && self.share.is_whole();
        let fixed = self.has_fixed();
        match method {
            Method::Table => whole && !fixed && crate::table::table(self.n).is_some(),
            #[cfg(feature = "std")]
            Method::Join if fixed => join::counts_fixed(self.n),
            // Shares of the join: those of the centered join only, which cuts its work into
            // units that need a share's own half boards alone.
            #[cfg(feature = "std")]
            Method::Join => {
                !self.fundamental
                    && join::covers(self.n)
                    && (self.share.is_whole() || join::cuts_shares(self.n))
            }
            #[cfg(not(feature = "std"))]
            Method::Join => false,
            Method::EightFold => !fixed,
            Method::Search => fixed,
        }
    }

    /// How many shares to cut this count into so that each is short, for a count that keeps
    /// its finished shares as it goes (the command's `count --checkpoint`): 1 where the whole
    /// count takes a few seconds at most (n up to 16) or has no shares (queens fixed outside
    /// the join's sizes) or nothing to count (fixed queens that attack each other); for the
    /// join, complete outer choices of center queens a share (at n = 22 and 23 as many of them
    /// as lets neighbours that share their leading center queens list their half boards
    /// once), split until there are enough that a stop loses little (a share of an outer
    /// choice lists its half boards again), and never more than
    /// [`MAX_SHARES`](crate::MAX_SHARES); for the 8-fold counter, runs of its tasks. A long
    /// count gets 64 shares at least.
    ///
    /// ```
    /// use nqueens_tables::Counter;
    /// assert_eq!(Counter::new(12).unwrap().suggested_shares(), 1);
    /// let m = Counter::new(25).unwrap().suggested_shares();
    /// assert!(m >= 64);
    /// ```
    pub fn suggested_shares(&self) -> u64 {
        if self.n <= SMALL_N || self.fixed_queens_attack() {
            return 1;
        }
        match self.shared().planned_method() {
            #[cfg(feature = "std")]
            Method::Join => match self.share_run() {
                Some(run) => {
                    // Several choices a share only where that still leaves SHARES_AT_LEAST:
                    // fewer would be cut again, each choice into parts that list it twice.
                    let outers = run.outer_choices();
                    let whole = match outers / run.choices_a_share() {
                        grouped if grouped >= SHARES_AT_LEAST => grouped,
                        _ => outers,
                    };
                    (whole * SHARES_AT_LEAST.div_ceil(whole)).min(crate::board::MAX_SHARES)
                }
                None => 1,
            },
            Method::EightFold => SHARES_AT_LEAST,
            _ => 1,
        }
    }

    /// Runs the shares `k` of `m` (1-based) for which `skip(share)` is false, one after
    /// another in order, and hands each result to `finished(share, counts)` as soon as it is
    /// counted; `finished` returns [`ControlFlow::Break`](core::ops::ControlFlow) to stop
    /// before the next share. Each share runs as [`Counter::run_with_progress`] runs it,
    /// reporting its own progress. This is how a long count can keep a record of its finished
    /// shares and, run again, skip them: the `m` shares add up to the whole count whichever
    /// order or runs they are counted in. Returns whether every share not skipped was run;
    /// [`Error::Share`] for `m = 0`, and a share's error stops the run.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use nqueens_tables::{Counter, Share};
    /// let counter = Counter::new(12).unwrap();
    /// let mut total = 0;
    /// // Share 2 was counted before (say, by an earlier run): 1_436 solutions.
    /// let all = counter
    ///     .run_shares(4, |share| share.k() == 2, |_share, c| {
    ///         total += c.total;
    ///         ControlFlow::Continue(())
    ///     }, |_| {})
    ///     .unwrap();
    /// assert!(all);
    /// let second = counter.share(Share::new(2, 4).unwrap()).run().unwrap().total;
    /// assert_eq!(total + second, 14_200);
    /// ```
    pub fn run_shares<F, P>(
        &self,
        m: u64,
        skip: impl Fn(Share) -> bool,
        mut finished: F,
        progress: P,
    ) -> Result<bool, Error>
    where
        F: FnMut(Share, Counts) -> core::ops::ControlFlow<()>,
        P: Fn(Progress) + Sync,
    {
        if m == 0 {
            return Err(Error::Share { k: 1, m });
        }
        self.classes_of_fixed()?;
        // The join's shares share one plan of the count (its outer choices, listed once).
        #[cfg(feature = "std")]
        let run = match m {
            1 => None,
            // Nothing to count: each share answers at once, without the plan's listing.
            _ if self.fixed_queens_attack() => None,
            _ if self.share(Share::new(1, m)?).planned_method() == Method::Join => self.share_run(),
            _ => None,
        };
        for k in 1..=m {
            let share = Share::new(k, m)?;
            if skip(share) {
                continue;
            }
            #[cfg(feature = "std")]
            let counts = match &run {
                Some(run) => Counts {
                    total: run.count(share, self.threads, &progress)?,
                    fundamental: None,
                    method: Method::Join,
                    threads: self.ran_on(Method::Join),
                    n: self.n,
                    fixed: self.fixed,
                },
                None => self.share(share).run_with_progress(&progress)?,
            };
            #[cfg(not(feature = "std"))]
            let counts = self.share(share).run_with_progress(&progress)?;
            if finished(share, counts).is_break() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The join's run of this count's shares, where the join cuts them.
    #[cfg(feature = "std")]
    fn share_run(&self) -> Option<join::ShareRun> {
        let allowed = self.allowed();
        join::ShareRun::new(self.n, self.has_fixed().then_some(&allowed[..]))
    }

    /// Runs the count. It fails with [`Error::FundamentalWithFixed`] for symmetry classes
    /// asked for with queens fixed, and with [`Error::OutOfMemory`] when the join's half
    /// boards do not fit and the join was asked for by [`Counter::method`] or counts a share
    /// (the 8-fold counter's shares are cut by another plan and would not add up with the
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
    ///     .fundamental(true)
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
        self.classes_of_fixed()?;
        match self.planned_method() {
            Method::Table => {
                if let Some(table) = crate::table::table(self.n) {
                    return Ok(Counts {
                        total: table.len() as u64,
                        fundamental: None,
                        method: Method::Table,
                        threads: self.ran_on(Method::Table),
                        n: self.n,
                        fixed: self.fixed,
                    });
                }
            }
            Method::Join => {
                #[cfg(feature = "std")]
                {
                    let (n, share, threads) = (self.n, self.share, self.threads);
                    let counted = if self.fixed_queens_attack() {
                        Ok(0)
                    } else if self.has_fixed() {
                        join::count_fixed(n, &self.allowed(), share, threads, &progress)
                    } else if share.is_whole() {
                        join::count(n, threads, &progress)
                    } else {
                        join::count_share(n, share, threads, &progress)
                    };
                    match counted {
                        Ok(total) => {
                            return Ok(Counts {
                                total,
                                fundamental: None,
                                method: Method::Join,
                                threads: self.ran_on(Method::Join),
                                n: self.n,
                                fixed: self.fixed,
                            })
                        }
                        // A share does not fall back: the 8-fold counter's shares are cut
                        // by another plan, and would not add up with the others.
                        Err(e) if self.method == Some(Method::Join) || !self.share.is_whole() => {
                            return Err(e)
                        }
                        Err(_) if self.has_fixed() => return self.search(),
                        Err(_) => {}
                    }
                }
            }
            Method::Search => return self.search(),
            Method::EightFold => {}
        }
        Ok(self.eightfold(&progress))
    }

    /// [`Error::FundamentalWithFixed`] where symmetry classes were asked for with queens
    /// fixed: no method counts them.
    fn classes_of_fixed(&self) -> Result<(), Error> {
        match self.fundamental && self.has_fixed() {
            true => Err(Error::FundamentalWithFixed),
            false => Ok(()),
        }
    }

    /// A count with queens fixed, by the search: whole only (its work has no plan to cut).
    #[inline(never)]
    fn search(&self) -> Result<Counts, Error> {
        if !self.share.is_whole() {
            let (k, m) = (self.share.k(), self.share.m());
            return Err(Error::NotShareable { k, m });
        }
        let total = if self.fixed_queens_attack() {
            0
        } else {
            let mut queens = [(0, 0); MAX_N];
            let mut len = 0;
            for (row, &g) in self.fixed.iter().enumerate() {
                if g != 0 {
                    queens[len] = (row, usize::from(g - 1));
                    len += 1;
                }
            }
            crate::search::Search::with_fixed(self.n, &queens[..len])?.count() as u64
        };
        Ok(Counts {
            total,
            fundamental: None,
            method: Method::Search,
            threads: self.ran_on(Method::Search),
            n: self.n,
            fixed: self.fixed,
        })
    }

    /// The 8-fold counter over this count's tasks. Not inlined, nor are the steps below it:
    /// apart, their frames come and go instead of adding up in one frame, which is what
    /// keeps the counter within 2 KiB of stack on a microcontroller.
    #[inline(never)]
    fn eightfold(&self, progress: &(dyn Fn(Progress) + Sync)) -> Counts {
        let (total, fundamental) = eightfold::count(self.n, self.share, self.threads, progress);
        Counts {
            total,
            fundamental: Some(fundamental),
            method: Method::EightFold,
            threads: self.ran_on(Method::EightFold),
            n: self.n,
            fixed: self.fixed,
        }
    }
}

/// Up to this size a whole count takes a few seconds at most, its classes too:
/// [`Counter::suggested_shares`] cuts none.
const SMALL_N: usize = 16;

/// The fewest shares [`Counter::suggested_shares`] cuts a long count into: a stop loses
/// at most about a 64th of the work; the join cuts by its outer choices of center queens,
/// which are many more past n = 20 (1,476 at 21, 407,900 at 23).
pub(crate) const SHARES_AT_LEAST: u64 = 64;

/// Below this the 8-fold counter is as fast as the join, and needs no heap (criterion, one
/// thread, with and without `fast-search`: BENCHMARKS.md).
const JOIN_PAYS_FROM: usize = if crate::tail::ENABLED { 15 } else { 14 };
