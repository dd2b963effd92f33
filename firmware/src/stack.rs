//! Stack high-water marks on the device: paint the stack below the caller with a pattern,
//! run the call, and find the lowest word it changed.

/// How far below the caller the stack is painted: twice the budget, so that a call over the
/// budget still shows its use (up to this much) rather than a wrapped number. On the Uno,
/// whose 2 KiB of RAM hold `.data` and `.bss` below the stack, the window ends at `.bss`'s
/// end instead (see [`floor`]).
const WINDOW: usize = 4096;
/// Left unpainted right below `measure`'s own frame, for the calls it makes itself.
const MARGIN: usize = 128;
const PAINT: u32 = 0x5a5a_a5a5;

/// Runs `f` on a painted stack and returns its result and the bytes of stack it used below
/// this function's frame (its own calls included, so a slight overestimate), or `usize::MAX`
/// where it reached the end of the painted window.
#[inline(never)]
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let marker = 0u32;
    let here = core::ptr::addr_of!(marker) as usize & !3;
    let top = here - MARGIN;
    let bottom = floor().max(top - WINDOW.min(top));
    // SAFETY: the words between `bottom` and `top` lie below the live stack pointer (this
    // frame ends above `top`), inside the stack region every board reserves (at least 12 KiB
    // below the first frame; on the Uno, above the statics' end), and nothing else uses them
    // until `call` pushes frames there.
    unsafe {
        let mut at = bottom;
        while at < top {
            core::ptr::write_volatile(at as *mut u32, PAINT);
            at += 4;
        }
    }
    let result = call(f);
    let mut lowest = top;
    let mut at = bottom;
    while at < top {
        // SAFETY: the same words, read back; none is in use by a live frame any more.
        if unsafe { core::ptr::read_volatile(at as *const u32) } != PAINT {
            lowest = at;
            break;
        }
        at += 4;
    }
    // The lowest word changed is the window's end: the call may have gone further, into
    // what lies below (on the Uno, the statics). Say so rather than give a figure.
    if lowest == bottom {
        return (result, usize::MAX);
    }
    (result, here - lowest)
}

/// The lowest address the window may paint: nothing on the 32-bit boards, whose stacks have
/// room below the window; on the Uno the end of `.bss` (avr-libc's `_end`), where the free
/// RAM above the statics starts.
fn floor() -> usize {
    #[cfg(target_arch = "avr")]
    {
        unsafe extern "C" {
            static _end: u8;
        }
        // Word-aligned up, as the painting steps in words.
        (core::ptr::addr_of!(_end) as usize + 3) & !3
    }
    #[cfg(not(target_arch = "avr"))]
    0
}

/// `f()` in a frame of its own, below `measure`'s.
#[inline(never)]
fn call<R>(f: impl FnOnce() -> R) -> R {
    core::hint::black_box(f())
}
