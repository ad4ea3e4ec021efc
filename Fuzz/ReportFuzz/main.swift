// libFuzzer target: bytes → a report read strictly → its frames and events → a comparison of
// it with itself (text, Markdown, JSON, JUnit) → its HTML pages and Chrome trace. Built by
// scripts/fuzz (not by `swift build`). Any trap is a finding: a report that reads must render,
// and one that does not must be refused with a message.
import Foundation
import ScrollSimKit
import ScrollSimPresentation

@_cdecl("LLVMFuzzerTestOneInput")
public func reportFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let report: Report
    do {
        report = try Report(path: "fuzz.json", root: JSONParser.parse(bytes)).checked()
    } catch {
        return 0
    }
    let side = ReportSet.Side(paths: ["fuzz.json"], reports: [report], isSingleFile: true)
    let comparison = Comparison(baseline: side, current: side, thresholds: Thresholds(), options: .init(failOn: .error))
    _ = comparison.text(colored: false, all: true)
    _ = comparison.markdown()
    _ = comparison.jsonText()
    _ = comparison.junit()
    guard let frames = try? report.frames(), frames.count <= 20_000 else { return 0 }
    _ = try? report.events(frameCount: frames.count)
    _ = try? HTMLSite.pages(reports: [report], comparison: comparison, baselines: [report])
    _ = try? TraceWriter.trace(report)
    return 0
}
