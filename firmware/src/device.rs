//! What differs between the boards: the name, printing and exiting through QEMU's
//! semihosting, and a panic that reports itself and fails the run.

use core::fmt::Arguments;

/// The board's name in every line it prints.
pub const BOARD: &str = if cfg!(feature = "board-microbit") {
    "microbit"
} else if cfg!(feature = "board-virt") {
    "virt"
} else {
    "mps2-an385"
};

#[cfg(target_arch = "arm")]
use cortex_m_semihosting::{debug, hprintln};
#[cfg(target_arch = "riscv32")]
use riscv_semihosting::{debug, hprintln};

/// One line on the host's standard output.
pub fn println(args: Arguments) {
    hprintln!("{}", args);
}

/// Ends the run: QEMU exits with status 0 for `true`, 1 for `false`.
pub fn exit(success: bool) -> ! {
    debug::exit(if success {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    #[allow(clippy::empty_loop)]
    loop {}
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    println(format_args!("board {BOARD}: panic: {info}"));
    exit(false)
}
