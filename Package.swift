// swift-tools-version:5.9
//
// ScrollSim: a deterministic, frame-by-frame simulator of SwiftUI-style lazy stacks.
//
// Layers (dependencies point toward the engine):
//   ScrollSimEngine   pure simulation: no I/O, no clock, no global state, seeded randomness only
//   ScrollSimKit      scenario files, reports, budgets, compare as a value (no jemalloc, no HTML, no system library)
//   ScrollSimTraces   measured traces: reading xctrace, trace-event, OTLP and CSV (gzip through zlib),
//                     calibrating a scenario's costs from them, checking the model against them
//   ScrollSimPresentation  what a reader looks at: HTML pages and charts, a comparison's text, Markdown
//                     and JUnit, Chrome traces, sweep pages (no system library either)
//   ScrollSimHarness  measures the simulator itself: jemalloc counters, wall time, `bench`
//   ScrollSimHistory  the history of runs in an SQLite database: record, show, changes, trend pages
//   ScrollSimCLI      argument parsing and commands; `main(arguments:)` for tests
//   scrollsim         the executable: one line that calls ScrollSimCLI
//   ScrollSimCommandPlugin  `swift package scrollsim …`: the executable from an app's own package
//
// Only ScrollSimHarness (and what depends on it: the CLI and the executable) links jemalloc,
// so a test target that depends on the ScrollSimKit product needs no jemalloc. Likewise only
// ScrollSimHistory (and the CLI) links SQLite, through the CSQLite system library, and only
// ScrollSimTraces zlib (CZlib; the macOS SDK has libz), to read gzip-compressed traces: a package
// that depends on ScrollSimKit alone installs nothing. The SHA-256 of an imported trace (and of
// the pages' scripts) is ScrollSimKit's own (Support/SHA256.swift, its compression in the CSHA256
// C target, which uses the CPU's SHA extensions where it has them), so no crypto library is linked.
//
// The system-library targets below are the one list of system packages: scripts/system-packages.sh
// reads their pkgConfig and providers (build, runtime and Homebrew sets, which feature needs
// which library), scripts/common.sh installs them, and its check-docs (run by SystemPackagesTests
// and .ci/run's `packages` step) fails when a recipe in the docs names a different set.
//
// SCROLLSIM_ALLOCATOR=system builds without jemalloc, for the sanitizers: AddressSanitizer and
// ThreadSanitizer replace malloc themselves, and a process with two allocators frees one's
// memory with the other ("bad-free"). In that build the harness measures time but counts no
// allocations (reports say so in harness.allocator), `bench` refuses to run, and the tests
// that need jemalloc's counters are skipped. scripts/sanitize uses it; use a build path of its
// own (--build-path .build/sanitize-address) so it never mixes with the normal build.
import Foundation
import PackageDescription

let systemAllocator = ProcessInfo.processInfo.environment["SCROLLSIM_ALLOCATOR"] == "system"
let harnessDependencies: [Target.Dependency] = systemAllocator
    ? ["ScrollSimEngine", "ScrollSimKit"]
    : ["ScrollSimEngine", "ScrollSimKit", "CJemalloc"]
let allocatorSettings: [SwiftSetting] = systemAllocator ? [.define("SCROLLSIM_SYSTEM_ALLOCATOR")] : []

let package = Package(
    name: "ScrollSim",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ScrollSimEngine", targets: ["ScrollSimEngine"]),
        .library(name: "ScrollSimKit", targets: ["ScrollSimKit"]),
        .library(name: "ScrollSimTraces", targets: ["ScrollSimTraces"]),
        .library(name: "ScrollSimPresentation", targets: ["ScrollSimPresentation"]),
        .library(name: "ScrollSimHarness", targets: ["ScrollSimHarness"]),
        .executable(name: "scrollsim", targets: ["scrollsim"]),
        .plugin(name: "ScrollSimPlugin", targets: ["ScrollSimCommandPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "ScrollSimEngine"),
        // SHA-256's compression function in C, with the CPU's SHA extensions where it has them
        // (an imported trace's digest; no system library).
        .target(name: "CSHA256"),
        .target(
            name: "ScrollSimKit",
            dependencies: ["ScrollSimEngine", "CSHA256"]
        ),
        .target(name: "ScrollSimTraces", dependencies: ["ScrollSimEngine", "ScrollSimKit", "CZlib"]),
        .target(name: "ScrollSimPresentation", dependencies: ["ScrollSimEngine", "ScrollSimKit"]),
        // The test oracles (the scenario generator, the report invariants, the property check):
        // for this package's tests and fuzz targets, in no library product.
        .target(name: "ScrollSimTesting", dependencies: ["ScrollSimEngine", "ScrollSimKit", "ScrollSimPresentation"]),
        .target(name: "ScrollSimHistory", dependencies: ["ScrollSimKit", "ScrollSimPresentation", "CSQLite"]),
        .target(name: "ScrollSimHarness", dependencies: harnessDependencies, swiftSettings: allocatorSettings),
        .target(name: "ScrollSimCLI", dependencies: ["ScrollSimKit", "ScrollSimTraces", "ScrollSimPresentation", "ScrollSimHarness", "ScrollSimHistory"]),
        .executableTarget(name: "scrollsim", dependencies: ["ScrollSimCLI"]),
        .plugin(
            name: "ScrollSimCommandPlugin",
            capability: .command(
                intent: .custom(verb: "scrollsim", description: "Run scrollsim (run, compare, report, baseline, ab, init, …) in this package"),
                permissions: [.writeToPackageDirectory(reason: "scrollsim writes reports, comparisons and HTML pages (Reports/ by default)")]
            ),
            dependencies: ["scrollsim"]
        ),
        .testTarget(name: "ScrollSimEngineTests", dependencies: ["ScrollSimEngine"]),
        .testTarget(
            name: "ScrollSimKitTests",
            dependencies: ["ScrollSimKit", "ScrollSimTraces", "ScrollSimPresentation", "ScrollSimTesting"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ScrollSimHarnessTests", dependencies: ["ScrollSimHarness", "ScrollSimKit"]),
        .testTarget(name: "ScrollSimHistoryTests", dependencies: ["ScrollSimHistory", "ScrollSimKit", "CSQLite"]),
        .testTarget(name: "ScrollSimCLITests", dependencies: ["ScrollSimCLI", "ScrollSimHistory"]),
    ]
)
