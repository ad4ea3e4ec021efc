// swift-tools-version:5.9
//
// A package outside ScrollSim that uses it the way an app team would: a test target that depends
// on the ScrollSimKit product alone (no jemalloc, nothing to install) and plays a shipped
// scenario. scripts/check-consumer-package.sh builds and tests it; `.ci/run consumer` runs that.
import PackageDescription

let package = Package(
    name: "ConsumerPackage",
    platforms: [.macOS(.v13)],
    dependencies: [
        // A team writes `.package(url: "https://github.com/your-org/ScrollSim.git", branch: "main")`
        // or `.package(path: "../ScrollSim")`, whose identity ("ScrollSim") is the last path
        // component. This checkout may live in a directory of any name, so the dependency is
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
