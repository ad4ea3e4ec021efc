import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// The cost keys' distribution forms, `device.profile` and the top-level `costs` object: good
/// values reach the configuration, and each mistake is reported at its key path.
struct ScenarioKeysCostsTests {
    static func scenario(type: String = "", device: String = "{}", top: String = "") -> String {
        let extra = type.isEmpty ? "" : ", " + type
        let more = top.isEmpty ? "" : ", " + top
        return """
        {"schema": 1, "name": "t", "duration": 1, "device": \(device),
         "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}\(extra)}]}\(more)}
        """
    }

    static func decode(_ text: String) throws -> Scenario {
        try ScenarioLoader.decode(Data(text.utf8), file: "t.json")
    }

    static func message(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static func type(_ members: String) throws -> ViewTypeSpec {
        try #require(try decode(scenario(type: members)).config.content.types.first)
    }

    @Test func aNumberAndFixedAreTheSameCostWithNoDistribution() throws {
        let number = try Self.type(#""bodyMs": 0.4"#)
        let fixed = try Self.type(#""bodyMs": {"fixed": 0.4}"#)
        #expect(number == fixed)
        #expect(fixed.costs.bodyMs == 0.4)
        #expect(fixed.costDistributions.isEmpty)
    }

    @Test func fixedCostsHashLikeNumbers() throws {
        let number = try Self.decode(Self.scenario(type: #""bodyMs": 0.4, "renderServerMs": 0.1"#))
        let fixed = try Self.decode(Self.scenario(type: #""bodyMs": {"fixed": 0.4}, "renderServerMs": {"fixed": 0.1}"#))
        #expect(number.contentHash == fixed.contentHash)
        let other = try Self.decode(Self.scenario(type: #""bodyMs": {"uniform": {"min": 0.3, "max": 0.5}}"#))
        #expect(other.contentHash != number.contentHash)
    }

    @Test func everyFormReachesTheTypeWithItsMeanAsTheNumber() throws {
        let t = try Self.type(#"""
            "initMs": {"uniform": {"min": 0.2, "max": 0.6}}, "bodyMs": {"lognormal": {"p50": 1, "p95": 2}},
            "layoutMs": {"normal": {"mean": 0.5, "sd": 0.1}}, "appearMs": {"quantiles": [[0.5, 1], [1, 3]]},
            "renderServerMs": {"quantiles": [[1, 0.2]]}, "effectMs": {"normal": {"mean": 0.3, "sd": 0, "max": 1}}
            """#)
        #expect(t.costDistributions[.initialize] == .uniform(min: 0.2, max: 0.6))
        // (0.2 + 0.6) / 2
        #expect(abs(t.costs.initMs - 0.4) < 1e-12)
        #expect(t.costDistributions[.body] == .lognormal(p50: 1, p95: 2))
        // σ = ln 2 / 1.6449 = 0.421392…; mean = exp(σ²/2) = exp(0.0887856) = 1.092846…
        #expect(abs(t.costs.bodyMs - 1.092846) < 1e-5)
        #expect(t.costDistributions[.layout] == .normal(mean: 0.5, sd: 0.1, min: 0, max: nil))
        // Clamping at 0 is 5 sd below the mean: the mean stays 0.5 (to 1e-7).
        #expect(abs(t.costs.layoutMs - 0.5) < 1e-7)
        // ∫ Q: 0.5 · 1 (below p₁ the value is 1) + 0.5 · (1 + 3)/2 = 1.5
        #expect(abs(t.costs.appearMs - 1.5) < 1e-12)
        #expect(t.rendering.serverMs == 0.2)
        #expect(t.costDistributions[.renderServer] == .quantiles([.init(probability: 1, value: 0.2)]))
        #expect(t.rendering.effectMs == 0.3)
        #expect(t.costs.renderMs == ViewTypeSpec.Costs().renderMs)
        #expect(t.costDistributions[.render] == nil)
    }

    @Test func malformedDistributionsNameTheirKeyPath() {
        let cases: [(String, String)] = [
            (#""bodyMs": {"quantiles": [[0.5, 1], [0.9, 2], [0.8, 3], [1, 4]]}"#,
             "t.json: content.types[0].bodyMs.quantiles[2]: probability 0.8 is not above the previous 0.9; probabilities must increase"),
            (#""bodyMs": {"quantiles": [[0.5, 2], [1, 1]]}"#,
             "t.json: content.types[0].bodyMs.quantiles[1]: 1 ms is below the previous 2 ms; values must not decrease (an inverse CDF)"),
            (#""bodyMs": {"quantiles": [[0.5, 1], [0.99, 3]]}"#,
             "t.json: content.types[0].bodyMs.quantiles[1]: the last probability must be 1 (the largest value), found 0.99"),
            (#""bodyMs": {"quantiles": [[0, 1], [1, 3]]}"#,
             "t.json: content.types[0].bodyMs.quantiles[0]: probability 0 is outside (0, 1]"),
            (#""bodyMs": {"quantiles": [[0.5], [1, 3]]}"#,
             "t.json: content.types[0].bodyMs.quantiles[0]: expected [probability, ms] (two numbers), found [0.5]"),
            (#""layoutMs": {"lognormal": {"p50": 2, "p95": 1}}"#,
             "t.json: content.types[0].layoutMs.lognormal.p95: 1 is below p50 2"),
            (#""layoutMs": {"lognormal": {"p50": 0, "p95": 1}}"#,
             "t.json: content.types[0].layoutMs.lognormal.p50: must be more than 0 (a lognormal's median)"),
            (#""initMs": {"uniform": {"min": 2, "max": 1}}"#,
             "t.json: content.types[0].initMs.uniform.max: 1 is below min 2"),
            (#""initMs": {"gamma": 1}"#,
             #"t.json: content.types[0].initMs.gamma: unknown cost distribution "gamma"; allowed here: fixed, lognormal, normal, quantiles, uniform"#),
            (#""initMs": {"fixed": 1, "uniform": {"min": 0, "max": 1}}"#,
             "t.json: content.types[0].initMs: give one cost distribution, not fixed and uniform"),
            (#""renderServerMs": "fast""#,
             "t.json: content.types[0].renderServerMs: expected a number in 0...60000 or a cost distribution, found a string"),
        ]
        for (members, expected) in cases {
            #expect(Self.message(Self.scenario(type: members)) == expected, "\(members)")
        }
    }

    @Test func aProfileSetsTheViewportAndRefreshRateUnlessGiven() throws {
        let plain = try Self.decode(Self.scenario(device: #"{"profile": "iPhone 11"}"#)).config.device
        // Apple's tech specs: 828 × 1792 px at @2x = 414 × 896 pt, 60 Hz.
        #expect(plain.viewport == Size(width: 414, height: 896))
        #expect(plain.refreshRate == 60)
        #expect(plain.profile?.name == "iPhone 11")
        let given = try Self.decode(Self.scenario(device: #"{"profile": "iPhone 11", "refreshRate": 120, "viewport": {"width": 300, "height": 500}}"#)).config.device
        #expect(given.refreshRate == 120)
        #expect(given.viewport == Size(width: 300, height: 500))
    }

    @Test func anUnknownProfileListsTheNearNames() {
        #expect(Self.message(Self.scenario(device: #"{"profile": "iPhone 15 Pro Maxx"}"#))
            == #"t.json: device.profile: unknown device profile "iPhone 15 Pro Maxx"; near: "iPhone 15 Pro Max" (every profile is listed in the scenario reference)"#)
        #expect(Self.message(Self.scenario(device: #"{"profile": "iPhone 15"}"#)) == "no error")
        #expect(Self.message(Self.scenario(device: #"{"profile": "iphone 16"}"#))
            == #"t.json: device.profile: unknown device profile "iphone 16"; near: "iPhone 16", "iPhone 16 Pro", "iPhone 16 Pro Max" (every profile is listed in the scenario reference)"#)
        #expect(Self.message(Self.scenario(top: #""costs": {"measuredOn": "Pixel 8"}"#)).hasPrefix(
            #"t.json: costs.measuredOn: unknown device profile "Pixel 8"; profiles: "iPhone 11","#))
    }

    static let calibration = #"""
        "costs": {"measuredOn": "iPhone 15 Pro", "calibration": {"scrollsimVersion": "1.4.0",
          "sources": [{"file": "feed.xml", "sha256": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "format": "xctrace", "table": "os-signpost-interval"}],
          "window": {"start": 1.5, "end": 9.0}, "excluded": {"outsideWindow": 12, "launch": 40, "unmapped": 300},
          "samples": {"cell.bodyMs": 812, "my.type.layoutMs": 0}, "device": "iPhone16,1", "os": "iOS 18.1"}}
        """#

    @Test func theCalibrationIsCarriedAsProvenance() throws {
        let s = try Self.decode(Self.scenario(top: Self.calibration))
        #expect(s.costs.measuredOn?.name == "iPhone 15 Pro")
        let c = try #require(s.costs.calibration)
        #expect(c.scrollsimVersion == "1.4.0")
        #expect(c.sources == [CostCalibration.Source(file: "feed.xml", sha256: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
                                                     format: .xctrace, table: "os-signpost-interval")])
        #expect(c.window == CostCalibration.Window(start: 1.5, end: 9))
        #expect(c.excluded == CostCalibration.Excluded(outsideWindow: 12, launch: 40, unmapped: 300))
        #expect(c.samples == ["cell.bodyMs": 812, "my.type.layoutMs": 0])
        #expect(c.device == "iPhone16,1" && c.os == "iOS 18.1")
        // The calibration is content: a recalibration changes the hash.
        let plain = try Self.decode(Self.scenario())
        #expect(s.contentHash != plain.contentHash)
        let recalibrated = try Self.decode(Self.scenario(top: Self.calibration.replacingOccurrences(of: "812", with: "813")))
        #expect(recalibrated.contentHash != s.contentHash)
    }

    @Test func aMalformedCalibrationNamesItsKeyPath() {
        func message(_ from: String, _ to: String) -> String {
            Self.message(Self.scenario(top: Self.calibration.replacingOccurrences(of: from, with: to)))
        }
        #expect(message("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", "ABC")
            == #"t.json: costs.calibration.sources[0].sha256: "ABC" is not a SHA-256 (64 lowercase hexadecimal digits)"#)
        #expect(message("\"xctrace\"", "\"instruments\"").hasPrefix(
            #"t.json: costs.calibration.sources[0].format: "instruments" is not one of "xctrace", "chrome-json", "otlp-json", "csv""#))
        #expect(message("\"cell.bodyMs\"", "\"cell.body\"")
            == #"t.json: costs.calibration.samples.cell.body: "cell.body" is not "type.costKey" (a type's name, a dot, and one of initMs, bodyMs, layoutMs, renderMs, appearMs, renderServerMs, effectMs)"#)
        #expect(message("812", "-1") == "t.json: costs.calibration.samples.cell.bodyMs: -1 is outside 0...2199023254528")
        #expect(message("\"launch\": 40", "\"launch\": 4.5") == "t.json: costs.calibration.excluded.launch: expected an integer, found 4.5")
        #expect(message("\"end\": 9.0", "\"end\": 1") == "t.json: costs.calibration.window.end: 1 is before start 1.5")
        #expect(message("\"scrollsimVersion\": \"1.4.0\",", "").hasPrefix("t.json: costs.calibration.scrollsimVersion: is required"))
    }
}
