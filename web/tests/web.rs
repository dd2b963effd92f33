//! The bindings, run in headless Chromium by wasm-bindgen-test (web/test.sh).
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn counts_come_from_the_tables_and_the_counter() {
    assert_eq!(nqueens_web::table_count(8), Some(92));
    assert_eq!(nqueens_web::table_count(13), None);
    assert_eq!(nqueens_web::known_count(20).as_deref(), Some("39029188884"));
    let quiet = js_sys::Function::new_no_args("");
    assert_eq!(
        nqueens_web::count(13, quiet.clone()).as_deref(),
        Some("73712")
    );
    assert_eq!(nqueens_web::count(0, quiet), None);
}

#[wasm_bindgen_test]
fn solutions_rank_and_their_images() {
    let first = nqueens_web::solution(8, 0, false).unwrap();
    assert_eq!(first, [0, 4, 7, 5, 2, 6, 1, 3]);
    let second = nqueens_web::solution(8, 1, false).unwrap();
    assert_eq!(nqueens_web::rank(&second), Some(1.0));
    assert!(nqueens_web::solution(8, 92, false).unwrap().is_empty());
    assert_eq!(nqueens_web::fundamental_count(8), Some(12));
    let f = nqueens_web::solution(8, 11, true).unwrap();
    assert_eq!(nqueens_web::fundamental_rank(&f), Some(11));
    let images = nqueens_web::images(&first).unwrap();
    assert_eq!(images.len(), 64);
    assert!(images.chunks(8).all(nqueens_web::is_solution));
    assert_eq!(&images[..8], &first[..]);
    assert_eq!(nqueens_web::images(&[0, 0]), None);
}

#[wasm_bindgen_test]
fn positions_past_2_to_the_53_are_carried_exactly_or_refused_with_the_reason() {
    // The last solution of 27, at a position past 2^53 (a JavaScript number would round
    // it): walked to from the end, exactly, the mirror image of the first.
    let last = 234_907_967_154_122_528u64 - 1;
    let exact = nqueens_web::solution(27, last, false).unwrap();
    let first = nqueens_web::solution(27, 0, false).unwrap();
    assert!(!exact.is_empty() && exact.iter().zip(&first).all(|(&l, &f)| l == 26 - f));
    // Fundamental solutions are walked to: one past reach is refused, saying why, never
    // "has no fundamental solution".
    let err = nqueens_web::solution(27, (1 << 53) + 1, true).unwrap_err();
    let err = err.as_string().unwrap();
    assert!(
        err.contains("fundamental solution 9007199254740994 is out of reach"),
        "{err}"
    );
}

#[wasm_bindgen_test]
fn puzzles_have_one_completion() {
    for n in [4, 8, 12] {
        let p = nqueens_web::puzzle(n, 3).unwrap();
        let (solution, given) = p.split_at(n);
        let fixed: Vec<(usize, usize)> = (0..n)
            .filter(|&r| given[r] == 1)
            .map(|r| (r, usize::from(solution[r])))
            .collect();
        let all: Vec<_> = nqueens_tables::solutions_with_fixed(n, &fixed)
            .unwrap()
            .collect();
        assert_eq!(all.len(), 1, "n = {n}");
        assert_eq!(&all[0][..], solution);
    }
    assert_eq!(nqueens_web::puzzle(3, 1), None);
}

#[wasm_bindgen_test]
fn the_search_steps_place_and_take_back() {
    // Row 0 column 0; row 1 column 2, a dead end, taken back; row 1 column 3; row 2 column 1.
    let steps = nqueens_web::search_steps(4, 1000);
    assert_eq!(&steps[..5], &[1, 67, -67, 68, 130]);
    // Every solution of 4 is a step that fills the last row: two of them.
    let last_row = steps
        .iter()
        .filter(|&&s| s > 0 && (s - 1) / 64 == 3)
        .count();
    assert_eq!(last_row, 2);
    assert_eq!(nqueens_web::search_steps(8, 10).len(), 10);
}

#[wasm_bindgen_test]
fn heat_maps_and_counted_unranks() {
    let quiet = js_sys::Function::new_no_args("");
    let map = nqueens_web::heatmap(8, quiet.clone()).unwrap();
    assert_eq!(map.len(), 64);
    assert_eq!(&map[..8], &[4.0, 8.0, 16.0, 18.0, 18.0, 16.0, 8.0, 4.0]);
    assert!(map.chunks(8).all(|row| row.iter().sum::<f64>() == 92.0));
    assert_eq!(nqueens_web::heatmap(0, quiet.clone()), None);
    // The last solution of 24, the mirror image of its first: walked to at once.
    let last = nqueens_web::nth_counted(24, "227514171973735", quiet.clone()).unwrap();
    let first = nqueens_web::solution(24, 0, false).unwrap();
    assert!(last.iter().zip(&first).all(|(&l, &f)| l == 23 - f));
    assert!(nqueens_web::nth_counted(8, "92", quiet.clone())
        .unwrap()
        .is_empty());
    assert!(nqueens_web::nth_counted(28, "100000000", quiet.clone()).is_err());
    assert!(nqueens_web::nth_counted(8, "abc", quiet).is_err());
    // Seeds past 2^53 are the command's seeds, not rounded.
    assert_ne!(
        nqueens_web::puzzle(8, u64::MAX),
        nqueens_web::puzzle(8, u64::MAX - 1)
    );
}
