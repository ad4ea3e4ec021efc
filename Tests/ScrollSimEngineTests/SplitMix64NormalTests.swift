import Foundation
import Testing
@testable import ScrollSimEngine

/// `SplitMix64.nextStandardNormal` (Box–Muller), which every lognormal cost and jitter draws
/// through: its draws must have the standard normal's shape, not only finite values. Over
/// 100,000 draws of one seed the mean is within 0.02 of 0 (its standard error is 0.0032), the
/// variance within 0.03 of 1 (0.0045), half are negative within 0.01 (0.0016), and 95 % lie
/// within ±1.96 within 0.005 (0.0007): every bound is at least four standard errors wide, so
/// no seed a test could pick fails by chance, and a wrong angle (cos(2u/π) for cos(2πu) makes
/// every draw positive) or a wrong radius fails at once.
struct SplitMix64NormalTests {
    @Test(arguments: [1, 42, 0x5EED] as [UInt64]) func drawsHaveTheStandardNormalsShape(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let n = 100_000
        var sum = 0.0, squares = 0.0, negative = 0, inside = 0
        for _ in 0..<n {
            let z = random.nextStandardNormal()
            sum += z
            squares += z * z
            if z < 0 { negative += 1 }
            if abs(z) < 1.959_963_985 { inside += 1 }
        }
        let mean = sum / Double(n)
        #expect(abs(mean) < 0.02, "mean \(mean)")
        #expect(abs(squares / Double(n) - mean * mean - 1) < 0.03, "variance \(squares / Double(n) - mean * mean)")
        #expect(abs(Double(negative) / Double(n) - 0.5) < 0.01, "negative \(negative)")
        #expect(abs(Double(inside) / Double(n) - 0.95) < 0.005, "inside ±1.96: \(inside)")
    }
}
