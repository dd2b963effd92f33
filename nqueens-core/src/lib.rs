//! The `no_std` core of [`nqueens-tables`](https://docs.rs/nqueens-tables): board limits,
//! published counts, errors, shares and progress, placements, the embedded tables (plain and
//! packed), the search, symmetry, puzzles, the const fn solver and the 8-fold counter. Users
//! name the facade `nqueens-tables`, which re-exports every item below; this crate is its
//! bottom layer, which allocates nothing without `std` and forbids `unsafe` code.
//!
//! ```
//! let first = nqueens_tables_core::solutions(8).unwrap().next().unwrap();
//! assert_eq!(&*first, &[0, 4, 7, 5, 2, 6, 1, 3]);
//! assert_eq!(nqueens_tables_core::known_count(8), Some(92));
//! ```
//!
//! Its features are the facade's of the same names (`table-N`, `packed-N`, `fast-search`,
//! `std`, `parallel`); the facade's README lists them.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

// The layers, bottom up (layers.txt, checked in CI): leaves (`board`, `known`, `error`,
// `share`, `progress`, `parallel`, `tail`), the data and the search (`placement`, `table`,
// `packed`, `search`, `solutions`, `walk`, `symmetry`, `puzzle`, `const_solve`), and the
// 8-fold counter (`eightfold`).
//
// The modules are public for the crates of the family alone (nqueens-tables-join and the
// facade, which pin this crate's exact version) and hidden from the docs: what they hold
// beyond the items re-exported below is no stable API.
#[doc(hidden)]
pub mod board;
mod const_solve;
#[doc(hidden)]
pub mod eightfold;
#[doc(hidden)]
pub mod error;
#[doc(hidden)]
pub mod known;
#[doc(hidden)]
pub mod packed;
#[doc(hidden)]
pub mod parallel;
#[doc(hidden)]
pub mod placement;
#[doc(hidden)]
pub mod progress;
mod puzzle;
#[doc(hidden)]
pub mod search;
#[doc(hidden)]
pub mod share;
#[doc(hidden)]
pub mod solutions;
#[doc(hidden)]
pub mod symmetry;
#[doc(hidden)]
pub mod table;
#[doc(hidden)]
pub mod tail;
#[doc(hidden)]
pub mod walk;

pub use board::{MAX_N, MAX_SHARES};
pub use const_solve::const_solutions;
pub use error::Error;
pub use known::{known_count, known_fundamental};
pub use nqueens_tables_macros::nqueens;
#[cfg(feature = "packed-10")]
pub use packed::PACKED_10;
#[cfg(feature = "packed-11")]
pub use packed::PACKED_11;
#[cfg(all(feature = "packed-12", not(target_pointer_width = "16")))]
pub use packed::PACKED_12;
#[cfg(all(feature = "packed-13", not(target_pointer_width = "16")))]
pub use packed::PACKED_13;
#[cfg(feature = "packed-6")]
pub use packed::PACKED_6;
#[cfg(feature = "packed-7")]
pub use packed::PACKED_7;
#[cfg(feature = "packed-8")]
pub use packed::PACKED_8;
#[cfg(feature = "packed-9")]
pub use packed::PACKED_9;
pub use packed::{packed_table, PackedIter, PackedRow, PackedTable};
pub use parallel::MAX_THREADS;
pub use placement::{is_solution, Placement};
pub use progress::{Progress, Stage, Unit};
pub use puzzle::{puzzle, Puzzle};
pub use search::Search;
pub use share::Share;
pub use solutions::{solutions, solutions_with_fixed, Solutions};
pub use symmetry::{canonical, fundamental, is_fundamental, orbit, Fundamental, Orbit, Symmetry};
#[cfg(feature = "table-10")]
pub use table::SOLUTIONS_10;
#[cfg(feature = "table-11")]
pub use table::SOLUTIONS_11;
#[cfg(all(feature = "table-12", not(target_pointer_width = "16")))]
pub use table::SOLUTIONS_12;
#[cfg(all(feature = "table-13", not(target_pointer_width = "16")))]
pub use table::SOLUTIONS_13;
#[cfg(feature = "table-6")]
pub use table::SOLUTIONS_6;
#[cfg(feature = "table-7")]
pub use table::SOLUTIONS_7;
#[cfg(feature = "table-8")]
pub use table::SOLUTIONS_8;
#[cfg(feature = "table-9")]
pub use table::SOLUTIONS_9;
pub use table::{table, Table, TableIter};
