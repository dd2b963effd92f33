//! Lists of half boards put together from pieces (`pieces`) rather than searched: past
//! n = 20 (`Layout::lists_pieced`), where a search's second pass wrote each board anywhere
//! in tens of megabytes, and the lists were a good part of a share's time.

use std::vec::Vec;

use super::index::Index;
use super::lists::{reserve, List, HIGH_BITS, LOW_BITS};
use crate::error::Error;

/// Rounds of runs that [`List::pieced`] puts together at a time, each run's boards held
/// apart until its round is appended: a sixteenth of the list held twice at most.
const PIECED_ROUNDS: usize = 16;

/// Runs a thread takes in a round of [`List::pieced`]: a few, so that a thread with short
/// runs takes another while one with long runs is busy.
const RUNS_A_THREAD: usize = 4;

impl List {
    /// Makes this list [`List::relist`]'s of the half boards of `rows` rows of `n`, none on
    /// the squares of `forbid`, whose column set `keep` keeps, from `crossings` (which
    /// writes the crossings of a set's boards into its second argument, from the start,
    /// and returns how many there are: `pieces::Pieces::crossings`). Each set's boards
    /// come in another order than a search's, and the list is written once, in order,
    /// where listing searches twice and writes each board anywhere in the list.
    ///
    /// On one thread each set's boards are appended as they are put together. On more
    /// (`threads`, 0: one per core), the sets are cut into runs, each run's boards put
    /// together by a thread into a buffer of its own, and the buffers appended in order,
    /// [`PIECED_ROUNDS`] rounds of a few runs a thread each: on one thread those buffers
    /// cost time and memory, and gain nothing (bench/HISTORY.md).
    pub(super) fn pieced(
        &mut self,
        (n, rows, forbid): (usize, usize, &[u32]),
        keep: impl Fn(u32) -> bool + Sync,
        crossings: impl Fn(u32, &mut Vec<u64>) -> usize + Sync,
        threads: usize,
    ) -> Result<(), Error> {
        self.halved = None;
        self.index = Index::new(n, rows, forbid);
        let sets = self.index.len(n);
        let threads = crate::parallel::allowed(threads);
        let List {
            start,
            low,
            high,
            wide,
            index,
            ..
        } = self;
        start.clear();
        low.clear();
        high.clear();
        wide.clear();
        reserve(start, sets + 1)?;
        let (index, bits) = (&*index, 2 * n);
        // Set `i`'s boards, put together in `found` from its start (with room for every
        // pair their pieces make, about six times the boards that fit); how many.
        let boards_of = |i: usize, found: &mut Vec<u64>| {
            let set = index.set(i);
            match set.count_ones() as usize == rows && keep(set) {
                true => crossings(set, found),
                false => 0,
            }
        };
        // Appends the next set's boards to the list.
        let mut push = |boards: &[u64]| -> Result<(), Error> {
            start.push(low.len() as u32);
            reserve(low, boards.len())?;
            low.extend(boards.iter().map(|&c| c as u32));
            if bits > HIGH_BITS {
                reserve(wide, boards.len())?;
                wide.extend(boards.iter().map(|&c| (c >> 32) as u16));
            } else if bits > LOW_BITS {
                reserve(high, boards.len())?;
                high.extend(boards.iter().map(|&c| (c >> 32) as u8));
            }
            Ok(())
        };
        if threads == 1 {
            let mut found = Vec::new();
            for i in 0..sets {
                let len = boards_of(i, &mut found);
                push(found.get(..len).unwrap_or_default())?;
            }
        } else {
            // A run's boards, one after the other, and where each set's end.
            let run = |range: &core::ops::Range<usize>| {
                let (mut boards, mut ends, mut found) = (Vec::new(), Vec::new(), Vec::new());
                for i in range.clone() {
                    let len = boards_of(i, &mut found);
                    boards.extend_from_slice(found.get(..len).unwrap_or_default());
                    ends.push(boards.len());
                }
                (boards, ends)
            };
            let per = sets
                .div_ceil(PIECED_ROUNDS * RUNS_A_THREAD * threads)
                .max(1);
            let ranges: Vec<_> = (0..sets)
                .step_by(per)
                .map(|a| a..sets.min(a + per))
                .collect();
            for round in ranges.chunks(RUNS_A_THREAD * threads) {
                for (boards, ends) in crate::parallel::map(round, threads, run) {
                    let mut from = 0;
                    for end in ends {
                        push(boards.get(from..end).unwrap_or_default())?;
                        from = end;
                    }
                }
            }
        }
        start.push(low.len() as u32);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::lists::tests::sets_sorted;
    use super::super::pieces::Pieces;
    use super::*;
    use crate::board::full_mask;

    /// A list put together from pieces holds, set for set, the boards that the search
    /// lists: crossings of every width, squares forbidden or not, a packed index (n = 21
    /// with a column forbidden in every row), the sets kept by the columns they hold, and
    /// edge pieces of one to three rows.
    #[test]
    fn pieced_lists_hold_the_boards_listed_set_for_set() {
        let mut draw = crate::bits::xorshift(0x1405_7b7e_f767_814f);
        for (n, rows, edge) in [(12, 4, 2), (13, 5, 1), (18, 5, 2), (21, 6, 2), (22, 6, 3)] {
            let all = full_mask(n);
            let drawn: Vec<u32> = (0..rows).map(|_| (draw() & draw()) as u32 & all).collect();
            let never: Vec<u32> = drawn.iter().map(|f| f | 1 << 3).collect();
            let with = 1 << (draw() % n as u64);
            let cases = [(&[][..], 0, 1), (&drawn[..], 0, 2), (&never[..], with, 3)];
            for (forbid, with, threads) in cases {
                let want = List::new(n, rows, all, with, forbid).unwrap();
                let pieces = Pieces::new(n, rows, edge, forbid).unwrap();
                let mut got = List::default();
                let keep = |cols: u32| cols & with == with;
                let crossings = |set, found: &mut Vec<u64>| pieces.crossings(set, found);
                got.pieced((n, rows, forbid), keep, crossings, threads)
                    .unwrap();
                let case =
                    std::format!("n = {n}, forbid {forbid:?}, with {with:b}, {threads} threads");
                assert!(!want.low.is_empty(), "{case}");
                assert_eq!(want.start, got.start, "{case}");
                assert_eq!(sets_sorted(&want), sets_sorted(&got), "{case}");
                assert_eq!(
                    (want.high.len(), want.wide.len()),
                    (got.high.len(), got.wide.len()),
                    "{case}"
                );
            }
        }
    }
}
