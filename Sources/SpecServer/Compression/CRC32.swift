import SystemSupport

/// The CRC-32 of ISO 3309 and ITU-T V.42, as gzip's trailer carries it (RFC 1952 §8).
enum CRC32 {
    /// The reflected polynomial 0xEDB88320's table, one entry per byte value.
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// Eight tables of 256 for reading eight bytes a step ("slicing by 8"): entry `k * 256 + b`
    /// is the CRC of byte `b` followed by `k` zero bytes.
    private static let slices: [UInt32] = {
        var slices = table + [UInt32](repeating: 0, count: 7 * 256)
        for k in 1..<8 {
            for byte in 0..<256 {
                let previous = slices[(k - 1) * 256 + byte]
                slices[k * 256 + byte] = table[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return slices
    }()

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        finish(update(start, with: bytes.span))
    }

    /// The register before the first byte; ``finish(_:)`` makes a register the checksum.
    static let start: UInt32 = 0xFFFF_FFFF

    /// The checksum of the bytes a register has read.
    static func finish(_ register: UInt32) -> UInt32 { register ^ 0xFFFF_FFFF }

    /// The register after reading `bytes` from `register`: eight bytes a step (one word read),
    /// then the rest one at a time. A byte a step was a fifth of a never-seen gzip answer's cost.
    static func update(_ register: UInt32, with bytes: Span<UInt8>) -> UInt32 {
        var crc = register
        let slices = Self.slices.span
        var index = 0
        while index + 8 <= bytes.count {
            let word = CLibrary.littleEndianWord(bytes, at: index)
            let low = crc ^ UInt32(truncatingIfNeeded: word)
            let high = UInt32(truncatingIfNeeded: word >> 32)
            crc =
                slices[7 * 256 + Int(low & 0xFF)] ^ slices[6 * 256 + Int((low >> 8) & 0xFF)]
                ^ slices[5 * 256 + Int((low >> 16) & 0xFF)] ^ slices[4 * 256 + Int(low >> 24)]
                ^ slices[3 * 256 + Int(high & 0xFF)] ^ slices[2 * 256 + Int((high >> 8) & 0xFF)]
                ^ slices[256 + Int((high >> 16) & 0xFF)] ^ slices[Int(high >> 24)]
            index += 8
        }
        while index < bytes.count {
            crc = slices[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
            index += 1
        }
        return crc
    }

    /// The checksum a byte at a time: what ``checksum(_:)`` must equal (the tests compare them).
    static func checksumByteByByte(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Reading a run of bytes known in advance without reading them again: the register after
    /// them is ``KnownRun/read(after:)``, as ``update(_:with:)`` over them would give.
    ///
    /// The register's step is linear over GF(2) in the register and the byte together, so the
    /// register after the run is the run's register from zero XOR the register a run of as many
    /// zero bytes makes from the register before it, and that is linear in the register: four
    /// tables of 256, one per byte of it (zlib's `crc32_combine` by another route).
    struct KnownRun: Sendable {
        /// The register after the run, read from a register of zero.
        private let fromZero: UInt32
        /// What a run of zero bytes as long makes of each byte value at each of the four places.
        private let shifts: [UInt32]

        init(_ bytes: [UInt8]) {
            fromZero = CRC32.update(0, with: bytes.span)
            // Each of the 32 bits through as many zero bytes, then every byte value from them.
            let zeros = [UInt8](repeating: 0, count: bytes.count)
            let bits = (0..<32).map { CRC32.update(UInt32(1) << UInt32($0), with: zeros.span) }
            var shifts = [UInt32](repeating: 0, count: 4 * 256)
            for place in 0..<4 {
                for value in 1..<256 {
                    var result: UInt32 = 0
                    for bit in 0..<8 where value & (1 << bit) != 0 { result ^= bits[place * 8 + bit] }
                    shifts[place * 256 + value] = result
                }
            }
            self.shifts = shifts
        }

        /// The register after the run, read from `register`.
        func read(after register: UInt32) -> UInt32 {
            fromZero ^ shifts[Int(register & 0xFF)] ^ shifts[256 + Int((register >> 8) & 0xFF)]
                ^ shifts[512 + Int((register >> 16) & 0xFF)] ^ shifts[768 + Int(register >> 24)]
        }
    }
}
