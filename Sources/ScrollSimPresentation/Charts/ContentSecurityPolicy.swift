import ScrollSimKit

/// The Content-Security-Policy every page carries in a `<meta http-equiv>` tag of its head:
/// nothing may load from anywhere (`default-src 'none'`), and the only scripts that may run are
/// the page's own inline scripts (the tooltips', the replay's), each named by its SHA-256
/// (`script-src 'sha256-…'`).
///
/// A page shows text from files and arguments (scenario and type names, commits, subjects);
/// each is escaped (`Markup`), and the policy is the second wall behind that: were some text to
/// slip through as markup, an injected `<script>`, `onclick=` or `javascript:` link would not
/// run. A hash rather than `'unsafe-inline'`, which would let any inline script run, injected
/// ones included (W3C Content Security Policy Level 3, "hash-source"; OWASP's Content Security
/// Policy Cheat Sheet advises hashes or nonces for inline scripts). Styles stay inline
/// (`style-src 'unsafe-inline'`: the pages' one style sheet and the charts' SVG attributes),
/// images only as `data:` URLs, and `base-uri 'none'` and `form-action 'none'` keep a relative
/// link from being re-rooted or a form from posting anywhere.
enum ContentSecurityPolicy {
    /// The policy of a page whose inline scripts are `scripts` (each allowed by its hash; none
    /// allows no script at all).
    static func policy(scripts: [String]) -> String {
        let sources = scripts.isEmpty ? "'none'" : scripts.map { "'sha256-\(SHA256Digest.base64($0))'" }.joined(separator: " ")
        return "default-src 'none'; script-src \(sources); style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
    }

    /// The tag, for the head of every page (`HTMLPage.document`), allowing the page's own
    /// inline scripts.
    static func meta(scripts: [String]) -> String {
        "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy(scripts: scripts))\">\n"
    }
}
