//! Scheduling for the 8-fold counter: the count of one `n` cut into independent tasks, in a
//! fixed order, and the tasks of share `k` of `m`.
//!
//! A task is a phase of the counter (where row 0's queen stands) with the first few rows
//! placed. Tasks are made one at a time by an odometer over those rows, in a few dozen
//! bytes of state: the counter runs on a microcontroller's stack.

use super::kernel::{count_below, small_counts, Phase};
use crate::share::Share;

/// Rows placed before a task starts: enough tasks to balance two cores or many machines.
/// Also the most rows a task has placed (roots place one or two, and a split goes down to
/// here), kept as bytes, not as the counter's 32-word board: a task is copied often, and the
/// counter runs on stacks of a few KiB.
pub(crate) const SPLIT_ROWS: usize = 3;

/// A split stops this many rows short of the board's end, so that on a small board every
/// task still leaves rows to the kernel below it.
const SPLIT_STOPS_SHORT: usize = 3;

/// An independent piece of the count: the first `depth` rows placed, the rest to search.
/// Tasks of one `n` never overlap, and their counts sum to the whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Task {
    phase: Phase,
    depth: usize,
    /// The columns of the placed rows (no task places more than [`SPLIT_ROWS`]).
    placed: [u8; SPLIT_ROWS],
    /// Attacks on row `depth`: left-going and right-going diagonals, columns.
    left: u32,
    down: u32,
    right: u32,
    /// Small boards (n <= 4) are counted by plain search and carry no phase.
    small: bool,
}

impl Task {
    /// Counts the solutions below this task: every one, and one per symmetry class.
    #[inline(never)]
    pub(crate) fn count(&self) -> (u64, u64) {
        if self.small {
            return small_counts(self.phase.n);
        }
        count_below(
            self.phase,
            &self.placed[..self.depth],
            (self.left, self.down, self.right),
        )
    }

    /// Feeds what identifies this task to `eat`: its phase's first-row column (or corner
    /// bound), its depth and the columns of its placed rows.
    pub(crate) fn identity(&self, eat: &mut impl FnMut(u8)) {
        eat(u8::from(self.phase.corner));
        eat(self.phase.bound1 as u8);
        eat(self.depth as u8);
        for &col in &self.placed[..self.depth] {
            eat(col);
        }
    }

    fn child(&self, bit: u32) -> Task {
        let mut t = *self;
        t.placed[t.depth] = bit.trailing_zeros() as u8;
        t.depth += 1;
        t.left = (self.left | bit) << 1;
        t.down = self.down | bit;
        t.right = (self.right | bit) >> 1;
        t
    }
}

/// The tasks that together count `n` (in `1..=MAX_N`), in a deterministic order: the same on every
/// machine, which is what makes shares of them comparable.
pub(crate) fn tasks(n: usize) -> Tasks {
    share(n, Share::WHOLE)
}

/// The tasks of share `k` (1-based) of `m`: of [`tasks`], those whose index is `k - 1`
/// modulo `m`. Dealt round-robin, every share gets tasks from every phase, and the shares'
/// sizes stay close whatever `m`.
pub(crate) fn share(n: usize, share: Share) -> Tasks {
    Tasks {
        roots: Roots { n, next: 0 },
        split: None,
        index: 0,
        k: share.k() - 1,
        m: share.m(),
    }
}

/// Iterator over the tasks of one `n`; see [`tasks`].
#[derive(Clone, Debug)]
pub(crate) struct Tasks {
    roots: Roots,
    split: Option<Split>,
    /// The index of the next task of the whole list, and the share kept: `k` (0-based) of `m`.
    index: u64,
    k: u64,
    m: u64,
}

impl Iterator for Tasks {
    type Item = Task;
    fn next(&mut self) -> Option<Task> {
        loop {
            if let Some(task) = self.split.as_mut().and_then(Split::next) {
                let index = self.index;
                self.index += 1;
                if index % self.m == self.k {
                    return Some(task);
                }
                continue;
            }
            let root = self.roots.next()?;
            self.split = Some(Split::new(root, SPLIT_ROWS));
        }
    }
}

impl core::iter::FusedIterator for Tasks {}

/// The phases of `n`, one root task each: the corner phase once per column of row 1's
/// queen (2..n-1), then a side phase per column of row 0's queen strictly inside the left
/// half. Made on demand, so any `n` up to `MAX_N` needs no array of them.
#[derive(Clone, Debug)]
struct Roots {
    n: usize,
    next: usize,
}

impl Roots {
    /// Root task `i` of `n`: the corner phases first, then the side phases; `None` past them.
    fn root(n: usize, i: usize) -> Option<Task> {
        if n <= 4 {
            return (i == 0).then(|| Roots::small(n));
        }
        let corners = n - 3;
        if i < corners {
            return Some(Roots::corner(n, 2 + i));
        }
        Roots::side(n, i - corners)
    }

    /// The one task of a board of at most 4 columns: all of it, below the phases' bounds.
    fn small(n: usize) -> Task {
        Task {
            phase: Phase {
                n,
                corner: false,
                bound1: 0,
                bound2: 0,
                mask: 0,
                topbit: 0,
                endbit: 0,
                sidemask: 0,
                lastmask: 0,
            },
            depth: 0,
            placed: [0; SPLIT_ROWS],
            left: 0,
            down: 0,
            right: 0,
            small: true,
        }
    }

    /// The corner phase with row 1's queen in column `bound1`: row 0's queen in column 0.
    fn corner(n: usize, bound1: usize) -> Task {
        let bit = 1u32 << bound1;
        let phase = Phase {
            n,
            corner: true,
            bound1,
            bound2: 0,
            mask: crate::board::full_mask(n),
            topbit: 1u32 << (n - 1),
            endbit: 0,
            sidemask: 0,
            lastmask: 0,
        };
        Task {
            phase,
            depth: 2,
            placed: [0, bound1 as u8, 0],
            left: (2 | bit) << 1,
            down: 1 | bit,
            right: bit >> 1,
            small: false,
        }
    }

    /// Side phase number `s`: queen of row 0 in column bound1 = s + 1, while bound1 stays
    /// below bound2 = n - 2 - s. Each phase widens `lastmask` by a column on each side and
    /// moves `endbit` one column left. `None` past the last.
    fn side(n: usize, s: usize) -> Option<Task> {
        let (bound1, bound2) = (1 + s, n - 2 - s.min(n - 2));
        if bound1 >= bound2 {
            return None;
        }
        let topbit = 1u32 << (n - 1);
        let sidemask = topbit | 1;
        let mut lastmask = sidemask;
        for _ in 0..s {
            lastmask |= (lastmask >> 1) | (lastmask << 1);
        }
        let phase = Phase {
            n,
            corner: false,
            bound1,
            bound2,
            mask: crate::board::full_mask(n),
            topbit,
            endbit: topbit >> (1 + s),
            sidemask,
            lastmask,
        };
        let bit = 1u32 << bound1;
        Some(Task {
            phase,
            depth: 1,
            placed: [bound1 as u8, 0, 0],
            left: bit << 1,
            down: bit,
            right: bit >> 1,
            small: false,
        })
    }
}

impl Iterator for Roots {
    type Item = Task;
    fn next(&mut self) -> Option<Task> {
        let root = Roots::root(self.n, self.next)?;
        self.next += 1;
        Some(root)
    }
}

/// The tasks below one root, down to row `rows`, left to right: an odometer over the rows
/// between, holding per row only the attacks and the columns not tried yet.
#[derive(Clone, Debug)]
struct Split {
    /// The task being extended: its rows below the root change as the odometer turns.
    task: Task,
    root_depth: usize,
    rows: usize,
    /// Per level below the root (roots stand at depth 1 or 2, so at most [`SPLIT_ROWS`]):
    /// the attacks on that row and the columns still to try.
    levels: [Level; SPLIT_ROWS],
    /// The level whose columns are being tried; `None` once the root is done.
    level: Option<usize>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Level {
    left: u32,
    down: u32,
    right: u32,
    untried: u32,
}

impl Split {
    fn new(root: Task, rows: usize) -> Split {
        let rows = if root.small {
            0
        } else {
            rows.min(root.phase.n.saturating_sub(SPLIT_STOPS_SHORT))
        };
        let mut split = Split {
            task: root,
            root_depth: root.depth,
            rows,
            levels: [Level::default(); SPLIT_ROWS],
            level: Some(0),
        };
        split.enter(0);
        split
    }

    /// Starts trying the columns of level `l`, from the task's current attacks.
    fn enter(&mut self, l: usize) {
        let t = &self.task;
        let untried = t
            .phase
            .candidates(t.depth, t.left, t.down, t.right)
            .unwrap_or(0);
        self.levels[l] = Level {
            left: t.left,
            down: t.down,
            right: t.right,
            untried,
        };
    }
}

impl Iterator for Split {
    type Item = Task;
    fn next(&mut self) -> Option<Task> {
        if self.task.small || self.root_depth >= self.rows {
            // Already deep enough: the root is the one task.
            return self.level.take().map(|_| self.task);
        }
        while let Some(l) = self.level {
            let level = &mut self.levels[l];
            if level.untried == 0 {
                self.level = l.checked_sub(1);
                continue;
            }
            let bit = level.untried & level.untried.wrapping_neg();
            level.untried ^= bit;
            // Back to this level's row: the rows below it are rewritten as it turns.
            self.task.depth = self.root_depth + l;
            self.task.left = level.left;
            self.task.down = level.down;
            self.task.right = level.right;
            let child = self.task.child(bit);
            if child.depth >= self.rows {
                return Some(child);
            }
            self.task = child;
            self.level = Some(l + 1);
            self.enter(l + 1);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MAX_N;

    /// The state the counter's stack budget rests on (the firmware measures the counter's
    /// stack on the device): a task, and the iterator that makes them. Exact, on 64-bit
    /// hosts, so that growth shows here first; the task list was once 58,456 bytes.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn task_state_has_a_fixed_size() {
        assert_eq!(core::mem::size_of::<Task>(), TASK_BYTES);
        assert_eq!(core::mem::size_of::<Tasks>(), TASKS_BYTES);
    }

    const TASK_BYTES: usize = 72;
    const TASKS_BYTES: usize = 192;

    #[test]
    fn roots_exist_for_every_n() {
        for n in 1..=MAX_N {
            let roots = Roots { n, next: 0 }.count();
            // n - 3 corner phases, and a side phase per bound1 = 1, 2, ... below n - 1 - bound1.
            let expected = match n {
                1..=4 => 1,
                _ => (n - 3) + (1..n).take_while(|&b| b < n - 1 - b).count(),
            };
            assert_eq!(roots, expected, "n = {n}");
        }
    }
}
