//! What differs between the boards: the name, printing and exiting (through QEMU's
//! semihosting on the 32-bit boards, through the UART on the Uno, whose QEMU has no
//! semihosting), and a panic that reports itself and fails the run.

#[cfg(not(target_arch = "avr"))]
use core::fmt::Arguments;

/// The board's name in every line it prints.
pub const BOARD: &str = if cfg!(feature = "board-microbit") {
    "microbit"
} else if cfg!(feature = "board-virt") {
    "virt"
} else if cfg!(feature = "board-mps2-an500") {
    "mps2-an500"
} else if cfg!(feature = "board-uno") {
    "uno"
} else {
    "mps2-an385"
};

#[cfg(target_arch = "arm")]
use cortex_m_semihosting::{debug, hprintln};
#[cfg(target_arch = "riscv32")]
use riscv_semihosting::{debug, hprintln};

/// One line on the host's standard output.
#[cfg(not(target_arch = "avr"))]
pub fn println(args: Arguments) {
    hprintln!("{}", args);
}

/// Ends the run: QEMU exits with status 0 for `true`, 1 for `false`.
#[cfg(not(target_arch = "avr"))]
pub fn exit(success: bool) -> ! {
    debug::exit(if success {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    #[allow(clippy::empty_loop)]
    loop {}
}

#[cfg(target_arch = "avr")]
pub use uart::{exit, println};

/// The ATmega328P's USART0, which QEMU's `uno` machine connects to its serial port: three
/// registers, written directly (a device crate would pin a nightly of its own).
#[cfg(target_arch = "avr")]
mod uart {
    use core::fmt::{Arguments, Write};
    use core::ptr::{read_volatile, write_volatile};

    /// Data register: a byte written here is sent.
    const UDR0: *mut u8 = 0xc6 as *mut u8;
    /// Status register A; bit `UDRE0` is set when the data register can take a byte.
    const UCSR0A: *const u8 = 0xc0 as *const u8;
    const UDRE0: u8 = 1 << 5;
    /// Control register B; bit `TXEN0` turns the transmitter on.
    const UCSR0B: *mut u8 = 0xc1 as *mut u8;
    const TXEN0: u8 = 1 << 3;

    struct Uart;

    impl Write for Uart {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            for &b in s.as_bytes() {
                // SAFETY: memory-mapped I/O registers of the ATmega328P, which this program
                // alone drives; the loop waits for room before each byte.
                unsafe {
                    write_volatile(UCSR0B, TXEN0);
                    while read_volatile(UCSR0A) & UDRE0 == 0 {}
                    write_volatile(UDR0, b);
                }
            }
            Ok(())
        }
    }

    /// One line on the serial port.
    pub fn println(args: Arguments) {
        // Writing to the UART cannot fail.
        let _ = writeln!(Uart, "{args}");
    }

    /// Ends the run. QEMU's AVR machines cannot be told to exit, so the last line printed
    /// is the verdict (`uno/run.sh` stops QEMU when it sees it), and the CPU spins.
    pub fn exit(_success: bool) -> ! {
        loop {
            core::hint::spin_loop();
        }
    }

    /// The entry avr-libc's start-up code calls once it has copied `.data` into RAM and
    /// cleared `.bss`.
    #[unsafe(no_mangle)]
    extern "C" fn main() -> ! {
        crate::main()
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    // On the Uno every string is copied into its 2 KiB of RAM at start, so its panics say
    // only that they happened: the message and location would hold every panic's strings.
    #[cfg(target_arch = "avr")]
    let _ = info;
    #[cfg(target_arch = "avr")]
    println(format_args!("board {BOARD}: panic"));
    #[cfg(not(target_arch = "avr"))]
    println(format_args!("board {BOARD}: panic: {info}"));
    exit(false)
}
