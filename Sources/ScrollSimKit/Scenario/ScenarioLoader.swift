import Foundation

/// Loads scenario files from disk: the only place the scenario layer touches the file system.
public enum ScenarioLoader {
    /// Reads, parses and validates one scenario file.
    public static func load(path: String) throws -> Scenario {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(file: path, location: .file, message: "cannot read the file (\(FileErrors.reason(error)))")
        }
        return try decode(data, file: path, directory: url.deletingLastPathComponent())
    }

    /// Parses and validates scenario text; data files are read relative to `directory`.
    public static func decode(_ data: Data, file: String, directory: URL? = nil) throws -> Scenario {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch let error as JSONSyntaxError {
            throw ScenarioError(file: file, location: .text(line: error.line, column: error.column), message: error.detail)
        }
        let base = directory ?? URL(fileURLWithPath: ".")
        let decoder = ScenarioDecoder(file: file) { relative in
            let url = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : base.appendingPathComponent(relative)
            return try Data(contentsOf: url)
        }
        return try decoder.decode(root)
    }

    /// Scenario files named by the arguments: files as given, directories searched (not
    /// recursively) for `*.json`, sorted by path. Throws if an argument does not exist.
    public static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScenarioError(file: path, location: .file, message: "no such file or directory")
            }
            if isDirectory.boolValue {
                let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
                let found = names.filter { $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
                if found.isEmpty {
                    throw ScenarioError(file: path, location: .file, message: "the directory holds no .json scenario files")
                }
                files.append(contentsOf: found)
            } else {
                files.append(path)
            }
        }
        return files
    }
}

/// Human-readable reasons for file errors, without Foundation's long NSError descriptions.
public enum FileErrors {
    public static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileReadCorruptFileError: return "unreadable"
        default: return nsError.localizedDescription
        }
    }
}
