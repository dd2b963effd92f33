/* The bitboard + first-row mirror counter, written for the comparison in the style of Jeff
   Somers' published N-Queens program (2002): an explicit stack instead of recursion, one
   `x & -x` per candidate, the left half of the first row searched and the count doubled, and
   the middle column of odd boards handled with half of the second row.
   Usage: somers N  -> prints the number of solutions. */
#include <stdio.h>
#include <stdlib.h>

#define MAX_BOARDSIZE 32

static unsigned long long count_solutions(int board_size) {
    unsigned int res[MAX_BOARDSIZE], col[MAX_BOARDSIZE], pos[MAX_BOARDSIZE], neg[MAX_BOARDSIZE];
    unsigned int stack[MAX_BOARDSIZE + 2];
    unsigned int *sp;
    int numrows = 0;
    unsigned int lsb, bitfield;
    int odd = board_size & 1;
    int board_minus = board_size - 1;
    unsigned int mask = (board_size == 32) ? 0xffffffffu : ((1u << board_size) - 1);
    unsigned long long solutions = 0;

    stack[0] = (unsigned int)-1; /* sentinel */
    for (int i = 0; i < 1 + odd; ++i) {
        if (i == 0) {
            int half = board_size >> 1;
            bitfield = (1u << half) - 1;
            sp = stack + 1;
            numrows = 0;
            res[0] = 0;
            col[0] = pos[0] = neg[0] = 0;
        } else {
            bitfield = 1u << (board_size >> 1);
            numrows = 1;
            res[0] = bitfield;
            col[0] = pos[0] = neg[0] = 0;
            col[1] = bitfield;
            neg[1] = bitfield >> 1;
            pos[1] = bitfield << 1;
            sp = stack + 1;
            *sp++ = 0;
            bitfield = (bitfield - 1) >> 1;
        }
        for (;;) {
            lsb = -bitfield & bitfield;
            if (bitfield == 0) {
                bitfield = *--sp;
                if (sp == stack) break;
                --numrows;
                continue;
            }
            bitfield &= ~lsb;
            res[numrows] = lsb;
            if (numrows < board_minus) {
                int n = numrows++;
                col[numrows] = col[n] | lsb;
                neg[numrows] = (neg[n] | lsb) >> 1;
                pos[numrows] = (pos[n] | lsb) << 1;
                *sp++ = bitfield;
                bitfield = mask & ~(col[numrows] | neg[numrows] | pos[numrows]);
                continue;
            } else {
                ++solutions;
                bitfield = *--sp;
                --numrows;
                continue;
            }
        }
    }
    return solutions * 2;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 2 || n > MAX_BOARDSIZE) {
        fprintf(stderr, "usage: somers N (2..=32)\n");
        return 2;
    }
    printf("%llu\n", count_solutions(n));
    return 0;
}
