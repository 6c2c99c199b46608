// Unsafe: libcurl takes callbacks as C function pointers, with the transfer passed as an opaque pointer.
#if UpstreamFetch
    import CCurl

    /// One HTTP(S) GET with libcurl, bounded in size and time: the transfer behind the upstream
    /// mirror and the source watch. libcurl is opened at run time (``load()``), never linked.
    package enum CurlGet {
        /// Opens libcurl (`libcurl.so.4`) and initialises it, once per process; `nil` when it is
        /// ready, else the loader's reason. Every transfer follows a successful load.
        package static func load() -> String? {
            ccurl_load().map { String(cString: $0) }
        }

        /// One GET: where, what it offers to revalidate, and its bounds.
        package struct Request {
            package var url: String
            package var entityTag: String?
            package var lastModified: String?
            package var maxBytes: Int
            package var timeoutSeconds: Int
            package var isCancelled: @Sendable () -> Bool
            package var followRedirects: Bool
            package var userAgent: String
            /// What the size error calls the body: "the page is larger than …".
            package var bodyName: String

            /// A request with every field given.
            package init(
                url: String, entityTag: String?, lastModified: String?, maxBytes: Int, timeoutSeconds: Int,
                isCancelled: @escaping @Sendable () -> Bool, followRedirects: Bool, userAgent: String,
                bodyName: String
            ) {
                self.url = url
                self.entityTag = entityTag
                self.lastModified = lastModified
                self.maxBytes = maxBytes
                self.timeoutSeconds = timeoutSeconds
                self.isCancelled = isCancelled
                self.followRedirects = followRedirects
                self.userAgent = userAgent
                self.bodyName = bodyName
            }
        }

        /// An answer: its status, its body and the header field lines of the last response (after
        /// redirects, that response's own; not its status line), each as libcurl gave it, line
        /// ending included.
        package struct Response {
            package let status: Int
            package let body: [UInt8]
            package let headerLines: [String]
        }

        /// An answer, or why there is none.
        package enum Outcome {
            case answered(Response)
            case failed(String)
        }

        /// What the callbacks collect, reached through libcurl's context pointer.
        private final class Collected {
            var body: [UInt8] = []
            var headerLines: [String] = []
            var tooLarge = false
            let maxBytes: Int
            let isCancelled: @Sendable () -> Bool

            init(maxBytes: Int, isCancelled: @escaping @Sendable () -> Bool) {
                self.maxBytes = maxBytes
                self.isCancelled = isCancelled
            }
        }

        /// Runs `request` to its end.
        package static func get(_ request: Request) -> Outcome {
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
            return .answered(Response(status: status, body: collected.body, headerLines: collected.headerLines))
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
                collected.headerLines.removeAll()
            } else {
                collected.headerLines.append(line)
            }
            return length
        }

        private static let progress: ccurl_progress_callback = { context, _, _, _, _ in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            return collected.isCancelled() ? 1 : 0
        }
    }
#endif
