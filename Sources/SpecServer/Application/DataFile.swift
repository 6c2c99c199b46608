import SpecStore
import SystemSupport

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
        let file: FileDescriptor
        do {
            file = try SystemFile.open(path, .readOnlyNamedPath)
        } catch {
            throw refuse("cannot open the file: \(error.reason)")
        }
        let kind: FileKind
        let size: Int
        do {
            (kind, size) = try SystemFile.status(file.rawValue)
        } catch {
            throw refuse("cannot examine the file: \(error.reason)")
        }
        guard kind == .regular else {
            let what =
                switch kind {
                case .directory: "a directory"
                case .fifo: "a FIFO"
                case .characterDevice, .blockDevice: "a device"
                case .socket: "a socket"
                default: "not a regular file"
                }
            throw refuse("the path names \(what); only a regular file is read")
        }
        guard size <= limit else {
            throw refuse("the file has \(size) bytes, more than the \(limit) --max-data-bytes allows")
        }
        let deadline = SystemClock.monotonicNanoseconds() + readDeadlineNanoseconds
        var bytes: [UInt8] = []
        // Room for the size and the read that finds the end, so a file read whole is read into
        // one allocation; one that grew while it was read is read on, not cut.
        bytes.reserveCapacity(size + (1 << 16))
        while true {
            if SystemClock.monotonicNanoseconds() > deadline {
                throw refuse("reading the file took longer than \(readDeadlineNanoseconds / 1_000_000_000) s")
            }
            let got: Int
            do {
                got = try SystemFile.read(
                    file.rawValue, appendingTo: &bytes,
                    maximum: min(1 << 20, max(bytes.capacity - bytes.count, 1 << 16)))
            } catch {
                throw refuse("cannot read the file: \(error.reason)")
            }
            if got == 0 { break }
            if bytes.count > limit {
                throw refuse("the file grew past the \(limit) bytes --max-data-bytes allows while it was read")
            }
        }
        return bytes
    }
}
