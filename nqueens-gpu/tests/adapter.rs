//! The GPU counter on whatever adapter wgpu finds: on these machines and in CI, Mesa's
//! software Vulkan (lavapipe), which `.ci/run` installs. Where there is no adapter, each test
//! says so and passes, unless `NQUEENS_GPU_TESTS` is set (as `.ci/run` sets it), where no
//! adapter is a failure: the GPU path is tested, not skipped. The everyday run counts up to
//! 13 and cuts 14 into shares; with `NQUEENS_GPU_TESTS` or `NQUEENS_FULL_TESTS`, up to 15 and
//! 16 (seconds each on a software adapter).
#![cfg(feature = "device")]

use nqueens_tables_gpu::{GpuCounter, GpuError, Share};

/// Whether this is the full run of the GPU tests.
fn full() -> bool {
    std::env::var_os("NQUEENS_GPU_TESTS").is_some()
        || std::env::var_os("NQUEENS_FULL_TESTS").is_some()
}

/// Whether an adapter is here; `false` (and a line saying so) where the run may go on
/// without one.
fn adapter_here() -> bool {
    if !nqueens_tables_gpu::adapters().is_empty() {
        return true;
    }
    assert!(
        std::env::var_os("NQUEENS_GPU_TESTS").is_none(),
        "NQUEENS_GPU_TESTS is set, and wgpu finds no adapter (install mesa-vulkan-drivers)"
    );
    eprintln!("skipped: no GPU adapter here (mesa-vulkan-drivers gives a software one)");
    false
}

#[test]
fn counts_from_1_to_15_are_the_published_ones() {
    if !adapter_here() {
        return;
    }
    for n in 1..=if full() { 15 } else { 13 } {
        let c = GpuCounter::new(n).unwrap().run().unwrap();
        assert_eq!(
            Some(c.total),
            nqueens_tables::known_count(n),
            "n = {n} on {}",
            c.adapter
        );
    }
}

#[test]
fn the_shares_of_16_add_up_to_its_total_on_one_device() {
    if !adapter_here() {
        return;
    }
    let (n, total) = if full() {
        (16, 14_772_512)
    } else {
        (14, 365_596)
    };
    let mut sum = 0;
    let mut seen = Vec::new();
    let counter = GpuCounter::new(n).unwrap();
    let all = counter
        .run_shares(
            5,
            |_| false,
            |share, c| {
                seen.push(share.k());
                sum += c.total;
                core::ops::ControlFlow::Continue(())
            },
            |p| assert!(p.done <= p.of),
        )
        .unwrap();
    assert!(all);
    assert_eq!(seen, [1, 2, 3, 4, 5]);
    assert_eq!(sum, total);
    // One share alone counts what it counted among the others.
    let third = counter
        .share(Share::new(3, 5).unwrap())
        .run()
        .unwrap()
        .total;
    assert!(third > 0 && third < sum);
}

#[test]
fn a_board_off_the_range_is_refused_before_any_device() {
    assert_eq!(GpuCounter::new(0).err(), Some(GpuError::BoardSize(0)));
    assert_eq!(GpuCounter::new(33).err(), Some(GpuError::BoardSize(33)));
}

#[test]
fn a_dispatch_past_the_watchdog_is_an_error_not_a_hang() {
    if !adapter_here() {
        return;
    }
    let counter = GpuCounter::new(14)
        .unwrap()
        .patience(std::time::Duration::from_nanos(1));
    assert_eq!(counter.run().err(), Some(GpuError::Timeout { seconds: 0 }));
    // Shares finished before the watchdog fired are handed over; the run then stops.
    let mut finished = 0;
    let stopped = counter.run_shares(
        2,
        |_| false,
        |_, _| {
            finished += 1;
            core::ops::ControlFlow::Continue(())
        },
        |_| {},
    );
    assert_eq!(stopped.err(), Some(GpuError::Timeout { seconds: 0 }));
    assert_eq!(finished, 0);
}
