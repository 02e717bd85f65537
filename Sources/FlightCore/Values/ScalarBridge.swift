import Foundation

/// Numbers of different Swift types that stand for the same quantity: `Double`, `CGFloat` and
/// `Float` (integer literals are `Double`s already). A key path that holds one of them takes the
/// others, converted, as CoreAnimation's key-value coding does with `NSNumber`.
enum ScalarBridge {
    /// `value` as a number of type `type`, or nil if either is not a number.
    static func convert(_ value: any AnimatableValue, to type: any AnimatableValue.Type) -> (any AnimatableValue)? {
        let number: Double
        switch value {
        case let double as Double: number = double
        case let float as CGFloat: number = Double(float)
        case let float as Float: number = Double(float)
        default: return nil
        }
        if type == Double.self { return number }
        if type == CGFloat.self { return CGFloat(number) }
        if type == Float.self { return Float(number) }
        return nil
    }
}
