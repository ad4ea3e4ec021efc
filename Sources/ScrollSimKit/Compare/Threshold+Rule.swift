extension Threshold {
    /// What decides a verdict besides the size of the change: the scenario's own frame budget
    /// and hitch grading, read from its reports (`JudgingContext`).
    ///
    /// A deterministic simulation has no noise to absorb, so the question a threshold answers
    /// is not "is this change real?" (every change is) but "does this change matter to the
    /// user?". A frame that takes 3.9 ms instead of 1.1 ms of an 8.33 ms budget still has room
    /// for as much again; a hitch ratio Apple grades good is good.
    public enum Rule: String, CaseIterable, Equatable, Sendable, Codable {
        /// The limits alone: a relative limit is a fraction of the baseline value.
        case limits
        /// For per-frame work: relative limits are fractions of the frame budget (8.33 ms at
        /// 120 Hz), not of the baseline, and a move that stays at or under half the budget on
        /// both sides is noted, never a regression (nor an improvement). Half the budget is the
        /// headroom a frame needs for what the model leaves out: the render server's share of
        /// the frame and a slower device (Apple, "Explore UI animation hitches and the render
        /// loop", WWDC21: the commit phase shares the frame with the render server's work).
        case frameBudget
        /// For the hitch ratio and what it is made of: a worse grade (good → warning →
        /// critical, the scenario's `hitchGrading`, Apple's 5 and 10 ms/s by default) is an
        /// error; a better one an improvement. Inside the warning or critical grade the limits
        /// apply, relative to the baseline; inside the good grade a move is noted, never a
        /// regression (Apple grades the whole band good).
        case hitchGrades

        /// The share of the frame budget under which `.frameBudget` notes a move.
        public static let quietShareOfBudget = 0.5
    }
}
