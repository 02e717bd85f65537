import FlightCore
import Foundation

/// The scenarios of the conformance run: the timelines Flight's Linux tests step through, one
/// per behaviour the bridge to CoreAnimation must get right.
@MainActor
public enum ConformanceScenarios {
    /// Every scenario, in the order they run.
    public static var all: [ConformanceScenario] {
        [takeOver, springTakeOver, pauseScrubResume, pauseAfterAnEnd, scrubOntoSteps, reverse, finishAndCancel, continueOnSpring,
         triggers, colours, transforms, transformParts, partsOfAScaledLayer, partEndsInsideItsGroup, speedTwo]
    }

    /// A 60 × 60 pt square at `position`, opaque, with a background colour.
    static func square(_ name: String, at position: CGPoint, speed: Double = 1, _ extra: [(keyPath: String, value: any AnimatableValue)] = [])
        -> ConformanceLayer {
        ConformanceLayer(name, speed: speed, [
            ("bounds", CGRect(x: 0, y: 0, width: 60, height: 60)),
            ("position", position),
            ("backgroundColor", Color(red: 0.2, green: 0.45, blue: 0.9)),
        ] + extra)
    }

    /// Take-over of a running group: position is taken at 0.25 s, opacity plays on.
    static var takeOver: ConformanceScenario {
        ConformanceScenario(
            "take-over", "A group moves and fades; at 0.25 s a second group takes its position only.",
            layers: [square("card", at: CGPoint(x: 40, y: 40))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(0, "opacity")],
            duration: 1.2,
            steps: [
                ConformanceStep(at: 0, "slide and fade") { stage in
                    stage.animate("slide", on: 0) { a in
                        a.position(CGPoint(x: 300, y: 40)).duration(1).easing(.linear)
                        a.alpha(0.3).duration(1).easing(.linear)
                    }
                },
                ConformanceStep(at: 0.25, "take position") { stage in
                    stage.animate("redirect", on: 0) { a in
                        a.position(CGPoint(x: 120, y: 260)).duration(0.4).easing(.outCubic)
                    }
                },
            ])
    }

    /// A spring taken over by a spring: velocity carries across.
    static var springTakeOver: ConformanceScenario {
        ConformanceScenario(
            "spring take-over", "A spring is redirected mid-flight by another spring, which keeps its velocity.",
            layers: [square("ball", at: CGPoint(x: 40, y: 200))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(0, "bounds")],
            duration: 1.6,
            steps: [
                ConformanceStep(at: 0, "spring out") { stage in
                    stage.animate("out", on: 0) { a in
                        a.position(CGPoint(x: 320, y: 120)).easing(.spring(Spring(duration: 0.6, bounce: 0.3)))
                        a.bounds(CGRect(x: 0, y: 0, width: 100, height: 40)).duration(0.5).easing(.inOutSine)
                    }
                },
                ConformanceStep(at: 0.2, "spring back") { stage in
                    stage.animate("back", on: 0) { a in
                        a.position(CGPoint(x: 60, y: 300)).easing(.spring(Spring(duration: 0.5, bounce: 0.2)))
                    }
                },
            ])
    }

    /// pause, fractionComplete (scrubbing) and resume.
    static var pauseScrubResume: ConformanceScenario {
        ConformanceScenario(
            "pause, scrub, resume", "A group is paused, scrubbed forwards and back with fractionComplete, then resumed.",
            layers: [square("card", at: CGPoint(x: 40, y: 120))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(0, "backgroundColor")],
            duration: 1.5,
            steps: [
                ConformanceStep(at: 0, "play") { stage in
                    stage.animate("move", on: 0) { a in
                        a.position(CGPoint(x: 320, y: 120)).duration(1).easing(.inOutSine)
                        a.backgroundColor(Color(red: 0.95, green: 0.55, blue: 0.1)).duration(1).easing(.linear)
                    }
                },
                ConformanceStep(at: 0.2, "pause") { $0.control("move") { $0.pause() } },
                ConformanceStep(at: 0.3, "fractionComplete = 0.6") { $0.control("move") { $0.fractionComplete = 0.6 } },
                ConformanceStep(at: 0.4, "fractionComplete = 0.3") { $0.control("move") { $0.fractionComplete = 0.3 } },
                ConformanceStep(at: 0.5, "resume") { $0.control("move") { $0.resume() } },
            ])
    }

    /// A group paused after one of its properties has ended, while another plays on: the ended
    /// one is held at its end (an animation at speed 0 whose time offset is its duration, filled
    /// both ways), then scrubbed back into its steps and to the group's end, and resumed.
    /// On `.steps(4, .jumpEnd)` its end is a value it shows only from its end on, so a hold a
    /// moment short of the end would show the step before.
    static var pauseAfterAnEnd: ConformanceScenario {
        ConformanceScenario(
            "pause after an end", "A step move ends at 0.3 s while a fade plays on; the group is paused at 0.45 s, scrubbed with fractionComplete to 0.2 and to 1, and resumed.",
            layers: [square("card", at: CGPoint(x: 40, y: 200))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(0, "opacity")],
            duration: 1.2,
            steps: [
                ConformanceStep(at: 0, "play") { stage in
                    stage.animate("move", on: 0) { a in
                        a.position(CGPoint(x: 320, y: 200)).duration(0.3).easing(.steps(4, .jumpEnd))
                        a.alpha(0.3).duration(1).easing(.linear)
                    }
                },
                ConformanceStep(at: 0.45, "pause after the move's end") { $0.control("move") { $0.pause() } },
                ConformanceStep(at: 0.6, "fractionComplete = 0.2") { $0.control("move") { $0.fractionComplete = 0.2 } },
                ConformanceStep(at: 0.75, "fractionComplete = 1") { $0.control("move") { $0.fractionComplete = 1 } },
                ConformanceStep(at: 0.9, "resume") { $0.control("move") { $0.resume() } },
            ])
    }

    /// A paused group scrubbed exactly onto the jumps of a step curve: `.steps(4, .jumpEnd)`
    /// over 1 s jumps at 0.25, 0.5 and 0.75, and a scrub to a jump's instant shows the step
    /// after it. Flight places a jump's two keyframes a unit in the last place apart and holds
    /// a scrubbed group a unit past the instant, in `Double`s; a device whose key times or time
    /// offsets were kept less precisely would show the step before.
    static var scrubOntoSteps: ConformanceScenario {
        ConformanceScenario(
            "scrub onto steps", "A four-step move is paused at 0.1 s and scrubbed with fractionComplete exactly onto its jumps, 0.25, 0.5 and 0.75, then back to 0.25, and resumed.",
            layers: [square("stepper", at: CGPoint(x: 40, y: 320))],
            probes: [ConformanceProbe(0, "position")],
            duration: 1.6,
            steps: [
                ConformanceStep(at: 0, "play") { stage in
                    stage.animate("steps", on: 0) { a in
                        a.position(CGPoint(x: 320, y: 320)).duration(1).easing(.steps(4, .jumpEnd))
                    }
                },
                ConformanceStep(at: 0.1, "pause") { $0.control("steps") { $0.pause() } },
                ConformanceStep(at: 0.2, "fractionComplete = 0.25") { $0.control("steps") { $0.fractionComplete = 0.25 } },
                ConformanceStep(at: 0.3, "fractionComplete = 0.5") { $0.control("steps") { $0.fractionComplete = 0.5 } },
                ConformanceStep(at: 0.4, "fractionComplete = 0.75") { $0.control("steps") { $0.fractionComplete = 0.75 } },
                ConformanceStep(at: 0.5, "fractionComplete = 0.25 again") { $0.control("steps") { $0.fractionComplete = 0.25 } },
                ConformanceStep(at: 0.6, "resume") { $0.control("steps") { $0.resume() } },
            ])
    }

    /// reverse, twice.
    static var reverse: ConformanceScenario {
        ConformanceScenario(
            "reverse", "A group is reversed at 0.4 s, and turned round again at 0.7 s.",
            layers: [square("card", at: CGPoint(x: 40, y: 80))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(0, "transform"), ConformanceProbe(0, "opacity")],
            duration: 1.9,
            steps: [
                ConformanceStep(at: 0, "play") { stage in
                    stage.animate("move", on: 0) { a in
                        a.position(CGPoint(x: 320, y: 200)).duration(1).easing(.outCubic)
                        a.transform(.rotation(.pi / 2)).duration(0.8).easing(.inOutSine)
                        a.alpha(0.4).duration(0.6).easing(.linear)
                    }
                },
                ConformanceStep(at: 0.4, "reverse") { $0.control("move") { $0.reverse() } },
                ConformanceStep(at: 0.7, "reverse again") { $0.control("move") { $0.reverse() } },
            ])
    }

    /// finish(at: .end), finish(at: .start) and cancel().
    static var finishAndCancel: ConformanceScenario {
        func move(_ y: Double) -> (GroupAnimator) -> Void {
            { a in
                a.position(CGPoint(x: 320, y: y)).duration(1).easing(.inOutCubic)
                a.alpha(0.5).duration(1).easing(.linear)
            }
        }
        return ConformanceScenario(
            "finish and cancel", "Three groups, stopped at 0.3 s: finished at the end, at the start, and cancelled.",
            layers: [square("end", at: CGPoint(x: 40, y: 60)), square("start", at: CGPoint(x: 40, y: 160)),
                     square("cancel", at: CGPoint(x: 40, y: 260))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(1, "position"), ConformanceProbe(2, "position"),
                     ConformanceProbe(2, "opacity")],
            duration: 0.8,
            steps: [
                ConformanceStep(at: 0, "play three") { stage in
                    stage.animate("end", on: 0, .maxTime, move(60))
                    stage.animate("start", on: 1, .maxTime, move(160))
                    stage.animate("cancel", on: 2, .maxTime, move(260))
                },
                ConformanceStep(at: 0.3, "finish(at: .end), finish(at: .start), cancel()") { stage in
                    stage.control("end") { $0.finish(at: .end) }
                    stage.control("start") { $0.finish(at: .start) }
                    stage.control("cancel") { $0.cancel() }
                },
                ConformanceStep(at: 0.4, "animate the cancelled one on") { stage in
                    stage.animate("again", on: 2) { a in a.position(CGPoint(x: 200, y: 300)).duration(0.3).easing(.outCubic) }
                },
            ])
    }

    /// A paused group scrubbed by a recorded drag, then continueOnSpring.
    static var continueOnSpring: ConformanceScenario {
        var steps = [
            ConformanceStep(at: 0, "play and pause") { stage in
                stage.animate("dismiss", on: 0) { a in a.position(CGPoint(x: 200, y: 500)).duration(1).easing(.linear) }
                stage.control("dismiss") { $0.pause() }
            },
        ]
        for frame in 1...12 {
            let time = Double(frame) / 60
            steps.append(ConformanceStep(at: time, "drag to \(String(format: "%.3f", 1.5 * time * time))") { stage in
                stage.control("dismiss") { $0.fractionComplete = 1.5 * time * time }
            })
        }
        steps.append(ConformanceStep(at: 0.25, "continueOnSpring(velocity: 2)") { stage in
            stage.control("dismiss") { $0.continueOnSpring(velocity: 2) }
        })
        return ConformanceScenario(
            "continueOnSpring", "A paused dismissal is scrubbed by a drag and handed to a spring when the finger lifts.",
            layers: [square("sheet", at: CGPoint(x: 200, y: 80))],
            probes: [ConformanceProbe(0, "position")],
            duration: 2.2, steps: steps)
    }

    /// Triggers at the start, at half time, at 80 % of the way, and at completion.
    static var triggers: ConformanceScenario {
        ConformanceScenario(
            "triggers", "A group starts others on its start, at half its time, at 80 % of its way and on completion.",
            layers: [square("leader", at: CGPoint(x: 40, y: 60)), square("fader", at: CGPoint(x: 40, y: 160)),
                     square("follower", at: CGPoint(x: 40, y: 260))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(1, "opacity"), ConformanceProbe(1, "backgroundColor"),
                     ConformanceProbe(2, "position")],
            duration: 1.4,
            steps: [
                ConformanceStep(at: 0, "lead, with triggers") { stage in
                    stage.animate("lead", on: 0) { a in
                        a.position(CGPoint(x: 300, y: 60)).duration(0.6).easing(.outCubic)
                        a.triggerOnStart(onView: stage[1]) { b in
                            b.alpha(0.3).duration(0.3).easing(.linear)
                            b.setDidStartCallback { _ in stage.log("start trigger fired") }
                        }
                        a.triggerOnProgress(0.5, onView: stage[2]) { b in
                            b.position(CGPoint(x: 300, y: 260)).duration(0.4).easing(.inOutSine)
                            b.setDidStartCallback { _ in stage.log("time-progress trigger fired") }
                        }
                        a.triggerOnValueProgress(0.8, onView: stage[1]) { b in
                            b.backgroundColor(Color(red: 0.9, green: 0.2, blue: 0.3)).duration(0.3).easing(.linear)
                            b.setDidStartCallback { _ in stage.log("value-progress trigger fired") }
                        }
                        a.triggerOnCompletion(onView: stage[1]) { b in
                            b.alpha(1).duration(0.3).easing(.outCubic)
                            b.setDidStartCallback { _ in stage.log("completion trigger fired") }
                        }
                    }
                },
            ])
    }

    /// Colours, with alpha, mixed along Flight's path.
    static var colours: ConformanceScenario {
        ConformanceScenario(
            "colours", "Background, border and shadow colours change, one of them translucent.",
            layers: [square("swatch", at: CGPoint(x: 120, y: 120), [
                ("borderWidth", 6.0), ("borderColor", Color(red: 0, green: 0.6, blue: 0.3)),
                ("shadowOpacity", 0.8), ("shadowColor", Color(white: 0)),
            ])],
            probes: [ConformanceProbe(0, "backgroundColor"), ConformanceProbe(0, "borderColor"),
                     ConformanceProbe(0, "shadowColor")],
            duration: 1.3,
            steps: [
                ConformanceStep(at: 0, "recolour") { stage in
                    stage.animate("recolour", on: 0) { a in
                        a.backgroundColor(Color(red: 1, green: 0.1, blue: 0.1)).duration(0.8).easing(.linear)
                        a.borderColor(Color(red: 1, green: 0.9, blue: 0, alpha: 0.4)).duration(1).easing(.inOutSine)
                        a.shadowColor(Color(red: 0.2, green: 0.2, blue: 1)).duration(0.6).easing(.outCubic)
                    }
                },
                ConformanceStep(at: 0.4, "take the background back") { stage in
                    stage.animate("back", on: 0) { a in
                        a.backgroundColor(Color(red: 0.2, green: 0.45, blue: 0.9)).duration(0.6).easing(.outCubic)
                    }
                },
            ])
    }

    /// Whole transforms: rotation, scale and translation together, then taken over.
    static var transforms: ConformanceScenario {
        ConformanceScenario(
            "transforms", "A rotation with scale and translation, taken over at 0.4 s by another transform.",
            layers: [square("tile", at: CGPoint(x: 160, y: 160))],
            probes: [ConformanceProbe(0, "transform")],
            duration: 1.3,
            steps: [
                ConformanceStep(at: 0, "turn and grow") { stage in
                    stage.animate("turn", on: 0) { a in
                        a.transform3D(Transform3D.rotation(angle: .pi * 0.75, x: 0, y: 0, z: 1)
                            .concatenating(.scale(x: 1.6, y: 1.2))
                            .concatenating(.translation(x: 60, y: -30)))
                            .duration(1).easing(.inOutCubic)
                    }
                },
                ConformanceStep(at: 0.4, "take over") { stage in
                    stage.animate("settle", on: 0) { a in
                        a.transform3D(Transform3D.scale(x: 0.8, y: 0.8)).duration(0.6).easing(.outCubic)
                    }
                },
            ])
    }

    /// Sub-paths: transform.scale, transform.rotation.z and position.x, each on its own.
    static var transformParts: ConformanceScenario {
        ConformanceScenario(
            "sub-paths", "transform.scale, then transform.rotation.z at 0.2 s, and position.x over both.",
            layers: [square("part", at: CGPoint(x: 80, y: 160))],
            probes: [ConformanceProbe(0, "transform"), ConformanceProbe(0, "transform.scale"),
                     ConformanceProbe(0, "transform.rotation.z"), ConformanceProbe(0, "position"),
                     ConformanceProbe(0, "position.x")],
            duration: 1.2,
            steps: [
                ConformanceStep(at: 0, "scale and x") { stage in
                    stage.animate("scale", on: 0) { a in
                        a.value(1.5, forKeyPath: "transform.scale").duration(0.6).easing(.outCubic)
                        a.value(280.0, forKeyPath: "position.x").duration(0.8).easing(.inOutSine)
                    }
                },
                ConformanceStep(at: 0.2, "rotate") { stage in
                    stage.animate("rotate", on: 0) { a in
                        a.value(Double.pi / 2, forKeyPath: "transform.rotation.z").duration(0.6).easing(.inOutSine)
                    }
                },
            ])
    }

    /// Parts of transforms that CoreAnimation could read another way than Flight: the scale of
    /// a layer given a 2D scale of 0.5 (its z scale is 1, so `transform.scale` reads 0.667) and
    /// the rotation of a layer mirrored in x, which Flight hands to CoreAnimation as the whole
    /// `transform`, beside the scale of a layer scaled alike on all three axes, which it hands
    /// over as the part. Each should show on the device what it shows headless.
    static var partsOfAScaledLayer: ConformanceScenario {
        ConformanceScenario(
            "parts of a scaled layer", "transform.scale to 1 on a layer scaled 0.5 in 2D and on one scaled 0.5 on every axis; transform.rotation.z to a quarter turn on a layer mirrored in x.",
            layers: [square("2D scale", at: CGPoint(x: 80, y: 100), [("transform", Transform3D.scale(x: 0.5, y: 0.5))]),
                     square("uniform scale", at: CGPoint(x: 200, y: 100), [("transform", Transform3D.scale(x: 0.5, y: 0.5, z: 0.5))]),
                     square("mirrored", at: CGPoint(x: 140, y: 260), [("transform", Transform3D.scale(x: -1, y: 1))])],
            probes: [ConformanceProbe(0, "transform"), ConformanceProbe(1, "transform"), ConformanceProbe(2, "transform")],
            duration: 1,
            steps: [
                ConformanceStep(at: 0, "scale and turn") { stage in
                    stage.animate("2D", on: 0) { a in a.value(1.0, forKeyPath: "transform.scale").duration(0.8).easing(.outCubic) }
                    stage.animate("uniform", on: 1) { a in a.value(1.0, forKeyPath: "transform.scale").duration(0.8).easing(.outCubic) }
                    stage.animate("mirrored", on: 2) { a in
                        a.value(Double.pi / 2, forKeyPath: "transform.rotation.z").duration(0.8).easing(.inOutSine)
                    }
                },
            ])
    }

    /// A part that ends inside its group while the group plays on: its animation stays on the
    /// layer, Flight's, until the group ends, so a spring on the other part redirected after
    /// that end keeps its velocity.
    static var partEndsInsideItsGroup: ConformanceScenario {
        ConformanceScenario(
            "a part ends inside its group", "position.x moves for 0.2 s in a group that fades for 1 s; a spring on position.y starts at 0.1 s and is redirected at 0.5 s.",
            layers: [square("card", at: CGPoint(x: 60, y: 80))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(0, "opacity")],
            duration: 2.4,
            steps: [
                ConformanceStep(at: 0, "x and fade") { stage in
                    stage.animate("x", on: 0) { a in
                        a.value(240.0, forKeyPath: "position.x").duration(0.2).easing(.linear)
                        a.alpha(0.3).duration(1).easing(.linear)
                    }
                },
                ConformanceStep(at: 0.1, "spring down") { stage in
                    stage.animate("down", on: 0) { a in
                        a.value(320.0, forKeyPath: "position.y").easing(.spring(Spring(duration: 0.8, bounce: 0.2)))
                    }
                },
                ConformanceStep(at: 0.5, "spring back") { stage in
                    stage.animate("back", on: 0) { a in
                        a.value(80.0, forKeyPath: "position.y").easing(.spring(Spring(duration: 0.8, bounce: 0.2)))
                    }
                },
            ])
    }

    /// A layer whose time runs at twice the screen's.
    static var speedTwo: ConformanceScenario {
        ConformanceScenario(
            "layer at speed 2", "A layer at speed 2 plays a 1 s group in 0.5 s; its completion trigger and callbacks come with it.",
            layers: [square("fast", at: CGPoint(x: 40, y: 100), speed: 2), square("normal", at: CGPoint(x: 40, y: 220))],
            probes: [ConformanceProbe(0, "position"), ConformanceProbe(0, "opacity"), ConformanceProbe(1, "position")],
            duration: 1.1,
            steps: [
                ConformanceStep(at: 0, "play at speed 2") { stage in
                    stage.animate("fast", on: 0) { a in
                        a.position(CGPoint(x: 300, y: 100)).duration(1).easing(.inOutSine)
                        a.alpha(0.5).duration(1).easing(.linear)
                        a.triggerOnCompletion(onView: stage[1]) { b in
                            b.position(CGPoint(x: 300, y: 220)).duration(0.4).easing(.outCubic)
                        }
                    }
                },
            ])
    }
}
