import Glibc
import HTTPCore

/// Serves `GET /healthz` (200) and `404` elsewhere, configured from the command line.
enum HealthOnlyServer {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    struct Application: HTTPApplication {
        let healthy = PreparedResponse(
            status: .ok,
            headers: [("Content-Type", "application/json")],
            body: "{\"status\":\"ok\"}\n"
        )
        let notFound = PreparedResponse(
            status: .notFound,
            headers: [("Content-Type", "application/json")],
            body: "{\"error\":{\"status\":404,\"code\":\"not_found\",\"message\":\"No such route.\",\"hint\":\"Try GET /healthz.\"}}\n"
        )

        func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
            if request.path.equals("/healthz") && (request.method == .get || request.method == .head) {
                return .prepared(healthy)
            }
            return .prepared(notFound)
        }
    }

    static func run(arguments: [String]) throws {
        var configuration = HTTPServer.Configuration()
        var index = 0
        while index < arguments.count {
            let flag = arguments[index]
            guard index + 1 < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
            let value = arguments[index + 1]
            switch flag {
            case "--host": configuration.host = value
            case "--port":
                guard let port = Int(value) else { throw UsageError(description: "--port takes a number") }
                configuration.port = port
            case "--threads":
                guard let threads = Int(value), threads > 0 else {
                    throw UsageError(description: "--threads takes a positive number")
                }
                configuration.threads = threads
            case "--access-log":
                switch value {
                case "off": configuration.accessLog = .off
                case "text": configuration.accessLog = .text
                case "json": configuration.accessLog = .json
                default: throw UsageError(description: "--access-log takes off, text or json")
                }
            default: throw UsageError(description: "unknown option \(flag)")
            }
            index += 2
        }
        let server = HTTPServer(configuration: configuration, application: Application())
        try server.run()
    }
}

/// Unbuffered writes to a descriptor.
struct FileDescriptorOutput {
    static let standardError = FileDescriptorOutput(descriptor: 2)
    let descriptor: Int32

    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
    }
}
