// swift-tools-version:5.9
//
// ScrollSim: a deterministic, frame-by-frame simulator of SwiftUI-style lazy stacks.
//
// Layers (dependencies point toward the engine):
//   ScrollSimEngine   pure simulation: no I/O, no clock, no global state, seeded randomness only
//   ScrollSimKit      scenario files, reports, harness (jemalloc counters), compare, HTML, traces
//   ScrollSimCLI      argument parsing and commands; `main(arguments:)` for tests
//   scrollsim         the executable: one line that calls ScrollSimCLI
import PackageDescription

let package = Package(
    name: "ScrollSim",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ScrollSimEngine", targets: ["ScrollSimEngine"]),
        .library(name: "ScrollSimKit", targets: ["ScrollSimKit"]),
        .executable(name: "scrollsim", targets: ["scrollsim"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]
        ),
        .target(name: "ScrollSimEngine"),
        .target(name: "ScrollSimKit", dependencies: ["ScrollSimEngine", "CJemalloc"]),
        .target(name: "ScrollSimCLI", dependencies: ["ScrollSimKit"]),
        .executableTarget(name: "scrollsim", dependencies: ["ScrollSimCLI"]),
        .testTarget(name: "ScrollSimEngineTests", dependencies: ["ScrollSimEngine"]),
        .testTarget(
            name: "ScrollSimKitTests",
            dependencies: ["ScrollSimKit"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ScrollSimCLITests", dependencies: ["ScrollSimCLI"]),
    ]
)
