//! The half-board join against the published counts, the 8-fold counter and itself.

use nqueens::{count_solutions, count_total, Join, JOIN_MAX_N};
use nqueens_tests::A000170;

#[test]
fn count_total_matches_oeis_for_1_to_16() {
    for n in 1..=16 {
        assert_eq!(count_total(n), Some(A000170[n - 1] as u64), "n = {n}");
        assert_eq!(count_total(n), nqueens::count(n), "n = {n}");
    }
    assert_eq!(count_total(0), None);
    assert_eq!(count_total(nqueens::MAX_N + 1), None);
}

#[test]
fn join_agrees_with_the_8_fold_counter() {
    for n in 4..=14 {
        let join = Join::new(n).unwrap();
        assert_eq!(join.n(), n);
        assert_eq!(
            format!("{join:?}"),
            format!(
                "Join {{ n: {n}, half_boards: {}, groups: {} }}",
                join.half_boards(),
                join.groups()
            )
        );
        assert_eq!(join.count(), count_solutions(n).unwrap().total, "n = {n}");
    }
}

#[test]
fn half_boards_are_every_placement_of_the_top_rows() {
    // Placements of k = (n - 1) / 2 queens on the top k rows, counted by brute force over
    // column sequences, independently of the bitboards.
    for n in 4..=11 {
        let k = (n - 1) / 2;
        let mut count = 0;
        let mut cols = vec![0usize; k];
        'next: loop {
            let ok = (0..k)
                .all(|i| (0..i).all(|j| cols[i] != cols[j] && cols[i].abs_diff(cols[j]) != i - j));
            count += usize::from(ok);
            for i in (0..k).rev() {
                cols[i] += 1;
                if cols[i] < n {
                    continue 'next;
                }
                cols[i] = 0;
            }
            break;
        }
        assert_eq!(Join::new(n).unwrap().half_boards(), count, "n = {n}");
    }
}

#[test]
fn join_covers_4_to_its_limit_only() {
    for n in [
        0,
        1,
        2,
        3,
        JOIN_MAX_N + 1,
        nqueens::MAX_N,
        nqueens::MAX_N + 1,
    ] {
        assert!(Join::new(n).is_none(), "n = {n}");
    }
}

#[test]
fn group_ranges_partition_the_count() {
    for n in 4..=13 {
        let join = Join::new(n).unwrap();
        let g = join.groups();
        let cuts = [0, g / 3, g / 2, g];
        let sum: u64 = cuts.windows(2).map(|w| join.count_groups(w[0]..w[1])).sum();
        assert_eq!(sum, join.count(), "n = {n}");
        // Out of range is empty, not a panic.
        assert_eq!(join.count_groups(g..g + 5), 0);
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_join_matches_for_1_to_16() {
    for n in 1..=16 {
        for threads in [1, 2, 3] {
            assert_eq!(
                nqueens::count_total_parallel(n, threads),
                Some(A000170[n - 1] as u64),
                "n = {n}, threads = {threads}"
            );
        }
    }
}

#[cfg(feature = "parallel")]
#[test]
fn join_built_on_threads_is_the_same_join() {
    let done = std::sync::atomic::AtomicUsize::new(0);
    for n in [9, 12, 13] {
        let a = Join::new(n).unwrap();
        let b = Join::with_threads(n, 2).unwrap();
        assert_eq!(a.groups(), b.groups());
        assert_eq!(b.count_parallel(2, &done), a.count(), "n = {n}");
    }
    // Every group of every join above was reported done exactly once.
    let groups: usize = [9, 12, 13]
        .iter()
        .map(|&n| Join::new(n).unwrap().groups())
        .sum();
    assert_eq!(done.into_inner(), groups);
}
