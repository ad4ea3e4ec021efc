/// A compared scenario's headline, as its exit status judges it: what failed (reached
/// `--fail-on`), what warned (a finding below it) and what improved, in that order.
///
/// The label follows the exit status, never the mere presence of a finding: a scenario fails
/// as `REGRESSED` when a failing finding is a move past its threshold and `OVER BUDGET` when
/// every failing finding is a budget; findings that do not fail (warnings under the default
/// `--fail-on error`) give `WARNING`, so a fix that drops every dropped frame and lengthens a
/// `scrollTo` by a few frames reads "WARNING (warned: scrollTo.frames; 7 improved)" and exits 0.
public struct ScenarioHeadline: Equatable, Sendable {
    public enum Label: Equatable, Sendable { case regressed, overBudget, warned }

    public var label: Label?
    /// The failing metrics (severity at or past `failOn`), then the warning ones, display order.
    public var failed: [MetricComparison]
    public var warned: [MetricComparison]
    public var improved: Int

    public init(_ scenario: ScenarioComparison, failOn: Severity) {
        failed = scenario.metrics.filter { ($0.severity.map { $0 >= failOn }) ?? false }
        warned = scenario.metrics.filter { $0.severity != nil && !(($0.severity.map { $0 >= failOn }) ?? false) }
        improved = scenario.metrics(.improved).count
        if !failed.isEmpty {
            label = failed.contains { ($0.moveSeverity.map { $0 >= failOn }) ?? false } ? .regressed : .overBudget
        } else if !warned.isEmpty {
            label = .warned
        } else {
            label = nil
        }
    }

    /// "failed: a, b (over budget); warned: c; 7 improved": at most three names a part, then
    /// how many more. A metric that fails or warns only by its budget says "(over budget)".
    public var parts: String {
        var pieces: [String] = []
        if !failed.isEmpty { pieces.append("failed: " + Self.names(failed)) }
        if !warned.isEmpty { pieces.append("warned: " + Self.names(warned)) }
        if improved > 0 { pieces.append("\(improved) improved") }
        return pieces.joined(separator: "; ")
    }

    public static func names(_ metrics: [MetricComparison]) -> String {
        let named = metrics.prefix(3).map { $0.moveSeverity == nil ? "\($0.path) (over budget)" : $0.path }
        let more = metrics.count - named.count
        return named.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    }
}
