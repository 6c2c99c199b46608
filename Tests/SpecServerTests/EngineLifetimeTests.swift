import Testing

@testable import HTTPCore
@testable import SpecServer

/// The application and the server it is attached to must not keep each other alive.
@Suite struct EngineLifetimeTests {
    @Test func theApplicationAndItsServerAreFreedTogether() {
        weak var weakApplication: SpecApplication?
        weak var weakServer: HTTPServer?
        do {
            let application = SpecApplication(configuration: ServerConfiguration()) { _ in }
            let server = HTTPServer(configuration: HTTPServer.Configuration(), application: application)
            application.attach(server)
            weakApplication = application
            weakServer = server
            #expect(weakApplication != nil && weakServer != nil)
        }
        #expect(weakServer == nil, "the server outlived its last reference")
        #expect(weakApplication == nil, "the application outlived its last reference")
    }
}
