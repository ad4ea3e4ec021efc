import Foundation
@testable import ScrollSimKit
import ScrollSimEngine
import Testing

/// A CSV data file's records as the scenario gets them: ids, types and sizes worked out by
/// hand, and the same file read the same way whether its lines are read in place (ASCII, no
/// quotes) or split cell by cell (every cell quoted, which RFC 4180 reads as the same cells).
@Suite struct DataFileCSVTests {
    /// Three types, one of each height form, so every size field has a type it fits.
    static func folder(_ data: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("data-csv-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try data.write(toFile: directory + "/d.csv", atomically: true, encoding: .utf8)
        let scenario = """
        {"schema": 1, "name": "d", "duration": 1, "content": {"data": "d.csv", "types": [
          {"name": "photo", "height": {"aspect": 1}},
          {"name": "note", "height": {"text": {"chars": {"fixed": 10}, "lineHeight": 20, "base": 24, "padding": 96}}},
          {"name": "bar", "height": {"fixed": 10}}]}}
        """
        try scenario.write(toFile: directory + "/d.json", atomically: true, encoding: .utf8)
        return directory + "/d.json"
    }

    /// The records, their ids, or the problems.
    static func read(_ data: String) throws -> Result<(items: [ElementData], ids: [String]?), ScrollSimError> {
        let path = try folder(data)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        do {
            let scenario = try ScenarioLoader.load(path: path)
            return .success((scenario.config.content.items ?? [], scenario.elementIDs))
        } catch let error as ScrollSimError {
            return .failure(error)
        }
    }

    @Test func recordsAreReadAsWorkedByHand() throws {
        let data = "id, type ,aspect,chars,height,width\n,photo, 0.5 ,,,\nb,note,,120,,\n,photo,,,3024,4032\nd,bar,,,44,\n"
        let (items, ids) = try Self.read(data).get()
        #expect(items.map(\.typeIndex) == [0, 1, 0, 2])
        #expect(items.map(\.heightParameter) == [0.5, 120, 0.75, 44])
        // The records before the first id are named by their index.
        #expect(ids == ["0", "b", "2", "d"])
    }

    @Test func aFileWithoutIdsHasNone() throws {
        let (items, ids) = try Self.read("aspect\n1\n\n 2\t\n").get()
        #expect(items.map(\.heightParameter) == [1, 2])
        #expect(ids == nil)
    }

    /// A CSV id is text as written (a JSON Lines id may be a number, written as JSON writes it).
    @Test func csvIdsAreTheirText() throws {
        let (_, ids) = try Self.read("id,aspect\n7,1\n1e3,1\n,1\n").get()
        #expect(ids == ["7", "1e3", "2"])
    }

    @Test func problemsNameTheLineAndField() throws {
        let data = "type,aspect,height\nphoto,x,\nphoto,1,2,3\nfilm,1,\nphoto,1,2\n"
        guard case .failure(let error) = try Self.read(data) else {
            Issue.record("a file with problems was accepted")
            return
        }
        #expect(error.problems.map(\.message) == [
            "d.csv:2: \"aspect\": \"x\" is not a number",
            "d.csv:3: 4 fields, but the header has 3",
            "d.csv:4: \"type\": \"film\" is not one of the scenario's types (photo, note, bar)",
            "d.csv:5: give one size: height or aspect (or width and height)",
        ])
    }

    @Test func aLineThatIsNotUTF8IsRefusedNamingIt() throws {
        let path = try Self.folder("aspect\n1\n")
        let bytes: [UInt8] = Array("aspect\n1\n".utf8) + [0x31, 0xFF, 0x0A] + Array("2\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: (path as NSString).deletingLastPathComponent + "/d.csv"))
        do {
            _ = try ScenarioLoader.load(path: path)
            Issue.record("a line of invalid UTF-8 was accepted")
        } catch let error as ScrollSimError {
            #expect(error.problems.map(\.message) == ["d.csv:3: the line is not UTF-8 text; save the file as UTF-8"])
        }
    }

    /// Seeded files of every known column, cells of numbers, text, spaces, tabs, empties and
    /// mistakes: read in place, and with every cell quoted, they give the same records or the
    /// same problems.
    @Test func aLineReadInPlaceIsALineSplitCellByCell() throws {
        let columns = ["id", "type", "height", "chars", "aspect", "width"]
        let cells: [String: [String]] = [
            "id": ["", "a", "b", " c ", "7", "a"],
            "type": ["", "photo", "note", "bar", " photo", "film"],
            "height": ["", "10", " 44\t", "3024", "-1", "x", "1e2"],
            "chars": ["", "120", "0x10", "5."],
            "aspect": ["", "0.5", "1", " 2 ", "nan", "100000"],
            "width": ["", "4032", "0", "3024"],
        ]
        var random = SplitMix64(seed: 7)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        for _ in 0..<60 {
            let header = columns.filter { _ in random.next() % 2 == 0 }
            guard !header.isEmpty else { continue }
            let rows = (0..<(1 + Int(random.next() % 5))).map { _ in header.map { pick(cells[$0]!) } }
            let plain = ([header] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
            let quoted = ([header] + rows.map { $0.map { "\"\($0)\"" } }).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
            switch (try Self.read(plain), try Self.read(quoted)) {
            case (.success(let a), .success(let b)):
                #expect(a.items == b.items, "\(plain.debugDescription)")
                #expect(a.ids == b.ids, "\(plain.debugDescription)")
            case (.failure(let a), .failure(let b)):
                #expect(a.problems.map(\.message) == b.problems.map(\.message), "\(plain.debugDescription)")
            default:
                Issue.record("read in place and cell by cell disagree: \(plain.debugDescription)")
            }
        }
    }

    @Test func fieldSlotsFollowTheFieldNames() {
        var fields = DataFile.Fields()
        for (slot, name) in DataFile.fields.enumerated() { fields[slot] = .string(name) }
        #expect(fields.id == .string("id"))
        #expect(fields.type == .string("type"))
        #expect(fields.height == .string("height"))
        #expect(fields.chars == .string("chars"))
        #expect(fields.aspect == .string("aspect"))
        #expect(fields.width == .string("width"))
        let object = DataFile.Fields(["width": .number(3), "nickname": .string("x"), "id": .number(1)])
        #expect(object.width == .number(3) && object.id == .number(1) && object.type == nil)
    }
}
