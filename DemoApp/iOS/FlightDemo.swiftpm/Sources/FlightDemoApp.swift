import SwiftUI

/// The app: the UIKit demo, and Flight's curves in SwiftUI.
@main
struct FlightDemoApp: App {
    var body: some Scene {
        WindowGroup {
            TabView {
                DemoScreen()
                    .ignoresSafeArea(.container, edges: .bottom)
                    .tabItem { Label("UIKit", systemImage: "square.on.square") }
                SwiftUIDemo()
                    .tabItem { Label("SwiftUI", systemImage: "swift") }
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
