import ScrollSimEngine

/// `frames`: every column of `FrameColumn`, the phases' work under `phaseMs`, and `count`, as
/// the run recorded them (`FrameSeries`): nothing here names a column but `viewID`'s kind.
extension ReportBuilder {
    /// `frames` as a JSON value.
    static func framesObject(_ f: FrameSeries, ids: [String]?) -> JSONValue {
        var phases: [String: JSONValue] = [:]
        for phase in PhaseWork.Phase.allCases {
            phases[phase.name] = .array(f.work(phase).map { .number($0) })
        }
        var object: [String: JSONValue] = ["count": .number(Double(f.count)), "phaseMs": .object(phases)]
        for column in FrameColumn.allCases {
            if column.definition.elements, let ids {
                object[column.key] = .array(f.column(column, as: Int.self).map { $0 >= 0 ? .string(elementID($0, ids)) : .null })
            } else {
                object[column.key] = .array(f[column].map { .number($0) })
            }
        }
        return .object(object)
    }

    /// `frames` streamed into `out`, the same text `JSONWriter` writes of `framesObject`: each
    /// column is read from the records (a load per value) and written where it goes.
    /// - Complexity: O(frames × columns).
    static func writeFrames(_ f: FrameSeries, ids: [String]?, into out: inout JSONStream) {
        enum Member {
            case count, phases
            case column(FrameColumn)
        }
        let members = ([("count", Member.count), ("phaseMs", .phases)] + FrameColumn.allCases.map { ($0.key, .column($0)) })
            .sorted { $0.0 < $1.0 }
        let phases = PhaseWork.Phase.allCases.sorted { $0.name < $1.name }
        out.byte(0x7B)
        for (i, (key, member)) in members.enumerated() {
            if i > 0 { out.byte(0x2C) }
            out.key(key, indent: 2)
            switch member {
            case .count:
                out.number(Double(f.count))
            case .phases:
                out.byte(0x7B)
                for (p, phase) in phases.enumerated() {
                    if p > 0 { out.byte(0x2C) }
                    out.key(phase.name, indent: 3)
                    let values = f.work(phase)
                    out.numbers(count: values.count) { values[$0] }
                }
                out.newline(2)
                out.byte(0x7D)
            case .column(let column):
                if column.definition.elements, let ids {
                    let elements = f.column(column, as: Int.self)
                    out.array(count: elements.count) { frame, out in
                        let element = elements[frame]
                        if element >= 0 { out.string(elementID(element, ids)) } else { out.null() }
                    }
                } else {
                    let values = f[column]
                    out.numbers(count: values.count) { values[$0] }
                }
            }
        }
        out.newline(1)
        out.byte(0x7D)
    }

    /// Element `index`'s data-file id; elements a script appended after the data file's (which
    /// the file does not list) are `+1`, `+2`, … in the order they were added.
    public static func elementID(_ index: Int, _ ids: [String]) -> String {
        index < ids.count ? ids[index] : "+\(index - ids.count + 1)"
    }
}
