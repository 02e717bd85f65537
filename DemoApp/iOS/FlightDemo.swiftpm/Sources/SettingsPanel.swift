import FlightCore
import UIKit

/// The controls under the stage: a curve and a primary switch per property, the timing
/// priority, the duration, and how the secondary view follows.
final class SettingsPanel: UIScrollView {
    var settings = DemoSettings() {
        didSet { if !isUpdating { rebuild() } }
    }
    var onChange: ((DemoSettings) -> Void)?

    private let stack = UIStackView()
    private var isUpdating = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemGroupedBackground
        stack.axis = .vertical
        stack.spacing = 10
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: contentLayoutGuide.topAnchor, constant: 16),
            stack.leadingAnchor.constraint(equalTo: frameLayoutGuide.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: frameLayoutGuide.trailingAnchor, constant: -16),
            stack.bottomAnchor.constraint(equalTo: contentLayoutGuide.bottomAnchor, constant: -16),
        ])
        rebuild()
    }

    required init?(coder: NSCoder) {
        fatalError("SettingsPanel is built in code")
    }

    private func update(_ change: (inout DemoSettings) -> Void) {
        isUpdating = true
        change(&settings)
        isUpdating = false
        onChange?(settings)
    }

    private func rebuild() {
        stack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for property in DemoProperty.allCases {
            stack.addArrangedSubview(propertyRow(property))
        }
        stack.addArrangedSubview(priorityRow())
        stack.addArrangedSubview(durationRow())
        stack.addArrangedSubview(followerRows())
    }

    private func propertyRow(_ property: DemoProperty) -> UIView {
        let label = UILabel()
        label.text = property.rawValue
        label.font = .preferredFont(forTextStyle: .headline)
        label.widthAnchor.constraint(equalToConstant: 90).isActive = true

        let picker = UIButton(configuration: .gray())
        picker.configuration?.title = DemoSettings.title(of: settings.easing[property] ?? .linear)
        picker.menu = UIMenu(children: DemoSettings.easingChoices.map { title, easing in
            UIAction(title: title, state: settings.easing[property] == easing ? .on : .off) { [weak self, weak picker] _ in
                picker?.configuration?.title = title
                self?.update { $0.easing[property] = easing }
            }
        })
        picker.showsMenuAsPrimaryAction = true

        let primary = UISwitch()
        primary.isOn = settings.primary[property] ?? false
        primary.addAction(UIAction { [weak self, weak primary] _ in
            self?.update { $0.primary[property] = primary?.isOn ?? false }
        }, for: .valueChanged)
        let primaryLabel = UILabel()
        primaryLabel.text = "primary"
        primaryLabel.font = .preferredFont(forTextStyle: .caption1)

        return row([label, picker, primaryLabel, primary])
    }

    private func priorityRow() -> UIView {
        let control = UISegmentedControl(items: TimingPriority.allCases.map { ".\($0.rawValue)" })
        control.selectedSegmentIndex = TimingPriority.allCases.firstIndex(of: settings.timingPriority) ?? 0
        control.addAction(UIAction { [weak self, weak control] _ in
            guard let index = control?.selectedSegmentIndex, index >= 0 else { return }
            self?.update { $0.timingPriority = TimingPriority.allCases[index] }
        }, for: .valueChanged)
        return row([caption("priority"), control])
    }

    private func durationRow() -> UIView {
        let slider = UISlider()
        slider.minimumValue = 0.2
        slider.maximumValue = 2
        slider.value = Float(settings.duration)
        let value = caption(String(format: "%.2f s", settings.duration))
        slider.addAction(UIAction { [weak self, weak slider, weak value] _ in
            let duration = Double(slider?.value ?? 0.8)
            value?.text = String(format: "%.2f s", duration)
            self?.update { $0.duration = duration }
        }, for: .valueChanged)
        return row([caption("duration"), slider, value])
    }

    private func followerRows() -> UIView {
        let enabled = UISwitch()
        enabled.isOn = settings.followerEnabled
        enabled.addAction(UIAction { [weak self, weak enabled] _ in
            self?.update { $0.followerEnabled = enabled?.isOn ?? false }
        }, for: .valueChanged)

        let trigger = UISegmentedControl(items: FollowTrigger.allCases.map(\.rawValue))
        trigger.selectedSegmentIndex = FollowTrigger.allCases.firstIndex(of: settings.followTrigger) ?? 0
        trigger.addAction(UIAction { [weak self, weak trigger] _ in
            guard let index = trigger?.selectedSegmentIndex, index >= 0 else { return }
            self?.update { $0.followTrigger = FollowTrigger.allCases[index] }
        }, for: .valueChanged)

        let progress = UISlider()
        progress.minimumValue = 0
        progress.maximumValue = 1
        progress.value = Float(settings.followProgress)
        let value = caption(String(format: "%.2f", settings.followProgress))
        progress.addAction(UIAction { [weak self, weak progress, weak value] _ in
            let fraction = Double(progress?.value ?? 0.5)
            value?.text = String(format: "%.2f", fraction)
            self?.update { $0.followProgress = fraction }
        }, for: .valueChanged)

        let column = UIStackView(arrangedSubviews: [
            row([caption("secondary view"), enabled]), row([caption("trigger"), trigger]),
            row([caption("progress"), progress, value]),
        ])
        column.axis = .vertical
        column.spacing = 10
        return column
    }

    private func caption(_ text: String) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = .preferredFont(forTextStyle: .subheadline)
        label.setContentHuggingPriority(.required, for: .horizontal)
        return label
    }

    private func row(_ views: [UIView]) -> UIStackView {
        let row = UIStackView(arrangedSubviews: views)
        row.axis = .horizontal
        row.spacing = 10
        row.alignment = .center
        return row
    }
}
