//! The runtime search: an iterative bitboard depth-first search with fixed-size state.
//!
//! Bit `c` of every mask stands for column `c`, so taking the lowest free bit first visits
//! columns left to right and yields solutions in lexicographic order. The state is a handful of
//! `[u32; MAX_N]` arrays: no heap and no recursion, so it runs on the smallest stack and
//! can stop after any solution and resume later (it is the iterator behind [`crate::Solutions`]).
//!
//! With the default feature `fast-search`, the last five rows are not searched square by
//! square: once the rows above them stand, the module `tail` gives every way to finish the
//! board as one 120-bit set (half the time at n = 14, see BENCHMARKS.md), and the search
//! yields its members in order.
//!
//! It is one of three independent solvers. The macro cannot use it (this crate depends on the
//! macro), so the macro keeps its own recursive solver; the const fn in `const_solve` is shaped for
//! the const interpreter. The test suite compares all three byte for byte, which is evidence
//! only because they share no code.

use crate::board::{full_mask, MAX_N};
use crate::error::{board_size, valid_n, Error};
use crate::placement::Placement;
use crate::tail::{self, Arrangements, Columns};

/// A resumable search for the solutions of one `n`, optionally with some queens fixed.
///
/// ```
/// let mut s = nqueens_tables::Search::new(5).unwrap();
/// assert_eq!(s.next().as_deref(), Some(&[0, 2, 4, 1, 3][..]));
/// assert_eq!(s.count(), 9);
/// ```
#[derive(Clone, Debug)]
pub struct Search {
    n: usize,
    /// Current row; `usize::MAX` once the search is exhausted.
    row: usize,
    /// Columns of the queens placed in rows `0..row`.
    cols: [u8; MAX_N],
    /// Free columns of each row not tried yet.
    free: [u32; MAX_N],
    /// Columns, left-going and right-going diagonals attacked in each row by rows above it.
    down: [u32; MAX_N],
    left: [u32; MAX_N],
    right: [u32; MAX_N],
    /// Columns each row may use at all (all of them, or the fixed queen's).
    allowed: [u32; MAX_N],
    /// The first of the last rows that [`tail`] solves at once, or `usize::MAX` when it does
    /// not apply (small boards, fixed queens in those rows).
    tail_row: usize,
    /// Arrangements of the last rows not yielded yet, for the board standing above them.
    tail: Arrangements,
    /// The free columns of the last rows.
    tail_cols: Columns,
}

/// Narrows `allowed` (each row's usable columns) to the boards with a queen on (r, c): row
/// `r` keeps only column `c`, and every other row loses that column and the two diagonals
/// through the square.
fn fix(allowed: &mut [u32; MAX_N], n: usize, r: usize, c: usize) {
    for (row, mask) in allowed.iter_mut().enumerate().take(n) {
        if row == r {
            *mask &= 1 << c;
        } else {
            let d = row.abs_diff(r);
            let mut attacked = 1u32 << c;
            if c + d < n {
                attacked |= 1 << (c + d);
            }
            if d <= c {
                attacked |= 1 << (c - d);
            }
            *mask &= !attacked;
        }
    }
}

impl Search {
    /// A search over every solution for `n`; `None` if `n` is 0 or above [`MAX_N`].
    ///
    /// ```
    /// assert_eq!(nqueens_tables::Search::new(6).unwrap().count(), 4);
    /// assert!(nqueens_tables::Search::new(0).is_none());
    /// ```
    pub fn new(n: usize) -> Option<Search> {
        let n = valid_n(n)?;
        let allowed = [full_mask(n); MAX_N];
        Some(Search::start(n, allowed, true))
    }

    /// A search over the solutions that have a queen on each `(row, column)` square fixed
    /// (0-based). Fixed queens that attack each other leave nothing to find, and the search
    /// knows it before it starts, whatever their rows. Each fixed queen
    /// removes its column and diagonals from every other row before the search starts, so a
    /// fixed queen deep in the board prunes from the first row on.
    ///
    /// ```
    /// let s = nqueens_tables::Search::with_fixed(8, &[(0, 0)]).unwrap();
    /// assert_eq!(s.count(), 4);
    /// assert!(nqueens_tables::Search::with_fixed(8, &[(8, 0)]).is_err());
    /// ```
    pub fn with_fixed(n: usize, fixed: &[(usize, usize)]) -> Result<Search, Error> {
        let n = board_size(n)?;
        let mut allowed = [full_mask(n); MAX_N];
        for &(r, c) in fixed {
            if r >= n || c >= n {
                return Err(Error::OffBoard { row: r, column: c });
            }
        }
        for &(r, c) in fixed {
            fix(&mut allowed, n, r, c);
        }
        // Fixed queens that attack each other (or together close off a row) leave some row
        // no square, whichever rows they are on: then there is nothing to search at all. The
        // search alone would find out only when it reached that row, after walking every
        // placement of the rows above it.
        if allowed[..n].contains(&0) {
            allowed[0] = 0;
        }
        // A fixed queen above the last rows is placed like any other, so its attacks reach
        // them through the diagonal masks; one inside them would need its own bookkeeping.
        let above_tail = fixed.iter().all(|&(r, _)| r + tail::ROWS < n);
        Ok(Search::start(n, allowed, above_tail))
    }

    /// The search below the rows `prefix` (their columns, checked to be on the board by the
    /// caller), for counting a branch: built in place from the prefix, without a list of
    /// fixed squares, because rank and unrank run on microcontroller stacks too.
    pub(crate) fn with_prefix(n: usize, prefix: &[u8]) -> Search {
        let mut allowed = [full_mask(n); MAX_N];
        for (r, &c) in prefix.iter().enumerate() {
            fix(&mut allowed, n, r, usize::from(c));
        }
        Search::start(n, allowed, prefix.len() + tail::ROWS < n)
    }

    fn start(n: usize, allowed: [u32; MAX_N], use_tail: bool) -> Search {
        let mut s = Search {
            n,
            row: 0,
            cols: [0; MAX_N],
            free: [0; MAX_N],
            down: [0; MAX_N],
            left: [0; MAX_N],
            right: [0; MAX_N],
            allowed,
            // At least one row must stay above them: the loop places it and hands over.
            tail_row: if tail::ENABLED && use_tail && n > tail::ROWS {
                n - tail::ROWS
            } else {
                usize::MAX
            },
            tail: 0,
            tail_cols: Columns::default(),
        };
        s.free[0] = allowed[0];
        s
    }

    /// The board size.
    ///
    /// ```
    /// assert_eq!(nqueens_tables::Search::new(6).unwrap().n(), 6);
    /// ```
    pub fn n(&self) -> usize {
        self.n
    }

    /// Advances to the next solution and returns its columns (valid until the next call):
    /// the allocation-free way to walk every solution.
    ///
    /// ```
    /// let mut s = nqueens_tables::Search::new(4).unwrap();
    /// assert_eq!(s.next_solution(), Some(&[1, 3, 0, 2][..]));
    /// assert_eq!(s.next_solution(), Some(&[2, 0, 3, 1][..]));
    /// assert_eq!(s.next_solution(), None);
    /// ```
    #[inline]
    pub fn next_solution(&mut self) -> Option<&[u8]> {
        // The current row's masks live in locals; the arrays hold the rows above it, plus the
        // current row's attack masks (written on the way down, read on the way back up).
        // Indices are masked with MAX_N - 1, which is free and lets the compiler drop every
        // bounds check: row < n <= MAX_N anyway.
        const IX: usize = MAX_N - 1;
        let n = self.n;
        if tail::ENABLED && self.tail != 0 {
            return Some(self.next_arrangement());
        }
        let mut row = self.row;
        if row == usize::MAX {
            return None;
        }
        let last = n - 1;
        let tail_row = self.tail_row;
        let mut free = self.free[row & IX];
        let mut down = self.down[row & IX];
        let mut left = self.left[row & IX];
        let mut right = self.right[row & IX];
        if n == 1 {
            // The only row is the last one: its free squares are the solutions.
            if free == 0 {
                self.row = usize::MAX;
                return None;
            }
            let bit = free & free.wrapping_neg();
            self.free[0] = free ^ bit;
            return Some(self.columns(bit));
        }
        loop {
            if free == 0 {
                if row == 0 {
                    self.row = usize::MAX;
                    return None;
                }
                row -= 1;
                let i = row & IX;
                (free, down, left, right) =
                    (self.free[i], self.down[i], self.left[i], self.right[i]);
                continue;
            }
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let d = down | bit;
            let l = (left | bit) << 1;
            let r = (right | bit) >> 1;
            let next = self.allowed[(row + 1) & IX] & !(d | l | r);
            // A child with no free square is a dead end: skip it without touching memory.
            // Most nodes of the tree are such dead ends.
            if next == 0 {
                continue;
            }
            let i = row & IX;
            if tail::ENABLED && row + 1 == tail_row {
                let (set, cols) = tail::arrangements(full_mask(n) & !d, l, r);
                if set == 0 {
                    continue;
                }
                self.free[i] = free;
                self.down[tail_row & IX] = d;
                self.row = row;
                self.tail = set;
                self.tail_cols = cols;
                self.fill_columns(tail_row);
                return Some(self.next_arrangement());
            }
            self.free[i] = free;
            if row + 1 == last {
                // The last row has one square left, and it is free: a solution.
                self.down[last & IX] = d;
                self.row = row;
                return Some(self.columns(next));
            }
            row += 1;
            let j = row & IX;
            (self.down[j], self.left[j], self.right[j]) = (d, l, r);
            (free, down, left, right) = (next, d, l, r);
        }
    }
}

impl Search {
    /// Fills `cols` from the column masks, once per solution instead of once per node: the
    /// queen of row k is the bit that row k + 1's mask has and row k's lacks.
    #[inline]
    fn columns(&mut self, last_bit: u32) -> &[u8] {
        let n = self.n;
        self.fill_columns(n - 1);
        self.cols[n - 1] = last_bit.trailing_zeros() as u8;
        &self.cols[..n]
    }

    /// Sets `cols[..rows]` from the column masks of rows `0..=rows`.
    #[inline]
    fn fill_columns(&mut self, rows: usize) {
        for k in 0..rows {
            self.cols[k] = (self.down[k + 1] ^ self.down[k]).trailing_zeros() as u8;
        }
    }

    /// Takes the next arrangement of the last rows; the rows above it are in `cols` already.
    #[inline]
    fn next_arrangement(&mut self) -> &[u8] {
        const IX: usize = MAX_N - 1;
        let last = tail::take(&mut self.tail, self.tail_cols);
        for (j, c) in last.into_iter().enumerate() {
            self.cols[(self.tail_row + j) & IX] = c;
        }
        // n <= MAX_N already: `min` only spares a bounds check (and its panic path in flash).
        &self.cols[..self.n.min(MAX_N)]
    }
}

impl Iterator for Search {
    type Item = Placement;

    fn next(&mut self) -> Option<Placement> {
        self.next_solution().map(Placement::copy_of)
    }

    fn count(mut self) -> usize {
        let mut total = 0;
        while self.next_solution().is_some() {
            total += 1;
        }
        total
    }
}

impl core::iter::FusedIterator for Search {}

#[cfg(test)]
mod size_tests {
    /// The search's whole state: what `solutions`, `nth`, `rank` and the fixed-queen
    /// searches put on the stack (the firmware measures them on the device). Exact, so that
    /// growth shows here first.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn the_search_state_has_a_fixed_size() {
        assert_eq!(core::mem::size_of::<super::Search>(), SEARCH_BYTES);
    }

    const SEARCH_BYTES: usize = 720;
}
