/*
 * Random 9x6 games played by notshridhar/chain-reaction-ai's C engine
 * (its csource/src/engine.c and cqueue.c, untouched), counted per CPU
 * second: the peer's side of chainreact's BenchmarkRandomGamesAgainstPeer
 * (BENCHMARKS.md). Written for chainshot; built outside this repository
 * against the peer's checkout (docs/peers/README.md).
 *
 * Usage: notshridhar_randgames SECONDS
 * Prints: GAMES PLIES CPU_SECONDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "chain/engine.h"

/* xorshift64: the moves are uniformly random (up to a modulo bias of
 * less than 1e-17) and cost next to nothing */
static unsigned long long state = 88172645463325252ULL;

static unsigned long long next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    double want = argc > 1 ? atof(argv[1]) : 1.0;
    double start = cpu_seconds(), used = 0;
    long games = 0, plies = 0;
    while (used < want) {
        for (int k = 0; k < 100; k++) {
            int a[54] = {0}, b[54];
            int *cur = a, *nxt = b;
            int player = 0, over = 0;
            while (!over) {
                int moves[54], n = 0;
                int sign = player ? -1 : 1;
                for (int i = 0; i < 54; i++)
                    if (cur[i] * sign >= 0)
                        moves[n++] = i;
                over = engine__interact(cur, nxt, moves[next() % n], player);
                int *t = cur;
                cur = nxt;
                nxt = t;
                player ^= 1;
                plies++;
            }
            games++;
        }
        used = cpu_seconds() - start;
    }
    printf("%ld %ld %.6f\n", games, plies, used);
    return 0;
}
