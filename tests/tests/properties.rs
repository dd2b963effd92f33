//! Property tests over the public API: for any input, no panic, and for n <= 10 agreement with
//! the independent brute-force checker of this crate. A fixed seed keeps runs repeatable;
//! `PROPTEST_CASES` raises the count (CI runs more).

use std::sync::OnceLock;

use nqueens_tables::{
    canonical, is_fundamental, nth, orbit, solutions, solutions_with_fixed, Counter, Error,
    PackedTable, Placement, Share, Symmetry, Table, MAX_N,
};
use nqueens_tests::brute_force;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// Cases a property runs everyday; the full run (NQUEENS_FULL_TESTS, as `.ci/run` sets it)
/// and a run with PROPTEST_CASES set run proptest's own count (256, or that).
const EVERYDAY_CASES: u32 = 48;

fn config() -> Config {
    let own = nqueens_tests::full() || std::env::var_os("PROPTEST_CASES").is_some();
    Config {
        cases: if own {
            Config::default().cases
        } else {
            EVERYDAY_CASES
        },
        rng_seed: RngSeed::Fixed(0x006e_7175_6565_6e73),
        failure_persistence: None,
        ..Config::default()
    }
}

/// Every solution for n = 1..=10 by brute force, computed once.
fn all(n: usize) -> &'static [Vec<u8>] {
    static ALL: OnceLock<Vec<Vec<Vec<u8>>>> = OnceLock::new();
    &ALL.get_or_init(|| (1..=10).map(brute_force).collect())[n - 1]
}

/// How long a test waits before it takes a run for a hang: far above anything it waits for,
/// so that a clock in a test never measures speed.
const HANG: std::time::Duration = std::time::Duration::from_secs(30);

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_board_size_is_served_or_refused(n in 0usize..=40) {
        let ok = (1..=MAX_N).contains(&n);
        prop_assert_eq!(solutions(n).is_some(), ok);
        prop_assert_eq!(Counter::new(n).is_ok(), ok);
        prop_assert_eq!(nqueens_tables::fundamental(n).is_some(), ok);
        if let Some(first) = solutions(n).and_then(|mut s| s.next()) {
            prop_assert!(nqueens_tables::is_solution(&first));
        }
        if (1..=10).contains(&n) {
            let listed: Vec<Vec<u8>> = solutions(n).unwrap().map(|s| s.to_vec()).collect();
            prop_assert_eq!(&listed[..], all(n));
        }
    }

    #[test]
    fn slices_are_checked_like_the_brute_force_checker(
        sol in proptest::collection::vec(0u8..12, 0..12)
    ) {
        let n = sol.len();
        let solution = (1..=10).contains(&n) && all(n).contains(&sol);
        prop_assert_eq!(nqueens_tables::is_solution(&sol), solution || (n > 10 && nqueens_tests::is_solution(&sol)));
        let rank = nqueens_tables::rank(&sol);
        prop_assert_eq!(rank.is_some(), nqueens_tables::is_solution(&sol));
        if let (Some(r), true) = (rank, n <= 10) {
            prop_assert_eq!(&all(n)[r as usize], &sol);
            prop_assert_eq!(nth(n, r).map(|p| p.to_vec()), Some(sol.clone()));
        }
        let permutation = {
            let mut seen = sol.clone();
            seen.sort_unstable();
            n >= 1 && seen.iter().enumerate().all(|(i, &c)| c as usize == i)
        };
        prop_assert_eq!(canonical(&sol).is_some(), permutation);
        prop_assert_eq!(orbit(&sol).is_some(), permutation);
        for s in Symmetry::ALL {
            prop_assert_eq!(s.apply(&sol).is_some(), permutation);
        }
        if permutation {
            let smallest = canonical(&sol).unwrap();
            prop_assert!(orbit(&sol).unwrap().any(|image| image == smallest));
            prop_assert_eq!(is_fundamental(&sol), smallest.as_slice() == &sol[..]);
        }
    }

    #[test]
    fn placements_take_at_most_max_n_columns(sol in proptest::collection::vec(any::<u8>(), 0..40)) {
        let p = Placement::try_from(&sol[..]);
        if sol.len() <= MAX_N {
            prop_assert_eq!(p.unwrap().to_vec(), sol);
        } else {
            prop_assert_eq!(p, Err(Error::TooLong(sol.len())));
        }
    }

    #[test]
    fn nth_never_panics(n in 0usize..=40, i in any::<u64>()) {
        if (1..=10).contains(&n) {
            let want = all(n).get(usize::try_from(i).unwrap_or(usize::MAX)).cloned();
            prop_assert_eq!(nth(n, i).map(|p| p.to_vec()), want);
        } else if n == 0 || n > MAX_N {
            prop_assert!(nth(n, i).is_none());
        } else if nqueens_tables::known_count(n).is_some_and(|c| i >= c) {
            prop_assert!(nth(n, i).is_none());
        }
    }

    #[test]
    fn fixed_queens_filter_the_brute_force_list(
        n in 1usize..=10,
        fixed in proptest::collection::vec((0usize..10, 0usize..10), 0..4),
    ) {
        match solutions_with_fixed(n, &fixed) {
            Ok(found) => {
                let found: Vec<Vec<u8>> = found.map(|s| s.to_vec()).collect();
                let want: Vec<Vec<u8>> = all(n)
                    .iter()
                    .filter(|s| fixed.iter().all(|&(r, c)| s[r] as usize == c))
                    .cloned()
                    .collect();
                prop_assert_eq!(found, want);
            }
            Err(Error::OffBoard { row, column }) => {
                prop_assert!(row >= n || column >= n);
                prop_assert!(fixed.contains(&(row, column)));
            }
            Err(e) => prop_assert!(false, "unexpected {e}"),
        }
    }

    /// A count with queens given, by the planned method (the search below n = 15) and by the
    /// join, against the brute-force list filtered by hand; shares of it add up.
    #[test]
    fn counts_with_fixed_queens_filter_the_brute_force_list(
        n in 1usize..=10,
        fixed in proptest::collection::vec((0usize..10, 0usize..10), 0..4),
        m in 1u64..=4,
    ) {
        let want = all(n)
            .iter()
            .filter(|s| fixed.iter().all(|&(r, c)| s.get(r).map(|&q| q as usize) == Some(c)))
            .count() as u64;
        match Counter::new(n).unwrap().fixed(&fixed) {
            Ok(counter) => {
                let planned = counter.run().unwrap();
                prop_assert_eq!(planned.total, want);
                // Queens given break the symmetry: no classes (none given: a plain count).
                prop_assert!(fixed.is_empty() || planned.fundamental.is_none());
                let join = counter.method(nqueens_tables::Method::Join).run().unwrap();
                prop_assert_eq!(join.total, want);
                if n >= 5 {
                    prop_assert_eq!(join.method, nqueens_tables::Method::Join);
                    let shares: u64 = (1..=m)
                        .map(|k| counter.share(Share::new(k, m).unwrap()).run().unwrap().total)
                        .sum();
                    prop_assert_eq!(shares, want);
                }
            }
            Err(Error::OffBoard { row, column }) => {
                prop_assert!(row >= n || column >= n);
                prop_assert!(fixed.contains(&(row, column)));
            }
            Err(e) => prop_assert!(false, "unexpected {e}"),
        }
    }

    /// Two fixed queens that attack each other (one row, one column or one diagonal), at any
    /// rows, with others around them: nothing to find, and found out at once. The rows low on
    /// the board hung the search before it checked the queens fixed (`list 20 --fixed 20,1
    /// --fixed 19,1`). The bound is for a hang, not a benchmark: the answer takes
    /// microseconds.
    #[test]
    fn contradictory_fixed_queens_answer_without_a_walk(
        n in 2usize..=MAX_N,
        at in (0usize..MAX_N, 0usize..MAX_N),
        how in 0usize..3,
        step in 1usize..MAX_N,
        others in proptest::collection::vec((0usize..MAX_N, 0usize..MAX_N), 0..4),
    ) {
        let (r, c) = (at.0 % n, at.1 % n);
        let step = 1 + step % (n - 1);
        // The second queen: another square of the same row, column or diagonal.
        let second = match how {
            0 => (r, (c + step) % n),
            1 => ((r + step) % n, c),
            _ => {
                let d = if r + step < n && c + step < n { step } else { 1 };
                if r + d < n && c + d < n { (r + d, c + d) } else { (r - 1.min(r), c - 1.min(c)) }
            }
        };
        prop_assume!(second != (r, c));
        let mut fixed = vec![(r, c), second];
        fixed.extend(others.into_iter().map(|(a, b)| (a % n, b % n)));
        let start = std::time::Instant::now();
        let found = solutions_with_fixed(n, &fixed).unwrap().next();
        prop_assert!(found.is_none(), "n = {}, {:?}: {:?}", n, fixed, found);
        // A guard against the hang, not a measure of speed: the walk it guards against
        // takes years at n = 32.
        prop_assert!(start.elapsed() < HANG, "n = {}, {:?}", n, fixed);
    }

    /// A puzzle from any seed: its queens fixed are the solution's, exactly one solution holds them
    /// (brute force), and none of them can go.
    #[test]
    fn puzzles_have_one_completion(n in 1usize..=10, seed in any::<u64>()) {
        match nqueens_tables::puzzle(n, seed) {
            None => prop_assert!(all(n).is_empty()),
            Some(p) => {
                let sol = p.solution();
                let fixed: Vec<(usize, usize)> = p.fixed().collect();
                prop_assert!(fixed.iter().all(|&(r, c)| usize::from(sol[r]) == c));
                let holding = |g: &[(usize, usize)]| {
                    all(n).iter().filter(|s| g.iter().all(|&(r, c)| usize::from(s[r]) == c)).count()
                };
                prop_assert_eq!(holding(&fixed), 1);
                for i in 0..fixed.len() {
                    let mut fewer = fixed.clone();
                    fewer.remove(i);
                    prop_assert!(holding(&fewer) > 1);
                }
            }
        }
    }

    #[test]
    fn shares_sum_to_the_whole(n in 1usize..=10, m in 1u64..=40, k in 0u64..=45) {
        let counter = Counter::new(n).unwrap();
        match Share::new(k, m) {
            Ok(_) => prop_assert!((1..=m).contains(&k)),
            Err(e) => {
                prop_assert_eq!(e, Error::Share { k, m });
                prop_assert!(!(1..=m).contains(&k));
            }
        }
        let sum: u64 = (1..=m).map(|k| counter.share(Share::new(k, m).unwrap()).run().unwrap().total).sum();
        prop_assert_eq!(sum, all(n).len() as u64);
    }

    #[test]
    fn table_views_over_any_bytes(n in 0usize..=20, bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        if let Some(t) = Table::from_bytes(n, bytes) {
            prop_assert_eq!(t.len() * n, bytes.len());
            prop_assert_eq!(t.iter().count(), t.len());
            let _ = t.index_of(&bytes[..n.min(bytes.len())]);
            let _ = t.with_prefix(&bytes[..bytes.len().min(3)]);
        } else {
            prop_assert!(n == 0 || !bytes.len().is_multiple_of(n));
        }
        if let Some(p) = PackedTable::from_bytes(n, bytes) {
            prop_assert_eq!(p.iter().count(), p.len());
            prop_assert_eq!(p.iter().rev().count(), p.len());
            let _ = p.get(0);
            let _ = p.index_of(&bytes[..n.min(bytes.len())]);
            let _ = p.with_prefix(&bytes[..bytes.len().min(2)]);
        }
    }
}

#[test]
fn nth_walks_and_descends_to_the_same_solutions() {
    // n = 14 has no table: below 65,536 nth walks the search, from there it counts branches.
    let all: Vec<Vec<u8>> = solutions(14).unwrap().map(|s| s.to_vec()).collect();
    for i in [0u64, 1, 65_535, 65_536, 65_537, 200_000, 365_595] {
        assert_eq!(
            nth(14, i).map(|p| p.to_vec()).as_ref(),
            all.get(i as usize),
            "i = {i}"
        );
    }
    assert_eq!(nth(14, 365_596), None);
    // Ranked by counting too (n = 14 is the first size that does), with progress that only
    // grows and ends at its total; within reach of either end, walked, with no count at all.
    // Walked: the first, the second and the last; counted: two in the middle.
    for (i, walked) in [
        (0u64, true),
        (1, true),
        (182_797, false),
        (200_000, false),
        (365_595, true),
    ] {
        let done = std::sync::atomic::AtomicU64::new(0);
        let rank = nqueens_tables::Rank::new(&all[i as usize])
            .unwrap()
            .threads(2)
            .run_with_progress(|p| {
                assert!(p.done <= p.of);
                done.fetch_max(p.done, std::sync::atomic::Ordering::Relaxed);
            });
        assert_eq!(rank, Ok(Some(i)), "i = {i}");
        assert_eq!(done.into_inner(), if walked { 0 } else { 1000 });
        let found = nqueens_tables::Nth::new(14, i)
            .unwrap()
            .threads(2)
            .run()
            .unwrap();
        assert_eq!(found.map(|p| p.to_vec()).as_ref(), all.get(i as usize));
    }
    // Either side of the middle of an even n, where an unrank of the first row starts from
    // half the total.
    for i in [182_797u64, 182_798] {
        assert_eq!(nth(14, i).map(|p| p.to_vec()).as_ref(), all.get(i as usize));
    }
}

#[test]
fn counting_unranks_each_column_of_the_next_rows() {
    // Past the first row an unrank counts the columns up to where an even spread would put the
    // solution in one count, then one column at a time from the nearer end of those or of the
    // rest: the first and last solution of each column of rows 1 and 2, under first rows from
    // the edge to the middle, are where a sum off by one, or a wrong end, would show.
    let n = 15;
    let all: Vec<Vec<u8>> = solutions(n).unwrap().map(|s| s.to_vec()).collect();
    let mut at = Vec::new();
    for prefix in [&[2u8][..], &[7], &[5, 0]] {
        let row = prefix.len();
        for (i, pair) in all.windows(2).enumerate() {
            let (start, end) = (&pair[0][..=row], &pair[1][..=row]);
            if end[..row] == *prefix && start != end && start[..row] == end[..row] {
                at.extend([i as u64, i as u64 + 1]);
            }
        }
    }
    at.sort_unstable();
    at.dedup();
    assert!(at.len() > 40, "{}", at.len());
    for i in at {
        let found = nqueens_tables::Nth::new(n, i)
            .unwrap()
            .threads(2)
            .run()
            .unwrap();
        assert_eq!(
            found.map(|p| p.to_vec()).as_ref(),
            all.get(i as usize),
            "i = {i}"
        );
    }
}

#[test]
fn counting_ranks_and_unranks_each_column_of_the_first_row() {
    // A rank counts the solutions left of its first queen from the fewest columns the mirror
    // allows (those left of it, those right of it, or those between it and its mirror image),
    // and an unrank walks from the nearest known sum: the ends, the middle of an even n, and,
    // past the first quarter of an odd n's list, either side of the middle column. The first and
    // last solution of each column, and the edges of that stretch, are where a sum off by
    // one would show; n = 14 and 15 are the first sizes ranked by counting.
    // n = 15 in the full run (NQUEENS_FULL_TESTS, as .ci/run sets it).
    let sizes: &[usize] = if nqueens_tests::full() {
        &[14, 15]
    } else {
        &[14]
    };
    for &n in sizes {
        let all: Vec<Vec<u8>> = solutions(n).unwrap().map(|s| s.to_vec()).collect();
        let total = all.len() as u64;
        let mut at = vec![
            total / 4 - 1,
            total / 4,
            total - total / 4 - 1,
            total - total / 4,
        ];
        for c in 1..n as u8 {
            let first = all.iter().position(|s| s[0] == c).unwrap() as u64;
            at.extend([first - 1, first]);
        }
        for i in at {
            let sol = &all[i as usize];
            assert_eq!(
                nqueens_tables::Rank::new(sol).unwrap().threads(2).run(),
                Ok(Some(i)),
                "{sol:?}"
            );
            let found = nqueens_tables::Nth::new(n, i)
                .unwrap()
                .threads(2)
                .run()
                .unwrap();
            assert_eq!(
                found.map(|p| p.to_vec()).as_ref(),
                Some(sol),
                "n = {n}, i = {i}"
            );
        }
    }
}
