/// How bad a finding is. `scrollsim compare` fails at `.error` by default (`--fail-on`).
///
/// Ordered: `.warning < .error`.
public enum Severity: String, CaseIterable, Comparable, Sendable, Codable {
    /// Past the warning limit: shown, fails only with `--fail-on warning`.
    case warning
    /// Past the error limit: fails the comparison.
    case error

    public static func < (a: Severity, b: Severity) -> Bool {
        a == .warning && b == .error
    }
}
