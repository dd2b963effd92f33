//! Lists of half boards: every placement of a half's rows, grouped by the set of columns it
//! uses ([`List`]), and how a set finds its run ([`Index`]); one set's boards are handed out
//! as [`Boards`].

use std::vec::Vec;

use super::bits::mirror_columns;
use super::boards::Boards;
use super::index::Index;
use super::placements::half_boards;
use crate::arch::{keep_boards, HighBits as High};
use crate::board::full_mask;
use crate::error::Error;

/// The widest crossings (`2n` bits) that [`List::low`] holds alone: n up to 16.
pub(super) const LOW_BITS: usize = u32::BITS as usize;

/// The widest crossings that [`List::low`] and a byte more in [`List::high`] hold: n up to
/// 20. Wider ones keep 16 bits more in [`List::wide`].
pub(super) const HIGH_BITS: usize = LOW_BITS + u8::BITS as usize;

/// A set's next free slot while a list is filled, for a set whose boards are not kept.
const SKIP: u32 = u32::MAX;

/// The half boards whose first queen is in one column, sorted by the set of columns used.
#[derive(Clone, Default)]
pub(super) struct List {
    /// `start[i]..start[i + 1]` are the half boards whose columns are the set of index `i`
    /// (see [`Index`]): the set itself, or its columns packed where the list can use only
    /// some columns.
    pub(super) start: Vec<u32>,
    /// Where each half board's queens cross row `k`, in `2n` bits: left-going diagonals in
    /// bits `0..n`, right-going in bits `n..2n`, bit `c` for column `c`. The low 32 bits here,
    /// the rest in `high` (n = 17 to 20) or `wide` (n = 21 to 24): 5 or 6 bytes a board
    /// rather than 8.
    pub(super) low: Vec<u32>,
    /// Bits 32 to 39 of the crossings where `32 < 2n <= 40` ([`HIGH_BITS`]), else empty.
    pub(super) high: Vec<u8>,
    /// Bits 32 to 47 of the crossings where `2n > 40`, else empty.
    pub(super) wide: Vec<u16>,
    /// `Some(n)` where only the sets that are not above their mirror images are kept (see
    /// [`List::halved`]).
    pub(super) halved: Option<usize>,
    pub(super) index: Index,
}

/// Room for `more` items in `v`, or the bytes it would have needed.
pub(super) fn reserve<T>(v: &mut Vec<T>, more: usize) -> Result<(), Error> {
    v.try_reserve(more).map_err(|_| Error::OutOfMemory {
        bytes: more.saturating_mul(core::mem::size_of::<T>()),
    })
}

/// Makes `v` at least `len` long, zeros where it grows (room the filter writes into).
fn grow<T: Copy + Default>(v: &mut Vec<T>, len: usize) -> Result<(), Error> {
    if let Some(more) = len.checked_sub(v.len()).filter(|&more| more > 0) {
        reserve(v, more)?;
        v.resize(len, T::default());
    }
    Ok(())
}

/// A zeroed vector of `len`, or the bytes it would have needed.
pub(super) fn zeroed<T: Copy + Default>(len: usize) -> Result<Vec<T>, Error> {
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

impl List {
    /// The placements of `rows` rows of `n` with the first queen in one of the columns
    /// `firsts`, a queen in each of the columns `with`, and none on the squares of `forbid`
    /// (as for [`half_boards`]).
    pub(super) fn new(
        n: usize,
        rows: usize,
        firsts: u32,
        with: u32,
        forbid: &[u32],
    ) -> Result<List, Error> {
        let mut list = List::default();
        list.relist(n, rows, firsts, with, forbid, 1)?;
        Ok(list)
    }

    /// Makes this list [`List::new`]'s, in the memory it holds where that is enough: the
    /// centered join lists anew for every choice of center queens, and allocating each list
    /// afresh let the allocator's freed blocks pile up and the peak vary from run to run
    /// (glibc raises its threshold for fresh mappings each time a large block is freed).
    /// Written on `threads` threads (0: one per core; see [`fill`]).
    pub(super) fn relist(
        &mut self,
        n: usize,
        rows: usize,
        firsts: u32,
        with: u32,
        forbid: &[u32],
        threads: usize,
    ) -> Result<(), Error> {
        let keep = |cols| cols & with == with;
        self.kept((n, rows, firsts, forbid), keep, None, threads)
    }

    /// [`List::relist`] of a batch of a listing (`n`, `rows`, `firsts`, `forbid`, where
    /// `forbid` holds the columns `without` in every row): the sets that hold the columns
    /// `with` and none of `without`. Where `counted` counted the whole listing, the boards
    /// of the batch's sets are exactly the listing's, so only the filling pass searches:
    /// several batches of one listing share the one count (n = 19, whose bottoms come in
    /// four batches).
    pub(super) fn relist_batch(
        &mut self,
        counted: Option<&SetCounts>,
        listing: (usize, usize, u32, &[u32]),
        (with, without): (u32, u32),
        threads: usize,
    ) -> Result<(), Error> {
        let keep = |cols| cols & with == with && cols & without == 0;
        self.kept(listing, keep, counted, threads)
    }

    /// Where the half boards with the columns `cols` are in the lists.
    #[inline(always)]
    fn range(&self, cols: u32) -> (usize, usize) {
        let Some(s) = self.index.of(cols) else {
            return (0, 0);
        };
        match (self.start.get(s), self.start.get(s + 1)) {
            (Some(&from), Some(&to)) => (from as usize, to as usize),
            _ => (0, 0),
        }
    }

    /// Lists the placements of `rows` rows of `n` with the first queen in one of the columns
    /// `firsts`, none on the squares of `forbid` (`listing`), and columns that `keep` keeps,
    /// on `threads` threads; the boards of each set kept counted by `counted` where given,
    /// else by a search.
    fn kept(
        &mut self,
        listing: (usize, usize, u32, &[u32]),
        keep: impl Fn(u32) -> bool,
        counted: Option<&SetCounts>,
        threads: usize,
    ) -> Result<(), Error> {
        let (n, rows, _, forbid) = listing;
        self.halved = None;
        self.index = Index::new(n, rows, forbid);
        let sets = self.index.len(n);
        // Two passes over the same search, so that the list is written once, in place,
        // without a second copy to sort: count per column set, then fill. `start[i]` is set
        // `i`'s next free slot while filling (`SKIP` for a set not kept: `keep` is asked
        // once per set, not per half board), then its end: one array, not a second one of
        // cursors, at the peak of the count.
        let List {
            start,
            low,
            high,
            wide,
            index,
            ..
        } = self;
        // Emptied first: the old lists are not needed while the new one is counted.
        low.clear();
        high.clear();
        wide.clear();
        zero(start, sets + 1)?;
        match counted {
            Some(counted) => {
                for (i, slot) in start.iter_mut().enumerate().take(sets) {
                    *slot = counted.of(index.set(i));
                }
            }
            None => count_sets(listing, index, start, threads)?,
        }
        let mut boards = 0;
        for (i, slot) in start.iter_mut().enumerate().take(sets) {
            if keep(index.set(i)) {
                (*slot, boards) = (boards, boards + *slot);
            } else {
                *slot = SKIP;
            }
        }
        fill(
            listing,
            index,
            start,
            (low, high, wide),
            boards as usize,
            threads,
        )?;
        #[cfg(nqueens_profile)]
        {
            use core::sync::atomic::Ordering::Relaxed;
            super::profile::LISTED.fetch_add(u64::from(boards), Relaxed);
            super::profile::LISTS.fetch_add(1, Relaxed);
        }
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

    /// Makes this list the half boards of `from` whose column set lacks the columns `column`
    /// and whose crossings have no bit of `hits`, in `from`'s order and with its index: a
    /// list with one more queen to avoid, without a search. One pass that reads `from` in
    /// order and writes in order, where listing searches twice and writes each board to a
    /// place anywhere in the list.
    pub(super) fn filtered(&mut self, from: &List, column: u32, hits: u64) -> Result<(), Error> {
        self.halved = None;
        self.index = from.index.clone();
        let sets = from.start.len().saturating_sub(1);
        let List {
            start,
            low,
            high,
            wide,
            ..
        } = self;
        start.clear();
        low.clear();
        high.clear();
        wide.clear();
        reserve(start, sets + 1)?;
        let mut kept = 0;
        for i in 0..sets {
            start.push(kept as u32);
            let (Some(&a), Some(&b)) = (from.start.get(i), from.start.get(i + 1)) else {
                continue;
            };
            if a >= b || from.index.set(i) & column != 0 {
                continue;
            }
            let range = a as usize..b as usize;
            let low_in = from.low.get(range.clone()).unwrap_or_default();
            // Room for the kernel's last whole vector past the boards kept so far.
            let room = kept + low_in.len().next_multiple_of(crate::arch::PAD);
            grow(low, room)?;
            let out = low.get_mut(kept..).unwrap_or_default();
            kept += if !from.wide.is_empty() {
                grow(wide, room)?;
                let (high_in, high_out) = (from.wide.get(range), wide.get_mut(kept..));
                keep_boards(
                    low_in,
                    high_in.unwrap_or_default(),
                    hits,
                    out,
                    high_out.unwrap_or_default(),
                )
            } else if !from.high.is_empty() {
                grow(high, room)?;
                let (high_in, high_out) = (from.high.get(range), high.get_mut(kept..));
                keep_boards(
                    low_in,
                    high_in.unwrap_or_default(),
                    hits,
                    out,
                    high_out.unwrap_or_default(),
                )
            } else {
                keep_boards::<u8>(low_in, &[], hits, out, &mut [])
            };
        }
        start.push(kept as u32);
        low.truncate(kept);
        high.truncate(kept);
        wide.truncate(kept);
        Ok(())
    }

    /// The placements of `rows` rows of `n` (`2n <= 32`) whose column sets are not above
    /// their mirror images (columns reversed): the others are those mirrored, which
    /// [`List::find`] hands out. Half the memory.
    pub(super) fn halved(n: usize, rows: usize) -> Result<List, Error> {
        if 2 * n > LOW_BITS {
            return Err(Error::BoardSize(n));
        }
        let all = full_mask(n);
        let mut list = List::default();
        let keep = |cols| cols <= mirror_columns(cols, n);
        list.kept((n, rows, all, &[]), keep, None, 1)?;
        list.halved = Some(n);
        Ok(list)
    }

    /// Whether this is a [`List::halved`] list.
    pub(super) fn is_halved(&self) -> bool {
        self.halved.is_some()
    }

    /// The half boards with the columns `cols`, and whether they are stored mirrored (see
    /// [`List::find`]).
    #[cfg(test)]
    pub(super) fn of_any(&self, cols: u32) -> (Boards<'_>, bool) {
        let found = self.find(cols);
        (self.at(found), found.flipped)
    }

    /// The half boards with the columns `cols`.
    pub(super) fn of(&self, cols: u32) -> Boards<'_> {
        let (from, to) = self.range(cols);
        self.at(Found {
            from,
            to,
            flipped: false,
        })
    }

    /// Where the half boards with the columns `cols` are, to be read by [`List::at`], and
    /// whether they are stored mirrored: for a [`List::halved`] list and a set above its
    /// mirror image, its mirror image's, whose crossings
    /// [`mirror_crossings`](super::bits::mirror_crossings) turns into the set's own.
    ///
    /// A join finds all of its bottom sets before it reads any, so that their look-ups,
    /// each a miss in a large `start`, wait for memory together rather than one by one.
    #[inline(always)]
    pub(super) fn find(&self, cols: u32) -> Found {
        let (cols, flipped) = match self.halved {
            Some(n) if cols > mirror_columns(cols, n) => (mirror_columns(cols, n), true),
            _ => (cols, false),
        };
        let (from, to) = self.range(cols);
        Found { from, to, flipped }
    }

    /// The half boards that [`List::find`] found.
    #[inline(always)]
    pub(super) fn at(&self, found: Found) -> Boards<'_> {
        let (from, to) = (found.from, found.to);
        let high = if !self.wide.is_empty() {
            High::Word(self.wide.get(from..to).unwrap_or_default())
        } else if !self.high.is_empty() {
            High::Byte(self.high.get(from..to).unwrap_or_default())
        } else {
            High::None
        };
        Boards {
            low: self.low.get(from..to).unwrap_or_default(),
            high,
        }
    }
}

/// How many half boards each column set has in one listing, for the lists of several
/// batches of it to share ([`List::relist_batch`]).
pub(super) struct SetCounts {
    index: Index,
    counts: Vec<u32>,
}

impl SetCounts {
    /// The counts of the placements of `rows` rows of `n` with the first queen in one of
    /// the columns `firsts` and none on the squares of `forbid`, on `threads` threads.
    pub(super) fn new(
        n: usize,
        rows: usize,
        firsts: u32,
        forbid: &[u32],
        threads: usize,
    ) -> Result<SetCounts, Error> {
        let index = Index::new(n, rows, forbid);
        let mut counts = zeroed(index.len(n))?;
        count_sets((n, rows, firsts, forbid), &index, &mut counts, threads)?;
        Ok(SetCounts { index, counts })
    }

    /// How many boards have the columns `cols`.
    fn of(&self, cols: u32) -> u32 {
        let i = self.index.of(cols);
        i.and_then(|i| self.counts.get(i)).copied().unwrap_or(0)
    }
}

/// Where a set's half boards are in a [`List`] ([`List::find`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Found {
    from: usize,
    to: usize,
    /// Whether they are stored mirrored (see [`List::find`]).
    pub(super) flipped: bool,
}

/// The first pass of [`List::kept`] over the listing (`n`, `rows`, `firsts`, `forbid`): adds
/// to `start[i]` how many boards the set of index `i` has. On `threads` threads, each
/// searches from some of the first columns (dealt in turn) into counts of its own, which
/// are added up after.
fn count_sets(
    listing: (usize, usize, u32, &[u32]),
    index: &Index,
    start: &mut [u32],
    threads: usize,
) -> Result<(), Error> {
    let (n, rows, firsts, forbid) = listing;
    let count = |firsts: u32, counts: &mut [u32]| {
        half_boards(n, rows, firsts, forbid, &mut |cols, _, _| {
            if let Some(slot) = index.of(cols).and_then(|i| counts.get_mut(i)) {
                *slot += 1;
            }
        });
    };
    let threads = crate::parallel::allowed(threads).min(firsts.count_ones() as usize);
    if threads <= 1 {
        count(firsts, start);
        return Ok(());
    }
    let mut groups = std::vec![0u32; threads];
    let columns = (0..u32::BITS).filter(|c| firsts >> c & 1 == 1);
    for (k, c) in columns.enumerate() {
        groups[k % threads] |= 1 << c;
    }
    let mut others = Vec::new();
    for _ in 1..threads {
        others.push(zeroed::<u32>(start.len())?);
    }
    {
        let mine = core::iter::once(&mut *start);
        let counts = mine.chain(others.iter_mut().map(|o| &mut o[..]));
        let items = groups.iter().copied().zip(counts);
        crate::parallel::sum(items, threads, |(group, counts)| {
            count(group, counts);
            0u64
        });
    }
    for other in &others {
        for (s, &c) in start.iter_mut().zip(other) {
            *s += c;
        }
    }
    Ok(())
}

/// The second pass of [`List::kept`] over the same listing (`n`, `rows`, `firsts`,
/// `forbid`): writes the crossings of each half board kept into `low` (and `high` or `wide`,
/// where they need more than 32 bits) at its set's next free slot in `start` (`SKIP` for a
/// set not kept), `boards` of them in all.
///
/// On `threads` threads, each takes a run of the sets, about as many boards each, and
/// the part of the list they fill: each searches every board and writes those of its sets.
/// The search is repeated, but this pass waits on memory more than it searches (a board's
/// place is anywhere in a list of megabytes), and each thread waits on its part only. Each
/// board's place is asked of the caches [`FILL_AHEAD`] boards before it is written, so that
/// those waits overlap.
fn fill(
    (n, rows, firsts, forbid): (usize, usize, u32, &[u32]),
    index: &Index,
    start: &mut [u32],
    (low, high, wide): (&mut Vec<u32>, &mut Vec<u8>, &mut Vec<u16>),
    boards: usize,
    threads: usize,
) -> Result<(), Error> {
    zero(low, boards)?;
    let bits = 2 * n;
    zero(
        high,
        if bits > LOW_BITS && bits <= HIGH_BITS {
            boards
        } else {
            0
        },
    )?;
    zero(wide, if bits > HIGH_BITS { boards } else { 0 })?;
    let list = (&mut low[..], &mut high[..], &mut wide[..]);
    let parts = Part::cut(start, list, boards, crate::parallel::allowed(threads));
    crate::parallel::sum(parts.into_iter(), threads, |mut part| {
        half_boards(n, rows, firsts, forbid, &mut |cols, left, right| {
            if let Some(i) = index.of(cols) {
                part.put(i, u64::from(left) | u64::from(right) << n);
            }
        });
        0u64
    });
    Ok(())
}

/// A run of a list's sets and the part of the list that holds their boards, which one
/// thread of [`fill`] writes.
struct Part<'a> {
    /// The first set of the run.
    first: usize,
    /// Where the part starts in the list.
    base: usize,
    /// The sets' next free slots (in the whole list).
    start: &'a mut [u32],
    low: &'a mut [u32],
    high: &'a mut [u8],
    wide: &'a mut [u16],
    /// The last boards put, not yet written.
    ring: Ring,
}

/// The last [`FILL_AHEAD`] boards a [`Part`] put, each with its place (`NOWHERE`: none):
/// each is written when its slot comes round again, its cache lines asked for meanwhile.
struct Ring {
    boards: [(usize, u64); FILL_AHEAD],
    /// The slot the next board takes.
    next: usize,
}

/// A place in no list: a [`Ring`]'s slot that holds no board.
const NOWHERE: usize = usize::MAX;

impl Ring {
    const EMPTY: Ring = Ring {
        boards: [(NOWHERE, 0); FILL_AHEAD],
        next: 0,
    };

    /// Puts `board` in, and returns the board it takes the slot of, the oldest.
    #[inline(always)]
    fn swap(&mut self, board: (usize, u64)) -> (usize, u64) {
        let old = core::mem::replace(&mut self.boards[self.next], board);
        self.next = (self.next + 1) % FILL_AHEAD;
        old
    }
}

/// How many boards [`fill`] puts before it writes one: its place, anywhere in a list of
/// megabytes, is asked of the caches when the board is put, and the writes no longer wait
/// on memory one at a time.
const FILL_AHEAD: usize = 32;

impl<'a> Part<'a> {
    /// `start` (next free slots, `SKIP` for a set not kept) and the list cut into
    /// `threads` parts of about as many of the `boards` each (fewer if the sets are few).
    fn cut(
        start: &'a mut [u32],
        (low, high, wide): (&'a mut [u32], &'a mut [u8], &'a mut [u16]),
        boards: usize,
        threads: usize,
    ) -> Vec<Part<'a>> {
        let sets = start.len().saturating_sub(1);
        let mut parts = Vec::new();
        let (mut start, mut low, mut high, mut wide) = (&mut start[..sets], low, high, wide);
        let (mut first, mut base) = (0, 0);
        for k in 1..threads.max(1) {
            // The first set whose boards start at or past the k-th share of them.
            let target = (boards * k / threads) as u32;
            let Some(cut) = start.iter().position(|&s| s != SKIP && s >= target) else {
                break;
            };
            let at = (start[cut] as usize).saturating_sub(base);
            if cut == 0 || at == 0 {
                continue;
            }
            let lens = (low.len(), high.len(), wide.len());
            let (s, s_rest) = core::mem::take(&mut start).split_at_mut(cut);
            let (l, l_rest) = core::mem::take(&mut low).split_at_mut(at.min(lens.0));
            let (h, h_rest) = core::mem::take(&mut high).split_at_mut(at.min(lens.1));
            let (w, w_rest) = core::mem::take(&mut wide).split_at_mut(at.min(lens.2));
            parts.push(Part {
                first,
                base,
                start: s,
                low: l,
                high: h,
                wide: w,
                ring: Ring::EMPTY,
            });
            (start, low, high, wide) = (s_rest, l_rest, h_rest, w_rest);
            (first, base) = (first + cut, base + at);
        }
        parts.push(Part {
            first,
            base,
            start,
            low,
            high,
            wide,
            ring: Ring::EMPTY,
        });
        parts
    }

    /// Writes the board `packed` of the set of index `i` at its set's next free slot, if
    /// the set is in this part's run: [`FILL_AHEAD`] boards later, its place asked of the
    /// caches now (see [`Ring`]).
    #[inline(always)]
    fn put(&mut self, i: usize, packed: u64) {
        let Some(slot) = i
            .checked_sub(self.first)
            .and_then(|j| self.start.get_mut(j))
        else {
            return;
        };
        let at = (*slot as usize).wrapping_sub(self.base);
        let Some(l) = self.low.get(at..=at) else {
            return;
        };
        *slot += 1;
        crate::arch::prefetch(l);
        if let Some(h) = self.high.get(at..=at) {
            crate::arch::prefetch(h);
        }
        if let Some(w) = self.wide.get(at..=at) {
            crate::arch::prefetch(w);
        }
        let oldest = self.ring.swap((at, packed));
        self.write(oldest);
    }

    /// Writes `packed` at `at` in this part (nothing for [`NOWHERE`]).
    #[inline(always)]
    fn write(&mut self, (at, packed): (usize, u64)) {
        if let Some(l) = self.low.get_mut(at) {
            *l = packed as u32;
            if let Some(h) = self.high.get_mut(at) {
                *h = (packed >> 32) as u8;
            }
            if let Some(w) = self.wide.get_mut(at) {
                *w = (packed >> 32) as u16;
            }
        }
    }
}

impl Drop for Part<'_> {
    /// Writes the boards still in its [`Ring`]: a part's last boards are written when
    /// its thread is done with it.
    fn drop(&mut self) {
        let ring = core::mem::replace(&mut self.ring, Ring::EMPTY);
        ring.boards.into_iter().for_each(|board| self.write(board));
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::bits::{mirror_crossings, pack, subsets, unpack};
    use crate::boards::Kept;
    use crate::shape::{Prepared, Shape};

    /// Each set's boards, as their low 32 bits and the rest, sorted: what a list holds,
    /// whatever the order of the boards within their sets ([`List::pieced`]'s differs from
    /// a search's).
    pub(crate) fn sets_sorted(list: &List) -> Vec<Vec<(u32, u16)>> {
        let sets = list.start.len().saturating_sub(1);
        (0..sets)
            .map(|i| {
                let range = list.start[i] as usize..list.start[i + 1] as usize;
                let mut boards: Vec<(u32, u16)> = range
                    .map(|j| {
                        let high = list.high.get(j).map(|&h| u16::from(h));
                        (list.low[j], high.or(list.wide.get(j).copied()).unwrap_or(0))
                    })
                    .collect();
                boards.sort_unstable();
                boards
            })
            .collect()
    }

    /// The lists of batches that share one counting pass are the lists each batch's own
    /// search counts, board for board: every subset of two columns held, the squares of a
    /// queen forbidden as the centered join forbids them, one thread and two.
    #[test]
    fn batches_counted_once_list_what_their_own_counts_list() {
        for (n, rows, queen) in [(9, 4, 2), (11, 4, 5), (13, 6, 0), (17, 6, 9), (22, 6, 20)] {
            let all = full_mask(n);
            let forbid: Vec<u32> = (0..rows)
                .map(|r| {
                    let (q, d) = (1u32 << queen, (rows + 1 - r) as u32);
                    q | (q << d) & all | q >> d
                })
                .collect();
            let split = 0b11 << (n - 4);
            for threads in [1, 2] {
                let counted = SetCounts::new(n, rows, all, &forbid, threads).unwrap();
                for with in [0, split & split << 1, split & !(split << 1), split] {
                    let without = split & !with;
                    let forbid: Vec<u32> = forbid.iter().map(|f| f | without).collect();
                    let own = List::new(n, rows, all, with, &forbid).unwrap();
                    let mut shared = List::default();
                    let listing = (n, rows, all, &forbid[..]);
                    shared
                        .relist_batch(Some(&counted), listing, (with, without), threads)
                        .unwrap();
                    assert_eq!(own.start, shared.start, "n = {n}, with {with:b}");
                    assert_eq!(own.low, shared.low, "n = {n}, with {with:b}");
                    assert_eq!(own.high, shared.high, "n = {n}, with {with:b}");
                    assert_eq!(own.wide, shared.wide, "n = {n}, with {with:b}");
                    assert!(!own.low.is_empty(), "n = {n}, with {with:b}");
                }
            }
        }
    }

    /// A halved list hands out every set's half boards: those kept as they are, the others
    /// as their mirror images, which `mirror_crossings` turns back.
    #[test]
    fn halved_lists_hold_every_set_mirrored_or_not() {
        for n in 4..=12 {
            let rows = (n - 1) / 2;
            let whole = List::new(n, rows, full_mask(n), 0, &[]).unwrap();
            let halved = List::halved(n, rows).unwrap();
            assert!(halved.is_halved() && !whole.is_halved());
            // About half: the sets that are their own mirror images are kept whole.
            let (kept, all) = (halved.low.len(), whole.low.len());
            assert!(
                n < 8 || 2 * kept <= all + all / 4,
                "n = {n}: {kept} of {all}"
            );
            for set in 0u32..1 << n {
                let (boards, flipped) = halved.of_any(set);
                let low = boards.low;
                assert_eq!(flipped, set > mirror_columns(set, n), "n = {n}");
                let mut got: Vec<u32> = match flipped {
                    true => low.iter().map(|&p| mirror_crossings(p, n)).collect(),
                    false => low.to_vec(),
                };
                let mut want = whole.of(set).low.to_vec();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "n = {n}, set = {set:b}");
            }
        }
        assert_eq!(List::halved(17, 8).err(), Some(Error::BoardSize(17)));
    }

    /// A list made on several threads (each counting from some first columns, then filling
    /// a run of the sets) is the list made on one, for lists of every width of crossings,
    /// with a batch's columns required and some squares forbidden.
    #[cfg(feature = "parallel")]
    #[test]
    fn lists_made_on_threads_are_the_list_made_on_one() {
        for (n, rows, firsts, with) in [
            (9, 4, full_mask(9), 0),
            (17, 5, full_mask(17), 0),
            (18, 4, 0b1111_0000, 1 << 9),
            (21, 4, full_mask(21), 0),
        ] {
            let forbid = [1 << 3, 0, 1 << (n - 2), 1 << 1];
            let mut one = List::default();
            one.relist(n, rows, firsts, with, &forbid, 1).unwrap();
            assert!(!one.low.is_empty());
            for threads in [2, 3, 7, 64] {
                let mut many = List::default();
                many.relist(n, rows, firsts, with, &forbid, threads)
                    .unwrap();
                let same = (&many.start, &many.low, &many.high, &many.wide)
                    == (&one.start, &one.low, &one.high, &one.wide);
                assert!(same, "n = {n}, {threads} threads");
            }
        }
    }

    /// A set's boards kept clear of some crossings as they are prepared are the boards of
    /// the list filtered for them, prepared: for crossings of every width, with sets of
    /// every size against the kernels' vectors, and the buffers reused from set to set.
    #[test]
    fn boards_kept_as_prepared_are_the_filtered_lists() {
        let mut draw = crate::bits::xorshift(0x2545_f491_4f6c_dd1d);
        for (n, rows, h) in [(12, 4, 4), (18, 5, 5), (22, 6, 6)] {
            let shape = Shape::with(n, h, 2);
            let list = List::new(n, rows, full_mask(n), 0, &[]).unwrap();
            let mut kept = Kept::default();
            // Crossings to avoid on each side of bit 32, past it alone, and drawn.
            let top = 2 * n as u64 - 1;
            let drawn = (0..3).fold(0, |h, _| h | 1 << (draw() % top));
            let mut removed = 0;
            for hits in [1 << 2 | 1 << (top - 2), 1 << (n + 5), 1 << top, drawn] {
                let mut filtered = List::default();
                filtered.filtered(&list, 0, hits).unwrap();
                let mut checked = 0;
                for set in subsets(full_mask(n), rows) {
                    let (mut want, mut got) = (Vec::new(), Vec::new());
                    filtered.of(set).prepare_into::<false>(shape, &mut want);
                    list.of(set)
                        .prepare_clear_into(hits, shape, &mut kept, &mut got);
                    let fields = |p: &Prepared| (p.key, p.near, p.far);
                    let [want, got] = [want, got].map(|v| v.iter().map(fields).collect::<Vec<_>>());
                    assert_eq!(want, got, "n = {n}, hits {hits:b}, set {set:b}");
                    checked += got.len();
                }
                assert!(checked > 0, "n = {n}, hits {hits:b}");
                removed += list.low.len() - checked;
            }
            assert!(removed > 0, "n = {n}");
        }
    }

    /// A list that can use only some columns (n = 21, two of them forbidden in every row)
    /// packs its sets, and hands out the same half boards and crossings, in the same order,
    /// as the same list kept by complete sets; a set with a forbidden column has none.
    #[test]
    fn packed_sets_hold_what_whole_sets_hold() {
        let n = 21;
        let rows = 3;
        let never = 1 << 5 | 1 << 20;
        let forbid = [never | 1 << 7, never, never | 1 << 2];
        let mut packed = List::default();
        packed.relist(n, rows, full_mask(n), 0, &forbid, 1).unwrap();
        assert_eq!(packed.index.used, (full_mask(n)) & !never);
        assert_eq!(packed.start.len(), (1 << 19) + 1);
        // The same boards, listed by complete sets: the sets of each size-3 subset, by search.
        let mut want = std::collections::BTreeMap::<u32, Vec<u64>>::new();
        let all = full_mask(n);
        half_boards(n, rows, all, &forbid, &mut |cols, left, right| {
            let crossing = u64::from(left) | u64::from(right) << n;
            want.entry(cols).or_default().push(crossing);
        });
        let mut seen = 0;
        for set in subsets(all, rows) {
            let mut got = Vec::new();
            packed.of(set).for_each(|p| got.push(p));
            assert_eq!(
                got,
                want.get(&set).cloned().unwrap_or_default(),
                "set {set:b}"
            );
            assert!(set & never == 0 || got.is_empty());
            seen += got.len();
        }
        assert_eq!(seen, packed.low.len());
        assert_eq!(
            Index::new(20, rows, &forbid).used,
            0,
            "no packing below n = 21"
        );
        for x in [0u32, 1, 0b1011, 0x7ffff] {
            assert_eq!(pack(unpack(x, packed.index.used), packed.index.used), x);
        }
    }
}
