import FlightCore
import UIKit

/// A chained three-view transition driven by a pan as one sequence: the header slides down, at
/// 60 % of its time it starts the card, and the card's end starts the button on a spring. A pan
/// down pauses the transition and scrubs it (`AnimationSequence.fractionComplete`); lifting the
/// finger plays it on, or back if the finger was moving up. A tap plays it through, or back.
final class SequenceDemoViewController: UIViewController {
    private let header = UIView()
    private let card = UIView()
    private let button = UIView()
    private var transition: AnimationSequence?
    /// Whether the views are at their lowered places (the model values).
    private var isLowered = false
    /// The way the transition moves the views on screen: 1 down, −1 up.
    private var heading: CGFloat = 1
    /// The transition's fraction when the pan began.
    private var fractionAtGrab: CGFloat = 0
    /// How far a pan must go to scrub the whole transition, in points.
    private let distance: CGFloat = 320

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        for (subview, color) in [(header, UIColor.systemBlue), (card, .systemGreen), (button, .systemOrange)] {
            subview.backgroundColor = color
            subview.layer.cornerRadius = 12
            view.addSubview(subview)
        }
        view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tap)))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard header.bounds.isEmpty else { return }
        let width = view.bounds.width - 48
        header.frame = CGRect(x: 24, y: 80, width: width, height: 60)
        card.frame = CGRect(x: 24, y: 160, width: width, height: 160)
        button.frame = CGRect(x: 24, y: 340, width: width, height: 44)
    }

    /// Starts the transition towards the other places: each view moves by 120 pt.
    private func start() -> AnimationSequence {
        heading = isLowered ? -1 : 1
        let step = 120 * heading
        isLowered.toggle()
        func moved(_ view: UIView) -> CGPoint { CGPoint(x: view.center.x, y: view.center.y + step) }
        let (headerTo, cardTo, buttonTo) = (moved(header), moved(card), moved(button))
        let card = self.card, button = self.button
        return header.animate { a in
            a.position(headerTo).duration(0.5).easing(.outCubic)
            a.triggerOnProgress(0.6, onView: card) { b in
                b.position(cardTo).duration(0.5).easing(.inOutSine)
                b.triggerOnCompletion(onView: button) { c in
                    c.position(buttonTo).duration(0.4).easing(.spring(.bouncy))
                }
            }
        }.sequence
    }

    @objc private func tap() {
        if let transition, !transition.hasEnded {
            transition.reverse()
            if transition.isPaused { transition.resume() }
            isLowered.toggle()
            return
        }
        transition = start()
    }

    @objc private func pan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            if transition == nil || transition?.hasEnded == true {
                transition = start()
            }
            transition?.pause()
            fractionAtGrab = transition?.fractionComplete ?? 0
        case .changed:
            guard let transition, transition.isPaused else { return }
            // Dragging the way the transition moves the views moves it on.
            let translation = recognizer.translation(in: view).y * heading
            transition.fractionComplete = fractionAtGrab + translation / distance
        case .ended, .cancelled:
            guard let transition, transition.isPaused else { return }
            let speed = recognizer.velocity(in: view).y * heading
            // Moving back: the transition plays back to where it started; else on to its end.
            if transition.isReversed != (speed < 0) {
                transition.reverse()
                isLowered.toggle()
            }
            transition.resume()
        default:
            break
        }
    }
}
