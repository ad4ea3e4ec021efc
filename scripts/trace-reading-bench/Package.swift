// swift-tools-version:5.9
//
// The trace-reading benchmark of scripts/bench-trace-reading.sh: a package outside ScrollSim
// that depends on it by path (SCROLLSIM_PACKAGE, default the repository this folder is in),
// so the same program can be built against an older revision and the two compared.
import Foundation
import PackageDescription

let scrollsim = ProcessInfo.processInfo.environment["SCROLLSIM_PACKAGE"] ?? "../.."

let package = Package(
    name: "trace-reading-bench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ScrollSim", path: scrollsim)],
    targets: [
        .executableTarget(name: "trace-reading-bench", dependencies: [.product(name: "ScrollSimKit", package: "ScrollSim")]),
    ]
)
