import Foundation

/// Times as the history stores them: RFC 3339 in UTC, to the second (`2026-12-01T15:40:08Z`),
/// so that they sort as text.
///
/// `history record --time` takes what `git log --format=%cI` prints (`2026-12-01T16:40:08+01:00`)
/// or any RFC 3339 time (https://www.rfc-editor.org/rfc/rfc3339#section-5.6): `T`, `t` or a space
/// between date and time, fractional seconds (dropped: the history keeps whole seconds), `Z`,
/// `z` or an offset `±hh:mm` (also `±hhmm` and `±hh`, which ISO 8601 allows); or a date alone,
/// taken as midnight UTC. Anything else is refused, where Foundation's ISO 8601 parsers read
/// too much into it: `ISO8601DateFormatter` took `2026-12-01T15:40Z` (no seconds) and
/// `2026-12-01T15:40:08` (no offset) for midnight, and both it and `Date.ISO8601FormatStyle`
/// roll `2026-02-30` over to March 2 and ignore text after the time. So the text is checked
/// here, field by field (a day that its month has, an hour up to 23), and Foundation's Gregorian
/// calendar turns the checked fields into the instant. A leap second (`:60`) is kept as `:59`,
/// the last second the history can store before it.
enum HistoryTime {
    /// `date` in UTC, to the second.
    static func stamp(_ date: Date) -> String {
        // Date.ISO8601FormatStyle's default: UTC, `yyyy-MM-dd'T'HH:mm:ss'Z'`. It formats in
        // Swift, where ISO8601DateFormatter loaded ICU's calendar data first (about 0.2 ms).
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// `text` in UTC to the second, or nil when it is not an RFC 3339 time or date.
    static func normalized(_ text: String) -> String? {
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let (_, year, month, day, clock) = match.output
        guard let year = Int(year), let month = Int(month), let day = Int(day),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var secondsFromGMT = 0
        if let clock {
            guard let time = clock.wholeMatch(of: timePattern) else { return nil }
            let (_, hour, minute, second, zone) = time.output
            guard let hour = Int(hour), let minute = Int(minute), let second = Int(second),
                  hour <= 23, minute <= 59, second <= 60 else { return nil }
            components.hour = hour
            components.minute = minute
            components.second = min(second, 59)
            if zone != "Z" && zone != "z" {
                guard let offset = offsetSeconds(zone) else { return nil }
                secondsFromGMT = offset
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        guard let zone = TimeZone(secondsFromGMT: secondsFromGMT) else { return nil }
        calendar.timeZone = zone
        guard let date = calendar.date(from: components) else { return nil }
        return stamp(date)
    }

    /// A date, then optionally a time: `yyyy-MM-dd`, then `T`, `t` or a space and the rest.
    private static let pattern = #/(\d{4})-(\d{2})-(\d{2})(?:[Tt ](.+))?/#

    /// `HH:mm:ss`, optional fractional seconds, then `Z`, `z` or an offset.
    private static let timePattern = #/(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?([Zz]|[+-]\d{2}(?::?\d{2})?)/#

    /// Seconds east of UTC for `±hh:mm`, `±hhmm` or `±hh`; nil past 23:59.
    private static func offsetSeconds(_ zone: Substring) -> Int? {
        let digits = zone.dropFirst().filter { $0 != ":" }
        guard let hours = Int(digits.prefix(2)), hours <= 23 else { return nil }
        let minutes = digits.count > 2 ? Int(digits.dropFirst(2)) : 0
        guard let minutes, minutes <= 59 else { return nil }
        return (zone.first == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// The days of `month` in `year` of the Gregorian calendar.
    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
