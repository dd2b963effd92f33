//! The half-board join of [`nqueens-tables`](https://docs.rs/nqueens-tables): counts every
//! solution of a board by meeting in the middle, the fastest method from n = 15 to 23. Users
//! name the facade `nqueens-tables` (features `std` or `parallel`), whose `Counter` picks this
//! crate's count where it is fastest; this crate is its std layer, over the `no_std`
//! [`nqueens-tables-core`](nqueens_tables_core).
//!
//! ```
//! let share = nqueens_tables_core::Share::WHOLE;
//! assert_eq!(nqueens_tables_join::count_share(17, share, 1, &|_| {}), Ok(95_815_104));
//! ```
//!
//! Every `unsafe` block of the project lives in this crate's `arch` (the x86-64 kernels, each
//! with its SAFETY note); the rest of it denies `unsafe`. This file holds its only entry
//! points; the layers below import nothing above them (`layers.txt`, checked in CI):
//!
//! ```text
//! lib.rs       covers, count, count_share, count_fixed, identity: what the front door calls
//! ├─ cost      what the search and the join cost, for the front door to choose between them
//! ├─ centered  the join with the center rows' queens placed first (n = 17 to 23, even n)
//! │  ├─ layout   its cut of the board: center choices, top sets, squares to avoid
//! │  └─ pieces   top halves put together from two pieces (odd n, 18, past 20)
//! ├─ one_list  the one-list join (odd n up to 15)
//! ├─ pairs     the inner loop: pairs of keys with no bit in common (its loops: arch)
//! ├─ the toolkit every layout shares, by what it holds:
//! │  ├─ lists   half boards listed and grouped by column set (index: where a set's run is)
//! │  ├─ placements  the one walker of the placements that lists and pieces hold
//! │  ├─ shape   the board cut into halves, keys, a half board prepared for a role
//! │  └─ bits    column sets packed, mirrored, enumerated; orbits weighed
//! └─ arch      the kernels: one portable body, and x86-64's AVX2 and AVX-512 forms
//! ```
//!
//! # Glossary
//!
//! - **half board**: a placement of queens on the rows of one half, the top or (read upside
//!   down) the bottom, with no two attacking each other.
//! - **middle rows**: the one or two rows between the halves; the join tries every queen on
//!   them. **center rows**: for the centered join, the rows between the middle rows, whose
//!   queens are placed first, one **outer choice** at a time.
//! - **crossing**: where a half board's diagonals reach the first middle row, `2n` bits
//!   (left-going in bits `0..n`, right-going in `n..2n`). The lists keep it packed.
//! - **key**: the crossings a queen from the other half can also reach, two fields of
//!   `bits` bits in 32. A top and a bottom fit together exactly when their keys share no bit
//!   (and their columns partition what the middle and center queens leave).
//! - **near / far**: the columns a half board attacks on its nearest middle row and on its
//!   farthest.
//! - **top set**: the columns a top half uses; one join is a top set, the middle queens and
//!   the bottom set (the rest).
//! - **twin**: a join upside down (top and bottom sets swapped); the **orbit** of a join
//!   under the mirror and the flip is counted once, times its **weight** (its size).
//! - **batch**: a slice of one outer choice's bottoms listed at a time, to bound memory.
//! - **edge / inner piece**: the first rows of a half board and the rest, listed apart and
//!   paired when a top set is joined (module `pieces`).
//! - **unit**: an outer choice and one of its top sets: the step of progress, and what a
//!   share K/M is cut from.
//! - **allowed**: the columns each row may take, a mask a row: what the queens fixed by a
//!   count ([`count_fixed`]) leave, or a row of a rank limited to the columns left of its
//!   queen.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Unsafe code is refused everywhere but in `arch`'s x86-64 kernels, which say why.
#![deny(unsafe_code)]
#![deny(missing_docs)]

extern crate std;

// The core's modules this crate builds on, under the names the join's code uses for them.
use nqueens_tables_core::{board, error, known, parallel, progress, share};

mod arch;
mod bits;
mod boards;
mod centered;
mod cost;
mod index;
mod layout;
mod lists;
mod one_list;
mod pairs;
mod pieced;
mod pieces;
mod placements;
#[cfg(nqueens_profile)]
pub mod profile;
mod shape;

pub use cost::search_is_cheaper;

/// Whether this is the full run of the tests (NQUEENS_FULL_TESTS set, as `.ci/run` sets it):
/// the largest sizes of the slowest tests, which the everyday run leaves out.
#[cfg(test)]
fn full_tests() -> bool {
    std::env::var_os("NQUEENS_FULL_TESTS").is_some()
}

use crate::error::Error;
use crate::progress::Progress;
use crate::share::Share;

/// The sizes the centered join counts with center rows, and whose shares are the join's own
/// (plan `j1-`). From 17 it is as fast as the one-list join in a tenth of its memory or
/// less; from 21 it keeps halves of 8 rows and places 3 to 5 center rows first, so that its
/// keys fit 32 bits (see `layout::HALF_ROWS_PAST_18`). It counts every `n` from 5 correctly (the
/// tests check it against the known counts), only slower below 17 (BENCHMARKS.md).
const CENTERED_N: core::ops::RangeInclusive<usize> = 17..=layout::MAX_CENTERED_N;

/// The largest board the join counts: past it a half board's keys no longer fit 32 bits.
pub const MAX_N: usize = layout::MAX_CENTERED_N;

/// Whether the join cuts the shares of a count of `n` itself (plan `j1-`, [`count_share`]):
/// the sizes where it places center queens first, one outer choice at a time.
pub fn cuts_shares(n: usize) -> bool {
    CENTERED_N.contains(&n)
}

/// Whether the join counts `n` with queens fixed ([`count_fixed`]).
pub fn counts_fixed(n: usize) -> bool {
    FIXED_N.contains(&n)
}

/// The even sizes counted by the centered join's loops with no center rows, which beat the
/// one-list join there in time and memory (BENCHMARKS.md). (Below 6 a half board of that
/// layout has no rows.)
pub(crate) const NO_CENTER_N: core::ops::RangeInclusive<usize> = 6..=16;

/// Whether the join counts `n`.
pub fn covers(n: usize) -> bool {
    one_list::covers(n) || CENTERED_N.contains(&n)
}

/// Every solution of `n` (as [`covers`] says) on `threads` threads (0: one per core; one
/// without the feature `parallel`), reporting its steps to `progress`.
/// [`Error::OutOfMemory`] where the half boards do not fit.
pub fn count(n: usize, threads: usize, progress: &(dyn Fn(Progress) + Sync)) -> Result<u64, Error> {
    if CENTERED_N.contains(&n) {
        return centered::count_share(n, Share::WHOLE, threads, progress);
    }
    if n.is_multiple_of(2) && NO_CENTER_N.contains(&n) {
        return centered::count_no_center(n, threads, progress);
    }
    one_list::count(n, threads, progress)
}

/// A share of the count of `n` where [`cuts_shares`] says so: runs of units, the same on every machine
/// (see `centered::count_share`).
pub fn count_share(
    n: usize,
    share: Share,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    if !CENTERED_N.contains(&n) {
        return Err(Error::BoardSize(n));
    }
    centered::count_share(n, share, threads, progress)
}

/// The sizes the centered join counts at all, with queens fixed or not (its loops need a
/// half board of one row or more from n = 5; its keys stop at [`MAX_N`]).
const FIXED_N: core::ops::RangeInclusive<usize> = 5..=layout::MAX_CENTERED_N;

/// A share of the count of the solutions of `n` whose row `r` takes one of the
/// columns `allowed[r]` (rows past its end: any): `n` from 5 to [`MAX_N`].
pub fn count_fixed(
    n: usize,
    allowed: &[u32],
    share: Share,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<u64, Error> {
    centered::count_fixed(n, allowed, share, threads, progress)
}

/// The shares of one count of `n` (with the columns `allowed`, if any), planned once for a
/// run of many of them: its layout and its outer choices, which past 20 cost a good part of
/// a share to list again. `None` where the join does not cut this count's shares.
pub struct ShareRun {
    /// `None` where nothing is left to count: every share is 0.
    planned: Option<centered::Planned>,
}

impl ShareRun {
    /// The run of the shares of `n`, as [`count_share`] (no `allowed`) or [`count_fixed`]
    /// cuts them.
    pub fn new(n: usize, allowed: Option<&[u32]>) -> Option<ShareRun> {
        match allowed {
            Some(_) if !FIXED_N.contains(&n) => None,
            None if !CENTERED_N.contains(&n) => None,
            _ => Some(ShareRun {
                planned: centered::Planned::new(n, allowed),
            }),
        }
    }

    /// How many outer choices of center queens the shares run over: a number of shares that
    /// is a multiple of it holds complete outer choices, and lists no half board twice.
    pub fn outer_choices(&self) -> u64 {
        self.planned.as_ref().map_or(1, |p| p.outer_choices())
    }

    /// How many complete outer choices a share of a long count holds (see
    /// `Planned::choices_a_share`): a divisor of [`ShareRun::outer_choices`].
    pub fn choices_a_share(&self) -> u64 {
        self.planned.as_ref().map_or(1, |p| p.choices_a_share())
    }

    /// A share: the same count as [`count_share`] or [`count_fixed`] gives it.
    pub fn count(
        &self,
        share: Share,
        threads: usize,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<u64, Error> {
        match &self.planned {
            Some(planned) => planned.count(share, threads, progress),
            None => Ok(0),
        }
    }
}

/// The share of a count's work that the columns `allowed` leave to the join: its estimate
/// for them (on their cheapest image) over its estimate with every column allowed. `None`
/// where nothing is left to count, or the join does not count `n` with queens fixed ([`counts_fixed`]).
pub fn fixed_share_of_work(n: usize, allowed: &[u32]) -> Option<f64> {
    if !FIXED_N.contains(&n) {
        return None;
    }
    let fixed = layout::Layout::cheapest(n, allowed)?;
    let all = layout::Layout::fixed(n, &[])?;
    Some(fixed.estimate() / all.estimate())
}

/// Feeds what fixes the units of `n` to `eat`, for the share plan's identifier.
pub fn identity(n: usize, eat: &mut impl FnMut(u8)) {
    layout::identity(&layout::Layout::new(n), eat)
}

/// [`identity`] for [`count_fixed`]'s units, which depend on what is allowed too.
pub fn identity_fixed(n: usize, allowed: &[u32], eat: &mut impl FnMut(u8)) {
    match layout::Layout::cheapest(n, allowed) {
        Some(layout) => {
            layout::identity(&layout, eat);
            for a in &layout.allowed[..n] {
                a.to_le_bytes().into_iter().for_each(&mut *eat);
            }
        }
        // Nothing to count: one unit of no work.
        None => eat(0),
    }
}
