//! The half-board join: counts every solution by meeting in the middle.
//!
//! Every placement of queens on the top `h = n / 2` rows is listed once, grouped by the set
//! of columns it uses. The bottom `h` rows are the same list read upside down. A solution is
//! a top half and a bottom half (and, for odd `n`, one queen on the middle row `h`) whose
//! columns partition the board and whose diagonals never meet. Diagonals are compared where
//! they cross row `h`: a top queen at `(r, c)` reaches it at columns `c ± (h - r)`, a bottom
//! queen from below, and two queens share a diagonal exactly when they reach row `h` on the
//! same column going the same way. So the join of a top group and the bottom group with the
//! other columns is a count of pairs of 32-bit keys with no bit in common, a loop the compiler
//! turns into SIMD.
//!
//! The groups are related by the mirror (columns reversed) and, because the bottom half is the
//! top half upside down, by the vertical flip: only one group per orbit of those is joined,
//! and its count is multiplied by the orbit's size. The work is a few times less than an
//! 8-fold symmetry backtracker's, and the memory is the list of half boards: 8 bytes each,
//! 15 million at n = 16 and 35 million at n = 17.

use std::vec::Vec;

/// The largest `n` the join counts. Its keys, two diagonal masks of `n - 1` bits (even `n`)
/// or `n - 2` bits (odd `n`), fit a `u32`, and its half boards fit memory (about 300 MB at
/// 17, 2 GB at 18).
pub const JOIN_MAX_N: usize = 17;
/// The smallest: below it the middle-row key would have no bits.
const JOIN_MIN_N: usize = 4;

/// The half boards of one `n`, ready to be joined: build once, count on one thread or many.
///
/// ```
/// let join = nqueens::Join::new(12).unwrap();
/// assert_eq!(join.count(), 14_200);
/// ```
#[derive(Clone, Debug)]
pub struct Join {
    n: usize,
    /// The half boards, one part per column of the first row's queen: built separately (in
    /// parallel where threads are given), and each small enough that filling it in column-set
    /// order stays in cache.
    parts: Vec<Part>,
    groups: Vec<Group>,
}

/// The half boards whose first queen is in one column, sorted by the set of columns used.
#[derive(Clone, Debug)]
struct Part {
    /// `start[s]..start[s + 1]` are the half boards whose columns are the set `s`.
    start: Vec<u32>,
    /// Where each half board's queens cross row `h`: left-going diagonals in the low 32 bits,
    /// right-going in the high 32, bit `c` for column `c`.
    crossings: Vec<u64>,
}

/// One join: the top half uses the columns `top`, the middle queen (odd `n` only) sits in
/// column `middle`, the bottom half uses the rest. `weight` is the size of its orbit.
#[derive(Clone, Copy, Debug)]
struct Group {
    top: u32,
    middle: u32,
    weight: u64,
}

impl Join {
    /// Lists the half boards of `n` on this thread (half a second at n = 16). `None` unless
    /// `n` is from 4 to [`JOIN_MAX_N`]; [`count_total`] covers every other `n`.
    pub fn new(n: usize) -> Option<Join> {
        Join::build(n, |columns| {
            columns.map(|first| Part::new(n, first)).collect()
        })
    }

    /// [`Join::new`] with the half boards listed on `threads` threads (0: one per core).
    /// Feature `parallel`.
    #[cfg(feature = "parallel")]
    pub fn with_threads(n: usize, threads: usize) -> Option<Join> {
        Join::build(n, |columns| {
            let columns: Vec<usize> = columns.collect();
            crate::parallel::map(&columns, threads, |&first| Part::new(n, first))
        })
    }

    fn build(n: usize, parts: impl FnOnce(core::ops::Range<usize>) -> Vec<Part>) -> Option<Join> {
        if !(JOIN_MIN_N..=JOIN_MAX_N).contains(&n) {
            return None;
        }
        Some(Join {
            n,
            parts: parts(0..n),
            groups: groups(n),
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many joins [`Join::count_groups`] splits the count into.
    pub fn groups(&self) -> usize {
        self.groups.len()
    }

    /// Counts every solution of `n` on this thread.
    pub fn count(&self) -> u64 {
        self.count_groups(0..self.groups.len())
    }

    /// Counts the solutions of the joins in `range` (indices below [`Join::groups`]); the
    /// counts of disjoint ranges add up, and all of them make the total.
    pub fn count_groups(&self, range: core::ops::Range<usize>) -> u64 {
        let mut top = Vec::new();
        let mut bottom = Vec::new();
        self.groups
            .get(range)
            .unwrap_or_default()
            .iter()
            .map(|g| g.weight * self.join(g, &mut top, &mut bottom))
            .sum()
    }

    /// Counts on `threads` threads (0: one per core), adding the number of joins done to
    /// `done` as they finish, out of [`Join::groups`]. Feature `parallel`.
    #[cfg(feature = "parallel")]
    pub fn count_parallel(&self, threads: usize, done: &core::sync::atomic::AtomicUsize) -> u64 {
        // Chunks of joins: each is short (microseconds), so hand them out a few hundred at a time.
        const CHUNK: usize = 256;
        let chunks: Vec<core::ops::Range<usize>> = (0..self.groups.len())
            .step_by(CHUNK)
            .map(|s| s..(s + CHUNK).min(self.groups.len()))
            .collect();
        crate::parallel::sum(&chunks, threads, |range| {
            let count = self.count_groups(range.clone());
            done.fetch_add(range.len(), core::sync::atomic::Ordering::Relaxed);
            count
        })
    }

    /// The solutions of one group: its top halves against its bottom halves.
    fn join(&self, g: &Group, top: &mut Vec<u32>, bottom: &mut Vec<u32>) -> u64 {
        let n = self.n;
        let all = (1u32 << n) - 1;
        let keys = Keys::new(n);
        let middle = g.middle;
        let fill = |out: &mut Vec<u32>, cols: u32, upside_down: bool| {
            out.clear();
            // Only the parts whose first queen is in one of the columns can hold the set.
            let mut firsts = cols;
            while firsts != 0 {
                let part = &self.parts[firsts.trailing_zeros() as usize];
                firsts &= firsts - 1;
                let range =
                    part.start[cols as usize] as usize..part.start[cols as usize + 1] as usize;
                out.extend(part.crossings[range].iter().filter_map(|&c| {
                    let (left, right) = (c as u32, (c >> 32) as u32);
                    if (left | right) & middle != 0 {
                        return None;
                    }
                    Some(if upside_down {
                        keys.upside_down(left, right)
                    } else {
                        keys.key(left, right)
                    })
                }));
            }
        };
        fill(top, g.top, false);
        if top.is_empty() {
            return 0;
        }
        fill(bottom, all & !g.top & !middle, true);
        top.iter().map(|&t| count_disjoint(t, bottom)).sum()
    }
}

/// Packs where a half board's diagonals cross row `h` into the 32-bit key that the join
/// compares: two keys without a common bit are two halves whose diagonals never meet.
///
/// Only the crossings that a queen from the other side can also reach are kept, which is what
/// makes two fields fit 32 bits. Left-going (down and to higher columns): a top queen crosses
/// at column 1 or more, a bottom queen at n - 1 or less (n - 2 for odd n, whose bottom starts
/// a row lower), so bit c - 1 for c in 1..=n-1 (1..=n-2). Right-going: the other way round,
/// bit c for c in 0..=n-2 (c - 1 for c in 1..=n-2).
#[derive(Clone, Copy, Debug)]
struct Keys {
    odd: bool,
    bits: u32,
    field: u32,
}

impl Keys {
    fn new(n: usize) -> Keys {
        let odd = !n.is_multiple_of(2);
        let bits = if odd { n - 2 } else { n - 1 } as u32;
        Keys {
            odd,
            bits,
            field: (1u32 << bits) - 1,
        }
    }

    /// The key of crossings of row `h`, left-going in `left` and right-going in `right`, bit
    /// `c` for column `c`.
    #[inline]
    fn key(self, left: u32, right: u32) -> u32 {
        let right = if self.odd { right >> 1 } else { right };
        ((left >> 1) & self.field) | ((right & self.field) << self.bits)
    }

    /// The key of a bottom half stored as the top half of the board upside down, with that
    /// board's crossings: left and right swap, and for even n its row h is the real row h - 1,
    /// one step before row h.
    #[inline]
    fn upside_down(self, left: u32, right: u32) -> u32 {
        if self.odd {
            self.key(right, left)
        } else {
            self.key(right << 1, left >> 1)
        }
    }
}

impl Part {
    /// The half boards of `n` whose first row's queen is in column `first`.
    fn new(n: usize, first: usize) -> Part {
        let (h, sets) = (n / 2, 1usize << n);
        // Two passes over the same search, so that the list is written once, in place,
        // without a second copy to sort: count per column set, then fill.
        let mut start = std::vec![0u32; sets + 1];
        half_boards(n, h, first, &mut |cols, _| start[cols as usize + 1] += 1);
        for s in 0..sets {
            start[s + 1] += start[s];
        }
        let mut next = start.clone();
        let mut crossings = std::vec![0u64; start[sets] as usize];
        half_boards(n, h, first, &mut |cols, crossing| {
            let slot = &mut next[cols as usize];
            crossings[*slot as usize] = crossing;
            *slot += 1;
        });
        Part { start, crossings }
    }
}

/// How many keys of `keys` share no bit with `t`. Written as a plain loop over a slice so
/// that it vectorises: this is where the join spends its time.
fn count_disjoint(t: u32, keys: &[u32]) -> u64 {
    let mut count = 0u32;
    for &k in keys {
        count += u32::from(k & t == 0);
    }
    u64::from(count)
}

/// Calls `visit(columns, crossings)` for every placement of queens on the first `rows` rows
/// of an `n` board with the first queen in column `first`, where crossings are where its
/// diagonals reach row `rows`.
fn half_boards(n: usize, rows: usize, first: usize, visit: &mut impl FnMut(u32, u64)) {
    fn go(
        all: u32,
        rows_left: usize,
        cols: u32,
        left: u32,
        right: u32,
        visit: &mut impl FnMut(u32, u64),
    ) {
        if rows_left == 0 {
            visit(cols, u64::from(left & all) | (u64::from(right) << 32));
            return;
        }
        let mut free = all & !(cols | left | right);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            // `left` may carry bits past column n - 1 for a while; they never come back.
            go(
                all,
                rows_left - 1,
                cols | bit,
                (left | bit) << 1,
                (right | bit) >> 1,
                visit,
            );
        }
    }
    let bit = 1u32 << first;
    go((1u32 << n) - 1, rows - 1, bit, bit << 1, bit >> 1, visit);
}

/// One group per orbit under the mirror and the vertical flip, with the orbit's size.
fn groups(n: usize) -> Vec<Group> {
    let h = n / 2;
    let all = (1u32 << n) - 1;
    let mirror = |s: u32| s.reverse_bits() >> (32 - n);
    let mut out = Vec::new();
    // Every column set of size h, in increasing order (Gosper's hack).
    let mut s: u32 = (1 << h) - 1;
    while s <= all {
        let middles = if n.is_multiple_of(2) { 0 } else { all & !s };
        // Even n: one pass with no middle queen. Odd n: one per free column.
        let mut m_bits = if middles == 0 { 1 } else { middles };
        while m_bits != 0 {
            let m = if middles == 0 {
                0
            } else {
                m_bits & m_bits.wrapping_neg()
            };
            m_bits &= m_bits - 1;
            let bottom = all & !s & !m;
            let mut orbit = [
                (s, m),
                (mirror(s), mirror(m)),
                (bottom, m),
                (mirror(bottom), mirror(m)),
            ];
            orbit.sort_unstable();
            if orbit[0] == (s, m) {
                let distinct = 1 + orbit.windows(2).filter(|w| w[0] != w[1]).count();
                out.push(Group {
                    top: s,
                    middle: m,
                    weight: distinct as u64,
                });
            }
        }
        let low = s & s.wrapping_neg();
        let ripple = s + low;
        s = (((ripple ^ s) >> 2) / low) | ripple;
    }
    out
}

/// Every solution of `n` (no symmetry classes), by the half-board join where it applies
/// (4 <= n <= [`JOIN_MAX_N`]) and by the 8-fold counter elsewhere. `None` if `n` is 0 or above
/// [`MAX_N`](crate::MAX_N). Feature `std`: the join keeps its half boards on the heap.
///
/// ```
/// assert_eq!(nqueens::count_total(14), Some(365_596));
/// assert_eq!(nqueens::count_total(0), None);
/// ```
pub fn count_total(n: usize) -> Option<u64> {
    match Join::new(n) {
        Some(join) => Some(join.count()),
        None => crate::count_solutions(n).map(|c| c.total),
    }
}

/// [`count_total`] on `threads` threads (0: one per core). Feature `parallel`.
///
/// ```
/// assert_eq!(nqueens::count_total_parallel(12, 2), Some(14_200));
/// ```
#[cfg(feature = "parallel")]
pub fn count_total_parallel(n: usize, threads: usize) -> Option<u64> {
    let done = core::sync::atomic::AtomicUsize::new(0);
    match Join::with_threads(n, threads) {
        Some(join) => Some(join.count_parallel(threads, &done)),
        None => crate::count_solutions_parallel(n, threads).map(|c| c.total),
    }
}
