/// A device a scenario can name (`device.profile`): its screen in points, its refresh rate and
/// its single-core CPU speed relative to the others.
///
/// Screen sizes are the display resolution of Apple's tech specs divided by the display scale
/// (portrait); refresh rates are 120 Hz for ProMotion displays and 60 Hz otherwise (tech specs).
/// `cpuScore` is the device's Geekbench 6 single-core score as averaged by the Geekbench
/// Browser's iOS chart, rounded to 50: one ratio between two devices, nothing more (the
/// ScrollSimEngine documentation, "Device profiles", lists each row's source and what one ratio
/// cannot capture).
public struct DeviceProfile: Equatable, Sendable {
    public var name: String
    /// Portrait, in points.
    public var viewport: Size
    /// Hz: 120 with ProMotion, else 60.
    public var refreshRate: Double
    /// Geekbench 6 single-core score (a relative speed: only ratios are used).
    public var cpuScore: Double

    public init(name: String, viewport: Size, refreshRate: Double, cpuScore: Double) {
        self.name = name
        self.viewport = viewport
        self.refreshRate = refreshRate
        self.cpuScore = cpuScore
    }

    /// By how much main-thread costs measured on `measuredOn` grow on this device:
    /// cpu(measuredOn) / cpu(self) (2 when this device is half as fast).
    public func costScale(measuredOn: DeviceProfile) -> Double {
        measuredOn.cpuScore / cpuScore
    }

    /// The profile named `name` (exact spelling), or nil.
    public static func named(_ name: String) -> DeviceProfile? {
        all.first { $0.name == name }
    }

    /// Every profile, oldest first.
    public static let all: [DeviceProfile] = [
        DeviceProfile(name: "iPhone 11", viewport: Size(width: 414, height: 896), refreshRate: 60, cpuScore: 1700),
        DeviceProfile(name: "iPhone SE (3rd generation)", viewport: Size(width: 375, height: 667), refreshRate: 60, cpuScore: 2200),
        DeviceProfile(name: "iPhone 12", viewport: Size(width: 390, height: 844), refreshRate: 60, cpuScore: 2050),
        DeviceProfile(name: "iPhone 13", viewport: Size(width: 390, height: 844), refreshRate: 60, cpuScore: 2250),
        DeviceProfile(name: "iPhone 13 Pro", viewport: Size(width: 390, height: 844), refreshRate: 120, cpuScore: 2250),
        DeviceProfile(name: "iPhone 14", viewport: Size(width: 390, height: 844), refreshRate: 60, cpuScore: 2250),
        DeviceProfile(name: "iPhone 14 Pro", viewport: Size(width: 393, height: 852), refreshRate: 120, cpuScore: 2550),
        DeviceProfile(name: "iPhone 15", viewport: Size(width: 393, height: 852), refreshRate: 60, cpuScore: 2600),
        DeviceProfile(name: "iPhone 15 Pro", viewport: Size(width: 393, height: 852), refreshRate: 120, cpuScore: 2900),
        DeviceProfile(name: "iPhone 15 Pro Max", viewport: Size(width: 430, height: 932), refreshRate: 120, cpuScore: 2900),
        DeviceProfile(name: "iPhone 16", viewport: Size(width: 393, height: 852), refreshRate: 60, cpuScore: 3300),
        DeviceProfile(name: "iPhone 16 Pro", viewport: Size(width: 402, height: 874), refreshRate: 120, cpuScore: 3400),
        DeviceProfile(name: "iPhone 16 Pro Max", viewport: Size(width: 440, height: 956), refreshRate: 120, cpuScore: 3400),
        DeviceProfile(name: "iPad (10th generation)", viewport: Size(width: 820, height: 1180), refreshRate: 60, cpuScore: 2050),
        DeviceProfile(name: "iPad Air 11-inch (M2)", viewport: Size(width: 820, height: 1180), refreshRate: 60, cpuScore: 2550),
        DeviceProfile(name: "iPad Pro 11-inch (M4)", viewport: Size(width: 834, height: 1210), refreshRate: 120, cpuScore: 3650),
    ]
}
