import JSON
import SpecStore

@testable import HTTPCore
@testable import SpecServer

/// A response taken apart for assertions.
struct Answer {
    var status: Int
    /// Header fields, names lower-cased; a repeated field keeps its last value.
    var headers: [String: String]
    var body: [UInt8]
    /// Every header field line in order, repeated names included (`Spec-Note`, one per note).
    var fieldLines: [(name: String, value: String)] = []
    /// Whether the application deferred the answer to an answer thread (the harness computes it).
    var wasDeferred = false

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONValue.parse(body) }
    subscript(header name: String) -> String? { headers[name.lowercased()] }

    /// The values of every field line named `name` (case-insensitive), in order.
    func values(header name: String) -> [String] {
        fieldLines.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}

/// Calls an application as the engine would, without sockets.
struct ApplicationHarness {
    let application: SpecApplication

    /// An application serving the data file the tests ship, loaded once for the whole run.
    static let shared: ApplicationHarness = {
        let application = SpecApplication(configuration: ServerConfiguration()) { _ in }
        try! application.load()
        return ApplicationHarness(application: application)
    }()

    func request(
        _ method: HTTPMethod = .get, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) -> Answer {
        // One buffer holds the target, then every header name and value, as the engine's read
        // buffer would.
        var buffer = Array(target.utf8)
        var ranges: [FieldRange] = []
        for (name, value) in headers {
            let nameStart = buffer.count
            buffer += name.utf8
            let valueStart = buffer.count
            buffer += value.utf8
            ranges.append(
                FieldRange(
                    nameStart: UInt32(nameStart), nameLength: UInt32(name.utf8.count), valueStart: UInt32(valueStart),
                    valueLength: UInt32(value.utf8.count)))
        }
        let targetLength = target.utf8.count
        let question = target.utf8.firstIndex(of: UInt8(ascii: "?")).map {
            target.utf8.distance(from: target.utf8.startIndex, to: $0)
        }
        let raw = buffer.span
        let request = HTTPRequest(
            method: method,
            target: HTTPBytes(raw.extracting(0..<targetLength)),
            path: HTTPBytes(raw.extracting(0..<(question ?? targetLength))),
            query: HTTPBytes(raw.extracting(((question ?? targetLength - 1) + 1)..<targetLength)),
            hasQuery: question != nil,
            headers: HTTPHeaders(base: raw, fields: ranges.span),
            body: HTTPBytes(body.span))
        return Self.takeApart(application.respond(to: request), head: method == .head)
    }

    /// Parses `raw` with the engine's own parser and calls the application with it, for
    /// requests the harness's builder cannot express (a method token the engine does not name).
    func request(raw: String) throws -> Answer {
        try HTTPRequest.withParsed(Array(raw.utf8)) { request in
            Self.takeApart(application.respond(to: request), head: request.isHEAD)
        }
    }

    static func takeApart(_ response: HTTPResponse, head: Bool) -> Answer {
        switch response.storage {
        case .prepared(let prepared):
            let headText = String(decodingUTF8: prepared.bytes.extracting(0..<prepared.headCount))
            var headers: [String: String] = [:]
            var lines: [(name: String, value: String)] = []
            for line in headText.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = String(line[line.index(after: colon)...].drop { $0 == " " })
                headers[line[..<colon].lowercased()] = value
                lines.append((String(line[..<colon]), value))
            }
            let body = Array(copying: prepared.body)
            return Answer(
                status: prepared.status.code, headers: headers, body: head ? [] : body, fieldLines: lines)
        case .dynamic(let status, let fields, let body):
            var headers: [String: String] = [:]
            for (name, value) in fields { headers[name.lowercased()] = value }
            if !status.forbidsContent { headers["content-length"] = String(body.count) }
            return Answer(
                status: status.code, headers: headers, body: head || status.forbidsContent ? [] : body,
                fieldLines: fields.map { ($0.name, $0.value) })
        case .deferred(let deferred):
            // What a worker thread would compute, computed here.
            var answer = takeApart(deferred.resolve(), head: head)
            answer.wasDeferred = true
            return answer
        }
    }
}
