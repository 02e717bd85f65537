import Foundation

extension Keyframes: KeyframeSequence {
    /// The keyframe values, type-erased.
    public var valueList: [any AnimatableValue] { frames.map(\.value) }

    /// ``value(at:)``, type-erased.
    // Called through ``KeyframeSequence`` (every redirect reads what its in-flight properties
    // show), this runs as generic code, instantiating the keyframes' metadata at each call;
    // specialized entry points for the value types layers use, chosen by the type at run time,
    // run it specialized.
    @_specialize(where Value == Double)
    @_specialize(where Value == CGPoint)
    @_specialize(where Value == CGSize)
    @_specialize(where Value == CGRect)
    @_specialize(where Value == Color)
    @_specialize(where Value == Transform3D)
    @_specialize(where Value == Transform2D)
    public func presentationValue(at t: TimeInterval) -> any AnimatableValue { value(at: t) }

    /// The keyframes with mapped values.
    public func mappingValues(_ transform: (any AnimatableValue) -> any AnimatableValue) -> any KeyframeSequence {
        Keyframes(duration: duration, frames: frames.map { frame in
            var frame = frame
            frame.value = transform(frame.value) as? Value ?? frame.value
            return frame
        })
    }
}
