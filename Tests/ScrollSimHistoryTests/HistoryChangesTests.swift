import Foundation
@testable import ScrollSimHistory
import ScrollSimKit
import Testing

/// Change points: exact for summary metrics, steps for harness figures, each with its
/// direction and what changed in the scenario.
@Suite struct HistoryChangesTests {
    /// Three commits; bodyEvaluations 48, 52, 52 (the second commit moved it, a regression:
    /// lower is better; under the standard preset a work count has a slack of 2 and a warning
    /// past 5 %, an error past 10 %: +4 is +8.3 %, a warning), frames 960 throughout (no
    /// change), and the second commit changed the scenario (content hash h1 → h2).
    @Test func summaryMetricsChangeExactlyAtTheCommitThatMovedThem() throws {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        let db = try HistoryDatabase.openForRecording(path)
        let values: [(String, String, Double)] = [("c1", "h1", 48), ("c2", "h2", 52), ("c3", "h2", 52)]
        for (n, (sha, hash, body)) in values.enumerated() {
            try db.record([HistoryFixtures.run("feed", hash: hash, [("frames", 960), ("bodyEvaluations", body)])],
                          commit: HistoryCommit(sha: sha, time: "2026-01-0\(n + 1)T00:00:00Z"), now: "t")
        }
        let data = try db.read()
        let changes = HistoryChanges.find(data)
        #expect(changes.count == 1)
        let change = try #require(changes.first)
        #expect(data.commits[change.commit].sha == "c2" && data.commits[change.previousCommit].sha == "c1")
        #expect(change.metric == "bodyEvaluations" && change.before == 48 && change.after == 52)
        #expect(change.direction == .regression && change.detection == .exact && change.severity == .warning)
        let text = HistoryFormat.changes(changes, in: data, as: .table)
        #expect(text == """
        feed at c2 (2026-01-02T00:00:00Z), after c1
          scenario changed: contentHash h1 → h2
          bodyEvaluations  48 → 52 (+8.3%)  regression (warning)
        1 change in 1 scenario: 1 regression at 1 commit

        """)
    }

    /// Harness wall times 100, 101, 100, 101 then 150, 151, 150, 151: one step at the fifth
    /// commit, levels 100.5 → 150.5 (the medians); the jitter of 1 between commits is not a change.
    @Test func harnessFiguresChangeWhereTheirLevelSteps() throws {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        let db = try HistoryDatabase.openForRecording(path)
        for (n, wall) in [100.0, 101, 100, 101, 150, 151, 150, 151].enumerated() {
            try db.record([HistoryFixtures.run("feed", [("frames", 960)], wallTimeMs: wall)], commit: HistoryCommit(sha: "c\(n)", time: "2026-01-0\(n + 1)T00:00:00Z"), now: "t")
        }
        let data = try db.read()
        let changes = HistoryChanges.find(data)
        #expect(changes.map { "\($0.metric) \(data.commits[$0.commit].sha) \($0.before) \($0.after) \($0.detection.rawValue) \($0.direction.rawValue)" }
            == ["wallTimeMs c4 100.5 150.5 step regression"])
    }

    /// Versions recorded from reports that carry their scenario's source are diffed key path by
    /// key path: the photo type's body 0.15 → 2.5 and a type added.
    @Test func theScenarioDiffNamesTheKeyPathsThatChanged() {
        let old = HistoryData.ScenarioVersion(commit: 0, contentHash: "aaaa", json: #"{"contentHash": "aaaa", "source": {"content": {"types": [{"name": "photo", "bodyMs": 0.15}]}}}"#, report: "a.json")
        let new = HistoryData.ScenarioVersion(commit: 1, contentHash: "bbbb", json: #"{"contentHash": "bbbb", "source": {"content": {"types": [{"name": "photo", "bodyMs": 2.5}, {"name": "video"}]}}}"#, report: "a.json")
        let lines = HistoryChanges.scenarioDiff(old: old, new: new)
        #expect(lines.first == "content.types[photo].bodyMs 0.15 → 2.5")
        #expect(lines.count == 2 && lines[1].hasPrefix("content.types[video] absent → "))
    }

    /// Without a source the seam reports the content hash's change, and nothing for one version.
    @Test func theScenarioDiffNamesTheContentHashChange() {
        let old = HistoryData.ScenarioVersion(commit: 0, contentHash: "aaaa", json: "{}", report: "a.json")
        var new = old
        new.commit = 1
        #expect(HistoryChanges.scenarioDiff(old: old, new: new).isEmpty)
        new.contentHash = "bbbb"
        #expect(HistoryChanges.scenarioDiff(old: old, new: new) == ["contentHash aaaa → bbbb"])
        #expect(HistoryChanges.scenarioDiff(old: nil, new: new).isEmpty)
    }

    /// Polarity: the frame rate is better higher, so a fall is the regression.
    @Test func directionsFollowEachMetricsPolarity() {
        #expect(HistoryChanges.polarity(metric: "simulatedFramesPerSecond", source: .harness) == .higherIsBetter)
        #expect(HistoryChanges.direction(before: 1000, after: 800, polarity: .higherIsBetter) == .regression)
        #expect(HistoryChanges.polarity(metric: "frames", source: .summary) == .neutral)
        #expect(HistoryChanges.polarity(metric: "bodyEvaluations", source: .summary) == .lowerIsBetter)
    }
}
