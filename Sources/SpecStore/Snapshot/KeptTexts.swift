import SystemSupport

/// Texts worked out from one snapshot's rows alone, kept by their caller's key for the next
/// request that needs them: a bounded memo, emptied when full, that any thread may read.
package final class KeptTexts: Sendable {
    private let texts = Locked<[String: String?]>([:])

    /// The most texts kept; past it they are dropped and worked out again as asked.
    package static let kept = 4096

    package init() {}

    /// The text kept for `key` (`nil` kept as an answer too), or the one `make` gives, kept.
    package func text(for key: String, _ make: () -> String?) -> String? {
        if let kept = texts.withLock({ $0[key] }) { return kept }
        let made = make()
        texts.withLock { texts in
            if texts.count >= Self.kept { texts.removeAll() }
            texts[key] = .some(made)
        }
        return made
    }
}
