import FlightEasing
import Testing

extension EasingSuites {
    /// Steps against the CSS Easing Functions Level 1 step algorithm, worked by hand for each
    /// jump position.
    @Suite("Steps")
    struct StepsTests {
        @Test("CSS steps() outputs", arguments: [
            // (count, position, input, expected)
            (4, Steps.Position.jumpEnd, 0.0, 0.0), (4, .jumpEnd, 0.24, 0.0), (4, .jumpEnd, 0.25, 0.25),
            (4, .jumpEnd, 0.99, 0.75), (4, .jumpEnd, 1.0, 1.0),
            (4, .jumpStart, 0.0, 0.25), (4, .jumpStart, 0.3, 0.5), (4, .jumpStart, 0.8, 1.0),
            (5, .jumpNone, 0.0, 0.0), (5, .jumpNone, 0.2, 0.25), (5, .jumpNone, 0.5, 0.5),
            (5, .jumpNone, 0.99, 1.0), (5, .jumpNone, 1.0, 1.0),
            (3, .jumpBoth, 0.0, 0.25), (3, .jumpBoth, 0.34, 0.5), (3, .jumpBoth, 0.7, 0.75), (3, .jumpBoth, 1.0, 1.0),
        ])
        func outputs(count: Int, position: Steps.Position, input: Double, expected: Double) {
            #expect(Easing.steps(count, position).progress(at: input) == expected)
            #expect(Easing.steps(count, position).velocity(at: input) == 0)
        }

        @Test("Counts below the minimum are raised to it")
        func minimumCounts() {
            #expect(Steps(0).count == 1)
            #expect(Steps(-3, .jumpStart).count == 1)
            #expect(Steps(1, .jumpNone).count == 2)
        }
    }
}
