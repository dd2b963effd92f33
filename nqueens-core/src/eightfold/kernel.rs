//! The 8-fold symmetry counter (after Kenjiro Takahashi): the routine that counts one
//! task's subtree. Which tasks there are, and who counts which, is `tasks`' business.
//!
//! Only boards whose first row's queen is in the left half are searched, with bounds that
//! keep one board per symmetry class, and each board found is checked against its rotations
//! to know whether its class has 2, 4 or 8 members. With the feature `fast-search` the last
//! five rows are one step, as in the search (module `tail`), with the phases' bounds turned
//! into constraints on the arrangements.

use crate::board::MAX_N;
use crate::tail;

/// Counts the subtree below the rows already placed, `placed` (their columns), with the
/// attacks `left`, `down`, `right` on the next row: every solution, and one per class.
/// The board is built here, in the one frame that needs it: stack is the scarce thing on a
/// microcontroller.
pub(crate) fn count_below(
    phase: Phase,
    placed: &[u8],
    (left, down, right): (u32, u32, u32),
) -> (u64, u64) {
    let mut search = EightFoldCount {
        phase,
        board: [0; MAX_N],
        c2: 0,
        c4: 0,
        c8: 0,
    };
    for (row, &col) in search.board.iter_mut().zip(placed) {
        *row = 1 << col;
    }
    let depth = placed.len();
    if phase.corner {
        search.corner(depth, left, down, right);
    } else {
        search.side(depth, left, down, right);
    }
    (
        8 * search.c8 + 4 * search.c4 + 2 * search.c2,
        search.c8 + search.c4 + search.c2,
    )
}

/// Constants of one search phase, as in the original: the queen of row 0 sits in column
/// `bound1` (or in the corner, for the corner phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Phase {
    pub(crate) n: usize,
    /// Row 0's queen in column 0 (the corner phase) or in column `bound1` (a side phase).
    pub(crate) corner: bool,
    /// Corner phase: the column of row 1's queen, and the rows above it keep column 1 free.
    /// Side phase: row 0's queen's column; the rows above it keep both side columns free.
    pub(crate) bound1: usize,
    /// Side phase: `n - 1 - bound1`, the last row that may leave a side column empty.
    pub(crate) bound2: usize,
    /// The board's columns, `n` low bits.
    pub(crate) mask: u32,
    /// Column `n - 1`.
    pub(crate) topbit: u32,
    /// The column the last row's queen must take for the board to equal its half turn.
    pub(crate) endbit: u32,
    /// Both side columns.
    pub(crate) sidemask: u32,
    /// Columns the last row's queen must avoid, so that no rotation comes out smaller.
    pub(crate) lastmask: u32,
}

impl Phase {
    /// The free columns of row `y`, under the phase's bounds; `None` when the bounds rule out
    /// the whole subtree.
    #[inline(always)]
    pub(crate) fn candidates(&self, y: usize, left: u32, down: u32, right: u32) -> Option<u32> {
        let mut bitmap = self.mask & !(left | down | right);
        if self.corner {
            if y < self.bound1 {
                bitmap &= !2;
            }
        } else if y < self.bound1 {
            bitmap &= !self.sidemask;
        } else if y == self.bound2 {
            if down & self.sidemask == 0 {
                return None;
            }
            if down & self.sidemask != self.sidemask {
                bitmap &= self.sidemask;
            }
        }
        Some(bitmap)
    }
}

pub(crate) struct EightFoldCount {
    phase: Phase,
    /// One bit per row: the column of its queen.
    board: [u32; MAX_N],
    /// Classes found with 2, 4 and 8 members.
    c2: u64,
    c4: u64,
    c8: u64,
}

impl EightFoldCount {
    /// Queen of row 0 in the corner: every board found is alone in its class of 8.
    /// Recursive on purpose: it beat an explicit-stack loop (BENCHMARKS.md).
    /// Starts at row `y <= n - 2`.
    fn corner(&mut self, y: usize, left: u32, down: u32, right: u32) {
        let p = &self.phase;
        // The last rows in one step, where the bound on column 1 no longer applies.
        if tail::ENABLED && y + tail::ROWS == p.n && y >= p.bound1 {
            let (set, _) = tail::arrangements(p.mask & !down, left, right);
            self.c8 += u64::from(set.count_ones());
            return;
        }
        let mut bitmap = p.mask & !(left | down | right);
        if y < p.bound1 {
            bitmap &= !2;
        }
        if y + 2 == p.n {
            // The row before last: count the placements that leave the last row a square,
            // without a call per leaf.
            let mut found = 0;
            while bitmap != 0 {
                let bit = bitmap & bitmap.wrapping_neg();
                bitmap ^= bit;
                let last = p.mask & !(((left | bit) << 1) | down | bit | ((right | bit) >> 1));
                found += u64::from(last != 0);
            }
            self.c8 += found;
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.corner(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
    }

    /// Queen of row 0 off the corner: boards are kept one per class by the bounds, and
    /// [`EightFoldCount::check`] sorts out the classes of 2 and 4. Starts at row `y <= n - 2`.
    fn side(&mut self, y: usize, left: u32, down: u32, right: u32) {
        if tail::ENABLED && y + tail::ROWS == self.phase.n && y >= self.phase.bound1 {
            self.side_tail(y, left, down, right);
            return;
        }
        let Some(mut bitmap) = self.phase.candidates(y, left, down, right) else {
            return;
        };
        if y + 2 == self.phase.n {
            // The row before last, unrolled: most boards die here, so skip the call per leaf.
            let (mask, lastmask) = (self.phase.mask, self.phase.lastmask);
            while bitmap != 0 {
                let bit = bitmap & bitmap.wrapping_neg();
                bitmap ^= bit;
                let last = mask & !(((left | bit) << 1) | down | bit | ((right | bit) >> 1));
                if last != 0 && last & lastmask == 0 {
                    self.board[y] = bit;
                    self.board[y + 1] = last;
                    self.check();
                }
            }
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.board[y] = bit;
            self.side(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
    }

    /// [`EightFoldCount::side`] for the last rows (`y = n - tail::ROWS`, not above `bound1`), in
    /// one step: the arrangements of the free columns, less those the bounds rule out, each
    /// checked against its rotations.
    fn side_tail(&mut self, y: usize, left: u32, down: u32, right: u32) {
        let p = self.phase;
        let free = p.mask & !down;
        let (mut set, cols) = tail::arrangements(free, left, right);
        // Row bound2 is the last that may leave a side column (0 or n - 1) empty, and only
        // if the other's queen is on it: both side columns are used by row bound2. A free
        // side column is the first (column 0) or the last (n - 1) of the five.
        if p.bound2 >= y {
            let after = !0u32 << (p.bound2 - y + 1);
            if free & 1 != 0 {
                set &= tail::avoiding(0, after);
            }
            if free & p.topbit != 0 {
                set &= tail::avoiding(tail::ROWS - 1, after);
            }
        }
        // The last row's queen stays off `lastmask`.
        for k in 0..tail::ROWS {
            if p.lastmask >> cols.get(k) & 1 != 0 {
                set &= tail::avoiding(k, 1 << (tail::ROWS - 1));
            }
        }
        while set != 0 {
            for (j, c) in tail::take(&mut set, cols).into_iter().enumerate() {
                self.board[(y + j) % MAX_N] = 1 << c;
            }
            self.check();
        }
    }

    /// Compares the board with its 90, 180 and 270 degree rotations: a board that is smaller
    /// than some rotation is not counted (another search branch counts its class); one equal to
    /// its 90-degree rotation has a class of 2, to its 180-degree rotation a class of 4, and
    /// otherwise a class of 8.
    ///
    /// `row` walks the board's rows, `other` the row of the rotated board that lands on it,
    /// and `image` (a column bit) where that rotation puts `row`'s queen.
    fn check(&mut self) {
        let p = self.phase;
        let b = &self.board;
        let last = p.n - 1;
        if b[p.bound2] == 1 {
            let mut row = 1;
            let mut image = 2u32;
            while row <= last {
                let mut bit = 1u32;
                let mut other = last;
                while b[other] != image && b[row] >= bit {
                    bit <<= 1;
                    other -= 1;
                }
                if b[row] > bit {
                    return;
                }
                if b[row] < bit {
                    break;
                }
                row += 1;
                image <<= 1;
            }
            if row > last {
                self.c2 += 1;
                return;
            }
        }
        if b[last] == p.endbit {
            let mut row = 1;
            let mut other = last - 1;
            while row <= last {
                let mut bit = 1u32;
                let mut image = p.topbit;
                while image != b[other] && b[row] >= bit {
                    bit <<= 1;
                    image >>= 1;
                }
                if b[row] > bit {
                    return;
                }
                if b[row] < bit {
                    break;
                }
                row += 1;
                other = other.wrapping_sub(1);
            }
            if row > last {
                self.c4 += 1;
                return;
            }
        }
        if b[p.bound1] == p.topbit {
            let mut row = 1;
            let mut image = p.topbit >> 1;
            while row <= last {
                let mut bit = 1u32;
                let mut other = 0;
                while b[other] != image && b[row] >= bit {
                    bit <<= 1;
                    other += 1;
                }
                if b[row] > bit {
                    return;
                }
                if b[row] < bit {
                    break;
                }
                row += 1;
                image >>= 1;
            }
        }
        self.c8 += 1;
    }
}

/// n <= 4, where the bounds of the phases do not apply: every one of the at most 4^4 column
/// tuples, checked. Not the search: its 700 bytes of state would sit in the frame of every
/// task's count.
pub(crate) fn small_counts(n: usize) -> (u64, u64) {
    let (mut total, mut fundamental) = (0, 0);
    let mut cols = [0u8; 4];
    let n = n.min(4);
    for code in 0..n.pow(n as u32) {
        let mut rest = code;
        for c in &mut cols[..n] {
            *c = (rest % n) as u8;
            rest /= n;
        }
        // Tuples come in no useful order; every solution is one of them exactly once.
        if crate::placement::is_solution(&cols[..n]) {
            total += 1;
            fundamental += u64::from(crate::symmetry::is_fundamental(&cols[..n]));
        }
    }
    (total, fundamental)
}
