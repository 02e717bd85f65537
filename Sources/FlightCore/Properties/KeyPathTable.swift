import Foundation

/// The layer properties Flight knows, found by key path through open addressing on an FNV-1a
/// hash of the key path's bytes: a few instructions a byte for the short key paths of layer
/// properties, where hashing a string for a dictionary costs a few hundred in all.
struct KeyPathTable: Sendable {
    /// Each slot holds a property or nothing; a key path's search starts at its hash and goes on
    /// to the next slot until it finds it or an empty slot.
    private let slots: [LayerProperty?]
    /// `slots.count − 1`: the count is a power of two.
    private let mask: Int

    /// A table of `properties`, whose key paths must differ.
    init(_ properties: some Collection<LayerProperty>) {
        // At most a quarter full, so that a search rarely goes past its first slot.
        var count = 8
        while count < 4 * properties.count { count *= 2 }
        var slots = [LayerProperty?](repeating: nil, count: count)
        for property in properties {
            var slot = Self.hash(property.keyPath) & (count - 1)
            while slots[slot] != nil { slot = (slot + 1) & (count - 1) }
            slots[slot] = property
        }
        self.slots = slots
        mask = count - 1
    }

    /// The property whose key path is `keyPath`, or nil.
    func property(named keyPath: String) -> LayerProperty? {
        var slot = Self.hash(keyPath) & mask
        while let property = slots[slot] {
            if property.keyPath == keyPath { return property }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The 64-bit FNV-1a hash of the key path's UTF-8 bytes.
    private static func hash(_ keyPath: String) -> Int {
        // Read in place where the string's bytes are contiguous (native strings, small ones
        // included): stepping through `utf8` costs several times as much a byte, and a copy to
        // read through `withUTF8` retains and releases the string.
        if let hash = keyPath.utf8.withContiguousStorageIfAvailable(hash(of:)) { return hash }
        return Array(keyPath.utf8).withUnsafeBufferPointer(hash(of:))
    }

    private static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
