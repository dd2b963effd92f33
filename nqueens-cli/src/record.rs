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
    /// What `count` printed: present, as `"fundamental"`, where `--fundamental` asked for
    /// the classes (the total otherwise), so that `merge` prints the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) prints: Option<Prints>,
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

/// What a count printed, where it is not the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Prints {
    /// The fundamental solutions (`count --fundamental`).
    Fundamental,
}

/// The longest a share's `seconds` can say: a thousand years. Past that it is not a time a
/// count took, and two of them would sum past what a float holds.
const MAX_SECONDS: f64 = 1000.0 * 365.25 * 86_400.0;

/// The GPU's method, as its records name it (`count --gpu`).
pub(crate) const GPU: &str = "gpu";

/// Whether `method` is one a record can name: the library's (as `Method` prints them), or the
/// GPU's.
fn method_problem(method: &str) -> Option<String> {
    match (method.parse::<nqueens_tables::Method>(), method == GPU) {
        (Ok(_), _) | (_, true) => None,
        (Err(e), false) => Some(format!("{e}, or {GPU}")),
    }
}

/// Whether `plan` reads as a plan's identifier: the library's (`r1`, `j1` or `w1`), or the
/// GPU's (`g1`), a dash and 16 hex digits.
fn is_plan(plan: &str) -> bool {
    plan.parse::<nqueens_tables::Plan>().is_ok() || nqueens_tables_gpu::is_plan(plan)
}

/// Checks the total of a whole count of `n` with the queens `fixed`: against the published
/// counts where they exist (`Ok(true)`), else against every bound that holds without them
/// (`Ok(false)`): the fundamental solutions at most the total and the total at most 8 times
/// them, and a count with queens fixed at most the board's published total. Where it
/// fails, the line that says why.
pub(crate) fn check_published(
    n: u64,
    fixed: &[String],
    total: u128,
    fundamental: Option<u128>,
) -> Result<bool, String> {
    let n = n as usize;
    if let Some(classes) = fundamental {
        if classes > total || total > 8 * classes {
            return Err(format!(
                "n = {n}: {total} solutions in {classes} symmetry classes, but a class holds 1 \
                 to 8 solutions: a share's count is wrong"
            ));
        }
    }
    let Some(all) = nqueens_tables::known_count(n) else {
        return Ok(false);
    };
    if !fixed.is_empty() {
        return match total > u128::from(all) {
            true => Err(format!(
                "n = {n}: {total} solutions with queens fixed, but the board has only {all} in \
                 all (OEIS A000170): a share's count is wrong"
            )),
            false => Ok(false),
        };
    }
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

/// Says on stderr, in one line, that the total of `record` (a whole count) could not be
/// checked against a published count, where it could not: only its bounds were.
pub(crate) fn note_unchecked(record: &Record) {
    if record.checked != Some(false) {
        return;
    }
    let what = match record.fixed.is_empty() {
        true => format!("n = {}", record.n),
        false => format!("n = {} with queens fixed", record.n),
    };
    crate::note(&format!(
        "{what}: no published count to check this total against (OEIS has counts up to n = \
         27, of whole boards); only its bounds were checked"
    ));
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
    /// What the count prints, where it is not the total.
    pub(crate) prints: Option<Prints>,
}

impl CountId {
    /// The first field in which `self` and `other` differ, as `(name, self's, other's)`.
    pub(crate) fn differs(&self, other: &CountId) -> Option<(&'static str, String, String)> {
        let fixed = |f: &[String]| match f {
            [] => "none".to_string(),
            f => f.join(" "),
        };
        let classes = |f: bool| if f { "counted" } else { "not counted" }.to_string();
        let prints = |p: Option<Prints>| match p {
            Some(Prints::Fundamental) => "fundamental",
            None => "total",
        };
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
            (
                "prints",
                prints(self.prints).to_string(),
                prints(other.prints).to_string(),
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
            prints: self.prints,
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
        if record.prints.is_some() && record.fundamental.is_none() {
            return Err("\"prints\":\"fundamental\" without a fundamental count".into());
        }
        if let Some(method) = record.method.as_deref() {
            if let Some(why) = method_problem(method) {
                return Err(format!("method {}: {why}", crate::input::shorten(method)));
            }
        }
        record.counts_hold()?;
        Ok(record)
    }

    /// Whether the counts are what a share of its `n` can hold: at most the published
    /// counts, and complete classes of 1 to 8 solutions each where classes are counted.
    fn counts_hold(&self) -> Result<(), String> {
        let (n, count) = (self.n as usize, self.count);
        if let Some(all) = nqueens_tables::known_count(n).filter(|&all| count > all) {
            return Err(format!(
                "count = {count} is more than all {all} solutions of n = {n}"
            ));
        }
        let Some(classes) = self.fundamental else {
            return Ok(());
        };
        // A share holds complete classes, each of 1 to 8 solutions.
        if classes > count || u128::from(count) > 8 * u128::from(classes) {
            return Err(format!(
                "count = {count} in fundamental = {classes} classes, but a class holds 1 to 8 \
                 solutions"
            ));
        }
        match nqueens_tables::known_fundamental(n).filter(|&all| classes > all) {
            Some(all) => Err(format!(
                "fundamental = {classes} is more than all {all} of n = {n}"
            )),
            None => Ok(()),
        }
    }
}

/// What the shares of one count add up to, each share once.
#[derive(Default)]
pub(crate) struct Sum {
    count: u128,
    fundamental: u128,
    seconds: f64,
}

impl Sum {
    /// Adds one share.
    pub(crate) fn add(&mut self, share: &Record) {
        self.count += u128::from(share.count);
        self.fundamental += u128::from(share.fundamental.unwrap_or(0));
        self.seconds += share.seconds;
    }
}

impl Record {
    /// The record of a whole count of `id` from `sum`, what all its shares add up to (the
    /// `first` of them gives the plan and the method), as `count` without shares writes it:
    /// checked against the published count where there is one; why not, where the shares
    /// cannot be its.
    pub(crate) fn whole_of(
        first: Option<&Record>,
        sum: &Sum,
        id: &CountId,
    ) -> Result<Record, String> {
        let n = id.n;
        // The shares' own plan: a whole count's id leaves it to the method that counted it.
        let plan = first.map_or(&id.plan, |r| &r.plan);
        plan_is_known(id, plan)?;
        let fundamental = id.fundamental.then_some(sum.fundamental);
        let checked = check_published(n, &id.fixed, sum.count, fundamental)?;
        let past =
            |what: &str| format!("the shares' {what} add up past what any count of n = {n} holds");
        Ok(Record {
            n,
            share: Some("1/1".into()),
            k: 1,
            m: 1,
            count: u64::try_from(sum.count).map_err(|_| past("counts"))?,
            fundamental: fundamental
                .map(u64::try_from)
                .transpose()
                .map_err(|_| past("fundamental counts"))?,
            prints: id.prints,
            fixed: id.fixed.clone(),
            method: first.and_then(|r| r.method.clone()),
            seconds: (sum.seconds * 1e6).round() / 1e6,
            plan: plan.clone(),
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
    if plan.starts_with("g1-") {
        // The GPU's: every solution of a whole board, cut by its prefixes.
        let gpu = nqueens_tables_gpu::plan(n).unwrap_or_default();
        return match (plan == gpu, id.fixed.is_empty() && !id.fundamental) {
            (true, true) => Ok(()),
            _ => Err(format!(
                "plan {} is not how this command cuts this count on the GPU (it cuts n = {n} \
                 as {gpu}, every solution, no queens fixed)",
                crate::input::shorten(plan)
            )),
        };
    }
    // 1-based ROW,COL as records list them (checked when read), 0-based for the library.
    let squares: Option<Vec<(usize, usize)>> = id
        .fixed
        .iter()
        .map(|f| {
            crate::square::parse_square(f)
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
    // A whole count's plan is the plan of the method that counted it, which the counter
    // picks (or falls back to where memory is short); the shares of a count are cut by one
    // plan, whatever the share.
    let accepted = match id.m {
        1 => [
            Method::Table,
            Method::Join,
            Method::EightFold,
            Method::Search,
        ]
        .iter()
        .any(|&m| counter.plan_by(m).is_some_and(|p| p.to_string() == plan)),
        _ => counter.plan().to_string() == plan,
    };
    if accepted {
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
        match crate::square::parse_square(f) {
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
                    let all = nqueens_tables::known_count(n as usize);
                    let fundamental = fundamental
                        .map(|f| bound(nqueens_tables::known_fundamental(n as usize), f) >> 3);
                    // Whole classes of 1 to 8 solutions each, where they are counted.
                    let count = match fundamental {
                        Some(f) => (f + count % (7 * f + 1)).min(all.unwrap_or(u64::MAX)),
                        None => bound(all, count),
                    };
                    Record {
                        n,
                        share: Some(format!("{k}/{m}")),
                        k,
                        m,
                        count,
                        fundamental,
                        prints: (fundamental.is_some() && micros % 2 == 0)
                            .then_some(Prints::Fundamental),
                        fixed: fixed_list(&on_board),
                        method: Some(["table", "join", "eightfold", "search", GPU][method].into()),
                        seconds: f64::from(micros) / 1e6,
                        plan: format!("{}-{plan:016x}", ["r1", "j1", "w1"][rule]),
                        version: "0.1.0".into(),
                        checked,
                    }
                },
            )
    }

    /// A record of share `k` of 2 of n = 28, whose classes are counted: no published count.
    fn share_of_28(k: u64, count: u64, fundamental: u64) -> Record {
        let counter = nqueens_tables::Counter::new(28).unwrap().fundamental(true);
        Record {
            n: 28,
            share: Some(format!("{k}/2")),
            k,
            m: 2,
            count,
            fundamental: Some(fundamental),
            prints: None,
            fixed: vec![],
            method: Some("eightfold".into()),
            seconds: 1.0,
            plan: counter.plan().to_string(),
            version: env!("CARGO_PKG_VERSION").into(),
            checked: None,
        }
    }

    #[test]
    fn where_nothing_is_published_the_bounds_that_hold_are_kept() {
        // Ten solutions a class: more than a class holds, in each share or in their sum.
        let line = share_of_28(1, 1000, 100).to_line();
        assert!(Record::parse(&line).unwrap_err().contains("1 to 8"));
        let whole = |shares: [Record; 2]| {
            let mut sum = Sum::default();
            shares.iter().for_each(|s| sum.add(s));
            Record::whole_of(Some(&shares[0]), &sum, &shares[0].id())
        };
        let err = whole([share_of_28(1, 700, 100), share_of_28(2, 700, 0)]).unwrap_err();
        assert!(err.contains("1 to 8"), "{err}");
        let whole = whole([share_of_28(1, 700, 100), share_of_28(2, 300, 100)]).unwrap();
        assert_eq!((whole.count, whole.checked), (1000, Some(false)));
        // Queens fixed: at most the board's published total.
        assert!(check_published(8, &["1,1".into()], 93, None)
            .unwrap_err()
            .contains("92 in all"));
        assert_eq!(check_published(8, &["1,1".into()], 4, None), Ok(false));
    }

    #[test]
    fn a_whole_count_by_any_method_that_can_make_it_passes_the_plan_check() {
        use nqueens_tables::{Counter, Method};
        for n in 1..=23usize {
            for fundamental in [false, true] {
                let counter = Counter::new(n).unwrap().fundamental(fundamental);
                for method in [
                    Method::Table,
                    Method::Join,
                    Method::EightFold,
                    Method::Search,
                ] {
                    let Some(plan) = counter.plan_by(method) else {
                        continue;
                    };
                    let id = CountId {
                        n: n as u64,
                        m: 1,
                        plan: plan.to_string(),
                        version: env!("CARGO_PKG_VERSION").into(),
                        fixed: vec![],
                        fundamental,
                        prints: None,
                    };
                    assert_eq!(plan_is_known(&id, &id.plan), Ok(()), "{n} {method}");
                }
            }
        }
    }

    proptest! {
        #[test]
        fn a_record_round_trips(record in records()) {
            let line = record.to_line();
            prop_assert!(!line.contains('\n') && line.len() as u64 <= MAX_LINE);
            prop_assert_eq!(Record::parse(&line), Ok(record));
        }

        /// What a cut write of any record leaves is the start of a record, and the whole
        /// line is not: the checkpoint's and merge's torn-tail rule knows every record.
        #[test]
        fn every_cut_of_a_record_is_a_record_start(record in records(), cut in any::<usize>()) {
            let line = record.to_line();
            let cut = 1 + cut % (line.len() - 1);
            prop_assert!(crate::record_lines::is_record_start(&line.as_bytes()[..cut]), "{}", &line[..cut]);
            prop_assert!(!crate::record_lines::is_record_start(line.as_bytes()));
        }

        /// Two records of different counts never pass `merge`, and the field it names is one
        /// they differ in; two of the same count with different k always do.
        #[test]
        fn merge_refuses_every_mix_of_counts(a in records(), b in records()) {
            let mut shares = crate::merge::Shares::default();
            prop_assert!(shares.add(a.clone(), "a", 1).is_ok());
            let (ida, idb) = (a.id(), b.id());
            let added = shares.add(b.clone(), "b", 1);
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
