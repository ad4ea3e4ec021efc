/// An object that gives exactly one of some keys (a height form, a distribution, a script
/// event's action), declared once: the keys and the words its messages are made of.
///
/// `ObjectDeclaration(_:_:oneOf:keys:)` checks it (`KeyRule.exactlyOne`), names it in the
/// JSON Schema and the reference (`ObjectShape.RuleInfo.exactlyOne`), and calls an unknown key
/// by its noun. The messages follow one pattern: `expected LEAD exactly one of A, B TAIL`
/// when none is given, and for several either `give one NOUN, not A and B` or the same
/// `expected …, found A and B` (`found none` for none).
struct ExactlyOneOf {
    /// How a message names the keys given when there are several.
    enum Several {
        /// `give one NOUN, not A and B`; the noun also names an unknown key.
        case giveOne(noun: String)
        /// `expected …, found A and B` (and `found none`).
        case found
    }

    let keys: [String]
    /// Before "exactly one of" (`"an object with "`, `"a number or "`).
    let lead: String
    /// After the keys (`": {\"fixed\": 300}, …"`, `" beside \"at\""`).
    let tail: String
    let several: Several

    init(_ keys: [String], lead: String = "", tail: String = "", several: Several) {
        self.keys = keys
        self.lead = lead
        self.tail = tail
        self.several = several
    }

    /// `exactly one of A, B, C`.
    var list: String { "exactly one of " + keys.joined(separator: ", ") }

    /// What the object must be: `expected LEAD exactly one of A, B TAIL`.
    var expected: String { "expected \(lead)\(list)\(tail)" }

    /// What an unknown key of the object is called.
    var noun: String? {
        if case .giveOne(let noun) = several { return noun }
        return nil
    }

    /// The message for the keys `found` (none, or more than one).
    func message(found: [String]) -> String {
        switch several {
        case .giveOne(let noun):
            return found.isEmpty ? expected : "give one \(noun), not \(found.joined(separator: " and "))"
        case .found:
            return "\(expected), found \(found.isEmpty ? "none" : found.joined(separator: " and "))"
        }
    }
}
