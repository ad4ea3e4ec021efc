import Testing
@testable import ScrollSimEngine

/// `HeightSpec`: a child's height as a function of the width it is offered, and whether the
/// width matters at all (a rotation changes every text and aspect height, never an absolute one).
@Suite struct HeightSpecTests {
    /// `dependsOnWidth` says what `height(parameter:width:)` does: the same parameter at a
    /// portrait and a landscape width gives the same height only for an absolute spec.
    @Test func dependsOnWidthAgreesWithTheHeights() {
        let specs: [(HeightSpec, Double)] = [
            (.absolute(.fixed(120)), 120),
            (.text(.init(chars: .fixed(300), lineHeight: 20, base: 40)), 300),
            (.aspect(.fixed(0.75)), 0.75),
        ]
        for (spec, parameter) in specs {
            let portrait = spec.height(parameter: parameter, width: 393)
            let landscape = spec.height(parameter: parameter, width: 852)
            #expect(spec.dependsOnWidth == (portrait != landscape), "\(spec): \(portrait) pt at 393, \(landscape) pt at 852")
        }
        #expect(HeightSpec.absolute(.fixed(120)).dependsOnWidth == false)
        #expect(HeightSpec.aspect(.fixed(0.75)).dependsOnWidth)
    }
}
