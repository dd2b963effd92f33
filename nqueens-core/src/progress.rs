//! Where a count has got to: what every counter reports, as it goes, to its caller's callback.
//!
//! A leaf: the counting kernels report through these types without knowing who listens, so
//! that they import nothing above them.

/// Where a long count has got to, handed to the callback of [`Counter::run_with_progress`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/struct.Counter.html#method.run_with_progress).
///
/// ```
/// use std::sync::Mutex;
/// let last = Mutex::new(None);
/// let counter = nqueens_tables::Counter::new(9).unwrap().fundamental(true);
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
    /// What one step is, for a progress bar to name.
    pub unit: Unit,
}

impl Progress {
    /// A report of `done` of `of` steps, each a `unit`, at `stage`: for the counters of the
    /// family's crates (the struct is `non_exhaustive`).
    #[doc(hidden)]
    pub const fn new(stage: Stage, done: u64, of: u64, unit: Unit) -> Progress {
        Progress {
            stage,
            done,
            of,
            unit,
        }
    }

    /// `done` of the first row's `of` columns listed: how the listings by first column (the
    /// one-list join, the heat map) report.
    #[cfg(feature = "std")]
    #[doc(hidden)]
    pub fn columns_listed(done: u64, of: u64) -> Progress {
        Progress::new(Stage::Listing, done, of, Unit::Columns)
    }
}

/// What a step of [`Progress`] is: each counter reports in the steps its work comes in, and
/// says which, so that a bar can name them without guessing from the numbers.
///
/// ```
/// use nqueens_tables::{Counter, Unit};
/// let units = std::sync::Mutex::new(Vec::new());
/// Counter::new(9).unwrap().fundamental(true).run_with_progress(|p| {
///     units.lock().unwrap().push(p.unit);
/// }).unwrap();
/// assert!(units.into_inner().unwrap().iter().all(|&u| u == Unit::Tasks));
/// assert_eq!(Unit::Tasks.to_string(), "tasks");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Unit {
    /// Columns of the first row whose half boards are listed (the one-list join).
    Columns,
    /// Groups of joins (the one-list join).
    Groups,
    /// Top sets joined, over every outer choice of center queens (the centered join).
    TopSets,
    /// Tasks of the 8-fold counter.
    Tasks,
    /// Thousandths of the work, where the steps are estimates (rank and nth by counting).
    Thousandths,
    /// Squares of a heat map counted, one per orbit of the 8 symmetries.
    Squares,
}

impl Unit {
    /// The unit's name in the plural, as a bar shows it: `columns`, `groups`, `top sets`,
    /// `tasks`, `thousandths` or `squares`.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Columns => "columns",
            Unit::Groups => "groups",
            Unit::TopSets => "top sets",
            Unit::Tasks => "tasks",
            Unit::Thousandths => "thousandths",
            Unit::Squares => "squares",
        }
    }
}

/// The unit's [`name`](Unit::name).
impl core::fmt::Display for Unit {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The stages of a count, in the order they run.
///
/// ```
/// use nqueens_tables::{Counter, Stage};
/// let stages = std::sync::Mutex::new(Vec::new());
/// Counter::new(7).unwrap().fundamental(true).run_with_progress(|p| {
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
