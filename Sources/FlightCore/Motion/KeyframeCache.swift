import FlightEasing
import Foundation

/// Keyframes fitted recently, so that animating the same move again (a toggle between two
/// states, a list of cells animating alike) costs a look-up instead of a fit.
///
/// Two kinds of entries, both exactly what a fresh fit would give:
/// - along a straight path, the fit depends only on the progress curve and on the tolerance
///   relative to the travel, so it is kept in progress (0 at the start, 1 at the end) and mapped
///   onto any pair of values that moves the same way (on a timing curve, that tolerance is
///   stepped down to one of 32 steps per doubling first, so that travels a little apart share
///   a fit: `ValueMotion.steppedTolerance(_:)`);
/// - along a curved path (colours, transforms), the fit depends on the values themselves, so it
///   is kept for those values.
///
/// At most ``capacity`` entries of each kind are kept; the oldest goes first (the last few kept
/// or found, ``recentCount`` of each kind, first in first out, stay at hand a little longer).
/// Safe to use from any thread.
package final class KeyframeCache: @unchecked Sendable {
    /// The cache every fit uses.
    package static let shared = KeyframeCache()

    /// The most entries kept of each kind.
    package static let capacity = 64

    /// An empty cache (Flight keeps one, ``shared``; tests make their own).
    package init() {}

    /// What a progress fit depends on: the progress curve (an easing, or a physical motion
    /// from its start velocity) and the tolerance as a fraction of the travel.
    package struct ProgressKey: Hashable {
        var easing: Easing
        var velocity: Double
        var settlingFraction: Double
        /// The tolerance: relative to the travel for a progress fit, in display units along a
        /// curved path.
        var tolerance: Double

        /// The key of a fit of `easing` from `velocity`, settling to `settlingFraction`, within
        /// `tolerance`.
        package init(easing: Easing, velocity: Double, settlingFraction: Double, tolerance: Double) {
            (self.easing, self.velocity, self.settlingFraction, self.tolerance) = (easing, velocity, settlingFraction, tolerance)
        }

        /// The numbers first: they tell most keys apart, and cost a fraction of comparing
        /// easings.
        package static func == (a: ProgressKey, b: ProgressKey) -> Bool {
            a.tolerance == b.tolerance && a.velocity == b.velocity && a.settlingFraction == b.settlingFraction
                && a.easing == b.easing
        }

        /// Every field, as ``==`` compares them.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(easing)
            hasher.combine(velocity)
            hasher.combine(settlingFraction)
            hasher.combine(tolerance)
        }
    }

    /// What a fit along a curved path depends on: the values, the progress curve and the
    /// absolute tolerance.
    package struct PathKey: Hashable {
        var type: ObjectIdentifier
        var from: PathFitIdentity
        var to: PathFitIdentity
        var progress: ProgressKey

        /// The key of a fit of `Value`s from `from` to `to` whose progress moves as `progress` says.
        package init<Value: AnimatableValue>(_ type: Value.Type, from: PathFitIdentity, to: PathFitIdentity, progress: ProgressKey) {
            (self.type, self.from, self.to, self.progress) = (ObjectIdentifier(type), from, to, progress)
        }

        /// The cheapest fields first, the easing (in ``progress``) last.
        package static func == (a: PathKey, b: PathKey) -> Bool {
            a.type == b.type && a.to == b.to && a.from == b.from && a.progress == b.progress
        }

        /// Every field, as ``==`` compares them.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(from)
            hasher.combine(to)
            hasher.combine(progress)
        }
    }

    /// A fit along a curved path, of the value type its key names.
    private final class PathFit<Value: AnimatableValue>: Sendable {
        let keyframes: Keyframes<Value>
        init(_ keyframes: Keyframes<Value>) { self.keyframes = keyframes }
    }

    // The stores are read and written only inside `lock`'s closures, which keeps their accesses
    // apart, across threads too, where the run-time exclusivity check would not see a conflict
    // anyway; so that check, two on every look-up, is left out. (A fit is made outside the
    // lock, with no access to a store open.)
    private let lock = NSLock()
    /// Progress fits. A group's properties, and cells animating alike, ask for the same few one
    /// after another, which the store's recent ones serve. (Keys are compared in place, as
    /// copying an easing out of one costs more than the comparison.)
    @exclusivity(unchecked) private var progressFits = Store<ProgressKey, Keyframes<Double>>()
    /// Fits along curved paths, each a ``PathFit`` of the value type its key names.
    @exclusivity(unchecked) private var pathFits = Store<PathKey, AnyObject>()

    /// How many fits of each kind, the last kept or found, are compared before a store's
    /// dictionary is looked in.
    package static let recentCount = 4

    /// The progress fit for `key`, fitted by `fit` if it is not kept; nil (and nothing kept)
    /// when `fit` gives up. (The lock is taken once to look, and once more only to keep a fit.)
    package func progressFit(_ key: ProgressKey, fit: () -> Keyframes<Double>?) -> Keyframes<Double>? {
        if let found = lock.withLock({ progressFits.found(key) }) { return found }
        guard let fitted = fit() else { return nil }
        lock.withLock { progressFits.keep(fitted, for: key) }
        return fitted
    }

    /// The fit along a curved path for `key`, fitted by `fit` if it is not kept, and then kept
    /// (`briefly`: only among the store's few recent fits, ``recentCount``, so that it serves
    /// moves asked for at once without pushing out a fit kept for later); nil (and nothing
    /// kept) when `fit` gives up.
    package func pathFit<Value: AnimatableValue>(
        _ key: PathKey, briefly: Bool = false, fit: () -> Keyframes<Value>?
    ) -> Keyframes<Value>? {
        precondition(key.type == ObjectIdentifier(Value.self), "a path fit is kept under its own value type")
        // The key names the value type, so the entry is a fit of this type.
        if let found = lock.withLock({ pathFits.found(key) }) { return unsafeDowncast(found, to: PathFit<Value>.self).keyframes }
        guard let fitted = fit() else { return nil }
        lock.withLock { pathFits.keep(PathFit(fitted), for: key, briefly: briefly) }
        return fitted
    }

    /// The fits of one kind: at most ``capacity`` by key, the oldest going first, and the last
    /// few kept or found at hand.
    private struct Store<Key: Hashable, Stored> {
        private var fits: [Key: Stored] = [:]
        private var order = KeyRing<Key>()
        private var recent = RecentFits<Key, Stored>()

        /// The fit for `key` among the recent ones or in the dictionary (then made one of the
        /// recent ones), if kept.
        mutating func found(_ key: Key) -> Stored? {
            if let recentFit = recent.fit(for: key) { return recentFit }
            guard let stored = fits[key] else { return nil }
            recent.insert(key, stored)
            return stored
        }

        /// Keeps `fitted` for `key`, forgetting the oldest fit once more than ``capacity`` are
        /// kept; `briefly`, only among the recent ones.
        mutating func keep(_ fitted: Stored, for key: Key, briefly: Bool = false) {
            if !briefly, fits.updateValue(fitted, forKey: key) == nil,
               let oldest = order.append(key, capacity: KeyframeCache.capacity) {
                fits[oldest] = nil
            }
            recent.insert(key, fitted)
        }

        /// Forgets every fit, keeping the storage.
        mutating func removeAll() {
            fits.removeAll(keepingCapacity: true)
            order.removeAll()
            recent.removeAll()
        }
    }

    /// The last few fits kept or found, the oldest replaced first.
    private struct RecentFits<Key: Equatable, Fit> {
        private var keys: [Key] = []
        private var fits: [Fit] = []
        /// Where the next fit goes once the list is full.
        private var next = 0

        init() {
            keys.reserveCapacity(KeyframeCache.recentCount)
            fits.reserveCapacity(KeyframeCache.recentCount)
        }

        /// Where the last fit found or kept is: looked at first, as a group's properties often
        /// ask for one fit one after another (a position and an opacity on one easing).
        private var last = 0

        /// The fit kept for `key`, if it is among them.
        mutating func fit(for key: Key) -> Fit? {
            if last < keys.count && keys[last] == key { return fits[last] }
            for index in keys.indices where index != last && keys[index] == key {
                last = index
                return fits[index]
            }
            return nil
        }

        /// Keeps `fit` for `key`, in place of the oldest once they are full. (Two threads that
        /// fitted one key at once keep it twice: the same fit, found either way.)
        mutating func insert(_ key: Key, _ fit: Fit) {
            guard keys.count == KeyframeCache.recentCount else {
                last = keys.count
                keys.append(key)
                fits.append(fit)
                return
            }
            keys[next] = key
            fits[next] = fit
            last = next
            next = (next + 1) % keys.count
        }

        /// Forgets every fit, keeping the storage.
        mutating func removeAll() {
            keys.removeAll(keepingCapacity: true)
            fits.removeAll(keepingCapacity: true)
            (next, last) = (0, 0)
        }
    }

    /// The keys of a store in the order they were kept, at most `capacity` of them: a ring, so
    /// that keeping one more and forgetting the oldest moves no other key.
    struct KeyRing<Key> {
        private var keys: [Key] = []
        /// Where the oldest key is, once the ring is full.
        private var oldest = 0

        /// Adds `key`, and returns the oldest key, forgotten, if the ring held `capacity` already.
        mutating func append(_ key: Key, capacity: Int) -> Key? {
            guard keys.count >= capacity, capacity > 0 else {
                keys.append(key)
                return nil
            }
            let forgotten = keys[oldest]
            keys[oldest] = key
            oldest = (oldest + 1) % keys.count
            return forgotten
        }

        /// Forgets every key, keeping the storage.
        mutating func removeAll() {
            keys.removeAll(keepingCapacity: true)
            oldest = 0
        }
    }

    /// Forgets everything, keeping the storage (for benchmarks of the fit itself, and tests).
    package func removeAll() {
        lock.withLock {
            progressFits.removeAll()
            pathFits.removeAll()
        }
    }
}

/// Flight's caches, for tools that measure the work they save.
@_spi(Benchmarks) public enum FlightCaches {
    /// Forgets every keyframe fit Flight keeps, keeping the storage they used, so that fits
    /// started afterwards are computed afresh: for a benchmark of the fits themselves. (A fit
    /// under way on another thread meanwhile is kept when it ends.)
    public static func removeAllKeyframeFits() {
        KeyframeCache.shared.removeAll()
    }
}

/// Everything that tells one value of a curved-path type from another, without boxing it: its
/// components and whatever else its path depends on (a colour's spaces).
package struct PathFitIdentity: Hashable {
    package var components: SIMD16<Double>
    package var extra: Int

    /// Lane by lane: the synthesized comparison goes through `SIMD`'s generic `==`, which
    /// reads each lane through the protocol (about a thousand instructions a key compared).
    package static func == (a: PathFitIdentity, b: PathFitIdentity) -> Bool {
        guard a.extra == b.extra else { return false }
        for lane in 0..<a.components.scalarCount where a.components[lane] != b.components[lane] { return false }
        return true
    }

    /// One word, ``folded``: the 17 words fed to the hasher one by one cost more than the rest
    /// of a cached `animate` of a colour.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(folded)
    }

    /// The identity in one word (an FNV-style fold of the lanes' bits, a word at a time, zero's
    /// two signs alike, as `==` has them): equal identities fold alike; a weak hash, which is
    /// enough for a store of a few dozen fits that `==` decides.
    package var folded: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bitPattern: Int64(extra))
        for lane in 0..<components.scalarCount {
            hash = (hash ^ (components[lane] + 0).bitPattern) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

extension PathFitIdentity {
    /// The identity of a value whose keyframe fits ``KeyframeCache`` keeps along its curved
    /// path (a colour or a transform), or nil for other types. The type is told from its
    /// metadata, so that specialized code decides this at compile time.
    package init?<Value: AnimatableValue>(_ value: Value) {
        if let color = value.unboxed(as: Color.self) {
            let spaces = Color.Space.allCases.firstIndex(of: color.space) ?? 0
            let mixes = Color.Interpolation.allCases.firstIndex(of: color.interpolation) ?? 0
            self.init(components: value.components, extra: spaces * 16 + mixes)
        } else if Value.self == Transform3D.self || Value.self == Transform2D.self {
            self.init(components: value.components, extra: 0)
        } else {
            return nil
        }
    }

    /// The components in the first lanes, and `extra`.
    private init<Components: SIMD>(components: Components, extra: Int) where Components.Scalar == Double {
        var lanes = SIMD16<Double>.zero
        for index in 0..<components.scalarCount { lanes[index] = components[index] }
        self.init(components: lanes, extra: extra)
    }
}
