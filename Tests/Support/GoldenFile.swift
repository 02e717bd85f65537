import Foundation

/// Loads the golden files a test target ships under `Golden/` (its `Bundle.module`).
public enum GoldenFile {
    /// Decodes `Golden/<name>.json` from `bundle`.
    public static func load<T: Decodable>(_ type: T.Type, _ name: String, in bundle: Bundle) throws -> T {
        guard let url = bundle.url(forResource: name, withExtension: "json", subdirectory: "Golden") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Golden/\(name).json"])
        }
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }
}
