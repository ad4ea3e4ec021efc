/// The display and the fixed costs of every frame.
public struct DeviceConfig: Equatable, Sendable {
    /// Hz; the frame budget is 1000 / refreshRate ms.
    public var refreshRate: Double
    public var viewport: Size
    /// Work every frame pays whatever the list does (`device.frameOverheadMs`).
    public var frameOverheadMs: Double
    /// Touch handling and scroll physics, paid on frames where the content is in motion.
    public var inputMs: Double
    /// The iOS version the list runs on, where behaviour differs by version (a LazyVStack in a
    /// nested ScrollView loads lazily only from iOS 26).
    public var platform: Platform = .ios26
    /// The device named by `device.profile` (its viewport and refresh rate are the defaults of
    /// those keys), or nil.
    public var profile: DeviceProfile?

    public enum Platform: String, Equatable, Sendable, CaseIterable {
        case ios17, ios18, ios26
    }

    public init(refreshRate: Double = 120, viewport: Size = Size(width: 393, height: 852),
                frameOverheadMs: Double = 0.5, inputMs: Double = 0.05) {
        self.refreshRate = refreshRate
        self.viewport = viewport
        self.frameOverheadMs = frameOverheadMs
        self.inputMs = inputMs
    }

    public var budgetMs: Double { 1000 / refreshRate }
}

public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
