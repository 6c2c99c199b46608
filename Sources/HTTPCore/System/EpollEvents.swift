// Unsafe: epoll_wait fills a C array of events by address.
// In HTTPCore, not SystemSupport: the engine's own epoll events, inlined into the loop's hot path.
import CLinuxSupport
import Glibc
import SystemSupport

/// The events one `epoll_wait` returns, in a buffer this value owns and reuses for every wait.
struct EpollEvents: ~Copyable {
    private let base: UnsafeMutablePointer<epoll_event>
    /// The most events one wait returns.
    let capacity: Int

    /// Room for `capacity` events per wait.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
        base.initialize(repeating: epoll_event(), count: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Waits on `epoll` up to `timeout` milliseconds (-1: forever) and returns how many events
    /// arrived (0 after a signal interrupted the wait); they are ``subscript(_:)`` `0..<count`.
    mutating func wait(on epoll: borrowing FileDescriptor, timeout: Int32) -> Int {
        Syscall.epollWait(epoll.rawValue, UnsafeMutableBufferPointer(start: base, count: capacity), timeout: timeout)
    }

    /// The event at `index`: the readiness flags and the data it was registered with.
    @inline(__always) subscript(index: Int) -> (events: UInt32, data: UInt64) {
        precondition(index >= 0 && index < capacity, "event index out of range")
        return (base[index].events, base[index].data.u64)
    }
}

/// The epoll flags and operations the loop names, so that the loop itself imports no C.
enum Epoll {
    /// `EPOLLIN`: readable, or a connection waiting on a listener.
    @inline(__always) static var readable: UInt32 { EPOLLIN.rawValue }
    /// `EPOLLOUT`: writable.
    @inline(__always) static var writable: UInt32 { EPOLLOUT.rawValue }
    /// `EPOLLHUP`: the peer hung up (reported whatever the interest).
    @inline(__always) static var hangUp: UInt32 { EPOLLHUP.rawValue }
    /// `EPOLLERR`: an error on the descriptor (reported whatever the interest).
    @inline(__always) static var error: UInt32 { EPOLLERR.rawValue }
    /// `EPOLL_CTL_ADD`: registers a descriptor.
    @inline(__always) static var add: Int32 { EPOLL_CTL_ADD }
    /// `EPOLL_CTL_MOD`: changes a registered descriptor's interest.
    @inline(__always) static var modify: Int32 { EPOLL_CTL_MOD }
}
