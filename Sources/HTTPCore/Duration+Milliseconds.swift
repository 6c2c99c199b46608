extension Duration {
    /// The duration in whole milliseconds, at least 1.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
