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
    /// A whole count only: whether its total was checked against the published count
    /// (OEIS A000170, and A002562 for the fundamental solutions), which exists for n up to
    /// 27 and no queens fixed. A total that differs is refused, never written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) checked: Option<bool>,
}

/// The longest a share's `seconds` can say: a thousand years. Past that it is not a time a
/// count took, and two of them would sum past what a float holds.
const MAX_SECONDS: f64 = 1000.0 * 365.25 * 86_400.0;

/// The methods a record can name, as `Method` prints them.
const METHODS: [&str; 4] = ["table", "join", "eightfold", "search"];

/// Whether `plan` reads as a plan's identifier: a rule (`r1`, `j1` or `w1`), a dash and 16
/// hex digits.
fn is_plan(plan: &str) -> bool {
    match plan.split_once('-') {
        Some((rule, hash)) => {
            ["r1", "j1", "w1"].contains(&rule)
                && hash.len() == 16
                && hash
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        }
        None => false,
    }
}

/// Checks the total of a whole count of `n` with the queens `fixed` against the published
/// counts: `Ok(true)` where it was checked and agrees, `Ok(false)` where nothing is published
/// for it (queens fixed, or n past 27), and the line that says what it should be where it
/// differs.
pub(crate) fn check_published(
    n: u64,
    fixed: &[String],
    total: u128,
    fundamental: Option<u128>,
) -> Result<bool, String> {
    let n = n as usize;
    let (Some(all), true) = (nqueens_tables::known_count(n), fixed.is_empty()) else {
        return Ok(false);
    };
    if total != u128::from(all) {
        return Err(format!(
            "n = {n}: the total is {total}, but the published count (OEIS A000170) is {all}: \
             a share's count is wrong"
        ));
    }
    match (fundamental, nqueens_tables::known_fundamental(n)) {
        (Some(classes), Some(known)) if classes != u128::from(known) => Err(format!(
            "n = {n}: {classes} fundamental solutions, but the published count (OEIS A002562) \
             is {known}: a share's count is wrong"
        )),
        _ => Ok(true),
    }
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
        // What an editor on Windows may put first: named, since JSON takes none.
        if line.starts_with('\u{feff}') {
            return Err(
                "starts with a byte-order mark (U+FEFF), which no count writes and \
                        JSON lines do not take: save the file as UTF-8 without it"
                    .into(),
            );
        }
        let record: Record = serde_json::from_str(line).map_err(|e| {
            if e.is_data() {
                format!("not a share line ({e})")
            } else {
                format!("not a JSON line ({e})")
            }
        })?;
        record.checked()
    }

    /// The record, if each of its fields is one a count could have written; why not if not.
    fn checked(self) -> Result<Record, String> {
        let record = self;
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
        if !(record.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&record.seconds)) {
            return Err("\"seconds\" is not a time a count took".into());
        }
        if !is_plan(&record.plan) {
            return Err(format!(
                "plan {} is not a plan's identifier (a rule, a dash and 16 hex digits)",
                crate::input::shorten(&record.plan)
            ));
        }
        if let Some(method) = record.method.as_deref().filter(|m| !METHODS.contains(m)) {
            return Err(format!(
                "method {} is not one of {}",
                crate::input::shorten(method),
                METHODS.join(", ")
            ));
        }
        let n = record.n as usize;
        let known = (
            nqueens_tables::known_count(n),
            nqueens_tables::known_fundamental(n),
        );
        if let Some(all) = known.0.filter(|&all| record.count > all) {
            return Err(format!(
                "count = {} is more than all {all} solutions of n = {n}",
                record.count
            ));
        }
        if let (Some(classes), Some(all)) = (record.fundamental, known.1) {
            if classes > all {
                return Err(format!(
                    "fundamental = {classes} is more than all {all} of n = {n}"
                ));
            }
        }
        Ok(record)
    }
}

impl Record {
    /// The record of a whole count from the records of all its shares (every one of the
    /// same count, `id`), as `count` without shares writes it: checked against the published
    /// count where there is one; why not, where the shares cannot be its.
    pub(crate) fn whole_of<'a>(
        shares: impl Iterator<Item = &'a Record> + Clone,
        id: &CountId,
    ) -> Result<Record, String> {
        let n = id.n;
        // The shares' own plan: a whole count's id leaves it to the method that counted it.
        let plan = shares.clone().next().map_or(&id.plan, |r| &r.plan);
        plan_is_known(id, plan)?;
        let count: u128 = shares.clone().map(|r| u128::from(r.count)).sum();
        let fundamental: Option<u128> = shares.clone().map(|r| r.fundamental.map(u128::from)).sum();
        let checked = check_published(n, &id.fixed, count, fundamental)?;
        let past =
            |what: &str| format!("the shares' {what} add up past what any count of n = {n} holds");
        let seconds: f64 = shares.clone().map(|r| r.seconds).sum();
        Ok(Record {
            n,
            share: Some("1/1".into()),
            k: 1,
            m: 1,
            count: u64::try_from(count).map_err(|_| past("counts"))?,
            fundamental: fundamental
                .map(u64::try_from)
                .transpose()
                .map_err(|_| past("fundamental counts"))?,
            fixed: id.fixed.clone(),
            method: shares.clone().find_map(|r| r.method.clone()),
            seconds: (seconds * 1e6).round() / 1e6,
            plan: shares
                .clone()
                .next()
                .map_or(id.plan.clone(), |r| r.plan.clone()),
            version: id.version.clone(),
            checked: Some(checked),
        })
    }
}

/// Whether `plan` is a plan this command cuts a count of `id` by, by any method it picks or
/// is told to use: a plan no count of `id` has (edited, or of another version's cutting) is
/// refused, since its shares' sum would be of some other work.
fn plan_is_known(id: &CountId, plan: &str) -> Result<(), String> {
    use nqueens_tables::{Counter, Method};
    let n = id.n as usize;
    // 1-based ROW,COL as records list them (checked when read), 0-based for the library.
    let squares: Option<Vec<(usize, usize)>> = id
        .fixed
        .iter()
        .map(|f| {
            crate::list::parse_square(f)
                .ok()
                .map(|(r, c)| (r - 1, c - 1))
        })
        .collect();
    let counter = squares
        .and_then(|sq| Counter::new(n).ok()?.fixed(&sq).ok())
        .map(|c| c.fundamental(id.fundamental));
    let Some(counter) = counter else {
        return Err(format!(
            "the shares' count of n = {n} is not one this command makes"
        ));
    };
    // The method the counter picks is one of these, so its plan is among theirs.
    let methods = [
        Method::Join,
        Method::EightFold,
        Method::Search,
        Method::Table,
    ];
    if methods
        .iter()
        .any(|&m| counter.method(m).plan().to_string() == plan)
    {
        return Ok(());
    }
    Err(format!(
        "plan {} is not how this command cuts this count (it cuts it as {}): the shares \
         were edited, or cut by another version",
        crate::input::shorten(plan),
        counter.plan()
    ))
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

    /// Any record a count could write: every field, each within what a count of its `n`
    /// can hold.
    fn records() -> impl Strategy<Value = Record> {
        (
            (1u64..=32, 1u64..=MAX_SHARES, any::<u64>(), any::<u64>()),
            proptest::option::of(any::<u64>()),
            proptest::collection::vec((1usize..=32, 1usize..=32), 0..4),
            (0u32..1_000_000, any::<u64>(), 0usize..3, 0usize..4),
            proptest::option::of(any::<bool>()),
        )
            .prop_map(
                |(
                    (n, m, count, pick),
                    fundamental,
                    fixed,
                    (micros, plan, rule, method),
                    checked,
                )| {
                    let on_board: Vec<(usize, usize)> = fixed
                        .into_iter()
                        .filter(|&(r, c)| r as u64 <= n && c as u64 <= n)
                        .collect();
                    let bound = |known: Option<u64>, x: u64| match known {
                        Some(all) => x % (all + 1),
                        None => x,
                    };
                    let k = 1 + pick % m;
                    Record {
                        n,
                        share: Some(format!("{k}/{m}")),
                        k,
                        m,
                        count: bound(nqueens_tables::known_count(n as usize), count),
                        fundamental: fundamental
                            .map(|f| bound(nqueens_tables::known_fundamental(n as usize), f)),
                        fixed: fixed_list(&on_board),
                        method: Some(METHODS[method].into()),
                        seconds: f64::from(micros) / 1e6,
                        plan: format!("{}-{plan:016x}", ["r1", "j1", "w1"][rule]),
                        version: "0.1.0".into(),
                        checked,
                    }
                },
            )
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
