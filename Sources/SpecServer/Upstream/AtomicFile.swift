// Unsafe: open(2), read(2), write(2), fstat(2) and readdir(3) take paths and bytes by address.
import Glibc

/// Replaces a file so that a reader (or a restart after a crash) sees the old bytes or the new
/// ones, never a mixture: write a temporary file beside it, fsync it, rename it over the old
/// one, fsync the directory so the rename itself survives a power cut.
///
/// The temporary file has an unpredictable name and is created exclusively, never through a
/// symlink, so nobody who can write to the directory can make an update write elsewhere. Only
/// regular files are read or replaced: a FIFO or a device at the path is refused, not opened
/// for a read that would never end.
enum AtomicFile {
    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    /// How a read went.
    enum ReadOutcome: Equatable {
        /// The whole file.
        case bytes([UInt8])
        /// Nothing is at the path.
        case missing
        /// Something is there but was not read: the reason, for the log.
        case refused(String)
    }

    /// The marker between a file's name and the random part of its temporary files' names.
    static let temporaryMarker = ".tmp-"

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        if let kind = nonRegularKind(at: path) {
            throw WriteError(description: "\(path) is \(kind), not a regular file; it is left as it is")
        }
        let (descriptor, temporary) = try createTemporary(beside: path)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("cannot write \(temporary)")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("cannot fsync \(temporary)")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure("cannot rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
        let directory = open(directoryName(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// The whole file at `path` if it is a regular file no larger than `limit`.
    static func read(_ path: String, limit: Int) -> ReadOutcome {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .missing : .refused("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .refused("cannot stat \(path)") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .refused("\(path) is \(kindName(status.st_mode)), not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .refused("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return .bytes(bytes) }
            bytes += chunk[0..<count]
            if bytes.count > limit { return .refused("\(path) is larger than \(limit) bytes") }
        }
    }

    /// What is at `path` if it exists and is neither a regular file nor a symlink ("a FIFO"),
    /// without following a symlink; `nil` otherwise. A symlink is replaced by the rename, not
    /// written through.
    static func nonRegularKind(at path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        return type == S_IFREG || type == S_IFLNK ? nil : kindName(status.st_mode)
    }

    /// Removes the temporary files a killed process left beside `path` — this type's
    /// (`NAME.tmp-RANDOM`) and the older `NAME.PID.tmp` — and returns their names.
    @discardableResult
    static func removeStaleTemporaries(beside path: String) -> [String] {
        let directory = directoryName(path)
        let base = baseName(path)
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var removed: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard isTemporary(name, of: base) else { continue }
            let full = directory == "/" ? "/" + name : directory + "/" + name
            // Only files and symlinks, never a directory, and never through a symlink.
            guard nonRegularKind(at: full) == nil, unlink(full) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }

    /// Whether `name` is one of the temporary files of a file named `base` (or of `base.etag`).
    static func isTemporary(_ name: String, of base: String) -> Bool {
        for owner in [base, base + ".etag"] {
            guard name.hasPrefix(owner + ".") else { continue }
            let rest = name.dropFirst(owner.count)
            if rest.hasPrefix(temporaryMarker) && rest.count > temporaryMarker.count { return true }
            // The older scheme: NAME.PID.tmp.
            let middle = rest.dropFirst().dropLast(4)
            if rest.hasSuffix(".tmp") && !middle.isEmpty && middle.allSatisfy(\.isASCIIDigit) { return true }
        }
        return false
    }

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Creates `PATH.tmp-RANDOM` exclusively: `O_EXCL` refuses any existing name, a planted
    /// symlink included, and `O_NOFOLLOW` says so twice. The 64 random bits come from the
    /// system's generator (getrandom), so the name cannot be guessed in advance.
    private static func createTemporary(beside path: String) throws(WriteError) -> (Int32, String) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let suffix = String(generator.next() as UInt64, radix: 16)
            let temporary = path + temporaryMarker + suffix
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { throw failure("cannot create \(temporary)") }
        }
        throw WriteError(description: "cannot create a temporary file beside \(path): every name tried exists")
    }

    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symlink"
        default: "not a regular file"
        }
    }

    private static func failure(_ what: String) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
