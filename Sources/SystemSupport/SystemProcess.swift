// Unsafe: environ is a C array of C strings, walked by pointer.
import Glibc

/// The process as the system sees it: its environment, its limits, its exit, its signals.
package enum SystemProcess {
    /// Ends the process with `status` (`exit`, which flushes C's buffers first).
    package static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// The environment as a dictionary (`environ`); an entry without `=` is left out.
    package static func environment() -> [String: String] {
        var environment: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return environment
    }

    /// Makes a write to a pipe or socket whose reader has gone fail with `EPIPE` instead of
    /// ending the process (`SIGPIPE` ignored).
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Bytes per memory page (`sysconf(_SC_PAGESIZE)`).
    package static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// Tells the kernel the whole pages inside `bytes`, read-only data of the executable, are not
    /// needed now (`madvise(MADV_DONTNEED)`): they leave the resident set, and a later read
    /// faults them in again from the file. Returns the bytes released.
    @discardableResult
    package static func releasePages(of bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let page = pageSize
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + bytes.count) & ~(page - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start),
            madvise(pointer, end - start, MADV_DONTNEED) == 0
        else { return 0 }
        return end - start
    }

    /// ``releasePages(of:)`` for the UTF-8 bytes of a string held in the executable's read-only
    /// data (a string literal), such as the embedded data file once the store is loaded from it.
    /// A string without contiguous UTF-8 storage releases nothing. Returns the bytes released.
    @discardableResult
    package static func releasePages(ofLiteral text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable { releasePages(of: UnsafeRawBufferPointer($0)) } ?? 0
    }

    /// Clock ticks per second, the unit of `/proc`'s CPU times (`sysconf(_SC_CLK_TCK)`).
    package static var clockTicksPerSecond: Int { Int(sysconf(Int32(_SC_CLK_TCK))) }

    /// The most descriptors the process may hold open (`RLIMIT_NOFILE`'s soft limit), or `nil`
    /// when the system does not say.
    package static var openFileLimit: Int? {
        var limit = rlimit()
        // RLIMIT_NOFILE as the type getrlimit takes (an enum in Glibc's headers).
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return Int(limit.rlim_cur)
    }
}

/// Blocking reads and writes on a stream a client holds the other end of (standard input and
/// output of `spec-server mcp`): every failure, a closed descriptor included, is the client's
/// doing, so each is reported and none traps.
package enum ClientStream {
    /// Whether `descriptor` is open (a client may start the process with it closed).
    package static func isOpen(_ descriptor: Int32) -> Bool {
        fcntl(descriptor, F_GETFD) != -1
    }

    /// Writes all of `bytes`, retrying `EINTR`; `false` on any failure (`EPIPE`, `EBADF`, …).
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Reads at most `maximum` bytes onto the end of `bytes`, retrying `EINTR`: how many came,
    /// 0 at end of input, negative on a failure.
    package static func read(_ descriptor: Int32, appendingTo bytes: inout [UInt8], maximum: Int) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: maximum))
        var count: Int
        repeat {
            count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + start, maximum) }
        } while count < 0 && errno == EINTR
        bytes.removeLast(maximum - max(count, 0))
        return count
    }

    /// What waiting for input found.
    package enum Readiness: Sendable {
        /// Input (or its end) is there to read.
        case input
        /// The watched output failed: its reader is gone, or it is closed.
        case outputClosed
        /// The wait itself failed.
        case failed
    }

    /// Waits until `input` has something to read (or has ended) or `output` fails (`POLLERR`
    /// on a pipe whose reader is gone, `POLLNVAL` on a closed descriptor), retrying `EINTR`.
    package static func waitForInput(_ input: Int32, watching output: Int32) -> Readiness {
        var watched = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: output, events: 0, revents: 0),
        ]
        while poll(&watched, 2, -1) < 0 {
            guard errno == EINTR else { return .failed }
        }
        if watched[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .outputClosed }
        return .input
    }
}
