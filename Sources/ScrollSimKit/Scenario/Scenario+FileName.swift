extension Scenario {
    /// A file name safe in any file system and URL for a scenario name: letters, digits, `-`,
    /// `_` and `.` kept, anything else `-`; "scenario" in front of a name that would be empty
    /// or hidden. Reports (`ab --out`), traces and HTML pages are named by it.
    public static func fileName(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "_" || scalar == "." {
                out.unicodeScalars.append(scalar)
            } else {
                out.append("-")
            }
        }
        if out.isEmpty || out.hasPrefix(".") { out = "scenario" + out }
        return out
    }
}
