import Foundation

/// The source-scanning tests' grep (`CostByPhaseSourceTests`, `PrefetchWalkTests`): the lines
/// of a Swift file that a pattern matches, outside `//` comments.
enum SourceLines {
    /// "path:line: code" for each line of `text` outside `//` comments matching `pattern`.
    static func matching<Output>(_ pattern: Regex<Output>, in text: String, path: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), code.contains(pattern) else { continue }
            found.append("\(path):\(number + 1): \(code)")
        }
        return found
    }
}
