import Foundation

/// A condition a test waited on did not come true in time.
public struct TimedOut: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// Polls `condition` until it holds, failing after `seconds`: the tests' one way to wait, never a
/// sleep standing in for synchronisation.
public func waitUntil(_ what: String, seconds: Double = 10, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { throw TimedOut(description: "timed out waiting until \(what)") }
        usleep(2000)
    }
}
