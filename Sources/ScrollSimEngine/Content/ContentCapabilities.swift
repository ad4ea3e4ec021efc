/// The optional capabilities of one kind of content, found where the kind is named.
///
/// A content adopts `ScrollTargetAnchoring`, `ElementLookUp`, `TapTarget` and
/// `PendingWorkAtEnd` only when it has them. Code generic over the content cannot ask whether
/// it does without a dynamic cast, so the factory (`Simulation+Content.swift`), which knows the
/// concrete type, records each one the type adopts here, with the builder of that capability —
/// a builder that only compiles for a type that adopts the protocol. The viewport then calls
/// a capability through it, or does what content without it needs (`Viewport`): nothing to
/// re-anchor on a landing, nothing to pay to find an element, nothing pending at the end, no
/// view state a tap could lose (<doc:ContentContract>).
/// These are rare events (script events, landings, the end of the run), never a per-frame call.
struct ContentCapabilities<Content: ScrollContent>: Sendable {
    typealias Anchor = @Sendable (inout Content, ScrollTarget.Destination) -> Void
    typealias LookUp = @Sendable (inout Content, Int, inout FrameContext) -> Double
    typealias Tap = @Sendable (inout Content, Int, inout FrameContext) -> Void
    typealias FinishRun = @Sendable (inout Content, inout FrameContext) -> Void

    private(set) var anchor: Anchor?
    private(set) var lookUp: LookUp?
    private(set) var tap: Tap?
    private(set) var finishRun: FinishRun?

    /// None: content that has only the layout contract and the queries every content answers.
    init() {}

    func anchoring() -> Self where Content: ScrollTargetAnchoring {
        var capabilities = self
        capabilities.anchor = { content, destination in content.anchor(on: destination) }
        return capabilities
    }

    func lookingUp() -> Self where Content: ElementLookUp {
        var capabilities = self
        capabilities.lookUp = { content, element, context in content.lookUp(element: element, &context) }
        return capabilities
    }

    func tapping() -> Self where Content: TapTarget {
        var capabilities = self
        capabilities.tap = { content, element, context in content.tap(element: element, &context) }
        return capabilities
    }

    func finishingRun() -> Self where Content: PendingWorkAtEnd {
        var capabilities = self
        capabilities.finishRun = { content, context in content.finishRun(&context) }
        return capabilities
    }
}
