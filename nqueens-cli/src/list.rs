//! `nqueens list`: solutions streamed in lexicographic order, all or those with fixed queens,
//! all or one per symmetry class.

use std::io::Write;

use nqueens_tables::Placement;

use crate::{render, Failure, ListFormat};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub(crate) board: crate::Board,
    /// Print at most K solutions.
    #[arg(short = 'n', long, value_name = "K")]
    limit: Option<u64>,
    /// `rows`: 1-based columns on one line; `board`: a grid of `Q` and `.`.
    #[arg(long, value_enum, default_value_t = ListFormat::Rows)]
    format: ListFormat,
    /// Keep only solutions with a queen on this square, 1-based (repeatable): `--fixed 1,1`.
    #[arg(long, value_name = "ROW,COL", value_parser = crate::square::parse_square, allow_hyphen_values = true)]
    fixed: Vec<(usize, usize)>,
    /// The fundamental solutions only, one per symmetry class: the smallest of its 8 images.
    #[arg(long)]
    fundamental: bool,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let n = args.board.n;
    let fixed = crate::square::zero_based(n, &args.fixed)?;
    let solutions: Box<dyn Iterator<Item = Placement> + Send> = if fixed.is_empty() {
        match nqueens_tables::solutions(n) {
            Some(all) => Box::new(all),
            None => return Err(nqueens_tables::Error::BoardSize(n).into()),
        }
    } else {
        // From the table when there is one (binary search on the fixed first rows), else a
        // search that starts from the fixed queens.
        Box::new(nqueens_tables::solutions_with_fixed(n, &fixed)?)
    };
    let fundamental = args.fundamental;
    let solutions = solutions.filter(move |s| !fundamental || nqueens_tables::is_fundamental(s));
    let limit = usize::try_from(args.limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
    let format = args.format;
    // Progress where there is an end to measure by: the limit, or the published count of a
    // whole list (a long list into a file or a pipe; on a terminal the output is the progress).
    let known = match (fundamental, fixed.is_empty()) {
        (false, true) => nqueens_tables::known_count(n),
        (true, true) => nqueens_tables::known_fundamental(n),
        _ => None,
    };
    let of = args.limit.into_iter().chain(known).min();
    let mut shown = of.map(|_| crate::progress::Inline::new());
    let mut listed = 0u64;
    crate::stream::streamed(out, solutions.take(limit), |out, sol| {
        listed += 1;
        if let (Some(shown), Some(of)) = (shown.as_mut(), of) {
            shown.tick(crate::progress::Step {
                stage: nqueens_tables::Stage::Listing,
                done: listed,
                of,
                unit: "solutions",
                per: 1,
            });
        }
        match format {
            ListFormat::Rows => render::rows(out, &sol),
            ListFormat::Board => {
                render::board(out, &sol, "Q", ".", "")?;
                out.write_all(b"\n")
            }
        }
    })?;
    Ok(())
}
