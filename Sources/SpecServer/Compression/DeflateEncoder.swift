import SystemSupport

/// A DEFLATE compressor (RFC 1951): LZ77 over a 32 KiB window, found through hash chains with
/// one step of lazy matching, and each block's symbols written with dynamic Huffman codes.
///
/// It runs once per representation, never per request (``Representation`` keeps its result).
/// How hard it looks for matches is a ``Level``: ``Level/standard`` favours a small ratio over
/// speed only as far as a few tens of milliseconds for the largest answer allow (chains cut after
/// 128 candidates, as zlib's default level does); ``Level/fast`` is zlib's level 1, for an
/// answer compressed while its client waits.
enum DeflateEncoder {
    static let windowSize = 1 << 15
    static let minimumMatch = 3
    static let maximumMatch = 258
    /// Symbols per block: each block gets codes fitted to its own symbols.
    static let symbolsPerBlock = 1 << 15

    /// How hard the encoder looks for matches: zlib's configuration table (`deflate.c`) in the
    /// encoder's terms.
    struct Level: Sendable, Equatable {
        /// Candidates tried per position.
        let maximumChain: Int
        /// A match this long is taken without looking further (zlib's `nice_length`).
        let niceMatch: Int
        /// Whether a match waits for the next position's, and gives way to a longer one (zlib's
        /// lazy evaluation).
        let lazy: Bool
        /// The longest match whose every position goes into the hash chains; a longer one's
        /// positions after its first are skipped (zlib's `max_insert_length`, greedy levels only).
        let maximumInsert: Int

        /// zlib's level 6, its default: chains of 128, lazy matching.
        static let standard = Level(maximumChain: 128, niceMatch: 128, lazy: true, maximumInsert: maximumMatch)
        /// zlib's level 1: chains of 4, a match of 8 taken at once, no lazy matching, and a
        /// match longer than 4 not put in the chains.
        static let fast = Level(maximumChain: 4, niceMatch: 8, lazy: false, maximumInsert: 4)
    }

    /// The raw DEFLATE stream of `input` (no zlib or gzip framing).
    ///
    /// With `final` false no block is the last: the stream ends with an empty stored block (a
    /// sync flush, as zlib's `Z_SYNC_FLUSH` writes), byte-aligned, so another stream's blocks can
    /// follow it and a decoder reads the two as one. Each stream's matches reach back only into
    /// its own input.
    static func compress(_ input: [UInt8], level: Level = .standard, final: Bool = true) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes.reserveCapacity(input.count / 4 + 64)
        guard final else {
            if !input.isEmpty { writeBlocks(of: input, level: level, last: false, to: &writer) }
            // BFINAL 0, BTYPE 00 (stored), padding to the byte, LEN 0 and NLEN its complement.
            writer.write(0, bits: 3)
            writer.flush()
            writer.bytes += [0x00, 0x00, 0xFF, 0xFF]
            return writer.bytes
        }
        if input.isEmpty {
            // One final fixed-code block holding only the end-of-block code (7 zero bits).
            writer.write(1, bits: 1)
            writer.write(1, bits: 2)
            writer.write(0, bits: 7)
            writer.flush()
            return writer.bytes
        }
        writeBlocks(of: input, level: level, last: true, to: &writer)
        writer.flush()
        return writer.bytes
    }

    /// `input`'s symbols as dynamic blocks, the last one final when `last`.
    private static func writeBlocks(of input: [UInt8], level: Level, last: Bool, to writer: inout BitWriter) {
        let symbols = matchSymbols(input, level: level)
        var start = 0
        while start < symbols.count {
            let end = min(start + symbolsPerBlock, symbols.count)
            writeDynamicBlock(symbols[start..<end], input: input, isFinal: last && end == symbols.count, to: &writer)
            start = end
        }
    }

    // MARK: - LZ77

    /// A literal byte (`< 256`), or a match: bit 31 set, the length in bits 16–24 and the distance
    /// in bits 0–15 (32768 is stored as 0, which no match has).
    typealias Symbol = UInt32

    private static func matchSymbols(_ input: [UInt8], level: Level) -> [Symbol] {
        guard level.lazy else { return greedySymbols(input, level: level) }
        let count = input.count
        let hashBits = 15
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: windowSize)
        var symbols: [Symbol] = []
        symbols.reserveCapacity(count / 3 + 16)
        // Read with bounds checks: faster than through a raw buffer (a median 0.73× its time for
        // 300 KB, 41 alternating pairs, measured 6 December 2026).
        let bytes = input
        func hash(_ position: Int) -> Int {
            let value =
                UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2])
            return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
        }
        func insert(_ position: Int) {
            guard position + minimumMatch <= count else { return }
            let key = hash(position)
            previous[position & (windowSize - 1)] = head[key]
            head[key] = Int32(position)
        }
        /// The longest earlier match at `position` (length 0 when shorter than 3): `position`
        /// must not be inserted yet.
        func longestMatch(at position: Int) -> (length: Int, distance: Int) {
            guard position + minimumMatch <= count else { return (0, 0) }
            let limit = min(maximumMatch, count - position)
            var best = (length: 0, distance: 0)
            var candidate = Int(head[hash(position)])
            var chain = level.maximumChain
            while candidate >= 0, position - candidate <= windowSize, chain > 0 {
                // Only a candidate that could beat the best so far is compared in full.
                if best.length == 0 || bytes[candidate + best.length] == bytes[position + best.length] {
                    var length = 0
                    while length < limit, bytes[candidate + length] == bytes[position + length] { length += 1 }
                    if length > best.length {
                        best = (length, position - candidate)
                        if length >= level.niceMatch || length == limit { break }
                    }
                }
                let next = Int(previous[candidate & (windowSize - 1)])
                // The window slot may hold a newer position already: stop at anything not older.
                guard next < candidate else { break }
                candidate = next
                chain -= 1
            }
            return best.length >= minimumMatch ? best : (0, 0)
        }

        var position = 0
        var pending = longestMatch(at: 0)
        while position < count {
            let match = pending
            insert(position)
            if match.length == 0 {
                symbols.append(Symbol(bytes[position]))
                position += 1
                pending = longestMatch(at: position)
                continue
            }
            // Lazy matching: a longer match one byte on is worth a literal here.
            let next = match.length < level.niceMatch ? longestMatch(at: position + 1) : (length: 0, distance: 0)
            if next.length > match.length {
                symbols.append(Symbol(bytes[position]))
                position += 1
                pending = next
                continue
            }
            symbols.append(
                0x8000_0000 | Symbol(match.length) << 16 | Symbol(match.distance & 0xFFFF))
            for offset in 1..<match.length { insert(position + offset) }
            position += match.length
            pending = longestMatch(at: position)
        }
        return symbols
    }

    /// The symbols of zlib's `deflate_fast`: at each position the longest match through the
    /// chains is taken at once, or the byte as a literal. The same symbols as the lazy path's
    /// helpers would find, written for the answer a client waits for: the chains and the input
    /// are spans (no copy-on-write check per store), a match is measured eight bytes a step, and
    /// the chains' tables are kept between answers (``ChainTables``).
    private static func greedySymbols(_ input: [UInt8], level: Level) -> [Symbol] {
        let count = input.count
        let hashBits = 15
        let mask = windowSize - 1
        var (headTable, previousTable, base) = ChainTables.take(for: count)
        // The tables hold positions plus `base`: what an earlier input wrote is below it, so
        // reads as no position, as a cleared table's -1 would.
        let offset = Int(base)
        var symbols: [Symbol] = []
        symbols.reserveCapacity(count / 3 + 16)
        defer { ChainTables.give(head: headTable, previous: previousTable, base: base + Int32(count)) }
        var head = headTable.mutableSpan
        var previous = previousTable.mutableSpan
        let bytes = input.span
        var position = 0
        while position < count {
            guard position + minimumMatch <= count else {
                symbols.append(Symbol(bytes[position]))
                position += 1
                continue
            }
            // The longest earlier match here (as `longestMatch(at:)`), then this position's
            // place in the chains.
            let key = hash(bytes, position, hashBits)
            let limit = min(maximumMatch, count - position)
            var bestLength = 0
            var bestDistance = 0
            var candidate = Int(head[key]) - offset
            var chain = level.maximumChain
            while candidate >= 0, position - candidate <= windowSize, chain > 0 {
                if bestLength == 0 || bytes[candidate + bestLength] == bytes[position + bestLength] {
                    let length = matchLength(bytes, candidate, position, limit: limit)
                    if length > bestLength {
                        bestLength = length
                        bestDistance = position - candidate
                        if length >= level.niceMatch || length == limit { break }
                    }
                }
                let next = Int(previous[candidate & mask]) - offset
                guard next < candidate else { break }
                candidate = next
                chain -= 1
            }
            previous[position & mask] = head[key]
            head[key] = Int32(position + offset)
            guard bestLength >= minimumMatch else {
                symbols.append(Symbol(bytes[position]))
                position += 1
                continue
            }
            symbols.append(0x8000_0000 | Symbol(bestLength) << 16 | Symbol(bestDistance & 0xFFFF))
            if bestLength <= level.maximumInsert {
                for inserted in position + 1..<position + bestLength where inserted + minimumMatch <= count {
                    let key = hash(bytes, inserted, hashBits)
                    previous[inserted & mask] = head[key]
                    head[key] = Int32(inserted + offset)
                }
            }
            position += bestLength
        }
        return symbols
    }

    /// The greedy path's hash chains, kept between answers: made afresh, each 128 KiB table
    /// came from `mmap` (over glibc's threshold), its pages faulted in and cleared by the kernel
    /// and then filled again, for every answer. Two pairs kept hold 512 KiB once a query
    /// answer has been gzipped. A kept pair is not cleared either: clearing the head table, 128
    /// KiB, cost more than compressing a page of a few kilobytes. Each input's positions are
    /// written plus a base above every value an earlier input wrote, so those read as none.
    enum ChainTables {
        /// At most this many pairs are kept, one per thread compressing at once.
        static let kept = 2
        /// Pairs of tables: the newest position of each hash plus the base (below the base:
        /// none), and each window slot's next older position of the same hash; and the base the
        /// next input's positions are written above.
        private static let pool = Locked<[([Int32], [Int32], Int32)]>([])

        /// A head table where every hash reads as empty for an input of `count` bytes, a
        /// window's chain slots, and the base to add to positions: kept ones when there are and
        /// this input's positions fit above their base in 32 bits, otherwise new ones. The chain slots are
        /// never cleared: a slot is read only after the position of this input that owns it
        /// wrote it.
        static func take(for count: Int) -> (head: [Int32], previous: [Int32], base: Int32) {
            guard let tables = pool.withLock({ $0.popLast() }), Int(tables.2) <= Int(Int32.max) - count - 1 else {
                return ([Int32](repeating: -1, count: 1 << 15), [Int32](repeating: -1, count: windowSize), 0)
            }
            return tables
        }

        /// Keeps the tables for the next answer, whose positions go above `base`, unless enough
        /// are kept.
        static func give(head: [Int32], previous: [Int32], base: Int32) {
            pool.withLock { pairs in
                if pairs.count < kept { pairs.append((head, previous, base)) }
            }
        }
    }

    /// The hash chains' key of the three bytes at `position`.
    @inline(__always)
    private static func hash(_ bytes: Span<UInt8>, _ position: Int, _ hashBits: Int) -> Int {
        let value = UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2])
        return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
    }

    /// How many bytes from `candidate` equal those from `position`, at most `limit`: eight a
    /// step while eight remain, the first differing byte found from the two words' difference.
    @inline(__always)
    private static func matchLength(_ bytes: Span<UInt8>, _ candidate: Int, _ position: Int, limit: Int) -> Int {
        var length = 0
        let count = bytes.count
        while length + 8 <= limit, position + length + 8 <= count {
            let difference =
                CLibrary.littleEndianWord(bytes, at: candidate + length)
                ^ CLibrary.littleEndianWord(bytes, at: position + length)
            if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
            length += 8
        }
        while length < limit, bytes[candidate + length] == bytes[position + length] { length += 1 }
        return length
    }

    // MARK: - Blocks

    private static func writeDynamicBlock(
        _ symbols: ArraySlice<Symbol>, input: [UInt8], isFinal: Bool, to writer: inout BitWriter
    ) {
        let tables = CodeTables.shared
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        do {
            // Spans: a count is a load and a store, without a copy-on-write check each time.
            var literals = literalFrequencies.mutableSpan
            var distances = distanceFrequencies.mutableSpan
            let lengthIndices = tables.lengthIndices.span
            for symbol in symbols {
                if symbol & 0x8000_0000 == 0 {
                    literals[Int(symbol)] &+= 1
                } else {
                    let (length, distance) = Self.match(symbol)
                    literals[257 + Int(lengthIndices[length])] &+= 1
                    distances[tables.distanceIndex(distance)] &+= 1
                }
            }
        }
        literalFrequencies[256] = 1
        let literalLengths = HuffmanCode.lengths(literalFrequencies, limit: 15)
        let distanceLengths = HuffmanCode.lengths(distanceFrequencies, limit: 15)
        let literalCodes = HuffmanCode.codes(literalLengths)
        let distanceCodes = HuffmanCode.codes(distanceLengths)

        var literalCount = 286
        while literalCount > 257, literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1, distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }

        // The code lengths, run-length coded (RFC 1951 §3.2.7): 16 repeats the previous length
        // 3–6 times, 17 and 18 give 3–10 and 11–138 zeros.
        let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
        var runs: [(symbol: Int, extra: Int, extraBits: Int)] = []
        var index = 0
        while index < all.count {
            let value = all[index]
            var run = 1
            while index + run < all.count, all[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let take = min(run, 138)
                    runs.append((18, take - 11, 7))
                    run -= take
                }
                if run >= 3 {
                    runs.append((17, run - 3, 3))
                    run = 0
                }
                while run > 0 {
                    runs.append((0, 0, 0))
                    run -= 1
                }
            } else {
                runs.append((Int(value), 0, 0))
                run -= 1
                while run >= 3 {
                    let take = min(run, 6)
                    runs.append((16, take - 3, 2))
                    run -= take
                }
                while run > 0 {
                    runs.append((Int(value), 0, 0))
                    run -= 1
                }
            }
        }
        var lengthFrequencies = [Int](repeating: 0, count: 19)
        for run in runs { lengthFrequencies[run.symbol] += 1 }
        let lengthLengths = HuffmanCode.lengths(lengthFrequencies, limit: 7)
        let lengthCodes = HuffmanCode.codes(lengthLengths)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var lengthCount = 19
        while lengthCount > 4, lengthLengths[order[lengthCount - 1]] == 0 { lengthCount -= 1 }

        writer.write(isFinal ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)
        writer.write(UInt32(literalCount - 257), bits: 5)
        writer.write(UInt32(distanceCount - 1), bits: 5)
        writer.write(UInt32(lengthCount - 4), bits: 4)
        for position in 0..<lengthCount { writer.write(UInt32(lengthLengths[order[position]]), bits: 3) }
        for run in runs {
            writer.write(lengthCodes[run.symbol], bits: Int(lengthLengths[run.symbol]))
            if run.extraBits > 0 { writer.write(UInt32(run.extra), bits: run.extraBits) }
        }

        writeSymbols(
            symbols, literalCodes: literalCodes, literalLengths: literalLengths, distanceCodes: distanceCodes,
            distanceLengths: distanceLengths, to: &writer)
        writer.write(literalCodes[256], bits: Int(literalLengths[256]))
    }

    /// A block's symbols in its codes: the bits each symbol's code and extra bits make, put
    /// together from tables made once per block (a match length's code and extra bits are one
    /// entry) and written through the writer's bits in registers, in the same order and so the
    /// same bytes as one `write` per code and per extra field.
    private static func writeSymbols(
        _ symbols: ArraySlice<Symbol>, literalCodes: [UInt32], literalLengths: [UInt8], distanceCodes: [UInt32],
        distanceLengths: [UInt8], to writer: inout BitWriter
    ) {
        let tables = CodeTables.shared
        // Each match length's code followed by its extra bits (at most 15 + 5 bits).
        var lengthWords = [UInt32](repeating: 0, count: maximumMatch + 1)
        var lengthBits = [UInt8](repeating: 0, count: maximumMatch + 1)
        for length in minimumMatch...maximumMatch {
            let (code, extra, extraBits) = tables.lengthCode(length)
            lengthWords[length] = literalCodes[code] | UInt32(extra) << UInt32(literalLengths[code])
            lengthBits[length] = literalLengths[code] + UInt8(extraBits)
        }
        let literalCodeSpan = literalCodes.span
        let literalLengthSpan = literalLengths.span
        let distanceCodeSpan = distanceCodes.span
        let distanceLengthSpan = distanceLengths.span
        let lengthWordSpan = lengthWords.span
        let lengthBitSpan = lengthBits.span
        let distanceBases = tables.distanceBases.span
        let distanceExtraBits = tables.distanceExtraBits.span
        var bits = writer.takeBits()
        for symbol in symbols {
            if symbol & 0x8000_0000 == 0 {
                bits.add(UInt64(literalCodeSpan[Int(symbol)]), count: Int(literalLengthSpan[Int(symbol)]))
                bits.flush(to: &writer.bytes)
                continue
            }
            let (length, distance) = Self.match(symbol)
            bits.add(UInt64(lengthWordSpan[length]), count: Int(lengthBitSpan[length]))
            bits.flush(to: &writer.bytes)
            // A distance's code and its extra bits: at most 15 + 13 bits.
            let index = tables.distanceIndex(distance)
            let codeLength = Int(distanceLengthSpan[index])
            let extra = UInt64(distance - distanceBases[index]) << UInt64(codeLength)
            bits.add(UInt64(distanceCodeSpan[index]) | extra, count: codeLength + distanceExtraBits[index])
            bits.flush(to: &writer.bytes)
        }
        writer.giveBits(bits)
    }

    private static func match(_ symbol: Symbol) -> (length: Int, distance: Int) {
        let distance = Int(symbol & 0xFFFF)
        return (Int((symbol >> 16) & 0x1FF), distance == 0 ? windowSize : distance)
    }

    // MARK: - Length and distance codes (RFC 1951 §3.2.5)

    static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The length symbol (257–285) of a match length, with its extra bits.
    static func lengthCode(_ length: Int) -> (code: Int, extra: Int, extraBits: Int) {
        CodeTables.shared.lengthCode(length)
    }

    /// The distance symbol (0–29) of a match distance, with its extra bits.
    static func distanceCode(_ distance: Int) -> (code: Int, extra: Int, extraBits: Int) {
        CodeTables.shared.distanceCode(distance)
    }

    /// The tables behind ``lengthCode(_:)`` and ``distanceCode(_:)``, held in one value that a
    /// block reads once: a symbol's code is a lookup, not a search of the bases, and not a
    /// check that a global is made per symbol.
    struct CodeTables: Sendable {
        static let shared = CodeTables()

        let lengthBases = DeflateEncoder.lengthBases
        let lengthExtraBits = DeflateEncoder.lengthExtraBits
        let distanceBases = DeflateEncoder.distanceBases
        let distanceExtraBits = DeflateEncoder.distanceExtraBits
        /// Each match length's place in the length bases (0–258; below 3 unused).
        let lengthIndices: [UInt8] = (0...DeflateEncoder.maximumMatch).map { length in
            // 258 has a code of its own (285), though 227 + 31 would also reach it.
            var index = DeflateEncoder.lengthBases.count - 1
            while index > 0, DeflateEncoder.lengthBases[index] > length { index -= 1 }
            return UInt8(index)
        }
        /// The place in the distance bases of each distance up to 256 (0 unused), as zlib's `_dist_code`.
        let nearDistanceIndices: [UInt8] = (0...256).map { DeflateEncoder.distanceIndex(of: $0) }
        /// The place in the distance bases of the distances past 256, by `(distance - 1) >> 7`.
        let farDistanceIndices: [UInt8] = (0..<(DeflateEncoder.windowSize >> 7)).map {
            DeflateEncoder.distanceIndex(of: $0 << 7 + 1)
        }

        @inline(__always)
        func lengthCode(_ length: Int) -> (code: Int, extra: Int, extraBits: Int) {
            let index = Int(lengthIndices[length])
            return (257 + index, length - lengthBases[index], lengthExtraBits[index])
        }

        @inline(__always)
        func distanceCode(_ distance: Int) -> (code: Int, extra: Int, extraBits: Int) {
            let index = distanceIndex(distance)
            return (index, distance - distanceBases[index], distanceExtraBits[index])
        }

        /// A distance's place in the distance bases, its symbol.
        @inline(__always)
        func distanceIndex(_ distance: Int) -> Int {
            // Past 256 every base less one is a multiple of 128, so the distance's 128s decide.
            Int(distance <= 256 ? nearDistanceIndices[distance] : farDistanceIndices[(distance - 1) >> 7])
        }
    }

    fileprivate static func distanceIndex(of distance: Int) -> UInt8 {
        var index = distanceBases.count - 1
        while index > 0, distanceBases[index] > distance { index -= 1 }
        return UInt8(index)
    }
}

/// Bits written least significant first into bytes, as DEFLATE packs them (RFC 1951 §3.1.1).
struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// The bits not yet written as bytes, for a loop that keeps them in a local value; the
    /// writer takes them back with ``giveBits(_:)`` before it is written to again.
    mutating func takeBits() -> PendingBits {
        defer { (buffer, count) = (0, 0) }
        return PendingBits(buffer: buffer, count: count)
    }

    /// Takes back the bits ``takeBits()`` lent.
    mutating func giveBits(_ bits: PendingBits) {
        precondition(count == 0, "bits written while lent")
        (buffer, count) = (bits.buffer, bits.count)
    }

    /// Fewer than 32 bits waiting for their bytes, as a local value: a loop adds at most 32 bits
    /// and flushes, so at most 63 wait.
    struct PendingBits {
        var buffer: UInt64
        var count: Int

        /// Appends the low `count` bits of `value` (at most 32, and nothing above them).
        @inline(__always)
        mutating func add(_ value: UInt64, count added: Int) {
            buffer |= value &<< UInt64(count)
            count &+= added
        }

        /// Writes four bytes once 32 bits wait, as ``BitWriter/write(_:bits:)`` does.
        @inline(__always)
        mutating func flush(to bytes: inout [UInt8]) {
            guard count >= 32 else { return }
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            buffer &>>= 32
            count &-= 32
        }
    }

    /// Appends the low `bits` bits (at most 32) of `value`.
    @inline(__always)
    mutating func write(_ value: UInt32, bits: Int) {
        buffer |= UInt64(value & UInt32(truncatingIfNeeded: (1 << bits) - 1)) << UInt64(count)
        count += bits
        // Four bytes at a time once 32 bits wait: the same bytes as one at a time, in fewer appends.
        if count >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            buffer >>= 32
            count -= 32
        }
    }

    /// Writes the bits still waiting, the last byte padded with zero bits.
    mutating func flush() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count = max(0, count - 8)
        }
        buffer = 0
        count = 0
    }
}
