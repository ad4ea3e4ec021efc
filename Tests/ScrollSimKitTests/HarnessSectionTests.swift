import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The report's `harness` section when the simulator was built without jemalloc (the sanitizer
/// builds): allocations were not counted, so their keys are absent, never zeros, and the page
/// says so instead of showing "0 allocations".
@Suite struct HarnessSectionTests {
    static func figures(counted: Bool) -> HarnessFigures {
        HarnessFigures(allocator: counted ? "jemalloc 5.3.0" : "system malloc: no jemalloc in this build", build: "debug",
                       wallTimeMs: 12, simulatedFramesPerSecond: 80_000, microsecondsPerFrame: 12.5,
                       allocatedBytes: 4096, allocations: 7, steadyStateFrames: 900, allocationsPerFrame: 0,
                       bytesPerFrame: 0, processAllocatedBytes: 1 << 20, setupMs: 1, loopMs: 10, peakResidentBytes: 1 << 24,
                       allocationsCounted: counted)
    }

    static let allocationKeys = ["allocatedBytes", "allocations", "allocationsPerFrame", "bytesPerFrame", "processAllocatedBytes"]

    @Test func uncountedAllocationsAreLeftOutNotZero() {
        let counted = ReportBuilder.harnessObject(Self.figures(counted: true))
        let uncounted = ReportBuilder.harnessObject(Self.figures(counted: false))
        for key in Self.allocationKeys {
            #expect(counted[key] != nil, "\(key)")
            #expect(uncounted[key] == nil, "\(key)")
        }
        // What was measured either way is still there.
        for key in ["wallTimeMs", "setupMs", "loopMs", "microsecondsPerFrame", "steadyStateFrames", "peakResidentBytes"] {
            #expect(uncounted[key] == counted[key], "\(key)")
        }
        #expect(uncounted["allocator"]?.stringValue == "system malloc: no jemalloc in this build")
    }

    @Test func thePageSaysAllocationsWereNotCounted() throws {
        let report = try ReportFixtures.synthetic(count: 200, harness: true)
        guard case .object(var root) = report.root else { Issue.record("a report is an object"); return }
        root["harness"] = ReportBuilder.harnessObject(Self.figures(counted: false))
        let page = try ScenarioPage.render(try Report(path: report.path, root: .object(root)))
        #expect(page.contains("(measured with system malloc, not modeled)</h3>Allocations not counted: no jemalloc in this build."))
        #expect(!page.contains("allocations during the run"))
        root["harness"] = ReportBuilder.harnessObject(Self.figures(counted: true))
        let counted = try ScenarioPage.render(try Report(path: report.path, root: .object(root)))
        #expect(counted.contains("allocated 4.00 KiB in 7 allocations during the run"))
    }
}
