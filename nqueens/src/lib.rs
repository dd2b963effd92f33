//! Every solution of the N-Queens puzzle, as static data where it fits and as a fast search
//! where it does not.
//!
//! A solution for `n` is `[u8; n]`: entry `i` is the **0-based column** of the queen in **row
//! `i`**. Every list this crate hands out is in **lexicographic order**, the order a row-by-row,
//! left-to-right backtracking finds them, so `SOLUTIONS_6[0] == [1, 3, 5, 0, 2, 4]`. (The
//! `nqueens` command and the page count from 1, for people: there the same solution reads
//! `2 4 6 1 3 5`.)
//!
//! The crate is `#![no_std]` and, without the `std` feature, allocates nothing. It has three independent sources of
//! solutions, and its test suite checks each against the others:
//!
//! - **tables** built at compile time by the [`nqueens!`] macro: `SOLUTIONS_6` ..
//!   `SOLUTIONS_13`, one cargo feature each (`table-6` .. `table-13`, all on by default);
//! - a **const fn** backtracking, [`const_solutions`], that builds the same tables inside
//!   const evaluation;
//! - an iterative bitboard **search** behind [`solutions()`] for every `n` up to [`MAX_N`].
//!
//! # Zero-cost static data
//!
//! ```
//! use nqueens_tables::nqueens;
//!
//! static EIGHT: &[[u8; 8]; 92] = nqueens!(8);
//! assert_eq!(EIGHT[0], [0, 4, 7, 5, 2, 6, 1, 3]);
//! assert_eq!(nqueens_tables::SOLUTIONS_8[91], [7, 3, 0, 2, 5, 1, 6, 4]);
//! ```
//!
//! # Const context
//!
//! ```
//! // The count sizes an array type; the const fn fills it at compile time.
//! const SEVEN: [[u8; 7]; nqueens_tables::known_count(7).unwrap() as usize] = nqueens_tables::const_solutions();
//! assert_eq!(SEVEN.len(), 40);
//! assert_eq!(SEVEN[0], [0, 2, 4, 6, 1, 3, 5]);
//! ```
//!
//! # Any n, tables or not
//!
//! ```
//! // Served from the table when it is compiled in, by the search otherwise.
//! let first = nqueens_tables::solutions(8).unwrap().next().unwrap();
//! assert_eq!(&*first, &[0, 4, 7, 5, 2, 6, 1, 3]);
//!
//! // Far past any table: the search is lazy, so the first solution comes at once.
//! let big = nqueens_tables::solutions(32).unwrap().next().unwrap();
//! assert_eq!(big.len(), 32);
//!
//! assert!(nqueens_tables::solutions(0).is_none());
//! assert_eq!(nqueens_tables::table(13).map(|t| t.len()), Some(73_712));
//! ```
//!
//! # Counting
//!
//! [`Counter`] is the one front door for counting: it takes the board, whether to count the
//! fundamental solutions (one per symmetry class), queens fixed, a share `k` of `m` for
//! spreading a count over machines, a thread count and an optional progress callback, and
//! picks the fastest method for what is asked.
//!
//! ```
//! use nqueens_tables::Counter;
//! let c = Counter::new(12).unwrap().fundamental(true).run().unwrap();
//! assert_eq!((c.total, c.fundamental), (14_200, Some(1_787)));
//!
//! // With progress: done of `of` steps, each a `unit` the callback can name.
//! let c = Counter::new(10).unwrap().run_with_progress(|p| assert!(p.done <= p.of)).unwrap();
//! assert_eq!(c.total, 724);
//!
//! // Shares: the m shares of one count add up to it, the same on every machine, so a long
//! // count can be spread over machines or kept share by share (`run_shares`).
//! let share = |k| nqueens_tables::Share::new(k, 4).unwrap();
//! let sum: u64 = (1..=4).map(|k| Counter::new(12).unwrap().share(share(k)).run().unwrap().total).sum();
//! assert_eq!(sum, 14_200);
//! ```
//!
//! # Queens fixed
//!
//! The solutions with a queen on squares fixed, `(row, column)` 0-based: listed, or counted
//! (by the join from n = 15 with the feature `std`, else by the search).
//!
//! ```
//! let corner = nqueens_tables::solutions_with_fixed(8, &[(0, 0)]).unwrap();
//! assert_eq!(corner.count(), 4);
//! let c = nqueens_tables::Counter::new(12).unwrap().fixed(&[(0, 0)]).unwrap().run().unwrap();
//! assert_eq!(c.total, 500);
//! ```
//!
//! # Rank and nth
//!
//! A solution's 0-based position in the list, and the solution at a position, for any n:
//! near either end of the list at once, and from n = 14 to 23 by counting with the join.
//!
//! ```
//! let sol = nqueens_tables::nth(8, 91).unwrap();
//! assert_eq!(&*sol, &[7, 3, 0, 2, 5, 1, 6, 4]);
//! assert_eq!(nqueens_tables::rank(&sol), Some(91));
//! ```
//!
//! # Symmetry classes
//!
//! ```
//! use nqueens_tables::{canonical, fundamental, orbit};
//! assert_eq!(fundamental(8).unwrap().count(), 12); // OEIS A002562
//! let sol = [1, 3, 5, 0, 2, 4];
//! assert_eq!(orbit(&sol).unwrap().len(), 4);
//! assert_eq!(canonical(&[4, 2, 0, 5, 3, 1]).as_deref(), Some(&sol[..]));
//! ```
//!
//! # Puzzles
//!
//! "Complete this board": queens fixed whose completion is unique, from a seed.
//!
//! ```
//! let p = nqueens_tables::puzzle(8, 5).unwrap();
//! let fixed: Vec<(usize, usize)> = p.fixed().collect();
//! let mut completions = nqueens_tables::solutions_with_fixed(8, &fixed).unwrap();
//! assert_eq!(completions.next().as_deref(), Some(&p.solution()[..]));
//! assert!(completions.next().is_none());
//! ```
//!
//! # The heat map
//!
//! For every square, the solutions with a queen on it (feature `std`).
//!
//! ```
//! # #[cfg(feature = "std")] {
//! let map = nqueens_tables::HeatmapCounter::new(8).unwrap().run().unwrap();
//! assert_eq!(map.get(0, 0), Some(4)); // a corner: 4 of the 92
//! assert!(map.rows().all(|row| row.iter().sum::<u64>() == 92));
//! # }
//! ```
//!
//! # no_std
//!
//! Without `std` the crate allocates nothing. For firmware, turn the default tables off and
//! name the ones it needs; every other n is served by the search:
//!
//! ```toml
//! [dependencies]
//! nqueens-tables = { version = "0.1", default-features = false, features = ["table-8"] }
//! ```
//!
//! # Errors
//!
//! Nothing here panics on bad input. A function that takes only a board size answers a
//! size outside `1..=`[`MAX_N`] with `None`; one that can fail in more than one way returns
//! `Result<_, `[`Error`]`>`, where the same size check gives [`Error::BoardSize`].
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `table-6` .. `table-13` | yes | the static table for that `n` (`n` x count bytes of flash) |
//! | `packed-6` .. `packed-13` | no | the table packed two queens per byte ([`packed_table`]) |
//! | `fast-search` | yes | the search solves its last five rows in one step from 13 KB of tables: enumeration about 2x faster |
//! | `std` | no | the half-board join, [`Counter`]'s fastest method from n = 15 to 23 (and its shares from 17), counts with queens fixed, [`rank()`]/[`nth()`] by counting, and the heat map, which keep data on the heap |
//! | `parallel` | no | [`Counter::threads`] counts on several threads (implies `std`) |
//!
//! With a table's feature off, its `n` is served by the search and the table costs nothing.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

// The crates below this facade (ARCHITECTURE.md): `nqueens-tables-core`, `no_std` and free of
// `unsafe`, and with the feature `std` `nqueens-tables-join`, the half-board join. Their
// modules go by the names the front doors' code uses for them.
use nqueens_tables_core::{
    board, eightfold, error, known, parallel, placement, progress, search, share, symmetry, tail,
    walk,
};
#[cfg(feature = "std")]
use nqueens_tables_join as join;

// This crate's layers, bottom up (layers.txt, checked in CI): `plan`, then the front doors
// (`counting`, `rank`, `heatmap`).
mod counting;
#[cfg(feature = "std")]
mod heatmap;
mod plan;
mod rank;

pub use counting::{Counter, Counts, Method};
#[cfg(feature = "std")]
pub use heatmap::{Heatmap, HeatmapCounter};
pub use nqueens_tables_core::const_solutions;
pub use nqueens_tables_core::nqueens;
pub use nqueens_tables_core::Error;
pub use nqueens_tables_core::Search;
pub use nqueens_tables_core::Share;
pub use nqueens_tables_core::MAX_THREADS;
#[cfg(feature = "packed-10")]
pub use nqueens_tables_core::PACKED_10;
#[cfg(feature = "packed-11")]
pub use nqueens_tables_core::PACKED_11;
#[cfg(all(feature = "packed-12", not(target_pointer_width = "16")))]
pub use nqueens_tables_core::PACKED_12;
#[cfg(all(feature = "packed-13", not(target_pointer_width = "16")))]
pub use nqueens_tables_core::PACKED_13;
#[cfg(feature = "packed-6")]
pub use nqueens_tables_core::PACKED_6;
#[cfg(feature = "packed-7")]
pub use nqueens_tables_core::PACKED_7;
#[cfg(feature = "packed-8")]
pub use nqueens_tables_core::PACKED_8;
#[cfg(feature = "packed-9")]
pub use nqueens_tables_core::PACKED_9;
#[cfg(feature = "table-10")]
pub use nqueens_tables_core::SOLUTIONS_10;
#[cfg(feature = "table-11")]
pub use nqueens_tables_core::SOLUTIONS_11;
#[cfg(all(feature = "table-12", not(target_pointer_width = "16")))]
pub use nqueens_tables_core::SOLUTIONS_12;
#[cfg(all(feature = "table-13", not(target_pointer_width = "16")))]
pub use nqueens_tables_core::SOLUTIONS_13;
#[cfg(feature = "table-6")]
pub use nqueens_tables_core::SOLUTIONS_6;
#[cfg(feature = "table-7")]
pub use nqueens_tables_core::SOLUTIONS_7;
#[cfg(feature = "table-8")]
pub use nqueens_tables_core::SOLUTIONS_8;
#[cfg(feature = "table-9")]
pub use nqueens_tables_core::SOLUTIONS_9;
pub use nqueens_tables_core::{
    canonical, fundamental, is_fundamental, orbit, Fundamental, Orbit, Symmetry,
};
pub use nqueens_tables_core::{is_solution, Placement};
pub use nqueens_tables_core::{known_count, known_fundamental};
pub use nqueens_tables_core::{packed_table, PackedIter, PackedRow, PackedTable};
pub use nqueens_tables_core::{puzzle, Puzzle};
pub use nqueens_tables_core::{solutions, solutions_with_fixed, Solutions};
pub use nqueens_tables_core::{table, Table, TableIter};
pub use nqueens_tables_core::{Progress, Stage, Unit};
pub use nqueens_tables_core::{MAX_N, MAX_SHARES};
pub use plan::Plan;
pub use rank::{nth, rank, Nth, Rank};

/// The README's examples, compiled and run as doctests against this crate's default features,
/// the dependency line it shows.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
