/// What an object of a scenario file may hold, without the Swift types it decodes into: its
/// keys (each with its shape, whether it is required, its default and its meaning) and the
/// rules between them. The JSON Schema and the scenario reference are generated from it;
/// `ObjectDeclaration` pairs it with the decoding.
package final class ObjectShape {
    /// The object's name in the JSON Schema's `$defs` and in messages ("view type").
    package let name: String
    /// What the object is, for the schema's description and the reference.
    let summary: String
    package let keys: [KeyInfo]
    package let rules: [RuleInfo]
    /// How an unknown key is called in messages ("key", "event", "height form").
    let unknownNoun: String
    /// The message for a value that is not an object (nil: "expected an object, found …").
    let notAnObject: String?

    init(name: String, summary: String, keys: [KeyInfo], rules: [RuleInfo], unknownNoun: String, notAnObject: String?) {
        self.name = name
        self.summary = summary
        self.keys = keys
        self.rules = rules
        self.unknownNoun = unknownNoun
        self.notAnObject = notAnObject
    }

    /// Everything declared about one key.
    package struct KeyInfo {
        package var key: String
        package var shape: KeyShape
        package var presence: Presence
        /// The value an absent key takes, as JSON (from the engine's configuration types), or nil.
        var defaultValue: JSONValue?
        /// Words for a default that is not a value ("none", "as `duration` says").
        var defaultNote: String?
        var meaning: String
        /// Values that are legal but probably a mistake: a warning, not an error.
        var plausibility: [Plausibility]
        /// A former key, still read: what to write instead.
        var replacement: String?
    }

    /// Whether a key must be given.
    package enum Presence: Equatable {
        case optional
        case required
        /// Required unless the other key is given (`count` unless `data`).
        case requiredUnless(String)
    }

    /// A rule between keys the JSON Schema can state.
    package enum RuleInfo {
        /// At most one of these keys.
        case atMostOne([String])
        /// Exactly one of these keys.
        case exactlyOne([String])
        /// A rule only the decoder checks, in words for the reference.
        case note(String)
    }

    /// A range of values that works but is probably a mistake (a unit slip), with what to say.
    struct Plausibility {
        /// Warn when the value is below this (strictly).
        var below: Double?
        /// Warn when the value is above this (strictly).
        var above: Double?
        var message: (Double) -> String

        func warning(for value: Double) -> String? {
            if let below, value < below { return message(value) }
            if let above, value > above { return message(value) }
            return nil
        }
    }
}
