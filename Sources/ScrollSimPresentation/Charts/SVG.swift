import Foundation
import ScrollSimKit

/// A tiny builder of SVG (and HTML) text: elements with escaped attributes and text, numbers
/// in one fixed format.
///
/// ```swift
/// var svg = SVG(width: 400, height: 120, label: "Frame work")
/// svg.element("rect", ["x": SVG.number(10), "y": "0", "width": "5", "height": "40", "class": "bar"])
/// svg.text("p99 < 8 ms", x: 10, y: 100)
/// let markup = svg.finished()
/// ```
///
/// Invariants: every attribute value and text node goes through `Markup.escape`, so data from a
/// report (scenario names, element ids) can never open a tag or end an attribute; attributes are
/// written in the order given (`KeyValuePairs`), and numbers by `SVG.number`, so the same chart
/// gives the same bytes. Elements are closed in the order opened (checked by `finished`).
///
/// What it leaves out: no DOM, no validation of element or attribute names (they are literals in
/// this package), no pretty printing.
public struct SVG {
    public private(set) var text: String
    private var open: [String] = []

    /// Starts an `<svg>` with a viewBox of `width` × `height`; it scales to its container's width.
    /// `label` becomes the accessible name (`role="img"` and `<title>`).
    public init(width: Double, height: Double, label: String, id: String? = nil, classes: String = "chart") {
        text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\""
        if let id { text += " id=\"\(Markup.escape(id))\"" }
        text += " class=\"\(Markup.escape(classes))\" role=\"img\" aria-label=\"\(Markup.escape(label))\" preserveAspectRatio=\"xMidYMid meet\">"
        text += "<title>\(Markup.escape(label))</title>"
        open = ["svg"]
    }

    /// An empty element (`<rect …/>`), or one with escaped text content.
    /// - Complexity: O(length of the attributes and text).
    public mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, text content: String? = nil) {
        text += "<\(name)"
        append(attributes)
        if let content {
            text += ">\(Markup.escape(content))</\(name)>"
        } else {
            text += "/>"
        }
    }

    /// Opens a container element (`g`, `clipPath`, …); close it with `close()`.
    public mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += "<\(name)"
        append(attributes)
        text += ">"
        open.append(name)
    }

    public mutating func close() {
        precondition(open.count > 1, "SVG.close() with no open element")
        text += "</\(open.removeLast())>"
    }

    /// A `<text>` at (x, y) with optional class and anchor.
    public mutating func text(_ content: String, x: Double, y: Double, classes: String = "", anchor: String = "start") {
        var attributes = "<text x=\"\(SVG.number(x))\" y=\"\(SVG.number(y))\""
        if !classes.isEmpty { attributes += " class=\"\(Markup.escape(classes))\"" }
        if anchor != "start" { attributes += " text-anchor=\"\(Markup.escape(anchor))\"" }
        text += attributes + ">\(Markup.escape(content))</text>"
    }

    /// A `<title>` child for the element just opened: the browser's native tooltip, no script needed.
    public mutating func title(_ content: String) {
        text += "<title>\(Markup.escape(content))</title>"
    }

    /// The finished markup.
    public func finished() -> String {
        precondition(open == ["svg"], "SVG.finished() with unclosed elements \(open.dropFirst())")
        return text + "</svg>"
    }

    private mutating func append(_ attributes: KeyValuePairs<String, String>) {
        for (key, value) in attributes {
            text += " \(key)=\"\(Markup.escape(value))\""
        }
    }

    /// A coordinate or length: at most `decimals` digits after the point, trailing zeros dropped,
    /// no exponent, -0 written as 0, non-finite values as 0 (SVG has no NaN).
    /// - Complexity: O(1).
    public static func number(_ value: Double, decimals: Int = 1) -> String {
        value.isFinite ? JSONWriter.text(value, decimals: decimals) : "0"
    }
}
