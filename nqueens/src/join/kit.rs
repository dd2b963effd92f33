//! The join's shared toolkit: the layout of a board cut into halves ([`Shape`]), lists of
//! half boards grouped by column set ([`Part`]), a half board prepared for one role
//! ([`Prepared`]), and the small bit tools every layout uses (mirrors, subsets, orbits).
//!
//! Everything here is below every layout: it imports nothing from the join but itself.

use std::vec::Vec;

use super::pairs::SPLITS;
use crate::error::Error;

/// The half boards whose first queen is in one column, sorted by the set of columns used.
#[derive(Clone, Default)]
pub(super) struct Part {
    /// `start[i]..start[i + 1]` are the half boards whose columns are the set of index `i`
    /// (see [`Index`]): the set itself, or its columns packed where the list can use only
    /// some columns.
    pub(super) start: Vec<u32>,
    /// Where each half board's queens cross row `k`, in `2n` bits: left-going diagonals in
    /// bits `0..n`, right-going in bits `n..2n`, bit `c` for column `c`. The low 32 bits here,
    /// the rest in `high` (n = 17 to 20) or `wide` (n = 21 to 24): 5 or 6 bytes a board
    /// rather than 8.
    pub(super) low: Vec<u32>,
    /// Bits 32 to 39 of the crossings where `32 < 2n <= 40`, else empty.
    pub(super) high: Vec<u8>,
    /// Bits 32 to 47 of the crossings where `2n > 40`, else empty.
    pub(super) wide: Vec<u16>,
    /// `Some(n)` where only the sets that are not above their mirror images are kept (see
    /// [`Part::halved`]).
    pub(super) halved: Option<usize>,
    index: Index,
}

/// Boards from this size on pack their sets (see [`Index`]): below it, `start` is 4 MB at
/// most, and the lookups through the tables cost more than they save (BENCHMARKS.md, "Past
/// n = 20").
const PACK_FROM_N: usize = 21;

/// Where a column set's half boards are in [`Part::start`]. A list of one choice of center
/// queens never uses their columns, nor any other column that every row forbids: its sets
/// are packed to the columns it can use (n = 21: 18 of them), so that `start` has 2^18
/// entries, not 2^21, is zeroed in a sixteenth of the time for each choice, and its lookups
/// stay in cache (n = 23: 1 MB, not 32).
#[derive(Clone, Default)]
struct Index {
    /// The columns the list can use; 0 where it can use all of them (no packing).
    used: u32,
    /// For each byte of a set, the byte's columns packed: byte `b` at `256 * b`.
    packed: Vec<u32>,
}

impl Index {
    /// The index of the columns that `forbid` leaves to `rows` rows of an `n` board (those
    /// not forbidden in every row).
    fn new(n: usize, rows: usize, forbid: &[u32]) -> Index {
        if n < PACK_FROM_N {
            return Index::default();
        }
        let all = (1u32 << n) - 1;
        let never = match forbid.get(..rows) {
            Some(rows) if !rows.is_empty() => rows.iter().fold(all, |a, f| a & f),
            _ => 0,
        };
        let used = all & !never;
        if used == all {
            return Index::default();
        }
        let mut packed = Vec::with_capacity(4 * 256);
        for byte in 0..4 {
            for value in 0..256u32 {
                packed.push(pack(value << (8 * byte), used));
            }
        }
        Index { used, packed }
    }

    /// How many indices there are for an `n` board.
    fn len(&self, n: usize) -> usize {
        match self.used {
            0 => 1 << n,
            used => 1 << used.count_ones(),
        }
    }

    /// The set of index `i`: [`Index::of`] undone.
    fn set(&self, i: usize) -> u32 {
        match self.used {
            0 => i as u32,
            used => unpack(i as u32, used),
        }
    }

    /// The index of the set `cols`; `None` for a set with a column the list never uses.
    #[inline(always)]
    fn of(&self, cols: u32) -> Option<usize> {
        if self.used == 0 {
            return Some(cols as usize);
        }
        if cols & !self.used != 0 {
            return None;
        }
        let byte = |b: u32| {
            let at = (256 * b + (cols >> (8 * b) & 0xff)) as usize;
            self.packed.get(at).copied().unwrap_or(0)
        };
        Some((byte(0) | byte(1) | byte(2) | byte(3)) as usize)
    }
}

/// The low bits of `x` spread to the columns of `mask`, in order: [`pack`] undone.
fn unpack(x: u32, mask: u32) -> u32 {
    let (mut out, mut bit, mut m) = (0, 0, mask);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x >> bit & 1 == 1 {
            out |= low;
        }
        bit += 1;
        m ^= low;
    }
    out
}

/// The bits of `x` at the columns of `mask`, moved down next to each other (what x86's
/// `pext` does, here for tables built once per list).
fn pack(x: u32, mask: u32) -> u32 {
    let (mut out, mut bit, mut m) = (0, 0, mask);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        m ^= low;
    }
    out
}

/// A half board as its joins need it: its key, and the columns its queens attack on the
/// nearest middle row and on the farthest (for the bottom role, read upside down).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Prepared {
    pub(super) key: u32,
    pub(super) near: u32,
    pub(super) far: u32,
}

/// The half boards of one column set of a [`Part`]: their crossings' low 32 bits, and the
/// rest in whichever width the part keeps.
#[derive(Clone, Copy)]
pub(super) struct Boards<'a> {
    pub(super) low: &'a [u32],
    high: High<'a>,
}

/// Bits 32 and up of the crossings of [`Boards`].
#[derive(Clone, Copy)]
enum High<'a> {
    None,
    Byte(&'a [u8]),
    Word(&'a [u16]),
}

impl Boards<'_> {
    /// How many half boards there are.
    pub(super) fn len(&self) -> usize {
        self.low.len()
    }

    /// Calls `each` with the packed crossings (`low | high << 32`) of every half board, in
    /// order: one loop per width, so that the width is asked once, not per board.
    #[inline(always)]
    pub(super) fn for_each(self, mut each: impl FnMut(u64)) {
        match self.high {
            High::None => self.low.iter().for_each(|&l| each(u64::from(l))),
            High::Byte(high) => {
                let boards = self.low.iter().zip(high);
                boards.for_each(|(&l, &h)| each(u64::from(l) | u64::from(h) << 32));
            }
            High::Word(high) => {
                let boards = self.low.iter().zip(high);
                boards.for_each(|(&l, &h)| each(u64::from(l) | u64::from(h) << 32));
            }
        }
    }
}

/// Appends to `out` the half boards `boards` prepared for the top role, or for the bottom
/// role if `BOTTOM`.
pub(super) fn prepare<const BOTTOM: bool>(
    shape: Shape,
    boards: Boards<'_>,
    out: &mut Vec<Prepared>,
) {
    let low = boards.low.iter();
    match boards.high {
        High::None => out.extend(low.map(|&l| prepared::<BOTTOM>(shape, u64::from(l)))),
        High::Byte(high) => out.extend(
            low.zip(high)
                .map(|(&l, &h)| prepared::<BOTTOM>(shape, u64::from(l) | u64::from(h) << 32)),
        ),
        High::Word(high) => out.extend(
            low.zip(high)
                .map(|(&l, &h)| prepared::<BOTTOM>(shape, u64::from(l) | u64::from(h) << 32)),
        ),
    }
}

/// The crossings of a half board of [`Part`] that attack a queen on the column `near` (a bit)
/// of its nearest middle row or on `far` of its farthest: such a board has a bit of this mask.
pub(super) fn attacking(shape: Shape, near: u32, far: u32) -> u64 {
    let s = shape.gap - 1;
    // On the row `s` further on, a left-going crossing has moved `s` columns up, a right-going
    // one `s` down.
    u64::from(near | (far >> s)) | u64::from(near | (far << s)) << shape.n
}

/// The key of a half board of [`Part`] in its packed form (`low | high << 32`), for the top
/// role or for the bottom role if `BOTTOM`: the top's with its two fields swapped, since
/// upside down the left-going diagonals go right.
#[inline(always)]
pub(super) fn key_of<const BOTTOM: bool>(shape: Shape, packed: u64) -> u32 {
    let l = (packed as u32 >> 1) & shape.field;
    let r = (packed >> (shape.n as u32 + shape.gap)) as u32 & shape.field;
    if BOTTOM {
        r | l << shape.bits
    } else {
        l | r << shape.bits
    }
}

/// One half board of [`Part`] (its crossings packed, `low | high << 32`) prepared for the top
/// role, or for the bottom role if `BOTTOM`.
#[inline(always)]
pub(super) fn prepared<const BOTTOM: bool>(shape: Shape, packed: u64) -> Prepared {
    let Shape {
        n,
        all,
        gap,
        bits,
        field,
        ..
    } = shape;
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

/// Stores `key` at `len` and moves `len` on if `ok`: no branch per half board, since which
/// boards pass is not predictable.
#[inline(always)]
pub(super) fn push<T>(out: &mut [T], len: &mut usize, key: T, ok: bool) {
    if let Some(slot) = out.get_mut(*len) {
        *slot = key;
    }
    *len += usize::from(ok);
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
pub(super) struct Shape {
    pub(super) n: usize,
    pub(super) all: u32,
    /// Rows in a half board.
    pub(super) k: usize,
    /// Middle rows: 1 for odd n, 2 for even n (the centered join: 3 and 4).
    pub(super) gap: u32,
    pub(super) bits: u32,
    pub(super) field: u32,
    /// The key bits [`split_pairs`] splits on, in order: the middle of each field, where
    /// about half the keys have the bit, first.
    pub(super) split: [u32; SPLITS],
}

impl Shape {
    /// The whole-list join's layout: halves of `(n - 1) / 2` rows, one or two middle rows.
    pub(super) fn new(n: usize) -> Shape {
        let k = (n - 1) / 2;
        Shape::with(n, k, (n - 2 * k) as u32)
    }

    /// Halves of `k` rows with `gap` rows between them (`n = 2k + gap`; keys fit 32 bits
    /// while `n - 1 - gap <= 16`).
    #[inline(always)]
    pub(super) fn with(n: usize, k: usize, gap: u32) -> Shape {
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
    pub(super) fn mirror_key(&self, key: u32) -> u32 {
        reversed(key, 2 * self.bits)
    }
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

impl Part {
    /// The placements of `rows` rows of `n` with the first queen in one of the columns
    /// `firsts`, a queen in each of the columns `with`, and none on the squares of `forbid`
    /// (as for [`half_boards`]).
    pub(super) fn list(
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
    pub(super) fn relist(
        &mut self,
        n: usize,
        rows: usize,
        firsts: u32,
        with: u32,
        forbid: &[u32],
    ) -> Result<(), Error> {
        self.kept(n, rows, firsts, forbid, |cols| cols & with == with)
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
        self.index = Index::new(n, rows, forbid);
        let sets = self.index.len(n);
        // Two passes over the same search, so that the list is written once, in place,
        // without a second copy to sort: count per column set, then fill. `start[i]` is set
        // `i`'s next free slot while filling (`SKIP` for a set not kept: `keep` is asked
        // once per set, not per half board), then its end: one array, not a second one of
        // cursors (2 MB at n = 19, at the peak).
        const SKIP: u32 = u32::MAX;
        let Part {
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
        half_boards(n, rows, firsts, forbid, &mut |cols, _, _| {
            if let Some(slot) = index.of(cols).and_then(|i| start.get_mut(i)) {
                *slot += 1;
            }
        });
        let mut boards = 0;
        for (i, slot) in start.iter_mut().enumerate().take(sets) {
            if keep(index.set(i)) {
                (*slot, boards) = (boards, boards + *slot);
            } else {
                *slot = SKIP;
            }
        }
        zero(low, boards as usize)?;
        zero(
            high,
            if (33..=40).contains(&(2 * n)) {
                boards as usize
            } else {
                0
            },
        )?;
        zero(wide, if 2 * n > 40 { boards as usize } else { 0 })?;
        half_boards(n, rows, firsts, forbid, &mut |cols, left, right| {
            let Some(slot) = index.of(cols).and_then(|i| start.get_mut(i)) else {
                return;
            };
            let packed = u64::from(left) | u64::from(right) << n;
            if let Some(l) = low.get_mut(*slot as usize) {
                *l = packed as u32;
                if let Some(h) = high.get_mut(*slot as usize) {
                    *h = (packed >> 32) as u8;
                }
                if let Some(w) = wide.get_mut(*slot as usize) {
                    *w = (packed >> 32) as u16;
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
    pub(super) fn halved(n: usize, rows: usize) -> Result<Part, Error> {
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
    pub(super) fn is_halved(&self) -> bool {
        self.halved.is_some()
    }

    /// The half boards with the columns `cols`, and whether they are stored mirrored: for a
    /// [`Part::halved`] list and a set above its mirror image, its mirror image's, whose
    /// crossings [`mirrored`] turns into the set's own.
    pub(super) fn of_any(&self, cols: u32) -> (Boards<'_>, bool) {
        match self.halved {
            Some(n) if cols > mirror(cols, n) => (self.of(mirror(cols, n)), true),
            _ => (self.of(cols), false),
        }
    }

    /// The half boards with the columns `cols`.
    pub(super) fn of(&self, cols: u32) -> Boards<'_> {
        let (from, to) = self.range(cols);
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

/// The crossings (packed as [`Part`] keeps them, `2n <= 32`) of the mirror image of the half
/// board whose crossings are `packed`: column `c` goes to `n - 1 - c` and the left-going
/// diagonals become right-going, which for `left | right << n` is all `2n` bits reversed.
#[inline(always)]
pub(super) fn mirrored(packed: u32, n: usize) -> u32 {
    reversed(packed, 2 * n as u32)
}

/// The low `width` bits of `x` (1 to 32, the rest 0) in reverse order.
#[inline(always)]
fn reversed(x: u32, width: u32) -> u32 {
    x.reverse_bits() >> (32 - width)
}

/// Calls `visit(columns, left, right)` for every placement of queens on the first `rows` rows
/// of an `n` board with the first queen in one of the columns `firsts` and none on a square
/// of `forbid` (row `r`'s in `forbid[r]`; rows past its end forbid nothing), where `left`
/// and `right` are the columns where its left- and right-going diagonals reach row `rows`.
pub(super) fn half_boards(
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
pub(super) fn mirror(cols: u32, n: usize) -> u32 {
    cols.reverse_bits() >> (32 - n)
}

/// Every set of `k` of the columns of `mask`, once each, in a fixed order: Gosper's hack over
/// the indices of `mask`'s columns (bit `i` of the index set stands for its `i`-th lowest
/// column). For `k = 0`, the empty set.
pub(super) fn subsets(mask: u32, k: usize) -> impl Iterator<Item = u32> {
    let width = mask.count_ones() as usize;
    let mut next = (k <= width && k < 32).then(|| (1u32 << k) - 1);
    core::iter::from_fn(move || {
        let s = next?;
        next = match s {
            0 => None,
            _ => Some(next_set(s)).filter(|&t| u64::from(t) < 1u64 << width),
        };
        Some(unpack(s, mask))
    })
}

/// The next larger set with as many columns as `s` (not 0): Gosper's hack.
pub(super) fn next_set(s: u32) -> u32 {
    let low = s & s.wrapping_neg();
    let ripple = s + low;
    (((ripple ^ s) >> 2) / low) | ripple
}

/// The orbit whose first member is `orbit[0]`: how many distinct members it has if
/// `orbit[0]` is the least of them (the one that stands for the orbit), else 0.
#[inline(always)]
pub(super) fn orbit_weight<T: Ord + Copy, const K: usize>(orbit: [T; K]) -> u64 {
    let first = orbit[0];
    let mut sorted = orbit;
    sorted.sort_unstable();
    if sorted[0] != first {
        return 0;
    }
    1 + sorted.windows(2).filter(|w| w[0] != w[1]).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

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
                let (boards, flipped) = halved.of_any(set);
                let low = boards.low;
                assert_eq!(flipped, set > mirror(set, n), "n = {n}");
                let mut got: Vec<u32> = match flipped {
                    true => low.iter().map(|&p| mirrored(p, n)).collect(),
                    false => low.to_vec(),
                };
                let mut want = whole.of(set).low.to_vec();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "n = {n}, set = {set:b}");
            }
        }
        assert_eq!(Part::halved(17, 8).err(), Some(Error::BoardSize(17)));
    }

    /// A list that can use only some columns (n = 21, two of them forbidden in every row)
    /// packs its sets, and hands out the same half boards and crossings, in the same order,
    /// as the same list kept by whole sets; a set with a forbidden column has none.
    #[test]
    fn packed_sets_hold_what_whole_sets_hold() {
        let n = 21;
        let rows = 3;
        let never = 1 << 5 | 1 << 20;
        let forbid = [never | 1 << 7, never, never | 1 << 2];
        let mut packed = Part::default();
        packed.relist(n, rows, (1 << n) - 1, 0, &forbid).unwrap();
        assert_eq!(packed.index.used, ((1 << n) - 1) & !never);
        assert_eq!(packed.start.len(), (1 << 19) + 1);
        // The same boards, listed by whole sets: the sets of each size-3 subset, by search.
        let mut want = std::collections::BTreeMap::<u32, Vec<u64>>::new();
        let all = (1u32 << n) - 1;
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
}
