//! The 8-fold symmetry counter: every `n` up to [`crate::MAX_N`], symmetry classes too, shares,
//! no heap, and a small fixed stack (it runs within 2 KiB on a microcontroller). Its only
//! entry points are here; below them, `tasks` cuts a count into independent tasks in a fixed
//! order, and `kernel` counts one task's subtree.

mod kernel;
mod tasks;

use crate::parallel;
use crate::progress::{Progress, Stage, Unit};
use crate::share::Share;

/// Counts a share of `n` on `threads` threads (the calling thread alone without the feature
/// `parallel`): every solution, and one per symmetry class. Reports the tasks done, and of
/// how many: before the first, and after each.
#[inline(never)]
pub fn count(
    n: usize,
    share: Share,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> (u64, u64) {
    // The tasks are made twice, each a few steps of an odometer: once to count them (in a
    // frame of its own, gone before the counting starts), once to count below them. No list
    // of them is kept, so this allocates nothing.
    let of = share_len(n, share);
    // None done yet, of how many: past n = 23 a task takes minutes, and this is what a
    // caller can show until the first one ends.
    progress(Progress::new(Stage::Counting, 0, of, Unit::Tasks));
    let tasks = tasks::share(n, share).zip(1u64..);
    let sum = parallel::sum(tasks, threads, |(task, done)| {
        let counts = task.count();
        // With several threads, `done` is the task's place in the list: ahead of the tasks
        // finished by at most the other threads' tasks.
        progress(Progress::new(Stage::Counting, done, of, Unit::Tasks));
        Pair(counts)
    });
    sum.0
}

/// How many tasks `share` holds: a pass of its own, so that its iterator is gone from the
/// stack before the counting starts.
#[inline(never)]
fn share_len(n: usize, share: Share) -> u64 {
    tasks::share(n, share).count() as u64
}

/// Feeds what identifies the tasks of `n` to `eat`, in order, for the share plan's
/// identifier: `n`, then every task's phase and placed rows.
pub fn identity(n: usize, eat: &mut impl FnMut(u8)) {
    eat(n as u8);
    for task in tasks::tasks(n) {
        task.identity(eat);
    }
}

/// Totals and classes, added by `+` for [`parallel::sum`].
#[derive(Default)]
struct Pair((u64, u64));

impl core::ops::Add for Pair {
    type Output = Pair;
    fn add(self, other: Pair) -> Pair {
        Pair((self.0 .0 + other.0 .0, self.0 .1 + other.0 .1))
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// The first report comes before the first task ends, with the number of tasks: past
    /// n = 23 a task takes minutes, and a caller shows its progress in the meantime.
    #[test]
    fn the_first_report_comes_before_the_first_task() {
        let reports = std::sync::Mutex::new(std::vec::Vec::new());
        count(12, Share::WHOLE, 1, &|p| {
            reports.lock().unwrap().push(p.done)
        });
        let reports = reports.into_inner().unwrap();
        let of = share_len(12, Share::WHOLE);
        assert_eq!(reports.first(), Some(&0));
        assert_eq!(reports.len() as u64, of + 1);
    }
}
