import FlightCore
import SwiftUI

/// Flight's curves and springs in SwiftUI: tap to send the card across with the chosen easing;
/// tap again mid-flight and a spring takes over from where it is, with its velocity.
struct SwiftUIDemo: View {
    @State private var isAcross = false
    @State private var easing = Choice.outBack

    enum Choice: String, CaseIterable, Identifiable {
        case outBack, outElastic, outBounce, spring, springDecay
        var id: Self { self }

        var easing: Easing {
            switch self {
            case .outBack: .outBack
            case .outElastic: .outElastic
            case .outBounce: .outBounce
            case .spring: .spring(.bouncy)
            case .springDecay: .springDecay(velocity: 6)
            }
        }
    }

    var body: some View {
        VStack(spacing: 24) {
            Picker("Easing", selection: $easing) {
                ForEach(Choice.allCases) { Text($0.rawValue).tag($0) }
            }
            .pickerStyle(.segmented)
            GeometryReader { proxy in
                RoundedRectangle(cornerRadius: 16)
                    .fill(.blue)
                    .frame(width: 80, height: 80)
                    .offset(x: isAcross ? proxy.size.width - 80 : 0)
            }
            .frame(height: 80)
            Button(isAcross ? "Back" : "Across") {
                if #available(iOS 17.0, *) {
                    withAnimation(.flight(easing.easing, duration: 0.8)) { isAcross.toggle() }
                } else {
                    withAnimation(.easeOut(duration: 0.8)) { isAcross.toggle() }
                }
            }
            .buttonStyle(.borderedProminent)
            Spacer()
        }
        .padding()
    }
}
