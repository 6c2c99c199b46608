// Unsafe: maps pages of a memory file into the process and hands their addresses out.
import CLinuxSupport
import Glibc

/// One anonymous memory file (`memfd`) holding the large prepared responses, so a connection
/// sends their bodies with `sendfile`: the kernel passes the file's pages to the socket instead
/// of copying every body into every socket buffer, as a file server does.
///
/// Each response gets its own page-aligned range, mapped into the process for writing it once
/// and for copying its head; releasing the range unmaps it and punches it out of the file, so
/// its memory goes back at once. Pages a socket still sends keep their contents until sent (the
/// kernel holds references to them). Ranges are never reused; the file's size only grows, but
/// holes cost nothing.
final class BodyFile: Sendable {
    /// The process's body file, or `nil` where memory files are unavailable (large responses
    /// are then kept in `malloc`ed memory and sent from there).
    static let shared: BodyFile? = BodyFile()

    /// The memory file; open for the life of the process.
    private let file: FileDescriptor
    private let end = Locked<Int64>(0)
    private let pageSize: Int

    /// The memory file's descriptor, for `sendfile`.
    var descriptor: Int32 { file.rawValue }

    private init?() {
        let descriptor = clinux_memfd_create("prepared-responses")
        guard descriptor >= 0 else { return nil }
        // Under a file-size limit (RLIMIT_FSIZE) growing the file past it must fail with EFBIG,
        // so the response falls back to ordinary memory, not raise SIGXFSZ and end the process.
        _ = signal(SIGXFSZ, SIG_IGN)
        self.file = FileDescriptor(taking: descriptor)
        self.pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
    }

    /// A writable mapping of a new range of at least `count` bytes, and where it starts in the
    /// file; `nil` if the file cannot grow or the range cannot be mapped.
    func allocate(_ count: Int) -> (bytes: UnsafeMutableRawBufferPointer, offset: Int64)? {
        let length = (count + pageSize - 1) / pageSize * pageSize
        let offset: Int64? = end.withLock { end in
            let start = end
            guard ftruncate(descriptor, off_t(start) + off_t(length)) == 0 else { return nil }
            end = start + Int64(length)
            return start
        }
        guard let offset else { return nil }
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset))
        guard let address, address != MAP_FAILED else {
            _ = clinux_punch_hole(descriptor, offset, Int64(length))
            return nil
        }
        return (UnsafeMutableRawBufferPointer(start: address, count: length), offset)
    }

    /// Gives back a range from ``allocate(_:)``: unmapped, and its pages freed.
    func release(_ bytes: UnsafeMutableRawBufferPointer, offset: Int64) {
        _ = munmap(bytes.baseAddress, bytes.count)
        _ = clinux_punch_hole(descriptor, offset, Int64(bytes.count))
    }
}
