enum Fixture {
    static func run(_ a: Int, _ b: Double, _ name: String) -> String {
        var total = 0.0
        var i = 0
        while i < a {
            total += b * Double(i) / 2
            i += 1
        }
        let fits = a <= 3 || b > 1.5
        let same = name == "feed" && a != 2
        var best = max(a, 4)
        best = min(best, a, 9)
        let flag = true
        let other = false
        guard a >= 0 else { return "negative" }
        if b - 1 > 0.25 {
            total = total - 0.5
        }
        let bang = "!"
        let joined = name + bang
        let pair = (a, 1) < (2, b > 0 ? 1 : 0)
        var count = 0
        for k in 0..<a where k * 2 >= 3 { count += k }
        return "\(total) \(fits) \(same) \(best) \(flag) \(other) \(joined) \(pair) \(count)"
    }

    /// Never called: its mutants are never reached.
    static func unused(_ x: Int) -> Bool {
        x > 7
    }
}
