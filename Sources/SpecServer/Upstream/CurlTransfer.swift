// Unsafe: libcurl takes callbacks as C function pointers, with the transfer passed as an opaque pointer.
// In SpecServer, not SystemSupport: only SpecServer opens libcurl, in a build with the UpstreamFetch trait.
#if UpstreamFetch
    import CCurl
    import Glibc
    import SpecStore

    /// One HTTP(S) GET of JSON with libcurl, bounded in size and time: the one transfer behind the
    /// upstream mirror (``fetch(_:)-swift.type.method``, redirects followed) and the source watch
    /// (``fetchPage(_:)``, redirects reported and never followed, a User-Agent naming the check).
    enum CurlTransfer {
        /// Opens libcurl (`libcurl.so.4`) and initialises it, once per process; `nil` when it is
        /// ready, else the loader's reason. Every transfer follows a successful load.
        static func load() -> String? {
            ccurl_load().map { String(cString: $0) }
        }

        /// The User-Agent every source-check page request sends.
        static let pageUserAgent = "spec-server/\(SpecServerCommand.version) (HIG spec service source check)"

        /// The upstream's export for ``UpstreamMirror``: `200` and `304` are answers, anything
        /// else a failure.
        static func fetch(_ request: UpstreamRequest) -> UpstreamOutcome {
            let answer = get(
                GetRequest(
                    url: request.url, entityTag: request.entityTag, lastModified: nil, maxBytes: request.maxBytes,
                    timeoutSeconds: request.timeoutSeconds, isCancelled: request.isCancelled, followRedirects: true,
                    userAgent: "spec-server/\(SpecServerCommand.version)", bodyName: "the upstream body"))
            switch answer {
            case .failed(let reason): return .failed(reason)
            case .answered(200, let collected): return .fetched(collected.body, entityTag: collected.entityTag)
            case .answered(304, _): return .notModified
            case .answered(let status, _): return .failed("the upstream answered HTTP \(status)")
            }
        }

        /// One HIG page's JSON for the source watch, with the status as it came.
        static func fetchPage(_ request: PageRequest) -> PageResponse {
            let answer = get(
                GetRequest(
                    url: request.url, entityTag: request.entityTag, lastModified: request.lastModified,
                    maxBytes: request.maxBytes, timeoutSeconds: request.timeoutSeconds,
                    isCancelled: request.isCancelled, followRedirects: false, userAgent: pageUserAgent,
                    bodyName: "the page"))
            switch answer {
            case .failed(let reason): return .failed(reason)
            case .answered(let status, let collected) where (200..<300).contains(status):
                return .body(
                    status: status, bytes: collected.body, entityTag: collected.entityTag,
                    lastModified: collected.lastModified)
            case .answered(304, _): return .notModified
            case .answered(let status, let collected) where (300..<400).contains(status):
                return .redirect(status: status, location: collected.location)
            case .answered(let status, _): return .status(status)
            }
        }

        // MARK: - The transfer

        private struct GetRequest {
            var url: String
            var entityTag: String?
            var lastModified: String?
            var maxBytes: Int
            var timeoutSeconds: Int
            var isCancelled: @Sendable () -> Bool
            var followRedirects: Bool
            var userAgent: String
            /// What the size error calls the body: "the page is larger than …".
            var bodyName: String
        }

        private enum Answer {
            case answered(Int, Collected)
            case failed(String)
        }

        /// What the callbacks collect, reached through libcurl's context pointer.
        private final class Collected {
            var body: [UInt8] = []
            var entityTag: String?
            var lastModified: String?
            var location: String?
            var tooLarge = false
            let maxBytes: Int
            let isCancelled: @Sendable () -> Bool

            init(maxBytes: Int, isCancelled: @escaping @Sendable () -> Bool) {
                self.maxBytes = maxBytes
                self.isCancelled = isCancelled
            }
        }

        private static func get(_ request: GetRequest) -> Answer {
            guard let handle = ccurl_easy_init() else { return .failed("libcurl could not start a transfer") }
            defer { ccurl_easy_cleanup(handle) }
            let collected = Collected(maxBytes: request.maxBytes, isCancelled: request.isCancelled)
            let context = Unmanaged.passUnretained(collected).toOpaque()
            var headers: UnsafeMutablePointer<curl_slist>?
            headers = ccurl_slist_append(headers, "Accept: application/json")
            if let tag = request.entityTag { headers = ccurl_slist_append(headers, "If-None-Match: \(tag)") }
            if let date = request.lastModified { headers = ccurl_slist_append(headers, "If-Modified-Since: \(date)") }
            defer { ccurl_slist_free_all(headers) }
            var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

            let result: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errorText in
                ccurl_set_string(handle, CURLOPT_URL, request.url)
                ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                if request.followRedirects {
                    ccurl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
                    ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
                    ccurl_set_long(handle, CURLOPT_MAXREDIRS, 5)
                } else {
                    // A redirect is an answer to report (a moved page is a finding), not to follow.
                    ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                }
                // No signals from libcurl: the server's threads have their own signal handling.
                ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
                ccurl_set_long(handle, CURLOPT_TIMEOUT, request.timeoutSeconds)
                ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT, min(request.timeoutSeconds, 10))
                // An announced Content-Length over the bound fails before any byte is read; an
                // unannounced body is cut off in the write callback.
                ccurl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBytes))
                // Accept compression; the bound applies to the decoded bytes, so a small
                // compressed body cannot expand past it.
                ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
                ccurl_set_string(handle, CURLOPT_USERAGENT, request.userAgent)
                ccurl_set_headers(handle, headers)
                ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText.baseAddress)
                ccurl_set_write_function(handle, writeBody)
                ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
                ccurl_set_header_function(handle, readHeader)
                ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
                ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0)
                ccurl_set_progress_function(handle, progress)
                ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
                return ccurl_easy_perform(handle)
            }
            withExtendedLifetime(collected) {}

            if collected.tooLarge || result == CURLE_FILESIZE_EXCEEDED {
                return .failed("\(request.bodyName) is larger than \(request.maxBytes) bytes")
            }
            guard result == CURLE_OK else {
                let detail = String(
                    decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let reason = detail.isEmpty ? String(cString: ccurl_easy_strerror(result)) : detail
                return .failed("transfer failed: \(reason)")
            }
            var status = 0
            ccurl_response_code(handle, &status)
            return .answered(status, collected)
        }

        private static let writeBody: ccurl_data_callback = { data, size, count, context in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard collected.body.count + length <= collected.maxBytes else {
                collected.tooLarge = true
                return 0  // anything but `length` aborts the transfer
            }
            if let data {
                collected.body.append(
                    contentsOf: UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: length))
            }
            return length
        }

        private static let readHeader: ccurl_data_callback = { data, size, count, context in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard let data else { return length }
            let line = String(
                decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: length), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                // A new response (after a redirect): its own headers only.
                collected.entityTag = nil
                collected.lastModified = nil
                collected.location = nil
            } else if let colon = line.firstIndex(of: ":") {
                let value = line[line.index(after: colon)...].trimmingWhitespace
                switch line[..<colon].lowercased() {
                case "etag": collected.entityTag = value.isEmpty ? nil : value
                case "last-modified": collected.lastModified = value.isEmpty ? nil : value
                case "location": collected.location = value.isEmpty ? nil : value
                default: break
                }
            }
            return length
        }

        private static let progress: ccurl_progress_callback = { context, _, _, _, _ in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            return collected.isCancelled() ? 1 : 0
        }
    }
#endif
