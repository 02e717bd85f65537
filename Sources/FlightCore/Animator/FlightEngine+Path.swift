import Foundation

extension FlightEngine {
    /// `properties` with a `transform.rotation.z` declared right after each position that turns
    /// along its path, so that the rotation goes through the rules for parts and wholes as a
    /// declared one would (promoted to the whole `transform` where it would compose through a
    /// reflection). Its target and path are completed by ``followPaths(_:on:at:)``. Where the
    /// group also declares a key path that covers the rotation (`transform`,
    /// `transform.rotation.z`, `transform.rotation`), that one keeps it, wherever it is
    /// declared, and the tangent rotation is dropped, reported.
    static func pairingPathRotations(_ properties: [PropertyPlan]) -> [PropertyPlan] {
        // A loop, not `contains(where:)`: every group starts here, and the closure would be
        // checked for the main actor.
        var turns = false
        for index in properties.indices {
            if let path = properties[index].path, path.orientation != .unchanged {
                turns = true
                break
            }
        }
        guard turns else { return properties }
        let rotationKeyPath = LayerProperty.rotationZ.keyPath
        var cover: String?
        for property in properties where LayerProperty.overlap(of: property.keyPath, over: rotationKeyPath) == .replaces {
            cover = property.keyPath
            break
        }
        var result: [PropertyPlan] = []
        result.reserveCapacity(properties.count + 1)
        for (index, var property) in properties.enumerated() {
            guard var path = property.path, case .position = path.role, path.orientation != .unchanged,
                  path.path.isFinite, !path.path.hasNoLength else {
                result.append(property)
                continue
            }
            if let cover {
                FlightDiagnostics.report(.pathRotationDropped(keyPath: property.keyPath, rotatedBy: cover))
                result.append(property)
                continue
            }
            path.pair = index + 1
            property.path = path
            result.append(property)
            // Its target (the last direction) is known once the path is measured from what is
            // shown; only its rotation counts until then, and that is written over.
            var rotation = PropertyPlan(keyPath: rotationKeyPath, target: 0.0)
            path.role = .heading(offset: path.orientation.offset)
            rotation.path = path
            result.append(rotation)
        }
        return result
    }

    /// Completes the requests of positions that follow a path: each starts from the position
    /// shown, with its velocity, and is measured once from there; a path that is not finite is
    /// reported and skipped, one of no length is reported and becomes a straight move; and the
    /// rotation paired with a position (``pairingPathRotations(_:)``) follows the same
    /// measurement, with the position's duration and easing, or is removed with it.
    static func followPaths(_ requests: inout [Synchronizer.Request], on host: any AnimationHost, at now: TimeInterval) {
        // The positions that turn, by pair, as measured, with their requests' timing.
        var positions: [Int: (path: PathPlan, plan: PropertyPlan)] = [:]
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
            // Measured once, here: the position's and its rotation's motions share it.
            path.geometry = PathGeometry(path.path, from: origin, directionlessJoin: path.positionTolerance)
            requests[index].plan.path = path
            if path.pair != 0 { positions[path.pair] = (path, requests[index].plan) }
            index += 1
        }
        index = 0
        while index < requests.count {
            guard let heading = requests[index].plan.path, case .heading(let offset) = heading.role else {
                index += 1
                continue
            }
            // A rotation whose position was skipped, or whose way has no direction or overflows,
            // goes with it.
            guard let (path, position) = positions[heading.pair], let geometry = path.geometry,
                  geometry.length > 0, geometry.length.isFinite else {
                requests.remove(at: index)
                continue
            }
            var plan = requests[index].plan
            var following = path
            following.role = .heading(offset: offset)
            let angle = geometry.heading(at: geometry.length, side: .before) + offset
            if plan.keyPath == LayerProperty.rotationZ.keyPath {
                plan.target = angle
            } else if let from = requests[index].current as? Transform3D, let to = plan.target as? Transform3D,
                      let target = LayerProperty.rotationZ.property.write(angle, into: to) as? Transform3D {
                // Promoted to the whole transform: the other parts go from what is shown to the
                // model (with the group's earlier declarations), the rotation follows the path.
                following.whole = PathPlan.Whole(from: from, to: to)
                plan.target = target
                // Where the motion settles, the fraction left moves the other parts by their
                // distance times it, which their tolerance bounds; the position settles alike.
                let travel = from.distance(to: to)
                let bound = LayerProperty.transform.property.tolerance.bound(extent: max(travel, 1))
                if travel > 0, travel.isFinite, bound > 0 {
                    let fractionTolerance = bound / travel
                    following.fractionTolerance = fractionTolerance
                    for other in requests.indices where requests[other].plan.path?.pair == heading.pair {
                        if case .position = requests[other].plan.path?.role {
                            requests[other].plan.path?.fractionTolerance = fractionTolerance
                        }
                    }
                }
            } else {
                requests.remove(at: index)
                continue
            }
            plan.path = following
            plan.duration = position.duration
            plan.easing = position.easing
            plan.isPrimary = position.isPrimary
            requests[index].plan = plan
            index += 1
        }
    }
}
