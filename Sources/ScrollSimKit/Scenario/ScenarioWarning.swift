/// Something in a scenario that works but should change, such as a deprecated budget name.
///
/// Decoding returns warnings with the scenario (`Scenario.warnings`) rather than printing
/// them: the library has no terminal. `scrollsim` prints each on standard error.
public struct ScenarioWarning: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// Where in the file (`budgets.p99FrameMs`).
    public var keyPath: String
    public var message: String

    public init(file: String, keyPath: String, message: String) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String { "\(file): \(keyPath): \(message)" }
}
