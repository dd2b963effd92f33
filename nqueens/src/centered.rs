//! The join with the center rows' queens fixed: every solution of n = 17 to 20 in bounded
//! memory, and (with no center rows) of even n up to 16.
//!
//! The whole-list join (module `join`) keeps every half board of `(n - 1) / 2` rows: 175 MB
//! at n = 17, 380 MB at 18, and about 8 times more per n. Here the board is cut differently.
//! The center row (odd `n`) or two center rows (even `n`) get their queens first, one choice
//! at a time: the *outer* loop. Around them are two middle rows, and outside those two halves
//! of `h` rows (n = 19: 8 + 1 + 1 + 1 + 8; n = 20: 8 + 1 + 2 + 1 + 8). For one choice of
//! center queens only the half boards that leave them unattacked are listed, one row shorter
//! than the whole-list join's and a tenth to a third of them. Then the join is the
//! whole-list join's: a top set, a queen on each middle row, a bottom set with the rest of
//! the columns, and keys with no bit in common.
//!
//! Memory, kept within twice the quarter-board join's peak (the peak of a whole count):
//! - Even n up to 16, with no center rows: one list serves both roles, and it keeps only the
//!   column sets that are not above their mirror images (n = 16: 8 MB, not 16; `Part::halved`).
//! - Odd n: one list would serve both roles, and would hold every half board. It keeps only
//!   the bottoms, those without the last column, and the tops are put together when joined
//!   from two small pieces (module `pieces`; `Layout::bottoms_without`). n = 19 lists even
//!   those bottoms in four classes, one at a time.
//! - n = 18 and 20 list each role (the center rows swap upside down); n = 20 its bottoms in
//!   four classes.
//!
//! Symmetry: the outer choices come one per orbit under the mirror (and for even n the
//! vertical flip, which swaps the two center rows), weighted by the orbit's size. For odd n
//! the flip keeps the center row, so inside one outer choice a join and its upside-down twin
//! (top and bottom sets swapped) are done once, counted twice. With no center rows, one join
//! per orbit of the mirror and the flip is done (see `Layout::weight`).

use std::vec::Vec;

use crate::counting::{Progress, Stage};
use crate::error::Error;
use crate::join::{
    attacking, key_of, mirror, mirrored, orbit_weight, prepare, push, split_pairs, subsets, Part,
    Prepared, Shape,
};
use crate::pieces::Pieces;

/// The sizes the centered join counts. From 17 it is as fast as the whole-list join in a
/// tenth of the memory or less (16 MB against 185 MB at 17, 30 against 413 at 18, before
/// the odd sizes' tops were put together from pieces); past 20 its keys would not fit 32
/// bits. It counts every `n` from 5 correctly (the tests check it
/// against the known counts), only slower than the whole-list join below 17.
pub(crate) const CENTERED_N: core::ops::RangeInclusive<usize> = 17..=20;

/// Every solution of `n` (5 to 20) on `threads` threads (0: one per core; one without the
/// feature `parallel`), reporting the top sets joined to `progress`.
/// [`Error::OutOfMemory`] where one outer choice's half boards do not fit.
pub(crate) fn count(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    count_share(n, 1, 1, threads, progress)
}

/// Every solution of an even `n` from 6 to 16, by the same loops with no center rows: the
/// whole list of half boards at once, and a join per orbit of the mirror and the flip.
pub(crate) fn count_whole(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    if n % 2 == 1 || !(6..=16).contains(&n) {
        return Err(Error::BoardSize(n));
    }
    count_with(Layout::whole(n), 1, 1, threads, progress)
}

/// Share `k` of `m` (`1 <= k <= m`) of the count of `n`, as [`count`] counts it.
///
/// The count is cut into units, one per outer choice and top set, in a fixed order: every
/// outer choice has the same number of top sets (those of the columns the center queens
/// leave). Share `k` takes the units from `(k - 1) U / m` to `k U / m` (rounded down, `U`
/// units in all): a run, so that a share lists the half boards of one or two outer choices,
/// not of all of them. The shares never overlap and cover every unit, and which units a
/// share holds depends on `n`, `k` and `m` alone.
pub(crate) fn count_share(
    n: usize,
    k: u64,
    m: u64,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    if !(5..=20).contains(&n) {
        return Err(Error::BoardSize(n));
    }
    count_with(Layout::new(n), k, m, threads, progress)
}

/// Share `k` of `m` of the count, cut by `layout`.
fn count_with(
    layout: Layout,
    k: u64,
    m: u64,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    if k == 0 || k > m {
        return Err(Error::Share { k, m });
    }
    let n = layout.n;
    // The layout the sizes counted for real use, with a copy of the loops each.
    let fixed = layout.center == Layout::for_size(n).center;
    let outers = layout.outers();
    let per = layout.tops_per_outer();
    let units = outers.len() as u64 * per;
    let cut = |k: u64| (u128::from(k) * u128::from(units) / u128::from(m)) as u64;
    let (lo, hi) = (cut(k - 1), cut(k));
    let classes = layout.bottom_classes();
    let done = core::sync::atomic::AtomicU64::new(0);
    // The lists, refilled in place for each outer choice (see `Part::relist`).
    let (mut top_list, mut bottom_list) = (Part::default(), Part::default());
    let mut total = 0;
    for (i, outer) in outers.iter().enumerate() {
        let from = i as u64 * per;
        let (a, b) = (lo.max(from), hi.min(from + per));
        if a >= b {
            continue;
        }
        let tops = layout.top_sets(outer);
        let mine = tops
            .get((a - from) as usize..(b - from) as usize)
            .unwrap_or_default();
        // Chunks of top sets: a few hundred joins each.
        const CHUNK: usize = 16;
        let chunks: Vec<&[u32]> = mine.chunks(CHUNK).collect();
        let join = |lists: Lists<'_>| {
            let chunk = |sets: &&[u32]| {
                let mut scratch = Scratch::default();
                let count: u64 = sets
                    .iter()
                    .map(|&top| match (n, fixed) {
                        // One copy per size counted for real, so that the layout's shifts and
                        // masks are constants in the loops (n = 18: 21.6 s against 27.0 s).
                        (16, true) => layout.join_top::<16>(outer, lists, top, &mut scratch),
                        (17, true) => layout.join_top::<17>(outer, lists, top, &mut scratch),
                        (18, true) => layout.join_top::<18>(outer, lists, top, &mut scratch),
                        (19, true) => layout.join_top::<19>(outer, lists, top, &mut scratch),
                        (20, true) => layout.join_top::<20>(outer, lists, top, &mut scratch),
                        _ => layout.join_top::<0>(outer, lists, top, &mut scratch),
                    })
                    .sum();
                let len = sets.len() as u64;
                let done = done.fetch_add(len, core::sync::atomic::Ordering::Relaxed) + len;
                progress(Progress {
                    stage: Stage::Counting,
                    done,
                    of: (hi - lo) * classes.len() as u64,
                });
                count
            };
            #[cfg(feature = "parallel")]
            let sum: u64 = crate::parallel::sum(&chunks, threads, chunk);
            #[cfg(not(feature = "parallel"))]
            let sum: u64 = chunks.iter().map(chunk).sum();
            sum
        };
        let pieced = layout.bottoms_without() != 0;
        let sum = if let ([_], false) = (&classes[..], pieced) {
            layout.relist(outer, threads, &mut top_list, &mut bottom_list)?;
            let bottom = if layout.center == 0 {
                &top_list
            } else {
                &bottom_list
            };
            join(Lists {
                top: Tops::Listed(&top_list),
                bottom,
                with: 0,
            })
        } else {
            // The bottoms one class at a time against the tops: each bottom is still read
            // once per join it is in, and only a class of them is in memory.
            let top_forbid = layout.forbidden(outer.queens);
            let pieces = match pieced {
                true => Some(Pieces::new(n, layout.h, &top_forbid)?),
                false => {
                    top_list.relist(n, layout.h, layout.all, 0, &top_forbid)?;
                    None
                }
            };
            let bottom_forbid = layout.bottom_forbidden(outer);
            let mut sum = 0;
            for class in &classes {
                let forbid: Vec<u32> = bottom_forbid.iter().map(|f| f | class.without).collect();
                bottom_list.relist(n, layout.h, class.firsts, class.with, &forbid)?;
                let top = match &pieces {
                    None => Tops::Listed(&top_list),
                    Some(pieces) => Tops::Pieced {
                        pieces,
                        list: (classes.len() == 1).then_some(&bottom_list),
                    },
                };
                sum += join(Lists {
                    top,
                    bottom: &bottom_list,
                    with: class.with,
                });
            }
            sum
        };
        total += outer.weight * sum;
    }
    Ok(total)
}

/// Feeds what fixes the units of `n` (see [`count_share`]) to `eat`: the cut, and every outer
/// choice with its weight, in order. For the share plan's identifier.
pub(crate) fn identity(n: usize, eat: &mut impl FnMut(u8)) {
    let layout = Layout::new(n);
    for byte in [n, layout.h, layout.center] {
        eat(byte as u8);
    }
    // Which of a join and its upside-down twin counts (odd n) moves counts between units.
    let last = layout.bottoms_without();
    if last != 0 {
        last.to_le_bytes().into_iter().for_each(&mut *eat);
    }
    for outer in layout.outers() {
        for word in [outer.queens[0], outer.queens[1], outer.weight as u32] {
            word.to_le_bytes().into_iter().for_each(&mut *eat);
        }
    }
}

/// The cut of one `n`.
#[derive(Clone, Copy, Debug)]
struct Layout {
    n: usize,
    /// Rows in a half.
    h: usize,
    /// Center rows: 1 (odd `n`) or 2 (even `n`); 0 for the whole list of an even `n`.
    center: usize,
    shape: Shape,
    all: u32,
    /// How many classes the bottom halves of one outer choice are listed in, by the column of
    /// their edge row's queen (see [`Layout::new`]).
    edges: u32,
    /// Columns whose presence splits those classes further: each subset of them is a class
    /// of the bottoms that hold exactly those columns of them.
    split_on: u32,
}

/// The bottom halves that one pass of the joins lists: those whose edge row's queen is in
/// one of the columns `firsts`, with a queen in each column of `with` and in none of
/// `without`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Class {
    firsts: u32,
    with: u32,
    without: u32,
}

/// One choice of center queens (column bits, row `h + 1` first), with the size of its orbit,
/// and, for odd `n`, 2 for the flip inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Outer {
    queens: [u32; 2],
    weight: u64,
}

/// The half boards that one join reads: for the top role, and for the bottom role (the
/// board upside down; with no center rows, the same list unless the bottoms come in
/// classes), all of whose column sets hold the columns `with`.
#[derive(Clone, Copy)]
struct Lists<'a> {
    top: Tops<'a>,
    bottom: &'a Part,
    with: u32,
}

/// Where the top role's half boards come from.
#[derive(Clone, Copy)]
enum Tops<'a> {
    /// A list made once per outer choice.
    Listed(&'a Part),
    /// Put together from `pieces` for each top set when it is joined: odd `n`, whose list
    /// would hold every half board, keeps only the bottoms (see
    /// [`Layout::bottoms_without`]). Where `list` holds all of those, the top sets that are
    /// bottom sets too are read from it.
    Pieced {
        pieces: &'a Pieces,
        list: Option<&'a Part>,
    },
}

/// One thread's buffers.
#[derive(Default)]
struct Scratch {
    tops: Vec<Prepared>,
    /// The top halves put together from pieces, before they are prepared.
    found: Vec<u64>,
    /// Keys and far attacks of the tops, in runs by first middle column.
    by_first: Vec<(u32, u32)>,
    /// With a halved bottom list, the keys of `by_first` mirrored, and of `tops`.
    mirrored: Vec<u32>,
    top_mirrored: Vec<u32>,
    top: Vec<u32>,
    bottom: Vec<u32>,
}

impl Layout {
    /// The layout `n` is counted with: no center rows for even `n` up to 16, else center
    /// rows.
    #[inline(always)]
    fn for_size(n: usize) -> Layout {
        if n.is_multiple_of(2) && n <= 16 {
            Layout::whole(n)
        } else {
            Layout::new(n)
        }
    }

    /// No center rows (even `n`): halves of `(n - 2) / 2` rows and two middle rows, the
    /// whole list of half boards at once.
    #[inline(always)]
    fn whole(n: usize) -> Layout {
        let h = (n - 2) / 2;
        Layout {
            n,
            h,
            center: 0,
            shape: Shape::with(n, h, 2),
            all: (1u32 << n) - 1,
            edges: 1,
            split_on: 0,
        }
    }

    /// Center rows. The bottom halves of one outer choice are listed in classes where the
    /// whole of them would take more than twice the quarter-board join's peak memory:
    /// - n = 20: four, by their edge row's queen. Its two lists (194 MB each) would peak at
    ///   388 MB; with a quarter of the bottoms at a time, 213 MB.
    /// - n = 19: four, by whether they hold column 13 and column 14. The bottoms of one
    ///   outer choice (up to 21.4 million half boards, 107 MB) come to 6.1 million at most.
    #[inline(always)]
    fn new(n: usize) -> Layout {
        let center = 2 - n % 2;
        let h = (n - 2 - center) / 2;
        Layout {
            n,
            h,
            center,
            shape: Shape::with(n, h, center as u32 + 2),
            all: (1u32 << n) - 1,
            edges: if n == 20 { 4 } else { 1 },
            split_on: if n == 19 { 0b11 << 13 } else { 0 },
        }
    }

    /// The outer choices, one per orbit.
    fn outers(&self) -> Vec<Outer> {
        let n = self.n;
        let mirror = |c: u32| mirror(c, n);
        let mut out = Vec::new();
        if self.center == 0 {
            // One choice of nothing: the joins' own orbits carry the weights.
            out.push(Outer {
                queens: [0, 0],
                weight: 1,
            });
            return out;
        }
        for p in 0..n {
            if self.center == 1 {
                // The mirror maps column c to n - 1 - c; the flip keeps the row.
                if 2 * p + 1 > n {
                    continue;
                }
                let orbit = if 2 * p + 1 == n { 1 } else { 2 };
                out.push(Outer {
                    queens: [1 << p, 0],
                    weight: 2 * orbit,
                });
                continue;
            }
            for q in 0..n {
                if p.abs_diff(q) < 2 {
                    continue;
                }
                let (a, b) = (1u32 << p, 1u32 << q);
                let weight = orbit_weight([
                    (a, b),
                    (mirror(a), mirror(b)),
                    (b, a),
                    (mirror(b), mirror(a)),
                ]);
                if weight > 0 {
                    out.push(Outer {
                        queens: [a, b],
                        weight,
                    });
                }
            }
        }
        out
    }

    /// The top sets of one outer choice: every set of `h` of the columns the center queens
    /// leave, in a fixed order (Gosper's hack over those columns).
    fn top_sets(&self, outer: &Outer) -> Vec<u32> {
        subsets(self.all & !outer.queens[0] & !outer.queens[1], self.h).collect()
    }

    /// How many top sets every outer choice has: `h` of the `n - center` columns left.
    fn tops_per_outer(&self) -> u64 {
        let (mut ways, free) = (1u64, (self.n - self.center) as u64);
        for i in 0..self.h as u64 {
            ways = ways * (free - i) / (i + 1);
        }
        ways
    }

    /// The squares of the first `h` rows that the center queens (rows `h + 1` on) attack,
    /// and their columns: what a top half must avoid. `queens` are in row order.
    fn forbidden(&self, queens: [u32; 2]) -> Vec<u32> {
        (0..self.h)
            .map(|row| {
                let mut f = 0;
                for (i, &q) in queens.iter().enumerate().take(self.center) {
                    let d = self.h + 1 + i - row;
                    f |= q | ((q << d) & self.all) | (q >> d);
                }
                f
            })
            .collect()
    }

    /// The columns a middle queen may take: `first` for row `h`, else for the last middle
    /// row; those the center queens leave unattacked.
    fn middle_columns(&self, outer: &Outer, first: bool) -> u32 {
        let mut ok = self.all;
        for (i, &q) in outer.queens.iter().enumerate().take(self.center) {
            // Row distance from the middle row to center row i.
            let d = if first { 1 + i } else { self.center - i };
            ok &= !(q | ((q << d) & self.all) | (q >> d));
        }
        ok
    }

    /// Odd `n`: the column (a bit) that the bottom role's half boards never use, else 0. Of
    /// a join and its upside-down twin, the one with this column in its top set counts, or,
    /// with the column on a middle row, the one with the smaller top set. So no join needs a
    /// bottom that holds it, and the list keeps 45 to 49% of the half boards of an outer
    /// choice (n = 17 and 19, counted; of single columns, the two edge ones keep fewest).
    /// The tops, which are all of them, are put together per top set instead (see
    /// [`Tops::Pieced`]).
    fn bottoms_without(&self) -> u32 {
        match self.center {
            1 => 1 << (self.n - 1),
            _ => 0,
        }
    }

    /// What the bottom role's half boards must avoid, row by row from the edge: with two
    /// center rows, which swap upside down, the top's upside down; with one, the top's and
    /// [`Layout::bottoms_without`].
    fn bottom_forbidden(&self, outer: &Outer) -> Vec<u32> {
        match self.center {
            2 => self.forbidden([outer.queens[1], outer.queens[0]]),
            _ => {
                let mut forbid = self.forbidden(outer.queens);
                forbid.iter_mut().for_each(|f| *f |= self.bottoms_without());
                forbid
            }
        }
    }

    /// The classes the bottom halves of one outer choice are listed in, one at a time (see
    /// [`Layout::new`]): [`Layout::edges`] ranges of the edge row's queen, each split by
    /// which columns of [`Layout::split_on`] the half board holds.
    fn bottom_classes(&self) -> Vec<Class> {
        let (n, k, split) = (self.n as u32, self.edges, self.split_on);
        let below = |c: u32| (1u32 << c) - 1;
        let mut out = Vec::new();
        for i in 0..k {
            let firsts = below((i + 1) * n / k) & !below(i * n / k);
            // Every subset of `split`, from none of it.
            let mut with = 0;
            loop {
                out.push(Class {
                    firsts,
                    with,
                    without: split & !with,
                });
                if with == split {
                    break;
                }
                with = with.wrapping_sub(split) & split;
            }
        }
        out
    }

    /// Lists the half boards of one outer choice into `top` for the top role, and, where
    /// that role differs, into `bottom` for the bottom role (the two on two threads); with
    /// no center rows, `top` serves both.
    fn relist(
        &self,
        outer: &Outer,
        threads: usize,
        top: &mut Part,
        bottom: &mut Part,
    ) -> Result<(), Error> {
        use std::sync::{Mutex, PoisonError};
        if self.center == 0 {
            // Only the joins whose top set is not above its mirror image count (see
            // `Layout::weight`), so a top is always a kept set.
            *top = Part::halved(self.n, self.h)?;
            return Ok(());
        }
        let roles = [
            (
                self.forbidden(outer.queens),
                Mutex::new(core::mem::take(top)),
            ),
            (
                self.bottom_forbidden(outer),
                Mutex::new(core::mem::take(bottom)),
            ),
        ];
        let list = |(forbid, part): &(Vec<u32>, Mutex<Part>)| {
            let mut part = part.lock().unwrap_or_else(PoisonError::into_inner);
            part.relist(self.n, self.h, self.all, 0, forbid)
        };
        #[cfg(feature = "parallel")]
        let built = crate::parallel::map(&roles, threads.min(2), list);
        #[cfg(not(feature = "parallel"))]
        let built: Vec<_> = {
            let _ = threads;
            roles.iter().map(list).collect()
        };
        let [(_, t), (_, b)] = roles;
        *top = t.into_inner().unwrap_or_else(PoisonError::into_inner);
        *bottom = b.into_inner().unwrap_or_else(PoisonError::into_inner);
        built.into_iter().collect()
    }

    /// The solutions of one outer choice whose top half uses the columns `top`.
    /// `N` is `n`, or 0 for any `n`.
    #[inline(never)]
    fn join_top<const N: usize>(
        &self,
        outer: &Outer,
        lists: Lists<'_>,
        top: u32,
        scratch: &mut Scratch,
    ) -> u64 {
        let this = if N == 0 { *self } else { Layout::for_size(N) };
        let centers = outer.queens[0] | outer.queens[1];
        // No bottom of this class fits beside the top set; or, with no center rows, the
        // mirror image of every join counts instead (its orbit's least member).
        if top & lists.with != 0 || (this.center == 0 && top > mirror(top, this.n)) {
            return 0;
        }
        let shape = this.shape;
        scratch.tops.clear();
        match lists.top {
            Tops::Listed(part) => {
                let (low, high) = part.of(top);
                prepare::<false>(shape, low, high, &mut scratch.tops);
            }
            Tops::Pieced {
                list: Some(part), ..
            } if top & this.bottoms_without() == 0 => {
                let (low, high) = part.of(top);
                prepare::<false>(shape, low, high, &mut scratch.tops);
            }
            Tops::Pieced { pieces, .. } => {
                pieces.boards(top, shape, &mut scratch.found, &mut scratch.tops)
            }
        }
        let tops = scratch.tops.len();
        if tops == 0 {
            return 0;
        }
        let rest = this.all & !top & !centers;
        let (firsts, lasts) = (
            this.middle_columns(outer, true),
            this.middle_columns(outer, false),
        );
        // The tops that leave each possible first middle queen unattacked, once: each is
        // joined with several last ones.
        scratch
            .by_first
            .resize(tops * (rest & firsts).count_ones() as usize, (0, 0));
        scratch.top.resize(tops, 0);
        // With a halved bottom list, the tops' mirrored keys too: a bottom stored mirrored
        // is joined as it is stored, against the tops mirrored (see `Shape::mirror_key`).
        let halved = lists.bottom.is_halved();
        scratch.top_mirrored.clear();
        if halved {
            scratch.mirrored.resize(scratch.by_first.len(), 0);
            let keys = scratch.tops.iter().map(|t| shape.mirror_key(t.key));
            scratch.top_mirrored.extend(keys);
        }
        let mut starts = [0usize; 33];
        let mut len = 0;
        for (column, start) in starts.iter_mut().enumerate().take(this.n) {
            *start = len;
            if (rest & firsts) >> column & 1 == 1 {
                for t in &scratch.tops {
                    push(
                        &mut scratch.by_first,
                        &mut len,
                        (t.key, t.far),
                        t.near >> column & 1 == 0,
                    );
                }
            }
        }
        starts[this.n] = len;
        if halved {
            // The same runs, of the mirrored keys: a loop nest of its own, so that the usual
            // one above compiles as lean as it did (7% more instructions at n = 18 when
            // they were one).
            let mut len = 0;
            for column in 0..this.n {
                if (rest & firsts) >> column & 1 == 1 {
                    for (t, &key) in scratch.tops.iter().zip(&scratch.top_mirrored) {
                        push(
                            &mut scratch.mirrored,
                            &mut len,
                            key,
                            t.near >> column & 1 == 0,
                        );
                    }
                }
            }
        }
        let mut total = 0;
        // Each pair of middle columns once, both orders with it: they share the bottom set.
        let mut ones = rest;
        while ones != 0 {
            let a = ones & ones.wrapping_neg();
            ones ^= a;
            let mut others = ones;
            while others != 0 {
                let b = others & others.wrapping_neg();
                others ^= b;
                let bottom = rest & !a & !b;
                let orders = [(a, b), (b, a)].map(|(first, last)| {
                    if first & firsts == 0 || last & lasts == 0 || this.attack(first, last) {
                        return 0;
                    }
                    this.weight(top, [first, last], bottom)
                });
                if orders == [0, 0] {
                    continue;
                }
                // Only lists with no center rows are halved: elsewhere `flipped` is a
                // constant false, and the loops below compile as if it were not there.
                let (low, high, flipped) = match this.center {
                    0 => lists.bottom.of_any(bottom),
                    _ => {
                        let (low, high) = lists.bottom.of(bottom);
                        (low, high, false)
                    }
                };
                if low.is_empty() {
                    continue;
                }
                // The bottoms for both orders in one pass. Upside down, the last middle row
                // is the bottom's nearest.
                scratch.bottom.resize(2 * low.len(), 0);
                let (ab, ba) = scratch.bottom.split_at_mut(low.len());
                let (mut len_ab, mut len_ba) = (0, 0);
                let (mut hit_ab, mut hit_ba) = (attacking(shape, b, a), attacking(shape, a, b));
                if flipped {
                    // The stored boards are the mirror images: so are the squares to avoid.
                    hit_ab = u64::from(mirrored(hit_ab as u32, this.n));
                    hit_ba = u64::from(mirrored(hit_ba as u32, this.n));
                }
                let mut each = |packed: u64| {
                    let key = key_of::<true>(shape, packed);
                    push(ab, &mut len_ab, key, packed & hit_ab == 0);
                    push(ba, &mut len_ba, key, packed & hit_ba == 0);
                };
                if high.is_empty() {
                    low.iter().for_each(|&l| each(u64::from(l)));
                } else {
                    let boards = low.iter().zip(high);
                    boards.for_each(|(&l, &h)| each(u64::from(l) | u64::from(h) << 32));
                }
                let bottoms = [&mut ab[..len_ab], &mut ba[..len_ba]];
                for ((first, last), (weight, bottom)) in [(a, b), (b, a)]
                    .into_iter()
                    .zip(orders.into_iter().zip(bottoms))
                {
                    if weight == 0 || bottom.is_empty() {
                        continue;
                    }
                    let column = first.trailing_zeros() as usize;
                    let mut len = 0;
                    if flipped {
                        let run = starts[column]..starts[column + 1];
                        let keys = scratch.mirrored.get(run.clone()).unwrap_or_default();
                        for (&(_, far), &key) in scratch.by_first[run].iter().zip(keys) {
                            push(&mut scratch.top, &mut len, key, far & last == 0);
                        }
                    } else {
                        for &(key, far) in &scratch.by_first[starts[column]..starts[column + 1]] {
                            push(&mut scratch.top, &mut len, key, far & last == 0);
                        }
                    }
                    total += weight * split_pairs(&mut scratch.top[..len], bottom, &shape.split);
                }
            }
        }
        total
    }

    /// How many times the join of the top set `top`, the middle queens `middle` (first row
    /// first) and the bottom set `bottom` counts, or 0 if another join counts it. Odd `n`:
    /// the flip keeps the center row, so of a join and its upside-down twin (bottom set on
    /// top) one counts, and the outer choice's weight doubles it: the one whose top set holds
    /// [`Layout::bottoms_without`], else the one with the smaller top set. No center rows:
    /// one join per orbit of the mirror and the flip counts, for all of it. Even `n` with
    /// center rows: the outer choices' orbits already hold the flip.
    #[inline(always)]
    fn weight(&self, top: u32, middle: [u32; 2], bottom: u32) -> u64 {
        match self.center {
            1 => u64::from(top & self.bottoms_without() != 0 || top < bottom),
            0 => {
                let mirror = |c: u32| mirror(c, self.n);
                let join = (top, middle[0], middle[1]);
                let flip = (bottom, middle[1], middle[0]);
                orbit_weight([
                    join,
                    flip,
                    (mirror(join.0), mirror(join.1), mirror(join.2)),
                    (mirror(flip.0), mirror(flip.1), mirror(flip.2)),
                ])
            }
            _ => 1,
        }
    }

    /// Whether queens on the two middle rows, in the columns `first` and `last` (bits),
    /// share a diagonal.
    fn attack(&self, first: u32, last: u32) -> bool {
        let d = self.center as u32 + 1;
        (first.trailing_zeros()).abs_diff(last.trailing_zeros()) == d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A000170, the published counts.
    fn known(n: usize) -> Result<u64, Error> {
        crate::known::count(n).ok_or(Error::BoardSize(n))
    }

    #[test]
    fn counts_every_n_from_5_as_known() {
        for n in 5..=15 {
            assert_eq!(count(n, 1, &|_| {}), known(n), "n = {n}");
        }
    }

    #[test]
    fn with_no_center_rows_counts_every_even_n_from_6_as_known() {
        for n in (6..=14).step_by(2) {
            assert_eq!(count_whole(n, 1, &|_| {}), known(n), "n = {n}");
        }
        for n in [5, 15, 18] {
            assert_eq!(count_whole(n, 1, &|_| {}), Err(Error::BoardSize(n)));
        }
    }

    /// Bottoms listed in classes (as n = 19 and 20 are) count the same, at every size and
    /// layout, with progress still reaching its total, and so do shares of the count.
    #[test]
    fn bottoms_in_classes_count_as_known() {
        use core::sync::atomic::{AtomicU64, Ordering};
        for n in 5..=14 {
            let layouts = [Some(Layout::new(n)), (n % 2 == 0).then(|| Layout::whole(n))];
            let splits = [0, 1 << (n - 3), 0b11 << (n / 2), 0b101];
            for layout in layouts.into_iter().flatten() {
                for (edges, split_on) in [(2, 0), (3, splits[1]), (4, 0), (1, splits[2])]
                    .into_iter()
                    .chain([(1, splits[3]), (2, splits[2])])
                {
                    let layout = Layout {
                        edges,
                        split_on,
                        ..layout
                    };
                    let classes = layout.bottom_classes();
                    let want = edges << split_on.count_ones();
                    assert_eq!(classes.len(), want as usize);
                    // Every edge column and every pattern of the split columns, once.
                    for first in 0..n {
                        for with in 0..=split_on {
                            let with = with & split_on;
                            let holding = classes.iter().filter(|c| {
                                c.firsts >> first & 1 == 1
                                    && c.with == with
                                    && c.without == split_on & !with
                            });
                            assert_eq!(holding.count(), 1, "n = {n}, {edges}, {split_on:b}");
                        }
                    }
                    let (done, of) = (AtomicU64::new(0), AtomicU64::new(0));
                    let counted = count_with(layout, 1, 1, 1, &|p| {
                        done.fetch_max(p.done, Ordering::Relaxed);
                        of.store(p.of, Ordering::Relaxed);
                    });
                    let at = (n, layout.center, edges, split_on);
                    assert_eq!(counted, known(n), "n, center rows, classes: {at:?}");
                    assert_eq!(done.into_inner(), of.into_inner(), "{at:?}");
                    let shares: u64 = (1..=5)
                        .map(|k| count_with(layout, k, 5, 1, &|_| {}).unwrap())
                        .sum();
                    assert_eq!(Ok(shares), known(n), "shares, {at:?}");
                }
            }
        }
        assert_eq!(Layout::new(20).bottom_classes().len(), 4);
        assert_eq!(Layout::new(19).bottom_classes().len(), 4);
        let all = Layout::new(17).all;
        let one = Class {
            firsts: all,
            with: 0,
            without: 0,
        };
        assert_eq!(Layout::new(17).bottom_classes(), [one]);
    }

    /// Odd n keeps only the bottoms without the last column, and puts the tops together
    /// from pieces: the half boards its lists hold, against those of the top role's list.
    #[test]
    fn odd_n_lists_the_bottoms_without_the_last_column() {
        for n in [11, 13, 17] {
            let layout = Layout::new(n);
            let outer = layout.outers()[1];
            let forbid = layout.forbidden(outer.queens);
            let every = Part::list(n, layout.h, layout.all, 0, &forbid).unwrap();
            let bottoms =
                Part::list(n, layout.h, layout.all, 0, &layout.bottom_forbidden(&outer)).unwrap();
            let last = layout.bottoms_without();
            assert_eq!(last, 1 << (n - 1));
            let (mut kept, mut all) = (0, 0);
            for set in layout.top_sets(&outer) {
                let held = bottoms.of(set).0.len();
                let full = every.of(set).0.len();
                assert_eq!(held, if set & last == 0 { full } else { 0 }, "n = {n}");
                (kept, all) = (kept + held, all + full);
            }
            // Under half of them from n = 17, as the layout's notes say (45 to 49%).
            assert!(n < 17 || 2 * kept < all, "n = {n}: {kept} of {all}");
        }
        assert_eq!(Layout::new(18).bottoms_without(), 0);
        assert_eq!(Layout::whole(16).bottoms_without(), 0);
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn threads_share_the_top_sets() {
        for n in [13, 14] {
            assert_eq!(count(n, 3, &|_| {}), known(n), "n = {n}");
        }
    }

    #[test]
    fn progress_reaches_every_top_set_of_every_outer_choice() {
        use core::sync::atomic::{AtomicU64, Ordering};
        let (done, of) = (AtomicU64::new(0), AtomicU64::new(0));
        count(11, 1, &|p| {
            assert_eq!(p.stage, Stage::Counting);
            done.fetch_max(p.done, Ordering::Relaxed);
            of.store(p.of, Ordering::Relaxed);
        })
        .unwrap();
        let layout = Layout::new(11);
        let want = layout.outers().len() as u64 * layout.tops_per_outer();
        assert_eq!((done.into_inner(), of.into_inner()), (want, want));
    }

    #[test]
    fn shares_cover_the_count_once() {
        for n in [9, 12] {
            let whole = count(n, 1, &|_| {}).unwrap();
            for m in [1, 2, 5, 64, 100_000] {
                let sum: u64 = (1..=m)
                    .map(|k| count_share(n, k, m, 1, &|_| {}).unwrap())
                    .sum();
                assert_eq!(sum, whole, "n = {n}, m = {m}");
            }
        }
        assert_eq!(
            count_share(9, 0, 3, 1, &|_| {}),
            Err(Error::Share { k: 0, m: 3 })
        );
        assert_eq!(
            count_share(9, 4, 3, 1, &|_| {}),
            Err(Error::Share { k: 4, m: 3 })
        );
    }

    #[test]
    fn top_sets_are_every_set_of_the_free_columns_once() {
        for n in [9, 14, 17] {
            let layout = Layout::new(n);
            for outer in layout.outers().iter().take(3) {
                let sets = layout.top_sets(outer);
                assert_eq!(sets.len() as u64, layout.tops_per_outer(), "n = {n}");
                let centers = outer.queens[0] | outer.queens[1];
                assert!(sets.iter().all(|s| s.count_ones() as usize == layout.h));
                assert!(sets.iter().all(|s| s & centers == 0));
                let mut sorted = sets.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), sets.len(), "n = {n}");
            }
        }
    }

    #[test]
    fn sizes_outside_5_to_20_are_refused() {
        for n in [0, 1, 4, 21, 32] {
            assert_eq!(count(n, 1, &|_| {}), Err(Error::BoardSize(n)), "n = {n}");
        }
    }

    #[test]
    fn outer_weights_cover_every_center_choice() {
        // Odd n: each of the n columns once. Even n: every ordered pair of columns two apart
        // or more, each once.
        for n in 5..=20 {
            let layout = Layout::new(n);
            let covered: u64 = layout
                .outers()
                .iter()
                .map(|o| if n % 2 == 1 { o.weight / 2 } else { o.weight })
                .sum();
            let want = if n % 2 == 1 {
                n as u64
            } else {
                (0..n)
                    .flat_map(|p| (0..n).map(move |q| (p, q)))
                    .filter(|(p, q): &(usize, usize)| p.abs_diff(*q) >= 2)
                    .count() as u64
            };
            assert_eq!(covered, want, "n = {n}");
        }
    }
}
