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
        // Views, anchors, constraints, intrinsic sizes, autoresizing, the layout pass.
        .target(
            name: "LayoutEngine",
            dependencies: ["Cassowary"]
        ),
        // The command language and the session: parse, dispatch, render; no terminal I/O.
        .target(
            name: "Shell",
            dependencies: ["LayoutEngine"]
        ),
        // Line readers: libedit for terminals, plain reading for pipes and files.
        .target(
            name: "LineEditing",
            dependencies: ["CLibEdit"]
        ),
        .executableTarget(
            name: "strut",
            dependencies: ["Shell", "LineEditing"]
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
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: ["LayoutEngine"]
        ),
        .testTarget(
            name: "ShellTests",
            dependencies: ["Shell"]
        ),
    ]
)
