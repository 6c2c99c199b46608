import HTTPCore
import SpecAPI
import Synchronization

/// One representation's complete responses, built once: the `200` and the `304` that answers a
/// matching `If-None-Match`, and for a body worth compressing the same pair in gzip.
final class Representation: Sendable {
    let ok: PreparedResponse
    /// The `304`, made by the first request that needs it (or by the cache, to count its cost):
    /// most answers to a never-seen query are sent once and never revalidated.
    var notModified: PreparedResponse {
        if let made = notModifiedResponse.load() { return made }
        return notModifiedResponse.storeIfNil(PreparedResponse(status: .notModified, headers: sharedFields, body: []))
    }
    private let notModifiedResponse = AtomicLazyReference<PreparedResponse>()
    /// The fields the `304` shares with the `200` (RFC 9110 §15.4.5).
    private let sharedFields: [(name: String, value: String)]
    let entityTag: EntityTag
    /// Bytes held, for the cache's budget.
    let cost: Int
    /// The body as an MCP tool result, made by the first `tools/call` that needs it, so a
    /// repeated call serves bytes as a repeated GET does.
    private let toolResultBytes = AtomicLazyReference<ToolResultBytes>()

    private final class ToolResultBytes: Sendable {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// Whether the body is long enough to offer in gzip (``gzipThreshold``): its responses then
    /// say `Vary: Accept, Accept-Encoding`.
    let offersGzip: Bool
    /// The gzip responses, built by the first request that accepts them, once (see ``gzip``).
    private let gzipped = AtomicLazyReference<GzipVariant>()
    /// What the gzip responses repeat of the identity ones: the `200`'s fields (the `304`'s are
    /// ``sharedFields``), `ETag` left out when the gzip form is made.
    private let fieldsForGzip: [(name: String, value: String)]?
    /// How hard its gzip form is compressed: ``DeflateEncoder/Level/fast`` for an answer built
    /// for a request (its client waits while it is compressed), the standard level for the
    /// fixed answers.
    private let gzipLevel: DeflateEncoder.Level

    /// Bodies shorter than this are sent as they are: below about one packet, compressing saves
    /// no round trip and costs the client a decoder.
    static let gzipThreshold = 1024

    /// The gzip form of a representation: its `200`, its `304`, and its own strong tag (a
    /// different sequence of bytes needs a different tag, RFC 9110 §8.8.3). `nil` responses when
    /// compressing did not make the body smaller.
    final class GzipVariant: Sendable {
        let ok: PreparedResponse?
        let notModified: PreparedResponse?
        /// The tag's field value as bytes, for matching `If-None-Match` without copying.
        let tag: [UInt8]

        init(ok: PreparedResponse?, notModified: PreparedResponse?, tag: String) {
            self.ok = ok
            self.notModified = notModified
            self.tag = Array(tag.utf8)
        }
    }

    /// Builds both responses for `body` served as `format`.
    ///
    /// - Parameters:
    ///   - pinned: whether the request named a store version, which makes the bytes immutable.
    ///   - extraHeaders: fields only the `200` carries (e.g. a Content-Security-Policy).
    ///   - disposition: a `Content-Disposition` value (a file name for CSV, Markdown and SVG).
    ///   - notes: the answer's notes, which the `200` carries as ``NoteField`` header fields. The
    ///     tag covers them with the body: an empty CSV table is the same bytes whatever the reason,
    ///     so the body alone cannot tell two reasons apart, and a `304` must not confirm a stale one.
    ///   - arena: where a large body is placed beside others that live as long (see ``BodyArena``).
    ///   - gzipLevel: how hard the gzip form is compressed (``gzip``).
    ///   - keptInMemory: keeps a large body out of the engine's body file, for an answer likely
    ///     sent once (``PreparedResponse/init(status:headers:body:arena:keptInMemory:)``);
    ///     ``inBodyFile()`` makes the copy a repeated answer is sent from.
    init(
        body: [UInt8], contentType: String, specVersion: String?, pinned: Bool, cacheControl: String? = nil,
        disposition: String? = nil, notes: [String] = [], extraHeaders: [(name: String, value: String)] = [],
        arena: BodyArena? = nil, gzipLevel: DeflateEncoder.Level = .standard, keptInMemory: Bool = false
    ) {
        let noteFields = NoteField.fields(notes)
        let entityTag =
            noteFields.isEmpty
            ? EntityTag(of: body)
            : EntityTag(of: body + noteFields.flatMap { Array("\r\n\($0.name): \($0.value)".utf8) })
        let cache = cacheControl ?? (pinned ? "public, max-age=31536000, immutable" : "public, max-age=300")
        let offersGzip = body.count >= Self.gzipThreshold
        var shared: [(name: String, value: String)] = [
            ("ETag", entityTag.fieldValue),
            ("Cache-Control", cache),
            ("Vary", offersGzip ? "Accept, Accept-Encoding" : "Accept"),
        ]
        if let specVersion { shared.append(("Spec-Version", specVersion)) }
        shared += ResponseHeaders.cors
        var full = [("Content-Type", contentType)] + shared
        full.append(("X-Content-Type-Options", "nosniff"))
        if let disposition { full.append(("Content-Disposition", disposition)) }
        full += noteFields
        full += extraHeaders
        if contentType.hasPrefix("text/html") || contentType.hasPrefix("image/svg+xml") {
            full.append(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"))
        }
        self.ok = PreparedResponse(status: .ok, headers: full, body: body, arena: arena, keptInMemory: keptInMemory)
        self.sharedFields = shared
        self.entityTag = entityTag
        self.cost = body.count + 512
        self.offersGzip = offersGzip
        self.fieldsForGzip = offersGzip ? full : nil
        self.gzipLevel = gzipLevel
    }

    /// This representation with its `200` in the engine's body file, sent with `sendfile`: for an
    /// answer built with `keptInMemory` that is asked for again. The same bytes and tags; its
    /// `304` and gzip form carried over where made. `self` when nothing would move.
    func inBodyFile() -> Representation {
        let moved = ok.inBodyFile()
        return moved === ok ? self : Representation(copying: self, ok: moved)
    }

    private init(copying original: Representation, ok: PreparedResponse) {
        self.ok = ok
        self.sharedFields = original.sharedFields
        self.entityTag = original.entityTag
        self.cost = original.cost
        self.offersGzip = original.offersGzip
        self.fieldsForGzip = original.fieldsForGzip
        self.gzipLevel = original.gzipLevel
        if let made = original.notModifiedResponse.load() { _ = notModifiedResponse.storeIfNil(made) }
        if let made = original.gzipped.load() { _ = gzipped.storeIfNil(made) }
        if let made = original.toolResultBytes.load() { _ = toolResultBytes.storeIfNil(made) }
    }

    /// The body as a tool result, which `make` builds from the body the first time it is asked.
    func toolResult(_ make: ([UInt8]) -> [UInt8]) -> [UInt8] {
        if let made = toolResultBytes.load() { return made.bytes }
        var body: [UInt8] = []
        ok.appendBody(to: &body)
        return toolResultBytes.storeIfNil(ToolResultBytes(make(body))).bytes
    }

    /// The response for a request with this `If-None-Match` field (or none), uncompressed.
    func response(ifNoneMatch: HTTPBytes?) -> PreparedResponse {
        guard let ifNoneMatch, entityTag.isMatched(byIfNoneMatch: ifNoneMatch) else { return ok }
        return notModified
    }

    /// The response for `request`: in gzip when the body is worth compressing and the request's
    /// `Accept-Encoding` prefers it, a `304` when its `If-None-Match` names the chosen form's tag.
    /// After the first gzip request, choosing reads the request's bytes and one atomic reference:
    /// nothing is allocated.
    func response(to request: borrowing HTTPRequest) -> PreparedResponse {
        let headers = request.headers
        guard offersGzip, AcceptEncoding(headers).prefersGzip, let variant = gzip, let gzipOK = variant.ok else {
            return response(ifNoneMatch: headers["If-None-Match"])
        }
        let tag = variant.tag
        if let ifNoneMatch = headers["If-None-Match"], let notModified = variant.notModified,
            EntityTag.listContains(ifNoneMatch.span, tag: tag.span)
        {
            return notModified
        }
        return gzipOK
    }

    /// The response for `request` when choosing it builds nothing large, else `nil`: a request
    /// that prefers gzip, for a body of ``largestGzipOnLoop`` bytes or more whose gzip form is
    /// not made yet, would compress it now; that is done off the event loop
    /// (``response(for:)`` with the request's ``ResponseChoice``).
    func builtResponse(to request: borrowing HTTPRequest) -> PreparedResponse? {
        if offersGzip, ok.bodyCount >= Self.largestGzipOnLoop, gzipped.load() == nil,
            AcceptEncoding(request.headers).prefersGzip
        {
            return nil
        }
        return response(to: request)
    }

    /// The largest body compressed on an event loop when its gzip form is first asked for:
    /// compressing cost about 95 µs a KB on a busy VM (the 507 KB export, 48 ms), so a larger
    /// one would hold the loop for more than about a millisecond.
    static let largestGzipOnLoop = 8 * 1024

    /// What of a request chooses among a representation's responses, copied out of the
    /// request: an answer computed off the loop chooses with it as ``response(to:)`` would.
    struct ResponseChoice: Sendable {
        /// Whether `Accept-Encoding` prefers gzip.
        let prefersGzip: Bool
        /// The `If-None-Match` field's value, when there is one.
        let ifNoneMatch: [UInt8]?

        init(_ request: borrowing HTTPRequest) {
            let headers = request.headers
            prefersGzip = AcceptEncoding(headers).prefersGzip
            if let field = headers["If-None-Match"] {
                ifNoneMatch = field.indices.map { field[$0] }
            } else {
                ifNoneMatch = nil
            }
        }
    }

    /// The response ``response(to:)`` chooses for a request, chosen by what was copied of it.
    func response(for choice: ResponseChoice) -> PreparedResponse {
        guard offersGzip, choice.prefersGzip, let variant = gzip, let gzipOK = variant.ok else {
            guard let ifNoneMatch = choice.ifNoneMatch else { return ok }
            let tag = Array(entityTag.fieldValue.utf8)
            return EntityTag.listContains(ifNoneMatch.span, tag: tag.span) ? notModified : ok
        }
        guard let ifNoneMatch = choice.ifNoneMatch, let notModified = variant.notModified else { return gzipOK }
        let tag = variant.tag
        return EntityTag.listContains(ifNoneMatch.span, tag: tag.span) ? notModified : gzipOK
    }

    /// Whether a connection still sends one of its bodies to a client that has not read it.
    var isHeldUnread: Bool {
        ok.isHeldUnread || gzipped.load()?.ok?.isHeldUnread == true
    }

    /// The gzip form, compressed on first use with the project's encoder (``Gzip``) at
    /// ``gzipLevel`` and kept: once per representation, so once per store version for the fixed
    /// answers. Two requests that race both compress, one result is kept; both are the same bytes.
    var gzip: GzipVariant? {
        guard let fields = fieldsForGzip else { return nil }
        if let built = gzipped.load() { return built }
        var body: [UInt8] = []
        ok.appendBody(to: &body)
        // An answer compressed while its client waits does not compress the site's style sheet
        // again; the fixed answers keep the bytes of one standard-level stream.
        let compressed = Gzip.compress(
            body, level: gzipLevel, keeping: gzipLevel == .standard ? nil : DeflatedSegment.siteStyle)
        // The identity tag with a suffix: strong, distinct, and plainly the same resource's.
        let tag = String(entityTag.fieldValue.dropLast()) + "-gzip\""
        guard compressed.count < body.count else {
            return gzipped.storeIfNil(GzipVariant(ok: nil, notModified: nil, tag: tag))
        }
        var full = fields.filter { $0.name != "ETag" }
        full.insert(("ETag", tag), at: 1)
        full.insert(("Content-Encoding", "gzip"), at: 1)
        let shared = [("ETag", tag)] + sharedFields.filter { $0.name != "ETag" }
        return gzipped.storeIfNil(
            GzipVariant(
                ok: PreparedResponse(status: .ok, headers: full, body: compressed),
                notModified: PreparedResponse(status: .notModified, headers: shared, body: []), tag: tag))
    }
}

/// Header fields shared by many responses.
enum ResponseHeaders {
    /// CORS for every answer: any origin, `null` included (design-tool plugins run in iframes
    /// whose origin is `null`), and the fields scripts need to read.
    static let cors: [(name: String, value: String)] = [
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Expose-Headers", "ETag, Spec-Version, Link, Spec-Note"),
    ]
}

extension EntityTag {
    /// Whether an `If-None-Match` field value names this tag, compared on bytes (RFC 9110 §13.1.2:
    /// weak comparison, so `W/"x"` matches `"x"`; `*` matches any current representation).
    func isMatched(byIfNoneMatch field: HTTPBytes) -> Bool {
        let tag = Array(fieldValue.utf8)
        return Self.listContains(field.span, tag: tag.span)
    }

    static func listContains(_ list: Span<UInt8>, tag: Span<UInt8>) -> Bool {
        var index = 0
        while index < list.count {
            while index < list.count,
                list[index] == UInt8(ascii: " ") || list[index] == UInt8(ascii: "\t")
                    || list[index] == UInt8(ascii: ",")
            {
                index += 1
            }
            var end = index
            while end < list.count, list[end] != UInt8(ascii: ",") { end += 1 }
            var memberEnd = end
            while memberEnd > index,
                list[memberEnd - 1] == UInt8(ascii: " ") || list[memberEnd - 1] == UInt8(ascii: "\t")
            {
                memberEnd -= 1
            }
            var start = index
            if memberEnd - start == 1, list[start] == UInt8(ascii: "*") { return true }
            if memberEnd - start >= 2, list[start] == UInt8(ascii: "W"), list[start + 1] == UInt8(ascii: "/") {
                start += 2
            }
            if memberEnd - start == tag.count {
                var equal = true
                for offset in 0..<tag.count where list[start + offset] != tag[offset] {
                    equal = false
                    break
                }
                if equal { return true }
            }
            index = end
        }
        return false
    }
}
