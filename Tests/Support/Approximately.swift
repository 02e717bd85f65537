import Testing

/// Whether `actual` is within `absolute` or `relative × max(|actual|, |expected|)` of `expected`.
public func isApproximatelyEqual(
    _ actual: Double, _ expected: Double, absolute: Double = 0, relative: Double = 0
) -> Bool {
    if actual == expected { return true }
    let difference = abs(actual - expected)
    return difference <= absolute || difference <= relative * max(abs(actual), abs(expected))
}

/// Records a failure at the caller unless `actual` is close to `expected` within the stated
/// absolute or relative tolerance.
public func expectClose(
    _ actual: Double, _ expected: Double, absolute: Double = 0, relative: Double = 0,
    _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let close = isApproximatelyEqual(actual, expected, absolute: absolute, relative: relative)
    #expect(
        close,
        "\(comment()) got \(actual), expected \(expected) (abs tol \(absolute), rel tol \(relative))",
        sourceLocation: sourceLocation
    )
}
