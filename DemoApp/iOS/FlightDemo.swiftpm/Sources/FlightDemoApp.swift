import SwiftUI

/// The app: one screen hosting the UIKit demo.
@main
struct FlightDemoApp: App {
    var body: some Scene {
        WindowGroup {
            DemoScreen()
                .ignoresSafeArea(.container, edges: .bottom)
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
