// Unsafe: libcurl takes callbacks as C function pointers, with the transfer passed as an opaque pointer.
#if UpstreamFetch
    import CCurl
    import Glibc

    /// One GET of a page's JSON with libcurl for the source watch: bounded in size and time, a
    /// User-Agent naming the service, conditional when validators are given, redirects reported
    /// and never followed.
    enum CurlPageTransfer {
        /// The User-Agent every page request sends.
        static let userAgent = "spec-server/\(SpecServerCommand.version) (HIG spec service source check)"

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

        static func fetch(_ request: PageRequest) -> PageResponse {
            guard let handle = curl_easy_init() else { return .failed("libcurl could not start a transfer") }
            defer { curl_easy_cleanup(handle) }
            let collected = Collected(maxBytes: request.maxBytes, isCancelled: request.isCancelled)
            let context = Unmanaged.passUnretained(collected).toOpaque()
            var headers: UnsafeMutablePointer<curl_slist>?
            headers = curl_slist_append(headers, "Accept: application/json")
            if let tag = request.entityTag { headers = curl_slist_append(headers, "If-None-Match: \(tag)") }
            if let date = request.lastModified { headers = curl_slist_append(headers, "If-Modified-Since: \(date)") }
            defer { curl_slist_free_all(headers) }
            var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let result: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errorText in
                ccurl_set_string(handle, CURLOPT_URL, request.url)
                ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                // A moved page is a finding, so a redirect is an answer to report, not to follow.
                ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
                ccurl_set_long(handle, CURLOPT_TIMEOUT, request.timeoutSeconds)
                ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT, min(request.timeoutSeconds, 10))
                ccurl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBytes))
                // The bound applies to the decoded bytes, so a small compressed body cannot expand past it.
                ccurl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
                ccurl_set_string(handle, CURLOPT_USERAGENT, userAgent)
                ccurl_set_headers(handle, headers)
                ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText.baseAddress)
                ccurl_set_write_function(handle, writeBody)
                ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
                ccurl_set_header_function(handle, readHeader)
                ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
                ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0)
                ccurl_set_progress_function(handle, progress)
                ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
                return curl_easy_perform(handle)
            }
            withExtendedLifetime(collected) {}
            if collected.tooLarge || result == CURLE_FILESIZE_EXCEEDED {
                return .failed("the page is larger than \(request.maxBytes) bytes")
            }
            guard result == CURLE_OK else {
                let detail = String(
                    decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return .failed(
                    "transfer failed: \(detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail)")
            }
            var status = 0
            ccurl_response_code(handle, &status)
            switch status {
            case 200..<300:
                return .body(
                    status: status, bytes: collected.body, entityTag: collected.entityTag,
                    lastModified: collected.lastModified)
            case 304: return .notModified
            case 300..<400: return .redirect(status: status, location: collected.location)
            default: return .status(status)
            }
        }

        private static let writeBody: ccurl_data_callback = { data, size, count, context in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard collected.body.count + length <= collected.maxBytes else {
                collected.tooLarge = true
                return 0  // anything but `length` aborts the transfer
            }
            if let data {
                collected.body.append(contentsOf: UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: length))
            }
            return length
        }

        private static let progress: ccurl_progress_callback = { context, _, _, _, _ in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            return collected.isCancelled() ? 1 : 0
        }

        private static let readHeader: ccurl_data_callback = { data, size, count, context in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard let data else { return length }
            let line = String(
                decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: length), as: UTF8.self)
            guard let colon = line.firstIndex(of: ":") else { return length }
            let value = String(line[line.index(after: colon)...]).trimmingSpaces()
            switch line[..<colon].lowercased() {
            case "etag": collected.entityTag = value.isEmpty ? nil : value
            case "last-modified": collected.lastModified = value.isEmpty ? nil : value
            case "location": collected.location = value.isEmpty ? nil : value
            default: break
            }
            return length
        }
    }

    extension String {
        /// Without white space (spaces, tabs, CR, LF) at either end.
        fileprivate func trimmingSpaces() -> String {
            var characters = Substring(self)
            while characters.first?.isWhitespace == true { characters = characters.dropFirst() }
            while characters.last?.isWhitespace == true { characters = characters.dropLast() }
            return String(characters)
        }
    }
#endif
