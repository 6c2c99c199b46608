/// The service's release: `spec-server --version`, MCP's `serverInfo`, the build info in
/// `/metrics` and the `User-Agent` of its fetches all name it.
package enum Release {
    /// The release's version, as `--version` prints it.
    package static let version = "1.0.0"
}
