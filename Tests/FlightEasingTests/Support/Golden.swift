import Foundation
import Testing
@_exported import FlightTestSupport

/// The parent of every FlightEasing suite (declare one as `extension EasingSuites { @Suite(...) struct … }`).
///
/// Its tests run one at a time, beside FlightCore's two chains of suites, so that the few tests
/// running at once never outnumber two cores and each reports its own time, not time spent
/// waiting for a thread.
@Suite("FlightEasing, one test at a time", .serialized)
enum EasingSuites {}

/// The golden files under `Golden/`, written by `Scripts/golden/generate.py` from independent
/// implementations (pytweening, mpmath, scipy's ODE integrator, a per-millisecond recurrence).
enum Golden {
    static func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try GoldenFile.load(type, name, in: .module)
    }
}
