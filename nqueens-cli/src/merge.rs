//! `nqueens merge`: adds up the shares of one count, refusing anything that could make the
//! sum wrong: a line that is not a share, shares of another n, M or plan, two different
//! counts for one share. Missing shares are listed in Slurm's `--array=` form, to rerun.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use serde_json::Value;

use crate::{usage, Failure};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files of JSON share lines (`count N --part K/M --format json`); standard input if none.
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = MergeFormat::Text)]
    format: MergeFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MergeFormat {
    /// `n=N total=T`.
    Text,
    /// One JSON object: n, m, plan, version, shares, total, unique, seconds.
    Json,
}

/// One share line, checked.
#[derive(Clone, Debug, PartialEq)]
struct Share {
    n: u64,
    k: u64,
    m: u64,
    count: u64,
    unique: Option<u64>,
    seconds: f64,
    plan: String,
    version: String,
}

pub fn run(args: &Args, stdin: &mut dyn Read, out: &mut dyn Write) -> Result<(), Failure> {
    let mut shares: BTreeMap<u64, (Share, String)> = BTreeMap::new();
    // The first share read, and where: every other must have its n, M and plan.
    let mut first: Option<(Share, String)> = None;
    let mut read_one = |reader: &mut dyn BufRead, name: &str| -> Result<(), Failure> {
        for (i, line) in reader.lines().enumerate() {
            let line = line.map_err(Failure::Read)?;
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{name}:{}", i + 1);
            let share = parse(&line).or_else(|why| usage(format!("{at}: {why}")))?;
            match &first {
                None => first = Some((share.clone(), at.clone())),
                Some((p, from)) => {
                    let differs = [
                        ("n", share.n.to_string(), p.n.to_string()),
                        ("M", share.m.to_string(), p.m.to_string()),
                        ("plan", share.plan.clone(), p.plan.clone()),
                    ]
                    .into_iter()
                    .find(|(_, mine, theirs)| mine != theirs);
                    if let Some((what, mine, theirs)) = differs {
                        return usage(format!(
                            "{at}: a share with {what} = {mine}, but {from} has {what} = {theirs}: \
                             shares of different counts or plans cannot be added",
                        ));
                    }
                }
            }
            match shares.get(&share.k) {
                Some((same, seen)) if same.count == share.count && same.unique == share.unique => {
                    let _ = writeln!(
                        std::io::stderr(),
                        "note: {at}: share {}/{} repeats {seen} with the same count: counted once",
                        share.k,
                        share.m
                    );
                }
                Some((other, seen)) => {
                    return usage(format!(
                        "{at}: share {}/{} counts {}, but {seen} counted {}: rerun it",
                        share.k, share.m, share.count, other.count
                    ));
                }
                None => {
                    shares.insert(share.k, (share, at));
                }
            }
        }
        Ok(())
    };
    if args.files.is_empty() {
        read_one(&mut BufReader::new(stdin), "<stdin>")?;
    }
    for path in &args.files {
        let file = std::fs::File::open(path).map_err(|e| {
            Failure::Read(std::io::Error::new(
                e.kind(),
                format!("{}: {e}", path.display()),
            ))
        })?;
        read_one(&mut BufReader::new(file), &path.display().to_string())?;
    }
    let Some((plan, _)) = first else {
        return usage(
            "no share lines to merge: expected the output of `count N --part K/M --format json`",
        );
    };
    let missing: Vec<u64> = (1..=plan.m).filter(|k| !shares.contains_key(k)).collect();
    if !missing.is_empty() {
        return Err(Failure::Incomplete(format!(
            "{} of {} shares of n = {} missing; rerun them with --array={}",
            missing.len(),
            plan.m,
            plan.n,
            ranges(&missing)
        )));
    }
    let total: u128 = shares.values().map(|(s, _)| u128::from(s.count)).sum();
    let unique: Option<u128> = shares.values().map(|(s, _)| s.unique.map(u128::from)).sum();
    let seconds: f64 = shares.values().map(|(s, _)| s.seconds).sum();
    match args.format {
        MergeFormat::Text => writeln!(out, "n={} total={total}", plan.n)?,
        MergeFormat::Json => writeln!(
            out,
            "{{\"n\":{},\"m\":{},\"plan\":\"{}\",\"version\":\"{}\",\"shares\":{},\"total\":{total},\"unique\":{},\"seconds\":{seconds:.6}}}",
            plan.n,
            plan.m,
            plan.plan,
            plan.version,
            shares.len(),
            unique.map_or_else(|| "null".to_string(), |u| u.to_string()),
        )?,
    }
    Ok(())
}

/// One share line, or why it is not one.
fn parse(line: &str) -> Result<Share, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not a JSON line ({e})"))?;
    let object = value.as_object().ok_or("not a JSON object")?;
    let number = |key: &str| -> Result<u64, String> {
        object
            .get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("no whole number \"{key}\" in the share line"))
    };
    let text = |key: &str| -> Result<String, String> {
        object
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("no string \"{key}\" in the share line"))
    };
    let (n, k, m) = (number("n")?, number("k")?, number("m")?);
    if !(1..=m).contains(&k) {
        return Err(format!("share k = {k} is not in 1..={m}"));
    }
    let unique = match object.get("unique") {
        Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .ok_or("\"unique\" is neither a whole number nor null")?,
        ),
        None => return Err("no \"unique\" in the share line".into()),
    };
    let seconds = object
        .get("seconds")
        .and_then(Value::as_f64)
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or("no number of \"seconds\" in the share line")?;
    Ok(Share {
        n,
        k,
        m,
        count: number("count")?,
        unique,
        seconds,
        plan: text("plan")?,
        version: text("version")?,
    })
}

/// `1,3,5-8`: the numbers (sorted, distinct) with runs written as ranges, as Slurm's
/// `--array=` takes them.
fn ranges(sorted: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        parts.push(if j > i + 1 {
            format!("{}-{}", sorted[i], sorted[j])
        } else if j == i + 1 {
            format!("{},{}", sorted[i], sorted[j])
        } else {
            sorted[i].to_string()
        });
        i = j + 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn missing_shares_read_as_array_indices() {
        assert_eq!(ranges(&[3]), "3");
        assert_eq!(ranges(&[1, 2]), "1,2");
        assert_eq!(ranges(&[1, 2, 3, 5, 7, 8, 9, 10]), "1-3,5,7-10");
    }
}
