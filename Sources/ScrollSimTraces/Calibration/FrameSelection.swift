import ScrollSimKit
/// Which slices of a trace are its frames, for `check-model --frames NAME`: a slice name, or a
/// prefix ending in `*` (`Choreographer#doFrame*`).
///
/// A trace that has frames of its own — ScrollSim's `Frame N` slices (category `frame`) — uses
/// them. Otherwise, without `--frames`, the first of the toolkits' frame slices (`defaults`)
/// the trace holds is taken, and the check says which:
///
/// | slice | toolkit | where the name comes from |
/// |---|---|---|
/// | `Choreographer#doFrame*` | Android | the main thread's frame: input, animation, measure, layout and draw recording. Android 12 and later append the frame's vsync id (`Choreographer#doFrame 123456`); Perfetto's `android/frames/timeline.sql` matches it with `GLOB 'Choreographer#doFrame*'` |
/// | `Animator::BeginFrame` | Flutter | the UI thread's frame (build, layout, paint); Flutter DevTools builds its frames chart from it (`uiEventName` in its performance model) |
/// | `ProxyMain::BeginMainFrame` | Chrome | the renderer main thread's frame: style, layout, paint, commit (`cc/trees/proxy_main.cc`, category `cc,benchmark`) |
/// | `ThreadProxy::BeginMainFrame` | older Chrome | the same frame before the compositor's `ThreadProxy` was split into `ProxyMain` and `ProxyImpl` (category `cc`) |
///
/// Each is the main (UI) thread's work for one frame: what ScrollSim's frame work is.
public struct FrameSelection: Equatable, Sendable {
    /// The slice name, or the prefix when `isPrefix`.
    public var name: String
    public var isPrefix: Bool

    /// `NAME` or `PREFIX*`.
    /// - Throws: `ScrollSimError` for an empty name.
    public init(_ text: String) throws {
        isPrefix = text.hasSuffix("*")
        name = isPrefix ? String(text.dropLast()) : text
        guard !name.isEmpty else { throw ScrollSimError("--frames: give a slice name (e.g. 'Choreographer#doFrame*', a trailing * matching a prefix)") }
    }

    /// The toolkits' frame slices tried in this order when the trace has no frames of its own.
    public static let defaults: [(selection: FrameSelection, toolkit: String)] = [
        ("Choreographer#doFrame*", "Android"),
        ("Animator::BeginFrame", "Flutter"),
        ("ProxyMain::BeginMainFrame", "Chrome"),
        ("ThreadProxy::BeginMainFrame", "Chrome"),
    ].map { (try! FrameSelection($0.0), $0.1) }

    /// `NAME` or `PREFIX*`, as given.
    public var description: String { isPrefix ? name + "*" : name }

    public func matches(_ sliceName: String) -> Bool {
        isPrefix ? sliceName.hasPrefix(name) : sliceName == name
    }
}
