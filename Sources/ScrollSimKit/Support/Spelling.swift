/// "Did you mean …?" for unknown keys, options and choices.
public enum Spelling {
    /// The candidate closest to `word` within an edit distance of 2 (or a third of its length).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        // A long word is no typo of a key, and comparing it would cost its length times each
        // candidate's: hostile input must not make a message slow.
        guard word.utf8.count <= 100 else { return nil }
        let limit = max(2, word.count / 3)
        var best: (String, Int)?
        for candidate in Set(candidates).sorted() {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance.
    /// - Complexity: O(|a|·|b|)
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
