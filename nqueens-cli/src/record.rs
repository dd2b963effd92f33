//! The share record: one JSON line per share of a count, the one form that
//! `count --share K/M --format json` prints, `count --checkpoint` appends and `merge` reads.
//! A record says exactly which count it is a share of (n, the queens fixed, whether it
//! counts fundamental solutions, the plan, the version), so that shares of different counts
//! are never added up.

use serde::{Deserialize, Serialize};

/// The most shares one count can be cut into: the library's one limit, which its plans,
/// `--share`, checkpoints and `merge` share.
pub(crate) use nqueens_tables::MAX_SHARES;

/// The most bytes a record may have: `count --format json` writes about 200, and a few
/// hundred more with many queens fixed.
pub(crate) const MAX_LINE: u64 = 4096;

/// One share of a count, as a line of JSON, the keys in this order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Record {
    pub(crate) n: u64,
    /// `K/M`, as `--share` takes it (optional on reading: `k` and `m` say the same).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) share: Option<String>,
    pub(crate) k: u64,
    pub(crate) m: u64,
    pub(crate) count: u64,
    /// The fundamental solutions among them, or `null` where the method counts no classes.
    pub(crate) fundamental: Option<u64>,
    /// The queens fixed, `ROW,COL` 1-based as `--fixed` takes them, sorted, each once.
    pub(crate) fixed: Vec<String>,
    /// The method that counted: `table`, `join`, `eightfold` or `search`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) method: Option<String>,
    pub(crate) seconds: f64,
    pub(crate) plan: String,
    pub(crate) version: String,
}

/// What a share's count is of: two shares can be added up exactly when these agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CountId {
    pub(crate) n: u64,
    pub(crate) m: u64,
    pub(crate) plan: String,
    pub(crate) version: String,
    pub(crate) fixed: Vec<String>,
    /// Whether the shares count fundamental solutions.
    pub(crate) fundamental: bool,
}

impl CountId {
    /// The first field in which `self` and `other` differ, as `(name, self's, other's)`.
    pub(crate) fn differs(&self, other: &CountId) -> Option<(&'static str, String, String)> {
        let fixed = |f: &[String]| match f {
            [] => "none".to_string(),
            f => f.join(" "),
        };
        let classes = |f: bool| if f { "counted" } else { "not counted" }.to_string();
        [
            ("n", self.n.to_string(), other.n.to_string()),
            ("M", self.m.to_string(), other.m.to_string()),
            ("version", self.version.clone(), other.version.clone()),
            ("fixed", fixed(&self.fixed), fixed(&other.fixed)),
            (
                "fundamental",
                classes(self.fundamental),
                classes(other.fundamental),
            ),
            ("plan", self.plan.clone(), other.plan.clone()),
        ]
        .into_iter()
        .find(|(_, mine, theirs)| mine != theirs)
    }
}

impl Record {
    /// Which count this is a share of.
    pub(crate) fn id(&self) -> CountId {
        CountId {
            n: self.n,
            m: self.m,
            plan: self.plan.clone(),
            version: self.version.clone(),
            fixed: self.fixed.clone(),
            fundamental: self.fundamental.is_some(),
        }
    }

    /// The record as one line of JSON, without the newline.
    pub(crate) fn to_line(&self) -> String {
        // A struct of numbers and strings always serialises.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// One record, or why `line` is not one. Its numbers are checked as `count --share`
    /// checks its own: a line no count could have written is refused.
    pub(crate) fn parse(line: &str) -> Result<Record, String> {
        let record: Record = serde_json::from_str(line).map_err(|e| {
            if e.is_data() {
                format!("not a share line ({e})")
            } else {
                format!("not a JSON line ({e})")
            }
        })?;
        let max_n = nqueens_tables::MAX_N as u64;
        if !(1..=max_n).contains(&record.n) {
            return Err(format!(
                "n = {} is not a board size (1 to {max_n})",
                record.n
            ));
        }
        if !(1..=MAX_SHARES).contains(&record.m) {
            return Err(format!(
                "M = {} is not a number of shares `count --share` takes (1 to {MAX_SHARES})",
                record.m
            ));
        }
        if !(1..=record.m).contains(&record.k) {
            return Err(format!("share k = {} is not in 1..={}", record.k, record.m));
        }
        if let Some(share) = &record.share {
            if *share != format!("{}/{}", record.k, record.m) {
                return Err(format!(
                    "\"share\":\"{}\" disagrees with k = {} and m = {}",
                    crate::input::shorten(share),
                    record.k,
                    record.m
                ));
            }
        }
        if record.fixed != canonical_fixed(&record.fixed, record.n) {
            return Err(
                "\"fixed\" is not a sorted list of distinct ROW,COL squares on the board".into(),
            );
        }
        if !(record.seconds.is_finite() && record.seconds >= 0.0) {
            return Err("\"seconds\" is not a time".into());
        }
        Ok(record)
    }
}

/// `squares` (1-based `(row, column)`) as a record lists them: `ROW,COL`, sorted, each once.
pub(crate) fn fixed_list(squares: &[(usize, usize)]) -> Vec<String> {
    let mut sorted = squares.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.iter().map(|(r, c)| format!("{r},{c}")).collect()
}

/// `fixed` read back as squares of an `n` board and listed again; `None`-like (empty with
/// a marker) where an entry is not a square: the result then differs from `fixed`.
fn canonical_fixed(fixed: &[String], n: u64) -> Vec<String> {
    let mut squares = Vec::with_capacity(fixed.len());
    for f in fixed {
        match crate::list::parse_square(f) {
            Ok((r, c)) if r as u64 <= n && c as u64 <= n => squares.push((r, c)),
            _ => return vec![String::from("not a square")],
        }
    }
    fixed_list(&squares)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Any record a count could write.
    fn records() -> impl Strategy<Value = Record> {
        (
            1u64..=32,
            1u64..=MAX_SHARES,
            any::<u64>(),
            proptest::option::of(any::<u64>()),
            proptest::collection::vec((1usize..=32, 1usize..=32), 0..4),
            0u32..1_000_000,
            any::<u64>(),
        )
            .prop_map(|(n, m, count, fundamental, fixed, micros, plan)| {
                let on_board: Vec<(usize, usize)> = fixed
                    .into_iter()
                    .filter(|&(r, c)| r as u64 <= n && c as u64 <= n)
                    .collect();
                let k = 1 + count % m;
                Record {
                    n,
                    share: Some(format!("{k}/{m}")),
                    k,
                    m,
                    count,
                    fundamental,
                    fixed: fixed_list(&on_board),
                    method: Some("join".into()),
                    seconds: f64::from(micros) / 1e6,
                    plan: format!("j1-{plan:016x}"),
                    version: "0.1.0".into(),
                }
            })
    }

    proptest! {
        #[test]
        fn a_record_round_trips(record in records()) {
            let line = record.to_line();
            prop_assert!(!line.contains('\n') && line.len() as u64 <= MAX_LINE);
            prop_assert_eq!(Record::parse(&line), Ok(record));
        }

        /// Two records of different counts never pass `merge`, and the field it names is one
        /// they differ in; two of the same count with different k always do.
        #[test]
        fn merge_refuses_every_mix_of_counts(a in records(), b in records()) {
            let mut shares = crate::merge::Shares::default();
            prop_assert!(shares.add(a.clone(), "a".into()).is_ok());
            let (ida, idb) = (a.id(), b.id());
            let added = shares.add(b.clone(), "b".into());
            if ida == idb {
                prop_assert!(added.is_ok() || a.k == b.k);
            } else {
                let Err(crate::Failure::Usage(msg)) = added else {
                    return Err(TestCaseError::fail("a mix of counts was added"));
                };
                let (what, _, _) = ida.differs(&idb).unwrap();
                prop_assert!(msg.contains(&format!("{what} = ")), "{}", msg);
            }
        }
    }
}
