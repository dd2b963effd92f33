//! The join with the center rows' queens placed first: every solution of n = 17 to 23 in
//! bounded memory, and (with no center rows) of even n up to 16.
//!
//! The one-list join (module `whole`) keeps every half board of `(n - 1) / 2` rows, about
//! eight times more for each n past 16. Here the board is cut differently.
//! The center row (odd `n`) or two center rows (even `n`) get their queens first, one choice
//! at a time: the *outer* loop. Around them are two middle rows, and outside those two halves
//! of `h` rows (n = 19: 8 + 1 + 1 + 1 + 8; n = 20: 8 + 1 + 2 + 1 + 8). For one choice of
//! center queens only the half boards that leave them unattacked are listed, one row shorter
//! than the one-list join's and a tenth to a third of them. Then the join is the
//! one-list join's: a top set, a queen on each middle row, a bottom set with the rest of
//! the columns, and keys with no bit in common.
//!
//! Memory, kept within twice the quarter-board join's peak (the peak of a whole count) at
//! n = 16 to 21 (below; BENCHMARKS.md has each size's peak):
//! - Even n up to 16, with no center rows: one list serves both roles, and it keeps only the
//!   column sets that are not above their mirror images (half the memory; `List::halved`).
//! - Odd n: one list would serve both roles, and would hold every half board. It keeps only
//!   the bottoms, those without the last column, and the tops are put together when joined
//!   from two small pieces (module `pieces`; `Layout::bottoms_without`). n = 19 lists even
//!   those bottoms in four batches, one at a time, by which of the two columns beside the
//!   center queen they hold: no middle queen takes those, so a top set meets one batch,
//!   and is put together once (`Layout::split_columns`).
//! - n = 20 lists each role (the center rows swap upside down), its bottoms in four
//!   batches. n = 18 lists the bottoms once for the first center queen alone, and each
//!   outer choice that shares that queen filters that list for its second
//!   (`Layout::lists_by_leading`): one search for several choices. Its tops are put
//!   together from pieces, as for odd n: the tops' list of the first queen too took three
//!   times the quarter-board join's peak, where this takes under twice (BENCHMARKS.md).
//! - n = 21 to 23 keep halves of 8 rows, with 3, 4 or 5 center rows between the middle rows
//!   (keys of 2 x 15 bits; one center row would need 2 x 17 at n = 21). Only the bottoms are
//!   listed, and the tops put together from pieces as for odd n, which took less memory
//!   than listing both roles (BENCHMARKS.md). n = 22 and 23 list both roles once for the
//!   leading center queens (all but the last). Each outer choice that shares them filters
//!   the bottoms' list, as n = 18 does, and keeps the tops of each top set as it gathers
//!   them (`Tops::Filtered`): about half the quarter-board join's peak there. These lists,
//!   the bottoms' and the leading queens', are put together from pieces too, a set at a
//!   time in the list's order (`Layout::lists_pieced`), not searched: written in order,
//!   where a search's boards land anywhere in the list.
//!
//! Symmetry: the outer choices come one per orbit under the mirror and the vertical flip
//! (which reverses the center rows), weighted by the orbit's size. With one center row the
//! flip keeps it, so inside one outer choice a join and its upside-down twin (top and bottom
//! sets swapped) are done once, counted twice. With no center rows, one join per orbit of the
//! mirror and the flip is done (see `Layout::weight`). A count with queens fixed
//! ([`count_fixed`]) does every choice, with no orbits.

use core::sync::atomic::{AtomicU64, Ordering};
use std::vec::Vec;

use super::bits::{mirror_columns, mirror_crossings, push};
use super::boards::Kept;
use super::layout::{Batch, Layout, Outer};
use super::lists::{Found, List, SetCounts};
use super::pairs::group_pairs;
use super::pieces::{Pieces, TopPieces};
use super::shape::Prepared;
use super::NO_CENTER_N;
use crate::arch;
use crate::board::MAX_N;
use crate::error::Error;
use crate::parallel;
use crate::progress::{Progress, Stage, Unit};
use crate::share::Share;

mod joins;

use joins::join_top;

/// Every solution of an even `n` from 6 to 16, by the same loops with no center rows: the
/// whole list of half boards at once, and a join per orbit of the mirror and the flip.
pub(super) fn count_no_center(
    n: usize,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    if n % 2 == 1 || !NO_CENTER_N.contains(&n) {
        return Err(Error::BoardSize(n));
    }
    count_with(Layout::no_center(n), Share::WHOLE, threads, progress)
}

/// A share (`k` of `m`) of the count of `n` (5 to 23) with center rows.
///
/// The count is cut into units, one per outer choice and top set, in a deterministic order: every
/// outer choice has the same number of top sets (those of the columns the center queens
/// leave). Share `k` takes the units from `(k - 1) U / m` to `k U / m` (rounded down, `U`
/// units in all): a run, so that a share lists the half boards of one or two outer choices,
/// not of all of them. The shares never overlap and cover every unit, and which units a
/// share holds depends on `n`, `k` and `m` alone.
pub(super) fn count_share(
    n: usize,
    share: Share,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    in_reach(n)?;
    count_with(Layout::new(n), share, threads, progress)
}

/// A share of the count of the solutions of `n` (5 to 23) whose row `r` takes one of
/// the columns `allowed[r]` (see [`Layout::fixed`]): the same units and loops, with
/// every choice of center queens, no orbits.
pub(super) fn count_fixed(
    n: usize,
    allowed: &[u32],
    share: Share,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    in_reach(n)?;
    match Layout::cheapest(n, allowed) {
        Some(layout) => count_with(layout, share, threads, progress),
        None => Ok(0),
    }
}

/// `Ok` where the centered join's loops count `n` ([`super::FIXED_N`]).
fn in_reach(n: usize) -> Result<(), Error> {
    match super::FIXED_N.contains(&n) {
        true => Ok(()),
        false => Err(Error::BoardSize(n)),
    }
}

/// The fewest outer choices with the same leading center queens for which a share lists
/// those queens' lists and filters them (see [`Layout::lists_by_leading`]): those lists
/// hold three to five times the half boards of one choice's and take as much longer to
/// list, and a filter's pass costs about a tenth of a choice's listing (BENCHMARKS.md).
const FILTER_FROM: usize = 5;

/// The most complete outer choices a share of a long count holds past n = 20 (see
/// `Planned::choices_a_share`): the neighbours that share their leading queens come up to
/// 17 at a time, about 8 on average, and one choice is a small part of a count there, so
/// a share of 19 to 25 of them is still short (BENCHMARKS.md).
const CHOICES_A_SHARE: u64 = 32;

/// Top sets a thread takes at a time: a few hundred joins, long enough that handing them
/// out costs nothing, short enough that two threads finish an outer choice together.
const TOP_SETS_PER_CHUNK: usize = 16;

/// A share of the count, cut by `layout`.
fn count_with(
    layout: Layout,
    share: Share,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    Planned::of(layout).count(share, threads, progress)
}

/// A count's layout and its outer choices, made once for all the shares of a run: past 20
/// the outer choices are many (407,900 at 23), and listing them again for every share of one
/// outer choice cost a fifth of the time (n = 23, a checkpointed count, one thread).
pub(super) struct Planned {
    layout: Layout,
    outers: Vec<Outer>,
}

impl Planned {
    /// The plan of `layout`.
    pub(super) fn of(layout: Layout) -> Planned {
        let outers = layout.outers();
        Planned { layout, outers }
    }

    /// The plan of a count of `n` (5 to 23) whose rows take the columns `allowed` (all of
    /// them for `None`), as [`count_share`] and [`count_fixed`] cut it; `None` where nothing
    /// is left to count.
    pub(super) fn new(n: usize, allowed: Option<&[u32]>) -> Option<Planned> {
        in_reach(n).ok()?;
        let layout = match allowed {
            Some(allowed) => Layout::cheapest(n, allowed)?,
            None => Layout::new(n),
        };
        Some(Planned::of(layout))
    }

    /// How many outer choices the shares run over.
    pub(super) fn outer_choices(&self) -> u64 {
        self.outers.len() as u64
    }

    /// How many complete outer choices a share of a long count holds, so that the neighbours
    /// that share their leading center queens are in one share and list their bottoms
    /// once (see [`Layout::lists_by_leading`]): past n = 20, the largest divisor of the
    /// number of choices up to [`CHOICES_A_SHARE`] (n = 22: 19 of 24,814; 23: 25 of
    /// 407,900); else 1, a share a choice.
    pub(super) fn choices_a_share(&self) -> u64 {
        let layout = &self.layout;
        if !layout.leads_hold_tops() {
            return 1;
        }
        let outers = self.outers.len() as u64;
        (1..=CHOICES_A_SHARE)
            .rev()
            .find(|g| outers.is_multiple_of(*g))
            .unwrap_or(1)
    }

    /// A share of the count this plan cuts (see [`count_share`]).
    pub(super) fn count(
        &self,
        share: Share,
        threads: usize,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<u64, Error> {
        let (layout, outers) = (&self.layout, &self.outers);
        let per = layout.tops_per_outer();
        let core::ops::Range { start: lo, end: hi } = share.of_units(outers.len() as u64 * per);
        // The units of outer choice `i` in this share.
        let units = |i: usize| {
            let from = i as u64 * per;
            (lo.max(from), hi.min(from + per))
        };
        let batches = |outer: &Outer| layout.bottom_batches(outer);
        let of = (outers.iter().enumerate())
            .map(|(i, outer)| match units(i) {
                (a, b) if a < b => (b - a) * batches(outer).len() as u64,
                _ => 0,
            })
            .sum();
        let steps = TopSetsDone {
            done: AtomicU64::new(0),
            of,
            progress,
        };
        // The lists, refilled in place for each outer choice (see `List::relist`).
        let mut lists = (List::default(), List::default());
        // The lists of the leading center queens (see `Layout::lists_by_leading`), and
        // which.
        let mut leads = (List::default(), List::default());
        let mut listed = None;
        let mut total = 0;
        for (i, outer) in outers.iter().enumerate() {
            let (from, (a, b)) = (i as u64 * per, units(i));
            if a >= b {
                continue;
            }
            let lead = layout.leading(outer);
            if layout.lists_by_leading() && listed != Some(lead.queens) {
                // The choices of this share that share the leading queens: the lists of
                // those queens alone cost about as much as FILTER_FROM lists of a choice.
                let ahead = outers[i..]
                    .iter()
                    .zip(i as u64..)
                    .take_while(|&(o, j)| layout.leading(o).queens == lead.queens && j * per < hi)
                    .count();
                if ahead >= FILTER_FROM {
                    list_leading(layout, &lead, threads, &mut leads)?;
                    listed = Some(lead.queens);
                }
            }
            let tops = layout.top_sets(outer);
            let job = Job {
                layout,
                outer,
                leads: (listed == Some(lead.queens)).then_some(&leads),
                sets: tops
                    .get((a - from) as usize..(b - from) as usize)
                    .unwrap_or_default(),
                threads,
                steps: &steps,
            };
            total += outer.weight * job.count(&batches(outer), &mut lists)?;
        }
        Ok(total)
    }
}

/// The top sets joined so far, reported as they are done.
struct TopSetsDone<'a> {
    done: AtomicU64,
    of: u64,
    progress: &'a (dyn Fn(Progress) + Sync),
}

impl TopSetsDone<'_> {
    fn advance(&self, sets: usize) {
        let len = sets as u64;
        let done = self.done.fetch_add(len, Ordering::Relaxed) + len;
        (self.progress)(Progress::new(Stage::Counting, done, self.of, Unit::TopSets));
    }
}

/// One outer choice and the run of its top sets that a share holds.
struct Job<'a> {
    layout: &'a Layout,
    outer: &'a Outer,
    /// The lists of the outer choice's leading center queens alone, where they are made
    /// (see [`Layout::lists_by_leading`]).
    leads: Option<&'a (List, List)>,
    sets: &'a [u32],
    threads: usize,
    steps: &'a TopSetsDone<'a>,
}

impl Job<'_> {
    /// The solutions of this job, unweighted, its half boards listed into `lists`.
    fn count(&self, batches: &[Batch], lists: &mut (List, List)) -> Result<u64, Error> {
        let (layout, outer) = (self.layout, self.outer);
        // Where the leading queens' lists hold the tops (past n = 20), both roles come
        // from them: filtering costs less than putting the tops together from pieces for
        // each choice (BENCHMARKS.md).
        let pieced = layout.pieces_tops() && !(self.leads.is_some() && layout.leads_hold_tops());
        if let ([_], false) = (batches, pieced) {
            let top = match self.leads {
                // Here the leading queens' lists hold both roles (see `pieced`): the
                // bottoms filtered for the last queen, the tops as each set is gathered
                // (and the tops' list of a choice listed before is let go).
                Some((tops, bottoms)) => {
                    let (column, [top_hits, bottom_hits]) = layout.last_hits(outer);
                    lists.1.filtered(bottoms, column, bottom_hits)?;
                    lists.0 = List::default();
                    Tops::Filtered {
                        list: tops,
                        hits: top_hits,
                    }
                }
                None => {
                    relist(layout, outer, self.threads, lists)?;
                    Tops::Listed(&lists.0)
                }
            };
            let bottom = match layout.center {
                0 => &lists.0,
                _ => &lists.1,
            };
            return Ok(self.join(Lists {
                top,
                bottom,
                with: 0,
                without: 0,
            }));
        }
        // The bottoms one batch at a time against the tops: each bottom is still read once
        // per join it is in, and only a batch of them is in memory.
        let (n, h) = (layout.n, layout.h);
        let (top_list, bottom_list) = lists;
        let (top_forbid, edge) = (layout.forbidden(outer.queens), layout.edge_rows());
        let pieces = match pieced {
            true => Some(TopPieces::new(layout.shape, edge, &top_forbid)?),
            false => {
                top_list.relist(n, h, layout.all, 0, &top_forbid, self.threads)?;
                None
            }
        };
        let bottom_forbid = layout.bottom_forbidden(outer);
        // With one center row and one batch, the top sets that are bottom sets too are read
        // from the bottoms' list (see `Tops::Pieced`).
        let tops_read_bottoms = batches.len() == 1 && layout.bottoms_without() != 0;
        let counted = shared_counts(layout, batches, &bottom_forbid, self.threads)?;
        let mut sum = 0;
        for batch in batches {
            let forbid: Vec<u32> = bottom_forbid.iter().map(|f| f | batch.without).collect();
            let listing = (n, h, batch.firsts, &forbid[..]);
            let columns = (batch.with, batch.without);
            match self.leads {
                // One batch (see `Layout::lists_by_leading`): the leading queens' bottoms
                // filtered for the last.
                Some((_, bottoms)) => {
                    let (column, [_, hits]) = layout.last_hits(outer);
                    bottom_list.filtered(bottoms, column, hits)?;
                }
                // Past n = 20 (one batch, of any first column), put together from pieces.
                None if layout.lists_pieced() && batch.firsts == layout.all => {
                    let keep = |cols: u32| cols & batch.with == batch.with;
                    list_pieced(layout, &forbid, keep, self.threads, bottom_list)?
                }
                None => {
                    bottom_list.relist_batch(counted.as_ref(), listing, columns, self.threads)?
                }
            }
            let top = match &pieces {
                None => Tops::Listed(top_list),
                Some(pieces) => Tops::Pieced {
                    pieces,
                    list: tops_read_bottoms.then_some(&*bottom_list),
                },
            };
            sum += self.join(Lists {
                top,
                bottom: bottom_list,
                with: batch.with,
                without: batch.without,
            });
        }
        Ok(sum)
    }

    /// Joins every top set of this job against `lists`, a chunk at a time on the threads.
    fn join(&self, lists: Lists<'_>) -> u64 {
        let n = self.layout.n;
        // The layout the sizes counted for real use, with a copy of the loops each.
        let standard = self.layout.center == Layout::for_size(n).center;
        let chunks = self.sets.chunks(TOP_SETS_PER_CHUNK);
        // Each thread's buffers are kept from chunk to chunk: made anew for each, they
        // were allocated and written with zeros as they grew, some percent of a count.
        parallel::sum_with(
            chunks,
            self.threads,
            Scratch::default,
            |scratch, sets: &[u32]| {
                let (layout, outer) = (self.layout, self.outer);
                let count: u64 = sets
                    .iter()
                    .map(|&top| match (n, standard) {
                        // One copy per size counted for real, so that the layout's shifts and
                        // masks are constants in the loops, which the compiler folds.
                        (16, true) => join_top::<16>(layout, outer, lists, top, scratch),
                        (17, true) => join_top::<17>(layout, outer, lists, top, scratch),
                        (18, true) => join_top::<18>(layout, outer, lists, top, scratch),
                        (19, true) => join_top::<19>(layout, outer, lists, top, scratch),
                        (20, true) => join_top::<20>(layout, outer, lists, top, scratch),
                        (21, true) => join_top::<21>(layout, outer, lists, top, scratch),
                        (22, true) => join_top::<22>(layout, outer, lists, top, scratch),
                        (23, true) => join_top::<23>(layout, outer, lists, top, scratch),
                        _ => join_top::<0>(layout, outer, lists, top, scratch),
                    })
                    .sum();
                self.steps.advance(sets.len());
                count
            },
        )
    }
}

/// The half boards that one join reads: for the top role, and for the bottom role (the
/// board upside down; with no center rows, the same list unless the bottoms come in
/// batches), all of whose column sets hold the columns `with` and none of `without`.
#[derive(Clone, Copy)]
struct Lists<'a> {
    top: Tops<'a>,
    bottom: &'a List,
    with: u32,
    without: u32,
}

/// Where the top role's half boards come from.
#[derive(Clone, Copy)]
enum Tops<'a> {
    /// A list made once per outer choice.
    Listed(&'a List),
    /// Put together from `pieces` for each top set when it is joined (see
    /// [`Layout::pieces_tops`]): odd `n`, whose list would hold every half board, keeps only
    /// the bottoms (see [`Layout::bottoms_without`]); past n = 20 only the bottoms are
    /// listed, but for the choices filtered from their leading queens' lists. Where `list`
    /// holds all of the tops of a set that is a bottom set too, the set is read from it.
    Pieced {
        pieces: &'a TopPieces,
        list: Option<&'a List>,
    },
    /// The tops' list of the outer choice's leading center queens (see
    /// [`Layout::leads_hold_tops`]), each set's boards kept clear of the last queen's
    /// crossings `hits` as the set is gathered: the list is read once a choice either way,
    /// and is not written again, filtered, for each choice. (A top set never holds a center
    /// queen's column: see [`Layout::top_sets`].)
    Filtered { list: &'a List, hits: u64 },
}

/// Where the runs of `Scratch::by_first` start, one per column of the board, and the end.
type Runs = [usize; MAX_N + 1];

/// The middle queens of a pair of joins: on the columns `a` and `b` (bits), in that order
/// and the other, each order with its weight (0: not joined).
#[derive(Clone, Copy)]
struct Middle {
    a: u32,
    b: u32,
    weights: [u64; 2],
}

/// One thread's buffers.
#[derive(Default)]
struct Scratch {
    /// A top set's half boards read from a list, prepared, before they become `items`
    /// and `nears` (the tops put together from pieces come as those).
    tops: Vec<Prepared>,
    /// The tops' keys, with their far attacks in the high 32 bits, in runs by first middle
    /// column.
    by_first: Vec<u64>,
    /// The tops' keys with their far attacks (`Prepared::item`), and their near attacks, in
    /// the tops' order: as many as `gather_tops` says, the rest room for its kernels.
    items: Vec<u64>,
    nears: Vec<u32>,
    /// With a halved bottom list, the keys of `by_first` mirrored, and of `items`.
    mirrored: Vec<u32>,
    top_mirrored: Vec<u32>,
    top: Vec<u32>,
    bottom: Vec<u32>,
    /// Scratch space for splitting the keys of a group (see `arch::partition`).
    spare: Vec<u32>,
    /// The joins of a top set: the middle queens, and where their bottom set is.
    joins: Vec<(Middle, Found)>,
    /// A top set's boards kept for the last center queen (see `Tops::Filtered`).
    kept: Kept,
}

/// Two slices of `buffer` (`Scratch::bottom`) for the bottoms kept for the middle queens in
/// one order and in the other: room for `len` each, rounded up as `arch::split_crossings`
/// needs. The buffer only grows: resized to each bottom set, it was written with zeros
/// every time it grew back.
fn halves(buffer: &mut Vec<u32>, len: usize) -> (&mut [u32], &mut [u32]) {
    let room = len.next_multiple_of(arch::PAD);
    if buffer.len() < 2 * room {
        buffer.resize(2 * room, 0);
    }
    buffer[..2 * room].split_at_mut(room)
}

/// Lists the half boards of one outer choice into `lists.0` for the top role, and, where
/// that role differs, into `lists.1` for the bottom role (the two on two threads); with
/// no center rows, `lists.0` serves both.
fn relist(
    layout: &Layout,
    outer: &Outer,
    threads: usize,
    lists: &mut (List, List),
) -> Result<(), Error> {
    if layout.center == 0 {
        // Only the joins whose top set is not above its mirror image count (see
        // `Layout::weight`), so a top is always a kept set.
        lists.0 = List::halved(layout.n, layout.h)?;
        return Ok(());
    }
    let roles = [
        layout.forbidden(outer.queens),
        layout.bottom_forbidden(outer),
    ];
    list_roles(layout, &roles, threads, lists)
}

/// Lists into `lists` the half boards that avoid `roles[0]` (the top role's squares) and
/// `roles[1]` (the bottom role's), one role a thread.
fn list_roles(
    layout: &Layout,
    roles: &[Vec<u32>; 2],
    threads: usize,
    lists: &mut (List, List),
) -> Result<(), Error> {
    by_role(lists, threads, roles, |forbid, list| {
        list.relist(layout.n, layout.h, layout.all, 0, forbid, 1)
    })
}

/// One counting pass for the bottoms' batches where they differ only in the columns they
/// hold (n = 19): its search, not each batch's, counts the boards of every set. `None` for
/// one batch, or batches by their edge row's queen, whose sets span several.
fn shared_counts(
    layout: &Layout,
    batches: &[Batch],
    forbid: &[u32],
    threads: usize,
) -> Result<Option<SetCounts>, Error> {
    match batches {
        [first, rest @ ..] if !rest.is_empty() && rest.iter().all(|c| c.firsts == first.firsts) => {
            SetCounts::new(layout.n, layout.h, first.firsts, forbid, threads).map(Some)
        }
        _ => Ok(None),
    }
}

/// Makes `leads` the lists for the leading center queens `lead` alone (see
/// [`Layout::lists_by_leading`]): the bottoms' into `leads.1`, and where they hold the tops
/// too ([`Layout::leads_hold_tops`]) the tops' into `leads.0`, else `leads.0` is emptied.
/// The bottoms' list is several times the tops' past n = 20, so each is listed on every
/// thread, one after the other, not one role a thread.
fn list_leading(
    layout: &Layout,
    lead: &Outer,
    threads: usize,
    leads: &mut (List, List),
) -> Result<(), Error> {
    let (n, h, all) = (layout.n, layout.h, layout.all);
    if layout.lists_pieced() {
        // Each role on half the threads, the two at once: on two, each list is put together
        // on one, with no buffers between (see `List::pieced`).
        let roles = [
            layout
                .leads_hold_tops()
                .then(|| layout.forbidden(lead.queens)),
            Some(layout.bottom_forbidden(lead)),
        ];
        let each = parallel::allowed(threads).div_ceil(2);
        return by_role(leads, threads, &roles, |forbid, list| match forbid {
            Some(forbid) => list_pieced(layout, forbid, |_| true, each, list),
            None => {
                *list = List::default();
                Ok(())
            }
        });
    }
    match layout.leads_hold_tops() {
        true => leads
            .0
            .relist(n, h, all, 0, &layout.forbidden(lead.queens), threads)?,
        false => leads.0 = List::default(),
    }
    let bottom = layout.bottom_forbidden(lead);
    leads.1.relist(n, h, all, 0, &bottom, threads)
}

/// Makes `list` the half boards of a half of `layout` that avoid the squares of `forbid`,
/// of the column sets `keep` keeps, put together from their pieces (see
/// [`Layout::lists_pieced`]), on `threads` threads.
fn list_pieced(
    layout: &Layout,
    forbid: &[u32],
    keep: impl Fn(u32) -> bool + Sync,
    threads: usize,
    list: &mut List,
) -> Result<(), Error> {
    let (n, h) = (layout.n, layout.h);
    let pieces = Pieces::new(n, h, layout.edge_rows(), forbid)?;
    let crossings = |set, found: &mut Vec<u64>| pieces.crossings(set, found);
    list.pieced((n, h, forbid), keep, crossings, threads)
}

/// Makes the lists of each role, `make(&roles[0], top)` and `make(&roles[1], bottom)`,
/// one role a thread (there are two).
fn by_role<T: Sync>(
    (top, bottom): &mut (List, List),
    threads: usize,
    roles: &[T; 2],
    make: impl Fn(&T, &mut List) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    use std::sync::{Mutex, PoisonError};
    let lists = [
        Mutex::new(core::mem::take(top)),
        Mutex::new(core::mem::take(bottom)),
    ];
    let built = parallel::map(&[0, 1], threads.min(2), |&i: &usize| {
        let mut list = lists[i].lock().unwrap_or_else(PoisonError::into_inner);
        make(&roles[i], &mut list)
    });
    let [t, b] = lists;
    *top = t.into_inner().unwrap_or_else(PoisonError::into_inner);
    *bottom = b.into_inner().unwrap_or_else(PoisonError::into_inner);
    built.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::subsets;
    use crate::board::full_mask;
    use crate::full_tests;
    use crate::lists::tests::sets_sorted;

    /// A whole count, as `join::count` asks for it from 17 to 23.
    fn count(n: usize, threads: usize, progress: &(dyn Fn(Progress) + Sync)) -> Result<u64, Error> {
        count_share(n, Share::WHOLE, threads, progress)
    }

    /// OEIS A000170, the published counts.
    fn known(n: usize) -> Result<u64, Error> {
        crate::known::known_count(n).ok_or(Error::BoardSize(n))
    }

    #[test]
    fn counts_every_n_from_5_as_known() {
        for n in 5..=15 {
            assert_eq!(count(n, 1, &|_| {}), known(n), "n = {n}");
        }
    }

    /// A long count's shares hold complete outer choices: past n = 20 as many as divide the
    /// choices evenly, up to `CHOICES_A_SHARE`, so that neighbours with the same leading
    /// queens list their bottoms once; else one.
    #[test]
    fn long_counts_take_whole_choices_a_share() {
        for (n, want) in [(17, 1), (18, 1), (20, 1), (21, 1), (22, 19), (23, 25)] {
            let planned = Planned::of(Layout::new(n));
            let per = planned.choices_a_share();
            assert_eq!(per, want, "n = {n}");
            assert!(planned.outer_choices().is_multiple_of(per), "n = {n}");
        }
    }

    /// Three, four and five center rows (the cut of n = 21, 22 and 23) on boards small
    /// enough to count here, with shares.
    #[test]
    fn more_center_rows_count_as_known() {
        for (n, center) in [
            (9, 3),
            (11, 3),
            (13, 3),
            (10, 4),
            (12, 4),
            (14, 4),
            (11, 5),
            (13, 5),
        ]
        .into_iter()
        // n = 14 in the full run alone (`full_tests`), half of this test's time.
        .filter(|&(n, _)| n < 14 || full_tests())
        {
            let layout = Layout::centered(n, center);
            assert_eq!(
                count_with(layout, Share::WHOLE, 1, &|_| {}),
                known(n),
                "n = {n}, {center}"
            );
            let shares: u64 = (1..=7)
                .map(|k| count_with(layout, Share::new(k, 7).unwrap(), 2, &|_| {}).unwrap())
                .sum();
            assert_eq!(Ok(shares), known(n), "shares, n = {n}, {center}");
        }
    }

    /// Where an outer choice's lists are made from its leading center queens' (the cuts of
    /// n = 18, 22 and 23), they are the lists its own search makes, board for board, in
    /// each role the leading queens' lists hold: for whole counts and for counts with
    /// columns allowed.
    #[test]
    fn lists_filtered_from_the_leading_queens_are_the_lists_listed() {
        let mut next = super::super::bits::xorshift(0x5851_f42d_4c95_7f2d);
        // n = 14 in the full run alone (`full_tests`): it takes three times the rest.
        let sizes = [(8, 2), (10, 2), (12, 2), (14, 2), (12, 4), (14, 4), (13, 5)];
        for (n, center) in sizes.into_iter().filter(|&(n, _)| n < 14 || full_tests()) {
            let mut allowed = [full_mask(n); 14];
            allowed[(next() % n as u64) as usize] &= next() as u32 | 1;
            allowed[n - 1] &= next() as u32 | 2;
            let whole = Layout::centered(n, center);
            let fixed = Layout::fixed(n, &allowed[..n]).unwrap();
            let mut checked = 0;
            for layout in [whole, whole.with_allowed(&fixed)] {
                assert!(layout.lists_by_leading(), "n = {n}");
                let mut leads = (List::default(), List::default());
                let mut listed_for = None;
                for outer in layout.outers() {
                    let lead = layout.leading(&outer);
                    if listed_for != Some(lead.queens) {
                        list_leading(&layout, &lead, 2, &mut leads).unwrap();
                        listed_for = Some(lead.queens);
                    }
                    let mut listed = (List::default(), List::default());
                    relist(&layout, &outer, 1, &mut listed).unwrap();
                    // The bottoms: the list filtered for the last queen.
                    let (column, [top_hits, bottom_hits]) = layout.last_hits(&outer);
                    let mut filtered = List::default();
                    filtered.filtered(&leads.1, column, bottom_hits).unwrap();
                    // Past n = 20 the leading queens' lists are put together from pieces,
                    // each set's boards in another order than the search's.
                    assert_eq!(listed.1.start, filtered.start, "n = {n}, {outer:?}");
                    let (want, got) = (sets_sorted(&listed.1), sets_sorted(&filtered));
                    assert_eq!(want, got, "n = {n}, {outer:?}");
                    // The tops, as the join gathers each top set (`Tops::Filtered`); with two
                    // center rows they are pieced, and the leading queens list none.
                    if !layout.leads_hold_tops() {
                        assert!(leads.0.low.is_empty(), "n = {n}");
                        checked += listed.1.low.len();
                        continue;
                    }
                    let fields = |p: &Prepared| (p.key, p.near, p.far);
                    let mut kept = Kept::default();
                    for set in layout.top_sets(&outer) {
                        let (mut want, mut got) = (Vec::new(), Vec::new());
                        listed
                            .0
                            .of(set)
                            .prepare_into::<false>(layout.shape, &mut want);
                        let gathered = leads.0.of(set);
                        gathered.prepare_clear_into(top_hits, layout.shape, &mut kept, &mut got);
                        let [want, got] = [want, got].map(|v| {
                            let mut v = v.iter().map(fields).collect::<Vec<_>>();
                            v.sort_unstable();
                            v
                        });
                        assert_eq!(want, got, "n = {n}, {outer:?}, set {set:b}");
                        checked += got.len();
                    }
                }
            }
            assert!(checked > 0, "n = {n}");
        }
        // n = 20 lists its bottoms in batches, odd n to 19 its tops from pieces, and n = 21
        // has no memory to spare.
        for n in [17, 19, 20, 21] {
            assert!(!Layout::new(n).lists_by_leading(), "n = {n}");
        }
        for n in [18, 22, 23] {
            assert!(Layout::new(n).lists_by_leading(), "n = {n}");
        }
    }

    /// Every solution, by brute force: the placements of `n` whose row `r` takes a column
    /// of `allowed[r]`.
    fn brute(n: usize, allowed: &[u32]) -> u64 {
        nqueens_tables_core::Search::new(n)
            .map(|mut s| {
                let mut count = 0;
                while let Some(sol) = s.next_solution() {
                    let fits = sol.iter().zip(allowed).all(|(&c, &a)| a >> c & 1 == 1);
                    count += u64::from(fits);
                }
                count
            })
            .unwrap_or(0)
    }

    /// Counts with queens fixed, or any columns allowed per row, against brute force: every
    /// cut, one row at a time, pairs of rows, and shares.
    #[test]
    fn counts_with_fixed_columns_match_brute_force() {
        let mut next = super::super::bits::xorshift(0x9e37_79b9_7f4a_7c15);
        for n in 5..=12 {
            let all = full_mask(n);
            for _ in 0..12 {
                let mut allowed = [all; 12];
                // One to three rows fixed to one column, and one row some columns.
                for _ in 0..1 + next() % 3 {
                    allowed[(next() % n as u64) as usize] = 1 << (next() % n as u64);
                }
                allowed[(next() % n as u64) as usize] &= next() as u32 | 1;
                let want = brute(n, &allowed[..n]);
                let got = count_fixed(n, &allowed[..n], Share::WHOLE, 1, &|_| {});
                assert_eq!(got, Ok(want), "n = {n}, {allowed:?}");
                let shares: u64 = (1..=3)
                    .map(|k| {
                        count_fixed(n, &allowed[..n], Share::new(k, 3).unwrap(), 2, &|_| {})
                            .unwrap()
                    })
                    .sum();
                assert_eq!(shares, want, "shares, n = {n}");
            }
            // Nothing fixed: every solution, each counted once without the orbits.
            assert_eq!(count_fixed(n, &[], Share::WHOLE, 1, &|_| {}), known(n));
        }
        for (n, center) in [(11, 3), (12, 4), (13, 5)] {
            let fixed = Layout::fixed(n, &[1 << 2, all_but(n, 1)]).unwrap();
            let layout = Layout::centered(n, center).with_allowed(&fixed);
            let want = brute(n, &layout.allowed[..n]);
            assert_eq!(
                count_with(layout, Share::WHOLE, 1, &|_| {}),
                Ok(want),
                "n = {n}"
            );
        }
        // Queens that attack each other: nothing, at once.
        assert_eq!(count_fixed(9, &[1, 2], Share::WHOLE, 1, &|_| {}), Ok(0));
        assert_eq!(
            count_fixed(24, &[], Share::WHOLE, 1, &|_| {}),
            Err(Error::BoardSize(24))
        );
    }

    fn all_but(n: usize, column: u32) -> u32 {
        full_mask(n) & !(1 << column)
    }

    #[test]
    fn with_no_center_rows_counts_every_even_n_from_6_as_known() {
        for n in (6..=14).step_by(2) {
            assert_eq!(count_no_center(n, 1, &|_| {}), known(n), "n = {n}");
        }
        for n in [5, 15, 18] {
            assert_eq!(count_no_center(n, 1, &|_| {}), Err(Error::BoardSize(n)));
        }
    }

    /// Bottoms listed in batches (as n = 19 and 20 are) count the same, at every size and
    /// layout, with progress still reaching its total, and so do shares of the count.
    #[test]
    fn bottoms_in_batches_count_as_known() {
        use core::sync::atomic::{AtomicU64, Ordering};
        // n = 14 in the full run alone (`full_tests`).
        let last = if full_tests() { 14 } else { 13 };
        for n in 5..=last {
            let layouts = [
                Some(Layout::new(n)),
                (n % 2 == 0).then(|| Layout::no_center(n)),
            ];
            for layout in layouts.into_iter().flatten() {
                for (edges, splits) in [(2, 0), (3, 1), (4, 0), (1, 2), (1, 3), (2, 2)] {
                    let layout = Layout {
                        edges,
                        splits,
                        ..layout
                    };
                    for outer in layout.outers() {
                        let batches = layout.bottom_batches(&outer);
                        let split = layout.split_columns(&outer);
                        let at = (n, layout.center, edges, split);
                        // Below 9 a choice may leave the bottoms fewer columns to split on.
                        let splits_at = split.count_ones();
                        assert!(splits_at == splits || n < 9 && splits_at < splits, "{at:?}");
                        assert_eq!(split & (outer.columns() | layout.bottoms_without()), 0);
                        assert_eq!(batches.len(), (edges << splits_at) as usize, "{at:?}");
                        // Every edge column and every pattern of the split columns, once.
                        for first in 0..n {
                            for with in subsets(split, 0)
                                .chain((1..=splits_at as usize).flat_map(|k| subsets(split, k)))
                            {
                                let holding = batches.iter().filter(|c| {
                                    c.firsts >> first & 1 == 1
                                        && c.with == with
                                        && c.without == split & !with
                                });
                                assert_eq!(holding.count(), 1, "{at:?}, {with:b}");
                            }
                        }
                    }
                    let (done, of) = (AtomicU64::new(0), AtomicU64::new(0));
                    let counted = count_with(layout, Share::WHOLE, 1, &|p| {
                        done.fetch_max(p.done, Ordering::Relaxed);
                        of.store(p.of, Ordering::Relaxed);
                    });
                    let at = (n, layout.center, edges, splits);
                    assert_eq!(counted, known(n), "n, center rows, batches: {at:?}");
                    assert_eq!(done.into_inner(), of.into_inner(), "{at:?}");
                    let shares: u64 = (1..=5)
                        .map(|k| count_with(layout, Share::new(k, 5).unwrap(), 1, &|_| {}).unwrap())
                        .sum();
                    assert_eq!(Ok(shares), known(n), "shares, {at:?}");
                }
            }
        }
        let outer = |n| Layout::new(n).outers()[0];
        assert_eq!(Layout::new(20).bottom_batches(&outer(20)).len(), 4);
        assert_eq!(Layout::new(19).bottom_batches(&outer(19)).len(), 4);
        let all = Layout::new(17).all;
        let one = Batch {
            firsts: all,
            with: 0,
            without: 0,
        };
        assert_eq!(Layout::new(17).bottom_batches(&outer(17)), [one]);
    }

    /// With one center row, the columns beside the center queen, which neither middle row
    /// may take, split the bottoms so that each top set has joins in one batch alone: the
    /// bottom set holds each of them that the top set does not. A top set with joins in
    /// two batches would be put together twice.
    #[test]
    fn a_top_set_meets_one_batch_where_no_middle_queen_takes_the_split() {
        for n in [11, 13, 15, 17] {
            let layout = Layout {
                splits: 2,
                ..Layout::new(n)
            };
            let mut checked = 0;
            for outer in layout.outers() {
                let split = layout.split_columns(&outer);
                let q = outer.columns();
                let beside = ((q << 1) | (q >> 1)) & layout.all;
                let [firsts, lasts] = outer.middles;
                if beside.count_ones() < 2 {
                    // A center queen on an edge column: one column beside it.
                    assert_eq!(split & beside, beside, "n = {n}, center queen {q:b}");
                    continue;
                }
                assert_eq!(split, beside, "n = {n}, center queen {q:b}");
                assert_eq!(split & (firsts | lasts), 0);
                let batches = layout.bottom_batches(&outer);
                for top in layout.top_sets(&outer) {
                    let rest = layout.all & !top & !q;
                    // The batches that hold the bottom set of some join of this top set.
                    let mut met = 0u32;
                    for a in subsets(rest & firsts, 1) {
                        for b in subsets(rest & lasts & !a, 1) {
                            let bottom = rest & !a & !b;
                            let fits =
                                |c: &Batch| bottom & c.with == c.with && bottom & c.without == 0;
                            met |= batches.iter().position(fits).map_or(0, |i| 1 << i);
                        }
                    }
                    assert!(met.count_ones() <= 1, "n = {n}, top {top:b}: {met:b}");
                    checked += 1;
                }
            }
            assert!(checked > 0, "n = {n}");
        }
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
                    .map(|k| count_share(n, Share::new(k, m).unwrap(), 1, &|_| {}).unwrap())
                    .sum();
                assert_eq!(sum, whole, "n = {n}, m = {m}");
            }
        }
    }

    #[test]
    fn sizes_outside_5_to_23_are_refused() {
        for n in [0, 1, 4, 24, 32] {
            assert_eq!(count(n, 1, &|_| {}), Err(Error::BoardSize(n)), "n = {n}");
        }
    }
}
