/// Content whose views read environment values: the `environment` script event.
protocol EnvironmentReader: ScrollContent {
    /// An environment value changed: resident bodies that read it are evaluated again. Returns
    /// how many.
    @discardableResult
    mutating func environmentChanged(key: String, _ context: inout FrameContext) -> Int
}
