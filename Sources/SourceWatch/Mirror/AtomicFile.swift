import SystemSupport

/// Replaces a file so that a reader (or a restart after a crash) sees the old bytes or the new
/// ones, never a mixture: write a temporary file beside it, fsync it, rename it over the old
/// one, fsync the directory so the rename itself survives a power cut.
///
/// The temporary file has an unpredictable name and is created exclusively, never through a
/// symlink, so nobody who can write to the directory can make an update write elsewhere. Only
/// regular files are read or replaced: a FIFO or a device at the path is refused, not opened
/// for a read that would never end.
package enum AtomicFile {
    package struct WriteError: Error, CustomStringConvertible {
        package var description: String
    }

    /// How a read went.
    package enum ReadOutcome: Equatable {
        /// The whole file.
        case bytes([UInt8])
        /// Nothing is at the path.
        case missing
        /// Something is there but was not read: the reason, for the log.
        case refused(String)
    }

    /// The marker between a file's name and the random part of its temporary files' names.
    package static let temporaryMarker = ".tmp-"

    package static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        if let kind = nonRegularKind(at: path) {
            throw WriteError(description: "\(path) is \(kind), not a regular file; it is left as it is")
        }
        var temporary = ""
        let file = try createTemporary(beside: path, named: &temporary)
        do {
            try SystemFile.write(file.rawValue, bytes)
        } catch {
            file.close()
            SystemFile.remove(temporary)
            throw failure("cannot write \(temporary)", error)
        }
        do {
            try SystemFile.synchronize(file.rawValue)
        } catch {
            file.close()
            SystemFile.remove(temporary)
            throw failure("cannot fsync \(temporary)", error)
        }
        file.close()
        do {
            try SystemFile.rename(temporary, to: path)
        } catch {
            SystemFile.remove(temporary)
            throw failure("cannot rename \(temporary) to \(path)", error)
        }
        SystemFile.synchronizeDirectory(directoryName(path))
    }

    /// The whole file at `path` if it is a regular file no larger than `limit`.
    package static func read(_ path: String, limit: Int) -> ReadOutcome {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
        let file: FileDescriptor
        do {
            file = try SystemFile.open(path, .readOnlyNamedPath)
        } catch {
            return error.isNoSuchFile ? .missing : .refused("cannot open \(path): \(error.reason)")
        }
        guard let status = try? SystemFile.status(file.rawValue) else { return .refused("cannot stat \(path)") }
        guard status.kind == .regular else {
            return .refused("\(path) is \(kindName(status.kind)), not a regular file")
        }
        var bytes: [UInt8] = []
        while true {
            let count: Int
            do {
                count = try SystemFile.read(file.rawValue, appendingTo: &bytes, maximum: 1 << 16)
            } catch {
                return .refused("cannot read \(path): \(error.reason)")
            }
            if count == 0 { return .bytes(bytes) }
            if bytes.count > limit { return .refused("\(path) is larger than \(limit) bytes") }
        }
    }

    /// What is at `path` if it exists and is neither a regular file nor a symlink ("a FIFO"),
    /// without following a symlink; `nil` otherwise. A symlink is replaced by the rename, not
    /// written through.
    package static func nonRegularKind(at path: String) -> String? {
        guard let kind = SystemFile.kind(atPath: path) else { return nil }
        return kind == .regular || kind == .symlink ? nil : kindName(kind)
    }

    /// Removes the temporary files a killed process left beside `path` — this type's
    /// (`NAME.tmp-RANDOM`) and the older `NAME.PID.tmp` — and returns their names.
    @discardableResult
    package static func removeStaleTemporaries(beside path: String) -> [String] {
        let directory = directoryName(path)
        let base = baseName(path)
        guard let stream = DirectoryStream(path: directory) else { return [] }
        var removed: [String] = []
        for name in stream.names() {
            guard isTemporary(name, of: base) else { continue }
            let full = directory == "/" ? "/" + name : directory + "/" + name
            // Only files and symlinks, never a directory, and never through a symlink.
            guard nonRegularKind(at: full) == nil, SystemFile.remove(full) else { continue }
            removed.append(name)
        }
        return removed
    }

    /// Whether `name` is one of the temporary files of a file named `base` (or of `base.etag`).
    package static func isTemporary(_ name: String, of base: String) -> Bool {
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

    package static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Creates `PATH.tmp-RANDOM` exclusively: `O_EXCL` refuses any existing name, a planted
    /// symlink included, and `O_NOFOLLOW` says so twice. The 64 random bits come from the
    /// system's generator (getrandom), so the name cannot be guessed in advance.
    /// `temporary` is set to the name created.
    private static func createTemporary(beside path: String, named temporary: inout String) throws(WriteError)
        -> FileDescriptor
    {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let suffix = String(generator.next() as UInt64, radix: 16)
            temporary = path + temporaryMarker + suffix
            do {
                return try SystemFile.open(temporary, .createNew, permissions: 0o644)
            } catch {
                if !error.isExistingFile { throw failure("cannot create \(temporary)", error) }
            }
        }
        throw WriteError(description: "cannot create a temporary file beside \(path): every name tried exists")
    }

    private static func kindName(_ kind: FileKind) -> String {
        switch kind {
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .directory: "a directory"
        case .socket: "a socket"
        case .symlink: "a symlink"
        case .regular, .other: "not a regular file"
        }
    }

    private static func failure(_ what: String, _ error: SystemError) -> WriteError {
        WriteError(description: "\(what): \(error.reason)")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
