@testable import ScrollSimKit
@testable import ScrollSimPresentation
import XCTest

final class SVGTests: XCTestCase {
    func testEscapeTable() {
        let cases: [(String, String)] = [
            ("plain", "plain"),
            ("a<b>c", "a&lt;b&gt;c"),
            ("Tom & \"Jerry\"", "Tom &amp; &quot;Jerry&quot;"),
            ("it's", "it&#39;s"),
            ("</script><script>alert(1)</script>", "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("bell\u{07}tab\t", "belltab\t"),
            ("émoji 🙂", "émoji 🙂"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(Markup.escape(input), expected, input)
        }
    }

    func testAttributesAndTextAreEscaped() {
        var svg = SVG(width: 10, height: 10, label: "a \"label\" <x>")
        svg.element("rect", ["class": "x\" onload=\"alert(1)", "width": "1"])
        svg.text("<b>&", x: 1, y: 2)
        svg.open("g")
        svg.title("t<itle>")
        svg.close()
        let markup = svg.finished()
        XCTAssertFalse(markup.contains("\" onload="))
        XCTAssertTrue(markup.contains("class=\"x&quot; onload=&quot;alert(1)\""))
        XCTAssertTrue(markup.contains(">&lt;b&gt;&amp;</text>"))
        XCTAssertTrue(markup.contains("<title>t&lt;itle&gt;</title>"))
        XCTAssertTrue(markup.hasSuffix("</svg>"))
    }

    func testScriptSafeJSON() {
        XCTAssertEqual(Markup.scriptSafe("{\"a\":\"</script>\"}"), "{\"a\":\"\\u003c/script>\"}")
    }

    func testNumbers() {
        XCTAssertEqual(SVG.number(1.25), "1.3")
        XCTAssertEqual(SVG.number(-0.04), "0")
        XCTAssertEqual(SVG.number(12), "12")
        XCTAssertEqual(SVG.number(.nan), "0")
        XCTAssertEqual(SVG.number(8.33333, decimals: 3), "8.333")
        XCTAssertEqual(DisplayFormat.fixed(1234567.891, 2), "1,234,567.89")
        XCTAssertEqual(DisplayFormat.fixed(-1234, 0), "-1,234")
        XCTAssertEqual(DisplayFormat.fixed(0.5, 2), "0.50")
        XCTAssertEqual(DisplayFormat.ms(960.59), "960.6 ms")
        XCTAssertEqual(DisplayFormat.ms(0.63), "0.63 ms")
        XCTAssertEqual(DisplayFormat.bytes(365_424_000), "348.5 MiB")
        XCTAssertEqual(DisplayFormat.bytes(812), "812 B")
        XCTAssertEqual(DisplayFormat.metric(.peakMemoryBytes, 64 * 1_048_576), "64.0 MiB")
        XCTAssertEqual(DisplayFormat.metric(.peakMemoryBytes, 3_858_759, precision: .exact), "3.68 MiB", "3,858,759 / 1,048,576 = 3.680…")
        XCTAssertEqual(DisplayFormat.metric(.hitchRatio, 136.2559), "136.26 ms/s")
        XCTAssertEqual(DisplayFormat.metric(.hitchRatio, 136.2559, precision: .exact), "136.2559 ms/s")
        XCTAssertEqual(DisplayFormat.metric(.frameWorkP99, 1.0954), "1.10 ms")
        XCTAssertEqual(DisplayFormat.metric(.frameWorkP99, 1.0954, precision: .exact), "1.0954 ms")
        XCTAssertEqual(DisplayFormat.metric(.bodyEvaluations, 12_345), "12,345")
        XCTAssertEqual(DisplayFormat.metric(.correctionPx, 12.34), "12.3 pt")
        XCTAssertEqual(DisplayFormat.metric(path: "someNewMetric", 2.5), "2.50")
        XCTAssertEqual(DisplayFormat.number(960), "960")
        XCTAssertEqual(DisplayFormat.number(2.5649), "2.56")
    }

    func testTicksAreRound() {
        XCTAssertEqual(Chart.ticks(0, 25, count: 6), [0, 5, 10, 15, 20, 25])
        XCTAssertEqual(Chart.ticks(0, 16.6666, count: 6), [0, 5, 10, 15])
        XCTAssertEqual(Chart.ticks(0, 12, count: 5), [0, 2.5, 5, 7.5, 10])
        XCTAssertEqual(Chart.ticks(0, 8000, count: 10), [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000])
    }
}
