/// Which link targets a page may carry: relative paths and `http`/`https` URLs, nothing else.
///
/// A link's target can come from the user (`history page --reports-url`, with a commit
/// substituted into it); a `javascript:` target runs script when clicked, `data:` and `file:`
/// open what the page's reader did not expect. Browsers read a URL's scheme as the WHATWG URL
/// Standard says: leading spaces and control characters are skipped, tabs and line breaks
/// anywhere are removed, and the scheme is the letters, digits, `+`, `-` and `.` before the
/// first `:`, case-insensitive. `allows(_:)` reads it the same way, so `\tJaVa\nScript:` is
/// recognised as `javascript:`.
public enum LinkScheme {
    /// The schemes a link may have; a link with none is relative (to the page).
    public static let allowed: Set<String> = ["http", "https"]

    /// Whether `url` is relative or has an allowed scheme.
    public static func allows(_ url: String) -> Bool {
        guard let scheme = scheme(url) else { return true }
        return allowed.contains(scheme)
    }

    /// The scheme of `url` as a browser reads it, lowercased; nil for a relative URL.
    public static func scheme(_ url: String) -> String? {
        var scalars = url.unicodeScalars.drop { $0.value <= 0x20 }.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        guard let first = scalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return nil }
        var scheme = ""
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            guard isLetter || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "." else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// `text` percent-encoded for a path segment or query value substituted into a link
    /// template: everything but the unreserved characters of RFC 3986 (letters, digits, `-`,
    /// `.`, `_`, `~`), so a substituted value can add no scheme, path or query of its own.
    public static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += (byte < 16 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
