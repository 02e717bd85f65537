#if canImport(CoreGraphics)
import CoreGraphics

// `CGColor`, `UIColor` and `NSColor` are classes, which cannot take on `AnimatableValue`'s
// initializer requirements after the fact; Flight converts them to `Color` where they enter.
extension Color {
    /// The colour of a `CGColor`. sRGB, Display P3 and linear sRGB colours keep their space and
    /// their extended-range components; any other colour (grey, CMYK, calibrated spaces) is
    /// converted to extended sRGB first.
    public init(_ cgColor: CGColor) {
        let name = cgColor.colorSpace?.name
        let (space, target): (Color.Space, CFString) = switch name {
        case CGColorSpace.displayP3, CGColorSpace.extendedDisplayP3: (.displayP3, CGColorSpace.extendedDisplayP3)
        case CGColorSpace.linearSRGB, CGColorSpace.extendedLinearSRGB: (.linearSRGB, CGColorSpace.extendedLinearSRGB)
        default: (.sRGB, CGColorSpace.extendedSRGB)
        }
        var color = cgColor
        if name != target, let targetSpace = CGColorSpace(name: target),
           let converted = cgColor.converted(to: targetSpace, intent: .defaultIntent, options: nil) {
            color = converted
        }
        let values = (color.components ?? []).map(Double.init)
        if values.count >= 4 {
            self.init(red: values[0], green: values[1], blue: values[2], alpha: values[3], space: space)
        } else {
            let white = values.first ?? 0
            self.init(red: white, green: white, blue: white, alpha: Double(cgColor.alpha), space: space)
        }
    }

    /// The colour as a `CGColor` in the extended version of its space, so components outside
    /// `0...1` (wide-gamut colours, overshoot) are kept.
    public var cgColor: CGColor {
        let name: CFString = switch space {
        case .sRGB: CGColorSpace.extendedSRGB
        case .linearSRGB: CGColorSpace.extendedLinearSRGB
        case .displayP3: CGColorSpace.extendedDisplayP3
        }
        let components = [red, green, blue, alpha].map { CGFloat($0) }
        if let colorSpace = CGColorSpace(name: name), let color = CGColor(colorSpace: colorSpace, components: components) {
            return color
        }
        return CGColor(srgbRed: components[0], green: components[1], blue: components[2], alpha: components[3])
    }
}
#endif
