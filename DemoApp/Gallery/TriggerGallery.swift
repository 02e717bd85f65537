import FlightCore
import Foundation

/// The gallery section for triggers: FlightAnimator's secondary-view scenario (a second view
/// follows the first through each kind of trigger) and a nested chain, as animated SVG.
@MainActor
enum TriggerGallery {
    static let blue = Color(red: 0.17, green: 0.37, blue: 0.84)
    static let orange = Color(red: 0.9, green: 0.56, blue: 0.23)
    static let green = Color(red: 0.2, green: 0.65, blue: 0.4)
    static let red = Color(red: 0.85, green: 0.3, blue: 0.35)

    static func html() -> String {
        var out = """
        <h2>Triggers: a secondary view follows</h2>
        <p>The blue view flies across in 1 s (<code>.outBack</code>); the orange one follows it to the \
        same place, started by a trigger of each kind. The value-progress trigger waits until the \
        blue view has covered half the distance, which <code>.outBack</code> does well before half the \
        time. Click to replay.</p><div class="grid">

        """
        let kinds: [(String, TriggerPlan.Moment)] = [
            ("triggerOnStart", .start), ("triggerOnProgress(0.5)", .timeProgress(0.5)),
            ("triggerOnValueProgress(0.5)", .valueProgress(0.5)), ("triggerOnCompletion", .completion),
        ]
        for (index, (title, moment)) in kinds.enumerated() {
            out += followerCard(title, moment, id: "trigger\(index)")
        }
        out += "</div><h2>Nested triggers</h2><p>Green starts with blue; red when green completes; "
            + "orange halfway through red's time. Click to replay.</p><div class=\"grid\">\n"
        out += nestedCard(id: "nested")
        return out + "</div>\n"
    }

    static func followerCard(_ title: String, _ moment: TriggerPlan.Moment, id: String) -> String {
        let clock = ManualClock()
        let primary = HeadlessLayer(clock: clock), secondary = HeadlessLayer(clock: clock)
        let primaryFrame = CGRect(x: 20, y: 40, width: 40, height: 40)
        let secondaryFrame = CGRect(x: 20, y: 120, width: 30, height: 30)
        primary.frame = primaryFrame
        secondary.frame = secondaryFrame
        var primaryGroups: [AnimationGroup] = [], secondaryGroups: [AnimationGroup] = []
        let target = CGPoint(x: 250, y: 60)
        let follow: (GroupAnimator) -> Void = { animator in
            animator.position(CGPoint(x: target.x, y: target.y + 80)).duration(0.6).easing(.outCubic)
            animator.setDidStartCallback { secondaryGroups.append($0) }
        }
        primaryGroups.append(primary.animate { animator in
            animator.position(target).duration(1).easing(.outBack)
            switch moment {
            case .start: animator.triggerOnStart(onView: secondary, animator: follow)
            case .completion: animator.triggerOnCompletion(onView: secondary, animator: follow)
            case .timeProgress(let p): animator.triggerOnProgress(p, onView: secondary, animator: follow)
            case .valueProgress(let p): animator.triggerOnValueProgress(p, onView: secondary, animator: follow)
            }
        })
        GroupGallery.run(clock, until: 3)
        let started = secondaryGroups.first.map { String(format: "follower started at %.3f s", $0.beginTime) } ?? ""
        return SMILRenderer(id: id).card(
            title: title,
            actors: [Actor(frame: primaryFrame, color: blue, groups: primaryGroups),
                     Actor(frame: secondaryFrame, color: orange, groups: secondaryGroups)],
            caption: started + " (60 Hz frames)", targets: [target])
    }

    static func nestedCard(id: String) -> String {
        let clock = ManualClock()
        let a = HeadlessLayer(clock: clock), b = HeadlessLayer(clock: clock)
        let c = HeadlessLayer(clock: clock), d = HeadlessLayer(clock: clock)
        let frames = [CGRect(x: 20, y: 20, width: 30, height: 30), CGRect(x: 20, y: 65, width: 30, height: 30),
                      CGRect(x: 20, y: 110, width: 30, height: 30), CGRect(x: 20, y: 155, width: 30, height: 30)]
        for (layer, frame) in zip([a, b, c, d], frames) { layer.frame = frame }
        var groups: [[AnimationGroup]] = [[], [], [], []]
        groups[0].append(a.animate { animator in
            animator.position(CGPoint(x: 260, y: 35)).duration(0.8).easing(.inOutCubic)
            animator.triggerOnStart(onView: b) { animator in
                animator.position(CGPoint(x: 200, y: 80)).duration(0.6).easing(.outCubic)
                animator.setDidStartCallback { groups[1].append($0) }
                animator.triggerOnCompletion(onView: c) { animator in
                    animator.position(CGPoint(x: 260, y: 125)).duration(0.8).easing(.spring(.bouncy))
                    animator.setDidStartCallback { groups[2].append($0) }
                    animator.triggerOnProgress(0.5, onView: d) { animator in
                        animator.position(CGPoint(x: 260, y: 170)).duration(0.5).easing(.outBounce)
                        animator.setDidStartCallback { groups[3].append($0) }
                    }
                }
            }
        })
        GroupGallery.run(clock, until: 4)
        let starts = groups.compactMap { $0.first.map { String(format: "%.3f", $0.beginTime) } }
        return SMILRenderer(id: id).card(
            title: "start → completion → progress(0.5)",
            actors: zip(frames, zip([blue, green, red, orange], groups)).map { Actor(frame: $0, color: $1.0, groups: $1.1) },
            caption: "started at " + starts.joined(separator: " s, ") + " s", targets: [])
    }
}
