import Foundation
import Glibc
import Testing

@testable import SourceWatch

/// The mirror's cache file: replaced whole or not at all, never through a symlink, and only a
/// regular file read.
@Suite struct AtomicFileTests {
    private func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }

    @Test func replacesTheFileAndLeavesNoTemporary() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/cache.json"
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(Array("new contents".utf8), to: path)
        #expect(AtomicFile.read(path, limit: 100) == .bytes(Array("new contents".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["cache.json"])
    }

    @Test func readRefusesAFileOverTheLimit() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try AtomicFile.write([UInt8](repeating: 1, count: 70_000), to: directory + "/big")
        #expect(
            AtomicFile.read(directory + "/big", limit: 69_999)
                == .refused("\(directory)/big is larger than 69999 bytes"))
        #expect(AtomicFile.read(directory + "/big", limit: 70_000) == .bytes([UInt8](repeating: 1, count: 70_000)))
    }

    @Test func aWriteIntoAMissingDirectoryThrowsAndNamesIt() {
        #expect {
            try AtomicFile.write([1], to: "/nonexistent-directory/cache.json")
        } throws: { error in
            "\(error)".contains("/nonexistent-directory/cache.json")
        }
    }

    @Test func temporaryNamesAreUnpredictableAndCreatedExclusively() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/file"
        try AtomicFile.write(Array("one".utf8), to: path)
        try AtomicFile.write(Array("two".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file"])
        // A symlink at the target is replaced, not written through.
        let victim = directory + "/victim"
        try Data("untouched".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.removeItem(atPath: path)
        #expect(symlink(victim, path) == 0)
        try AtomicFile.write(Array("three".utf8), to: path)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "three")
    }

    @Test func aDeviceIsNeverReadAsTheCache() {
        #expect(
            AtomicFile.read("/dev/zero", limit: 1024) == .refused("/dev/zero is a character device, not a regular file")
        )
        #expect(AtomicFile.read("/nonexistent/specs.json", limit: 1024) == .missing)
        #expect(AtomicFile.nonRegularKind(at: "/dev/null") == "a character device")
    }
}
