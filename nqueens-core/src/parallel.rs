//! Work sharing for the counters: threads take the next item from a shared iterator.
//!
//! A leaf below every counter. With the feature `parallel` off, the same calls run on the
//! calling thread, so callers need no `cfg` of their own (and, without `std`, allocate
//! nothing). It scaled better than a rayon `par_iter` over the same counter tasks
//! (BENCHMARKS.md), and it costs no dependency.

use core::ops::Add;

/// The most threads a count starts, whatever it is asked for: more only queue for the same
/// cores, and a huge request must not spend its time failing to spawn. The command's `-j`
/// stops here too.
///
/// ```
/// let c = nqueens_tables::Counter::new(10).unwrap().threads(nqueens_tables::MAX_THREADS);
/// assert_eq!(c.run().unwrap().total, 724);
/// ```
pub const MAX_THREADS: usize = 1024;

/// The threads a count runs on when none are asked for: one per core with the feature
/// `parallel` (0 says so), as rayon's pools and the command's `-j` do; else the calling
/// thread.
pub const DEFAULT_THREADS: usize = if cfg!(feature = "parallel") { 0 } else { 1 };

/// How many threads a count asked for `threads` (0: one per core) may run on: at most
/// [`MAX_THREADS`], and one without the feature `parallel`.
pub fn allowed(threads: usize) -> usize {
    #[cfg(feature = "parallel")]
    {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        };
        threads.min(MAX_THREADS)
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = threads;
        1
    }
}

/// `f` of every item, summed, on `threads` threads (0: one per core), the calling thread
/// one of them. A thread that cannot be started is done without: at worst the calling
/// thread does all the work. A panic in any thread is raised again here.
pub fn sum<I, S, F>(items: I, threads: usize, f: F) -> S
where
    I: Iterator + Send,
    S: Default + Add<Output = S> + Send,
    F: Fn(I::Item) -> S + Sync,
{
    sum_with(items, threads, || (), |_, item| f(item))
}

/// [`sum`], where each thread keeps a state of its own from one item to the next: `init`
/// makes it when the thread starts, and `f` gets it with every item the thread takes. For
/// buffers that `f` would otherwise make, and grow, anew for every item.
#[cfg(feature = "parallel")]
pub fn sum_with<I, S, T, F>(items: I, threads: usize, init: impl Fn() -> T + Sync, f: F) -> S
where
    I: Iterator + Send,
    S: Default + Add<Output = S> + Send,
    F: Fn(&mut T, I::Item) -> S + Sync,
{
    use std::sync::{Mutex, PoisonError};
    let threads = allowed(threads).min(items.size_hint().1.unwrap_or(usize::MAX).max(1));
    let items = Mutex::new(items);
    let worker = || {
        let mut total = S::default();
        let mut state = init();
        loop {
            // The lock is held only to take the next item, never while `f` runs, so a panic
            // in `f` cannot poison it; and an iterator's panic leaves it usable.
            let next = items.lock().unwrap_or_else(PoisonError::into_inner).next();
            match next {
                Some(item) => total = total + f(&mut state, item),
                None => return total,
            }
        }
    };
    std::thread::scope(|scope| {
        let mut helpers = std::vec::Vec::new();
        for _ in 1..threads {
            match std::thread::Builder::new().spawn_scoped(scope, worker) {
                Ok(helper) => helpers.push(helper),
                // Out of threads (a process limit, memory): go on with those that started.
                Err(_) => break,
            }
        }
        let mine = worker();
        helpers
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .fold(mine, |a, b| a + b)
    })
}

/// [`sum`] with a state, on the calling thread: the feature `parallel` is off.
#[cfg(not(feature = "parallel"))]
pub fn sum_with<I, S, T, F>(items: I, _threads: usize, init: impl Fn() -> T + Sync, f: F) -> S
where
    I: Iterator + Send,
    S: Default + Add<Output = S> + Send,
    F: Fn(&mut T, I::Item) -> S + Sync,
{
    let mut state = init();
    items.fold(S::default(), |total, item| total + f(&mut state, item))
}

/// `f` of every item, in the items' order, on `threads` threads (0: one per core), as
/// [`sum`] runs them.
#[cfg(feature = "std")]
pub fn map<T, R, F>(items: &[T], threads: usize, f: F) -> std::vec::Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let mut out = sum(items.iter().enumerate(), threads, |(i, item)| {
        Tagged(std::vec![(i, f(item))])
    })
    .0;
    out.sort_unstable_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

/// Results tagged with their item's index, concatenated by `+`.
#[cfg(feature = "std")]
struct Tagged<R>(std::vec::Vec<(usize, R)>);

#[cfg(feature = "std")]
impl<R> Default for Tagged<R> {
    fn default() -> Self {
        Tagged(std::vec::Vec::new())
    }
}

#[cfg(feature = "std")]
impl<R> Add for Tagged<R> {
    type Output = Tagged<R>;
    fn add(mut self, mut other: Tagged<R>) -> Tagged<R> {
        self.0.append(&mut other.0);
        self
    }
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;

    #[test]
    fn sums_every_item_once_on_any_number_of_threads() {
        for threads in [0, 1, 2, 7, usize::MAX] {
            assert_eq!(sum(1..=1000u64, threads, |i| i), 500_500, "{threads}");
            assert_eq!(sum(0..0u64, threads, |i| i), 0);
        }
        let squares = map(&[1u32, 2, 3, 4, 5], 3, |&x| x * x);
        assert_eq!(squares, [1, 4, 9, 16, 25]);
    }

    /// Each thread's state is made once and kept from item to item: the items that find
    /// it fresh are at most one a thread, and every item is summed once.
    #[test]
    fn a_state_is_made_once_a_thread_and_kept() {
        for threads in [1, 2, 7] {
            let (items, fresh) = sum_with(
                0..1000u64,
                threads,
                || 0u64,
                |seen, i| {
                    *seen += 1;
                    Pair(i, u64::from(*seen == 1))
                },
            )
            .into();
            assert_eq!(items, 499_500, "{threads}");
            assert!((1..=threads as u64).contains(&fresh), "{threads}: {fresh}");
        }
        assert_eq!(sum_with(0..0u64, 2, || 0u8, |_, i| i), 0);
    }

    /// Two sums at once.
    #[derive(Default)]
    struct Pair(u64, u64);

    impl Add for Pair {
        type Output = Pair;
        fn add(self, other: Pair) -> Pair {
            Pair(self.0 + other.0, self.1 + other.1)
        }
    }

    impl From<Pair> for (u64, u64) {
        fn from(Pair(a, b): Pair) -> (u64, u64) {
            (a, b)
        }
    }
}
