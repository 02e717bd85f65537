import FlightCore
import SwiftUI
import UIKit

/// The conformance screen: the scenarios play on the stage at the top, and the table below lists
/// each scenario's probes with the frames compared, the worst difference from the headless host
/// and whether it is within tolerance. The JSON report is written to the app's Documents folder.
///
/// Launched with `-FlightConformance`, the app opens this screen, runs the whole suite at once,
/// prints the report's path and a one-line summary, and exits with status 0 if every row
/// matched, 1 if not (see "Checking Flight on a device" in FlightCore's documentation).
final class ConformanceViewController: UIViewController, UITableViewDataSource {
    /// Whether to run at once and exit when done (the launch argument).
    var runsAndExits = false

    private let stage = UIView()
    private let status = UILabel()
    private let runButton = UIButton(configuration: .borderedProminent())
    private let table = UITableView(frame: .zero, style: .plain)
    private lazy var runner = ConformanceRunner(stage: stage)
    private var rows: [ConformanceRow] = []
    /// The scenarios' coordinates: what the stage shows, scaled to fit.
    private let content = CGSize(width: 360, height: 540)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        stage.backgroundColor = .secondarySystemBackground
        stage.clipsToBounds = true
        runButton.configuration?.title = "Run conformance"
        runButton.addAction(UIAction { [weak self] _ in self?.run() }, for: .touchUpInside)
        status.font = .preferredFont(forTextStyle: .footnote)
        status.numberOfLines = 0
        status.text = "\(ConformanceScenarios.all.count) scenarios: each plays on real layers and on the "
            + "headless host, compared frame by frame."
        table.dataSource = self
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let controls = UIStackView(arrangedSubviews: [runButton, status])
        controls.axis = .vertical
        controls.spacing = 6
        for subview in [stage, controls, table] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            stage.topAnchor.constraint(equalTo: guide.topAnchor),
            stage.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            stage.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stage.heightAnchor.constraint(equalTo: guide.heightAnchor, multiplier: 0.42),
            controls.topAnchor.constraint(equalTo: stage.bottomAnchor, constant: 8),
            controls.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 16),
            controls.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -16),
            table.topAnchor.constraint(equalTo: controls.bottomAnchor, constant: 8),
            table.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            table.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            table.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        runner.onProgress = { [weak self] report, next in
            self?.show(report, status: next.isEmpty ? "Comparing…" : "Running “\(next)”…")
        }
        runner.onFinish = { [weak self] report, url in
            self?.finished(report, url: url)
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if runsAndExits && !runner.isRunning && rows.isEmpty { run() }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Scale the scenarios' coordinates into the stage around its centre; the layers' own
        // values (what is compared) are untouched by the container's sublayer transform.
        let size = stage.bounds.size
        guard size.width > 0, size.height > 0 else { return }
        let scale = min(size.width / content.width, size.height / content.height)
        stage.layer.sublayerTransform = CATransform3DTranslate(
            CATransform3DMakeScale(scale, scale, 1),
            size.width / 2 - content.width / 2, size.height / 2 - content.height / 2, 0)
    }

    private func run() {
        rows = []
        table.reloadData()
        runButton.isEnabled = false
        status.text = "Running “\(ConformanceScenarios.all.first?.name ?? "")”…"
        runner.start()
    }

    private func show(_ report: ConformanceReport, status text: String) {
        rows = report.rows
        status.text = text
        table.reloadData()
    }

    private func finished(_ report: ConformanceReport, url: URL?) {
        runButton.isEnabled = true
        show(report, status: report.summary + "\n" + (url.map { "JSON: \($0.path)" } ?? "The JSON report could not be written."))
        if runsAndExits {
            fflush(nil)  // the summary reaches `simctl launch --console-pty` before the exit
            exit(report.passed ? 0 : 1)
        }
    }

    // MARK: Table

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let row = rows[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "\(row.passed ? "✓" : "✗")  \(row.scenario) · \(row.property)"
        content.secondaryText = row.property == "callbacks"
            ? "\(row.frames) frames · \(Int(row.worstDifference)) differ" + (row.passed ? "" : " · device \(row.device), headless \(row.headless)")
            : String(format: "%d frames · worst %.3g (tolerance %.3g) at %.3f s", row.frames, row.worstDifference,
                     row.tolerance, row.worstTime)
        content.secondaryTextProperties.font = .monospacedDigitSystemFont(ofSize: 12, weight: .regular)
        content.textProperties.color = row.passed ? .label : .systemRed
        cell.contentConfiguration = content
        return cell
    }
}

/// The conformance screen inside SwiftUI.
struct ConformanceScreen: UIViewControllerRepresentable {
    /// Whether to run at once and exit when done.
    var runsAndExits = false

    func makeUIViewController(context: Context) -> ConformanceViewController {
        let controller = ConformanceViewController()
        controller.runsAndExits = runsAndExits
        return controller
    }

    func updateUIViewController(_ controller: ConformanceViewController, context: Context) {}
}
