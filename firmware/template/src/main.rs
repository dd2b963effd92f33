//! A no_std program with nqueens-tables on a Cortex-M3: a table in flash and the search,
//! with no heap. `cargo run --release` boots it under QEMU.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};

#[entry]
fn main() -> ! {
    // The table of 8 is in flash (feature `table-8`): its length is the count.
    let eight = nqueens_tables::table(8);
    let count = eight.map_or(0, |t| t.len());
    hprintln!("8 queens: {} solutions", count);
    if let Some(first) = eight.and_then(|t| t.get(0)) {
        hprintln!("the first, a column per row: {:?}", first);
    }
    // Any other size by the search, lazily, in about 1 KiB of stack: 10 has no table here.
    let mut found = 0u32;
    if let Some(mut search) = nqueens_tables::Search::new(10) {
        while search.next_solution().is_some() {
            found += 1;
        }
    }
    hprintln!("10 queens: {} solutions, by the search", found);
    let ok = count == 92 && found == 724;
    debug::exit(if ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    #[allow(clippy::empty_loop)]
    loop {}
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("panic: {}", info);
    debug::exit(debug::EXIT_FAILURE);
    #[allow(clippy::empty_loop)]
    loop {}
}
