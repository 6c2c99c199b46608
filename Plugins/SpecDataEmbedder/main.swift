// Writes a Swift source file that carries a data file's bytes as a raw string literal.
//
// usage: spec-data-embedder INPUT OUTPUT
//
// A raw multi-line literal compiles in a fraction of the time a `[UInt8]` literal of the same
// size takes. Its delimiter gets one more `#` than the longest run of `#` in the file, so no
// sequence in the data can end the literal or start an interpolation. Text a multi-line literal
// cannot carry verbatim (carriage returns, which the compiler normalises, or bytes that are not
// UTF-8) falls back to a byte array.
import Foundation

/// Read by LeakSanitizer when the package is built with `--sanitize=address`: this tool runs
/// once per build and exits, and what Foundation keeps until exit is not a leak worth failing
/// the build over. Without a sanitizer nothing calls it.
@_cdecl("__lsan_default_options")
func leakSanitizerDefaultOptions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("detect_leaks=0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: spec-data-embedder INPUT OUTPUT\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])

let bytes: Data
do {
    bytes = try Data(contentsOf: input)
} catch {
    FileHandle.standardError.write(Data("error: cannot read \(input.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}

var source = """
    // Generated at build time from \(input.lastPathComponent) by spec-data-embedder. Do not edit.

    /// The data file the executable was built with.
    enum EmbeddedSpecData {

    """

if let text = String(data: bytes, encoding: .utf8), !text.contains("\r"), !text.contains("\0") {
    var longestRun = 0
    var run = 0
    for character in text.unicodeScalars {
        run = character == "#" ? run + 1 : 0
        longestRun = max(longestRun, run)
    }
    let hashes = String(repeating: "#", count: longestRun + 1)
    source += "    /// The file's exact text.\n"
    source += "    static let json: String = \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)\n"
} else {
    source += "    /// The file's exact bytes, decoded as UTF-8 with replacement.\n"
    source += "    static let json: String = String(decoding: bytes, as: UTF8.self)\n"
    source += "    private static let bytes: [UInt8] = [\n"
    source += bytes.map { String($0) }.joined(separator: ",")
    source += "\n    ]\n"
}
source += "}\n"

do {
    try Data(source.utf8).write(to: output, options: .atomic)
} catch {
    FileHandle.standardError.write(Data("error: cannot write \(output.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
