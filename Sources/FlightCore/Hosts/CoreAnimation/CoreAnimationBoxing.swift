#if canImport(QuartzCore)
import QuartzCore
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Converts Flight's values to and from what CoreAnimation's key-value coding and keyframe
/// animations take: `NSNumber`, `NSValue` (points, sizes, rects, 3D transforms) and `CGColor`.
enum CoreAnimationBoxing {
    /// The object CoreAnimation stores for `value`, or nil for a type it cannot hold.
    static func box(_ value: any AnimatableValue) -> Any? {
        switch value {
        case let number as Double: return NSNumber(value: number)
        case let number as Float: return NSNumber(value: number)
        case let number as CGFloat: return NSNumber(value: Double(number))
        case let point as CGPoint: return boxPoint(point)
        case let size as CGSize: return boxSize(size)
        case let rect as CGRect: return boxRect(rect)
        case let transform as Transform3D: return NSValue(caTransform3D: CATransform3D(portable: transform))
        case let transform as CATransform3D: return NSValue(caTransform3D: transform)
        case let transform as Transform2D:
            return NSValue(caTransform3D: CATransform3DMakeAffineTransform(CGAffineTransform(portable: transform)))
        case let transform as CGAffineTransform:
            return NSValue(caTransform3D: CATransform3DMakeAffineTransform(transform))
        case let color as Color: return color.cgColor
        default: return nil
        }
    }

    /// Flight's value for an object read from a layer, as the type `expected` when given.
    static func unbox(_ object: Any?, expected: (any AnimatableValue.Type)?) -> (any AnimatableValue)? {
        guard let object else { return nil }
        if let number = object as? NSNumber {
            if expected == Float.self { return number.floatValue }
            if expected == CGFloat.self { return CGFloat(number.doubleValue) }
            return number.doubleValue
        }
        if CFGetTypeID(object as CFTypeRef) == CGColor.typeID {
            // A CGColor, by its type ID; the cast cannot fail.
            return Color(object as! CGColor)
        }
        if let value = object as? NSValue {
            let type = String(cString: value.objCType)
            if type.hasPrefix("{CGPoint") { return unboxPoint(value) }
            if type.hasPrefix("{CGSize") { return unboxSize(value) }
            if type.hasPrefix("{CGRect") { return unboxRect(value) }
            if type.hasPrefix("{CATransform3D") { return value.caTransform3DValue.portable }
            if type.hasPrefix("{CGAffineTransform") {
                return CATransform3DMakeAffineTransform(unboxAffine(value)).portable
            }
        }
        return nil
    }

    #if canImport(UIKit)
    private static func boxPoint(_ point: CGPoint) -> Any { NSValue(cgPoint: point) }
    private static func boxSize(_ size: CGSize) -> Any { NSValue(cgSize: size) }
    private static func boxRect(_ rect: CGRect) -> Any { NSValue(cgRect: rect) }
    private static func unboxPoint(_ value: NSValue) -> CGPoint { value.cgPointValue }
    private static func unboxSize(_ value: NSValue) -> CGSize { value.cgSizeValue }
    private static func unboxRect(_ value: NSValue) -> CGRect { value.cgRectValue }
    private static func unboxAffine(_ value: NSValue) -> CGAffineTransform { value.cgAffineTransformValue }
    #else
    private static func boxPoint(_ point: CGPoint) -> Any { NSValue(point: point) }
    private static func boxSize(_ size: CGSize) -> Any { NSValue(size: size) }
    private static func boxRect(_ rect: CGRect) -> Any { NSValue(rect: rect) }
    private static func unboxPoint(_ value: NSValue) -> CGPoint { value.pointValue }
    private static func unboxSize(_ value: NSValue) -> CGSize { value.sizeValue }
    private static func unboxRect(_ value: NSValue) -> CGRect { value.rectValue }
    private static func unboxAffine(_ value: NSValue) -> CGAffineTransform {
        var transform = CGAffineTransform.identity
        value.getValue(&transform, size: MemoryLayout<CGAffineTransform>.size)
        return transform
    }
    #endif
}
#endif
