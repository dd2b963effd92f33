//! The crate's one error type, and the one board-size check every entry point goes through.

use crate::board::{walk_reach, MAX_N, MAX_SHARES};

/// Why a call was refused.
///
/// Every function that takes only a board size answers a size outside `1..=MAX_N` with
/// `None`; the functions that can fail in more than one way return `Result<_, Error>`, where
/// the same size check gives [`Error::BoardSize`].
///
/// ```
/// use nqueens_tables::{solutions_with_fixed, Error};
/// assert_eq!(solutions_with_fixed(0, &[]).err(), Some(Error::BoardSize(0)));
/// assert_eq!(
///     solutions_with_fixed(8, &[(8, 0)]).err(),
///     Some(Error::OffBoard { row: 8, column: 0 })
/// );
/// assert_eq!(Error::BoardSize(40).to_string(), "board size 40 is not in 1..=32");
/// assert_eq!(Error::Share { k: 5, m: 4 }.to_string(), "share 5/4 is not one of 1/4 to 4/4");
/// // No shares at all is its own mistake, not a range that runs backwards.
/// assert_eq!(Error::Share { k: 1, m: 0 }.to_string(), "share 1/0: a count has at least 1 share");
/// // Classes with queens fixed: refused, whichever was asked for first.
/// use nqueens_tables::Counter;
/// let fixed = Counter::new(8).unwrap().fixed(&[(0, 0)]).unwrap();
/// assert_eq!(fixed.fundamental(true).run().err(), Some(Error::FundamentalWithFixed));
/// let classes = Counter::new(8).unwrap().fundamental(true);
/// assert_eq!(classes.fixed(&[(0, 0)]).err(), Some(Error::FundamentalWithFixed));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The board size is 0 or above [`MAX_N`].
    BoardSize(usize),
    /// A queen's square lies off the `n` x `n` board (0-based row and column).
    OffBoard {
        /// The queen's row.
        row: usize,
        /// The queen's column.
        column: usize,
    },
    /// More columns than [`MAX_N`] were given for one placement.
    TooLong(usize),
    /// A share `k` of `m` with `k` outside `1..=m`, or `m` outside `1..=MAX_SHARES`.
    Share {
        /// The share asked for, 1-based.
        k: u64,
        /// The number of shares.
        m: u64,
    },
    /// The heap could not hold what the chosen counting method needs.
    OutOfMemory {
        /// The bytes it asked for.
        bytes: usize,
    },
    /// A rank or an unrank of `n` that neither walking from either end of the list nor the
    /// join can answer at a bounded cost: past the join's sizes (n > 23), far from both ends
    /// of the list (as the message says how far), or from the end where no count of `n` is
    /// known (n >= 28). [`Nth::in_reach`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/struct.Nth.html#method.in_reach) tells beforehand.
    BeyondReach {
        /// The board size.
        n: usize,
    },
    /// A heat map past the join's last size (n = 23): each of its squares is a count with a
    /// queen fixed, which past it no method makes in bounded time.
    HeatmapBeyondJoin {
        /// The board size.
        n: usize,
    },
    /// A share `k` of `m` of a count with queens fixed where the join does not serve (n
    /// below 5 or past 23, or without the feature `std`): the search that counts it has no
    /// plan to cut its work by.
    NotShareable {
        /// The share asked for, 1-based.
        k: u64,
        /// The number of shares.
        m: u64,
    },
    /// Fundamental solutions asked for with queens fixed: a symmetry class is counted whole
    /// or not at all, and a fixed queen keeps some of a class's images and not others.
    FundamentalWithFixed,
    /// A text that is not the name it was read as ([`Method`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/enum.Method.html) or
    /// [`Plan`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/struct.Plan.html) from its `Display` form): what was expected.
    Parse {
        /// What the text should have been.
        expected: &'static str,
    },
}

impl core::fmt::Display for Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Error::BoardSize(n) => write!(f, "board size {n} is not in 1..={MAX_N}"),
            Error::OffBoard { row, column } => {
                write!(
                    f,
                    "queen at row {row}, column {column} (0-based) is off the board"
                )
            }
            Error::TooLong(len) => {
                write!(
                    f,
                    "{len} columns given, but a placement holds at most {MAX_N}"
                )
            }
            Error::Share { k, m: 0 } => write!(f, "share {k}/0: a count has at least 1 share"),
            Error::Share { k, m } if m > MAX_SHARES => {
                write!(f, "share {k}/{m}: a count has at most {MAX_SHARES} shares")
            }
            Error::Share { k, m } => write!(f, "share {k}/{m} is not one of 1/{m} to {m}/{m}"),
            Error::OutOfMemory { bytes } => write!(
                f,
                "out of memory: the counter needs about {} MB",
                (bytes as u64).div_ceil(1 << 20)
            ),
            Error::BeyondReach { n } => {
                // Where no count of n is known, no position can be measured from the end:
                // only the first solutions are in reach.
                let from_the_end = crate::known::known_count(n).is_some();
                match (walk_reach(n), from_the_end) {
                    (1, true) => write!(f, "n = {n}: only the first and the last solution are")?,
                    (1, false) => write!(f, "n = {n}: only the first solution is")?,
                    (reach, true) => {
                        write!(f, "n = {n}: only the first and last {reach} solutions are")?
                    }
                    (reach, false) => write!(f, "n = {n}: only the first {reach} solutions are")?,
                }
                write!(
                    f,
                    " in reach (walked to at once){}; any other position needs counts of whole \
                     subtrees, which past n = 23 only the 8-fold counter makes, at more than a \
                     count of n = 23 costs (days of one core by the join)",
                    match from_the_end {
                        true => "",
                        false => ", since no count of this n is known to measure from the end",
                    }
                )
            }
            Error::HeatmapBeyondJoin { n } => write!(
                f,
                "n = {n}: a heat map counts every square with a queen fixed, which only the \
                 join does in bounded time, and the join serves n up to 23: past it each \
                 square would take the search longer than a whole count of n = 23"
            ),
            Error::NotShareable { k, m } => write!(
                f,
                "share {k}/{m}: a count with queens fixed is cut into shares only from n = 5 to 23"
            ),
            Error::Parse { expected } => write!(f, "expected {expected}"),
            Error::FundamentalWithFixed => f.write_str(
                "fundamental solutions are counted by symmetry class, which queens fixed break \
                 (they keep some images of a class and not others): ask for one or the other",
            ),
        }
    }
}

impl core::error::Error for Error {}

/// The one board-size check: `n` itself when it is in `1..=MAX_N`.
#[inline]
pub const fn board_size(n: usize) -> Result<usize, Error> {
    if n >= 1 && n <= MAX_N {
        Ok(n)
    } else {
        Err(Error::BoardSize(n))
    }
}

/// [`board_size`] for the functions that answer `None`.
#[inline]
pub const fn valid_n(n: usize) -> Option<usize> {
    match board_size(n) {
        Ok(n) => Some(n),
        Err(_) => None,
    }
}
