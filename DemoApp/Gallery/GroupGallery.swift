import FlightCore
import Foundation

/// The gallery section for group animations: scenarios played on a ``HeadlessLayer`` with a
/// stepped clock and rendered as animated SVG whose SMIL `<animate>` elements carry exactly the
/// key times and values Flight computed. Click a picture to replay it.
@MainActor
enum GroupGallery {
    static func html() -> String {
        var out = """
        <h2>Group animations: redirected mid-flight</h2>
        <p>A square flies to the right (position over 1 s, <code>.outCubic</code>; size over 0.6 s); \
        0.35 s in, it is sent down-left (position and size over 1 s, scaled by what is left of \
        each; opacity over 1.4 s; colour over 1 s). Each timing priority picks a different group \
        duration from those, and longer properties are re-timed to it; the caption gives the \
        durations Flight chose. Click to replay.</p><div class="grid">

        """
        for (index, priority) in TimingPriority.allCases.enumerated() {
            out += redirectCard(priority, id: "redirect\(index)")
        }
        out += """
        </div><h2>A cached state applied</h2>
        <p>Two states registered with <code>registerAnimation(forKey:)</code> and applied in \
        turn, each before the previous one has landed; every application synchronizes with the \
        presentation values. Click to replay.</p><div class="grid">

        """
        out += cachedStateCard(id: "cached")
        return out + "</div>\n"
    }

    // MARK: Scenarios

    static func redirectCard(_ priority: TimingPriority, id: String) -> String {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        layer.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        layer.backgroundColor = Color(red: 0.17, green: 0.37, blue: 0.84)
        var groups: [AnimationGroup] = []
        groups.append(layer.animate { animator in
            animator.position(CGPoint(x: 260, y: 40)).duration(1).easing(.outCubic)
            animator.bounds(CGRect(x: 0, y: 0, width: 60, height: 60)).duration(0.6).easing(.inOutSine)
        })
        run(clock, until: 0.35)
        groups.append(layer.animate(priority) { animator in
            animator.position(CGPoint(x: 80, y: 150)).duration(1).easing(.inOutCubic)
            animator.bounds(CGRect(x: 0, y: 0, width: 30, height: 30)).duration(1).easing(.outBack)
            animator.alpha(0.45).duration(1.4).easing(.linear)
            animator.backgroundColor(Color(red: 0.9, green: 0.56, blue: 0.23)).duration(1).easing(.inOutSine)
        })
        run(clock, until: 3)
        let second = groups[1]
        let caption = "." + priority.rawValue + String(
            format: ": group %.3f s; position %.3f s, size %.3f s, opacity %.3f s",
            second.duration, second.property("position")?.duration ?? 0, second.property("bounds")?.duration ?? 0,
            second.property("opacity")?.duration ?? 0)
        return SMILRenderer(id: id, initial: (CGRect(x: 20, y: 20, width: 40, height: 40),
                                              Color(red: 0.17, green: 0.37, blue: 0.84)))
            .card(title: ".\(priority.rawValue)", groups: groups, caption: caption,
                  targets: [CGPoint(x: 260, y: 40), CGPoint(x: 80, y: 150)])
    }

    static func cachedStateCard(id: String) -> String {
        let clock = ManualClock()
        let layer = HeadlessLayer(clock: clock)
        layer.frame = CGRect(x: 20, y: 60, width: 40, height: 40)
        layer.backgroundColor = Color(red: 0.17, green: 0.37, blue: 0.84)
        layer.registerAnimation(forKey: "right") { animator in
            animator.position(CGPoint(x: 250, y: 60)).duration(0.8).easing(.outBack).primary(true)
            animator.bounds(CGRect(x: 0, y: 0, width: 70, height: 40)).duration(0.8).easing(.outCubic)
            animator.backgroundColor(Color(red: 0.85, green: 0.3, blue: 0.35)).duration(0.8)
        }
        layer.registerAnimation(forKey: "left", timingPriority: .minTime) { animator in
            animator.position(CGPoint(x: 50, y: 150)).duration(0.8).easing(.spring(.bouncy))
            animator.bounds(CGRect(x: 0, y: 0, width: 40, height: 40)).duration(0.8).easing(.outCubic)
            animator.backgroundColor(Color(red: 0.17, green: 0.37, blue: 0.84)).duration(0.8)
        }
        var groups: [AnimationGroup] = []
        for (time, key) in [(0.0, "right"), (0.45, "left"), (0.95, "right"), (1.5, "left")] {
            run(clock, until: time)
            if let group = layer.applyAnimation(forKey: key) { groups.append(group) }
        }
        run(clock, until: 4)
        let caption = groups.map { String(format: "%.2f s", $0.duration) }.joined(separator: " · ")
        return SMILRenderer(id: id, initial: (CGRect(x: 20, y: 60, width: 40, height: 40),
                                              Color(red: 0.17, green: 0.37, blue: 0.84)))
            .card(title: "applyAnimation(forKey:) × 4", groups: groups, caption: "group durations: " + caption,
                  targets: [CGPoint(x: 250, y: 60), CGPoint(x: 50, y: 150)])
    }

    /// Steps the clock through 60 Hz frames (at exact multiples of 1/60 s) up to `time`.
    static func run(_ clock: ManualClock, until time: TimeInterval) {
        var frame = Int((clock.now * 60).rounded(.down)) + 1
        while Double(frame) / 60 < time {
            clock.advance(to: Double(frame) / 60)
            frame += 1
        }
        clock.advance(to: time)
    }
}

/// One square in a rendered scenario: where it starts and the groups played on it.
struct Actor {
    var frame: CGRect
    var color: Color
    var groups: [AnimationGroup]
}

/// Renders the groups played on layers as animated SVG squares: position moves a `<g>`, bounds
/// size the `<rect>`, opacity and background colour style it. Each track becomes one SMIL
/// element with Flight's key times and values, beginning when its group began.
struct SMILRenderer {
    let id: String
    let size = CGSize(width: 300, height: 200)

    init(id: String) {
        self.id = id
    }

    /// A renderer for one square.
    init(id: String, initial: (frame: CGRect, color: Color)) {
        self.id = id
        singleInitial = initial
    }

    private var singleInitial: (frame: CGRect, color: Color)?

    @MainActor
    func card(title: String, groups: [AnimationGroup], caption: String, targets: [CGPoint]) -> String {
        let initial = singleInitial ?? (CGRect(x: 0, y: 0, width: 40, height: 40), Color(white: 0.5))
        return card(title: title, actors: [Actor(frame: initial.frame, color: initial.color, groups: groups)],
                    caption: caption, targets: targets)
    }

    @MainActor
    func card(title: String, actors: [Actor], caption: String, targets: [CGPoint]) -> String {
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(size.width))" height="\(Int(size.height))" \
        viewBox="0 0 \(Int(size.width)) \(Int(size.height))">
        <rect id="\(id)-replay" x="0.5" y="0.5" width="\(Int(size.width) - 1)" height="\(Int(size.height) - 1)" \
        fill="#fff" stroke="#ccd"/>

        """
        for target in targets {
            svg += "<circle cx=\"\(f(target.x))\" cy=\"\(f(target.y))\" r=\"3\" fill=\"none\" stroke=\"#bbc\"/>\n"
        }
        var renderer = self
        for actor in actors {
            renderer.noteTakeOvers(actor.groups)
            svg += renderer.square(actor)
        }
        svg += "</svg>"
        return """
        <figure class="card"><figcaption><code>\(title)</code></figcaption>\(svg)\
        <div class="note wide">\(caption)</div></figure>

        """
    }

    @MainActor
    private func square(_ actor: Actor) -> String {
        let start = CGPoint(x: actor.frame.midX, y: actor.frame.midY)
        let w = actor.frame.width, h = actor.frame.height
        var svg = "<g transform=\"translate(\(f(start.x)) \(f(start.y)))\">\n"
        for group in actor.groups {
            if let position = group.property("position") {
                svg += element("animateTransform", attribute: "transform", extra: "type=\"translate\"",
                               group: group, property: position) { value in
                    let point = value as? CGPoint ?? .zero
                    return "\(f(point.x)) \(f(point.y))"
                }
            }
        }
        svg += "<rect x=\"\(f(-w / 2))\" y=\"\(f(-h / 2))\" width=\"\(f(w))\" height=\"\(f(h))\" rx=\"6\" "
            + "fill=\"\(css(actor.color))\" fill-opacity=\"1\">\n"
        for group in actor.groups {
            if let bounds = group.property("bounds") {
                for (attribute, part) in [("width", 0), ("height", 1), ("x", 2), ("y", 3)] {
                    svg += element("animate", attribute: attribute, group: group, property: bounds) { value in
                        let rect = value as? CGRect ?? .zero
                        return f([rect.width, rect.height, -rect.width / 2, -rect.height / 2][part])
                    }
                }
            }
            if let opacity = group.property("opacity") {
                svg += element("animate", attribute: "fill-opacity", group: group, property: opacity) { value in
                    String(format: "%.4f", value as? Double ?? 1)
                }
            }
            if let color = group.property("backgroundColor") {
                svg += element("animate", attribute: "fill", group: group, property: color) { value in
                    css(value as? Color ?? actor.color)
                }
            }
        }
        return svg + "</rect></g>\n"
    }

    /// One SMIL element playing a property's keyframes exactly as CoreAnimation does: SMIL's
    /// `calcMode="spline"` gives each interval between key times its own cubic Bézier timing
    /// (`keySplines`), as `CAKeyframeAnimation.timingFunctions` does. A property a later group
    /// takes over ends when that group begins, as Flight removes its animation then.
    @MainActor
    private func element(
        _ name: String, attribute: String, extra: String = "", group: AnimationGroup, property: ResolvedProperty,
        format: (any AnimatableValue) -> String
    ) -> String {
        guard property.duration > 0 else { return "" }
        let keyframes = property.keyframes
        let keyTimes = keyframes.keyTimes.map { String(format: "%.6f", $0) }.joined(separator: ";")
        let splines = keyframes.timingFunctions
            .map { String(format: "%.5f %.5f %.5f %.5f", $0.x1, $0.y1, $0.x2, $0.y2) }.joined(separator: ";")
        let values = keyframes.valueList.map(format).joined(separator: ";")
        let begin = String(format: "%.4fs", group.beginTime)
        var end = ""
        if let takenAt = takeOverTimes[ObjectIdentifier(group)]?[property.keyPath] {
            let offset = String(format: "%.4fs", takenAt)
            end = "end=\"\(offset);\(id)-replay.click+\(offset)\" "
        }
        return "<\(name) attributeName=\"\(attribute)\" \(extra) calcMode=\"spline\" "
            + "begin=\"\(begin);\(id)-replay.click+\(begin)\" \(end)dur=\"\(String(format: "%.4fs", property.duration))\" "
            + "fill=\"freeze\" keyTimes=\"\(keyTimes)\" keySplines=\"\(splines)\" values=\"\(values)\"/>\n"
    }

    /// When a later group on the same square takes each property of a group over.
    private var takeOverTimes: [ObjectIdentifier: [String: TimeInterval]] = [:]

    /// Notes, for each group, when a later one animating the same key path began.
    @MainActor
    private mutating func noteTakeOvers(_ groups: [AnimationGroup]) {
        for (index, group) in groups.enumerated() {
            for keyPath in group.keyPaths {
                if let later = groups[(index + 1)...].first(where: { $0.keyPaths.contains(keyPath) }) {
                    takeOverTimes[ObjectIdentifier(group), default: [:]][keyPath] = later.beginTime
                }
            }
        }
    }

    private func css(_ color: Color) -> String {
        let c = color.converted(to: .sRGB)
        func channel(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        return "rgb(\(channel(c.red)),\(channel(c.green)),\(channel(c.blue)))"
    }

    private func f(_ value: CGFloat) -> String { String(format: "%.2f", Double(value)) }
    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
