//! On the device, under QEMU: the no_std API's results and the stack each entry point uses.
//!
//! For every n up to the board's last (13; 12 on the micro:bit, 10 on the Uno), the runtime
//! search counts the solutions, and where a table is embedded the search's output is compared
//! with it byte for byte. The counter counts n = 10 with its symmetry classes (not on the
//! Uno). Each entry point runs once on a painted stack, and the high-water mark is printed as
//! `stack BOARD API BYTES`; more than [`BUDGET`] ([`SEARCH_BUDGET`] for the search) fails the
//! run. The last line is `board BOARD: all checks passed`, and QEMU exits with success only
//! then (the Uno's QEMU cannot exit: `uno/run.sh` reads the line and stops it).
#![no_std]
#![no_main]

mod device;
mod stack;

use nqueens_tables::{canonical, fundamental, nth, rank, solutions};
#[cfg(not(feature = "board-uno"))]
use nqueens_tables::{solutions_with_fixed, Counter, Share};

/// The most stack any entry point may use: the promise to boards with a few KiB of RAM.
const BUDGET: usize = 1536;
/// The most the search (`solutions`) may use: what a board needs to list and count.
const SEARCH_BUDGET: usize = 1024;

/// The last n whose search is checked (and whose table is compared if embedded): 10 on the
/// Uno, whose whole run then takes a few seconds of QEMU's emulation of its 16 MHz core.
const LAST_N: usize = if cfg!(feature = "board-uno") {
    10
} else if cfg!(feature = "board-microbit") {
    12
} else {
    13
};

#[cfg_attr(target_arch = "arm", cortex_m_rt::entry)]
#[cfg_attr(target_arch = "riscv32", riscv_rt::entry)]
fn main() -> ! {
    let board = device::BOARD;
    let mut ok = true;

    // The stack of each entry point, measured before anything else has run deep.
    let report = |api: &str, bytes: usize| {
        if bytes == usize::MAX {
            device::println(format_args!("stack {board} {api} past the painted window"));
        } else {
            device::println(format_args!("stack {board} {api} {bytes}"));
        }
        bytes
            <= if api == "solutions" {
                SEARCH_BUDGET
            } else {
                BUDGET
            }
    };
    ok &= entry_points(report);

    ok &= search_against_tables();

    #[cfg(not(feature = "board-uno"))]
    {
        ok &= counter_in_shares();
    }

    if ok {
        device::println(format_args!("board {board}: all checks passed"));
    } else {
        device::println(format_args!("board {board}: FAILED"));
    }
    device::exit(ok)
}

/// Each no_std entry point once on a painted stack, its high-water mark passed to `report`
/// (false from `report` or a wrong answer fails the run).
#[cfg(not(feature = "board-uno"))]
#[inline(never)]
fn entry_points(report: impl Fn(&str, usize) -> bool) -> bool {
    let mut ok = true;
    let (first, used) = stack::measure(|| solutions(14).and_then(|mut s| s.nth(9)));
    ok &= report("solutions", used);
    ok &= first.is_some_and(|s| nqueens_tables::is_solution(&s));
    let (row, used) = stack::measure(|| nqueens_tables::table(8).and_then(|t| t.get(91)));
    ok &= report("table", used);
    ok &= row.is_none_or(|r| r == [7, 3, 0, 2, 5, 1, 6, 4]);
    let (counts, used) =
        stack::measure(|| Counter::new(10).and_then(|c| c.fundamental(true).run()));
    ok &= report("counter", used);
    ok &= matches!(counts, Ok(c) if c.total == 724 && c.fundamental == Some(92));
    let (sol, used) = stack::measure(|| nth(14, 1000));
    ok &= report("nth", used);
    let sol = sol.unwrap_or_default();
    ok &= nqueens_tables::is_solution(&sol);
    let (rank, used) = stack::measure(|| rank(&[2, 4, 1, 3, 0]));
    ok &= report("rank", used);
    ok &= rank == Some(5);
    let (smallest, used) = stack::measure(|| canonical(&[4, 2, 0, 5, 3, 1]));
    ok &= report("canonical", used);
    ok &= smallest.is_some_and(|s| s == [1, 3, 5, 0, 2, 4][..]);
    let (classes, used) = stack::measure(|| fundamental(8).map(Iterator::count));
    ok &= report("fundamental", used);
    ok &= classes == Some(12);
    let (fixed, used) = stack::measure(|| {
        solutions_with_fixed(14, &[(13, 0)]).map(|mut s| s.next().map(|s| s[13]))
    });
    ok &= report("solutions_with_fixed", used);
    ok &= fixed == Ok(Some(0));
    ok
}

/// The Uno's entry points, on n = 8, its table's size: the search, the table, and rank,
/// unrank and the symmetry classes. The 8-fold counter and the fixed-queen search are left
/// out: with the counter the program needs 40 KiB of the 32 KiB of flash.
#[cfg(feature = "board-uno")]
#[inline(never)]
fn entry_points(report: impl Fn(&str, usize) -> bool) -> bool {
    let mut ok = true;
    let (first, used) = stack::measure(|| solutions(10).and_then(|mut s| s.nth(9)));
    ok &= report("solutions", used);
    ok &= first.is_some_and(|s| nqueens_tables::is_solution(&s));
    let (row, used) = stack::measure(|| nqueens_tables::packed_table(8).and_then(|t| t.get(91)));
    ok &= report("table", used);
    ok &= row.is_some_and(|r| r == [7, 3, 0, 2, 5, 1, 6, 4][..]);
    let (sol, used) = stack::measure(|| nth(8, 91));
    ok &= report("nth", used);
    ok &= sol.is_some_and(|s| s == [7, 3, 0, 2, 5, 1, 6, 4][..]);
    let (rank, used) = stack::measure(|| rank(&[3, 1, 6, 2, 5, 7, 4, 0]));
    ok &= report("rank", used);
    let in_table =
        nqueens_tables::packed_table(8).and_then(|t| t.index_of(&[3, 1, 6, 2, 5, 7, 4, 0]));
    ok &= rank.is_some() && rank == in_table.map(|i| i as u64);
    let (smallest, used) = stack::measure(|| canonical(&[7, 3, 0, 2, 5, 1, 6, 4]));
    ok &= report("canonical", used);
    ok &= smallest.is_some_and(|s| s == [0, 4, 7, 5, 2, 6, 1, 3][..]);
    let (classes, used) = stack::measure(|| fundamental(8).map(Iterator::count));
    ok &= report("fundamental", used);
    ok &= classes == Some(12);
    ok
}

/// The counter, in shares as a cluster would run it.
#[cfg(not(feature = "board-uno"))]
#[inline(never)]
fn counter_in_shares() -> bool {
    let share = |k| {
        Counter::new(10)
            .ok()?
            .fundamental(true)
            .share(Share::new(k, 3).ok()?)
            .run()
            .ok()
    };
    let (mut total, mut fundamental) = (0, 0);
    for c in (1..=3).filter_map(share) {
        total += c.total;
        fundamental += c.fundamental.unwrap_or(0);
    }
    device::println(format_args!(
        "counter n=10 total={total} fundamental={fundamental}"
    ));
    (total, fundamental) == (724, 92)
}

/// The search against OEIS A000170 and against every embedded table, for every n up to
/// [`LAST_N`]. Not inlined, so that its search state is not part of `main`'s frame while the
/// entry points are measured below it.
#[inline(never)]
fn search_against_tables() -> bool {
    let mut ok = true;
    for n in 1..=LAST_N {
        let Some(mut search) = nqueens_tables::Search::new(n) else {
            ok = false;
            continue;
        };
        // The table this board embeds: plain, or on the Uno packed.
        #[cfg(not(feature = "board-uno"))]
        let table = nqueens_tables::table(n);
        #[cfg(feature = "board-uno")]
        let table = nqueens_tables::packed_table(n);
        let mut found = 0usize;
        let mut table_ok = true;
        while let Some(sol) = search.next_solution() {
            if let Some(t) = table {
                table_ok &= t.get(found).is_some_and(|row| row[..] == sol[..]);
            }
            found += 1;
        }
        let status = match table {
            Some(t) if table_ok && t.len() == found => "verified",
            Some(_) => "MISMATCH",
            None => "absent",
        };
        ok &= status != "MISMATCH" && nqueens_tables::known_count(n) == Some(found as u64);
        device::println(format_args!("n={n} solutions={found} table={status}"));
    }
    ok
}
