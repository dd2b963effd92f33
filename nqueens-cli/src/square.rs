//! A square as the command line and the share records give it: `ROW,COL`, 1-based, as
//! `--fixed` takes it; and the same squares 0-based, for the library.

use crate::{usage, Failure};

/// `ROW,COL` (1-based, spaces around each number allowed), or why not.
pub(crate) fn parse_square(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--fixed takes ROW,COL with 1-based numbers, such as 1,1; got '{s}'");
    let (r, c) = s.split_once(',').ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r, c))
}

/// The 1-based squares of `--fixed`, 0-based; off an `n` board, a usage error.
pub(crate) fn zero_based(
    n: usize,
    squares: &[(usize, usize)],
) -> Result<Vec<(usize, usize)>, Failure> {
    let mut fixed = Vec::with_capacity(squares.len());
    for &(r, c) in squares {
        if r > n || c > n {
            return usage(format!(
                "--fixed {r},{c} is off the {n}x{n} board: rows and columns run from 1 to {n}"
            ));
        }
        fixed.push((r - 1, c - 1));
    }
    Ok(fixed)
}
