//! `nqueens judge`: four classic problems' exact input and output. The whole input is read
//! and checked before anything is written, so bad input never leaves a partial answer, and
//! it is read a token at a time, so any size of input fits in a few kilobytes.

use std::io::{Read, Write};

use crate::input::{Integers, Spool};
use crate::{render, usage, Failure};

/// The four problems; `../shared/seeds/` holds their statements and reference programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Problem {
    /// Luogu P1219 / USACO 1.5 "Checker Challenge": n, then the first three solutions and
    /// the count.
    P1219,
    /// UVa 750 "8 Queens Chess Problem": T datasets of one fixed queen, solutions column by
    /// column.
    Uva750,
    /// AcWing 843 "n-queens": n, then every board of `Q` and `.`.
    Acwing843,
    /// The 92 boards of 8 queens as `----Case k----` and rows of `  @` / `  #` (no input).
    EightBoards,
}

/// Answers `problem` for the input read from `input`, or refuses it in one line.
pub fn run(problem: Problem, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), Failure> {
    match problem {
        Problem::P1219 => p1219(&mut Integers::new(input), out),
        Problem::Uva750 => uva750(&mut Integers::new(input), out),
        Problem::Acwing843 => acwing843(&mut Integers::new(input), out),
        Problem::EightBoards => eight_boards(out),
    }
}

/// The single n of a one-number input, in `lo..=hi`.
fn single_n(numbers: &mut Integers, lo: usize, hi: usize) -> Result<usize, Failure> {
    let n = numbers.first()?;
    let rest = numbers.count_rest()?;
    if rest > 0 {
        return usage(format!(
            "expected exactly one number n, got {} numbers",
            u128::from(rest) + 1
        ));
    }
    if !(lo as i64..=hi as i64).contains(&n) {
        return usage(format!("n must be from {lo} to {hi}, got {n}"));
    }
    Ok(n as usize)
}

/// The first three solutions (fewer if there are fewer), 1-based, then the count. The
/// statement bounds n to 6..=13; any n whose count is known (1..=27) is answered.
fn p1219(numbers: &mut Integers, out: &mut dyn Write) -> Result<(), Failure> {
    let n = single_n(numbers, 1, 27)?;
    let (Some(solutions), Some(total)) =
        (nqueens_tables::solutions(n), nqueens_tables::known_count(n))
    else {
        return usage(format!("n must be from 1 to 27, got {n}"));
    };
    for sol in solutions.take(3) {
        render::rows(out, &sol)?;
    }
    writeln!(out, "{total}")?;
    Ok(())
}

/// For each dataset `row col`: the header, then every 8-queens solution with a queen on that
/// square, written as the row (1-based) of the queen in each column 1..8, numbered, in
/// lexicographic order of that column-wise form; a blank line between datasets.
fn uva750(numbers: &mut Integers, out: &mut dyn Write) -> Result<(), Failure> {
    let t = numbers.first()?;
    if t < 0 {
        return usage(format!(
            "the number of datasets T must not be negative, got {t}"
        ));
    }
    // Each dataset's square, one byte (row * 8 + column), kept until the input is checked.
    let mut squares = Spool::new();
    let mut got: u128 = 0;
    let mut pair = [0u8; 2];
    while let Some(v) = numbers.next_integer()? {
        if !(1..=8).contains(&v) {
            return usage(format!("rows and columns must be from 1 to 8, got {v}"));
        }
        pair[(got % 2) as usize] = v as u8 - 1;
        got += 1;
        if got.is_multiple_of(2) && got <= 2 * t as u128 {
            squares.push(pair[0] * 8 + pair[1])?;
        }
    }
    // u128: 2 * T overflows for T near i64::MAX, and must not print as a negative count.
    if got != 2 * t as u128 {
        return usage(format!(
            "T = {t} datasets need {} numbers after T (a row and a column each), got {got}",
            2 * t as u128,
        ));
    }
    // Transposing a solution gives a solution, so the column-wise forms of all solutions are
    // the row-wise table itself, read as "entry c is the row of column c's queen".
    let Some(table) = nqueens_tables::solutions(8) else {
        return usage("the 8-queens solutions are not available");
    };
    let table: Vec<_> = table.collect();
    let mut first = true;
    squares.drain(|square| {
        let (row, col) = (square / 8, usize::from(square % 8));
        if !first {
            out.write_all(b"\n")?;
        }
        first = false;
        out.write_all(b"SOLN       COLUMN\n #      1 2 3 4 5 6 7 8\n\n")?;
        for (k, sol) in table.iter().filter(|s| s[col] == row).enumerate() {
            write!(out, "{:2}      ", k + 1)?;
            render::rows(out, sol)?;
        }
        Ok(())
    })
}

/// Every board for n, rows of `Q` and `.`, each board followed by an empty line. The
/// statement bounds n to 1..=9; the tables allow up to 13.
fn acwing843(numbers: &mut Integers, out: &mut dyn Write) -> Result<(), Failure> {
    let n = single_n(numbers, 1, 13)?;
    let Some(solutions) = nqueens_tables::solutions(n) else {
        return usage(format!("n must be from 1 to 13, got {n}"));
    };
    for sol in solutions {
        render::board(out, &sol, "Q", ".", "")?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The 92 boards of 8 queens, `----Case k----`, rows of two-space-prefixed `@` and `#`.
fn eight_boards(out: &mut dyn Write) -> Result<(), Failure> {
    let Some(solutions) = nqueens_tables::solutions(8) else {
        return usage("the 8-queens solutions are not available");
    };
    for (k, sol) in solutions.enumerate() {
        writeln!(out, "----Case {}----", k + 1)?;
        render::board(out, &sol, "@", "#", "  ")?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
