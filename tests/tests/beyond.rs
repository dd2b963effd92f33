//! Packed and fundamental layouts, prefix ranges, fixed queens, rank and unrank: each against
//! the plain tables, and against brute force for small n.

use nqueens_tables::{nqueens, nth, rank, solutions, solutions_with_fixed, PackedTable, Search};
use nqueens_tests::{brute_force, A000170};

fn all(n: usize) -> Vec<Vec<u8>> {
    Search::new(n).unwrap().map(|s| s.to_vec()).collect()
}

#[test]
fn rank_and_unrank_round_trip_against_brute_force() {
    for n in 1..=9 {
        let list = brute_force(n);
        for (i, sol) in list.iter().enumerate() {
            assert_eq!(rank(sol), Some(i as u64), "n = {n}, {sol:?}");
            assert_eq!(nth(n, i as u64).unwrap().to_vec(), *sol, "n = {n}, i = {i}");
        }
        assert_eq!(nth(n, list.len() as u64), None);
    }
    assert_eq!(rank(&[0, 0]), None);
    assert_eq!(rank(&[0, 2, 1]), None);
    assert_eq!(rank(&[]), None);
    assert_eq!(nth(0, 0), None);
    assert_eq!(nth(nqueens_tables::MAX_N + 1, 0), None);
}

#[test]
fn rank_and_unrank_by_counting_past_the_tables() {
    // n = 14 has no table: both directions count subtrees.
    let n = 14;
    let mut search = Search::new(n).unwrap();
    let mut picks = Vec::new();
    let wanted = [0usize, 1, 4_999, 182_797, 182_798, 365_595];
    let mut i = 0;
    while let Some(sol) = search.next_solution() {
        if wanted.contains(&i) {
            picks.push((i, sol.to_vec()));
        }
        i += 1;
    }
    assert_eq!(i, A000170[n - 1]);
    for (i, sol) in picks {
        assert_eq!(rank(&sol), Some(i as u64), "rank #{i}");
        assert_eq!(nth(n, i as u64).unwrap().to_vec(), sol, "nth #{i}");
    }
    assert_eq!(nth(n, A000170[n - 1] as u64), None);
}

/// Unranking stops counting a branch once it holds the wanted solution, so the first
/// solutions of a large board come at once.
#[test]
fn first_solutions_of_a_large_board_unrank_at_once() {
    let n = 24;
    let firsts: Vec<Vec<u8>> = solutions(n).unwrap().take(3).map(|s| s.to_vec()).collect();
    for (i, sol) in firsts.iter().enumerate() {
        assert_eq!(nth(n, i as u64).unwrap().to_vec(), *sol, "nth({n}, {i})");
    }
}

#[test]
fn tables_rank_by_binary_search() {
    for n in 6..=13 {
        let t = nqueens_tables::table(n).unwrap();
        for (i, row) in t.iter().enumerate().step_by(97) {
            assert_eq!(t.index_of(row), Some(i));
            assert_eq!(rank(row), Some(i as u64));
        }
        assert_eq!(t.index_of(&vec![0; n]), None);
        assert_eq!(t.index_of(&[0]), None);
    }
}

#[test]
fn prefix_ranges_equal_a_filter() {
    for n in 6..=10 {
        let t = nqueens_tables::table(n).unwrap();
        let full = all(n);
        for a in 0..n as u8 {
            for prefix in [
                vec![a],
                vec![a, (a + 2) % n as u8],
                vec![a, (a + 3) % n as u8, 1],
            ] {
                let run: Vec<Vec<u8>> = t.with_prefix(&prefix).iter().map(<[u8]>::to_vec).collect();
                let filtered: Vec<Vec<u8>> = full
                    .iter()
                    .filter(|s| s.starts_with(&prefix))
                    .cloned()
                    .collect();
                assert_eq!(run, filtered, "n = {n}, prefix {prefix:?}");
            }
        }
        assert_eq!(t.with_prefix(&[]).len(), t.len());
        assert!(t.with_prefix(&vec![0; n + 1]).is_empty());
    }
}

#[test]
fn fixed_queens_from_tables_equal_a_filter() {
    for n in 6..=10 {
        let full = all(n);
        let squares = [
            vec![(0, 1)],
            vec![(0, 2), (1, 4)],
            vec![(n - 1, 0)],
            vec![(2, 2), (5, 0)],
            vec![(0, 0), (0, 0)],
            vec![(1, 1), (1, 2)],
            vec![(0, 0), (1, 1)],
        ];
        for fixed in squares {
            let served = solutions_with_fixed(n, &fixed).unwrap();
            let one_per_row = fixed
                .iter()
                .all(|a| fixed.iter().all(|b| a.0 != b.0 || a.1 == b.1));
            // Two queens in one row go to the search, which knows at once there is nothing.
            assert_eq!(
                served.is_from_table(),
                one_per_row,
                "n = {n}, fixed {fixed:?}"
            );
            let got: Vec<Vec<u8>> = served.map(|s| s.to_vec()).collect();
            let want: Vec<Vec<u8>> = full
                .iter()
                .filter(|s| fixed.iter().all(|&(r, c)| s[r] as usize == c))
                .cloned()
                .collect();
            assert_eq!(got, want, "n = {n}, fixed {fixed:?}");
            let by_search: Vec<Vec<u8>> = Search::with_fixed(n, &fixed)
                .unwrap()
                .map(|s| s.to_vec())
                .collect();
            assert_eq!(by_search, want, "search, n = {n}, fixed {fixed:?}");
        }
    }
    // Past the tables the search starts from the fixed queens, so a late row is cheap.
    let s = solutions_with_fixed(24, &[(23, 1), (0, 22)])
        .unwrap()
        .next()
        .unwrap();
    assert!(nqueens_tables::is_solution(&s) && s[23] == 1 && s[0] == 22);
    assert!(solutions_with_fixed(8, &[(0, 8)]).is_err());
}

fn unpack_all(n: usize, packed: &[u8]) -> Vec<u8> {
    let stride = n.div_ceil(2);
    packed
        .chunks_exact(stride)
        .flat_map(|row| {
            (0..n).map(move |i| {
                if i % 2 == 0 {
                    row[i / 2] >> 4
                } else {
                    row[i / 2] & 15
                }
            })
        })
        .collect()
}

macro_rules! packed_checks {
    ($($n:literal;)*) => {$({
        let n = $n;
        let packed: &[u8] = nqueens!($n, packed).as_flattened();
        let plain = nqueens_tables::table(n).unwrap();
        assert_eq!(packed.len(), n.div_ceil(2) * plain.len(), "n = {n}");
        assert_eq!(unpack_all(n, packed), plain.as_bytes(), "n = {n}");
        let view = PackedTable::from_bytes(n, packed).unwrap();
        assert_eq!(view.len(), plain.len());
        let mut via_iter = Vec::new();
        for (i, sol) in view.iter().enumerate() {
            assert_eq!(view.get(i), Some(sol));
            if i % 53 == 0 {
                assert_eq!(view.index_of(&sol), Some(i));
            }
            via_iter.extend_from_slice(&sol);
        }
        assert_eq!(via_iter, plain.as_bytes());
        assert_eq!(view.get(view.len()), None);
        let fundamental: &[u8] = nqueens!($n, fundamental, packed).as_flattened();
        let unique: Vec<u8> = nqueens_tables::fundamental(n).unwrap().flat_map(|p| p.to_vec()).collect();
        assert_eq!(unpack_all(n, fundamental), unique, "fundamental packed, n = {n}");
        let runtime = nqueens_tables::packed_table(n).unwrap();
        assert_eq!(runtime.as_bytes(), packed, "PACKED_{n}");
    })*};
}

#[test]
fn packed_tables_unpack_to_the_plain_ones() {
    packed_checks! { 6; 7; 8; 9; 10; 11; 12; 13; }
    assert!(PackedTable::from_bytes(17, &[]).is_none());
    assert!(PackedTable::from_bytes(8, &[0; 5]).is_none());
}

/// The flash each layout costs, in bytes, for the figures in the README.
#[test]
fn layout_sizes_in_bytes() {
    use core::mem::size_of_val;
    assert_eq!(size_of_val(nqueens!(8)), 736);
    assert_eq!(size_of_val(nqueens!(8, packed)), 368);
    assert_eq!(size_of_val(nqueens!(8, fundamental)), 96);
    assert_eq!(size_of_val(nqueens!(8, fundamental, packed)), 48);
    assert_eq!(size_of_val(nqueens!(12)), 170_400);
    assert_eq!(size_of_val(nqueens!(12, packed)), 85_200);
    assert_eq!(size_of_val(nqueens!(12, fundamental)), 21_444);
    assert_eq!(size_of_val(nqueens!(12, fundamental, packed)), 10_722);
    assert_eq!(size_of_val(nqueens!(13)), 958_256);
    assert_eq!(size_of_val(nqueens!(13, packed)), 515_984);
    assert_eq!(size_of_val(nqueens!(13, fundamental)), 120_029);
    assert_eq!(size_of_val(nqueens!(13, packed, fundamental)), 64_631);
}

#[test]
fn solutions_reads_a_packed_table_when_only_that_is_on() {
    // In this build both forms are on and the plain one is read; the packed path is checked
    // through `PackedTable` above. Both must give the same list.
    for n in 6..=13 {
        let a: Vec<_> = solutions(n).unwrap().collect();
        let b: Vec<_> = nqueens_tables::packed_table(n).unwrap().iter().collect();
        assert_eq!(a, b, "n = {n}");
    }
}

/// Rank and unrank cost the counts their answer needs: near either end of the
/// list they walk, reporting no count at all; far from both ends past the join's sizes they
/// refuse instead of running for days.
#[test]
fn rank_and_nth_walk_near_either_end_and_refuse_what_is_out_of_reach() {
    use nqueens_tables::{Error, Nth, Rank};
    let rank_with_progress =
        |sol: &[u8], threads, f: &(dyn Fn(nqueens_tables::Progress) + Sync)| {
            Rank::new(sol)
                .unwrap()
                .threads(threads)
                .run_with_progress(f)
        };
    let nth_with_progress = |n, i, threads, f: &(dyn Fn(nqueens_tables::Progress) + Sync)| {
        Nth::new(n, i)
            .unwrap()
            .threads(threads)
            .run_with_progress(f)
    };
    use std::sync::atomic::{AtomicU64, Ordering};
    let counted = AtomicU64::new(0);
    let count = &|_| {
        counted.fetch_add(1, Ordering::Relaxed);
    };
    for n in [19, 21, 23, 24] {
        let first = nqueens_tables::nth(n, 0).unwrap();
        assert_eq!(rank_with_progress(&first, 1, count), Ok(Some(0)), "n = {n}");
        let total = nqueens_tables::known_count(n).unwrap();
        let last = nth_with_progress(n, total - 1, 1, count).unwrap().unwrap();
        let mirror: Vec<u8> = first.iter().map(|&c| n as u8 - 1 - c).collect();
        assert_eq!(&*last, &mirror[..], "n = {n}");
        assert_eq!(rank_with_progress(&last, 1, count), Ok(Some(total - 1)));
        // Near the end: walked from it.
        if n <= 21 {
            let near = nth_with_progress(n, total - 1000, 1, count)
                .unwrap()
                .unwrap();
            assert_eq!(rank_with_progress(&near, 1, count), Ok(Some(total - 1000)));
        }
    }
    assert_eq!(
        counted.load(Ordering::Relaxed),
        0,
        "a join count where a walk answers"
    );
    // Past the join's sizes and far from both ends: refused, not days of counting.
    assert_eq!(
        nth_with_progress(24, 1 << 40, 1, &|_| {}),
        Err(Error::BeyondReach { n: 24 })
    );
    assert_eq!(
        nth_with_progress(28, u64::MAX, 1, &|_| {}),
        Err(Error::BeyondReach { n: 28 })
    );
    let far = nqueens_tables::solutions_with_fixed(24, &[(0, 11), (1, 2)])
        .unwrap()
        .next()
        .unwrap();
    assert_eq!(
        rank_with_progress(&far, 1, &|_| {}),
        Err(Error::BeyondReach { n: 24 })
    );
    // Inside the join's sizes, far from both ends: counted, with progress.
    let mid = nth_with_progress(15, 1_000_000, 1, count).unwrap().unwrap();
    assert_eq!(rank_with_progress(&mid, 1, count), Ok(Some(1_000_000)));
    assert!(counted.load(Ordering::Relaxed) > 0);
}

/// Past 23 the reach shrinks with n (a walk under about a second): its last position is
/// walked to and ranks back, the next is refused before any walk.
#[test]
fn past_23_the_edge_of_the_reach_is_walked_and_beyond_it_refused() {
    use nqueens_tables::{Error, Nth, Rank};
    let in_reach = |i| Nth::new(29, i).unwrap().in_reach();
    let (mut inside, mut outside) = (0u64, 1u64 << 40);
    assert!(in_reach(inside) && !in_reach(outside));
    while outside - inside > 1 {
        let mid = inside + (outside - inside) / 2;
        if in_reach(mid) {
            inside = mid;
        } else {
            outside = mid;
        }
    }
    let reach = outside;
    assert!(reach > 1, "the first solutions of 29 are walked to");
    let last = Nth::new(29, reach - 1).unwrap().run().unwrap().unwrap();
    assert_eq!(Rank::new(&last).unwrap().run(), Ok(Some(reach - 1)));
    assert_eq!(
        Nth::new(29, reach).unwrap().run(),
        Err(Error::BeyondReach { n: 29 })
    );
}
