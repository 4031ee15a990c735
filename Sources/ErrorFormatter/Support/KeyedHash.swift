/// The keyed hash of byte strings that the library indexes by: table keys (`PropertyListKeyIndex`)
/// and the C layer's memos of callers' arguments (`ConcurrentByteCache`). wyhash (final
/// version 4) with secrets drawn from the system's random source once per process.
///
/// Why not `Hasher`: SipHash-1-3 plus `Hasher`'s buffering cost about as much as the rest of a
/// dictionary insertion, and parsing a table is mostly insertions. wyhash reads 16 bytes per
/// 64×64→128-bit multiply and needs no state beyond three words.
///
/// Why this is still safe against hash flooding (a hostile table crafted so that all keys
/// collide, making the index quadratic): every input word is XORed with a secret before it is
/// multiplied, and the secrets are random per process and never leave it, so an attacker cannot
/// predict which keys collide. It is weaker than SipHash (it is not a PRF, and a key whose word
/// happens to equal a secret collapses a product to 0), which is acceptable for an in-memory
/// index: it only has to keep collisions unpredictable, and nobody sees the hash values.
/// An unkeyed hash (FNV, plain wyhash with its public default secrets) would not be.
enum KeyedHash {
    /// The per-process secrets (wyhash's `secret[0]`, `secret[1]` and its seed, already
    /// mixed as wyhash does on entry; the secrets are odd so that no multiplier is even).
    struct Secrets: Sendable {
        let first: UInt64
        let second: UInt64
        let seed: UInt64

        init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
            first = generator.next() | 1
            second = generator.next() | 1
            let seed: UInt64 = generator.next()
            self.seed = seed ^ KeyedHash.mix(seed ^ first, second)
        }
    }

    /// Drawn once, on first use (a global `let` is initialized lazily and thread-safely).
    static let secrets: Secrets = {
        var generator = SystemRandomNumberGenerator()
        return Secrets(using: &generator)
    }()

    /// The hash of `bytes` under `secrets`.
    ///
    /// Every load below reads inside `bytes`: the branches guarantee `count` ≥ the bytes read
    /// (≥ 4 for the four-byte reads at `count - 4`, > 16 in the loop, ≥ 16 for the final two
    /// eight-byte reads, ≥ 1 for the three single bytes).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, secrets: Secrets) -> UInt64 {
        let count = bytes.count
        let length = UInt64(truncatingIfNeeded: count)
        var seed = secrets.seed
        var a: UInt64 = 0
        var b: UInt64 = 0
        if let base = bytes.baseAddress, count > 0 {
            if count <= 16 {
                if count >= 4 {
                    // Two overlapping pairs of four-byte reads cover 4…16 bytes.
                    let step = (count >> 3) << 2
                    a = read4(base, 0) << 32 | read4(base, step)
                    b = read4(base, count - 4) << 32 | read4(base, count - 4 - step)
                } else {
                    a = UInt64(base.load(as: UInt8.self)) << 16
                        | UInt64(base.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
                        | UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self))
                }
            } else {
                var offset = 0
                while count - offset > 16 {
                    seed = mix(read8(base, offset) ^ secrets.second, read8(base, offset + 8) ^ seed)
                    offset += 16
                }
                a = read8(base, count - 16)
                b = read8(base, count - 8)
            }
        }
        let product = (a ^ secrets.second).multipliedFullWidth(by: b ^ seed)
        return mix(product.low ^ secrets.first ^ length, product.high ^ secrets.second)
    }

    /// The 128-bit product of `x` and `y`, folded to 64 bits.
    @inline(__always)
    static func mix(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }

    @inline(__always)
    private static func read8(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func read4(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
}
