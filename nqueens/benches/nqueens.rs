//! `cargo bench -p nqueens`: lookups, enumeration and counting. Figures, not assertions;
//! BENCHMARKS.md says what they mean.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn lookup(c: &mut Criterion) {
    let mut g = c.benchmark_group("lookup");
    let t8 = nqueens::table(8).unwrap();
    // Walk the indices with a mask, not `%`, so the division does not drown the lookup.
    g.bench_function("table(8).get(i)", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 37) & 63;
            black_box(t8.get(black_box(i)))
        })
    });
    g.bench_function("SOLUTIONS_13[i]", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 7919) & 0xffff;
            black_box(nqueens::SOLUTIONS_13[black_box(i)])
        })
    });
    g.bench_function("table(n) then get(i)", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 37) & 63;
            black_box(nqueens::table(black_box(8)).and_then(|t| t.get(i)))
        })
    });
    g.finish();
}

fn enumerate(c: &mut Criterion) {
    let mut g = c.benchmark_group("enumerate");
    g.sample_size(10);
    for n in [10usize, 12, 14] {
        g.bench_with_input(BenchmarkId::new("search", n), &n, |b, &n| {
            b.iter(|| {
                let mut s = nqueens::Search::new(n).unwrap();
                let mut count = 0u32;
                while let Some(sol) = s.next_solution() {
                    count += u32::from(sol[0]);
                }
                black_box(count)
            })
        });
    }
    g.bench_function("table 13, whole", |b| {
        b.iter(|| black_box(nqueens::solutions(13).unwrap().map(|s| s[0] as u32).sum::<u32>()))
    });
    g.finish();
}

fn count(c: &mut Criterion) {
    let mut g = c.benchmark_group("count");
    g.sample_size(10);
    for n in [12usize, 14, 15] {
        g.bench_with_input(BenchmarkId::new("one thread", n), &n, |b, &n| {
            b.iter(|| black_box(nqueens::count_solutions(n)))
        });
    }
    g.finish();
}

criterion_group!(benches, lookup, enumerate, count);
criterion_main!(benches);
