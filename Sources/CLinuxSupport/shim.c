#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <errno.h>
#include <malloc.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <linux/falloc.h>

#include "CLinuxSupport.h"

int clinux_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

int clinux_affinity_cpu_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) {
        return -1;
    }
    return CPU_COUNT(&set);
}

int clinux_errno(void) {
    return errno;
}

static void shutdown_and_reload_set(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGHUP);
}

int clinux_signalfd_for_shutdown_and_reload(void) {
    sigset_t set;
    shutdown_and_reload_set(&set);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) {
        return -1;
    }
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

void clinux_unblock_shutdown_and_reload(void) {
    sigset_t set;
    shutdown_and_reload_set(&set);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void clinux_ignore_sigpipe(void) {
    signal(SIGPIPE, SIG_IGN);
}

int64_t clinux_monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

size_t clinux_malloc_usable_size(void *pointer) {
    return malloc_usable_size(pointer);
}

int clinux_malloc_trim(void) {
    return malloc_trim(0);
}

int clinux_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

int clinux_punch_hole(int fd, int64_t offset, int64_t length) {
    return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset, length);
}

int clinux_collapse_huge(void *address, size_t length) {
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif
    return madvise(address, length, MADV_COLLAPSE);
}

long clinux_sendfile(int out, int in, int64_t offset, size_t count) {
    off_t position = offset;
    return sendfile(out, in, &position, count);
}
