#if UpstreamFetch
    import SpecStore
    import SystemSupport

    /// One HTTP(S) GET of JSON with libcurl, bounded in size and time: the one transfer behind the
    /// upstream mirror (``fetch(_:)-swift.type.method``, redirects followed) and the source watch
    /// (``fetchPage(_:)``, redirects reported and never followed, a User-Agent naming the check).
    package enum CurlTransfer {
        /// Opens libcurl (`libcurl.so.4`) and initialises it, once per process; `nil` when it is
        /// ready, else the loader's reason. Every transfer follows a successful load.
        package static func load() -> String? {
            CurlGet.load()
        }

        /// The User-Agent every source-check page request sends, after `product`
        /// (`spec-server/1.0.0`).
        package static func pageUserAgent(product: String) -> String {
            "\(product) (HIG spec service source check)"
        }

        /// The upstream's export for ``UpstreamMirror``: `200` and `304` are answers, anything
        /// else a failure. `product` (`spec-server/1.0.0`) is the User-Agent.
        package static func fetch(_ request: UpstreamRequest, product: String) -> UpstreamOutcome {
            let answer = get(
                GetRequest(
                    url: request.url, entityTag: request.entityTag, lastModified: nil, maxBytes: request.maxBytes,
                    timeoutSeconds: request.timeoutSeconds, isCancelled: request.isCancelled, followRedirects: true,
                    userAgent: product, bodyName: "the upstream body"))
            switch answer {
            case .failed(let reason): return .failed(reason)
            case .answered(200, let collected): return .fetched(collected.body, entityTag: collected.entityTag)
            case .answered(304, _): return .notModified
            case .answered(let status, _): return .failed("the upstream answered HTTP \(status)")
            }
        }

        /// One HIG page's JSON for the source watch, with the status as it came; the
        /// User-Agent is ``pageUserAgent(product:)``.
        package static func fetchPage(_ request: PageRequest, product: String) -> PageResponse {
            let answer = get(
                GetRequest(
                    url: request.url, entityTag: request.entityTag, lastModified: request.lastModified,
                    maxBytes: request.maxBytes, timeoutSeconds: request.timeoutSeconds,
                    isCancelled: request.isCancelled, followRedirects: false,
                    userAgent: pageUserAgent(product: product),
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

        /// The body and the validators and location of the last response's header.
        private struct Collected {
            var body: [UInt8] = []
            var entityTag: String?
            var lastModified: String?
            var location: String?
        }

        private static func get(_ request: GetRequest) -> Answer {
            let outcome = CurlGet.get(
                CurlGet.Request(
                    url: request.url, entityTag: request.entityTag, lastModified: request.lastModified,
                    maxBytes: request.maxBytes, timeoutSeconds: request.timeoutSeconds,
                    isCancelled: request.isCancelled, followRedirects: request.followRedirects,
                    userAgent: request.userAgent, bodyName: request.bodyName))
            switch outcome {
            case .failed(let reason):
                return .failed(reason)
            case .answered(let response):
                var collected = Collected(body: response.body)
                for line in response.headerLines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let value = line[line.index(after: colon)...].trimmingWhitespace
                    switch line[..<colon].lowercased() {
                    case "etag": collected.entityTag = value.isEmpty ? nil : value
                    case "last-modified": collected.lastModified = value.isEmpty ? nil : value
                    case "location": collected.location = value.isEmpty ? nil : value
                    default: break
                    }
                }
                return .answered(response.status, collected)
            }
        }
    }
#endif
