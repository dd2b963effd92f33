//! Rank and unrank by counting with the join (the feature `std`): a position is a sum of
//! counts with the rows above it fixed, and the solution at a position is found by such
//! counts row by row.

use crate::board::{MAX_N, WALK_REACH};
use crate::join;
use crate::known;
use crate::placement::Placement;
use crate::progress::{Progress, Stage, Unit};
use crate::share::Share;
use crate::walk;

/// The sizes ranked by counting: from here on the join's counts beat walking the tree (at
/// n = 14 and below, a walk takes a fraction of a second), up to the join's last size.
pub(super) const COUNTED_N: core::ops::RangeInclusive<usize> = 14..=join::MAX_N;

/// Rows counted by the join, at most; below them the walk is quicker, since a prefix of
/// this many rows leaves few solutions to walk to (n = 17: the walk of row 6 takes about
/// as long as the join's count).
fn counted_rows(n: usize) -> usize {
    n / 3
}

/// An odd n's unrank counts the middle column of the first row when the solution lies past
/// the first quarter of the list (and before the last): only there can the sum beside the
/// middle column be nearer the solution than the edge is, since that sum is half of what
/// the middle column leaves. Nearer the edge the columns are counted from the edge
/// whatever the middle holds, so counting it would be wasted.
const EDGE_QUARTERS: u64 = 4;

/// How many columns past the one it guesses an unrank counts at once (see `nth`): the
/// guess assumes every column starts as many solutions, which falls short near the edges
/// of the first row, whose columns start the fewest (n = 17: a fifth of the way in, it
/// guesses the fourth column, and the solution is in the fifth).
const GUESS_AHEAD: usize = 1;

/// The fewest columns an unrank counts at once: a count of several columns costs about
/// as much as two counts of one column (measured at n = 17, BENCHMARKS.md), and the
/// columns next to the middle of the first row cost less alone, as rows of the middle.
const GUESS_FROM: usize = 3;

/// An unrank walks the rest of a branch of fewer solutions than this rather than count
/// its next rows: the walk visits each solution about once, which costs less than the
/// two or three counts a row takes (measured at n = 17, BENCHMARKS.md).
const WALK_BRANCH: u64 = WALK_REACH / 4;

/// The steps of progress a rank or an unrank reports in all: thousandths.
const STEPS: u64 = 1000;

/// The last row whose counts [`RowProgress`] weighs apart: each row takes three quarters
/// of what is left, so rows past it share nothing of [`STEPS`], and their shifts stay
/// under 64 bits.
const LAST_WEIGHED_ROW: usize = 15;

/// How a rank or an unrank reports its progress: the first row's counts get three quarters
/// of the bar, the next three quarters of the rest and so on, which is about how the work
/// falls (each row fixed divides what is left to count by about n / 2; n = 17: the first
/// row is about 90% of an unrank's time).
pub(super) struct RowProgress<'a> {
    pub(super) progress: &'a (dyn Fn(Progress) + Sync),
}

impl RowProgress<'_> {
    /// Reports that row `row`'s counts have done `part` of `of` of their work.
    fn report(&self, row: usize, part: u64, of: u64) {
        let row = 2 * row.min(LAST_WEIGHED_ROW) as u32;
        let before = STEPS - (STEPS >> row);
        let share = (STEPS >> row) - (STEPS >> (row + 2));
        let inside = (share * part.min(of)).checked_div(of).unwrap_or(0);
        (self.progress)(Progress::new(
            Stage::Counting,
            before + inside,
            STEPS,
            Unit::Thousandths,
        ));
    }

    pub(super) fn done(&self) {
        (self.progress)(Progress::new(
            Stage::Counting,
            STEPS,
            STEPS,
            Unit::Thousandths,
        ));
    }
}

/// Whether a walk of the branches left of column `c` on row `prefix.len()` (under
/// `prefix`) is sure to pass `cap` solutions, so that it would be walked for nothing
/// before the join counts them: those branches hold, on average, as many solutions as the published count over the
/// prefixes one row longer, times the columns the prefix leaves left of `c`, and that is
/// over `HOPELESS` times `cap`. Asked of the first [`ESTIMATED_ROWS`] rows; past them, or
/// where no count is published, the walk is tried.
pub(super) fn hopeless(n: usize, prefix: &[u8], c: usize, cap: u64) -> bool {
    let row = prefix.len();
    let Some(total) = crate::known::known_count(n).filter(|_| row < ESTIMATED_ROWS) else {
        return false;
    };
    let left = (0..c).filter(|&j| !attacked(prefix, row, j)).count() as u64;
    let per = total / walk::prefixes(n, row + 1).max(1);
    per.saturating_mul(left) > cap.saturating_mul(HOPELESS)
}

/// How many times the cap an estimate must reach for [`hopeless`]: branches of one row
/// hold from half to twice their average (counted at n = 17).
const HOPELESS: u64 = 4;

/// The rows [`hopeless`] estimates: their prefixes are few to list (n = 23, three rows:
/// 8,060), and below them a walk often succeeds.
const ESTIMATED_ROWS: usize = 3;

/// The columns each row may take, with the rows of `prefix` given and row `prefix.len()`
/// limited to `row`.
fn allowed(prefix: &[u8], row: u32) -> [u32; MAX_N] {
    let mut allowed = [u32::MAX; MAX_N];
    for (slot, &c) in allowed.iter_mut().zip(prefix) {
        *slot = 1 << c;
    }
    allowed[prefix.len()] = row;
    allowed
}

/// Whether a queen on row `row`, column `c`, is attacked by the queens of `prefix` (one a row,
/// from row 0).
fn attacked(prefix: &[u8], row: usize, c: usize) -> bool {
    prefix.iter().enumerate().any(|(r, &q)| {
        let q = usize::from(q);
        q == c || q.abs_diff(c) == row - r
    })
}

/// The columns below `c`.
fn below(c: usize) -> u32 {
    (1u32 << c) - 1
}

/// Every solution of `n`: the published count, or the join's.
fn total(n: usize, threads: usize, steps: &RowProgress<'_>) -> Option<u64> {
    if let Some(total) = crate::known::known_count(n) {
        return Some(total);
    }
    let report = |p: Progress| steps.report(0, p.done, p.of * 2);
    join::count(n, threads, &report).ok()
}

/// The solutions of `n` whose rows start with `prefix` and whose next row takes one of the
/// columns `row`, counted by the join, its progress reported as row `prefix.len()`'s.
fn count(
    n: usize,
    prefix: &[u8],
    row: u32,
    threads: usize,
    steps: &RowProgress<'_>,
) -> Option<u64> {
    let report = |p: Progress| steps.report(prefix.len(), p.done, p.of);
    let allowed = allowed(prefix, row);
    join::count_fixed(n, &allowed[..n], Share::WHOLE, threads, &report).ok()
}

/// The rank of the solution `sol` (checked), by counting; `None` where the join could not
/// get its memory.
pub(super) fn rank(sol: &[u8], threads: usize, steps: &RowProgress<'_>) -> Option<u64> {
    let n = sol.len();
    let rows = counted_rows(n);
    let mut rank = 0;
    for r in 0..rows {
        let c = usize::from(sol[r]);
        let prefix = &sol[..r];
        // A row's branches to the left that hold few solutions are a short walk; the
        // join counts only those that hold many.
        // (The first row's sum is known outright for some n: `first_row_before`.)
        let known_first = r == 0 && known::first_column(n, 0).is_some();
        let walked = match known_first || hopeless(n, prefix, c, WALK_REACH) {
            true => None,
            false => walk::count_below_cap(n, prefix, below(c), WALK_REACH),
        };
        rank += match walked {
            Some(walked) => walked,
            None if r == 0 => first_row_before(n, c, threads, steps)?,
            None => count(n, prefix, below(c), threads, steps)?,
        };
    }
    Some(rank + walk::rank_below(sol, rows, u64::MAX)?)
}

/// What a count with the first row's columns `columns` costs: the join's estimate of its
/// work, as a share of a count of every solution with no symmetry to save work, and what
/// every count costs besides (`FIXED_COUNT_COST`). An estimate lists the layout's
/// outer choices, which is little next to the counts it weighs.
fn cost(n: usize, columns: u32) -> f64 {
    join::fixed_share_of_work(n, &[columns]).unwrap_or(0.0) + FIXED_COUNT_COST
}

/// What a count costs besides the work the join's estimate sees (listing the half boards
/// of every outer choice, at which a count with columns fixed saves little), as a share
/// of a count with no symmetry: fitted to counts of one and of four columns at n = 17.
const FIXED_COUNT_COST: f64 = 0.11;

/// The columns of `columns` (a mask of an `n` board), in increasing order.
fn ones(n: usize, columns: u32) -> impl Iterator<Item = usize> {
    (0..n).filter(move |&j| columns >> j & 1 == 1)
}

/// What [`first_row_in`] costs for `columns`, and whether it counts them one by one.
fn first_row_cost(n: usize, columns: u32) -> (f64, bool) {
    if columns == 0 {
        return (0.0, false);
    }
    let singles: f64 = ones(n, columns).map(|j| cost(n, 1 << j)).sum();
    let once = cost(n, columns);
    (singles.min(once), singles < once)
}

/// The solutions of `n` whose first queen takes one of the columns `columns`: one count
/// of them all, or one of each column, whichever `cost` says is cheaper (a column alone
/// lets the join take its queen's attacks from every row, so two or three of them can
/// cost less than a count of both).
fn first_row_in(
    n: usize,
    columns: u32,
    one_by_one: bool,
    threads: usize,
    steps: &RowProgress<'_>,
) -> Option<u64> {
    match one_by_one {
        _ if columns == 0 => Some(0),
        false => count(n, &[], columns, threads, steps),
        true => ones(n, columns).try_fold(0, |sum, j| {
            Some(sum + count(n, &[], 1 << j, threads, steps)?)
        }),
    }
}

/// The solutions of `n` whose first queen stands left of column `c`, by whichever of two
/// sums costs less (see `cost`): the columns left of `c`, or by the mirror all but as
/// many as start in the first `n - c`, whichever are fewer columns (`side`); or, by the
/// mirror again, half of all but those that start between `c` and its mirror image
/// `n - c`, which are twice those between it and the middle, plus the middle column of
/// an odd `n` (none between when `c` is the middle of an even `n`). The columns beside the
/// middle are cheap alone, since the join's cheapest cut of them puts their queen on its
/// middle or center rows, so that a first queen past a third of the row costs two or
/// three counts of one column, where the columns of its side took one count of six or
/// seven. The first row costs nearly all of a rank.
fn first_row_before(n: usize, c: usize, threads: usize, steps: &RowProgress<'_>) -> Option<u64> {
    if c == 0 {
        return Some(0);
    }
    // Where each column's count is known, no count.
    if let Some(sum) = (0..c).map(|j| known::first_column(n, j)).sum() {
        return Some(sum);
    }
    let (half, middle) = between(n, c);
    let side = first_row_cost(n, below(c.min(n - c)));
    let (half_cost, middle_cost) = (first_row_cost(n, half), first_row_cost(n, middle));
    let ways = match side.0 <= half_cost.0 + middle_cost.0 {
        true => FirstRow::Side(side.1),
        false => FirstRow::Middle(half_cost.1),
    };
    first_row_by(n, c, ways, threads, steps)
}

/// The first row's columns between `c` and its mirror image `n - c`, cut by the mirror:
/// those between the nearer of the two and the middle (one side), and, of an odd n, the
/// middle column.
fn between(n: usize, c: usize) -> (u32, u32) {
    let near = c.min(n - c);
    let half = below(n / 2) & !below(near);
    let middle = if n % 2 == 1 { 1 << (n / 2) } else { 0 };
    (half, middle)
}

/// The two sums of [`first_row_before`], each with its columns counted one by one or
/// at once.
#[derive(Clone, Copy, Debug)]
enum FirstRow {
    /// The columns of the nearer side.
    Side(bool),
    /// Those between the column and the middle (and the middle column).
    Middle(bool),
}

/// [`first_row_before`] by the sum `way`.
fn first_row_by(
    n: usize,
    c: usize,
    way: FirstRow,
    threads: usize,
    steps: &RowProgress<'_>,
) -> Option<u64> {
    let near = c.min(n - c);
    match way {
        FirstRow::Side(one_by_one) => {
            let counted = first_row_in(n, below(near), one_by_one, threads, steps)?;
            match c <= n - c {
                true => Some(counted),
                false => Some(total(n, threads, steps)? - counted),
            }
        }
        FirstRow::Middle(one_by_one) => {
            let (half, middle) = between(n, c);
            let total = total(n, threads, steps)?;
            let between = 2 * first_row_in(n, half, one_by_one, threads, steps)?
                + first_row_in(n, middle, false, threads, steps)?;
            Some(if 2 * c < n {
                (total - between) / 2
            } else {
                (total + between) / 2
            })
        }
    }
}

/// The column of the first row that starts solution `i` of `n`, `i`'s place among the
/// solutions it starts, and how many they are, where every column's count is known
/// (`known::first_column`).
fn known_first_row(n: usize, i: u64) -> Option<(usize, u64, u64)> {
    let mut left = i;
    for c in 0..n {
        let here = known::first_column(n, c)?;
        if left < here {
            return Some((c, left, here));
        }
        left -= here;
    }
    None
}

/// The `i`-th solution of `n`, by counting: `Ok(None)` past the last one, `Err` where the
/// join could not get its memory.
pub(super) fn nth(
    n: usize,
    i: u64,
    threads: usize,
    steps: &RowProgress<'_>,
) -> Result<Option<Placement>, ()> {
    nth_from(n, i, known_first_row(n, i), threads, steps)
}

/// [`nth`], given the first row's column, `i`'s place among its solutions and how many
/// they are where they are known (`first`), or counting them.
fn nth_from(
    n: usize,
    i: u64,
    first: Option<(usize, u64, u64)>,
    threads: usize,
    steps: &RowProgress<'_>,
) -> Result<Option<Placement>, ()> {
    let total = total(n, threads, steps).ok_or(())?;
    if i >= total {
        return Ok(None);
    }
    let mut prefix = [0u8; MAX_N];
    // Solution `left` of the `branch` solutions that start with the prefix so far.
    let (mut left, mut branch) = (i, total);
    // The first row: by the mirror, column c starts as many solutions as column n - 1 - c.
    let mut firsts = [None; MAX_N];
    // Where each column's count is known, the first row takes none.
    let mut from_row = 0;
    if let Some((c, at, here)) = first {
        prefix[0] = c as u8;
        (left, branch, from_row) = (at, here, 1);
    }
    for r in from_row..counted_rows(n) {
        // A branch this small is walked to the solution sooner than its rows are counted.
        if branch < WALK_BRANCH {
            return Ok(walk::nth_below(n, &prefix[..r], left));
        }
        // (Of a column the rows above leave: `order` below holds no other.)
        let mut count_at = |c: usize| -> Result<u64, ()> {
            if let Some(known) = firsts[c].filter(|_| r == 0) {
                return Ok(known);
            }
            let here = count(n, &prefix[..r], 1 << c, threads, steps).ok_or(())?;
            if r == 0 {
                (firsts[c], firsts[n - 1 - c]) = (Some(here), Some(here));
            }
            Ok(here)
        };
        // The columns are counted from the known sum nearest the solution.
        let first_row = (r == 0).then_some((total, i));
        let Some(((first, before), (end, through))) =
            run_of(n, first_row, left, branch, &mut count_at)?
        else {
            return Ok(None);
        };
        // The run's columns that the rows above leave, from the end nearer the solution
        // (`forward`: from the left), and the solution's place in their solutions.
        let mut forward = left - before < through - left;
        let mut skip = match forward {
            true => left - before,
            false => through - 1 - left,
        };
        let (mut order, len) = open_columns(&prefix[..r], first..end, forward);
        let mut order = &mut order[..len];
        // One count of the columns up to where the solution would lie if every column
        // started as many solutions (and, from an edge of the first row, one more:
        // `GUESS_AHEAD`), where that saves a few counts of one column.
        let guess = u128::from(skip) * len as u128 / u128::from(through - before);
        let from_edge = r == 0 && if forward { first == 0 } else { end == n };
        let guess = guess as usize + if from_edge { GUESS_AHEAD } else { 0 };
        if (GUESS_FROM..len).contains(&guess) {
            let columns = order[..guess].iter().fold(0, |m, &c| m | 1 << c);
            let within = count(n, &prefix[..r], columns, threads, steps).ok_or(())?;
            (order, skip, forward) = split_at_guess(order, guess, within, skip, forward);
        }
        let Some((c, here, at)) = find_column(order, skip, &mut count_at)? else {
            return Ok(None);
        };
        prefix[r] = c as u8;
        left = if forward { at } else { here - 1 - at };
        branch = here;
    }
    Ok(walk::nth_below(n, &prefix[..counted_rows(n)], left))
}

/// A column of a row, and how many solutions start before it.
type Sum = (usize, u64);

/// The run of a row's columns that solution `left` of the `branch` solutions below the
/// rows above lies in, as (first column, solutions before it) and (end column, solutions
/// before it): between two sums that are known or cost one count. None before column 0,
/// all of them (`branch`) before column n, and on the first row (`first_row`: the total
/// and the solution's index), by the mirror, half of them before the middle (of an odd
/// n, half of those outside the middle column, which costs one count and is done when
/// the solution lies past the first quarter of the list, `EDGE_QUARTERS`). `None` where
/// no run holds it.
fn run_of(
    n: usize,
    first_row: Option<(u64, u64)>,
    left: u64,
    branch: u64,
    count_at: &mut impl FnMut(usize) -> Result<u64, ()>,
) -> Result<Option<(Sum, Sum)>, ()> {
    let mut sums = [(0, 0); 4];
    let mut known = 1;
    match first_row {
        Some((total, _)) if n.is_multiple_of(2) => {
            sums[known] = (n / 2, total / 2);
            known += 1;
        }
        Some((total, i)) if (total / EDGE_QUARTERS..total - total / EDGE_QUARTERS).contains(&i) => {
            let middle = count_at(n / 2)?;
            sums[known] = (n / 2, (total - middle) / 2);
            sums[known + 1] = (n / 2 + 1, (total + middle) / 2);
            known += 2;
        }
        _ => {}
    }
    sums[known] = (n, branch);
    Ok(sums[..=known]
        .windows(2)
        .find(|w| w[0].1 <= left && left < w[1].1)
        .map(|run| (run[0], run[1])))
}

/// Of `order`, the columns that hold the solution `skip` past their start, where its
/// first `guess` columns hold `within` solutions: those, counted from their end nearer the
/// solution (which may turn the order round), or the rest. With the solution's place in
/// them and the order's direction.
fn split_at_guess(
    order: &mut [usize],
    guess: usize,
    within: u64,
    skip: u64,
    forward: bool,
) -> (&mut [usize], u64, bool) {
    if skip >= within {
        return (&mut order[guess..], skip - within, forward);
    }
    let order = &mut order[..guess];
    if within - skip <= skip {
        order.reverse();
        return (order, within - 1 - skip, !forward);
    }
    (order, skip, forward)
}

/// The column of `order` (counted in that order) whose solutions hold the one `skip`
/// solutions past the start of the first: the column, its solutions, and the solution's
/// place among them. `None` where they hold fewer.
fn find_column(
    order: &[usize],
    mut skip: u64,
    count_at: &mut impl FnMut(usize) -> Result<u64, ()>,
) -> Result<Option<(usize, u64, u64)>, ()> {
    for &c in order {
        let here = count_at(c)?;
        if skip < here {
            return Ok(Some((c, here, skip)));
        }
        skip -= here;
    }
    Ok(None)
}

/// The columns of `run` that the rows of `prefix` leave to the next row, in order from
/// the end nearer the solution (`forward`: from the left), and how many there are.
fn open_columns(
    prefix: &[u8],
    run: core::ops::Range<usize>,
    forward: bool,
) -> ([usize; MAX_N], usize) {
    let mut order = [0usize; MAX_N];
    let mut len = 0;
    for step in 0..run.len() {
        let c = if forward {
            run.start + step
        } else {
            run.end - 1 - step
        };
        if !attacked(prefix, prefix.len(), c) {
            order[len] = c;
            len += 1;
        }
    }
    (order, len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Search;

    /// Whether this is the full run, which `.ci/run` makes (NQUEENS_FULL_TESTS set): the
    /// everyday run checks the same things on fewer sizes.
    fn full() -> bool {
        std::env::var_os("NQUEENS_FULL_TESTS").is_some()
    }

    /// Every solution of `n`, in order.
    fn all(n: usize) -> std::vec::Vec<std::vec::Vec<u8>> {
        let mut search = Search::new(n).unwrap();
        let mut out = std::vec::Vec::new();
        while let Some(sol) = search.next_solution() {
            out.push(sol.to_vec());
        }
        out
    }

    /// Both sums of the first row, with their columns counted at once and one by one,
    /// give the solutions left of every column, on an even and an odd board; and the
    /// choice by cost gives the same.
    #[test]
    fn every_way_of_the_first_row_counts_what_lies_left() {
        let quiet = |_: Progress| {};
        let steps = RowProgress { progress: &quiet };
        for n in [10, 11] {
            let sols = all(n);
            for c in 0..n {
                let want = sols.iter().filter(|s| usize::from(s[0]) < c).count() as u64;
                for way in [true, false]
                    .map(FirstRow::Side)
                    .into_iter()
                    .chain([true, false].map(FirstRow::Middle))
                {
                    let got = first_row_by(n, c, way, 1, &steps);
                    assert_eq!(got, Some(want), "n = {n}, c = {c}, {way:?}");
                }
                assert_eq!(
                    first_row_before(n, c, 2, &steps),
                    Some(want),
                    "n = {n}, c = {c}"
                );
            }
        }
    }

    /// An unrank's first row, counted, and known: the first and the last solution each
    /// column of the first row starts, on an even and an odd board.
    #[test]
    fn an_unranks_first_row_counted_and_known_agree() {
        let quiet = |_: Progress| {};
        let steps = RowProgress { progress: &quiet };
        // n = 15 in the full run (NQUEENS_FULL_TESTS, as .ci/run sets it).
        let sizes: &[usize] = if full() { &[14, 15] } else { &[14] };
        for &n in sizes {
            let sols = all(n);
            let mut at = std::vec::Vec::new();
            for (i, pair) in sols.windows(2).enumerate() {
                if pair[0][0] != pair[1][0] {
                    at.extend([i as u64, i as u64 + 1]);
                }
            }
            // Both sides of every third boundary everyday, of all of them in the full run.
            let every = if full() { 1 } else { 3 };
            let mut at: std::vec::Vec<u64> =
                at.chunks(2).step_by(every).flatten().copied().collect();
            at.push(sols.len() as u64 / 2);
            for i in at {
                let want = Some(sols[i as usize].as_slice());
                let counted = nth_from(n, i, None, 2, &steps).unwrap();
                assert_eq!(counted.as_deref(), want, "n = {n}, i = {i}, counted");
                let known = known_first_row(n, i);
                assert!(known.is_some(), "n = {n}");
                let found = nth_from(n, i, known, 2, &steps).unwrap();
                assert_eq!(found.as_deref(), want, "n = {n}, i = {i}, known");
            }
        }
    }

    /// The first row's counts that are known are those the join counts (n = 14 to 16).
    #[test]
    fn known_first_columns_are_the_joins_counts() {
        let quiet = |_: Progress| {};
        let steps = RowProgress { progress: &quiet };
        // n = 15 and 16 in the full run (NQUEENS_FULL_TESTS, as .ci/run sets it).
        for n in 14..=if full() { 16 } else { 14 } {
            for c in 0..n {
                let counted = count(n, &[], 1 << c, 2, &steps);
                assert_eq!(counted, known::first_column(n, c), "n = {n}, c = {c}");
            }
        }
    }

    /// A walk judged hopeless would indeed pass its cap, and some are judged so.
    #[test]
    fn hopeless_walks_would_pass_their_cap() {
        let (n, cap) = (11, 40);
        let mut prefixes = std::vec![std::vec::Vec::new()];
        for c0 in 0..n as u8 {
            prefixes.push(std::vec![c0]);
            for c1 in 0..n as u8 {
                if !attacked(&[c0], 1, usize::from(c1)) {
                    prefixes.push(std::vec![c0, c1]);
                }
            }
        }
        let (mut judged, mut walked) = (0, 0);
        for prefix in &prefixes {
            for c in 0..n {
                let walk = walk::count_below_cap(n, prefix, below(c), cap);
                if hopeless(n, prefix, c, cap) {
                    judged += 1;
                    assert_eq!(walk, None, "{prefix:?}, column {c}");
                } else {
                    walked += u32::from(walk.is_some());
                }
            }
        }
        assert!(
            judged > 20 && walked > 20,
            "{judged} hopeless, {walked} walked"
        );
    }

    #[test]
    fn prefixes_are_the_placements_of_the_first_rows() {
        for n in 1..=10 {
            assert_eq!(walk::prefixes(n, 1), n as u64);
            assert_eq!(walk::prefixes(n, n), crate::known::known_count(n).unwrap());
            if n >= 2 {
                assert_eq!(walk::prefixes(n, 2), ((n - 1) * (n - 2)) as u64);
            }
        }
        assert_eq!(walk::prefixes(8, 9), 0);
    }
}
