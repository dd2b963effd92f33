//! The runtime search: an iterative bitboard depth-first search with fixed-size state.
//!
//! Bit `c` of every mask stands for column `c`, so taking the lowest free bit first visits
//! columns left to right and yields solutions in lexicographic order. The state is two
//! `[u32; MAX_N]` arrays, the columns placed, and the current row's attack masks: no heap and
//! no recursion, so it runs on the smallest stack (an 8-bit board with 2 KiB of RAM among
//! them) and can stop after any solution and resume later (it is the iterator behind
//! [`crate::Solutions`]). The rows above the current one keep no masks: going back up a row
//! undoes its queen from the current masks (see `Masks`).
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
    /// The solution last returned (its columns are written when it is found).
    cols: [u8; MAX_N],
    /// For each row above `row`, its queen's column and the free columns not tried yet: the
    /// queen is the lowest of them, since columns are tried from the left. For `row` itself,
    /// the columns not tried yet.
    free: [u32; MAX_N],
    /// Bit `r` for each row whose queen is fixed: its column is in `cols`, and its attacks are
    /// in `masks` from the start.
    pinned: u32,
    /// The columns attacked in row `row` by the queens above it, as [`Masks`] keeps them.
    masks: Masks,
    /// The first of the last rows that [`tail`] solves at once, or `usize::MAX` when it does
    /// not apply (small boards, fixed queens in those rows).
    tail_row: usize,
    /// Arrangements of the last rows not yielded yet, for the board standing above them.
    tail: Arrangements,
    /// The free columns of the last rows.
    tail_cols: Columns,
}

/// The columns a row's queens attack: straight down, and along the two diagonals, bit `c`
/// for column `c` in each. The diagonal masks move a column per row, and carry 64 bits so
/// that none of their attacks is lost on the way: `left` rotates up, and what passes column 31
/// stays above it; `right` rotates down, and what passes column 0 wraps to the top bits,
/// which 31 rotations never bring back below bit 32. So [`Masks::lift`] undoes
/// [`Masks::place`] exactly, and a row needs no copy of its masks for the search to return to
/// it. A fixed queen on row `r` starts in them as its attacks on row 0 (the diagonals at
/// column `c - r` and `c + r`, the first wrapped to the top bits when negative), so that the
/// rotations bring its attacks to every row, above it and below.
#[derive(Clone, Copy, Debug, Default)]
struct Masks {
    down: u32,
    left: u64,
    right: u64,
}

impl Masks {
    /// The columns attacked in this row.
    #[inline(always)]
    fn attacked(self) -> u32 {
        self.down | self.left as u32 | self.right as u32
    }

    /// The masks of the next row, with a queen on `bit`'s column of this one.
    #[inline(always)]
    fn place(self, bit: u32) -> Masks {
        Masks {
            down: self.down | bit,
            left: (self.left | u64::from(bit)).rotate_left(1),
            right: (self.right | u64::from(bit)).rotate_right(1),
        }
    }

    /// The masks of the row above, whose queen stood on `bit`'s column: the inverse of
    /// [`Masks::place`] (`bit` was free there, so none of the masks held it).
    #[inline(always)]
    fn lift(self, bit: u32) -> Masks {
        Masks {
            down: self.down ^ bit,
            left: self.left.rotate_right(1) ^ u64::from(bit),
            right: self.right.rotate_left(1) ^ u64::from(bit),
        }
    }

    /// The columns attacked in row `r` by the fixed queens alone (the masks of row 0, before
    /// any queen is placed).
    fn attacked_in(self, r: usize) -> u32 {
        let r = r as u32;
        self.down | self.left.rotate_left(r) as u32 | self.right.rotate_right(r) as u32
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
        Some(Search::start(n, core::iter::empty(), true))
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
        for &(r, c) in fixed {
            if r >= n || c >= n {
                return Err(Error::OffBoard { row: r, column: c });
            }
        }
        // A fixed queen above the last rows reaches them through the diagonal masks; one
        // inside them would need bookkeeping of its own in the step that solves them.
        let above_tail = fixed.iter().all(|&(r, _)| r + tail::ROWS < n);
        Ok(Search::start(n, fixed.iter().copied(), above_tail))
    }

    /// The search below the rows `prefix` (their columns, checked to be on the board by the
    /// caller), for counting a branch: built in place from the prefix, without a list of
    /// fixed squares, because rank and unrank run on microcontroller stacks too.
    pub(crate) fn with_prefix(n: usize, prefix: &[u8]) -> Search {
        let pins = prefix.iter().enumerate().map(|(r, &c)| (r, usize::from(c)));
        Search::start(n, pins, prefix.len() + tail::ROWS < n)
    }

    /// The search with a queen fixed on each square of `pins` (on the board: checked by the
    /// callers). Fixed queens that attack each other, or that together close off a row,
    /// leave nothing to find, and the search knows it before it starts, whatever their rows:
    /// the search alone would find out only on reaching that row, after walking every
    /// placement of the rows above it.
    fn start(n: usize, pins: impl Iterator<Item = (usize, usize)>, use_tail: bool) -> Search {
        let mut s = Search {
            n,
            row: 0,
            cols: [0; MAX_N],
            free: [0; MAX_N],
            pinned: 0,
            masks: Masks::default(),
            // At least one row must stay above them: the loop places it and hands over.
            tail_row: if tail::ENABLED && use_tail && n > tail::ROWS {
                n - tail::ROWS
            } else {
                usize::MAX
            },
            tail: 0,
            tail_cols: Columns::default(),
        };
        let mut open = true;
        for (r, c) in pins {
            open &= s.pin(r, c);
        }
        let full = full_mask(n);
        open &= (0..n).all(|r| s.pinned >> r & 1 != 0 || full & !s.masks.attacked_in(r) != 0);
        s.free[0] = match (open, s.pinned & 1 != 0) {
            (false, _) => 0,
            (true, true) => 1 << s.cols[0],
            (true, false) => full & !s.masks.attacked(),
        };
        s
    }

    /// Fixes a queen on (`r`, `c`) before the search starts; false where it shares its row,
    /// column or a diagonal with a queen fixed already (the same square twice is one queen).
    fn pin(&mut self, r: usize, c: usize) -> bool {
        const IX: usize = MAX_N - 1;
        if self.pinned >> r & 1 != 0 {
            return usize::from(self.cols[r & IX]) == c;
        }
        let bit = 1u32 << c;
        if self.masks.attacked_in(r) & bit != 0 {
            return false;
        }
        self.pinned |= 1 << r;
        self.cols[r & IX] = c as u8;
        let m = &mut self.masks;
        m.down |= bit;
        m.left |= u64::from(bit).rotate_right(r as u32);
        m.right |= u64::from(bit).rotate_left(r as u32);
        true
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
        // The current row's free columns and masks live in locals, and `free` holds the rows
        // above (see its doc): going down a row stores one word, and going back up reads it
        // and undoes its queen from the masks. Indices are masked with MAX_N - 1, which is
        // free and lets the compiler drop every bounds check: row < n <= MAX_N anyway.
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
        let full = full_mask(n);
        let pinned = self.pinned;
        if n == 1 {
            return self.next_of_one_row();
        }
        let mut free = self.free[row & IX];
        let mut masks = self.masks;
        loop {
            if free == 0 {
                if row == 0 {
                    self.row = usize::MAX;
                    return None;
                }
                row -= 1;
                let tried = self.free[row & IX];
                let bit = tried & tried.wrapping_neg();
                free = tried ^ bit;
                // A fixed queen's attacks stay in the masks: only the row's move is undone.
                let own = if pinned >> row & 1 == 0 { bit } else { 0 };
                masks = masks.lift(own);
                continue;
            }
            let tried = free;
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let below = masks.place(bit);
            // A fixed queen's square is never attacked: the queens placed avoided its lines,
            // and fixed queens that attack each other left nothing to search.
            let next = if pinned >> (row + 1) & 1 == 0 {
                full & !below.attacked()
            } else {
                1 << self.cols[(row + 1) & IX]
            };
            // A child with no free square is a dead end: skip it without touching memory.
            // Most nodes of the tree are such dead ends.
            if next == 0 {
                continue;
            }
            let i = row & IX;
            if tail::ENABLED && row + 1 == tail_row {
                let (set, cols) =
                    tail::arrangements(full & !below.down, below.left as u32, below.right as u32);
                if set == 0 {
                    continue;
                }
                self.stop_at(row, free, bit, masks);
                self.tail = set;
                self.tail_cols = cols;
                return Some(self.next_arrangement());
            }
            if row + 1 == last {
                // The last row has one square left, and it is free: a solution.
                self.stop_at(row, free, bit, masks);
                self.cols[last & IX] = next.trailing_zeros() as u8;
                return Some(&self.cols[..n.min(MAX_N)]);
            }
            self.free[i] = tried;
            row += 1;
            (free, masks) = (next, below);
        }
    }

    /// [`Search::next_solution`] of the board of one square: its one row is the last, and
    /// its free squares are the solutions. Apart, so that the loop of the others stays small.
    #[cold]
    fn next_of_one_row(&mut self) -> Option<&[u8]> {
        let free = self.free[0];
        if free == 0 {
            self.row = usize::MAX;
            return None;
        }
        let bit = free & free.wrapping_neg();
        self.free[0] = free ^ bit;
        self.cols[0] = bit.trailing_zeros() as u8;
        Some(&self.cols[..1])
    }
}

impl Search {
    /// Keeps the search where it stands, on `row` with `free` columns left to try and the
    /// queen on `bit`'s column below which a solution was found, and writes the columns of
    /// rows `0..=row` into `cols`.
    #[inline]
    fn stop_at(&mut self, row: usize, free: u32, bit: u32, masks: Masks) {
        const IX: usize = MAX_N - 1;
        for k in 0..row {
            self.cols[k & IX] = self.free[k & IX].trailing_zeros() as u8;
        }
        self.cols[row & IX] = bit.trailing_zeros() as u8;
        self.free[row & IX] = free;
        (self.row, self.masks) = (row, masks);
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

    /// The solutions left, in `usize` as `Iterator` has it: on a 16-bit target (AVR) a count
    /// past 65,535 (n = 13 and up) does not fit; count those with [`Counter`](https://docs.rs/nqueens-tables/0.1/nqueens_tables/struct.Counter.html) (`u64`).
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

    const SEARCH_BYTES: usize = 240;
}

#[cfg(test)]
mod order_tests {
    use super::Search;

    /// The square-by-square search (what builds without `fast-search` run) and the search
    /// that solves the last rows at once give the same solutions in the same order, and
    /// stopping after each solution and going on loses none: both run here in one build.
    #[test]
    fn with_and_without_the_last_rows_step_the_same_solutions() {
        for n in 1..=11 {
            let mut plain = Search::start(n, core::iter::empty(), false);
            let mut fast = Search::new(n).unwrap();
            let mut found = 0u64;
            loop {
                let a = plain.next_solution().map(crate::Placement::copy_of);
                let b = fast.next_solution().map(crate::Placement::copy_of);
                assert_eq!(a, b, "n = {n}, solution {found}");
                if a.is_none() {
                    break;
                }
                found += 1;
            }
            assert_eq!(Some(found), crate::known_count(n), "n = {n}");
        }
    }
}
