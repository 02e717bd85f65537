import Foundation
import Testing

extension EasingSuites {
    /// Keeps the DocC articles' Swift blocks compiling. An article's block uses names its prose
    /// has introduced (a layer, a target point), so each portable block is type-checked after a
    /// preamble that declares them, and nothing else; a block written for UIKit, SwiftUI or
    /// AVFoundation is listed with the framework it needs, which Linux does not have.
    @Suite("DocC snippets")
    struct DocCSnippetTests {
        /// A Swift block of an article: the article's file name and the block's lines.
        struct Block {
            var article: String
            var text: String
            /// How the tables below name it: the article and the block's first line.
            var key: String { "\(article): \(text.prefix { $0 != "\n" })" }
        }

        /// What each portable block's prose has declared, by block. Every block is either here or
        /// in ``appleOnly``.
        static let preambles: [String: String] = [
            "ExportingAGroup.md: let group = layer.animate { animator in": "let layer = HeadlessLayer()",
            "ExportingAGroup.md: let overlay = HeadlessLayer()          // on Apple platforms, an off-screen CALayer": "",
            "FlightCore.md: import FlightCore": "",
            "FlightCore.md: let clock = ManualClock()": "",
            "FlightCore.md: let slide = try ValueMotion(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 300, y: 40),": "",
            "InteractiveAnimations.md: let dismiss = card.animate { a in": """
                let card = HeadlessLayer()
                let offscreen = CGPoint(x: 160, y: 900)
                let (translation, distance, speed) = (120.0, 600.0, 900.0)
                """,
            "MotionAlongAPath.md: let route = MotionPath(start: CGPoint(x: 40, y: 300))": "let layer = HeadlessLayer()",
            "OnADevice.md: card.animate { animator in": "let (card, title) = (HeadlessLayer(), HeadlessLayer())",
            "OnADevice.md: let clock = ManualClock(deviceBehaviors: .device)   // commit lag, removal reports at the next commit": "",
            "ProgressDrivenAnimation.md: let animator = KeyframeAnimator()": "let logo = HeadlessLayer()\nlet offset = 160.0",
            "RepeatingGroups.md: layer.animate { animator in": "let layer = HeadlessLayer()",
            "Sequences.md: let transition = header.animate { a in": """
                let (header, card, button) = (HeadlessLayer(), HeadlessLayer(), HeadlessLayer())
                let (headerDown, cardDown, buttonDown) = (CGPoint(x: 160, y: 120), CGPoint(x: 160, y: 400), CGPoint(x: 160, y: 600))
                let (translation, distance) = (120.0, 600.0)
                """,
            "Triggers.md: primaryView.animate { animator in": """
                let (primaryView, secondaryView, tertiaryView) = (HeadlessLayer(), HeadlessLayer(), HeadlessLayer())
                let (quaternaryView, quinaryView, senaryView) = (HeadlessLayer(), HeadlessLayer(), HeadlessLayer())
                let (p, q) = (CGPoint(x: 300, y: 80), CGPoint(x: 40, y: 200))
                let b = CGRect(x: 0, y: 0, width: 200, height: 120)
                """,
            "FlightEasing.md: let move = Trajectory(easing: .outBack, from: 0, to: 300, duration: 0.6)": "",
        ]

        /// The blocks that need a framework Linux does not have, and which.
        static let appleOnly: [String: String] = [
            "ExportingAGroup.md: if let intro {": "AVFoundation",
            "FlightInSwiftUI.md: withAnimation(.flight(.outBack, duration: 0.6)) { isExpanded.toggle() }": "SwiftUI",
            "FlightInSwiftUI.md: withAnimation(.flight(.spring(.bouncy), reduceMotion: .jump)) { isExpanded.toggle() }": "SwiftUI",
            "OnADevice.md: heightConstraint.constant = 200": "UIKit",
            "ProgressDrivenAnimation.md: final class PhotoCell: UICollectionViewCell, ProgressAnimatable {": "UIKit",
        ]

        /// Every Swift block of both catalogues' articles, in file order.
        static func blocks() throws -> [Block] {
            var blocks: [Block] = []
            for catalogue in ["Sources/FlightCore/Documentation.docc", "Sources/FlightEasing/Documentation.docc"] {
                let folder = ReadmeDocument.root.appendingPathComponent(catalogue)
                for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".md") {
                    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                    var current: [Substring]?
                    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                        if let lines = current {
                            if line == "```" {
                                blocks.append(Block(article: name, text: lines.joined(separator: "\n") + "\n"))
                                current = nil
                            } else {
                                current = lines + [line]
                            }
                        } else if line == "```swift" {
                            current = []
                        }
                    }
                }
            }
            return blocks
        }

        @Test("Every Swift block of the articles is listed, with a preamble or the framework it needs, and every listing names a block")
        func everyBlockIsListed() throws {
            let keys = try Self.blocks().map(\.key)
            #expect(keys.count > 15)
            #expect(Set(keys).count == keys.count, "two blocks of one article begin alike")
            for key in keys {
                #expect((Self.preambles[key] != nil) != (Self.appleOnly[key] != nil), "\(key)")
            }
            for key in Set(Self.preambles.keys).union(Self.appleOnly.keys) {
                #expect(keys.contains(key), "no block begins so: \(key)")
            }
        }

        @Test(
            "Every portable block of the articles compiles after its preamble, with FlightCore, FlightEasing and Foundation",
            .enabled(if: ReadmeDocument.compiler != nil, "needs swiftc and the build's Modules folder next to the test bundle (Linux)")
        )
        func portableBlocksCompile() throws {
            let portable = try Self.blocks().compactMap { block in
                Self.preambles[block.key].map { (block.key, "import FlightCore\nimport FlightEasing\nimport Foundation\n\n\($0)\n\(block.text)") }
            }
            #expect(portable.count == Self.preambles.count)
            for ((key, _), (status, output)) in zip(portable, try ReadmeDocument.typecheck(portable.map(\.1), named: "docc")) {
                #expect(status == 0, "\(key) does not compile:\n\(output)")
            }
        }
    }
}
