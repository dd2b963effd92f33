//! `rank`, `nth`, `canonical` and `sizes`: one solution's place, the solution at a place, the
//! representative of a solution's symmetry class, and what each table layout costs.

use std::io::Write;

use nqueens_tables::Placement;

use crate::{render, usage, Failure, Threads};

#[derive(clap::Args, Debug)]
pub struct SolutionArg {
    /// A solution as 1-based columns, one per row: `2 4 6 1 3 5` or `2,4,6,1,3,5`.
    #[arg(required = true, num_args = 1.., value_delimiter = ',', allow_negative_numbers = true, value_parser = column)]
    columns: Vec<i64>,
}

impl SolutionArg {
    /// The 0-based columns, checked to form a solution.
    fn solution(&self) -> Result<Placement, Failure> {
        let n = self.columns.len();
        if n > nqueens_tables::MAX_N {
            return usage(format!(
                "a solution has at most {} columns, got {n}",
                nqueens_tables::MAX_N
            ));
        }
        let mut cols = Vec::with_capacity(n);
        for &c in &self.columns {
            if c < 1 || c > n as i64 {
                return usage(format!(
                    "columns are 1-based, from 1 to {n} on a board of {n}; got {c}"
                ));
            }
            cols.push((c - 1) as u8);
        }
        if !nqueens_tables::is_solution(&cols) {
            return usage("those columns are not a solution: two queens attack each other");
        }
        Placement::try_from(&cols[..]).or_else(|e| usage(e.to_string()))
    }
}

#[derive(clap::Args, Debug)]
pub struct RankArgs {
    #[command(flatten)]
    solution: SolutionArg,
    #[command(flatten)]
    threads: Threads,
}

/// `nqueens rank COLS...`: the 1-based position of a solution in lexicographic order, with a
/// progress bar when it takes over a second on a terminal.
pub fn rank(args: &RankArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let sol = args.solution.solution()?;
    let threads = args.threads.get();
    let rank = crate::progress::with_progress(
        &format!(
            "finding the position of a solution of n = {} on {}",
            sol.len(),
            args.threads.shown()
        ),
        |report| {
            nqueens_tables::Rank::new(&sol)?
                .threads(threads)
                .run_with_progress(|p| report(p.into()))
        },
        &|| None,
    );
    match rank? {
        Some(i) => writeln!(out, "{}", i + 1)?,
        None => return usage("those columns are not a solution"),
    }
    Ok(())
}

#[derive(clap::Args, Debug)]
pub struct NthArgs {
    #[command(flatten)]
    pub(crate) board: crate::Board,
    /// 1-based position in lexicographic order.
    #[arg(value_parser = position, allow_negative_numbers = true)]
    k: u64,
    #[command(flatten)]
    threads: Threads,
}

/// A column number; spaces around it are fine, as for every number on the command line.
fn column(s: &str) -> Result<i64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("columns are whole numbers, got '{s}'"))
}

fn position(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(k) if k >= 1 => Ok(k),
        _ => Err(format!(
            "positions are 1-based whole numbers (1, 2, ...), got '{s}'"
        )),
    }
}

/// `nqueens nth N K`: the K-th solution (1-based), as 1-based columns, with a progress bar
/// when it takes over a second on a terminal.
pub fn nth(args: &NthArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let threads = args.threads.get();
    let found = crate::progress::with_progress(
        &format!(
            "finding solution {} of n = {} on {}",
            args.k,
            args.board.n,
            args.threads.shown()
        ),
        |report| {
            nqueens_tables::Nth::new(args.board.n, args.k - 1)?
                .threads(threads)
                .run_with_progress(|p| report(p.into()))
        },
        &|| None,
    );
    match found? {
        Some(sol) => render::rows(out, &sol)?,
        None => {
            let total = nqueens_tables::known_count(args.board.n)
                .map_or(String::from("fewer"), |c| c.to_string());
            return usage(format!(
                "there is no solution number {} for n = {}: it has {total}",
                args.k, args.board.n
            ));
        }
    }
    Ok(())
}

/// `nqueens canonical COLS...`: the smallest image of a solution under the 8 symmetries,
/// and the size of its class.
pub fn canonical(arg: &SolutionArg, out: &mut dyn Write) -> Result<(), Failure> {
    let sol = arg.solution()?;
    let (Some(min), Some(class)) = (nqueens_tables::canonical(&sol), nqueens_tables::orbit(&sol))
    else {
        return usage("those columns are not a permutation");
    };
    render::rows(out, &min)?;
    writeln!(out, "class of {}", class.len())?;
    Ok(())
}

#[derive(clap::Args, Debug)]
pub struct SizesArgs {
    #[command(flatten)]
    pub(crate) board: crate::Board,
}

/// The largest n whose sizes `sizes` prints: it counts the symmetry classes, which past it
/// takes too long for a command that answers at once.
pub(crate) const SIZES_UP_TO: usize = 17;

/// The largest n whose tables `dump` writes: packed layouts hold columns up to 15.
pub(crate) const DUMP_UP_TO: usize = 16;

/// `nqueens sizes N`: bytes of each table layout for n.
pub fn sizes(args: &SizesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let n = args.board.n;
    let (Some(total), true) = (nqueens_tables::known_count(n), n <= SIZES_UP_TO) else {
        return usage(format!(
            "sizes counts the symmetry classes, which takes too long for n = {n}: n is 1 to \
             {SIZES_UP_TO}"
        ));
    };
    let counter = nqueens_tables::Counter::new(n).map_err(|e| Failure::Usage(e.to_string()))?;
    let counts = counter.fundamental(true).threads(0).run();
    let counts = counts.map_err(|e| Failure::Count(e.to_string()))?;
    // The 8-fold counter, which `fundamental(true)` asks for, always counts the classes.
    let classes = counts.fundamental.unwrap_or_default();
    let (full, half) = (n as u64, n.div_ceil(2) as u64);
    writeln!(out, "layout               solutions        bytes")?;
    writeln!(out, "full                 {total:>9} {:>12}", full * total)?;
    writeln!(out, "packed               {total:>9} {:>12}", half * total)?;
    writeln!(
        out,
        "fundamental          {classes:>9} {:>12}",
        full * classes
    )?;
    writeln!(
        out,
        "fundamental packed   {classes:>9} {:>12}",
        half * classes
    )?;
    Ok(())
}

/// Which table `dump` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// n bytes per solution, every solution.
    Full,
    /// ceil(n / 2) bytes per solution (two queens per byte, first in the high nibble).
    Packed,
    /// n bytes per solution, one solution per symmetry class.
    Fundamental,
    /// Both: one solution per class, two queens per byte.
    FundamentalPacked,
}

#[derive(clap::Args, Debug)]
pub struct DumpArgs {
    #[command(flatten)]
    pub(crate) board: crate::Board,
    /// The layout to write.
    #[arg(long, value_enum, default_value_t = Layout::Full)]
    layout: Layout,
}

/// `nqueens dump N --layout L > table.bin`: the raw bytes of a table in lexicographic order,
/// the same bytes `nqueens!(N, ...)` embeds, for `include_bytes!` or any other tool.
pub fn dump(args: &DumpArgs, out: &mut dyn Write) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let n = args.board.n;
    if n > DUMP_UP_TO {
        return usage(format!(
            "dump writes tables for n from 1 to {DUMP_UP_TO}, got {n}"
        ));
    }
    if std::io::stdout().is_terminal() {
        return usage(
            "dump writes binary data: redirect it to a file, e.g. `nqueens dump 8 > eight.bin`",
        );
    }
    let packed = matches!(args.layout, Layout::Packed | Layout::FundamentalPacked);
    let fundamental = matches!(args.layout, Layout::Fundamental | Layout::FundamentalPacked);
    let solutions: Box<dyn Iterator<Item = Placement>> = if fundamental {
        match nqueens_tables::fundamental(n) {
            Some(f) => Box::new(f),
            None => return Err(nqueens_tables::Error::BoardSize(n).into()),
        }
    } else {
        match nqueens_tables::solutions(n) {
            Some(s) => Box::new(s),
            None => return Err(nqueens_tables::Error::BoardSize(n).into()),
        }
    };
    for sol in solutions {
        if !packed {
            out.write_all(&sol)?;
        } else if let Some(row) = nqueens_tables::PackedRow::new(&sol) {
            // n <= 16 was checked above, so every solution packs.
            out.write_all(&row)?;
        }
    }
    Ok(())
}

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Check a puzzle: every queen it prints goes to `list` as a --fixed \
square, and exactly one solution comes back:\n  \
nqueens list 8 $(nqueens puzzle 8 --seed 5 | sed 's/^/--fixed /')"
)]
pub struct PuzzleArgs {
    #[command(flatten)]
    pub(crate) board: crate::Board,
    /// Which puzzle, a whole number from 0 to 2^64 - 1: the same seed gives the same puzzle
    /// on every machine.
    #[arg(long, default_value_t = 1, value_parser = seed, allow_negative_numbers = true)]
    seed: u64,
    /// `rows`: one `ROW,COL` line per queen fixed (1-based, the `list --fixed` form);
    /// `board`: the board, `Q` for a queen fixed and `.` for the squares to fill.
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Rows)]
    format: PuzzleFormat,
}

/// The output format of `puzzle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PuzzleFormat {
    /// One `ROW,COL` line per queen fixed, nothing else (for scripts).
    Rows,
    /// N lines of `Q` (a queen fixed) and `.`.
    Board,
}

/// A seed: any `u64`, spaces around it allowed, as for every number on the command line.
fn seed(s: &str) -> Result<u64, String> {
    crate::whole_number(s, 0, u64::MAX, "--seed")
}

/// `nqueens puzzle N`: the queens fixed, one `ROW,COL` line each, 1-based, or the board.
pub fn puzzle(args: &PuzzleArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let n = args.board.n;
    let Some(p) = nqueens_tables::puzzle(n, args.seed) else {
        return usage(format!("no puzzle for n = {n}: it has no solution"));
    };
    let fixed: Vec<(usize, usize)> = p.fixed().collect();
    match args.format {
        PuzzleFormat::Rows => {
            for &(r, c) in &fixed {
                writeln!(out, "{},{}", r + 1, c + 1)?;
            }
        }
        PuzzleFormat::Board => {
            let mut text = String::with_capacity(n * (n + 1));
            for r in 0..n {
                for c in 0..n {
                    text.push(if fixed.contains(&(r, c)) { 'Q' } else { '.' });
                }
                text.push('\n');
            }
            out.write_all(text.as_bytes())?;
        }
    }
    let note = |line: String| {
        let _ = writeln!(std::io::stderr(), "{line}");
    };
    if fixed.is_empty() {
        note(format!(
            "note: the {n} x {n} board has one solution, which needs no queen fixed: the puzzle is the empty board"
        ));
    } else if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        // A person reading it: how to check it (scripts reading stdout see only the puzzle).
        let squares: Vec<String> = fixed
            .iter()
            .map(|(r, c)| format!("--fixed {},{}", r + 1, c + 1))
            .collect();
        note(format!(
            "note: its one completion: nqueens list {n} {}",
            squares.join(" ")
        ));
    }
    Ok(())
}
