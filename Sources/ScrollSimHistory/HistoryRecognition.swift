import ScrollSimKit

/// Whether an SQLite file is a history database, told before anything is written to it.
///
/// `record --db app.sqlite` must not add its tables to another program's database, nor switch
/// it to write-ahead logging, nor write into tables whose triggers would change what is
/// stored. So the file is first opened read-only and recognised:
/// - by its marker: `PRAGMA application_id` is `HistoryRecognition.applicationID` (SQLite's
///   own place for "which program's file is this", https://www.sqlite.org/pragma.html#pragma_application_id,
///   as `file(1)` reads it), which every `record` sets from this version on;
/// - or, for a history recorded before the marker, by `user_version` 1 or later with
///   application id 0 and every table and view one of the history's own;
/// - or as empty (no tables, views, indexes or triggers, `user_version` 0): a new history.
///
/// Anything else is another program's file and is refused byte for byte unchanged (exit 2),
/// naming what it holds. A history with a trigger is refused too: no `record` creates one, and
/// a trigger can delete what is inserted (80 values reported, none stored) or never return. So
/// is a view other than the history's own `history` view (on its tables, or in place of one).
/// `record` checks again inside its write transaction (`BEGIN IMMEDIATE`, which no other writer
/// can enter), so nothing can be added between the check and the write.
enum HistoryRecognition {
    /// "SSIM" in ASCII.
    static let applicationID: Int64 = 0x5353_494D

    /// The tables, views and indexes a history's schema creates (every version).
    static let ownNames: Set<String> = [
        "commits", "commits_order", "scenarios", "scenario_texts", "scenario_texts_digest", "metrics", "runs", "runs_scenario",
        "run_values", "run_budgets", "run_labels", "run_spreads", "history",
    ]

    /// Throws unless `db` is empty or a history database without triggers or views of others.
    static func check(_ db: SQLite, path: String) throws {
        let statement = try db.prepare("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
        var objects: [(type: String, name: String, table: String)] = []
        while try statement.step() { objects.append((statement.string(0) ?? "", statement.string(1) ?? "", statement.string(2) ?? "")) }
        let application = try db.integer("PRAGMA application_id") ?? 0
        let version = try db.integer("PRAGMA user_version") ?? 0
        if objects.isEmpty && version == 0 && application == 0 { return }
        let triggers = objects.filter { $0.type == "trigger" }
        let foreign = objects.filter { $0.type != "trigger" && !ownNames.contains($0.name) }
        if application != applicationID && (application != 0 || version < 1 || !foreign.isEmpty || !objects.contains { $0.name == "runs" }) {
            let held = (foreign.isEmpty ? objects : foreign).prefix(5).map { "\($0.type) \(MessageText.quoted($0.name, limit: 40))" }
            let more = max(0, (foreign.isEmpty ? objects : foreign).count - 5)
            let what = held.isEmpty ? "no history tables" : held.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            throw ScrollSimError(file: path, message: "not a ScrollSim history database (application_id \(application), user_version \(version); it holds \(what)); it was left unchanged: give --db a history database, or a path where one may be created")
        }
        // The history's one view is its own `history`; a view of any other name (on its tables
        // or in place of one) is not one `record` created.
        if let view = objects.first(where: { $0.type == "view" && $0.name != "history" }) {
            throw ScrollSimError(file: path, message: "the history has a view, \(MessageText.quoted(view.name, limit: 40)), that scrollsim did not create (a history holds its own tables and its \"history\" view only; a view's INSTEAD OF trigger can change what is recorded); it was left unchanged: drop the view or use another database")
        }
        if let trigger = triggers.first {
            throw ScrollSimError(file: path, message: "the history has a trigger, \(MessageText.quoted(trigger.name, limit: 40)) on \(MessageText.quoted(trigger.table, limit: 40)), that scrollsim did not create (a trigger can change or delete what is recorded); it was left unchanged: drop the trigger or use another database")
        }
    }
}
