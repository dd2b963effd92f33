//! Where a column set's half boards are in a list: the set itself as the index, or, where a
//! list can use only some columns, the set packed to those columns.

use super::bits::{unpack, BytePacker};
use crate::board::full_mask;

/// Boards from this size on pack their sets (see [`Index`]): below it `start` is small, and
/// the lookups through the tables cost more than they save (BENCHMARKS.md).
const PACK_FROM_N: usize = 21;

/// Where a column set's half boards are in `List::start`. A list of one choice of center
/// queens never uses their columns, nor any other column that every row forbids: its sets
/// are packed to the columns it can use (n = 21: 18 of them), so that `start` has 2^18
/// entries, not 2^21, is zeroed in an eighth of the time for each choice, and its lookups
/// stay in cache.
#[derive(Clone, Default)]
pub(super) struct Index {
    /// The columns the list can use; 0 where it can use all of them (no packing).
    pub(super) used: u32,
    /// Packs a set to the columns `used`.
    packed: BytePacker,
}

impl Index {
    /// The index of the columns that `forbid` leaves to `rows` rows of an `n` board (those
    /// not forbidden in every row).
    pub(super) fn new(n: usize, rows: usize, forbid: &[u32]) -> Index {
        if n < PACK_FROM_N {
            return Index::default();
        }
        let all = full_mask(n);
        let never = match forbid.get(..rows) {
            Some(rows) if !rows.is_empty() => rows.iter().fold(all, |a, f| a & f),
            _ => 0,
        };
        let used = all & !never;
        if used == all {
            return Index::default();
        }
        let mut packed = BytePacker::default();
        packed.renew(used);
        Index { used, packed }
    }

    /// How many indices there are for an `n` board.
    pub(super) fn len(&self, n: usize) -> usize {
        match self.used {
            0 => 1 << n,
            used => 1 << used.count_ones(),
        }
    }

    /// The set of index `i`: [`Index::of`] undone.
    pub(super) fn set(&self, i: usize) -> u32 {
        match self.used {
            0 => i as u32,
            used => unpack(i as u32, used),
        }
    }

    /// The index of the set `cols`; `None` for a set with a column the list never uses.
    #[inline(always)]
    pub(super) fn of(&self, cols: u32) -> Option<usize> {
        if self.used == 0 {
            return Some(cols as usize);
        }
        if cols & !self.used != 0 {
            return None;
        }
        Some(self.packed.pack(cols) as usize)
    }
}
