import FlightCore
import Foundation

/// The gallery section for progress-driven animation: a Parade-style list scrolling past and a
/// PVView-style page sequence, rendered as animated SVG. The scroll position sweeps over time;
/// every frame's values come from Flight's progress animators on headless layers.
@MainActor
enum ProgressGallery {
    static let duration = 6.0
    static let frames = 180

    static func html() -> String {
        """
        <h2>Progress-driven animation</h2>
        <p>Left: a list scrolling up and back (Parade-style start and end states: each card's \
        picture fades and grows in as it scrolls on, and shrinks away as it scrolls off; the \
        caption bar slides in with a range of 0.3…1). Right: four pages swept through \
        (PVView-style actions: the logo moves on page 1, fades on page 2, spins and grows on page \
        3; the caption uses relative points and sizes). Values are sampled at 30 frames a second \
        from the animators.</p><div class="grid">
        \(paradeCard())\(pagesCard())</div>

        """
    }

    /// The scroll sweep: 0 → 1 → 0 over the duration, eased.
    static func sweep(_ time: Double) -> Double {
        let phase = time / duration
        return Easing.inOutSine.progress(at: phase < 0.5 ? phase * 2 : 2 - phase * 2)
    }

    // MARK: Parade

    static func paradeCard() -> String {
        let viewport = CGSize(width: 300, height: 220)
        let cardSize = CGSize(width: 260, height: 90)
        let cardCount = 8
        var sprites: [Sprite] = []
        var animators: [(ProgressAnimator, CGRect)] = []
        for index in 0..<cardCount {
            let frame = CGRect(x: 20, y: 10 + Double(index) * 100, width: cardSize.width, height: cardSize.height)
            let picture = HeadlessLayer(name: "picture \(index)")
            picture.frame = CGRect(x: frame.minX + 10, y: frame.minY + 10, width: 70, height: 70)
            let caption = HeadlessLayer(name: "caption \(index)")
            caption.frame = CGRect(x: frame.minX + 95, y: frame.minY + 30, width: 150, height: 22)
            let animator = ProgressAnimator.vertical { animator in
                animator.startEndState(for: picture) { s in
                    s.alpha(0.0).easing(.inSine)
                    s.transform(Transform2D.scale(x: 0.4, y: 0.4)).easing(.inOutCubic)
                }
                animator.startState(for: caption) { s in
                    s.position(CGPoint(x: caption.position.x + 120, y: caption.position.y)).easing(.outCubic).range(0.3...1)
                }
            }
            animators.append((animator, frame))
            sprites.append(Sprite(layer: nil, fixed: frame, color: "#e7ebf5"))
            sprites.append(Sprite(layer: picture, fixed: nil, color: "#2c5fd6"))
            sprites.append(Sprite(layer: caption, fixed: nil, color: "#e8903a"))
        }
        let content = 10 + Double(cardCount) * 100
        let maxOffset = content - Double(viewport.height)
        for frame in 0...frames {
            let offset = sweep(duration * Double(frame) / Double(frames)) * maxOffset
            for (animator, itemFrame) in animators {
                animator.update(itemFrame: itemFrame, visibleBounds: CGRect(x: 0, y: offset, width: 300, height: 220))
            }
            for index in sprites.indices { sprites[index].record(offset: offset) }
        }
        return SampledSVG(id: "parade", size: viewport, duration: duration, sprites: sprites)
            .card(title: "ProgressAnimator.vertical — a list", caption: "8 cards, each with start and end states")
    }

    // MARK: PVView

    static func pagesCard() -> String {
        let size = CGSize(width: 300, height: 220)
        let pages = GalleryPages()
        let animator = PageAnimator(axis: .horizontal, containerSize: size, dataSource: pages)
        animator.reload()
        var sprites = [Sprite(layer: pages.logo, fixed: nil, color: "#2c5fd6"),
                       Sprite(layer: pages.caption, fixed: nil, color: "#e8903a")]
        for frame in 0...frames {
            let time = duration * Double(frame) / Double(frames)
            animator.update(offset: sweep(time) * 3 * Double(size.width))
            for index in sprites.indices { sprites[index].record(offset: 0) }
        }
        return SampledSVG(id: "pages", size: size, duration: duration, sprites: sprites)
            .card(title: "PageAnimator — four pages", caption: "move, fade, rotate + scale (grouped, eased), relative caption")
    }
}

/// The pages of the PVView-style scenario.
@MainActor
final class GalleryPages: PageAnimatorDataSource {
    let logo = HeadlessLayer(name: "logo")
    let caption = HeadlessLayer(name: "caption")

    init() {
        logo.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        caption.bounds = CGRect(x: 0, y: 0, width: 150, height: 24)
    }

    func numberOfPages(in animator: PageAnimator) -> Int { 4 }
    func pageAnimator(_ animator: PageAnimator, itemsOnPage page: Int) -> [String] { ["logo", "caption"] }
    func pageAnimator(_ animator: PageAnimator, targetForItem item: String) -> any AnimationTarget {
        item == "logo" ? logo : caption
    }

    func pageAnimator(_ animator: PageAnimator, actionsOfItem item: String, onPage page: Int) -> [PageAction] {
        switch (item, page) {
        case ("logo", 0):
            [.move(fromOrigin: RelativePoint(x: 20, y: 40), toOrigin: RelativePoint(x: 220, y: 40),
                   parameters: ActionParameters(easing: .inOutCubic))]
        case ("logo", 1):
            [.fade(from: 1, to: 0.2, parameters: ActionParameters(startOffset: 0.2, stopOffset: 0.8))]
        case ("logo", 2):
            [.group([.rotate(.z, from: 0, to: .pi), .scale(from: 1, to: 1.6),
                     .fade(from: 0.2, to: 1)], parameters: ActionParameters(easing: .outBack))]
        case ("caption", 0):
            [.move(fromPosition: RelativePoint(x: 0.5, y: 1.2, isRelative: true),
                   toPosition: RelativePoint(x: 0.5, y: 0.8, isRelative: true))]
        case ("caption", 2):
            [PageAction(.size(from: RelativeSize(width: 0.5, height: 0.11, isRelative: true),
                              to: RelativeSize(width: 0.9, height: 0.2, isRelative: true)))]
        default:
            []
        }
    }
}

/// A rectangle in a sampled scene: a layer's frame, opacity and transform each frame, or a fixed
/// rectangle that only scrolls.
struct Sprite {
    let layer: HeadlessLayer?
    let fixed: CGRect?
    let color: String
    var centers: [CGPoint] = []
    var sizes: [CGSize] = []
    var opacities: [Double] = []
    var angles: [Double] = []
    var scales: [CGSize] = []

    @MainActor
    mutating func record(offset: Double) {
        let frame = layer?.frame ?? fixed ?? .zero
        centers.append(CGPoint(x: frame.midX, y: frame.midY - offset))
        sizes.append(frame.size)
        opacities.append(layer?.opacity ?? 1)
        let transform = Transform2D(layer?.transform ?? .identity)
        let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let scaleY = scaleX > 0 ? (transform.a * transform.d - transform.b * transform.c) / scaleX : 0
        angles.append(atan2(transform.b, transform.a) * 180 / .pi)
        scales.append(CGSize(width: scaleX, height: scaleY))
    }
}

/// Renders sampled sprites as SMIL animations with evenly spaced key times.
struct SampledSVG {
    let id: String
    let size: CGSize
    let duration: Double
    let sprites: [Sprite]

    func card(title: String, caption: String) -> String {
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(size.width))" height="\(Int(size.height))" \
        viewBox="0 0 \(Int(size.width)) \(Int(size.height))"><rect id="\(id)-replay" x="0.5" y="0.5" \
        width="\(Int(size.width) - 1)" height="\(Int(size.height) - 1)" fill="#fff" stroke="#ccd"/>
        <svg x="0" y="0" width="\(Int(size.width))" height="\(Int(size.height))" overflow="hidden">

        """
        for sprite in sprites where !sprite.centers.isEmpty {
            let size = sprite.sizes[0]
            svg += "<g>" + animate("animateTransform", "transform", "type=\"translate\"",
                                   sprite.centers.map { "\(f($0.x)) \(f($0.y))" })
            svg += "<g>" + animate("animateTransform", "transform", "type=\"rotate\"", sprite.angles.map(f))
            svg += "<g>" + animate("animateTransform", "transform", "type=\"scale\"",
                                   sprite.scales.map { "\(f($0.width)) \(f($0.height))" })
            svg += "<rect x=\"\(f(-size.width / 2))\" y=\"\(f(-size.height / 2))\" width=\"\(f(size.width))\" "
                + "height=\"\(f(size.height))\" rx=\"6\" fill=\"\(sprite.color)\">"
            svg += animate("animate", "opacity", "", sprite.opacities.map { String(format: "%.3f", $0) })
            if Set(sprite.sizes.map { "\($0)" }).count > 1 {
                svg += animate("animate", "width", "", sprite.sizes.map { f($0.width) })
                svg += animate("animate", "height", "", sprite.sizes.map { f($0.height) })
                svg += animate("animate", "x", "", sprite.sizes.map { f(-$0.width / 2) })
                svg += animate("animate", "y", "", sprite.sizes.map { f(-$0.height / 2) })
            }
            svg += "</rect></g></g></g>\n"
        }
        svg += "</svg></svg>"
        return """
        <figure class="card"><figcaption><code>\(title)</code></figcaption>\(svg)\
        <div class="note wide">\(caption). Click to replay.</div></figure>

        """
    }

    private func animate(_ name: String, _ attribute: String, _ extra: String, _ values: [String]) -> String {
        let keyTimes = values.indices.map { String(format: "%.4f", Double($0) / Double(max(values.count - 1, 1))) }
        return "<\(name) attributeName=\"\(attribute)\" \(extra) begin=\"0s;\(id)-replay.click\" "
            + "dur=\"\(duration)s\" fill=\"freeze\" calcMode=\"linear\" keyTimes=\"\(keyTimes.joined(separator: ";"))\" "
            + "values=\"\(values.joined(separator: ";"))\"/>"
    }

    private func f(_ value: CGFloat) -> String { String(format: "%.2f", Double(value)) }
    private func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
