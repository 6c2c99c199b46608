// Unsafe: write(2) and read(2) take the wake bytes by address.
import Glibc

/// A pipe that wakes a thread sleeping in ``wait(seconds:)`` early: another thread calls
/// ``wake()``. A background thread that polls on a schedule (the source watcher, the upstream
/// mirror) sleeps on one, so stopping it or asking it to poll now need not wait out the delay.
///
/// Both ends are non-blocking; if the pipe cannot be made, ``wait(seconds:)`` returns at once,
/// and the thread polls without sleeping between polls only as often as its caller loops.
package final class WakePipe: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// A new pipe, both ends close-on-exec and non-blocking.
    package init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for descriptor in ends {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            }
        } else {
            ends = [-1, -1]
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the thread in ``wait(seconds:)``, or makes its next wait return at once.
    package func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// Sleeps until ``wake()`` is called or `seconds` have passed, then empties the pipe.
    package func wait(seconds: Double) {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        _ = Glibc.poll(&descriptor, 1, Int32(min(seconds * 1000, Double(Int32.max))))
        var drain = [UInt8](repeating: 0, count: 64)
        while drain.withUnsafeMutableBytes({ Glibc.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
