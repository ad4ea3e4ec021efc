import Foundation
import ScrollSimEngine

/// Where rows are: measured heights, the running-average estimate, and y from prefix sums
/// (HeightsEstimatesAndCorrections).
extension ReferenceModel {
    /// HE: "Until then it is **estimated**" — the height the stack places a row at.
    func height(_ row: Int) -> Double { rows[row].measured ?? estimate }

    func rebuildPrefixes() {
        guard prefixDirty else { return }
        for i in 0..<n {
            let h = rows[i].measured
            prefixKnown[i + 1] = prefixKnown[i] + (h ?? 0)
            prefixCount[i + 1] = prefixCount[i] + (h == nil ? 0 : 1)
        }
        prefixDirty = false
    }

    /// Top of row i: Σ measured heights above + (unmeasured rows above) · estimate + i · spacing.
    func y(_ i: Int) -> Double {
        if i == 0 { return 0 }
        rebuildPrefixes()
        return prefixKnown[i] + Double(i - prefixCount[i]) * estimate + Double(i) * spacing
    }

    /// SR `stack.initialEstimate`/HE: the content's height as the stack estimates it.
    func extent() -> Double { n == 0 ? 0 : max(0, y(n) - spacing) }

    /// The last row whose top is at or above `value` (row 0 above the content).
    func row(atY value: Double) -> Int {
        var low = 0
        var high = n - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if y(middle) <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// HE: "A child's height is known once it has been laid out"; "A row keeps its measured
    /// height after its view is destroyed"; a row laid out again at the same width replaces its
    /// height in the average (HeightEstimator: measured twice at one width → replaced).
    func measure(_ row: Int) {
        let h = rows[row].trueHeight
        if let old = rows[row].measured {
            measuredSum += h - old
        } else {
            measuredSum += h
            measuredCount += 1
        }
        rows[row].measured = h
        prefixDirty = true
        estimate = max(0, measuredSum / Double(measuredCount))
    }
}
