@_exported import FlightEasing

/// The namespace for package-wide facts about Flight.
///
/// `FlightCore` re-exports ``FlightEasing``, so `import FlightCore` is the only import an app
/// needs. The group animator, values, keyframes, triggers and hosts arrive in this module.
public enum Flight {
    /// The version of the Flight package.
    public static let version = "0.1.0-dev"
}
