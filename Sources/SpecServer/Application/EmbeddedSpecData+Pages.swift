import SystemSupport

extension EmbeddedSpecData {
    /// Gives back the resident pages of the embedded data file's text once the store is loaded
    /// from it: the text is read once, to parse, and its pages otherwise stay in the resident
    /// set for the life of the process (about 0.5 MiB). Read again (a reload of the embedded
    /// data), they fault in from the executable. Returns the bytes released.
    @discardableResult
    static func releasePages() -> Int {
        SystemProcess.releasePages(ofLiteral: json)
    }
}
