import FlightCore
import UIKit

/// FlightAnimator's demo, rebuilt on Flight: tap a tile and the view flies to it (bounds,
/// position, alpha and transform, each with its own curve and primary flag, synchronized by the
/// timing priority when you tap again mid-flight); drag the view and let go, and it glides from
/// your finger's velocity to the tile nearest where the fling would stop; a secondary view
/// follows through the trigger you choose. Each flight is also exported as one
/// `CAAnimationGroup` and replayed a moment later by an outline on a layer no view backs.
///
/// On an iPhone with a ProMotion display, Flight's display link (and CoreAnimation) run above
/// 60 Hz only with `CADisableMinimumFrameDurationOnPhone` set to `true` in the app's Info.plist:
/// this app sets it (`AdditionalInfo.plist`, named in its Package.swift); iPads need no key.
final class DemoViewController: UIViewController, UIGestureRecognizerDelegate {
    private var settings = DemoSettings()
    private let stage = UIView()
    private var tiles: [UIButton] = []
    private let flyer = UIView()
    private let follower = UIView()
    private let panel = SettingsPanel()
    /// The tile the flyer landed on breathes until the flyer leaves it: a group repeated forever.
    private var pulse: AnimationGroup?
    /// The outline that replays the last flight.
    private var ghost: CALayer?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground

        stage.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stage)
        panel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(panel)
        NSLayoutConstraint.activate([
            stage.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            stage.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            stage.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stage.heightAnchor.constraint(equalTo: view.heightAnchor, multiplier: 0.55),
            panel.topAnchor.constraint(equalTo: stage.bottomAnchor),
            panel.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            panel.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])

        for index in 0..<12 {
            let tile = UIButton(configuration: .tinted())
            tile.configuration?.title = "\(index + 1)"
            tile.tag = index
            tile.addAction(UIAction { [weak self] _ in self?.fly(to: index) }, for: .touchUpInside)
            stage.addSubview(tile)
            tiles.append(tile)
        }

        follower.backgroundColor = .systemOrange
        follower.layer.cornerRadius = 10
        follower.isUserInteractionEnabled = false
        stage.addSubview(follower)

        flyer.backgroundColor = .systemBlue
        flyer.layer.cornerRadius = 12
        stage.addSubview(flyer)
        // UIKit hit-tests the model layer, which is already at the end of the flight: the drag
        // belongs to the stage and begins only where the flyer is shown (its presentation).
        let drag = UIPanGestureRecognizer(target: self, action: #selector(drag(_:)))
        drag.delegate = self
        stage.addGestureRecognizer(drag)
        // Double-tap anywhere on the stage: the flyer swoops there along a curve, facing its way.
        let swoop = UITapGestureRecognizer(target: self, action: #selector(swoop(_:)))
        swoop.numberOfTapsRequired = 2
        stage.addGestureRecognizer(swoop)

        panel.settings = settings
        panel.onChange = { [weak self] settings in self?.settings = settings }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let columns = 3, rows = 4
        let inset: CGFloat = 16, gap: CGFloat = 12
        let width = (stage.bounds.width - 2 * inset - CGFloat(columns - 1) * gap) / CGFloat(columns)
        let height = (stage.bounds.height - 2 * inset - CGFloat(rows - 1) * gap) / CGFloat(rows)
        for (index, tile) in tiles.enumerated() {
            let (row, column) = (index / columns, index % columns)
            tile.frame = CGRect(x: inset + CGFloat(column) * (width + gap), y: inset + CGFloat(row) * (height + gap),
                                width: width, height: height)
        }
        if flyer.bounds.isEmpty, let first = tiles.first {
            flyer.frame = first.frame.insetBy(dx: 8, dy: 8)
            follower.frame = first.frame.insetBy(dx: 24, dy: 24)
        }
    }

    // MARK: Flying to a tile

    private func fly(to index: Int) {
        let frame = tiles[index].frame.insetBy(dx: 8, dy: 8)
        let settings = self.settings
        let angle = index.isMultiple(of: 2) ? 0 : CGFloat.pi / 12
        let alpha = 0.45 + 0.55 * Double(index % 4) / 3
        // The tile left behind stops breathing, back at full opacity.
        pulse?.finish(at: .start)
        pulse = nil
        let flight = flyer.animate(settings.timingPriority) { animator in
            animator.bounds(CGRect(origin: .zero, size: frame.size)).duration(settings.duration)
                .easing(settings.easing[.bounds] ?? .linear).primary(settings.primary[.bounds] ?? false)
            animator.position(CGPoint(x: frame.midX, y: frame.midY)).duration(settings.duration)
                .easing(settings.easing[.position] ?? .linear).primary(settings.primary[.position] ?? false)
            animator.alpha(alpha).duration(settings.duration)
                .easing(settings.easing[.alpha] ?? .linear).primary(settings.primary[.alpha] ?? false)
            animator.transform(CGAffineTransform(rotationAngle: angle)).duration(settings.duration)
                .easing(settings.easing[.transform] ?? .linear).primary(settings.primary[.transform] ?? false)
            if settings.followerEnabled {
                follow(frame, with: animator, settings: settings)
            }
            // Landed: the tile breathes, fading to 0.6 and back on a sine, until the flyer leaves.
            animator.triggerOnCompletion(onView: tiles[index]) { animator in
                animator.alpha(0.6).duration(0.6).easing(.inOutSine)
                animator.repeating(.forever(autoreverses: true))
                animator.setDidStartCallback { [weak self] group in self?.pulse = group }
            }
        }
        replayAsGhost(flight)
    }

    /// Replays `flight` a moment later on an outline: the flight exported as one
    /// `CAAnimationGroup` (``AnimationGroup/export()``), added to a plain layer that no view
    /// backs, as a video overlay or a layer built off-screen takes it. It holds the flight's end
    /// until the next one.
    private func replayAsGhost(_ flight: AnimationGroup) {
        ghost?.removeFromSuperlayer()
        guard let export = flight.export() else { return }
        let outline = CALayer()
        outline.borderColor = UIColor.systemBlue.cgColor
        outline.borderWidth = 2
        outline.cornerRadius = 12
        stage.layer.insertSublayer(outline, below: flyer.layer)
        let begin = outline.convertTime(CACurrentMediaTime() + 0.15, from: nil)
        outline.add(export.caAnimationGroup(beginTime: begin), forKey: "replay")
        ghost = outline
    }

    /// The secondary view follows the main one to where it is going, started by the chosen trigger.
    private func follow(_ frame: CGRect, with animator: GroupAnimator, settings: DemoSettings) {
        let target = CGPoint(x: frame.midX, y: frame.midY)
        let build: (GroupAnimator) -> Void = { animator in
            animator.position(target).duration(0.5).easing(.outCubic)
        }
        switch settings.followTrigger {
        case .start: animator.triggerOnStart(onView: follower, animator: build)
        case .completion: animator.triggerOnCompletion(onView: follower, animator: build)
        case .progress: animator.triggerOnProgress(settings.followProgress, onView: follower, animator: build)
        case .valueProgress: animator.triggerOnValueProgress(settings.followProgress, onView: follower, animator: build)
        }
    }

    // MARK: Swooping along a path

    /// The flyer swoops from where it is shown to the double-tapped point along an arched curve,
    /// at constant speed, turned along the curve's tangent (`position(along:orientation:)`).
    @objc private func swoop(_ recognizer: UITapGestureRecognizer) {
        let shown = (flyer.layer.presentation() ?? flyer.layer).position
        let target = recognizer.location(in: stage)
        let curve = UIBezierPath()
        curve.move(to: shown)
        curve.addQuadCurve(to: target, controlPoint: CGPoint(x: (shown.x + target.x) / 2, y: min(shown.y, target.y) - 160))
        guard let route = MotionPath(curve.cgPath) else { return }
        flyer.animate { animator in
            animator.position(along: route, orientation: .tangent).duration(settings.duration)
        }
    }

    // MARK: Dragging

    /// A drag begins where the flyer is on screen, mid-flight included.
    func gestureRecognizerShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        let shown = flyer.layer.presentation() ?? flyer.layer
        return shown.frame.contains(recognizer.location(in: stage))
    }

    @objc private func drag(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            // Catch the view where it is on screen: a zero-duration group takes position over.
            let current = flyer.layer.presentation()?.position ?? flyer.center
            flyer.animate { $0.position(current).duration(0) }
            recognizer.setTranslation(.zero, in: stage)
        case .changed:
            let translation = recognizer.translation(in: stage)
            flyer.center = CGPoint(x: flyer.center.x + translation.x, y: flyer.center.y + translation.y)
            recognizer.setTranslation(.zero, in: stage)
        case .ended, .cancelled:
            let velocity = recognizer.velocity(in: stage)
            let centers = tiles.map { CGPoint(x: $0.frame.midX, y: $0.frame.midY) }
            let target = Release.snapPoint(from: flyer.center, velocity: velocity, among: centers)
            let tile = tiles.first { CGPoint(x: $0.frame.midX, y: $0.frame.midY) == target }
            flyer.animate { animator in
                animator.position(releasedAt: self.flyer.center, velocity: velocity, snappingTo: centers)
                if let tile {
                    let size = tile.frame.insetBy(dx: 8, dy: 8).size
                    animator.bounds(CGRect(origin: .zero, size: size)).duration(0.5).easing(.outCubic)
                }
            }
        default:
            break
        }
    }
}
