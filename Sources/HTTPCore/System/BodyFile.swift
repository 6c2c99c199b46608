// Unsafe: maps pages of a memory file into the process and hands their addresses out.
// In HTTPCore, not SystemSupport: the engine's own body memory, inlined into the loop's hot path.
import CLinuxSupport
import Glibc
import SystemSupport

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

    /// A new ``Chunk``, or `nil` if the file cannot grow or the chunk cannot be mapped.
    ///
    /// - Parameter counter: counts the chunk while it is mapped.
    func allocateChunk(counter: Locked<Int>) -> Chunk? {
        let size = Chunk.size
        let offset: Int64? = end.withLock { end in
            // Aligned in the file as in memory, or no huge page can hold it; the gap is a hole.
            let start = (end + Int64(size) - 1) / Int64(size) * Int64(size)
            guard ftruncate(descriptor, off_t(start) + off_t(size)) == 0 else { return nil }
            end = start + Int64(size)
            return start
        }
        guard let offset else { return nil }
        // Reserve twice the size, then map the file over the aligned half and give back the rest.
        let reservation = mmap(nil, 2 * size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let reservation, reservation != MAP_FAILED else {
            _ = clinux_punch_hole(descriptor, offset, Int64(size))
            return nil
        }
        let lead = (size - Int(bitPattern: UInt(bitPattern: reservation)) % size) % size
        let aligned = reservation + lead
        if lead > 0 { _ = munmap(reservation, lead) }
        _ = munmap(aligned + size, size - lead)
        let address = mmap(aligned, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, descriptor, off_t(offset))
        guard let address, address != MAP_FAILED else {
            _ = munmap(aligned, size)
            _ = clinux_punch_hole(descriptor, offset, Int64(size))
            return nil
        }
        // A huge page needs a page present to start from; without one (THP compiled out, or no
        // free 2 MiB of physical memory) the chunk keeps ordinary pages and works the same.
        address.storeBytes(of: 0, as: UInt8.self)
        _ = clinux_collapse_huge(address, size)
        counter.withLock { $0 += 1 }
        return Chunk(
            file: self, bytes: UnsafeMutableRawBufferPointer(start: address, count: size), offset: offset,
            counter: counter)
    }

    /// 2 MiB of the file, at an offset and an address aligned to 2 MiB, which the kernel backs with
    /// one huge page where it can: `sendfile` then finds all of a body's pages in one lookup rather
    /// than one per 4 KiB, which is most of what serving a large body from the file costs beyond
    /// the socket itself. ``BodyArena`` packs several responses into one; it is unmapped and
    /// punched out of the file when the last of them goes.
    final class Chunk: @unchecked Sendable {
        /// A huge page's size on x86-64 and on arm64 with 4 KiB pages.
        static let size = 2 << 20

        private let file: BodyFile
        private let counter: Locked<Int>
        /// The mapping, written by ``BodyArena`` one disjoint range at a time, read afterwards.
        let bytes: UnsafeMutableRawBufferPointer
        /// Where the chunk starts in the file.
        let offset: Int64

        fileprivate init(file: BodyFile, bytes: UnsafeMutableRawBufferPointer, offset: Int64, counter: Locked<Int>) {
            self.file = file
            self.counter = counter
            self.bytes = bytes
            self.offset = offset
        }

        deinit {
            file.release(bytes, offset: offset)
            counter.withLock { $0 -= 1 }
        }
    }
}
