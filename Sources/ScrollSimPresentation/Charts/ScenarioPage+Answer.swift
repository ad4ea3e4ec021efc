import ScrollSimKit

/// The top of a scenario page: the answer before the evidence. The verdict (budgets, hitch
/// grade) in a sentence, then the cause and worst-frame lines exactly as `scrollsim run` prints
/// them (`Attribution.summaryLines`, one function for both), the worst frame linked to its
/// replay.
extension ScenarioPage {
    static func answer(_ report: Report, replayFrames: Set<Int> = []) -> String {
        var html = "<section id=\"answer\" class=\"answer\" aria-label=\"verdict and cause\">\n"
        html += "<p class=\"verdict-line\">" + Markup.escape(verdictSentence(report)) + "</p>\n"
        for line in Attribution.summaryLines(report) {
            let kind = line.hasPrefix("worst frame") ? "worst-line" : "cause-line"
            var text = Markup.escape(line)
            // "worst frame 294 at …": the frame number leads to its replay.
            if kind == "worst-line", let frame = worstFrameNumber(line), replayFrames.contains(frame) {
                let label = "worst frame \(frame)"
                if let range = text.range(of: label) {
                    text.replaceSubrange(range, with: "worst frame <a href=\"#replay\" data-replay-frame=\"\(frame)\">\(frame)</a>")
                }
            }
            html += "<p class=\"\(kind)\">\(text)</p>\n"
        }
        return html + "</section>\n"
    }

    /// "Over budget as expected (droppedFrames, hitchRatio); hitches critical at 24.89 ms/s."
    static func verdictSentence(_ report: Report) -> String {
        var text: String
        if let verdict = verdict(report) {
            text = verdict.text.prefix(1).uppercased() + verdict.text.dropFirst()
            if let colon = text.range(of: ": ") {
                text = text[..<colon.lowerBound] + " (" + text[colon.upperBound...] + ")"
            }
        } else {
            text = "No budgets set"
        }
        let ratio = report[.hitchRatio].map { DisplayFormat.metric(.hitchRatio, $0) } ?? ""
        text += "; hitches \(report.hitchGrade.rawValue)" + (ratio.isEmpty ? "" : " at \(ratio)")
        if let ensemble = report.ensemble { text += " (mean of \(ensemble.runs) runs)" }
        return text + "."
    }

    /// The frame a worst-frame line names: 294 in "worst frame 294 at 2.45 s: …".
    static func worstFrameNumber(_ line: String) -> Int? {
        let rest = line.dropFirst("worst frame ".count)
        return Int(rest.prefix { $0.isNumber })
    }
}
