//! `const_solutions` evaluated in const context for every table n = 6..=13, compared byte for
//! byte with the search and the `nqueens!` expansion. Compiling this file is the expensive
//! part (the const interpreter runs the whole search), so it is its own target behind the
//! `heavy-const` feature; `.ci/run` runs it. The file has no `allow(long_running_const_eval)`:
//! that it compiles shows every n up to 13 stays under rustc's deny-by-default lint.

use nqueens_tables::{const_solutions, nqueens, Search};

static C6: [[u8; 6]; 4] = const_solutions();
static C7: [[u8; 7]; 40] = const_solutions();
static C8: [[u8; 8]; 92] = const_solutions();
static C9: [[u8; 9]; 352] = const_solutions();
static C10: [[u8; 10]; 724] = const_solutions();
static C11: [[u8; 11]; 2680] = const_solutions();
static C12: [[u8; 12]; 14200] = const_solutions();
static C13: [[u8; 13]; 73712] = const_solutions();

fn search_bytes(n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut s = Search::new(n).unwrap();
    while let Some(sol) = s.next_solution() {
        out.extend_from_slice(sol);
    }
    out
}

#[test]
fn const_tables_equal_search_and_macro() {
    let pairs: [(usize, &[u8], &[u8]); 8] = [
        (6, C6.as_flattened(), nqueens!(6).as_flattened()),
        (7, C7.as_flattened(), nqueens!(7).as_flattened()),
        (8, C8.as_flattened(), nqueens!(8).as_flattened()),
        (9, C9.as_flattened(), nqueens!(9).as_flattened()),
        (10, C10.as_flattened(), nqueens!(10).as_flattened()),
        (11, C11.as_flattened(), nqueens!(11).as_flattened()),
        (12, C12.as_flattened(), nqueens!(12).as_flattened()),
        (13, C13.as_flattened(), nqueens!(13).as_flattened()),
    ];
    for (n, const_table, expansion) in pairs {
        let search = search_bytes(n);
        assert_eq!(const_table, &search[..], "const_solutions for n = {n}");
        assert_eq!(expansion, &search[..], "nqueens!({n})");
    }
}
