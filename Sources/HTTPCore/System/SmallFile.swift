// Unsafe: read(2) fills a byte array through its address.
import Glibc

/// Reads small text files from /proc and /sys.
enum SmallFile {
    /// The first 4 KiB of the file at `path`, or `nil` if it cannot be read.
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { _ = Glibc.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }
}
