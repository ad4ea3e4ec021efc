extension DataFile {
    /// One record's fields as a line gave them (nil: absent), one stored property per field
    /// `DataFile.fields` names.
    ///
    /// Checking and keeping a record reads each field several times; a struct reads it where a
    /// `[String: JSONValue]` per line hashed the name every time, which was most of the cost
    /// of reading the shipped photo feeds (10,000 CSV lines each, ten scenarios).
    struct Fields {
        var id: JSONValue?
        var type: JSONValue?
        var height: JSONValue?
        var chars: JSONValue?
        var aspect: JSONValue?
        var width: JSONValue?

        init() {}

        /// The fields of a JSON Lines object this file knows (the others are reported apart).
        init(_ object: [String: JSONValue]) {
            for (name, value) in object {
                if let slot = DataFile.fields.firstIndex(of: name) { self[slot] = value }
            }
        }

        /// Whether the field at `DataFile.fields[slot]` is read as text (`id`, `type`) rather
        /// than as a number.
        static func isText(_ slot: Int) -> Bool { slot <= 1 }

        /// The field at `DataFile.fields[slot]`.
        subscript(slot: Int) -> JSONValue? {
            get {
                switch slot {
                case 0: return id
                case 1: return type
                case 2: return height
                case 3: return chars
                case 4: return aspect
                default: return width
                }
            }
            set {
                switch slot {
                case 0: id = newValue
                case 1: type = newValue
                case 2: height = newValue
                case 3: chars = newValue
                case 4: aspect = newValue
                default: width = newValue
                }
            }
        }
    }
}
