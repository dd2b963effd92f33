//! The smallest useful no_std program with nqueens-tables, to copy into your firmware.
//!
//! In your Cargo.toml, turn the default tables off and name the ones you want in flash:
//!
//! ```toml
//! nqueens-tables = { version = "0.1", default-features = false, features = ["table-8"] }
//! ```
//!
//! Then a table lookup is a bounds check and a load from flash, and any other n (here 10,
//! whose table is off) is served by the search, in about 1 KiB of stack and no heap. Run it
//! here with `cargo run --release --bin minimal` (QEMU's mps2-an385, semihosting output).
#![no_std]
#![no_main]

#[cfg(target_arch = "arm")]
use cortex_m_semihosting::{debug, hprintln};
#[cfg(target_arch = "riscv32")]
use riscv_semihosting::{debug, hprintln};

#[cfg_attr(target_arch = "arm", cortex_m_rt::entry)]
#[cfg_attr(target_arch = "riscv32", riscv_rt::entry)]
fn main() -> ! {
    // A lookup in the table of 8, when its feature is on.
    if let Some(t) = nqueens_tables::table(8) {
        hprintln!("8 queens: {} solutions, the first {:?}", t.len(), t.get(0));
    }
    // The search, for an n whose table is not compiled in: lazy, one solution at a time.
    let mut search = nqueens_tables::Search::new(10).expect("10 is a board size");
    let mut found = 0u32;
    while search.next_solution().is_some() {
        found += 1;
    }
    hprintln!("10 queens: {} solutions, by the search", found);
    debug::exit(debug::EXIT_SUCCESS);
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
