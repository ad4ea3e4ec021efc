// libFuzzer target: bytes → strict JSON → scenario decoding and validation → a frame-capped
// simulation → its report, read back strictly. Built by scripts/fuzz (not by `swift build`).
//
// The input is a scenario file; whatever follows its first NUL byte is the data file it may
// name (`content.data`), so the fuzzer explores data files too. Limits are lowered so each
// run takes milliseconds: 20,000 rows, 2,000 eager rows, 200,000 nested items, 10,000 data
// records; the run itself stops after 300 frames. Any trap is a finding: the decoder must refuse
// with a message whatever the bytes, and a scenario it accepts must simulate and report.
import Foundation
import ScrollSimEngine
import ScrollSimKit

@_cdecl("LLVMFuzzerTestOneInput")
public func scenarioFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let split = input.firstIndex(of: 0) ?? input.count
    let scenarioBytes = Array(input[..<split])
    let dataBytes = split < input.count ? Array(input[(split + 1)...]) : []

    var limits = ScenarioLimits()
    limits.rows = 20_000
    limits.eagerRows = 2_000
    limits.nestedItems = 200_000
    limits.dataRows = 10_000
    limits.dataBytes = 1 << 20
    let decoder = ScenarioDecoder(file: "fuzz.json", limits: limits) { _, limit in
        guard dataBytes.count <= limit else { throw ScrollSimError("is over the limit") }
        return dataBytes
    }
    let scenario: Scenario
    do {
        scenario = try decoder.decode(bytes: scenarioBytes)
    } catch let error as ScrollSimError {
        // Every refusal is a message with a place.
        precondition(!error.problems.isEmpty && error.problems.allSatisfy { !$0.message.isEmpty }, "an empty refusal")
        return 0
    } catch {
        preconditionFailure("decoding threw something other than a ScrollSimError: \(error)")
    }
    var capped = scenario
    capped.config.duration = min(scenario.config.duration, 300 / scenario.config.device.refreshRate)
    let result = Simulation.run(capped.config)
    let root = ReportBuilder.build(scenario: capped, result: result, harness: nil)
    let text = JSONWriter().string(root)
    do {
        let report = try Report(path: "fuzz.report.json", root: JSONValue.parse(Data(text.utf8))).checked()
        _ = try report.frames()
    } catch {
        preconditionFailure("the report of an accepted scenario does not read back: \(error)")
    }
    return 0
}
