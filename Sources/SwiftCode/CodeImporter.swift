import LayoutEngine
import Shell
import SwiftIfConfig
import SwiftSyntax

/// Reads Swift files and runs their layout code into an engine, all or nothing: the views and
/// constraints it makes, named after the developer's properties and lines, and what it left
/// out, each with its place.
public enum CodeReader {
    /// How many statements code may run before strut calls it endless (the fuzz target runs
    /// with fewer: its inputs must each finish within a second under the sanitizers).
    nonisolated(unsafe) public static var stepLimit = 200_000

    /// - Parameter stem: the file's or folder's name, to choose the type to run (`CardView`
    ///   in `CardView.swift`).
    public static func run(_ sources: [(source: String, file: String)], stem: String, into engine: LayoutEngine) throws -> CodeLayout {
        let objc = [".m", ".mm", ".h"]
        if sources.contains(where: { source in objc.contains { source.file.hasSuffix($0) } }) {
            return try runObjC(sources.filter { source in objc.contains { source.file.hasSuffix($0) } }, stem: stem, into: engine)
        }
        let program: SwiftProgram
        do {
            program = try SwiftProgram(sources)
        } catch {
            throw error
        }
        guard let type = program.mainType(fileStem: stem) else {
            if stem.hasPrefix("type:") { throw CodeError(message: "no UIKit type named \(stem.dropFirst(5)) in it") }
            throw CodeError(message: "no UIView or UIViewController subclass in it: strut runs the layout code of one")
        }
        return try engine.allOrNothing {
            let world = CodeWorld(engine: engine)
            let evaluator = SwiftEvaluator(program: program, world: world)
            evaluator.stepLimit = stepLimit
            for old in program.oldSyntax {
                world.skipped.append(CodeLayout.Skipped(location: CodeLayout.Location(file: old.file, line: old.line, column: old.column),
                                                        code: "", reason: "\(old.message): not run"))
            }
            evaluator.runMain(type)
            if let aborted = evaluator.aborted { throw aborted }
            // Constraint calls never run, each with why; those of another type of the files, one
            // line for the type.
            var otherTypes: [(name: String, location: CodeLayout.Location, count: Int)] = []
            for (call, site) in ConstraintCalls.find(in: program) where !evaluator.reached.contains(CallSite(call)) {
                if let other = ConstraintCalls.otherType(of: call, reached: evaluator.reached, program: program, ran: type) {
                    if let k = otherTypes.firstIndex(where: { $0.name == other.name }) { otherTypes[k].count += 1 } else {
                        otherTypes.append((other.name, evaluator.location(of: other.node), 1))
                    }
                    continue
                }
                world.skipped.append(CodeLayout.Skipped(location: evaluator.location(of: site), code: site.trimmedDescription,
                                                        reason: ConstraintCalls.whyNotRun(call, reached: evaluator.reached)))
            }
            for other in otherTypes {
                world.skipped.append(CodeLayout.Skipped(location: other.location, code: other.name, reason:
                    "not run: \(other.count) constraint call\(other.count == 1 ? "" : "s") in `\(other.name)`, not the type strut ran (\(type)); import its file alone to run it"))
            }
            return try world.conclude(type: type)
        }
    }
}

extension CodeReader {
    /// Objective-C files (`.m`, their `.h`): parsed by strut's own reader, run as Swift is.
    static func runObjC(_ sources: [(source: String, file: String)], stem: String, into engine: LayoutEngine) throws -> CodeLayout {
        var files: [ObjCFile] = []
        for source in sources {
            // A file of another language is no Objective-C: no class, and a Swift or C++ word first.
            files.append(try ObjCParser.parse(source.source, file: source.file))
        }
        let world = CodeWorld(engine: engine)
        let evaluator = ObjCEvaluator(files: files, world: world)
        guard let type = evaluator.mainClass(stem: stem) else {
            if stem.hasPrefix("type:") { throw CodeError(message: "no UIKit class named \(stem.dropFirst(5)) in it") }
            throw CodeError(message: "no UIView or UIViewController subclass in it: strut runs the layout code of one")
        }
        evaluator.stepLimit = stepLimit
        evaluator.fileName = sources.first { $0.file.hasSuffix(".m") || $0.file.hasSuffix(".mm") }?.file ?? sources[0].file
        return try engine.allOrNothing {
            evaluator.runMain(type)
            if let aborted = evaluator.aborted { throw aborted }
            for site in ObjCConstraintCalls.find(in: files) where !evaluator.reached.contains("\(site.call.file):\(site.call.line):\(site.call.column)") {
                let ran = evaluator.reached.contains { $0.hasPrefix(site.call.file + ":") }
                world.skipped.append(CodeLayout.Skipped(location: evaluator.place(site.location), code: site.code,
                                                        reason: "not run: in `\(site.method)`" + (ran ? ", in a branch or method the code strut ran did not reach" : "")))
            }
            // Lines that make constraints under a `#if` an iOS build does not compile.
            let constraintWords = ["onstraint", "mas_", "autoPin", "autoSet", "autoAlign", "autoCenter", "autoMatch", "autoConstrain"]
            for file in files {
                for line in file.leftOut where constraintWords.contains(where: { line.text.contains($0) }) {
                    world.skipped.append(CodeLayout.Skipped(location: CodeLayout.Location(file: file.name, line: line.line, column: line.column),
                                                            code: line.text, reason: "not run: under `\(line.directive)`, which an iOS build does not compile"))
                }
            }
            return try world.conclude(type: type)
        }
    }
}

/// The calls in the files that make constraints, found in the syntax tree (whether or not the
/// code runs them): anchors' `constraint(…)`, `NSLayoutConstraint(item:…)`,
/// `constraints(withVisualFormat:…)`, and each SnapKit line's relation.
enum ConstraintCalls {
    static let anchorLabels: Set<String> = [
        "equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo", "equalToConstant", "greaterThanOrEqualToConstant",
        "lessThanOrEqualToConstant", "equalToSystemSpacingAfter", "equalToSystemSpacingBelow", "greaterThanOrEqualToSystemSpacingAfter",
        "greaterThanOrEqualToSystemSpacingBelow", "lessThanOrEqualToSystemSpacingAfter", "lessThanOrEqualToSystemSpacingBelow",
    ]
    static let snapRelations: Set<String> = [
        "equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo", "equalToSuperview", "greaterThanOrEqualToSuperview", "lessThanOrEqualToSuperview",
    ]

    /// Each call, and the node where the constraint it makes is located.
    static func find(in program: SwiftProgram) -> [(FunctionCallExprSyntax, Syntax)] {
        let finder = Finder(viewMode: .sourceAccurate)
        for file in program.files { finder.walk(file.tree) }
        return finder.found
    }

    /// Where a call makes a constraint, nil for a call that makes none.
    static func site(of call: FunctionCallExprSyntax) -> Syntax? {
        let firstLabel = call.arguments.first?.label?.text ?? ""
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "NSLayoutConstraint" && firstLabel == "item" ? Syntax(reference) : nil
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        if name == "constraint", anchorLabels.contains(firstLabel) { return Syntax(member.declName) }
        if SwiftEvaluator.swift2AnchorLabel(name) != nil { return Syntax(member.declName) }
        if name == "constraints", firstLabel == "withVisualFormat" { return Syntax(member.declName) }
        if snapRelations.contains(name), let start = chainStart(member) { return start }
        if member.base != nil, TinyConstraintsCall.methods.contains(name), importsTinyConstraints(call) { return Syntax(call) }
        return nil
    }

    /// Whether the call's file imports TinyConstraints (whose method names, `top(to:)` or
    /// `width(_:)`, are constraint calls only there).
    static func importsTinyConstraints(_ call: FunctionCallExprSyntax) -> Bool {
        guard let file = call.root.as(SourceFileSyntax.self) else { return false }
        return file.statements.contains { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription == "TinyConstraints" }
    }

    /// The `make` a SnapKit line starts with (`make.top.equalTo(…)`, `$0.edges.equalToSuperview()`).
    static func chainStart(_ member: MemberAccessExprSyntax) -> Syntax? {
        var node = member.base
        var steps = 0
        while let current = node, let access = current.as(MemberAccessExprSyntax.self) {
            node = access.base
            steps += 1
        }
        guard steps > 0, let start = node?.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = start.baseName.text
        return name == "make" || name == "maker" || name.hasPrefix("$") ? Syntax(start) : nil
    }

    final class Finder: SyntaxVisitor {
        var found: [(FunctionCallExprSyntax, Syntax)] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let site = ConstraintCalls.site(of: node) { found.append((node, site)) }
            return .visitChildren
        }
    }

    /// Why a constraint call was not run: its function was never called, or its branch not taken.
    /// The other type of the files (a folder's) a call is in, when the type run neither is it
    /// nor ran any of its code.
    static func otherType(of call: FunctionCallExprSyntax, reached: Set<CallSite>, program: SwiftProgram, ran: String) -> (name: String, node: Syntax)? {
        var outer = call.parent
        while let current = outer {
            if let type = current.as(ClassDeclSyntax.self), program.types[type.name.text] != nil, !program.chain(of: ran).contains(type.name.text),
               !ranAny(in: current, reached) {
                return (type.name.text, Syntax(type.name))
            }
            outer = current.parent
        }
        return nil
    }

    static func whyNotRun(_ call: FunctionCallExprSyntax, reached: Set<CallSite>) -> String {
        // Inside a `#if` clause an iOS device build does not compile (`#if os(macOS)`, an `#else`).
        var outer = call.parent
        while let current = outer {
            if let clause = current.as(IfConfigClauseSyntax.self), let ifConfig = clause.parent?.parent?.as(IfConfigDeclSyntax.self),
               ifConfig.activeClause(in: IOSDeviceBuild.shared).clause?.id != clause.id {
                let condition = clause.condition.map { "`\(clause.poundKeyword.text) \($0.trimmedDescription)`" } ?? "`#else`"
                return "not run: under \(condition), which an iOS build does not compile"
            }
            outer = current.parent
        }
        var node = call.parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) {
                return ranAny(in: Syntax(function), reached) ? "not run: in a branch or loop strut did not take"
                    : "not run: `\(function.name.text)`, which the code strut ran never calls"
            }
            if current.is(InitializerDeclSyntax.self) {
                return ranAny(in: current, reached) ? "not run: in a branch or loop strut did not take" : "not run: an initializer UIKit does not call here"
            }
            // SnapKit's block runs where its call is made: a block that did not run is a call
            // not reached, said by what holds the call (a branch, a method).
            if current.is(ClosureExprSyntax.self), !ranAny(in: current, reached), !isSnapKitBlock(current) {
                return "not run: in a closure strut did not run"
            }
            node = current.parent
        }
        return "not run"
    }

    /// The block of `….snp.makeConstraints { … }` (`updateConstraints`, `remakeConstraints`).
    static func isSnapKitBlock(_ closure: Syntax) -> Bool {
        var node = closure.parent
        if node?.is(LabeledExprSyntax.self) == true { node = node?.parent?.parent }
        guard let call = node?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return ["makeConstraints", "updateConstraints", "remakeConstraints"].contains(member.declName.baseName.text)
            && member.base?.trimmedDescription.hasSuffix("snp") == true
    }

    static func ranAny(in node: Syntax, _ reached: Set<CallSite>) -> Bool {
        let range = node.position..<node.endPosition
        let root = node.root.id
        return reached.contains { $0.root == root && range.contains($0.position) }
    }
}

/// Makes the shell's `import FILE.swift` (and a folder of them, and pasted Swift) read with
/// this module (the executable calls it once).
public func installSwiftReader() {
    Session.swiftReader = { sources, stem, engine in
        let layout: CodeLayout
        do {
            layout = try CodeReader.run(sources.map { (source: $0.0, file: $0.1) }, stem: stem, into: engine)
        } catch let error as CodeError {
            throw SwiftImportFailure(message: error.message)
        }
        return SwiftImportReport(typeName: layout.typeName, views: layout.views, constraints: layout.constraints, inactive: layout.inactive,
                                 skipped: layout.skipped.map { "\($0.location.text) `\($0.code)`: \($0.reason)" }, notes: layout.notes)
    }
    Session.swiftStatementReader = { text, hierarchy in
        do {
            return try SwiftStatement.shellLines(in: text, hierarchy: hierarchy)
        } catch let failure as SwiftStatement.Failure {
            throw SwiftImportFailure(message: failure.message)
        }
    }
}
