//! `nqueens merge`: adds up the shares of one count, refusing anything that could make the
//! sum wrong: a line that is not a share record, shares of another count (n, M, version,
//! queens fixed, fundamental solutions counted or not, plan), two different counts for one
//! share. Missing shares are listed in Slurm's `--array=` form, to rerun.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;

use crate::record::{CountId, Prints, Record};
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

/// The shares read so far, by `k`, each with where it was read.
#[derive(Default)]
pub(crate) struct Shares {
    pub(crate) by_k: BTreeMap<u64, (Record, String)>,
    /// Which count the first share read is of, and where it was read: every other share
    /// must be of the same count.
    pub(crate) first: Option<(CountId, String)>,
    /// Lines that repeated a share already read, with the same count: counted once.
    pub(crate) repeats: u64,
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
    let Some((plan, _)) = &shares.first else {
        return usage(
            "no share lines to merge: expected the output of `count N --share K/M --format json`",
        );
    };
    let missing = plan.m - shares.by_k.len() as u64;
    if missing > 0 {
        return Err(Failure::Incomplete(format!(
            "{missing} of {} shares of n = {} missing; rerun them with --array={}",
            plan.m,
            plan.n,
            gaps(shares.by_k.keys().copied(), plan.m)
        )));
    }
    let whole = Record::whole_of(shares.by_k.values().map(|(s, _)| s), plan).or_else(usage)?;
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
        let ending =
            crate::record_lines::read(reader, name, &mut |record, at| self.add(record, at))?;
        if ending.torn {
            crate::note(&format!(
                "{name}: its last line was cut short (a write that did not finish): dropped"
            ));
        }
        Ok(())
    }

    /// Adds one share, read at `at`, or says why it cannot be added.
    pub(crate) fn add(&mut self, share: Record, at: String) -> Result<(), Failure> {
        match &self.first {
            None => self.first = Some((share.id(), at.clone())),
            Some((first, from)) => {
                if let Some((what, mine, theirs)) = share.id().differs(first) {
                    return usage(format!(
                        "{at}: a share with {what} = {mine}, but {from} has {what} = {theirs}: \
                         shares of different counts cannot be added",
                    ));
                }
            }
        }
        let (k, m) = (share.k, share.m);
        match self.by_k.get(&k) {
            Some((same, _))
                if same.count == share.count && same.fundamental == share.fundamental =>
            {
                self.repeats += 1;
            }
            Some((other, seen)) => {
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
                self.by_k.insert(k, (share, at));
            }
        }
        Ok(())
    }
}

/// The most ranges a list of missing shares shows; past them it says how many more.
const MAX_RANGES: usize = 64;

/// `1,3,5-8`: the numbers from 1 to `m` that `present` (sorted, distinct) lacks, runs
/// written as ranges, as Slurm's `--array=` takes them; at most [`MAX_RANGES`] of them.
pub(crate) fn gaps(present: impl Iterator<Item = u64>, m: u64) -> String {
    let mut parts = Vec::new();
    let mut more = 0usize;
    let mut next = 1;
    for k in present.chain([m + 1]) {
        if k > next {
            let (a, b) = (next, k - 1);
            if parts.len() == MAX_RANGES {
                more += 1;
            } else {
                parts.push(match b - a {
                    0 => a.to_string(),
                    1 => format!("{a},{b}"),
                    _ => format!("{a}-{b}"),
                });
            }
        }
        next = k + 1;
    }
    let mut list = parts.join(",");
    if more > 0 {
        list.push_str(&format!(
            " (and {more} more ranges: merge again after these)"
        ));
    }
    list
}

#[cfg(test)]
mod tests {
    use super::gaps;

    #[test]
    fn missing_shares_read_as_array_indices() {
        assert_eq!(gaps([1, 2, 4].into_iter(), 4), "3");
        assert_eq!(gaps([3, 4].into_iter(), 4), "1,2");
        assert_eq!(gaps([4, 6].into_iter(), 10), "1-3,5,7-10");
        assert_eq!(gaps(std::iter::empty(), 1), "1");
        // Every other share of a million missing: 64 ranges and a count, not 500,000.
        let list = gaps((2..=1_000_000).step_by(2), 1_000_000);
        assert!(
            list.ends_with("(and 499936 more ranges: merge again after these)"),
            "{list}"
        );
        assert!(list.len() < 1000);
    }
}
