import Foundation
import Testing

/// Whether `actual` is within `absolute` or `relative × max(|actual|, |expected|)` of `expected`.
func isClose(_ actual: Double, _ expected: Double, absolute: Double = 0, relative: Double = 0) -> Bool {
    if actual == expected { return true }
    let difference = abs(actual - expected)
    return difference <= absolute || difference <= relative * max(abs(actual), abs(expected))
}

/// Records a failure at the caller unless `actual` is close to `expected`.
func expectClose(
    _ actual: Double, _ expected: Double, absolute: Double = 0, relative: Double = 0,
    _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        isClose(actual, expected, absolute: absolute, relative: relative),
        "\(comment()) got \(actual), expected \(expected)",
        sourceLocation: sourceLocation
    )
}

/// A small seeded random number generator for property tests.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
}

/// Golden files under `Golden/`, captured from real browsers by `Scripts/browser-golden/`.
enum Golden {
    static func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Golden/\(name).json"])
        }
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}
