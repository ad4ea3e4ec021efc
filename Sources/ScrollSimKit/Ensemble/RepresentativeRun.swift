/// Which run of an ensemble a report shows frame by frame.
///
/// The run whose hitch ratio is closest to the ensemble's median hitch ratio; among those, the
/// one whose p99 frame work is closest to its median; then the earliest. The median, not the
/// mean, so that a run with a rare pile-up does not pull the choice toward itself, and a real
/// run, not an average of runs, so that every frame and event shown happened together. Its
/// frames are what the charts draw; the summary's figures are still the ensemble's.
public enum RepresentativeRun {
    /// The position of the representative run, given each run's hitch ratio and p99 frame work.
    /// - Complexity: O(n log n) for n runs.
    public static func choose(hitchRatio: [Double], frameWorkP99: [Double]) -> Int {
        precondition(!hitchRatio.isEmpty && hitchRatio.count == frameWorkP99.count, "one hitch ratio and one p99 per run")
        let ratioMedian = RunSpread(of: hitchRatio).p50
        let p99Median = RunSpread(of: frameWorkP99).p50
        var best = 0
        for i in hitchRatio.indices.dropFirst() {
            let (d, bestD) = (abs(hitchRatio[i] - ratioMedian), abs(hitchRatio[best] - ratioMedian))
            if d < bestD - 1e-12 || (abs(d - bestD) <= 1e-12 && abs(frameWorkP99[i] - p99Median) < abs(frameWorkP99[best] - p99Median) - 1e-12) {
                best = i
            }
        }
        return best
    }
}
