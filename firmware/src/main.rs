//! On the device: for every n in 1..=13, run the runtime search and count; where a table is
//! embedded, compare the search's output with it byte for byte. One line per n, then exit
//! QEMU with success only if every table matched and every count is the known one.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;

#[entry]
fn main() -> ! {
    let mut all_ok = true;
    for n in 1..=13 {
        let Some(mut search) = nqueens_tables::Search::new(n) else {
            hprintln!("n={} search=unavailable", n);
            all_ok = false;
            continue;
        };
        let table = nqueens_tables::table(n);
        let mut found = 0usize;
        let mut table_ok = true;
        while let Some(sol) = search.next_solution() {
            if let Some(t) = table {
                table_ok &= t.get(found) == Some(sol);
            }
            found += 1;
        }
        let status = match table {
            Some(t) if table_ok && t.len() == found => "verified",
            Some(_) => "MISMATCH",
            None => "absent",
        };
        let count_ok = nqueens_tables::count(n) == Some(found as u64);
        all_ok &= status != "MISMATCH" && count_ok;
        hprintln!("n={} solutions={} table={}", n, found, status);
    }
    hprintln!(
        "{}",
        if all_ok {
            "firmware: all checks passed"
        } else {
            "firmware: FAILED"
        }
    );
    debug::exit(if all_ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    #[allow(clippy::empty_loop)]
    loop {}
}
