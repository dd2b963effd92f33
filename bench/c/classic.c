/* The classic write-ups' technique (shared/seeds): row by row, flag arrays for the columns
   and both diagonals, every solution written to an array as it is found. A checksum over the
   solutions keeps the compiler from skipping the enumeration.
   Usage: classic N  -> prints the number of solutions and the checksum. */
#include <stdio.h>
#include <stdlib.h>

static int n;
static int column[64], main_diag[128], sub_diag[128], ans[64];
static unsigned long long all_sum = 0, checksum = 0;

static void dfs(int now) {
    if (now > n) {
        all_sum++;
        for (int i = 1; i <= n; i++) checksum = checksum * 31 + (unsigned)ans[i];
        return;
    }
    for (int i = 1; i <= n; i++) {
        if (column[i] || main_diag[now - i + 32] || sub_diag[i + now]) continue;
        ans[now] = i;
        column[i] = main_diag[now - i + 32] = sub_diag[i + now] = 1;
        dfs(now + 1);
        column[i] = main_diag[now - i + 32] = sub_diag[i + now] = 0;
    }
}

int main(int argc, char **argv) {
    n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 1 || n > 30) {
        fprintf(stderr, "usage: classic N (1..=30)\n");
        return 2;
    }
    dfs(1);
    printf("%llu %llu\n", all_sum, checksum);
    return 0;
}
