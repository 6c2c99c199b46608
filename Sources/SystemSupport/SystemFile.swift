// Unsafe: read(2), pread(2) and write(2) take bytes by address; readdir(3) hands out C structures.
import Glibc

/// What a path or a descriptor names, as `stat` reports it.
package enum FileKind: Sendable, Equatable {
    case regular, directory, fifo, characterDevice, blockDevice, socket, symlink, other

    init(mode: mode_t) {
        self =
            switch mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFIFO: .fifo
            case S_IFCHR: .characterDevice
            case S_IFBLK: .blockDevice
            case S_IFSOCK: .socket
            case S_IFLNK: .symlink
            default: .other
            }
    }
}

/// Calls on files by path or by descriptor number: open, examine, read, write, sync, rename.
/// `EINTR` is retried; every other failure is a ``SystemError`` whose ``SystemError/reason``
/// says why.
///
/// A descriptor number stays valid while its owner (a ``FileDescriptor``, or a caller that
/// holds it for the life of the process) keeps it open.
package enum SystemFile {
    /// Opens `path` with `flags`, close-on-exec, creating it with `permissions` if `flags` say so.
    package static func open(_ path: String, _ flags: Int32, permissions: mode_t = 0) throws(SystemError)
        -> FileDescriptor
    {
        FileDescriptor(taking: try blockingSyscall("open") { Glibc.open(path, flags | O_CLOEXEC, permissions) })
    }

    /// Opens `path` as `mode` says, close-on-exec, creating it with `permissions` if the mode
    /// creates.
    package static func open(_ path: String, _ mode: OpenMode, permissions: mode_t = 0) throws(SystemError)
        -> FileDescriptor
    {
        try open(path, mode.flags, permissions: permissions)
    }

    /// The kind and size of the file open at `descriptor` (`fstat`).
    package static func status(_ descriptor: Int32) throws(SystemError) -> (kind: FileKind, size: Int) {
        var status = stat()
        _ = try blockingSyscall("fstat") { fstat(descriptor, &status) }
        return (FileKind(mode: status.st_mode), Int(status.st_size))
    }

    /// The kind of what is at `path`, not following a symlink (`lstat`); `nil` if nothing is.
    package static func kind(atPath path: String) -> FileKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileKind(mode: status.st_mode)
    }

    /// Reads at most `maximum` bytes from `descriptor` onto the end of `bytes` and returns how
    /// many came: 0 at the end of the file.
    package static func read(_ descriptor: Int32, appendingTo bytes: inout [UInt8], maximum: Int) throws(SystemError)
        -> Int
    {
        try read(descriptor, appendingTo: &bytes, maximum: maximum, offset: nil)
    }

    /// Like ``read(_:appendingTo:maximum:)``, from `offset` in the file (`pread`), leaving the
    /// descriptor's own position alone.
    package static func read(_ descriptor: Int32, appendingTo bytes: inout [UInt8], maximum: Int, atOffset offset: Int)
        throws(SystemError) -> Int
    {
        try read(descriptor, appendingTo: &bytes, maximum: maximum, offset: offset)
    }

    private static func read(_ descriptor: Int32, appendingTo bytes: inout [UInt8], maximum: Int, offset: Int?)
        throws(SystemError) -> Int
    {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: maximum))
        var count = 0
        do {
            if let offset {
                count = try blockingSyscall("pread") {
                    bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + start, maximum, off_t(offset)) }
                }
            } else {
                count = try blockingSyscall("read") {
                    bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + start, maximum) }
                }
            }
        } catch {
            bytes.removeSubrange(start...)
            throw error
        }
        bytes.removeSubrange((start + count)...)
        return count
    }

    /// Writes every byte of `bytes` to `descriptor`, however many calls it takes.
    package static func write(_ descriptor: Int32, _ bytes: some Collection<UInt8>) throws(SystemError) {
        let contiguous = Array(bytes)
        var written = 0
        while written < contiguous.count {
            let count = try blockingSyscall("write") {
                contiguous[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            }
            // write(2) returns 0 for a nonzero count only on a file that cannot grow.
            if count == 0 { throw SystemError(call: "write", errno: ENOSPC) }
            written += count
        }
    }

    /// Flushes the file open at `descriptor` to its device (`fsync`).
    package static func synchronize(_ descriptor: Int32) throws(SystemError) {
        _ = try blockingSyscall("fsync") { fsync(descriptor) }
    }

    /// Flushes the directory at `path` to its device, so a rename in it survives a power cut; a
    /// directory that cannot be opened is left as it is.
    package static func synchronizeDirectory(_ path: String) {
        guard let directory = try? open(path, O_RDONLY | O_DIRECTORY) else { return }
        try? synchronize(directory.rawValue)
        directory.close()
    }

    /// Renames `source` to `target`, replacing what is there (`rename`).
    package static func rename(_ source: String, to target: String) throws(SystemError) {
        _ = try blockingSyscall("rename") { Glibc.rename(source, target) }
    }

    /// Removes the name `path` (`unlink`); `false` if it could not.
    @discardableResult
    package static func remove(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// The first 4 KiB of a small text file of /proc or /sys, or `nil` if it cannot be read.
    package static func smallText(atPath path: String) -> String? {
        guard let file = try? open(path, O_RDONLY) else { return nil }
        var bytes: [UInt8] = []
        guard let count = try? read(file.rawValue, appendingTo: &bytes, maximum: 4096), count > 0 else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// An open directory listed by name (`opendir`, `readdir`), with one owner that closes it.
package struct DirectoryStream: ~Copyable {
    private let stream: OpaquePointer

    /// Opens the directory at `path`; `nil` if it cannot be.
    package init?(path: String) {
        guard let stream = opendir(path) else { return nil }
        self.stream = stream
    }

    deinit {
        closedir(stream)
    }

    /// The names in the directory, `.` and `..` included, read afresh from its start.
    package func names() -> [String] {
        // rewinddir makes the next readdir list the directory afresh.
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                })
        }
        return names
    }
}

// @unchecked: the DIR has one owner (the value cannot be copied), so no two threads use it at once.
extension DirectoryStream: @unchecked Sendable {}

/// The ways a file outside the rooms is opened, so that no caller spells `open`'s flags.
package struct OpenMode: Sendable {
    /// `open`'s flags.
    let flags: Int32

    /// Reading (`O_RDONLY`).
    package static let readOnly = OpenMode(flags: O_RDONLY)
    /// Reading a path an operator named: a FIFO does not block the open and a terminal does not
    /// become the controlling one (`O_RDONLY | O_NONBLOCK | O_NOCTTY`).
    package static let readOnlyNamedPath = OpenMode(flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
    /// Writing a new file, refused when anything (a symlink included) is at the path
    /// (`O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW`).
    package static let createNew = OpenMode(flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
}
