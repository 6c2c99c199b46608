// The Linux calls Glibc's Swift overlay does not expose: epoll, eventfd, signalfd, accept4,
// CPU affinity, memfd, hole punching, huge-page collapse, sendfile. Each wrapper is one call; errno is left for the Swift side to read at once.
#ifndef C_LINUX_SUPPORT_H
#define C_LINUX_SUPPORT_H

// No _GNU_SOURCE here: it would make these declarations differ from Glibc's Swift module.
// shim.c defines it for the calls that need it.
#include <stddef.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>

/// `accept4` with a plain `struct sockaddr *`: Glibc declares it with the `__SOCKADDR_ARG`
/// transparent union, which Swift cannot pass `nil` to.
int clinux_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/// The number of CPUs in this thread's affinity mask (`CPU_COUNT` is a macro), or -1.
int clinux_affinity_cpu_count(void);

/// The calling thread's `errno`, read through a function so no Swift code runs in between.
int clinux_errno(void);

/// Blocks SIGTERM, SIGINT and SIGHUP in the calling thread (threads created later inherit the
/// mask) and returns a non-blocking signalfd that reports them, or -1.
int clinux_signalfd_for_shutdown_and_reload(void);

/// Unblocks the signals `clinux_signalfd_for_shutdown_and_reload` blocked.
void clinux_unblock_shutdown_and_reload(void);

/// Ignores SIGPIPE process-wide: a write to a reset socket must return EPIPE, not kill us.
void clinux_ignore_sigpipe(void);

/// Monotonic time in nanoseconds (vDSO, no syscall).
int64_t clinux_monotonic_nanoseconds(void);

/// `malloc_usable_size`: the bytes `malloc` reserved for `pointer` (<malloc.h>).
size_t clinux_malloc_usable_size(void *pointer);

/// `malloc_trim(0)`: returns free heap memory to the kernel; returns whether any was released.
int clinux_malloc_trim(void);

/// `memfd_create(name, MFD_CLOEXEC)`: an anonymous file in memory, or -1.
int clinux_memfd_create(const char *name);

/// Frees the pages of `[offset, offset + length)` in `fd`, keeping its size (`fallocate` with
/// `FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE`); returns 0 or -1.
int clinux_punch_hole(int fd, int64_t offset, int64_t length);

/// `madvise(address, length, MADV_COLLAPSE)`: asks the kernel to back the range with huge pages
/// now, whatever the system's transparent-huge-page setting (Linux 6.1). 0, or -1 with errno set.
int clinux_collapse_huge(void *address, size_t length);

/// `sendfile(out, in, &offset, count)`: sends `count` bytes of `in` from `offset` without
/// copying them through user memory; returns the bytes sent or -1.
long clinux_sendfile(int out, int in, int64_t offset, size_t count);

#endif
