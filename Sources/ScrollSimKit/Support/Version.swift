/// This ScrollSim's version, as `scrollsim --version` prints it: the tool, and the schemas of
/// the files it reads and writes.
public enum ScrollSimVersion {
    /// Semantic version of the tool and libraries.
    public static let string = "0.9.0"

    /// `scrollsim 0.9.0 (report schema 1)`.
    public static var description: String {
        "scrollsim \(string) (report schema \(ReportBuilder.schema))"
    }
}
