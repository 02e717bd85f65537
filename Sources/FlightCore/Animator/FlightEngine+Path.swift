import Foundation

extension FlightEngine {
    /// Completes the requests of positions that follow a path: each starts from the position
    /// shown, with its velocity; a path that is not finite is reported and skipped, one of no
    /// length is reported and becomes a straight move; and a position that turns the layer
    /// gets a `transform.rotation.z` request right after it, following the same path.
    static func followPaths(_ requests: inout [Synchronizer.Request], on host: any AnimationHost, at now: TimeInterval) {
        // A loop, not `contains(where:)`: every group starts here, and the closure would be
        // checked for the main actor.
        var followsPath = false
        for index in requests.indices where requests[index].plan.path != nil {
            followsPath = true
            break
        }
        guard followsPath else { return }
        let rotationKeyPaths = [LayerProperty.rotationZ.keyPath, LayerProperty.rotation.keyPath]
        let rotates = requests.contains { rotationKeyPaths.contains($0.plan.keyPath) }
        var index = 0
        while index < requests.count {
            guard var path = requests[index].plan.path, case .position = path.role else {
                index += 1
                continue
            }
            let keyPath = requests[index].plan.keyPath
            guard path.path.isFinite else {
                FlightDiagnostics.report(.invalidValue(
                    keyPath: keyPath, reason: "the path has a coordinate, radius or angle that is not a finite number"))
                requests.remove(at: index)
                continue
            }
            guard !path.path.hasNoLength else {
                FlightDiagnostics.report(.pathHasNoLength(keyPath: keyPath))
                requests[index].plan.path = nil
                index += 1
                continue
            }
            let origin = requests[index].current.unboxed(as: CGPoint.self) ?? path.path.start
            path.origin = origin
            if let velocity = requests[index].inFlight?.velocity { path.originVelocity = SIMD2(velocity[0], velocity[1]) }
            if case .absolute(let points) = requests[index].tolerance, points > 0, points.isFinite {
                path.positionTolerance = points
            } else {
                path.positionTolerance = 0
            }
            requests[index].plan.path = path
            index += 1
            guard path.orientation != .unchanged, !rotates else { continue }
            let offset = path.orientation.offset
            let geometry = PathGeometry(path.path, from: origin, directionlessJoin: path.positionTolerance)
            guard geometry.length > 0, geometry.length.isFinite else { continue }
            let position = requests[index - 1].plan
            var rotation = PropertyPlan(keyPath: LayerProperty.rotationZ.keyPath,
                                        target: geometry.heading(at: geometry.length, side: .before) + offset)
            rotation.duration = position.duration
            rotation.easing = position.easing
            rotation.isPrimary = position.isPrimary
            path.role = .heading(offset: offset)
            rotation.path = path
            let count = requests.count
            appendRequest(for: rotation, on: host, at: now, to: &requests)
            if requests.count > count {
                requests.insert(requests.removeLast(), at: index)
                index += 1
            }
        }
    }
}
