// libFuzzer target: bytes → the draws of ScenarioGenerator (every choice it makes is one 8-byte
// word of the input, so libFuzzer's mutations steer which keys, extremes, stack kind and events
// the scenario gets) → the property check the property tests run on every seed (PropertyCheck:
// decoded or refused with messages, played, its report read back, compared, paged, traced and
// checked against ReportInvariants). Built by scripts/fuzz (not by `swift build`).
//
// Any trap is a finding, and so is a broken property: the target stops with the scenario's text.
import Foundation
import ScrollSimKit
import ScrollSimPresentation
import ScrollSimTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func generatedFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = ScenarioGenerator.text(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    var check = PropertyCheck(label: "fuzz", text: text)
    if case .played(let problems) = check.run(), !problems.isEmpty {
        preconditionFailure("a generated scenario broke a property:\n  \(problems.joined(separator: "\n  "))\nscenario:\n\(text)")
    }
    return 0
}
