// An LD_PRELOAD shim that counts malloc/calloc/realloc calls and prints the count to stderr
// on SIGUSR1; allocations.sh uses it to show the engine allocates nothing per request.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static atomic_long count;
extern void *__libc_malloc(size_t); extern void *__libc_calloc(size_t, size_t); extern void *__libc_realloc(void *, size_t);
void *malloc(size_t n) { atomic_fetch_add(&count, 1); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { atomic_fetch_add(&count, 1); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { atomic_fetch_add(&count, 1); return __libc_realloc(p, n); }
static void report(int sig) { char buf[64]; int len = snprintf(buf, sizeof buf, "mallocs=%ld\n", atomic_load(&count)); write(2, buf, len); }
__attribute__((constructor)) static void init(void) { signal(SIGUSR1, report); }
