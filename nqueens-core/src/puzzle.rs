//! "Complete this board" puzzles: some queens fixed, whose completion is unique, proven by
//! counting the completions up to two. One function serves the command and the web page,
//! and the same seed gives the same puzzle on every machine (its own generator, no
//! platform randomness). No heap: it runs wherever the search runs.

use crate::board::MAX_N;
use crate::error::board_size;
use crate::placement::Placement;
use crate::search::Search;

/// A board with some queens fixed whose completion is unique: see [`puzzle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// The one solution that completes the queens fixed.
    solution: Placement,
    /// Bit `r`: row `r`'s queen is fixed.
    fixed: u32,
}

impl Puzzle {
    /// The board size.
    ///
    /// ```
    /// assert_eq!(nqueens_tables::puzzle(8, 1).unwrap().n(), 8);
    /// ```
    pub fn n(&self) -> usize {
        self.solution.len()
    }

    /// The queens fixed, as `(row, column)`, 0-based, by row.
    ///
    /// ```
    /// let p = nqueens_tables::puzzle(8, 1).unwrap();
    /// let fixed: Vec<(usize, usize)> = p.fixed().collect();
    /// // Exactly one solution holds them.
    /// assert_eq!(nqueens_tables::solutions_with_fixed(8, &fixed).unwrap().count(), 1);
    /// ```
    pub fn fixed(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let fixed = self.fixed;
        self.solution
            .iter()
            .enumerate()
            .filter(move |&(r, _)| fixed >> r & 1 == 1)
            .map(|(r, &c)| (r, usize::from(c)))
    }

    /// The solution the queens fixed leave: the puzzle's answer.
    ///
    /// ```
    /// let p = nqueens_tables::puzzle(6, 3).unwrap();
    /// assert!(nqueens_tables::is_solution(&p.solution()));
    /// ```
    pub fn solution(&self) -> Placement {
        self.solution
    }
}

/// A puzzle for `n` from `seed`: a random solution (the seed's), then its queens taken away
/// one at a time in a random order, each only if the completion stays unique, which is
/// proven by searching for a second one. So the queens fixed are few (a minimal set: no one of
/// them can go), though not always the fewest possible. `None` for a size outside
/// `1..=MAX_N` and for 2 and 3, which have no solution.
///
/// Time grows with n, since proving uniqueness searches what the queens fixed leave: see
/// BENCHMARKS.md.
///
/// ```
/// let p = nqueens_tables::puzzle(8, 7).unwrap();
/// let fixed: Vec<(usize, usize)> = p.fixed().collect();
/// assert!(fixed.len() < 8);
/// let mut completions = nqueens_tables::solutions_with_fixed(8, &fixed).unwrap();
/// assert_eq!(completions.next().as_deref(), Some(&p.solution()[..]));
/// assert!(completions.next().is_none());
/// assert_eq!(nqueens_tables::puzzle(8, 7), Some(p)); // the same seed, the same puzzle
/// assert!(nqueens_tables::puzzle(3, 1).is_none());
/// ```
pub fn puzzle(n: usize, seed: u64) -> Option<Puzzle> {
    let n = board_size(n).ok()?;
    let mut rng = SplitMix(seed ^ n as u64);
    let solution = random_solution(n, &mut rng)?;
    let mut fixed = crate::board::full_mask(n);
    let mut order = [0u8; MAX_N];
    for (i, slot) in order.iter_mut().enumerate().take(n) {
        *slot = i as u8;
    }
    shuffle(&mut order[..n], &mut rng);
    for &row in &order[..n] {
        let without = fixed & !(1 << row);
        if completions_up_to_two(&solution, without) == 1 {
            fixed = without;
        }
    }
    Some(Puzzle { solution, fixed })
}

/// How many solutions hold the queens of `solution` on the rows of `fixed`: 0, 1, or 2 for
/// two or more (the search stops at the second).
fn completions_up_to_two(solution: &Placement, rows: u32) -> usize {
    let mut fixed = [(0usize, 0usize); MAX_N];
    let mut len = 0;
    for (r, &c) in solution.iter().enumerate() {
        if rows >> r & 1 == 1 {
            fixed[len] = (r, usize::from(c));
            len += 1;
        }
    }
    match Search::with_fixed(solution.len(), &fixed[..len]) {
        Ok(mut search) => {
            let mut found = 0;
            while found < 2 && search.next_solution().is_some() {
                found += 1;
            }
            found
        }
        Err(_) => 0,
    }
}

/// A random solution: a depth-first search that tries each row's free columns in the order
/// `rng` shuffles them. Without recursion: a row's order and the columns left to try are kept
/// per row.
fn random_solution(n: usize, rng: &mut SplitMix) -> Option<Placement> {
    let all = crate::board::full_mask(n);
    let mut order = [[0u8; MAX_N]; MAX_N];
    let mut next = [0usize; MAX_N];
    let mut cols = [0u8; MAX_N];
    let (mut down, mut left, mut right) = ([0u32; MAX_N + 1], [0u32; MAX_N + 1], [0u32; MAX_N + 1]);
    let mut row = 0usize;
    let new_row = |order: &mut [u8; MAX_N], rng: &mut SplitMix| {
        for (i, slot) in order.iter_mut().enumerate().take(n) {
            *slot = i as u8;
        }
        shuffle(&mut order[..n], rng);
    };
    new_row(&mut order[0], rng);
    loop {
        let blocked = down[row] | left[row] | right[row];
        let mut placed = false;
        while next[row] < n {
            let c = order[row][next[row]];
            next[row] += 1;
            let bit = 1u32 << c;
            if blocked & bit == 0 {
                cols[row] = c;
                down[row + 1] = down[row] | bit;
                left[row + 1] = ((left[row] | bit) << 1) & all;
                right[row + 1] = (right[row] | bit) >> 1;
                placed = true;
                break;
            }
        }
        if placed {
            row += 1;
            if row == n {
                return Placement::try_from(&cols[..n]).ok();
            }
            next[row] = 0;
            new_row(&mut order[row], rng);
        } else if row == 0 {
            return None;
        } else {
            row -= 1;
        }
    }
}

/// Fisher-Yates, with `rng`.
fn shuffle(items: &mut [u8], rng: &mut SplitMix) {
    for i in (1..items.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// SplitMix64: a small generator whose sequence is fixed by its seed on every platform.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_has_one_completion_and_no_fixed_queen_to_spare() {
        for n in (1..=12).filter(|&n| n != 2 && n != 3) {
            for seed in 0..5 {
                let p = puzzle(n, seed).unwrap();
                assert!(crate::placement::is_solution(&p.solution));
                assert_eq!(completions_up_to_two(&p.solution, p.fixed), 1, "n = {n}");
                // Minimal: without any one of its queens fixed, a second completion appears.
                for r in 0..n {
                    if p.fixed >> r & 1 == 1 {
                        let fewer = p.fixed & !(1 << r);
                        assert_eq!(completions_up_to_two(&p.solution, fewer), 2, "n = {n}");
                    }
                }
            }
        }
    }

    #[test]
    fn sizes_without_a_puzzle_are_refused() {
        for n in [0, 2, 3, MAX_N + 1] {
            assert!(puzzle(n, 1).is_none(), "n = {n}");
        }
        // The seed changes the puzzle.
        assert_ne!(puzzle(10, 1), puzzle(10, 2));
    }
}
