//! What a count is made by and what it gives: [`Method`] and [`Counts`], the counter's
//! answers, apart from the counter that makes them.

use super::Counter;
use crate::board::MAX_N;
use crate::error::Error;
use crate::plan::Plan;

/// How a count was (or will be) made.
///
/// ```
/// use nqueens_tables::{Counter, Method};
/// let c = Counter::new(5).unwrap().run().unwrap();
/// assert_eq!((c.total, c.method), (10, Method::EightFold));
/// assert_eq!(c.method.to_string(), "eightfold");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Method {
    /// The length of the embedded table: no counting at all.
    Table,
    /// The half-board join: every solution, fastest from n = 15 to 23, with half boards on
    /// the heap: all of them up to n = 16, past it those of one choice of the center rows'
    /// queens at a time. Its peak memory, which a caller may need to plan for, grows with n
    /// and with how many neighbouring choices a share lists for at once (BENCHMARKS.md has
    /// each n's). Feature `std`; no symmetry classes.
    Join,
    /// The 8-fold symmetry counter: every `n`, symmetry classes too, shares, no heap.
    EightFold,
    /// The search, for a count with queens fixed ([`Counter::fixed`]) where the join does
    /// not serve: below n = 15, past 23, or without the feature `std`.
    Search,
}

/// A method from its name, as [`Display`](core::fmt::Display) writes it.
///
/// ```
/// use nqueens_tables::{Error, Method};
/// assert_eq!("join".parse(), Ok(Method::Join));
/// for m in [Method::Table, Method::Join, Method::EightFold, Method::Search] {
///     assert_eq!(m.to_string().parse(), Ok(m));
/// }
/// assert!(matches!("gpu".parse::<Method>(), Err(Error::Parse { .. })));
/// ```
impl core::str::FromStr for Method {
    type Err = Error;
    fn from_str(s: &str) -> Result<Method, Error> {
        match s {
            "table" => Ok(Method::Table),
            "join" => Ok(Method::Join),
            "eightfold" => Ok(Method::EightFold),
            "search" => Ok(Method::Search),
            _ => Err(Error::Parse {
                expected: "a method: table, join, eightfold or search",
            }),
        }
    }
}

/// The method's name as the command prints it: `table`, `join`, `eightfold` or `search`.
impl core::fmt::Display for Method {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Method::Table => "table",
            Method::Join => "join",
            Method::EightFold => "eightfold",
            Method::Search => "search",
        })
    }
}

/// The result of a count.
///
/// ```
/// let c = nqueens_tables::Counter::new(6).unwrap().fundamental(true).run().unwrap();
/// assert_eq!((c.total, c.fundamental), (4, Some(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Counts {
    /// Solutions counted (OEIS A000170 for a whole board).
    pub total: u64,
    /// Of those, the fundamental solutions: one per class under the 8 symmetries of the
    /// square (OEIS A002562 for a whole board), when the method counts classes.
    pub fundamental: Option<u64>,
    /// How they were counted.
    pub method: Method,
    /// How many threads the count could run on: what [`Counter::threads`] asked for, at
    /// most [`MAX_THREADS`](crate::MAX_THREADS), and 1 without the feature `parallel` or
    /// for a method of one thread (a table's length, the search).
    ///
    /// ```
    /// let c = nqueens_tables::Counter::new(12).unwrap().fundamental(true).threads(2).run().unwrap();
    /// assert_eq!(c.threads, if cfg!(feature = "parallel") { 2 } else { 1 });
    /// ```
    pub threads: usize,
    /// The board size and the queens fixed, for [`Counts::plan`].
    pub(super) n: usize,
    pub(super) fixed: [u8; MAX_N],
}

impl Counts {
    /// The plan of the method that counted (see [`Counter::plan`]): `j1-` for the join (of
    /// the queens fixed, if any), `w1-` for the search, `r1-` for the 8-fold counter and for
    /// a table (whose count is whole).
    ///
    /// ```
    /// use nqueens_tables::{Counter, Share};
    /// let c = Counter::new(16).unwrap().run().unwrap();
    /// # #[cfg(feature = "std")]
    /// assert!(c.plan().to_string().starts_with("j1-"));
    /// // Its shares are the 8-fold counter's: another plan.
    /// # #[cfg(feature = "std")]
    /// assert_ne!(c.plan(), Counter::new(16).unwrap().plan());
    /// // A count with queens fixed has the plan of those queens.
    /// let corner = Counter::new(8).unwrap().fixed(&[(0, 0)]).unwrap();
    /// assert_ne!(corner.run().unwrap().plan(), Counter::new(8).unwrap().run().unwrap().plan());
    /// # #[cfg(feature = "std")]
    /// assert_eq!(corner.share(Share::new(1, 2).unwrap()).run().unwrap().plan(), corner.plan());
    /// ```
    pub fn plan(&self) -> Plan {
        let counter = Counter {
            fixed: self.fixed,
            ..Counter::new(self.n).unwrap_or(Counter::DEFAULT)
        };
        counter.plan_of(self.method)
    }
}
