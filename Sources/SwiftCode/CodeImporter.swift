import LayoutEngine
import Shell

/// What `import FILE.swift` made, and what it left out.
public struct CodeReport: Sendable {
    public var typeName: String?
    public var views: [String] = []
    public var constraints = 0
    public var inactive = 0
    public var skipped: [CodeLayout.Skipped] = []
}

/// Builds what a file's layout code makes into an engine, all or nothing: its views under root
/// (the type's own view), superviews first, then its constraints in the order the code made
/// them, those it did not activate inactive.
public enum CodeImporter {
    public static func run(_ layout: CodeLayout, into engine: LayoutEngine) throws -> CodeReport {
        var report = CodeReport(typeName: layout.typeName, skipped: layout.skipped)
        try engine.allOrNothing {
            var made: Set<String> = ["root"]
            var waiting = layout.views
            // Superviews first; a view never added to one is left out, and said.
            while true {
                let ready = waiting.filter { $0.parent.map(made.contains) ?? false }
                guard !ready.isEmpty else { break }
                for view in ready {
                    let (kind, documentClass) = view.kindAndClass
                    var properties = view.properties
                    if let documentClass { properties.insert(.documentClass(documentClass), at: 0) }
                    if view.autoresizing && kind != .guide { properties.append(.autoresizing(true)) }
                    try engine.addView(kind: kind, name: view.name, parent: view.parent!, properties: properties)
                    made.insert(view.name)
                    report.views.append(view.name)
                }
                waiting.removeAll { view in ready.contains { $0.name == view.name } }
            }
            var sources = CodeSources()
            func ref(_ location: CodeLayout.Location) -> SourceRef { SourceRef(file: location.file, line: location.line, column: location.column) }
            for view in layout.views where made.contains(view.name) { sources.views[view.name] = ref(view.location) }
            for view in waiting {
                report.skipped.append(CodeLayout.Skipped(location: view.location, code: view.name, reason: "a view never added to a superview the code shows"))
            }
            for constraint in layout.constraints {
                let items = [constraint.spec.firstItem] + (constraint.spec.secondItem.map { [$0] } ?? [])
                let owners = items.map { $0.split(separator: ".").first.map(String.init) ?? $0 }
                guard owners.allSatisfy(made.contains) else {
                    report.skipped.append(CodeLayout.Skipped(location: constraint.location, code: constraint.spec.name ?? "",
                                                             reason: "a constraint on a view left out"))
                    continue
                }
                let name = try engine.addConstraint(constraint.spec)
                sources.constraints[name] = ref(constraint.location)
                report.constraints += 1
                if !constraint.isActive {
                    try engine.setActive([name], .deactivate)
                    report.inactive += 1
                }
            }
            sources.skipped = report.skipped.map { SkippedCode(file: $0.location.file, line: $0.location.line, reason: $0.reason) }
            try engine.addCodeSources(sources)
        }
        return report
    }
}

/// Makes the shell's `import FILE.swift` read with this module (the executable calls it once).
public func installSwiftReader() {
    Session.swiftReader = { source, file, engine in
        let layout = CodeReader.read(source, file: file)
        guard layout.typeName != nil else {
            return SwiftImportReport(typeName: nil, views: [], constraints: 0, inactive: 0, skipped: [])
        }
        let report = try CodeImporter.run(layout, into: engine)
        return SwiftImportReport(typeName: report.typeName, views: report.views, constraints: report.constraints, inactive: report.inactive,
                                 skipped: report.skipped.map { "\($0.location.text) `\($0.code)`: \($0.reason)" })
    }
}
