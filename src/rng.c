/*
 * rng.c - the seedable generator behind random positions.
 *
 * Generator: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", 2014, in Vigna's public-domain reference form; rng.h). The state is one 64-bit word;
 * each output adds the golden-ratio increment 0x9E3779B97F4A7C15 to the state and mixes it:
 *     z = state += 0x9E3779B97F4A7C15
 *     z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
 *     z = (z ^ (z >> 27)) * 0x94D049BB133111EB
 *     output z ^ (z >> 31)
 * Seeding sets the state to the seed itself. Everything is unsigned 64-bit arithmetic modulo
 * 2^64, so a seed gives the same sequence with every compiler, on every platform and byte
 * order. (Seed 0 gives 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, ...)
 *
 * Ranges without bias: x mod n favours small answers unless n divides 2^64. The outputs below
 * t = 2^64 mod n are rejected and the next one drawn; the accepted outputs t .. 2^64-1 are a
 * whole number of runs of n, so x mod n is exactly uniform. For n <= 6 a rejection happens
 * with probability below 2^-61, so in practice each range costs one output.
 *
 * Entropy: getrandom(2) on Linux, else /dev/urandom, read into the 64-bit seed. The generator
 * is a value the caller owns: the library keeps no state between calls.
 */
#include "rng.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#define RF_HAVE_GETRANDOM 1
#endif
#endif

void rf_rng_seed(rf_rng *rng, uint64_t seed) { rng->state = seed; }

uint64_t rf_rng_next(rf_rng *rng) { return rf__splitmix64(&rng->state); }

uint32_t rf_rng_below(rf_rng *rng, uint32_t n)
{
    if (n <= 1) return 0;
    uint64_t reject_below = (0 - (uint64_t)n) % n; /* 2^64 mod n */
    uint64_t x;
    do {
        x = rf_rng_next(rng);
    } while (x < reject_below);
    return (uint32_t)(x % n);
}

/* Fills buf with n bytes from the device; 1 on success. */
static int read_urandom(unsigned char *buf, size_t n)
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r <= 0) break;
        got += (size_t)r;
    }
    close(fd);
    return got == n;
}

rf_status rf_rng_seed_entropy(rf_rng *rng)
{
    unsigned char buf[8];
    int ok = 0;
#ifdef RF_HAVE_GETRANDOM
    ok = getrandom(buf, sizeof buf, 0) == (ssize_t)sizeof buf;
#endif
    if (!ok) ok = read_urandom(buf, sizeof buf);
    if (!ok) return RF_ERR_NOT_FOUND;
    uint64_t seed;
    memcpy(&seed, buf, sizeof seed);
    rf_rng_seed(rng, seed);
    return RF_OK;
}
