//! Rank and unrank, the public front door: a solution's position in the lexicographic list,
//! and the solution at a position. Without the feature `std` they walk the search tree
//! (module `walk`), which costs about one count of the board per row. With it, from n = 14
//! to 23, a position is a sum of counts with the rows above it fixed, and the solution at a
//! position is found by such counts row by row: the first rows, where nearly all the work
//! is, are counted by the join (`join::count_fixed`), and the rest walked. An unrank
//! counts a row's columns one at a time from the end nearer its solution, so a solution near
//! either end of the list costs one count per row (n = 17: about half a plain count); where
//! an even spread of the solutions over the columns puts it three columns in or more, it
//! first counts those columns at once, in about the time of two columns alone. On the
//! first row the mirror gives a third place to start from, the middle: half the solutions
//! start left of it (of an odd n, half of those outside the middle column, which takes one
//! count), so a solution in the middle of the list costs no more than one near an end. A
//! rank sums the first row's columns left of its queen by whichever way the join's estimate
//! says is cheaper: the columns of the nearer side, or, by the mirror, those between the
//! queen and the middle, each at once or one by one (the columns next to the middle are
//! the cheapest alone). One pass that split a count by the first row's column cost as much
//! as eight such counts at n = 17 (BENCHMARKS.md), so it went. From n = 14 to 20 the first
//! row's counts are constants (`known::first_column`), so neither counts that row: it was
//! most of the work (n = 17, a fifth of the way in: four fifths of an unrank), and with it
//! known an unrank or a rank at any tenth of the list of 17 costs about one plain count.
//!
//! A front-door module: it sits above the kernels, which `walk` (a data module) may not call.

use crate::board::walk_reach;
use crate::error::Error;
use crate::placement::{is_solution, Placement};
use crate::progress::Progress;
use crate::symmetry::Symmetry;
use crate::walk;

/// The rank of `sol`: its 0-based position among all the solutions of its `n`, in
/// lexicographic order, or `None` if it is not a solution; [`nth`] is the inverse. (A
/// position inside one table, a `usize`, is that table's index: [`crate::Table::index_of`].)
/// The position is a `u64`, not a `usize`: past n = 18 the lists are longer than a 32-bit
/// target's `usize` can count. As [`Rank::run`] answers it, and `None` too where that one
/// refuses ([`Error::BeyondReach`], which says why): past n = 23 a solution far from both
/// ends of the list, whose rank only a count of days could give.
///
/// ```
/// assert_eq!(nqueens_tables::rank(&[0, 4, 7, 5, 2, 6, 1, 3]), Some(0));
/// assert_eq!(nqueens_tables::rank(&[2, 4, 1, 3, 0]), Some(5));
/// assert_eq!(nqueens_tables::rank(&[0, 1]), None);
/// ```
pub fn rank(sol: &[u8]) -> Option<u64> {
    rank_with_progress(sol, 1, |_| {}).ok().flatten()
}

/// Solution `i` (0-based) of `n` in lexicographic order: the solution of rank `i`, or `None`
/// if `i` is past the end or `n` is 0 or above [`MAX_N`](crate::MAX_N). As [`Nth::run`]
/// answers it, and `None` too where that one refuses ([`Error::BeyondReach`], which says
/// why): past n = 23, a position far from both ends of the list, which only a count of days
/// could reach.
///
/// ```
/// assert_eq!(nqueens_tables::nth(8, 0).as_deref(), Some(&[0, 4, 7, 5, 2, 6, 1, 3][..]));
/// assert_eq!(nqueens_tables::nth(5, 5).as_deref(), Some(&[2, 4, 1, 3, 0][..]));
/// assert_eq!(nqueens_tables::nth(5, 10), None);
/// assert_eq!(nqueens_tables::nth(4, u64::MAX), None);
/// // Past the published count, at once.
/// assert_eq!(nqueens_tables::nth(20, 39_029_188_884), None);
/// // Far from both ends of n = 25's list: refused at once, not walked for days.
/// assert_eq!(nqueens_tables::nth(25, 1 << 40), None);
/// ```
pub fn nth(n: usize, i: u64) -> Option<Placement> {
    nth_with_progress(n, i, 1, |_| {}).ok().flatten()
}

/// The largest n that rank and unrank walk whole where nothing faster is compiled in (without
/// the feature `std`, from n = 14 on): walking the tree to a solution costs at most about one
/// count of the board by the search, seconds at n = 17 on a desktop. Past it, that is minutes
/// to days, and they refuse instead.
const WALK_WHOLE_UP_TO: usize = 17;

/// A rank to find, shaped as [`Counter`](crate::Counter): the position of a solution on
/// [`threads`](Rank::threads) threads (as many as a `Counter` runs on by default), with
/// [`run`](Rank::run) or [`run_with_progress`](Rank::run_with_progress), at the cost of the
/// counts its answer needs and no more:
///
/// - a binary search where the table is compiled in;
/// - a walk where few solutions come before `sol` (see [`Nth::in_reach`]), or, where the
///   count of `n` is known, after it (the mirror image reverses the order): milliseconds at
///   any n;
/// - otherwise, from n = 14 to 23 (feature `std`), a sum of counts: each row's branches to
///   the left of `sol` are walked where they hold few solutions, and counted by the
///   half-board join where they hold more (n = 17: seconds, not the tree walk's minutes);
/// - without `std`, up to n = 17, a walk of the tree to the left of `sol`;
/// - [`Error::BeyondReach`] for any other `sol`, at once: past n = 23 (or past 17 without
///   `std`) a branch of many solutions would be counted by the 8-fold counter, for days.
///
/// `Ok(None)` if `sol` is not a solution.
///
/// ```
/// use nqueens_tables::{Error, Rank};
/// let sol = [0, 2, 4, 1, 3];
/// let rank = Rank::new(&sol).unwrap().threads(1).run_with_progress(|p| assert!(p.done <= p.of));
/// assert_eq!(rank, Ok(nqueens_tables::rank(&sol)));
/// // n = 25: the first and the last solutions rank at once, walked to from their end.
/// let first = nqueens_tables::nth(25, 0).unwrap();
/// assert_eq!(Rank::new(&first).unwrap().run(), Ok(Some(0)));
/// let last: Vec<u8> = first.iter().map(|&c| 24 - c).collect();
/// let total = nqueens_tables::known_count(25).unwrap();
/// assert_eq!(Rank::new(&last).unwrap().run(), Ok(Some(total - 1)));
/// // More columns than a board has: refused when made.
/// assert_eq!(Rank::new(&[0; 33]).err(), Some(Error::TooLong(33)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rank {
    sol: Placement,
    threads: usize,
}

impl Rank {
    /// The rank of `sol` to find; [`Error::TooLong`] for more columns than [`MAX_N`](crate::MAX_N).
    pub fn new(sol: &[u8]) -> Result<Rank, Error> {
        let sol = Placement::try_from(sol).map_err(|_| Error::TooLong(sol.len()))?;
        Ok(Rank {
            sol,
            threads: crate::parallel::DEFAULT_THREADS,
        })
    }

    /// Counts on `threads` threads (0: one per core), as [`Counter::threads`](crate::Counter::threads) does.
    pub fn threads(mut self, threads: usize) -> Rank {
        self.threads = threads;
        self
    }

    /// The rank: `Ok(None)` if the columns are not a solution.
    pub fn run(&self) -> Result<Option<u64>, Error> {
        self.run_with_progress(|_| {})
    }

    /// [`Rank::run`], reporting its progress to `progress` (in thousandths of the work).
    pub fn run_with_progress<F>(&self, progress: F) -> Result<Option<u64>, Error>
    where
        F: Fn(Progress) + Sync,
    {
        rank_with_progress(&self.sol, self.threads, progress)
    }
}

/// The rank of `sol` (see [`Rank`]).
fn rank_with_progress<F>(sol: &[u8], threads: usize, progress: F) -> Result<Option<u64>, Error>
where
    F: Fn(Progress) + Sync,
{
    if !is_solution(sol) {
        return Ok(None);
    }
    let n = sol.len();
    if walk::has_table(n) {
        return Ok(walk::rank(sol));
    }
    // Walked from the end nearer `sol` first (its first queen says which): a walk that does
    // not reach `sol` costs as much as one that does.
    let total = crate::known::known_count(n);
    let reach = walk_reach(n);
    let from_start = || walk::rank_below(sol, 0, reach);
    let from_end = || {
        let total = total?;
        walk::rank_below(&Symmetry::MirrorColumns.image(sol), 0, reach).map(|r| total - 1 - r)
    };
    let near_end = total.is_some() && 2 * usize::from(sol[0]) >= n;
    // Where the join counts, a walk sure to give up is not begun (see `counted::hopeless`).
    #[cfg(feature = "std")]
    let hopeless = |c: u8| {
        counted::COUNTED_N.contains(&n)
            && counted::hopeless(n, &[], usize::from(c), crate::board::WALK_REACH)
    };
    #[cfg(not(feature = "std"))]
    let hopeless = |_: u8| false;
    let first = sol[0];
    let from_start = || (!hopeless(first)).then(from_start).flatten();
    let from_end = || (!hopeless(n as u8 - 1 - first)).then(from_end).flatten();
    let walked = match near_end {
        true => from_end().or_else(from_start),
        false => from_start().or_else(from_end),
    };
    if let Some(rank) = walked {
        return Ok(Some(rank));
    }
    #[cfg(feature = "std")]
    if counted::COUNTED_N.contains(&n) {
        let steps = counted::RowProgress {
            progress: &progress,
        };
        let rank = counted::rank(sol, threads, &steps).or_else(|| walk::rank(sol));
        steps.done();
        return Ok(rank);
    }
    let _ = (threads, &progress);
    if n <= WALK_WHOLE_UP_TO {
        return Ok(walk::rank(sol));
    }
    Err(Error::BeyondReach { n })
}

/// An unrank to make, shaped as [`Counter`](crate::Counter): solution `i` (0-based) of `n`,
/// on [`threads`](Nth::threads) threads (as many as a `Counter` runs on by default), with
/// [`run`](Nth::run) or [`run_with_progress`](Nth::run_with_progress), at the cost of the
/// counts its answer needs: a table lookup; a walk to it where `i` is among the first or (the
/// count of `n` known) the last few solutions ([`Nth::in_reach`] says which); from n = 14 to
/// 23 (feature `std`), the first rows chosen by counting with the half-board join (at
/// n = 17, whose first row's counts are constants, about one plain count of the board; from
/// n = 21, where that row is counted too, up to about three); without `std`, up to n = 17, a
/// walk that counts each branch; otherwise [`Error::BeyondReach`], at once. `Ok(None)` past
/// the last solution.
///
/// ```
/// use nqueens_tables::{Error, Nth};
/// let sol = Nth::new(8, 91).unwrap().threads(1).run().unwrap().unwrap();
/// assert_eq!(sol, nqueens_tables::nth(8, 91).unwrap());
/// assert_eq!(Nth::new(8, 92).unwrap().run(), Ok(None));
/// // The last solution of 24 is the mirror image of its first: at once.
/// let last = Nth::new(24, 227_514_171_973_735).unwrap().run().unwrap().unwrap();
/// let first = nqueens_tables::nth(24, 0).unwrap();
/// assert!(last.iter().zip(first.iter()).all(|(&l, &f)| l == 23 - f));
/// // No count of 28 is known: only its first solutions are in reach.
/// let far = Nth::new(28, 1 << 40).unwrap();
/// assert!(!far.in_reach());
/// assert_eq!(far.run(), Err(Error::BeyondReach { n: 28 }));
/// assert_eq!(Nth::new(0, 0).err(), Some(Error::BoardSize(0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nth {
    n: usize,
    i: u64,
    threads: usize,
}

impl Nth {
    /// Solution `i` (0-based) of `n` to find; [`Error::BoardSize`] unless `n` is in
    /// `1..=MAX_N`.
    pub fn new(n: usize, i: u64) -> Result<Nth, Error> {
        let n = crate::error::board_size(n)?;
        Ok(Nth {
            n,
            i,
            threads: crate::parallel::DEFAULT_THREADS,
        })
    }

    /// Counts on `threads` threads (0: one per core), as [`Counter::threads`](crate::Counter::threads) does.
    pub fn threads(mut self, threads: usize) -> Nth {
        self.threads = threads;
        self
    }

    /// Whether [`Nth::run`] answers this position rather than refusing it with
    /// [`Error::BeyondReach`]: a table, a walk from either end, or counting with the join.
    /// The answer costs nothing: it is what `run` checks before any work.
    pub fn in_reach(&self) -> bool {
        let (n, i) = (self.n, self.i);
        let total = crate::known::known_count(n);
        let reach = walk_reach(n);
        let near_an_end = i < reach || total.is_some_and(|t| i >= t || t - 1 - i < reach);
        #[cfg(feature = "std")]
        let counted = counted::COUNTED_N.contains(&n);
        #[cfg(not(feature = "std"))]
        let counted = false;
        walk::has_table(n) || near_an_end || counted || n <= WALK_WHOLE_UP_TO
    }

    /// The solution: `Ok(None)` past the last one.
    pub fn run(&self) -> Result<Option<Placement>, Error> {
        self.run_with_progress(|_| {})
    }

    /// [`Nth::run`], reporting its progress to `progress` (in thousandths of the work).
    pub fn run_with_progress<F>(&self, progress: F) -> Result<Option<Placement>, Error>
    where
        F: Fn(Progress) + Sync,
    {
        nth_with_progress(self.n, self.i, self.threads, progress)
    }
}

/// Solution `i` of `n` (see [`Nth`]); `Ok(None)` for `n` outside `1..=MAX_N` too.
fn nth_with_progress<F>(
    n: usize,
    i: u64,
    threads: usize,
    progress: F,
) -> Result<Option<Placement>, Error>
where
    F: Fn(Progress) + Sync,
{
    let Some(n) = crate::error::valid_n(n) else {
        return Ok(None);
    };
    let total = crate::known::known_count(n);
    let reach = walk_reach(n);
    if walk::has_table(n) || i < reach || total.is_some_and(|t| i >= t) {
        return Ok(walk::nth(n, i));
    }
    if let Some(from_end) = total.map(|t| t - 1 - i).filter(|&e| e < reach) {
        return Ok(walk::nth(n, from_end).map(|sol| Symmetry::MirrorColumns.image(&sol)));
    }
    #[cfg(feature = "std")]
    if counted::COUNTED_N.contains(&n) {
        let steps = counted::RowProgress {
            progress: &progress,
        };
        let found = counted::nth(n, i, threads, &steps);
        steps.done();
        return Ok(match found {
            Ok(found) => found,
            // The join could not get its memory: the walk needs none.
            Err(_) => walk::nth(n, i),
        });
    }
    let _ = (threads, &progress);
    if n <= WALK_WHOLE_UP_TO {
        return Ok(walk::nth(n, i));
    }
    Err(Error::BeyondReach { n })
}

/// Rank and unrank by counting with the join: the feature `std`.
#[cfg(feature = "std")]
mod counted;
