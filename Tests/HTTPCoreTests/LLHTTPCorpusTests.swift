import Foundation
import Testing

@testable import HTTPCore

/// One request vector of the llhttp test corpus (`Fixtures/llhttp`, MIT, see its LICENSE).
struct LLHTTPVector: CustomTestStringConvertible, Sendable {
    let file: String
    let title: String
    let bytes: [UInt8]
    /// llhttp's log for this vector reports an error.
    let llhttpRejects: Bool

    var testDescription: String { "\(file): \(title)" }

    /// Every strict (`"type": "request"`) vector of every fixture file.
    static func all() -> [LLHTTPVector] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/llhttp")
        let files =
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasSuffix(".md") }
            .sorted() ?? []
        return files.flatMap { file -> [LLHTTPVector] in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
                return []
            }
            return vectors(in: text, file: file)
        }
    }

    /// Reads the vectors of one file: a `### title`, a `<!-- meta=... -->` line whose type is
    /// exactly `request`, an ```` ```http ```` block, and a ```` ```log ```` block.
    static func vectors(in text: String, file: String) -> [LLHTTPVector] {
        var result: [LLHTTPVector] = []
        let lines = text.components(separatedBy: "\n")
        var title = ""
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("#") { title = line.trimmingCharacters(in: CharacterSet(charactersIn: "# ")) }
            guard line.hasPrefix("<!-- meta="), line.contains("\"type\": \"request\""),
                index + 1 < lines.count, lines[index + 1] == "```http"
            else {
                index += 1
                continue
            }
            var body: [String] = []
            index += 2
            while index < lines.count && lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            // The log block follows; llhttp rejects the vector iff it logs an error.
            var rejects = false
            while index < lines.count && !lines[index].hasPrefix("```log") { index += 1 }
            index += 1
            while index < lines.count && lines[index] != "```" {
                if lines[index].contains("error code=") { rejects = true }
                index += 1
            }
            result.append(
                LLHTTPVector(
                    file: file, title: title, bytes: decode(body.joined(separator: "\n") + "\n"), llhttpRejects: rejects
                ))
        }
        return result
    }

    /// Decodes a block as llhttp's test runner does: drop the final newline, join escaped
    /// newlines, make newlines CRLF, then expand `\r \n \t \f \xHH` and octal `\NNN`.
    static func decode(_ block: String) -> [UInt8] {
        var text = block
        if text.hasSuffix("\n") { text.removeLast() }
        text = text.replacingOccurrences(of: "\\\n", with: "")
        text = text.replacingOccurrences(of: "\n", with: "\r\n")
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < source.count {
            let byte = source[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < source.count else {
                bytes.append(byte)
                index += 1
                continue
            }
            let next = source[index + 1]
            switch next {
            case UInt8(ascii: "r"):
                bytes.append(0x0D)
                index += 2
            case UInt8(ascii: "n"):
                bytes.append(0x0A)
                index += 2
            case UInt8(ascii: "t"):
                bytes.append(0x09)
                index += 2
            case UInt8(ascii: "f"):
                bytes.append(0x0C)
                index += 2
            case UInt8(ascii: "x"):
                let hex = String(decoding: source[(index + 2)..<min(index + 4, source.count)], as: UTF8.self)
                bytes.append(UInt8(hex, radix: 16) ?? 0)
                index += 4
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var end = index + 1
                while end < source.count && end < index + 4
                    && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(source[end])
                {
                    end += 1
                }
                bytes.append(
                    UInt8(
                        truncatingIfNeeded: Int(String(decoding: source[(index + 1)..<end], as: UTF8.self), radix: 8)
                            ?? 0))
                index = end
            default:
                bytes.append(byte)
                index += 1
            }
        }
        return bytes
    }
}

/// The application for the corpus: every route takes a body, so only framing decides. It
/// answers with the method token it was handed.
struct CorpusApplication: HTTPApplication {
    func bodyLimit(for request: borrowing HTTPRequest) -> Int { 1 << 20 }
    func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: .ok, body: Array(request.methodName))
    }
}

@Suite struct LLHTTPCorpusTests {
    static let vectors = LLHTTPVector.all()

    @Test func corpusIsPresentAndComplete() {
        // 118 strict vectors, 63 of them errors, in llhttp 01e105a30fd0's request tests.
        #expect(Self.vectors.count >= 110)
        #expect(Self.vectors.filter(\.llhttpRejects).count >= 55)
    }

    /// Every vector llhttp rejects gets an error status and a close; every vector it accepts
    /// is answered (a request llhttp accepts may still break an RFC rule we enforce, like a
    /// missing Host: then it gets a 4xx, which is still an answer).
    @Test(arguments: vectors)
    func vectorIsRejectedOrAnswered(_ vector: LLHTTPVector) {
        let driver = ConnectionDriver(application: CorpusApplication())
        driver.send(vector.bytes)
        let responses = driver.responses()
        if vector.llhttpRejects {
            if let first = responses.first(where: { $0.status >= 400 }) {
                #expect(first.header("Connection") == "close")
                #expect(driver.shutDown || driver.closed)
            } else if driver.shutDown || driver.closed {
                // llhttp flags bytes after a request that closes the connection; we answer
                // that request and close without reading further (RFC 9112 §9.6).
                #expect(responses.last?.header("Connection") == "close")
            } else {
                // The bytes end before the fault shows to a parser that waits for a whole
                // head (llhttp checks line by line). Completing the head must expose it.
                driver.send("\r\n\r\n")
                let status = driver.responses().last?.status ?? 0
                #expect(status >= 400, "answered \(driver.responses().map(\.status)) once the head was complete")
                #expect(driver.shutDown || driver.closed)
            }
        } else {
            #expect(!responses.isEmpty, "a request llhttp accepts got no answer")
        }
    }

    /// The method vectors llhttp accepts whose request line breaks a rule we hold to, by
    /// request line, with the status they get and the rule.
    static let refusedMethodVectors: [String: (status: Int, rule: String)] = [
        "REPORT /test HTTP/1.1": (400, "RFC 9112 §3.2: HTTP/1.1 without Host"),
        "M-SEARCH * HTTP/1.1": (400, "RFC 9112 §3.2.4: asterisk-form is for OPTIONS only"),
        "SOURCE /music/sweet/music ICE/1.0": (400, "RFC 9112 §2.3: the protocol name is HTTP"),
        "OPTIONS /music/sweet/music RTSP/1.0": (400, "RFC 9112 §2.3: the protocol name is HTTP"),
        "ANNOUNCE /music/sweet/music RTSP/1.0": (400, "RFC 9112 §2.3: the protocol name is HTTP"),
    ]

    static let acceptedMethodVectors = vectors.filter { $0.file == "method.md" && !$0.llhttpRejects }

    /// Every method vector llhttp accepts reaches the application under its own token — PURGE,
    /// LINK, QUERY and the rest are methods (RFC 9110 §9.1), for the application to answer —
    /// unless its request line breaks one of the rules above.
    @Test(arguments: acceptedMethodVectors)
    func methodVectorReachesTheApplication(_ vector: LLHTTPVector) {
        let driver = ConnectionDriver(application: CorpusApplication())
        driver.send(vector.bytes)
        let first = driver.responses().first
        let token = String(decoding: vector.bytes.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)
        let line = String(decoding: vector.bytes.prefix { $0 != 0x0D }, as: UTF8.self)
        if let refusal = Self.refusedMethodVectors[line] {
            #expect(first?.status == refusal.status, "\(refusal.rule)")
        } else {
            #expect(first?.status == 200)
            #expect(first?.bodyText == token, "the application saw the method as sent")
        }
    }

    @Test func methodVectorsCoverMethodsTheEngineDoesNotName() {
        let answered = Self.acceptedMethodVectors.map {
            String(decoding: $0.bytes.prefix { $0 != 0x0D }, as: UTF8.self)
        }.filter { Self.refusedMethodVectors[$0] == nil }
        #expect(answered.count >= 6)
        #expect(answered.contains { $0.hasPrefix("QUERY ") } && answered.contains { $0.hasPrefix("PURGE ") })
    }
}
