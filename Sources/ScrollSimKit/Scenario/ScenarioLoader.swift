import Foundation

/// Loads scenario files from disk: the only place the scenario layer touches the file system.
public enum ScenarioLoader {
    /// Reads, parses and validates one scenario file (and the data file it names), within
    /// `limits`.
    /// - Throws: `ScrollSimError` with every problem in the file.
    public static func load(path: String, limits: ScenarioLimits = .standard) throws -> Scenario {
        try load(path: path, limits: limits, sharing: nil)
    }

    /// `load(path:limits:)`, parsing a data file only if `tables` (shared by a batch of
    /// scenarios) does not already hold it.
    package static func load(path: String, limits: ScenarioLimits = .standard, sharing tables: DataFileTables?) throws -> Scenario {
        let bytes = try InputFile.contents(path, limit: limits.fileBytes, limitName: "file-bytes")
        return try decode(bytes, file: path, directory: URL(fileURLWithPath: path).deletingLastPathComponent(), limits: limits, sharing: tables)
    }

    /// Parses and validates scenario text; data files are read relative to `directory`.
    public static func decode(_ data: Data, file: String, directory: URL? = nil, limits: ScenarioLimits = .standard) throws -> Scenario {
        try decode([UInt8](data), file: file, directory: directory, limits: limits)
    }

    /// Parses and validates scenario bytes; data files are read relative to `directory`.
    public static func decode(_ bytes: [UInt8], file: String, directory: URL? = nil, limits: ScenarioLimits = .standard) throws -> Scenario {
        try decode(bytes, file: file, directory: directory, limits: limits, sharing: nil)
    }

    static func decode(_ bytes: [UInt8], file: String, directory: URL?, limits: ScenarioLimits, sharing tables: DataFileTables?) throws -> Scenario {
        let base = directory ?? URL(fileURLWithPath: ".")
        /// The data file the decoder opened, for `Scenario.dataFile`.
        final class Opened { var path: String? }
        let opened = Opened()
        var decoder = ScenarioDecoder(file: file, limits: limits) { relative, limit in
            let path = try DataPath.resolve(relative, in: base, allowOutside: limits.allowOutsideData)
            opened.path = path
            var scan = DataFileScan(path: path, limits: limits)
            let bytes = try InputFile.contents(path, limit: limit, limitName: "data-bytes") { try scan.scan($0) }
            try scan.finish()
            return bytes
        }
        decoder.dataTables = tables
        var scenario = try decoder.decode(bytes: bytes)
        scenario.dataFile = opened.path
        return scenario
    }

    /// Scenario files named by the arguments: files as given, directories searched (not
    /// recursively) for `*.json` but not `*.schema.json` (the JSON Schema kept beside the
    /// scenarios), sorted by path.
    /// - Throws: `ScrollSimError` for an argument that does not exist, is empty, or is a
    ///   directory without scenarios.
    public static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            guard !path.isEmpty else {
                throw ScrollSimError(file: "\"\"", location: .whole, message: "an empty path names no scenario file or directory")
            }
            var info = stat()
            guard stat(path, &info) == 0 else {
                // The system's reason: a link that loops is not "no such file".
                let reason = errno == ENOENT ? "no such file or directory" : InputFile.reason(errno)
                throw ScrollSimError(file: path, location: .whole, message: reason)
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
                let found = names.filter(isScenarioFileName).sorted().map { (path as NSString).appendingPathComponent($0) }
                if found.isEmpty {
                    throw ScrollSimError(file: path, location: .whole, message: "the directory holds no .json scenario files")
                }
                files.append(contentsOf: found)
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Whether a directory expansion picks up a file of this name: `*.json`, but not
    /// `*.schema.json` and not hidden files (`.name.json`, such as an editor's backup).
    public static func isScenarioFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasSuffix(".schema.json") && !name.hasPrefix(".")
    }
}

/// Human-readable reasons for file errors, in plain words: never an error domain or code.
public enum FileErrors {
    public static func reason(_ error: Error) -> String {
        if let error = error as? ScrollSimError { return error.reason }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return InputFile.reason(Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return InputFile.reason(Int32(underlying.code))
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on the device"
        case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
        case NSFileReadCorruptFileError: return "unreadable"
        case NSFileWriteFileExistsError: return "already exists"
        default: return "an input/output error"
        }
    }
}
