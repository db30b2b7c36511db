import SwiftIfConfig
import SwiftSyntax

/// The build the Swift reader follows `#if` for: an iOS app built for a device in its release
/// configuration, with UIKit and the other iOS frameworks importable, AppKit and the other
/// platforms' not. `#if os(iOS)`, `#if canImport(UIKit)` and `#if !targetEnvironment(macCatalyst)`
/// hold; `#if os(macOS)`, `#if DEBUG` and `#if targetEnvironment(simulator)` do not. A file that
/// keeps its UIKit code inside `#if os(iOS)` (an app that also builds for macOS) is read so.
struct IOSDeviceBuild: BuildConfiguration {
    /// Modules of other platforms, which an iOS build cannot import; every other one can (the
    /// iOS frameworks and the packages the layout code uses).
    static let otherPlatformsModules: Set<String> = ["AppKit", "Cocoa", "WatchKit", "TVUIKit", "Glibc", "Musl", "WinSDK", "Android"]

    func isCustomConditionSet(name: String) -> Bool { false }
    func hasFeature(name: String) -> Bool { false }
    func hasAttribute(name: String) -> Bool { false }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        guard let module = importPath.first?.1 else { return false }
        return !IOSDeviceBuild.otherPlatformsModules.contains(module)
    }
    func isActiveTargetOS(name: String) -> Bool { name == "iOS" }
    func isActiveTargetArchitecture(name: String) -> Bool { name == "arm64" }
    func isActiveTargetEnvironment(name: String) -> Bool { false }
    func isActiveTargetRuntime(name: String) -> Bool { name == "_ObjC" }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool { name == "MachO" }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [32, 64, 128] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { VersionTuple(6, 0) }
    var compilerVersion: VersionTuple { VersionTuple(6, 2) }

    static let shared = IOSDeviceBuild()

    /// The declarations a `#if` keeps in such a build (its active clause's, nested `#if`s
    /// followed), in source order; none when no clause holds.
    static func activeDecls(of ifConfig: IfConfigDeclSyntax) -> [DeclSyntax] {
        switch ifConfig.activeClause(in: shared).clause?.elements {
        case let .decls(members)?: return flattened(members.map(\.decl))
        case let .statements(items)?:
            return items.compactMap { item -> [DeclSyntax]? in
                guard case let .decl(decl) = item.item else { return nil }
                return flattened([decl])
            }.flatMap { $0 }
        default: return []
        }
    }

    /// Declarations with each `#if` among them replaced by what it keeps.
    static func flattened(_ decls: [DeclSyntax]) -> [DeclSyntax] {
        decls.flatMap { decl in
            decl.as(IfConfigDeclSyntax.self).map(activeDecls(of:)) ?? [decl]
        }
    }

    /// The statements a `#if` inside a body keeps in such a build.
    static func activeStatements(of ifConfig: IfConfigDeclSyntax) -> CodeBlockItemListSyntax? {
        if case let .statements(items)? = ifConfig.activeClause(in: shared).clause?.elements { return items }
        return nil
    }
}
