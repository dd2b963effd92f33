//! The half-board join: counts every solution by meeting in the middle.
//!
//! Every placement of queens on the top `k = (n - 1) / 2` rows is listed once, grouped by the
//! set of columns it uses. The bottom `k` rows are the same list read upside down. Between
//! them lie one middle row (odd `n`) or two (even `n`). A solution is a top half, a queen on
//! each middle row and a bottom half whose columns partition the board and whose diagonals
//! never meet. Diagonals are compared where they cross row `k`, the first middle row: a top
//! queen at `(r, c)` reaches it at columns `c ± (k - r)`, a bottom queen from below, and two
//! queens share a diagonal exactly when they reach row `k` on the same column going the same
//! way. So one join, a top group against the bottom group with the other columns, for given
//! middle queens, is a count of pairs of 32-bit keys with no bit in common. Both lists are
//! first split on a few key bits, since a top and a bottom that both have a bit need no look
//! (a quarter of the pairs per bit, measured 15.7 billion pairs down to 4.4 billion at
//! n = 17), and what is left is a loop the compiler turns into SIMD.
//!
//! The joins are related by the mirror (columns reversed) and, because the bottom half is the
//! top half upside down, by the vertical flip: only one join per orbit of those is done, and
//! its count is multiplied by the orbit's size. Two middle rows for even `n`, rather than two
//! halves that meet, make the half boards shorter (7 rows instead of 8 at n = 16: 4 million
//! instead of 15 million), and the pairs to compare fewer (0.6 billion instead of 4 billion).
//! The memory is the list of half boards, where their diagonals cross row `k` in `2n` bits:
//! 4 bytes each up to n = 16 (16 MB there, 4 million; the centered join's loops, which count
//! the even sizes, keep half of them, see [`Part::halved`]) and 5 bytes past it.

use std::vec::Vec;

use crate::counting::{Progress, Stage};
use crate::error::Error;

/// The largest `n` the whole-list join counts. Its half boards take 16 MB at 16, and would
/// take 175 MB at 17, 380 MB at 18 and 3.7 GB at 19: past 16 the centered join (module
/// `centered`) counts, in a tenth of the memory at n = 17 and as fast.
pub(crate) const JOIN_MAX_N: usize = 16;
/// The smallest: below it a half board has no rows.
const JOIN_MIN_N: usize = 4;

/// Whether the join counts `n`: the whole-list join from 4 (below, a half board has no rows)
/// to [`JOIN_MAX_N`], the centered join past it.
pub(crate) fn covers(n: usize) -> bool {
    (JOIN_MIN_N..=JOIN_MAX_N).contains(&n) || crate::centered::CENTERED_N.contains(&n)
}

/// Every solution of `n` (as [`covers`] says) on `threads` threads (0: one per core; one
/// without the feature `parallel`), reporting the listing and the joins to `progress`.
/// [`Error::OutOfMemory`] where the half boards do not fit.
pub(crate) fn count(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    if crate::centered::CENTERED_N.contains(&n) {
        return crate::centered::count(n, threads, progress);
    }
    // Even n: the centered join's loops with no center rows (n = 16: 0.32 s and 18 MB on one
    // thread, against 0.45 s and 31 MB for the groups below).
    if n.is_multiple_of(2) && n >= 6 {
        return crate::centered::count_whole(n, threads, progress);
    }
    let join = Join::build(n, threads, progress)?;
    Ok(join.count_parallel(threads, progress))
}

/// The half boards of one `n`, ready to be joined: build once, count on one thread or many.
#[derive(Clone)]
pub(crate) struct Join {
    n: usize,
    /// The layout of `n`, needed by every join.
    shape: Shape,
    /// The half boards, one part per column of the first row's queen: built separately (in
    /// parallel where threads are given), and each small enough that filling it in column-set
    /// order stays in cache.
    parts: Vec<Part>,
    groups: Vec<Group>,
    /// The most half boards that share one column set: the buffers a join needs.
    longest: usize,
}

/// Sizes, not contents: a derived `Debug` would print millions of half boards.
impl core::fmt::Debug for Join {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Join")
            .field("n", &self.n)
            .field("half_boards", &self.half_boards())
            .field("groups", &self.groups.len())
            .finish()
    }
}

/// The half boards whose first queen is in one column, sorted by the set of columns used.
#[derive(Clone, Default)]
pub(crate) struct Part {
    /// `start[s]..start[s + 1]` are the half boards whose columns are the set `s`.
    start: Vec<u32>,
    /// Where each half board's queens cross row `k`, in `2n` bits: left-going diagonals in
    /// bits `0..n`, right-going in bits `n..2n`, bit `c` for column `c`. The low 32 bits here,
    /// the rest (n = 17 and 18) in `high`: 5 bytes a board rather than 8.
    low: Vec<u32>,
    /// Bits 32 and up of the crossings; empty when `2n <= 32`.
    high: Vec<u8>,
    /// `Some(n)` where only the sets that are not above their mirror images are kept (see
    /// [`Part::halved`]).
    halved: Option<usize>,
}

/// One join: the top half uses the columns `top`, the middle queens sit on the columns
/// `middle` (bit masks; the second is 0 for odd `n`), the bottom half uses the rest. `weight`
/// is the size of its orbit.
#[derive(Clone, Copy, Debug)]
struct Group {
    top: u32,
    middle: [u32; 2],
    weight: u64,
}

impl Join {
    /// Lists the half boards of `n` on `threads` threads (0: one per core).
    fn build(
        n: usize,
        threads: usize,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Join, Error> {
        if !(JOIN_MIN_N..=JOIN_MAX_N).contains(&n) {
            return Err(Error::BoardSize(n));
        }
        let done = core::sync::atomic::AtomicU64::new(0);
        let part = |first: &usize| {
            let part = Part::new(n, *first);
            let done = done.fetch_add(1, core::sync::atomic::Ordering::Relaxed) + 1;
            progress(Progress {
                stage: Stage::Listing,
                done,
                of: n as u64,
            });
            part
        };
        let columns: Vec<usize> = (0..n).collect();
        #[cfg(feature = "parallel")]
        let parts = crate::parallel::map(&columns, threads, part);
        #[cfg(not(feature = "parallel"))]
        let parts: Vec<_> = {
            let _ = threads;
            columns.iter().map(part).collect()
        };
        let parts = parts.into_iter().collect::<Result<Vec<Part>, Error>>()?;
        let longest = (0..1usize << n)
            .map(|s| {
                parts
                    .iter()
                    .map(|p| (p.start[s + 1] - p.start[s]) as usize)
                    .sum()
            })
            .max()
            .unwrap_or(0);
        Ok(Join {
            n,
            shape: Shape::new(n),
            parts,
            groups: groups(n),
            longest,
        })
    }

    /// The board size.
    #[cfg(test)]
    fn n(&self) -> usize {
        self.n
    }

    /// How many half boards were listed (the bottom halves are the same list read upside down).
    fn half_boards(&self) -> usize {
        self.parts.iter().map(|p| p.low.len()).sum()
    }

    /// How many joins [`Join::count_groups`] splits the count into.
    #[cfg(test)]
    fn groups(&self) -> usize {
        self.groups.len()
    }

    /// Counts every solution of `n` on this thread.
    #[cfg(test)]
    fn count(&self) -> u64 {
        self.count_groups(0..self.groups.len())
    }

    /// Counts the solutions of the joins in `range` (cut to the indices below
    /// [`Join::groups`]); the counts of disjoint ranges add up, and all of them make the total.
    fn count_groups(&self, range: core::ops::Range<usize>) -> u64 {
        let len = self.groups.len();
        let range = range.start.min(len)..range.end.min(len);
        let mut scratch = Scratch {
            top_set: None,
            bottom_set: None,
            tops: Vec::with_capacity(self.longest),
            bottoms: Vec::with_capacity(self.longest),
            top: std::vec![0u32; self.longest],
            bottom: std::vec![0u32; self.longest],
        };
        self.groups
            .get(range)
            .unwrap_or_default()
            .iter()
            .map(|g| g.weight * self.join(g, &mut scratch))
            .sum()
    }

    /// Counts on `threads` threads (0: one per core; one without `parallel`), reporting the
    /// joins done out of [`Join::groups`].
    fn count_parallel(&self, threads: usize, progress: &(dyn Fn(Progress) + Sync)) -> u64 {
        // Chunks of joins: each is short (microseconds), so hand them out a few hundred at a time.
        const CHUNK: usize = 256;
        let of = self.groups.len() as u64;
        let chunks: Vec<core::ops::Range<usize>> = (0..self.groups.len())
            .step_by(CHUNK)
            .map(|s| s..(s + CHUNK).min(self.groups.len()))
            .collect();
        let done = core::sync::atomic::AtomicU64::new(0);
        let chunk = |range: &core::ops::Range<usize>| {
            let count = self.count_groups(range.clone());
            let done = done.fetch_add(range.len() as u64, core::sync::atomic::Ordering::Relaxed);
            progress(Progress {
                stage: Stage::Counting,
                done: done + range.len() as u64,
                of,
            });
            count
        };
        #[cfg(feature = "parallel")]
        return crate::parallel::sum(&chunks, threads, chunk);
        #[cfg(not(feature = "parallel"))]
        {
            let _ = threads;
            chunks.iter().map(chunk).sum()
        }
    }

    /// The solutions of one group: its top halves against its bottom halves.
    fn join(&self, g: &Group, scratch: &mut Scratch) -> u64 {
        let shape = self.shape;
        // Groups come sorted by their top set, and one set has many groups (one per choice
        // of middle queens): its half boards are read and prepared once. For even n, the two
        // orders of the same two middle columns come one after the other and share a bottom.
        if scratch.top_set != Some(g.top) {
            scratch.tops.clear();
            self.gather(g.top, |low, high| {
                prepare::<false>(shape, low, high, &mut scratch.tops)
            });
            scratch.top_set = Some(g.top);
        }
        let top = matching(&scratch.tops, g.middle, &mut scratch.top);
        if top.is_empty() {
            return 0;
        }
        let rest = shape.all & !g.top & !g.middle[0] & !g.middle[1];
        if scratch.bottom_set != Some(rest) {
            scratch.bottoms.clear();
            self.gather(rest, |low, high| {
                prepare::<true>(shape, low, high, &mut scratch.bottoms)
            });
            scratch.bottom_set = Some(rest);
        }
        // Upside down, the middle rows swap: the bottom's nearest is the last one.
        let flipped = match shape.gap {
            1 => g.middle,
            _ => [g.middle[1], g.middle[0]],
        };
        let bottom = matching(&scratch.bottoms, flipped, &mut scratch.bottom);
        split_pairs(top, bottom, &shape.split)
    }

    /// Hands `visit` the crossings of every half board whose columns are `cols`, as slices of
    /// [`Part::low`] and [`Part::high`], a pair per part that holds some.
    fn gather(&self, cols: u32, mut visit: impl FnMut(&[u32], &[u8])) {
        // Only the parts whose first queen is in one of the columns can hold the set.
        let mut firsts = cols;
        while firsts != 0 {
            let first = firsts.trailing_zeros() as usize;
            firsts &= firsts - 1;
            if let Some(part) = self.parts.get(first) {
                let (low, high) = part.of(cols);
                visit(low, high);
            }
        }
    }
}

/// A half board as its joins need it: its key, and the columns its queens attack on the
/// nearest middle row and on the farthest (for the bottom role, read upside down).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Prepared {
    pub(crate) key: u32,
    pub(crate) near: u32,
    pub(crate) far: u32,
}

/// Appends to `out` the half boards of `low` and `high` (see [`Part`]) prepared for the top
/// role, or for the bottom role if `BOTTOM`.
pub(crate) fn prepare<const BOTTOM: bool>(
    shape: Shape,
    low: &[u32],
    high: &[u8],
    out: &mut Vec<Prepared>,
) {
    if high.is_empty() {
        out.extend(low.iter().map(|&l| prepared::<BOTTOM>(shape, l, 0)));
    } else {
        let boards = low.iter().zip(high);
        out.extend(boards.map(|(&l, &h)| prepared::<BOTTOM>(shape, l, h)));
    }
}

/// The crossings of a half board of [`Part`] that attack a queen on the column `near` (a bit)
/// of its nearest middle row or on `far` of its farthest: such a board has a bit of this mask.
pub(crate) fn attacking(shape: Shape, near: u32, far: u32) -> u64 {
    let s = shape.gap - 1;
    // On the row `s` further on, a left-going crossing has moved `s` columns up, a right-going
    // one `s` down.
    u64::from(near | (far >> s)) | u64::from(near | (far << s)) << shape.n
}

/// The key of a half board of [`Part`] in its packed form (`low | high << 32`), for the top
/// role or for the bottom role if `BOTTOM`: the top's with its two fields swapped, since
/// upside down the left-going diagonals go right.
#[inline(always)]
pub(crate) fn key_of<const BOTTOM: bool>(shape: Shape, packed: u64) -> u32 {
    let l = (packed as u32 >> 1) & shape.field;
    let r = (packed >> (shape.n as u32 + shape.gap)) as u32 & shape.field;
    if BOTTOM {
        r | l << shape.bits
    } else {
        l | r << shape.bits
    }
}

/// One half board of [`Part`] (its `low` and `high`) prepared for the top role, or for the
/// bottom role if `BOTTOM`.
#[inline(always)]
pub(crate) fn prepared<const BOTTOM: bool>(shape: Shape, low: u32, high: u8) -> Prepared {
    let Shape {
        n,
        all,
        gap,
        bits,
        field,
        ..
    } = shape;
    let packed = u64::from(low) | u64::from(high) << 32;
    let (left, right) = ((packed as u32) & all, (packed >> n) as u32);
    // The key as `key_of` makes it, but from `left` and `right`, which are needed here
    // anyway: `key_of` from the packed form made n = 17 8% slower (1.72 s against 1.59 s).
    let (l, r) = ((left >> 1) & field, (right >> gap) & field);
    Prepared {
        key: if BOTTOM { r | l << bits } else { l | r << bits },
        near: left | right,
        far: ((left << (gap - 1)) | (right >> (gap - 1))) & all,
    }
}

/// Writes into `out` the keys of the `boards` that leave the middle queens `middle` (nearest
/// row first) unattacked, and returns them.
pub(crate) fn matching<'a>(
    boards: &[Prepared],
    middle: [u32; 2],
    out: &'a mut [u32],
) -> &'a mut [u32] {
    let mut len = 0;
    for b in boards {
        let hit = (b.near & middle[0]) | (b.far & middle[1]);
        push(out, &mut len, b.key, hit == 0);
    }
    &mut out[..len]
}

/// Stores `key` at `len` and moves `len` on if `ok`: no branch per half board, since which
/// boards pass is not predictable.
#[inline(always)]
pub(crate) fn push<T>(out: &mut [T], len: &mut usize, key: T, ok: bool) {
    if let Some(slot) = out.get_mut(*len) {
        *slot = key;
    }
    *len += usize::from(ok);
}

/// Buffers of one thread's joins.
struct Scratch {
    /// The column sets whose half boards `tops` and `bottoms` hold.
    top_set: Option<u32>,
    bottom_set: Option<u32>,
    tops: Vec<Prepared>,
    bottoms: Vec<Prepared>,
    /// The keys of one join's tops and bottoms.
    top: Vec<u32>,
    bottom: Vec<u32>,
}

/// The layout of one `n`: how many rows a half board has, how many middle rows there are, and
/// the fields of the 32-bit keys the join compares.
///
/// A key keeps only the crossings of row `k` that a queen from the other side can also reach,
/// which is what makes its two fields fit 32 bits. Left-going diagonals (down and to higher
/// columns): a top queen crosses at column 1 or more, a bottom queen, `gap + 1` rows below
/// at least, at `n - 1 - gap` or less; so bit `c - 1` for `c` in `1..=n-1-gap`. Right-going:
/// the other way round, bit `c - gap` for `c` in `gap..=n-2`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    n: usize,
    all: u32,
    /// Rows in a half board.
    k: usize,
    /// Middle rows: 1 for odd n, 2 for even n (the centered join: 3 and 4).
    gap: u32,
    bits: u32,
    field: u32,
    /// The key bits [`split_pairs`] splits on, in order: the middle of each field, where
    /// about half the keys have the bit, first.
    pub(crate) split: [u32; SPLITS],
}

impl Shape {
    /// The whole-list join's layout: halves of `(n - 1) / 2` rows, one or two middle rows.
    fn new(n: usize) -> Shape {
        let k = (n - 1) / 2;
        Shape::with(n, k, (n - 2 * k) as u32)
    }

    /// Halves of `k` rows with `gap` rows between them (`n = 2k + gap`; keys fit 32 bits
    /// while `n - 1 - gap <= 16`).
    #[inline(always)]
    pub(crate) fn with(n: usize, k: usize, gap: u32) -> Shape {
        let bits = n as u32 - 1 - gap;
        let mut split = [0; SPLITS];
        for (i, bit) in split.iter_mut().enumerate() {
            // Outward from the middle column of the field: m, m + 1, m - 1, m + 2, ..
            let step = (i / 2 + 1) as u32 / 2;
            let column = match i / 2 % 2 {
                0 => (bits / 2).saturating_sub(step),
                _ => bits / 2 + step,
            };
            *bit = 1 << (column.min(bits - 1) + (i as u32 % 2) * bits);
        }
        Shape {
            n,
            all: (1u32 << n) - 1,
            k,
            gap,
            bits,
            field: (1u32 << bits) - 1,
            split,
        }
    }
}

impl Shape {
    /// The key of the mirror image of a half board whose key is `key`, in either role: the
    /// two fields swapped and each reversed, which is all `2 * bits` bits reversed. (Two
    /// keys share a bit exactly when their mirror images' keys do.)
    #[inline(always)]
    pub(crate) fn mirror_key(&self, key: u32) -> u32 {
        reversed(key, 2 * self.bits)
    }
}

/// A zeroed vector of `len`, or the bytes it would have needed.
pub(crate) fn zeroed<T: Copy + Default>(len: usize) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    zero(&mut v, len)?;
    Ok(v)
}

/// Makes `v` `len` zeros, in the memory it has where that is enough.
fn zero<T: Copy + Default>(v: &mut Vec<T>, len: usize) -> Result<(), Error> {
    v.clear();
    v.try_reserve_exact(len).map_err(|_| Error::OutOfMemory {
        bytes: len.saturating_mul(core::mem::size_of::<T>()),
    })?;
    v.resize(len, T::default());
    Ok(())
}

impl Part {
    /// The half boards of `n` whose first row's queen is in column `first`.
    fn new(n: usize, first: usize) -> Result<Part, Error> {
        Part::list(n, Shape::new(n).k, 1 << first, 0, &[])
    }

    /// The placements of `rows` rows of `n` with the first queen in one of the columns
    /// `firsts`, a queen in each of the columns `with`, and none on the squares of `forbid`
    /// (as for [`half_boards`]).
    pub(crate) fn list(
        n: usize,
        rows: usize,
        firsts: u32,
        with: u32,
        forbid: &[u32],
    ) -> Result<Part, Error> {
        let mut part = Part::default();
        part.relist(n, rows, firsts, with, forbid)?;
        Ok(part)
    }

    /// Makes this list [`Part::list`]'s, in the memory it holds where that is enough: the
    /// centered join lists anew for every choice of center queens, and allocating each list
    /// afresh let the allocator's freed blocks pile up (n = 18 on two threads peaked at 25
    /// to 35 MB from run to run; glibc raises its threshold for fresh mappings each time a
    /// large block is freed).
    pub(crate) fn relist(
        &mut self,
        n: usize,
        rows: usize,
        firsts: u32,
        with: u32,
        forbid: &[u32],
    ) -> Result<(), Error> {
        self.kept(n, rows, firsts, forbid, |cols| cols & with == with)
    }

    /// Lists the placements of `rows` rows of `n` with the first queen in one of the columns
    /// `firsts`, none on the squares of `forbid`, and columns that `keep` keeps.
    fn kept(
        &mut self,
        n: usize,
        rows: usize,
        firsts: u32,
        forbid: &[u32],
        keep: impl Fn(u32) -> bool,
    ) -> Result<(), Error> {
        self.halved = None;
        let sets = 1usize << n;
        // Two passes over the same search, so that the list is written once, in place,
        // without a second copy to sort: count per column set, then fill. `start[s]` is set
        // `s`'s next free slot while filling (`SKIP` for a set not kept: `keep` is asked
        // once per set, not per half board), then its end: one array, not a second one of
        // cursors (2 MB at n = 19, at the peak).
        const SKIP: u32 = u32::MAX;
        let Part {
            start, low, high, ..
        } = self;
        // Emptied first: the old lists are not needed while the new one is counted.
        low.clear();
        high.clear();
        zero(start, sets + 1)?;
        half_boards(n, rows, firsts, forbid, &mut |cols, _, _| {
            start[cols as usize] += 1
        });
        let mut boards = 0;
        for (s, slot) in start.iter_mut().enumerate().take(sets) {
            if keep(s as u32) {
                (*slot, boards) = (boards, boards + *slot);
            } else {
                *slot = SKIP;
            }
        }
        zero(low, boards as usize)?;
        zero(high, if 2 * n > 32 { boards as usize } else { 0 })?;
        half_boards(n, rows, firsts, forbid, &mut |cols, left, right| {
            let slot = &mut start[cols as usize];
            let packed = u64::from(left) | u64::from(right) << n;
            if let Some(l) = low.get_mut(*slot as usize) {
                *l = packed as u32;
                if let Some(h) = high.get_mut(*slot as usize) {
                    *h = (packed >> 32) as u8;
                }
                *slot += 1;
            }
        });
        let mut end = 0;
        for slot in start.iter_mut().take(sets) {
            let next = *slot;
            *slot = end;
            if next != SKIP {
                end = next;
            }
        }
        start[sets] = end;
        Ok(())
    }

    /// The placements of `rows` rows of `n` (`2n <= 32`) whose column sets are not above
    /// their mirror images (columns reversed): the others are those mirrored, which
    /// [`Part::of_any`] hands out. Half the memory (n = 16: 8 MB, not 16).
    pub(crate) fn halved(n: usize, rows: usize) -> Result<Part, Error> {
        if 2 * n > 32 {
            return Err(Error::BoardSize(n));
        }
        let all = (1u32 << n) - 1;
        let mut part = Part::default();
        part.kept(n, rows, all, &[], |cols| cols <= mirror(cols, n))?;
        part.halved = Some(n);
        Ok(part)
    }

    /// Whether this is a [`Part::halved`] list.
    pub(crate) fn is_halved(&self) -> bool {
        self.halved.is_some()
    }

    /// The half boards with the columns `cols`, and whether they are stored mirrored: for a
    /// [`Part::halved`] list and a set above its mirror image, its mirror image's, whose
    /// crossings [`mirrored`] turns into the set's own.
    pub(crate) fn of_any(&self, cols: u32) -> (&[u32], &[u8], bool) {
        match self.halved {
            Some(n) if cols > mirror(cols, n) => {
                let (low, high) = self.of(mirror(cols, n));
                (low, high, true)
            }
            _ => {
                let (low, high) = self.of(cols);
                (low, high, false)
            }
        }
    }

    /// The half boards with the columns `cols`, as slices of [`Part::low`] and
    /// [`Part::high`].
    pub(crate) fn of(&self, cols: u32) -> (&[u32], &[u8]) {
        let s = cols as usize;
        let (from, to) = match (self.start.get(s), self.start.get(s + 1)) {
            (Some(&from), Some(&to)) => (from as usize, to as usize),
            _ => (0, 0),
        };
        (
            self.low.get(from..to).unwrap_or_default(),
            self.high.get(from..to).unwrap_or_default(),
        )
    }
}

/// The crossings (packed as [`Part`] keeps them, `2n <= 32`) of the mirror image of the half
/// board whose crossings are `packed`: column `c` goes to `n - 1 - c` and the left-going
/// diagonals become right-going, which for `left | right << n` is all `2n` bits reversed.
#[inline(always)]
pub(crate) fn mirrored(packed: u32, n: usize) -> u32 {
    reversed(packed, 2 * n as u32)
}

/// The low `width` bits of `x` (1 to 32, the rest 0) in reverse order.
#[inline(always)]
fn reversed(x: u32, width: u32) -> u32 {
    x.reverse_bits() >> (32 - width)
}

/// How many pairs of a key of `top` and a key of `bottom` share no bit: this is where the
/// join spends its time at odd `n`. Tops go [`BLOCK`] at a time, so that each bottom key is
/// loaded once per block; plain loops over slices, so that the compiler vectorises them.
fn disjoint_pairs(top: &[u32], bottom: &[u32]) -> u64 {
    let mut blocks = top.chunks_exact(BLOCK);
    let mut sum = 0u64;
    for block in &mut blocks {
        let mut counts = [0u32; BLOCK];
        for &b in bottom {
            for (count, &t) in counts.iter_mut().zip(block) {
                *count += u32::from(b & t == 0);
            }
        }
        sum += counts.iter().map(|&c| u64::from(c)).sum::<u64>();
    }
    sum + blocks
        .remainder()
        .iter()
        .map(|&t| {
            let mut count = 0u32;
            for &b in bottom {
                count += u32::from(b & t == 0);
            }
            u64::from(count)
        })
        .sum::<u64>()
}

/// Pairs counted by [`disjoint_pairs`] after splitting on the key bits `bits` in turn.
pub(crate) fn split_pairs(top: &mut [u32], bottom: &mut [u32], bits: &[u32]) -> u64 {
    match bits.split_first() {
        Some((&bit, rest)) if top.len() * bottom.len() >= SPLIT_FROM => {
            let t = partition(top, bit);
            let b = partition(bottom, bit);
            let (top0, top1) = top.split_at_mut(t);
            split_pairs(top1, &mut bottom[..b], rest) + split_pairs(top0, bottom, rest)
        }
        _ => disjoint_pairs(top, bottom),
    }
}

/// How many key bits a join may split its lists on.
const SPLITS: usize = 8;
/// A join splits its lists while they make at least this many pairs: below it, the pairs
/// cost less to compare than to sort out.
const SPLIT_FROM: usize = 1 << 14;

/// Moves the keys without `bit` to the front, and returns how many there are.
fn partition(keys: &mut [u32], bit: u32) -> usize {
    let mut front = 0;
    for i in 0..keys.len() {
        // Always swapped, so that no branch depends on the key.
        keys.swap(i, front);
        front += usize::from(keys[front] & bit == 0);
    }
    front
}

/// Tops compared with the bottoms at once.
const BLOCK: usize = 4;

/// Calls `visit(columns, left, right)` for every placement of queens on the first `rows` rows
/// of an `n` board with the first queen in one of the columns `firsts` and none on a square
/// of `forbid` (row `r`'s in `forbid[r]`; rows past its end forbid nothing), where `left`
/// and `right` are the columns where its left- and right-going diagonals reach row `rows`.
pub(crate) fn half_boards(
    n: usize,
    rows: usize,
    firsts: u32,
    forbid: &[u32],
    visit: &mut impl FnMut(u32, u32, u32),
) {
    struct Walk<'a> {
        all: u32,
        rows: usize,
        forbid: &'a [u32],
    }
    fn go(
        walk: &Walk<'_>,
        row: usize,
        (cols, left, right): (u32, u32, u32),
        free: u32,
        visit: &mut impl FnMut(u32, u32, u32),
    ) {
        let mut free = free;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            // `left` may carry bits past column n - 1 for a while; they never come back.
            let next = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            if row + 1 == walk.rows {
                visit(next.0, next.1 & walk.all, next.2);
            } else {
                let blocked = next.0 | next.1 | next.2 | walk.forbid.get(row + 1).unwrap_or(&0);
                go(walk, row + 1, next, walk.all & !blocked, visit);
            }
        }
    }
    let walk = Walk {
        all: (1u32 << n) - 1,
        rows,
        forbid,
    };
    let free = walk.all & firsts & !forbid.first().unwrap_or(&0);
    if rows > 0 {
        go(&walk, 0, (0, 0, 0), free, visit);
    }
}

/// The columns `cols` of an `n` board reversed.
#[inline(always)]
pub(crate) fn mirror(cols: u32, n: usize) -> u32 {
    cols.reverse_bits() >> (32 - n)
}

/// Every set of `k` of the columns of `mask`, once each, in a fixed order: Gosper's hack over
/// the indices of `mask`'s columns (bit `i` of the index set stands for its `i`-th lowest
/// column). For `k = 0`, the empty set.
pub(crate) fn subsets(mask: u32, k: usize) -> impl Iterator<Item = u32> {
    let width = mask.count_ones() as usize;
    let mut next = (k <= width && k < 32).then(|| (1u32 << k) - 1);
    core::iter::from_fn(move || {
        let s = next?;
        next = match s {
            0 => None,
            _ => Some(next_set(s)).filter(|&t| u64::from(t) < 1u64 << width),
        };
        let (mut set, mut rest, mut columns) = (0, s, mask);
        while rest != 0 {
            let column = columns & columns.wrapping_neg();
            if rest & 1 == 1 {
                set |= column;
            }
            rest >>= 1;
            columns ^= column;
        }
        Some(set)
    })
}

/// The next larger set with as many columns as `s` (not 0): Gosper's hack.
pub(crate) fn next_set(s: u32) -> u32 {
    let low = s & s.wrapping_neg();
    let ripple = s + low;
    (((ripple ^ s) >> 2) / low) | ripple
}

/// The orbit whose first member is `orbit[0]`: how many distinct members it has if
/// `orbit[0]` is the least of them (the one that stands for the orbit), else 0.
#[inline(always)]
pub(crate) fn orbit_weight<T: Ord + Copy, const K: usize>(orbit: [T; K]) -> u64 {
    let first = orbit[0];
    let mut sorted = orbit;
    sorted.sort_unstable();
    if sorted[0] != first {
        return 0;
    }
    1 + sorted.windows(2).filter(|w| w[0] != w[1]).count() as u64
}

/// One group per orbit under the mirror and the vertical flip, with the orbit's size.
fn groups(n: usize) -> Vec<Group> {
    let shape = Shape::new(n);
    let all = shape.all;
    let mirror = |s: u32| mirror(s, n);
    let mut out = Vec::new();
    // Every column set of size k, in increasing order (Gosper's hack).
    let mut s: u32 = (1 << shape.k) - 1;
    while s <= all {
        for m1 in bits(all & !s) {
            // The second middle queen (even n): another column, not next to the first. Odd n
            // has none, written 0.
            let (seconds, none) = match shape.gap {
                1 => (0, Some(0)),
                _ => (all & !s & !m1 & !(m1 << 1) & !(m1 >> 1), None),
            };
            for m2 in bits(seconds).chain(none) {
                let bottom = all & !s & !m1 & !m2;
                // Upside down, the bottom becomes the top and the middle rows swap.
                let flip = if shape.gap == 1 { [m1, 0] } else { [m2, m1] };
                let weight = orbit_weight([
                    (s, [m1, m2]),
                    (mirror(s), [mirror(m1), mirror(m2)]),
                    (bottom, flip),
                    (mirror(bottom), [mirror(flip[0]), mirror(flip[1])]),
                ]);
                if weight > 0 {
                    out.push(Group {
                        top: s,
                        middle: [m1, m2],
                        weight,
                    });
                }
            }
        }
        s = next_set(s);
    }
    // The two orders of one pair of middle columns next to each other: they join the same
    // two sets, so the second join finds both prepared.
    out.sort_by_key(|g| (g.top, all & !g.top & !g.middle[0] & !g.middle[1]));
    out
}

/// The single bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        let bit = mask & mask.wrapping_neg();
        mask ^= bit;
        (bit != 0).then_some(bit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn join(n: usize) -> Join {
        Join::build(n, 1, &|_| {}).unwrap()
    }

    #[test]
    fn debug_shows_sizes_not_boards() {
        let j = join(8);
        assert_eq!(j.n(), 8);
        assert_eq!(
            std::format!("{j:?}"),
            std::format!(
                "Join {{ n: 8, half_boards: {}, groups: {} }}",
                j.half_boards(),
                j.groups()
            )
        );
    }

    #[test]
    fn half_boards_are_every_placement_of_the_top_rows() {
        // Placements of k = (n - 1) / 2 queens on the top k rows, counted by brute force over
        // column sequences, independently of the bitboards.
        for n in 4..=11 {
            let k = (n - 1) / 2;
            let mut count = 0;
            let mut cols = std::vec![0usize; k];
            'next: loop {
                let ok = (0..k).all(|i| {
                    (0..i).all(|j| cols[i] != cols[j] && cols[i].abs_diff(cols[j]) != i - j)
                });
                count += usize::from(ok);
                for i in (0..k).rev() {
                    cols[i] += 1;
                    if cols[i] < n {
                        continue 'next;
                    }
                    cols[i] = 0;
                }
                break;
            }
            assert_eq!(join(n).half_boards(), count, "n = {n}");
        }
    }

    /// A halved list hands out every set's half boards: those kept as they are, the others
    /// as their mirror images, which `mirrored` turns back.
    #[test]
    fn halved_lists_hold_every_set_mirrored_or_not() {
        for n in 4..=12 {
            let rows = (n - 1) / 2;
            let whole = Part::list(n, rows, (1 << n) - 1, 0, &[]).unwrap();
            let halved = Part::halved(n, rows).unwrap();
            assert!(halved.is_halved() && !whole.is_halved());
            // About half: the sets that are their own mirror images are kept whole.
            let (kept, all) = (halved.low.len(), whole.low.len());
            assert!(
                n < 8 || 2 * kept <= all + all / 4,
                "n = {n}: {kept} of {all}"
            );
            for set in 0u32..1 << n {
                let (low, _, flipped) = halved.of_any(set);
                assert_eq!(flipped, set > mirror(set, n), "n = {n}");
                let mut got: Vec<u32> = match flipped {
                    true => low.iter().map(|&p| mirrored(p, n)).collect(),
                    false => low.to_vec(),
                };
                let mut want = whole.of(set).0.to_vec();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "n = {n}, set = {set:b}");
            }
        }
        assert_eq!(Part::halved(17, 8).err(), Some(Error::BoardSize(17)));
    }

    /// The mirror image's key is the key mirrored, in both roles.
    #[test]
    fn mirror_keys_are_the_keys_of_mirror_images() {
        for n in [6, 9, 12, 16] {
            let (k, gap) = ((n - 2) / 2, 2 - n as u32 % 2);
            let shape = Shape::with(n, k, gap);
            half_boards(n, k, (1 << n) - 1, &[], &mut |_, left, right| {
                let packed = left | right << n;
                let image = u64::from(mirrored(packed, n));
                let packed = u64::from(packed);
                let top = key_of::<false>(shape, packed);
                assert_eq!(key_of::<false>(shape, image), shape.mirror_key(top));
                let bottom = key_of::<true>(shape, packed);
                assert_eq!(key_of::<true>(shape, image), shape.mirror_key(bottom));
                assert_eq!(mirrored(mirrored(packed as u32, n), n), packed as u32);
            });
        }
    }

    #[test]
    fn join_covers_4_to_its_limit_only() {
        for n in [0, 1, 2, 3, JOIN_MAX_N + 1, crate::MAX_N] {
            assert_eq!(
                Join::build(n, 1, &|_| {}).err(),
                Some(Error::BoardSize(n)),
                "n = {n}"
            );
        }
    }

    #[test]
    fn split_pairs_count_what_comparing_every_pair_counts() {
        // Lists of every length around the block and split thresholds, keys from sparse to
        // dense (xorshift, so the run is the same every time).
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u32
        };
        let shape = Shape::new(17);
        for round in 0..400 {
            let sizes = [round % 9, (round * 7) % 300 + round / 40 * 97];
            let mut lists = sizes.map(|len| {
                (0..len)
                    .map(|_| next() & next() & if round % 3 == 0 { next() } else { !0 })
                    .collect::<Vec<u32>>()
            });
            let brute: u64 = lists[0]
                .iter()
                .map(|&t| lists[1].iter().filter(|&&b| t & b == 0).count() as u64)
                .sum();
            let [top, bottom] = &mut lists;
            assert_eq!(
                split_pairs(top, bottom, &shape.split),
                brute,
                "round {round}"
            );
            assert_eq!(disjoint_pairs(top, bottom), brute, "round {round}");
        }
    }

    #[test]
    fn group_ranges_partition_the_count() {
        for n in 4..=13 {
            let j = join(n);
            let g = j.groups();
            let cuts = [0, g / 3, g / 2, g];
            let sum: u64 = cuts.windows(2).map(|w| j.count_groups(w[0]..w[1])).sum();
            assert_eq!(sum, j.count(), "n = {n}");
            // Past the end is empty; a range that overhangs the end keeps what is inside.
            assert_eq!(j.count_groups(g..g + 5), 0);
            let last = j.count_groups(g - 1..g);
            assert_eq!(j.count_groups(g - 1..g + 5), last, "n = {n}");
        }
    }

    #[test]
    fn progress_reports_every_part_and_group_once() {
        use core::sync::atomic::{AtomicU64, Ordering};
        let listed = AtomicU64::new(0);
        let joined = AtomicU64::new(0);
        let total = count(13, 2, &|p| {
            let seen = match p.stage {
                Stage::Listing => &listed,
                Stage::Counting => &joined,
            };
            seen.fetch_max(p.done, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(total, 73_712);
        assert_eq!(listed.into_inner(), 13);
        assert_eq!(joined.into_inner(), join(13).groups() as u64);
    }
}
