// Unsafe: read(2) writes the data file straight into an array's storage.
import Glibc
import SpecStore

/// Reads the data file for a load or a reload, so that a bad path cannot hurt the server:
/// only a regular file is read (a FIFO would block, `/dev/zero` never ends, a directory is no
/// file), never more than a size limit, and within a deadline.
enum DataFile {
    /// How long reading may take before the load is refused.
    static let readDeadlineNanoseconds: Int64 = 10_000_000_000

    /// The file's bytes.
    ///
    /// - Throws: ``SpecStoreError`` `unreadable`, saying why, for anything but a regular file
    ///   of at most `limit` bytes read within ``readDeadlineNanoseconds``.
    static func read(_ path: String, limit: Int) throws(SpecStoreError) -> [UInt8] {
        func refuse(_ message: String) -> SpecStoreError {
            SpecStoreError(code: .unreadable, file: path, jsonPath: "$", message: message)
        }
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            throw refuse("cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw refuse("cannot examine the file: \(String(cString: strerror(errno)))")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let what =
                switch kind {
                case S_IFDIR: "a directory"
                case S_IFIFO: "a FIFO"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw refuse("the path names \(what); only a regular file is read")
        }
        let size = Int(status.st_size)
        guard size <= limit else {
            throw refuse("the file has \(size) bytes, more than the \(limit) --max-data-bytes allows")
        }
        let deadline = monotonicNanoseconds() + readDeadlineNanoseconds
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if monotonicNanoseconds() > deadline {
                throw refuse("reading the file took longer than \(readDeadlineNanoseconds / 1_000_000_000) s")
            }
            let wanted = min(bytes.count - count, 1 << 20)
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                throw refuse("cannot read the file: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            count += got
            if count > limit {
                throw refuse("the file grew past the \(limit) bytes --max-data-bytes allows while it was read")
            }
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 1 << 16)) }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
