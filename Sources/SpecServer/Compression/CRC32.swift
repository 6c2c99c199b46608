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
        var crc: UInt32 = 0xFFFF_FFFF
        // Eight bytes a step, then the rest one at a time: a byte a step was a fifth of a
        // never-seen gzip answer's cost.
        let slices = Self.slices
        var index = 0
        while index + 8 <= bytes.count {
            let low =
                crc
                ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                    | UInt32(bytes[index + 3]) << 24)
            let high =
                UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16
                | UInt32(bytes[index + 7]) << 24
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
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum a byte at a time: what ``checksum(_:)`` must equal (the tests compare them).
    static func checksumByteByByte(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
