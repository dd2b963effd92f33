//! The fast counter, the symmetry functions and the fundamental tables, against brute force
//! and OEIS.

use nqueens_tables::{canonical, fundamental, is_fundamental, orbit, Counter, Method};
use nqueens_tables::{nqueens, solutions, Share, Symmetry};
use nqueens_tests::{is_solution, A000170, A002562};

/// Rotates a board as a grid of cells, independently of `Symmetry::map_square`.
fn rotate90_by_grid(sol: &[u8]) -> Vec<u8> {
    let n = sol.len();
    let mut grid = vec![vec![false; n]; n];
    for (r, &c) in sol.iter().enumerate() {
        grid[r][c as usize] = true;
    }
    // Clockwise: new[r][c] = old[n - 1 - c][r].
    (0..n)
        .map(|r| (0..n).position(|c| grid[n - 1 - c][r]).unwrap() as u8)
        .collect()
}

fn images_by_grid(sol: &[u8]) -> Vec<Vec<u8>> {
    let n = sol.len();
    let mut out = Vec::new();
    let mut cur = sol.to_vec();
    for _ in 0..4 {
        out.push(cur.clone());
        out.push(cur.iter().map(|&c| (n - 1) as u8 - c).collect());
        cur = rotate90_by_grid(&cur);
    }
    out
}

/// The 8-fold counter's counts for `n`: every solution and one per class.
fn count_solutions(n: usize) -> Option<(u64, u64)> {
    let c = Counter::new(n).ok()?.fundamental(true).run().unwrap();
    assert_eq!(c.method, Method::EightFold);
    Some((c.total, c.fundamental.unwrap()))
}

#[test]
fn counter_matches_oeis_for_1_to_16() {
    for n in 1..=16 {
        let (total, fundamental) = count_solutions(n).unwrap();
        assert_eq!(total, A000170[n - 1] as u64, "total, n = {n}");
        assert_eq!(Some(total), nqueens_tables::known_count(n), "n = {n}");
        if n <= 13 {
            assert_eq!(fundamental, A002562[n - 1] as u64, "fundamental, n = {n}");
        }
    }
}

#[test]
fn counter_fundamental_matches_brute_force_classes() {
    for n in 1..=10 {
        let classes: std::collections::BTreeSet<Vec<u8>> = solutions(n)
            .unwrap()
            .map(|s| images_by_grid(&s).into_iter().min().unwrap())
            .collect();
        assert_eq!(
            count_solutions(n).unwrap().1,
            classes.len() as u64,
            "n = {n}"
        );
    }
}

#[test]
fn shares_partition_the_count() {
    for n in 1..=12 {
        let whole = count_solutions(n).unwrap();
        for m in [1u64, 2, 3, 7, 64] {
            let (mut total, mut fundamental) = (0, 0);
            for k in 1..=m {
                let c = Counter::new(n).unwrap().share(Share::new(k, m).unwrap());
                let c = c.fundamental(true).run().unwrap();
                total += c.total;
                fundamental += c.fundamental.unwrap();
            }
            assert_eq!((total, fundamental), whole, "n = {n}, m = {m}");
        }
    }
}

#[test]
fn shares_are_refused_outside_1_to_m() {
    for (k, m) in [(0, 4), (5, 4), (1, 0), (0, 0), (u64::MAX, 3)] {
        assert_eq!(
            Share::new(k, m).err(),
            Some(nqueens_tables::Error::Share { k, m }),
            "{k}/{m}"
        );
    }
}

#[test]
fn the_counter_covers_every_board_size() {
    // The task list of n = 25..=32 once overflowed a fixed array; each needs its roots now.
    for n in 1..=nqueens_tables::MAX_N {
        let share = Counter::new(n)
            .unwrap()
            .share(Share::new(1_000_000, 1_000_000).unwrap());
        assert!(share.run().is_ok(), "n = {n}");
    }
    assert!(Counter::new(0).is_err());
    assert!(Counter::new(nqueens_tables::MAX_N + 1).is_err());
}

/// The 8-fold counter on several threads: the sweep above runs on one, so this one stops at
/// 13 (n = 14 to 16 are counted once, there).
#[cfg(feature = "parallel")]
#[test]
fn parallel_counter_matches_for_1_to_13() {
    for n in 1..=13 {
        for threads in [2, 3] {
            let c = Counter::new(n)
                .unwrap()
                .fundamental(true)
                .threads(threads)
                .run()
                .unwrap();
            assert_eq!(
                c.total,
                A000170[n - 1] as u64,
                "n = {n}, threads = {threads}"
            );
        }
    }
}

#[test]
fn symmetries_map_solutions_to_solutions_and_agree_with_the_grid() {
    for n in 1..=9 {
        for sol in solutions(n).unwrap() {
            let mine: std::collections::BTreeSet<Vec<u8>> = Symmetry::ALL
                .iter()
                .map(|s| s.apply(&sol).unwrap().to_vec())
                .collect();
            let grid: std::collections::BTreeSet<Vec<u8>> =
                images_by_grid(&sol).into_iter().collect();
            assert_eq!(mine, grid, "n = {n}, {sol:?}");
            for image in &mine {
                assert!(is_solution(image));
            }
            assert_eq!(
                Symmetry::Rotate90.apply(&sol).unwrap().to_vec(),
                rotate90_by_grid(&sol)
            );
            let class: Vec<Vec<u8>> = orbit(&sol).unwrap().map(|p| p.to_vec()).collect();
            assert_eq!(class, mine.iter().cloned().collect::<Vec<_>>());
            let min = mine.iter().next().unwrap();
            assert_eq!(canonical(&sol).unwrap().to_vec(), *min);
            assert_eq!(is_fundamental(&sol), sol.as_slice() == min.as_slice());
        }
    }
}

#[test]
fn symmetry_rejects_non_permutations() {
    assert!(Symmetry::Rotate90.apply(&[0, 0]).is_none());
    assert!(Symmetry::Identity.apply(&[]).is_none());
    assert!(Symmetry::Transpose.apply(&[0, 5]).is_none());
    assert!(canonical(&[3]).is_none());
    assert!(!is_fundamental(&[1, 1]));
    assert!(orbit(&[9; 40]).is_none());
}

#[test]
fn fundamental_lists_expand_back_to_the_full_tables() {
    for n in 1..=13 {
        let unique: Vec<_> = fundamental(n).unwrap().collect();
        assert_eq!(unique.len(), A002562[n - 1], "n = {n}");
        for pair in unique.windows(2) {
            assert!(pair[0] < pair[1]);
        }
        let mut expanded: Vec<Vec<u8>> = unique
            .iter()
            .flat_map(|s| orbit(s).unwrap().map(|p| p.to_vec()))
            .collect();
        expanded.sort();
        let full: Vec<Vec<u8>> = solutions(n).unwrap().map(|s| s.to_vec()).collect();
        assert_eq!(expanded, full, "n = {n}");
    }
}

#[test]
fn macro_fundamental_tables_equal_the_runtime_ones() {
    fn check(n: usize, table: &[u8]) {
        let runtime: Vec<u8> = fundamental(n).unwrap().flat_map(|p| p.to_vec()).collect();
        assert_eq!(table, &runtime[..], "nqueens!({n}, fundamental)");
    }
    check(1, nqueens!(1, fundamental).as_flattened());
    check(4, nqueens!(4, fundamental).as_flattened());
    check(6, nqueens!(6, fundamental).as_flattened());
    check(8, nqueens!(8, fundamental).as_flattened());
    check(10, nqueens!(10, fundamental).as_flattened());
    check(12, nqueens!(12, fundamental).as_flattened());
    check(13, nqueens!(13, fundamental).as_flattened());
    let _: &[[u8; 13]; 9233] = nqueens!(13, fundamental);
}

/// Shares already counted on a cluster stay valid only while the plan they were cut by is
/// the same: a change to the task split must show here, and come with a new plan identifier.
#[test]
fn the_share_plan_of_16_in_8_is_pinned() {
    let c = Counter::new(16).unwrap();
    assert_eq!(c.plan().to_string(), "r1-b6c4217bb7323bcb");
    let share = |k| c.share(Share::new(k, 8).unwrap()).run().unwrap().total;
    assert_eq!(share(1), 1_837_796);
    assert_eq!(share(4), 1_769_272);
    assert_eq!(share(8), 1_914_408);
}

/// The published fundamental counts (A002562) that `count` and `merge` check totals against:
/// the typed-in sequence up to 13, the 8-fold counter beyond (to 15 everyday, 16 in the full
/// run), and every n's classes hold between an eighth of A000170 and all of it.
#[test]
fn the_known_fundamental_counts_are_the_counted_ones() {
    for n in 1..=13 {
        assert_eq!(
            nqueens_tables::known_fundamental(n),
            Some(nqueens_tests::A002562[n - 1] as u64)
        );
    }
    let last = if nqueens_tests::full() { 16 } else { 15 };
    for n in 14..=last {
        let c = Counter::new(n).unwrap().fundamental(true).threads(0);
        let counted = c.run().unwrap().fundamental;
        assert_eq!(counted, nqueens_tables::known_fundamental(n), "n = {n}");
    }
    for n in 1..=27 {
        let total = nqueens_tables::known_count(n).unwrap();
        let classes = nqueens_tables::known_fundamental(n).unwrap();
        assert!(classes <= total && total <= 8 * classes, "n = {n}");
    }
    assert_eq!(nqueens_tables::known_fundamental(28), None);
}
