// A minimal HTTPCore server for the engine benchmark: serves every regular file of a directory
// at /NAME as a prepared response, so nginx can serve the very same bytes.
//
//   bench-server --port P [--threads N] [--idle-timeout SECONDS] [--send-buffer-bytes N]
//                [--max-unsent-bytes N] --root DIR
import Glibc

struct FileApplication: HTTPApplication {
    let files: [(path: [UInt8], response: PreparedResponse)]
    let notFound = PreparedResponse(status: .notFound, headers: [("Content-Type", "text/plain")], body: "not found\n")

    func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
        for file in files where request.path.elementsEqual(file.path) {
            return .prepared(file.response)
        }
        return .prepared(notFound)
    }
}

@main
enum BenchServer {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 8081)
        configuration.threads = 1
        var root = "."
        while arguments.count >= 2 {
            let flag = arguments.removeFirst()
            let value = arguments.removeFirst()
            switch flag {
            case "--port": configuration.port = Int(value) ?? 8081
            case "--threads": configuration.threads = Int(value) ?? 1
            case "--idle-timeout": configuration.idleTimeout = .seconds(Int(value) ?? 15)
            case "--send-buffer-bytes": configuration.sendBufferBytes = Int(value) ?? 0
            case "--max-unsent-bytes": configuration.maxUnsentBytes = Int(value) ?? 0
            case "--root": root = value
            default: fatalError("unknown option \(flag)")
            }
        }
        var files: [(path: [UInt8], response: PreparedResponse)] = []
        for name in fileNames(in: root) {
            let body = readFile(root + "/" + name)
            let response = PreparedResponse(
                status: .ok,
                headers: [("Server", "bench"), ("Content-Type", "application/json"), ("ETag", "\"\(body.count)\"")],
                body: body
            )
            files.append((Array("/\(name)".utf8), response))
        }
        let server = HTTPServer(configuration: configuration, application: FileApplication(files: files))
        do {
            try server.run()
        } catch {
            print("bench-server: \(error)")
            exit(1)
        }
    }

    /// The names of the regular files in `directory`.
    static func fileNames(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { fatalError("cannot open \(directory)") }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            guard entry.pointee.d_type == DT_REG else { continue }
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names.sorted()
    }

    static func readFile(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        precondition(descriptor >= 0, "cannot open \(path)")
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
