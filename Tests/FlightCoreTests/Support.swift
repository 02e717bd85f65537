import Foundation
import Testing
@_exported import FlightTestSupport

/// Golden files under `Golden/`, captured from real browsers by `Scripts/browser-golden/`.
enum Golden {
    static func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Golden") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Golden/\(name).json"])
        }
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}
