//! Every source of solutions against every other, and all of them against an independent
//! checker and OEIS A000170, through the public API only.

use nqueens_tables::{known_count, solutions, Search, MAX_N};
use nqueens_tests::{brute_force, is_solution, A000170};

/// Each solution valid, the list strictly increasing (sorted and duplicate-free), and its
/// length equal to `known_count(n)` and to OEIS.
#[test]
fn every_source_is_valid_sorted_and_complete_for_1_to_13() {
    for n in 1..=13 {
        let all: Vec<_> = solutions(n).unwrap().collect();
        for sol in &all {
            assert_eq!(sol.len(), n);
            assert!(is_solution(sol), "n = {n}: {sol:?} is not a solution");
        }
        for pair in all.windows(2) {
            assert!(pair[0] < pair[1], "n = {n}: {:?} !< {:?}", pair[0], pair[1]);
        }
        assert_eq!(all.len(), A000170[n - 1], "n = {n}");
        assert_eq!(known_count(n), Some(A000170[n - 1] as u64), "n = {n}");
    }
}

#[test]
fn search_equals_brute_force_for_1_to_9() {
    for n in 1..=9 {
        let search: Vec<Vec<u8>> = Search::new(n).unwrap().map(|s| s.to_vec()).collect();
        assert_eq!(search, brute_force(n), "n = {n}");
    }
}

/// `const_solutions` (run at run time) against brute force and the search where no table
/// is: n = 1 to 5, which take its early return and its shortest paths, and n = 14, whose
/// search nests one row deeper than any table's.
#[test]
fn const_fn_equals_brute_force_and_search_beyond_the_tables() {
    use nqueens_tables::const_solutions as solve;
    fn rows<const N: usize>(table: &[[u8; N]]) -> Vec<Vec<u8>> {
        table.iter().map(|s| s.to_vec()).collect()
    }
    assert_eq!(rows(&solve::<1, 1>()), brute_force(1));
    assert_eq!(rows(&solve::<2, 0>()), brute_force(2));
    assert_eq!(rows(&solve::<3, 0>()), brute_force(3));
    assert_eq!(rows(&solve::<4, 2>()), brute_force(4));
    assert_eq!(rows(&solve::<5, 10>()), brute_force(5));
    // 365,596 solutions of 14 bytes, returned by value: a large stack.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let table = Box::new(solve::<14, 365_596>());
            let search: Vec<Vec<u8>> = Search::new(14).unwrap().map(|s| s.to_vec()).collect();
            assert!(rows(&table[..]) == search, "n = 14");
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn search_counts_match_oeis_for_14_and_15() {
    for n in 14..=15 {
        let found = Search::new(n).unwrap().count();
        assert_eq!(found, A000170[n - 1], "n = {n}");
        assert_eq!(Some(found as u64), known_count(n), "n = {n}");
    }
}

/// n = 16 is 14.7 million solutions: split on the first row's queen so both cores share it.
#[test]
fn search_count_matches_oeis_for_16() {
    let n = 16;
    let total: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|k| {
                scope.spawn(move || {
                    (k..n)
                        .step_by(2)
                        .map(|c| Search::with_fixed(n, &[(0, c)]).unwrap().count())
                        .sum::<usize>()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    assert_eq!(total, A000170[15]);
    assert_eq!(known_count(16), Some(total as u64));
}

#[test]
fn out_of_range_is_none() {
    assert!(solutions(0).is_none());
    assert!(solutions(MAX_N + 1).is_none());
    assert!(Search::new(0).is_none());
    assert!(Search::new(MAX_N + 1).is_none());
    assert!(nqueens_tables::table(0).is_none());
    assert!(nqueens_tables::table(5).is_none());
    assert!(nqueens_tables::table(14).is_none());
    assert!(nqueens_tables::table(usize::MAX).is_none());
    assert_eq!(known_count(0), None);
    assert_eq!(known_count(28), None);
}

#[test]
fn largest_board_gives_a_first_solution() {
    let first = solutions(MAX_N).unwrap().next().unwrap();
    assert_eq!(first.len(), MAX_N);
    assert!(is_solution(&first));
}

#[test]
fn fixed_queens_equal_a_filter_over_the_full_list() {
    for n in 1..=9 {
        for r in 0..n {
            for c in 0..n {
                let filtered: Vec<Vec<u8>> = solutions(n)
                    .unwrap()
                    .filter(|s| s[r] as usize == c)
                    .map(|s| s.to_vec())
                    .collect();
                let fixed: Vec<Vec<u8>> = Search::with_fixed(n, &[(r, c)])
                    .unwrap()
                    .map(|s| s.to_vec())
                    .collect();
                assert_eq!(fixed, filtered, "n = {n}, fixed ({r}, {c})");
            }
        }
    }
    // Two queens that attack each other leave nothing.
    assert_eq!(Search::with_fixed(8, &[(0, 0), (1, 1)]).unwrap().count(), 0);
    assert_eq!(Search::with_fixed(8, &[(0, 0), (0, 1)]).unwrap().count(), 0);
    assert!(Search::with_fixed(0, &[]).is_err());
    assert!(Search::with_fixed(8, &[(0, 8)]).is_err());
}

#[cfg(feature = "tables")]
mod with_tables {
    use nqueens_tables::{nqueens, table, Search};

    /// Search == embedded table == `nqueens!` expansion == `const_solutions` (run at run time
    /// here; `tests/const_tables.rs` evaluates it in const context), byte for byte.
    fn check(n: usize, static_table: &[u8], expansion: &[u8], const_fn: &[u8]) {
        let mut search = Vec::new();
        let mut s = Search::new(n).unwrap();
        while let Some(sol) = s.next_solution() {
            search.extend_from_slice(sol);
        }
        let t = table(n).unwrap();
        assert_eq!(t.n(), n);
        assert_eq!(t.as_bytes(), &search[..], "table({n}) != search");
        assert_eq!(static_table, &search[..], "SOLUTIONS_{n} != search");
        assert_eq!(expansion, &search[..], "nqueens!({n}) != search");
        assert_eq!(
            const_fn,
            &search[..],
            "const_solutions::<{n}, _>() != search"
        );
        let via_get: Vec<u8> = (0..t.len())
            .flat_map(|i| t.get(i).unwrap().to_vec())
            .collect();
        assert_eq!(via_get, search);
        assert_eq!(t.get(t.len()), None);
        assert!(nqueens_tables::solutions(n).unwrap().is_from_table());
    }

    macro_rules! check {
        ($($n:literal => $name:ident, $count:literal;)*) => {$(
            let c: [[u8; $n]; $count] = nqueens_tables::const_solutions();
            check($n, nqueens_tables::$name.as_flattened(), nqueens!($n).as_flattened(), c.as_flattened());
        )*};
    }

    #[test]
    fn search_table_macro_and_const_fn_agree_for_6_to_12() {
        check! {
            6 => SOLUTIONS_6, 4;
            7 => SOLUTIONS_7, 40;
            8 => SOLUTIONS_8, 92;
            9 => SOLUTIONS_9, 352;
            10 => SOLUTIONS_10, 724;
            11 => SOLUTIONS_11, 2680;
            12 => SOLUTIONS_12, 14200;
        }
    }

    #[test]
    fn search_table_macro_and_const_fn_agree_for_13() {
        // The const fn returns its 958,256-byte table by value: give it a large stack.
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| {
                let c = Box::new(nqueens_tables::const_solutions::<13, 73712>());
                check(
                    13,
                    nqueens_tables::SOLUTIONS_13.as_flattened(),
                    nqueens!(13).as_flattened(),
                    c.as_flattened(),
                );
            })
            .unwrap()
            .join()
            .unwrap();
    }

    /// Two fixed queens, in every pair of rows (so both above the last five rows, which the
    /// search solves in one step, one in them, or both in them), on every pair of columns
    /// (checked for n = 10 and 11, against a filter over the table).
    #[test]
    fn two_fixed_queens_equal_a_filter_over_the_table() {
        for n in [10, 11] {
            let all: Vec<&[u8]> = table(n).unwrap().iter().collect();
            for (r1, r2) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
                for (c1, c2) in (0..n).flat_map(|a| (0..n).map(move |b| (a, b))) {
                    let found = Search::with_fixed(n, &[(r1, c1), (r2, c2)]).unwrap();
                    let mut expected = all
                        .iter()
                        .filter(|s| usize::from(s[r1]) == c1 && usize::from(s[r2]) == c2);
                    for sol in found {
                        assert_eq!(Some(&&sol[..]), expected.next(), "n = {n}");
                    }
                    assert_eq!(expected.next(), None, "n = {n}, ({r1}, {c1}), ({r2}, {c2})");
                }
            }
        }
    }

    #[test]
    fn static_types_are_exact() {
        let _: &'static [[u8; 6]; 4] = nqueens_tables::SOLUTIONS_6;
        let _: &'static [[u8; 13]; 73712] = nqueens_tables::SOLUTIONS_13;
        assert_eq!(nqueens_tables::SOLUTIONS_6[0], [1, 3, 5, 0, 2, 4]);
    }

    /// The flash budget of each table is exactly n x count bytes: no padding, no index.
    #[test]
    fn table_sizes_in_bytes() {
        use core::mem::size_of_val;
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_6), 24);
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_7), 280);
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_8), 736);
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_9), 3_168);
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_10), 7_240);
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_11), 29_480);
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_12), 170_400);
        assert_eq!(size_of_val(nqueens_tables::SOLUTIONS_13), 958_256);
        assert_eq!(core::mem::align_of_val(nqueens_tables::SOLUTIONS_13), 1);
    }
}

#[cfg(not(feature = "tables"))]
#[test]
fn without_tables_every_n_comes_from_the_search() {
    for n in 1..=13 {
        assert!(nqueens_tables::table(n).is_none());
        assert!(!solutions(n).unwrap().is_from_table());
    }
}
