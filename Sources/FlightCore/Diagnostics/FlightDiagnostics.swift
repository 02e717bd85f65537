import Foundation

/// Where Flight reports problems. By default each one is printed once to standard error
/// (prefixed `[Flight]`); install your own handler to route them to your logging, or to collect
/// them in tests.
///
/// ```swift
/// FlightDiagnostics.handler = { error in logger.warning("\(error)") }
/// ```
@MainActor
public enum FlightDiagnostics {
    /// Receives every problem Flight reports.
    public static var handler: @MainActor (FlightError) -> Void = defaultHandler

    /// The default handler: prints the problem to standard error.
    public static let defaultHandler: @MainActor (FlightError) -> Void = { error in
        var standardError = StandardError()
        print("[Flight] \(error)", to: &standardError)
    }

    static func report(_ error: FlightError) {
        handler(error)
    }
}

private struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
