//! The identifier of a share plan: which work each share K of M holds, as a rule and a hash
//! of what it cuts, so that shares cut two ways are never added up. A leaf of the front door,
//! apart from it so that `counting` stays the counter's own.

use crate::eightfold;
#[cfg(feature = "std")]
use crate::join;

/// The identifier of a share plan; see [`Counter::plan`](crate::Counter::plan). Shown as a rule and 16 hex
/// digits: `r1-` for the 8-fold counter's tasks dealt round-robin, `j1-` for the join's
/// units (n = 17 to 23, or 5 to 23 with queens fixed) cut into runs, `w1-` for a whole
/// count with queens fixed by the search (which has no shares); first version of each.
///
/// ```
/// use nqueens_tables::{Counter, Share};
/// let a = Counter::new(16).unwrap();
/// let b = a.share(Share::new(3, 8).unwrap()).threads(2);
/// // One plan per n: the share and the threads do not change how the work is split.
/// assert_eq!(a.plan(), b.plan());
/// assert!(a.plan().to_string().starts_with("r1-"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    rule: &'static str,
    hash: u64,
}

/// The rules a plan can have: the 8-fold counter's, the join's, the search's.
const RULES: [&str; 3] = ["r1", "j1", "w1"];

/// A plan from its identifier, as [`Display`](core::fmt::Display) writes it: a rule (`r1`,
/// `j1` or `w1`), a dash and 16 hex digits.
///
/// ```
/// use nqueens_tables::{Counter, Error, Plan};
/// let plan = Counter::new(16).unwrap().plan();
/// assert_eq!(plan.to_string().parse(), Ok(plan));
/// assert!(matches!("r1-xyz".parse::<Plan>(), Err(Error::Parse { .. })));
/// assert!(matches!("g1-0123456789abcdef".parse::<Plan>(), Err(Error::Parse { .. })));
/// ```
impl core::str::FromStr for Plan {
    type Err = crate::error::Error;
    fn from_str(s: &str) -> Result<Plan, Self::Err> {
        let bad = crate::error::Error::Parse {
            expected: "a plan: r1, j1 or w1, a dash and 16 hex digits",
        };
        let (rule, hash) = s.split_once('-').ok_or(bad)?;
        let rule = RULES.into_iter().find(|&r| r == rule).ok_or(bad)?;
        let lower_hex = hash.len() == 16
            && hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !lower_hex {
            return Err(bad);
        }
        let hash = u64::from_str_radix(hash, 16).map_err(|_| bad)?;
        Ok(Plan { rule, hash })
    }
}

impl core::fmt::Display for Plan {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}-{:016x}", self.rule, self.hash)
    }
}

/// The join's plan for `n`: its units (see [`Counter::plan`](crate::Counter::plan)).
pub(crate) fn join_plan(n: usize) -> Plan {
    #[cfg(feature = "std")]
    if join::cuts_shares(n) {
        return Plan::of("j1", |mut eat| join::identity(n, &mut eat));
    }
    // Below the centered join's sizes the join counts a whole board in one unit (it has no
    // shares): its plan is the board's.
    Plan::of("j1", |eat| eat(n as u8))
}

/// The 8-fold counter's plan for `n`: its tasks dealt round-robin.
pub(crate) fn eightfold_plan(n: usize) -> Plan {
    Plan::of("r1", |mut eat| eightfold::identity(n, &mut eat))
}

impl Plan {
    /// The plan of `rule` over what `feed` feeds: FNV-1a, 64 bits, stable, tiny, and with no
    /// dependency.
    pub(crate) fn of(rule: &'static str, feed: impl FnOnce(&mut dyn FnMut(u8))) -> Plan {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        feed(&mut |byte: u8| {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        });
        Plan { rule, hash }
    }
}
