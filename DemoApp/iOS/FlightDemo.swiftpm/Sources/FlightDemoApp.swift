import SwiftUI

/// The app: the UIKit demo, Flight's curves in SwiftUI, and the conformance screen that checks
/// Flight on real CoreAnimation against the headless host.
///
/// Launched with `-FlightConformance`, it opens the conformance screen, runs every scenario,
/// writes the JSON report, prints a one-line summary and exits: 0 if everything matched, 1 if
/// not.
@main
struct FlightDemoApp: App {
    /// Whether the app was launched to run the conformance suite and exit.
    static let runsConformance = ProcessInfo.processInfo.arguments.contains("-FlightConformance")

    enum Tab: Hashable {
        case uiKit, sequence, swiftUI, conformance
    }

    @State private var tab: Tab = Self.runsConformance ? .conformance : .uiKit

    var body: some Scene {
        WindowGroup {
            TabView(selection: $tab) {
                DemoScreen()
                    .ignoresSafeArea(.container, edges: .bottom)
                    .tabItem { Label("UIKit", systemImage: "square.on.square") }
                    .tag(Tab.uiKit)
                SequenceDemoScreen()
                    .tabItem { Label("Sequence", systemImage: "rectangle.stack") }
                    .tag(Tab.sequence)
                SwiftUIDemo()
                    .tabItem { Label("SwiftUI", systemImage: "swift") }
                    .tag(Tab.swiftUI)
                ConformanceScreen(runsAndExits: Self.runsConformance)
                    .tabItem { Label("Conformance", systemImage: "checkmark.seal") }
                    .tag(Tab.conformance)
            }
        }
    }
}

/// The UIKit demo controller inside SwiftUI.
struct DemoScreen: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> DemoViewController {
        DemoViewController()
    }

    func updateUIViewController(_ controller: DemoViewController, context: Context) {}
}

/// The pan-scrubbed chained transition inside SwiftUI.
struct SequenceDemoScreen: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> SequenceDemoViewController {
        SequenceDemoViewController()
    }

    func updateUIViewController(_ controller: SequenceDemoViewController, context: Context) {}
}
