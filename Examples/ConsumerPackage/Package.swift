// swift-tools-version:5.9
//
// A package outside ScrollSim that uses it the way an app team would: a test target that depends
// on the ScrollSimKit product alone (no jemalloc, no SQLite; zlib's development files, which the
// official Swift images have) and plays a shipped
// scenario. scripts/check-consumer-package.sh builds and tests it; `.ci/run consumer` runs that.
import PackageDescription

let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v13)],
    dependencies: [
        // A team writes `.package(path: "../ScrollSim")` for a clone beside its package, or
        // `.package(url:branch:)` with the URL of the repository it keeps ScrollSim in (no public
        // one is published); the identity ("ScrollSim") is the URL's or path's last component. This checkout may live in a directory of any name, so the dependency is
        // named explicitly: `package: "ScrollSim"` below then works wherever it is.
        .package(name: "ScrollSim", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "FeedScrollingTests",
            dependencies: [.product(name: "ScrollSimKit", package: "ScrollSim")]
        ),
    ]
)
