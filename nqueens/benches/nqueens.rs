//! `cargo bench -p nqueens --features std`: lookups, enumeration and counting. Figures, not assertions;
//! BENCHMARKS.md says what they mean.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nqueens_tables::Method;

/// Lookups per iteration: each iteration does this many, so the time per lookup is the
/// reported time / LOOKUPS (criterion also prints it as throughput).
const LOOKUPS: usize = 1024;

fn lookup(c: &mut Criterion) {
    let mut g = c.benchmark_group("lookup");
    g.throughput(Throughput::Elements(LOOKUPS as u64));
    let t8 = nqueens_tables::table(8).unwrap();
    lookups(&mut g, "table(8).get(i) x1024", 37, 63, |i| {
        t8.get(i).map_or(0, |s| s[0])
    });
    lookups(&mut g, "table(n).get(i) x1024", 37, 63, |i| {
        nqueens_tables::table(black_box(8))
            .and_then(|t| t.get(i))
            .map_or(0, |s| s[0])
    });
    lookups(&mut g, "SOLUTIONS_13[i] x1024", 7919, 0xffff, |i| {
        nqueens_tables::SOLUTIONS_13[i][0]
    });
    g.finish();
}

/// Benchmarks LOOKUPS calls of `lookup` per iteration. Indices walk by `step` under `mask`
/// (not `%`, so a division does not drown the lookup), and a byte of every answer feeds a sum
/// so that no lookup can be skipped.
fn lookups(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    step: usize,
    mask: usize,
    lookup: impl Fn(usize) -> u8,
) {
    g.bench_function(name, |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for k in 0..LOOKUPS {
                sum += u32::from(lookup(black_box(k * step) & mask));
            }
            sum
        })
    });
}

fn enumerate(c: &mut Criterion) {
    let mut g = c.benchmark_group("enumerate");
    g.sample_size(10);
    for n in [10usize, 12, 14] {
        g.bench_with_input(BenchmarkId::new("search", n), &n, |b, &n| {
            b.iter(|| {
                let mut s = nqueens_tables::Search::new(n).unwrap();
                let mut count = 0u32;
                while let Some(sol) = s.next_solution() {
                    count += u32::from(sol[0]);
                }
                black_box(count)
            })
        });
    }
    g.bench_function("table 13, whole", |b| {
        b.iter(|| {
            black_box(
                nqueens_tables::solutions(13)
                    .unwrap()
                    .map(|s| s[0] as u32)
                    .sum::<u32>(),
            )
        })
    });
    g.finish();
}

fn count(c: &mut Criterion) {
    let mut g = c.benchmark_group("count");
    g.sample_size(10);
    for n in [12usize, 14, 15] {
        g.bench_with_input(BenchmarkId::new("8-fold, one thread", n), &n, |b, &n| {
            let c = nqueens_tables::Counter::new(n).unwrap();
            b.iter(|| black_box(c.method(Method::EightFold).run()))
        });
        g.bench_with_input(BenchmarkId::new("join, one thread", n), &n, |b, &n| {
            let c = nqueens_tables::Counter::new(n).unwrap();
            b.iter(|| black_box(c.method(Method::Join).run()))
        });
    }
    g.finish();
}

criterion_group!(benches, lookup, enumerate, count);
criterion_main!(benches);
