import ScrollSimKit
import ScrollSimPresentation

/// `scrollsim baseline --check`: the exact baseline gate CI runs (`.ci/run`).
extension BaselineCommand {
    func runCheck(_ scenarios: [Scenario], _ console: Console) throws -> ExitStatus {
        let mismatches: [Baseline.Mismatch]
        do {
            mismatches = try Baseline.check(scenarios, directory: out, jobs: jobs)
        }
        console.out(Baseline.checkText(mismatches, scenarioCount: scenarios.count, directory: out))
        return mismatches.isEmpty ? .success : .failure
    }
}
