import Foundation
import ScrollSimKit

/// What a folder of pages already holds, so an index lists every report page in it, not only
/// the run's that writes it (runs accumulate in one folder, as CI artifacts and `Reports/html`
/// do), and `--clean` removes exactly the pages ScrollSim drew whose reports are gone.
///
/// Every page records what it is in `<meta>` tags of its head, next to
/// `<meta name="generator" content="ScrollSim">`: `scrollsim-page` (`scenario`, `compare` or
/// `index`), `scrollsim-scenario` (the scenario's name), and the report files it was drawn from,
/// relative to the folder: `scrollsim-report` (the current one) and, for a compare page,
/// `scrollsim-baseline-report`. A page whose reports are all still there can be listed again;
/// one whose report is gone (or that records none: drawn by an older ScrollSim, or by `ab`
/// without `--out`) is *stale*. A file without the generator tag is not ScrollSim's and is
/// never listed or removed.
enum SiteFolder {
    enum Kind: String, Sendable {
        case scenario, compare, index
    }

    /// A ScrollSim page found in the folder.
    struct Page: Equatable, Sendable {
        /// The file name in the folder.
        var name: String
        /// Nil for a page of an older ScrollSim that did not record its kind.
        var kind: Kind?
        var scenario: String?
        /// The current report, relative to the folder.
        var report: String?
        /// A compare page's baseline report, relative to the folder.
        var baselineReport: String?
    }

    /// The bytes of a page's head that are read: the tags come before the style sheet.
    static let headBytes = 4096

    /// The `<meta>` pairs a page of `kind` records (`HTMLPage.document(meta:)`).
    static func meta(_ kind: Kind, scenario: String?, reports: [String?]) -> [(name: String, content: String)] {
        var meta: [(name: String, content: String)] = [("scrollsim-page", kind.rawValue)]
        if let scenario { meta.append(("scrollsim-scenario", scenario)) }
        for (name, report) in zip(["scrollsim-report", "scrollsim-baseline-report"], reports) {
            if let report { meta.append((name, report)) }
        }
        return meta
    }

    /// Every ScrollSim page (`*.html` with the generator tag, named as a relative link)
    /// directly in `directory`, by name;
    /// none when the directory does not exist or cannot be listed. A page that cannot be read is
    /// left out (it is neither listed nor removed).
    /// - Complexity: reads the first `headBytes` of every `*.html` file.
    static func scan(_ directory: String) -> [Page] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        // A name a browser would read as a scheme (`javascript:x.html`) is no name ScrollSim
        // gives a page, and as a link it would not be relative: not listed (`LinkScheme`).
        return names.filter { $0.hasSuffix(".html") && !$0.hasPrefix(".") && LinkScheme.scheme($0) == nil }.sorted().compactMap { name in
            guard let handle = FileHandle(forReadingAtPath: (directory as NSString).appendingPathComponent(name)) else { return nil }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: headBytes) else { return nil }
            return page(name, head: String(decoding: data, as: UTF8.self))
        }
    }

    /// The page a head describes, nil when it is not ScrollSim's.
    static func page(_ name: String, head: String) -> Page? {
        var tags: [String: String] = [:]
        for line in head.split(separator: "\n") where line.hasPrefix("<meta name=\"") {
            let parts = line.dropFirst("<meta name=\"".count).components(separatedBy: "\" content=\"")
            guard parts.count == 2, parts[1].hasSuffix("\">"), tags[parts[0]] == nil else { continue }
            tags[parts[0]] = unescape(String(parts[1].dropLast(2)))
        }
        guard tags["generator"] == "ScrollSim" else { return nil }
        return Page(name: name, kind: tags["scrollsim-page"].flatMap(Kind.init(rawValue:)), scenario: tags["scrollsim-scenario"],
                    report: tags["scrollsim-report"], baselineReport: tags["scrollsim-baseline-report"])
    }

    /// Undoes `Markup.escape` for an attribute value.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `file` relative to `directory` (`../latest/feed.json` from `Reports/html`), both taken
    /// from the working directory when relative.
    static func relativePath(_ file: String, from directory: String) -> String {
        let target = components(file)
        let base = components(directory)
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }

    /// A path recorded by a page, as a path from the working directory.
    static func resolve(_ relative: String, in directory: String) -> String {
        relative.hasPrefix("/") ? relative : (directory as NSString).appendingPathComponent(relative)
    }

    /// Whether a path a page records names an existing file.
    static func exists(_ relative: String, in directory: String) -> Bool {
        FileManager.default.fileExists(atPath: resolve(relative, in: directory))
    }

    /// The absolute path's components, `.` and `..` resolved.
    static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        var parts: [String] = []
        for part in absolute.split(separator: "/").map(String.init) {
            switch part {
            case ".", "": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts
    }
}
