import HTTPCore
import SystemSupport

extension Subcommand {
    /// `spec-server health-check [options]`: a container `HEALTHCHECK` that needs no curl.
    static let healthCheck = Subcommand(
        name: "health-check", usage: "[options]",
        summary: "exit 0 if the server these options describe answers /readyz, else 1"
    ) { arguments, environment in
        HealthCheck.run(arguments: arguments, environment: environment)
    }
}

/// Asks the server that the same flags and `SPEC_SERVER_*` variables describe for `/readyz`.
///
/// A server listening on every address (`0.0.0.0`, `::`) is asked on loopback. Exits 0 on a
/// `200`, 1 on anything else — another status, no answer within the deadline, a refused
/// connection, options that do not parse — with one line on standard error saying which.
enum HealthCheck {
    /// The whole check, connection included, gives up after this long.
    static let deadlineSeconds = 5

    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let configuration: ServerConfiguration
        do {
            switch try ServerConfiguration.parse(arguments: arguments, environment: environment) {
            case .serve(let parsed): configuration = parsed
            case .printHelp, .printVersion:
                StandardStream.output.write(
                    "USAGE: spec-server health-check [options]\n\n"
                        + "Takes the server's own options and SPEC_SERVER_* variables (see spec-server --help);\n"
                        + "exits 0 if that server answers GET /readyz with 200, else 1.\n")
                return 0
            }
        } catch {
            StandardStream.error.write("spec-server health-check: \(error)\n")
            return 1
        }
        let host = probeAddress(for: configuration.host)
        let authority = host.contains(":") ? "[\(host)]:\(configuration.port)" : "\(host):\(configuration.port)"
        guard configuration.port != 0 else {
            StandardStream.error.write("spec-server health-check: port 0 names no server; give --port\n")
            return 1
        }
        switch probe(host: host, port: configuration.port, authority: authority) {
        case .success:
            return 0
        case .failure(let problem):
            StandardStream.error.write("spec-server health-check: http://\(authority)/readyz: \(problem.description)\n")
            return 1
        }
    }

    /// Where to reach a server listening on `host`: loopback for the wildcard addresses.
    static func probeAddress(for host: String) -> String {
        switch host {
        case "0.0.0.0": "127.0.0.1"
        case "::", "[::]": "::1"
        default: host
        }
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// One `GET /readyz` over a new connection.
    static func probe(host: String, port: Int, authority: String) -> Result<Void, Problem> {
        let address: SocketAddress
        do {
            address = try SocketAddress(host: host, port: port)
        } catch {
            return .failure(Problem(description: error.message))
        }
        let connection: ClientSocket
        do {
            connection = try ClientSocket(connectingTo: address, timeoutSeconds: deadlineSeconds)
        } catch {
            // A failed connect says only why; a socket that cannot be made says which call.
            let call = "\(error.call)"
            return .failure(Problem(description: call == "connect" ? error.reason : "\(call): \(error.reason)"))
        }
        let request = Array("GET /readyz HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n\r\n".utf8)
        do {
            try connection.send(request)
        } catch {
            return .failure(Problem(description: "send: \(error.reason)"))
        }
        // The status line is all that matters; read until it is complete.
        var received: [UInt8] = []
        while !received.contains(0x0A) && received.count < 4096 {
            do {
                if try connection.receive(appendingTo: &received, maximum: 1024) == 0 { break }
            } catch {
                let reason = error.isTryAgain ? "no answer within \(deadlineSeconds) s" : error.reason
                return .failure(Problem(description: reason))
            }
        }
        let statusLine = String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let words = statusLine.split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/1.") else {
            return .failure(Problem(description: "no HTTP answer"))
        }
        guard words[1] == "200" else { return .failure(Problem(description: "answered \(statusLine)")) }
        return .success(())
    }
}
