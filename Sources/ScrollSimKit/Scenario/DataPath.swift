import Foundation

/// Where a scenario's data file (`content.data`) is read from: a path relative to the
/// scenario's folder, and inside it.
///
/// A scenario is often someone else's file (a pull request, a bug report): like a build tool
/// that reads only inside its project, the data path is resolved against the scenario's
/// folder, symbolic links followed, and refused when it leads outside the folder (an absolute
/// path, `../`, a link to `/proc/self/environ`) unless the command is given
/// `--allow-outside-data`. A path that is empty or holds a control character (a NUL would cut
/// the path the system sees) is refused before anything is opened.
public enum DataPath {
    /// The path to open for `relative`, given in a scenario in `folder`.
    /// - Throws: `ScrollSimError.unreadable` saying why the path is refused.
    public static func resolve(_ relative: String, in folder: URL, allowOutside: Bool) throws -> String {
        guard !relative.isEmpty else {
            throw ScrollSimError.unreadable("the path is empty; give a .jsonl, .ndjson or .csv file beside the scenario")
        }
        if let control = relative.unicodeScalars.first(where: MessageText.isControl) {
            throw ScrollSimError.unreadable("the path holds a control character (\(MessageText.escaped(String(control))))")
        }
        let path = relative.hasPrefix("/") ? relative : folder.appendingPathComponent(relative).path
        guard !allowOutside else { return path }
        let root = OutputGuard.resolved(folder.path)
        let real = OutputGuard.resolved(path)
        guard real.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw ScrollSimError.unreadable("it is outside the scenario's folder (\(folder.path)); pass --allow-outside-data to read it")
        }
        return path
    }
}
