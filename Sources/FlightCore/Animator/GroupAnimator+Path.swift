import Foundation

extension GroupAnimator {
    /// Animates `position` along `path`, and with an `orientation` other than `.unchanged` turns
    /// the layer to face its direction of travel, much as `CAKeyframeAnimation`'s `path` and
    /// `rotationMode` do (see below for how the rotation differs).
    ///
    /// ```swift
    /// layer.animate { animator in
    ///     animator.position(along: route, orientation: .tangent).duration(1.2).easing(.inOutSine)
    /// }
    /// ```
    ///
    /// - The easing (`.linear` unless one is set) runs on the fraction of the path's arc length
    ///   travelled, so by default the layer moves at constant speed. Springs run on the same
    ///   fraction.
    /// - The motion leaves from where the layer is shown: where that is not the path's start, a
    ///   straight line to it comes first and counts as part of the way. So a later group that
    ///   redirects `position` mid-path, along a path or not, starts from what is shown, and a
    ///   spring there leaves with the velocity along the path.
    /// - With ``PathOrientation/tangent`` the layer's `transform.rotation.z` is animated in the
    ///   same group, with the same duration and easing: the angle of the direction of travel
    ///   (`atan2` of the tangent), unwrapped so that a loop turns a whole turn. Unlike
    ///   `rotationMode`, which composes the tangent's rotation with the layer's own transform,
    ///   Flight replaces the transform's rotation part with it, keeping the other parts (DocC
    ///   article "Parts and wholes", whose rules it follows as a declared rotation does: on a
    ///   mirrored layer it may be played as the whole `transform`). It jumps where the direction
    ///   does (a corner, or a start facing elsewhere), as CoreAnimation's does. A group that also
    ///   animates a key path covering the rotation (`transform`, `transform.rotation.z`,
    ///   `transform.rotation`), declared before or after, keeps its own rotation; the tangent's
    ///   is dropped and reported (``FlightError/pathRotationDropped(keyPath:rotatedBy:)``). A
    ///   later group that takes `position` (or a part of it) over leaves the rotation playing;
    ///   animate `transform.rotation.z` with it to stop the turning.
    /// - The model value is the path's end (and the final tangent's angle).
    /// - Bad input: a path with a coordinate, radius or angle that is not finite is reported
    ///   (``FlightError/invalidValue(keyPath:reason:)``) and the property is skipped; a path of
    ///   no length is reported (``FlightError/pathHasNoLength(keyPath:)``) and the position moves
    ///   to its end in a straight line, unturned.
    @discardableResult
    public func position(along path: MotionPath, orientation: PathOrientation = .unchanged) -> PropertyAnimator {
        let animator = position(path.end)
        update(animator.index) { $0.path = PathPlan(path: path, orientation: orientation) }
        return animator
    }
}
