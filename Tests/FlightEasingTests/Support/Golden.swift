import Foundation
@_exported import FlightTestSupport

/// The golden files under `Golden/`, written by `Scripts/golden/generate.py` from independent
/// implementations (pytweening, mpmath, scipy's ODE integrator, a per-millisecond recurrence).
enum Golden {
    static func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try GoldenFile.load(type, name, in: .module)
    }
}
