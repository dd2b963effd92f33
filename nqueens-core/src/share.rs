//! A share `k` of `m` of a count: the one value that the counter, the join, the 8-fold
//! counter and the command pass around for "which part of the work", so that it is checked
//! once, where it is made.

use crate::board::MAX_SHARES;
use crate::error::Error;

/// Share `k` (1-based) of `m` of a count. The `m` shares of one count never overlap and add
/// up to it, and each holds the same count on every machine and thread count (see
/// [`Counter::share`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/struct.Counter.html#method.share)). Made only by [`Share::new`], so that
/// `1 <= k <= m <= MAX_SHARES` always holds.
///
/// ```
/// use nqueens_tables::{Error, Share};
/// let s = Share::new(2, 8).unwrap();
/// assert_eq!((s.k(), s.m()), (2, 8));
/// assert_eq!(s.to_string(), "2/8");
/// assert!(Share::WHOLE.is_whole());
/// assert_eq!(Share::new(9, 8), Err(Error::Share { k: 9, m: 8 }));
/// assert_eq!(Share::new(0, 8), Err(Error::Share { k: 0, m: 8 }));
/// let past = nqueens_tables::MAX_SHARES + 1;
/// assert_eq!(Share::new(1, past), Err(Error::Share { k: 1, m: past }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Share {
    k: u64,
    m: u64,
}

impl Share {
    /// The whole count: share 1 of 1.
    pub const WHOLE: Share = Share { k: 1, m: 1 };

    /// Share 1 of 2: a share that is not the whole count, for asking how shares are
    /// counted.
    #[doc(hidden)]
    pub const FIRST_OF_TWO: Share = Share { k: 1, m: 2 };

    /// Share `k` of `m`; [`Error::Share`] unless `1 <= k <= m <= MAX_SHARES`.
    pub const fn new(k: u64, m: u64) -> Result<Share, Error> {
        if m == 0 || k == 0 || k > m || m > MAX_SHARES {
            Err(Error::Share { k, m })
        } else {
            Ok(Share { k, m })
        }
    }

    /// Which share, 1-based.
    pub const fn k(self) -> u64 {
        self.k
    }

    /// How many shares the count is cut into.
    pub const fn m(self) -> u64 {
        self.m
    }

    /// Whether this is the whole count (`m == 1`).
    pub const fn is_whole(self) -> bool {
        self.m == 1
    }

    /// The share's part of `units` (0-based, a half-open range): from `(k - 1) units / m` to
    /// `k units / m`, rounded down, so that the `m` parts cover `0..units` without overlap.
    #[cfg(feature = "std")]
    #[doc(hidden)]
    pub fn of_units(self, units: u64) -> core::ops::Range<u64> {
        let cut = |k: u64| (u128::from(k) * u128::from(units) / u128::from(self.m)) as u64;
        cut(self.k - 1)..cut(self.k)
    }
}

/// `k/m`, as the command takes it (`--share 2/8`) and its records carry it.
impl core::fmt::Display for Share {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}/{}", self.k, self.m)
    }
}
