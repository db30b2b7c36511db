// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "strut",
    products: [
        .executable(name: "strut", targets: ["strut"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
    ],
    targets: [
        // The solver: standard library only, no Foundation.
        .target(
            name: "Cassowary",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
        ),
        // libedit, reached through pkg-config; Scripts/run and Scripts/test install it.
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .executableTarget(
            name: "strut",
            dependencies: ["Cassowary", "CLibEdit"]
        ),
        // Release-mode benchmark of the workloads in ../shared/BENCHMARKS.md.
        .executableTarget(
            name: "StrutBench",
            dependencies: ["Cassowary"],
            path: "Benchmarks/StrutBench"
        ),
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cassowary"]
        ),
    ]
)
