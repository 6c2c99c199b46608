/// Binds the listeners, starts one loop thread per configured thread, supervises signals and
/// the drain.
struct ServerRuntime {
    let server: HTTPServer

    func run(onReady: ((HTTPServer.Endpoint) -> Void)?) throws(HTTPServerError) {
        throw HTTPServerError(.system, "the event loops are not built yet")
    }
}
