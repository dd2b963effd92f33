//! `nqueens merge`: adds up the shares of one count, refusing anything that could make the
//! sum wrong: a line that is not a share record, shares of another count (n, M, version,
//! queens fixed, fundamental solutions counted or not, plan), two different counts for one
//! share. Missing shares are listed in Slurm's `--array=` form, to rerun.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use crate::record::{CountId, Prints, Record, Sum};
use crate::{read_failed, usage, Failure};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files of share records (`count N --share K/M --format json`, or a `count --checkpoint`
    /// file); `-` or none for standard input.
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = MergeFormat::Text)]
    format: MergeFormat,
}

/// What `merge` prints: the same as `count` prints for the same count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MergeFormat {
    /// The number alone, as `count` prints it.
    Text,
    /// The whole count's record, as `count --format json` writes it (share 1/1, the shares'
    /// seconds added up, and whether the total was checked against the published count).
    Json,
}

/// The shares of one count read so far: each share's counts by `k`, and their sum. A share
/// is kept as its counts and where it was read, not as its record: a merge of a million
/// shares holds a few tens of bytes for each.
#[derive(Default)]
pub(crate) struct Shares {
    by_k: BTreeMap<u64, Tally>,
    /// The names of the inputs read, by the index a [`Tally`] holds.
    sources: Vec<String>,
    /// The first share read, which count it is of, and where it was read: every other share
    /// must be of that count.
    first: Option<(Record, CountId, String)>,
    /// What the shares add up to.
    sum: Sum,
    /// Lines that repeated a share already read, with the same count: counted once.
    repeats: u64,
}

/// One share as [`Shares`] keeps it.
struct Tally {
    count: u64,
    fundamental: Option<u64>,
    /// Where it was read: an index into [`Shares::sources`], and the line.
    source: usize,
    line: u64,
}

impl Shares {
    /// One note on stderr for the lines that repeated a share, if any: how many, and that
    /// each was counted once.
    pub(crate) fn note_repeats(&self) {
        if self.repeats > 0 {
            let _ = writeln!(
                std::io::stderr(),
                "note: {} line{} repeated a share already read, with the same count: each \
                 share counted once",
                self.repeats,
                if self.repeats == 1 { "" } else { "s" }
            );
        }
    }

    /// Which count the shares are of, and where its first share was read.
    pub(crate) fn first(&self) -> Option<(CountId, &str)> {
        self.first
            .as_ref()
            .map(|(_, id, at)| (id.clone(), at.as_str()))
    }

    /// How many different shares were read.
    pub(crate) fn len(&self) -> u64 {
        self.by_k.len() as u64
    }

    /// Whether share `k` was read.
    pub(crate) fn contains(&self, k: u64) -> bool {
        self.by_k.contains_key(&k)
    }

    /// The record of the whole count that the shares read make up, as `count` writes it
    /// (see [`Record::whole_of`]); why not, where they cannot be its.
    pub(crate) fn whole(&self, id: &CountId) -> Result<Record, String> {
        let first = self.first.as_ref().map(|(r, _, _)| r);
        Record::whole_of(first, &self.sum, id)
    }
}

pub fn run(args: &Args, stdin: &mut dyn Read, out: &mut dyn Write) -> Result<(), Failure> {
    let mut shares = Shares::default();
    // No file named: standard input, as `-` names it.
    let stdin_only = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin_only[..]
    } else {
        &args.files[..]
    };
    let mut stdin = Some(stdin);
    for path in files {
        if path.as_os_str() == "-" {
            // Standard input, once: a second `-` finds it read.
            if let Some(stdin) = stdin.take() {
                shares.read(&mut BufReader::new(stdin), "<stdin>")?;
            }
            continue;
        }
        let name = path.display().to_string();
        let cannot = read_failed(&name);
        let file = std::fs::File::open(path).map_err(cannot)?;
        if file.metadata().map_err(cannot)?.is_dir() {
            return Err(cannot(std::io::Error::other("is a directory")));
        }
        shares.read(&mut BufReader::new(file), &name)?;
    }
    shares.note_repeats();
    let Some((id, _)) = shares.first() else {
        return usage(
            "no share lines to merge: expected the output of `count N --share K/M --format json`",
        );
    };
    let missing = id.m - shares.len();
    if missing > 0 {
        let keys = || shares.by_k.keys().copied();
        return Err(Failure::Incomplete(format!(
            "{missing} of {m} shares of n = {n} missing: {}; rerun each with `count {n} \
             --share K/M`, or with Slurm's --array={}",
            gaps(keys(), id.m, Form::Shares),
            gaps(keys(), id.m, Form::Indices),
            m = id.m,
            n = id.n,
        )));
    }
    let whole = shares.whole(&id).or_else(usage)?;
    crate::record::note_unchecked(&whole);
    match args.format {
        // What `count` printed.
        MergeFormat::Text => match (whole.prints, whole.fundamental) {
            (Some(Prints::Fundamental), Some(classes)) => writeln!(out, "{classes}")?,
            _ => writeln!(out, "{}", whole.count)?,
        },
        MergeFormat::Json => writeln!(out, "{}", whole.to_line())?,
    }
    Ok(())
}

impl Shares {
    /// Reads the share lines of `reader`, named `name` in messages: a torn last line (a
    /// write that did not finish) is dropped with a note, as a checkpoint drops it.
    pub(crate) fn read(&mut self, reader: &mut dyn BufRead, name: &str) -> Result<(), Failure> {
        let ending = crate::record_lines::read(reader, name, &mut |record, line| {
            self.add(record, name, line)
        })?;
        if ending.torn {
            crate::note(&format!(
                "{name}: its last line was cut short (a write that did not finish): dropped"
            ));
        }
        Ok(())
    }

    /// Adds one share, read at line `line` of `source`, or says why it cannot be added.
    pub(crate) fn add(&mut self, share: Record, source: &str, line: u64) -> Result<(), Failure> {
        let at = format!("{source}:{line}");
        match &self.first {
            None => self.first = Some((share.clone(), share.id(), at.clone())),
            Some((_, first, from)) => {
                if let Some((what, mine, theirs)) = share.id().differs(first) {
                    return usage(format!(
                        "{at}: a share with {what} = {mine}, but {from} has {what} = {theirs}: \
                         shares of different counts cannot be added",
                    ));
                }
            }
        }
        if self.sources.last().is_none_or(|last| last != source) {
            self.sources.push(source.to_string());
        }
        let (k, m) = (share.k, share.m);
        match self.by_k.get(&k) {
            Some(same) if same.count == share.count && same.fundamental == share.fundamental => {
                self.repeats += 1;
            }
            Some(other) => {
                let seen = format!("{}:{}", self.sources[other.source], other.line);
                let show = |u: Option<u64>| u.map_or("null".to_string(), |u| u.to_string());
                let (field, mine, theirs) = if other.count != share.count {
                    ("count", share.count.to_string(), other.count.to_string())
                } else {
                    (
                        "fundamental",
                        show(share.fundamental),
                        show(other.fundamental),
                    )
                };
                return usage(format!(
                    "{at}: share {k}/{m} has {field} {mine}, but {seen} has {field} {theirs}: one \
                     of the two lines is wrong; remove both and count share {k}/{m} again",
                ));
            }
            None => {
                self.sum.add(&share);
                let tally = Tally {
                    count: share.count,
                    fundamental: share.fundamental,
                    source: self.sources.len() - 1,
                    line,
                };
                self.by_k.insert(k, tally);
            }
        }
        Ok(())
    }
}

/// The most ranges a list of missing shares shows; past them it says how many more.
const MAX_RANGES: usize = 64;

/// How [`gaps`] writes the missing shares.
#[derive(Clone, Copy)]
pub(crate) enum Form {
    /// As `--share` takes them: `2/8, 5/8 to 7/8`.
    Shares,
    /// As Slurm's `--array=` takes them: `2,5-7`.
    Indices,
}

/// The numbers from 1 to `m` that `present` (sorted, distinct) lacks, runs written as
/// ranges, in `form`; at most [`MAX_RANGES`] of them.
pub(crate) fn gaps(present: impl Iterator<Item = u64>, m: u64, form: Form) -> String {
    let mut parts = Vec::new();
    let mut more = 0usize;
    let mut next = 1;
    for k in present.chain([m + 1]) {
        if k > next {
            let (a, b) = (next, k - 1);
            if parts.len() == MAX_RANGES {
                more += 1;
            } else {
                parts.push(match (form, b - a) {
                    (Form::Indices, 0) => a.to_string(),
                    (Form::Indices, 1) => format!("{a},{b}"),
                    (Form::Indices, _) => format!("{a}-{b}"),
                    (Form::Shares, 0) => format!("{a}/{m}"),
                    (Form::Shares, 1) => format!("{a}/{m}, {b}/{m}"),
                    (Form::Shares, _) => format!("{a}/{m} to {b}/{m}"),
                });
            }
        }
        next = k + 1;
    }
    let mut list = parts.join(match form {
        Form::Indices => ",",
        Form::Shares => ", ",
    });
    if more > 0 {
        list.push_str(&format!(
            " (and {more} more ranges: merge again after these)"
        ));
    }
    list
}

#[cfg(test)]
mod tests {
    use super::{gaps, Form};

    #[test]
    fn missing_shares_read_as_array_indices_and_as_shares() {
        let indices = |present: &[u64], m| gaps(present.iter().copied(), m, Form::Indices);
        assert_eq!(indices(&[1, 2, 4], 4), "3");
        assert_eq!(indices(&[3, 4], 4), "1,2");
        assert_eq!(indices(&[4, 6], 10), "1-3,5,7-10");
        assert_eq!(indices(&[], 1), "1");
        let shares = |present: &[u64], m| gaps(present.iter().copied(), m, Form::Shares);
        assert_eq!(shares(&[4, 6], 10), "1/10 to 3/10, 5/10, 7/10 to 10/10");
        assert_eq!(shares(&[1, 2], 4), "3/4, 4/4");
        // Every other share of a million missing: 64 ranges and a count, not 500,000.
        let list = gaps((2..=1_000_000).step_by(2), 1_000_000, Form::Indices);
        assert!(
            list.ends_with("(and 499936 more ranges: merge again after these)"),
            "{list}"
        );
        assert!(list.len() < 1000);
    }
}
