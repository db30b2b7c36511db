/// Where imported code made each view and constraint, and what it left out: what `dump` gives
/// as `"source"` and `"skipped"`. Kept in one box the hierarchy shares (most sessions have
/// none, and the hierarchy is copied at every command).
public struct SourceRef: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

public struct SkippedCode: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var reason: String
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }
}

public struct CodeSources: Sendable {
    public var views: [String: SourceRef] = [:]
    public var constraints: [String: SourceRef] = [:]
    public var skipped: [SkippedCode] = []
    /// The type whose code was run (its view is root).
    public var typeName: String?
    public init() {}
    public var isEmpty: Bool { views.isEmpty && constraints.isEmpty && skipped.isEmpty }
}

final class CodeSourcesBox: Sendable {
    let sources: CodeSources
    init(_ sources: CodeSources) { self.sources = sources }
}

extension LayoutEngine {
    /// Adds where an import's code made its views and constraints, and what it skipped.
    public func addCodeSources(_ more: CodeSources) throws {
        try perform { h in
            var all = h.codeSources
            all.views.merge(more.views) { _, new in new }
            all.constraints.merge(more.constraints) { _, new in new }
            all.skipped += more.skipped
            all.typeName = more.typeName ?? all.typeName
            h.codeSources = all
        }
    }
}
