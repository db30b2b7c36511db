// swift-tools-version:6.0
import PackageDescription

/// The engine and the shell are classes whose stored arrays are changed in place at every step:
/// each access is checked for overlap at run time (`swift_beginAccess`), which was 7% of
/// building 10,000 views. Release builds leave those checks out; debug builds, which run the
/// tests, keep them, so an overlapping access still fails a test.
let uncheckedExclusivityInRelease: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "strut",
    // The MCP SDK's floor; strut itself runs wherever Swift 6 does.
    platforms: [.macOS("13.0")],
    products: [
        .executable(name: "strut", targets: ["strut"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // The solver: standard library only, no Foundation.
        .target(
            name: "Cassowary",
            exclude: ["README.md"],
            // The tableau's invariants are checked after every public operation in debug
            // builds, which run the tests (`Solver.checkInvariants`).
            swiftSettings: [.define("CASSOWARY_INTERNAL_CHECKS", .when(configuration: .debug))]
        ),
        // libedit, reached through pkg-config; Scripts/run and Scripts/test install it.
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            // macOS has libedit (and histedit.h) in its SDK: the module map links it without
            // pkg-config; Homebrew's is another way.
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        // The C library's allocator settings (glibc's `mallopt`): the executables keep the
        // memory they free for reuse (see shim.h).
        .systemLibrary(name: "CMemory"),
        // Views, anchors, constraints, intrinsic sizes, autoresizing, the layout pass. The wall
        // between the solver and everything above: the only target that imports Cassowary
        // (`internal import`, so no solver type leaks into its public API).
        .target(
            name: "LayoutEngine",
            dependencies: ["Cassowary"],
            exclude: ["README.md"],
            swiftSettings: uncheckedExclusivityInRelease
        ),
        // Visual Format Language: parser and lowering to LayoutEngine constraints.
        .target(
            name: "VisualFormat",
            dependencies: ["LayoutEngine"],
            exclude: ["README.md"]
        ),
        // Interface Builder documents (.xib, .storyboard): read with Foundation's XML parser,
        // built into a layout engine.
        .target(
            name: "InterfaceBuilder",
            dependencies: ["LayoutEngine"],
            exclude: ["README.md"]
        ),
        // UIKit's "Unable to simultaneously satisfy constraints." logs: read and rebuilt.
        .target(
            name: "ConsoleLog",
            dependencies: ["LayoutEngine"],
            exclude: ["README.md"]
        ),
        // Layout code in Swift (UIKit anchors, NSLayoutConstraint): parsed by swift-syntax and run
        // by a small evaluator into views and constraints named after the developer's lines.
        // It hooks itself into the shell (`installSwiftReader`) from the executable, so that the
        // shell, the benchmarks and the fuzz targets build without swift-syntax (whose
        // optimised build takes many minutes).
        .target(
            name: "SwiftCode",
            dependencies: ["LayoutEngine", "Shell", "VisualFormat",
                           .product(name: "SwiftSyntax", package: "swift-syntax"),
                           .product(name: "SwiftParser", package: "swift-syntax"),
                           .product(name: "SwiftOperators", package: "swift-syntax"),
                           .product(name: "SwiftIfConfig", package: "swift-syntax")],
            exclude: ["README.md"]
        ),
        // Pictures of a layout: terminal boxes, SVG, a self-contained HTML page.
        .target(
            name: "Pictures",
            dependencies: ["LayoutEngine"],
            exclude: ["README.md"]
        ),
        // The command language and the session: parse, dispatch, render; no terminal I/O.
        .target(
            name: "Shell",
            dependencies: ["LayoutEngine", "VisualFormat", "InterfaceBuilder", "ConsoleLog", "Pictures",
                           .product(name: "DequeModule", package: "swift-collections")],
            exclude: ["README.md"],
            resources: [.copy("Lessons"), .copy("Challenges")],
            swiftSettings: uncheckedExclusivityInRelease
        ),
        // Line readers: libedit for terminals, plain reading for pipes and files.
        .target(
            name: "LineEditing",
            dependencies: ["CLibEdit"],
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "strut",
            dependencies: ["Shell", "SwiftCode", "StrutMCP", "LineEditing", "CLibEdit", "CMemory"]
        ),
        // `strut mcp`: the session's commands as tools of a Model Context Protocol server.
        .target(
            name: "StrutMCP",
            dependencies: ["Shell", .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log")],
            exclude: ["README.md"]
        ),
        // Release-mode benchmark of the workloads in ../shared/BENCHMARKS.md.
        .executableTarget(
            name: "StrutBench",
            dependencies: ["Cassowary", "Shell", "CMemory"],
            path: "Benchmarks/StrutBench"
        ),
        // The Swift reader's benchmark (import-swift), apart from StrutBench: swift-syntax's
        // optimised build takes minutes, which StrutBench's quick rebuilds should not pay.
        .executableTarget(
            name: "StrutCodeBench",
            dependencies: ["SwiftCode", "Shell"],
            path: "Benchmarks/StrutCodeBench"
        ),
        // Compares real documents' views, as strut lays them out, with Xcode's stored frames.
        .executableTarget(
            name: "ibcheck",
            dependencies: ["InterfaceBuilder", "LayoutEngine"],
            path: "Tests/IBCheck"
        ),
        // Fuzz targets for every input path (Scripts/fuzz builds them with libFuzzer; a plain
        // build replays saved inputs).
        .executableTarget(
            name: "StrutFuzz",
            dependencies: ["Shell", "LayoutEngine", "VisualFormat", "InterfaceBuilder"],
            path: "Tests/Fuzz",
            exclude: ["lsan.supp"]  // LeakSanitizer's suppressions, read by Scripts/fuzz
        ),
        // The Swift reader's fuzz target, apart from StrutFuzz so that the other targets build
        // without swift-syntax (Scripts/fuzz builds this one in debug).
        .executableTarget(
            name: "StrutSwiftFuzz",
            dependencies: ["SwiftCode", "Shell", "LayoutEngine"],
            path: "Tests/SwiftFuzz"
        ),
        // The independent reference (a dense LP solved level by level) that the solver's and
        // the diagnostics' random tests compare with.
        .target(
            name: "CassowaryReference",
            dependencies: ["Cassowary"],
            path: "Tests/CassowaryReference",
            // Optimised in debug builds too: the random sessions ask it hundreds of dense LPs a
            // step, some twenty times faster so.
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cassowary", "CassowaryReference"]
        ),
        .testTarget(
            name: "LayoutEngineTests",
            dependencies: ["LayoutEngine", "Cassowary", "CassowaryReference"]
        ),
        .testTarget(
            name: "VisualFormatTests",
            dependencies: ["VisualFormat", "LayoutEngine"]
        ),
        .testTarget(
            name: "ShellTests",
            dependencies: ["Shell", "LayoutEngine", "Cassowary", "CassowaryReference", "CMemory", "SwiftCode",
                           .product(name: "MCP", package: "swift-sdk")]
        ),
        .testTarget(
            name: "ConsoleLogTests",
            dependencies: ["ConsoleLog", "LayoutEngine", "Shell", "CassowaryReference"]
        ),
        .testTarget(
            name: "PicturesTests",
            dependencies: ["Pictures", "LayoutEngine", "Shell"]
        ),
        .testTarget(
            name: "SwiftCodeTests",
            dependencies: ["SwiftCode", "LayoutEngine", "Shell"]
        ),
        .testTarget(
            name: "InterfaceBuilderTests",
            dependencies: ["InterfaceBuilder", "LayoutEngine", "Shell", "CassowaryReference"]
        ),
    ]
)
