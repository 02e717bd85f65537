import Foundation

/// The model values of a ``HeadlessLayer``, by key path: a whole or a custom property each (a
/// part is written into its whole).
///
/// A layer holds a few of them, so they are kept in a list and found by comparing key paths:
/// a short key path compares in a few instructions, where hashing it for a dictionary costs
/// a few hundred. Past ``indexedCount`` entries (a layer with many custom key paths) a
/// dictionary of positions is kept as well, so that a look-up stays bounded.
struct HeadlessModel {
    /// The key paths, in the order they were first set.
    private var keyPaths: [String] = []
    /// The values, at the positions of their key paths.
    var values: [any AnimatableValue] = []
    /// The position of each key path, once there are more than ``indexedCount``.
    private var positions: [String: Int]?

    /// How many entries are searched one by one before a dictionary of positions is kept.
    static var indexedCount: Int { 32 }

    /// Makes room for `count` entries.
    mutating func reserveCapacity(_ count: Int) {
        keyPaths.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// The position of `keyPath`'s value in ``values``, or nil if it was never set.
    ///
    /// Inlined: called on a layer's stored model, a call would copy the model (retaining its
    /// lists) for the call's duration.
    @inline(__always)
    func index(of keyPath: String) -> Int? {
        if let positions { return positions[keyPath] }
        for index in keyPaths.indices where keyPaths[index] == keyPath { return index }
        return nil
    }

    /// The value stored for `keyPath`, or nil if it was never set.
    subscript(keyPath: String) -> (any AnimatableValue)? {
        index(of: keyPath).map { values[$0] }
    }

    /// Stores `value` for `keyPath` (a model value, once set, stays: there is no removing it).
    /// Not optional: an optional existential is copied through the run time's generic code.
    mutating func set(_ value: any AnimatableValue, forKeyPath keyPath: String) {
        if let index = index(of: keyPath) {
            values[index] = value
            return
        }
        keyPaths.append(keyPath)
        values.append(value)
        if positions != nil {
            positions?[keyPath] = keyPaths.count - 1
        } else if keyPaths.count > Self.indexedCount {
            positions = Dictionary(uniqueKeysWithValues: zip(keyPaths, keyPaths.indices))
        }
    }
}
