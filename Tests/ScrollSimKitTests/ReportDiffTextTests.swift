import Testing
import ScrollSimKit

/// How the exact gate shows a value that differs (`ReportDiff.text`): a string is quoted and cut
/// to 60 characters — one of 60 whole, one of 61 as its first 59 and an ellipsis (60 in all).
/// Found by a generated mutant (the bound 60 moved to 61) that every test let through.
struct ReportDiffTextTests {
    @Test func aStringOfSixtyIsWholeAndOneOfSixtyOneIsCut() {
        let sixty = String(repeating: "a", count: 59) + "b"
        #expect(ReportDiff.text(.string(sixty)) == "\"" + sixty + "\"")
        let sixtyOne = sixty + "c"
        #expect(ReportDiff.text(.string(sixtyOne)) == "\"" + String(repeating: "a", count: 59) + "…\"")
    }

    @Test func numbersAndContainers() {
        #expect(ReportDiff.text(.number(3)) == "3")
        #expect(ReportDiff.text(.number(-0.25)) == "-0.25")
        #expect(ReportDiff.text(.null) == "null")
        #expect(ReportDiff.text(.bool(true)) == "true")
        #expect(ReportDiff.text(.array([.number(1), .number(2)])) == "[2 values]")
        #expect(ReportDiff.text(.object(["a": .number(1)])) == "{1 keys}")
    }

    /// Whole numbers below 10^15 in size print as integers; from 10^15 on, near where a double
    /// stops holding every fraction, as Swift prints a double, with its point: 999,999,999,999,999
    /// as an integer, 10^15 as "1000000000000000.0", either sign.
    @Test func wholeNumbersAreIntegersBelowTenToTheFifteen() {
        #expect(ReportDiff.text(.number(999_999_999_999_999)) == "999999999999999")
        #expect(ReportDiff.text(.number(-999_999_999_999_999)) == "-999999999999999")
        #expect(ReportDiff.text(.number(1e15)) == "1000000000000000.0")
        #expect(ReportDiff.text(.number(-1e15)) == "-1000000000000000.0")
    }
}
