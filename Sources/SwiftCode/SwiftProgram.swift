import SwiftOperators
import SwiftParser
import SwiftSyntax

/// The declarations of the Swift files read: classes with their superclasses and protocols,
/// extensions (of those classes, of protocols, of UIKit's classes), free functions, and the
/// static constants of any type (`UX.padding`), each found by name.
final class SwiftProgram {
    struct TypeInfo {
        var name: String
        var superclass: String?
        var protocols: [String]
        var isClass: Bool
        /// Its own members and its extensions', in the order read.
        var members: [DeclSyntax] = []
    }

    struct File {
        var name: String
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
    }

    private(set) var files: [File] = []
    private var fileOfRoot: [SyntaxIdentifier: Int] = [:]
    private(set) var types: [String: TypeInfo] = [:]
    private(set) var typeOrder: [String] = []
    /// Extensions of types not declared here (`UIView`, `NSLayoutConstraint`, protocols).
    private(set) var extensions: [String: [DeclSyntax]] = [:]
    private(set) var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Module-level `let`s and `var`s.
    private(set) var globals: [String: ExprSyntax] = [:]

    /// Syntax Swift has since removed (a C-style `for`, `++`), read around and said.
    private(set) var oldSyntax: [(file: String, line: Int, column: Int, message: String)] = []

    /// Parses each file; the first with a syntax error is refused with that error's place and what,
    /// unless every error is syntax of an older Swift (real code of 2015 has C-style loops).
    init(_ sources: [(source: String, file: String)]) throws(CodeError) {
        for (source, name) in sources {
            let parsed = Parser.parse(source: source)
            let converter = SourceLocationConverter(fileName: name, tree: parsed)
            if parsed.hasError {
                // The errors, found in the tree (swift-syntax's own diagnostics generator
                // traps on some inputs): C-style `for` loops of Swift 2 are read around.
                let finder = SyntaxErrorFinder(viewMode: .all)
                finder.walk(parsed)
                let errors = finder.errors.map { error in
                    (place: converter.location(for: error.position), message: error.message, old: error.oldSyntax)
                }
                if let first = errors.first(where: { !$0.old }) {
                    throw CodeError(message: "\(name):\(first.place.line):\(first.place.column): \(first.message)")
                }
                if errors.isEmpty { throw CodeError(message: "\(name): not Swift strut can read") }
                var lines: Set<Int> = []
                for error in errors where lines.insert(error.place.line).inserted {
                    oldSyntax.append((name, error.place.line, error.place.column, error.message))
                }
            }
            // Operators folded by Swift's precedence (`a + b * c`, `x == .compact && y`).
            let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
            let foldedConverter = SourceLocationConverter(fileName: name, tree: folded)
            fileOfRoot[folded.id] = files.count
            files.append(File(name: name, tree: folded, converter: foldedConverter))
            collect(folded.statements.map(\.item), nestedIn: nil)
        }
    }

    private func collect(_ items: [CodeBlockItemSyntax.Item], nestedIn outer: String?) {
        for item in items {
            guard case let .decl(decl) = item else { continue }
            collect(decl, nestedIn: outer)
        }
    }

    private func collect(_ decl: DeclSyntax, nestedIn outer: String?) {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            // `#if os(iOS)` and the like: what an iOS build compiles.
            for kept in IOSDeviceBuild.activeDecls(of: ifConfig) { collect(kept, nestedIn: outer) }
        } else if let type = decl.as(ClassDeclSyntax.self) {
            addType(type.name.text, inheritance: type.inheritanceClause, members: type.memberBlock, isClass: true)
        } else if let type = decl.as(StructDeclSyntax.self) {
            addType(type.name.text, inheritance: type.inheritanceClause, members: type.memberBlock, isClass: false)
        } else if let type = decl.as(EnumDeclSyntax.self) {
            addType(type.name.text, inheritance: type.inheritanceClause, members: type.memberBlock, isClass: false)
        } else if let type = decl.as(ProtocolDeclSyntax.self) {
            addType(type.name.text, inheritance: type.inheritanceClause, members: type.memberBlock, isClass: false)
        } else if let ext = decl.as(ExtensionDeclSyntax.self) {
            let name = ext.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
            let members = IOSDeviceBuild.flattened(ext.memberBlock.members.map(\.decl))
            if types[name] != nil {
                types[name]!.members += members
                types[name]!.protocols += ext.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            } else {
                extensions[name, default: []] += members
            }
            for member in members { collectNested(member) }
        } else if let function = decl.as(FunctionDeclSyntax.self), outer == nil {
            functions[function.name.text, default: []].append(function)
        } else if let variable = decl.as(VariableDeclSyntax.self), outer == nil {
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
                    globals[name] = value
                }
            }
        }
    }

    private func addType(_ name: String, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax, isClass: Bool) {
        let inherited = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var info = types[name] ?? TypeInfo(name: name, superclass: nil, protocols: [], isClass: isClass)
        if isClass, let first = inherited.first, !first.hasSuffix("Delegate"), !first.hasSuffix("DataSource"), !first.hasSuffix("Protocol") {
            info.superclass = first
            info.protocols += inherited.dropFirst()
        } else {
            info.protocols += inherited
        }
        // An extension read before its class.
        let own = IOSDeviceBuild.flattened(members.members.map(\.decl))
        info.members = own + info.members + (extensions.removeValue(forKey: name) ?? [])
        if types[name] == nil { typeOrder.append(name) }
        types[name] = info
        for member in own { collectNested(member) }
    }

    private func collectNested(_ decl: DeclSyntax) {
        if decl.is(ClassDeclSyntax.self) || decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self) {
            collect(decl, nestedIn: "")
        }
    }

    // MARK: - Questions

    /// The type's superclasses declared in the files, itself first.
    func chain(of type: String) -> [String] {
        var chain: [String] = []
        var next: String? = type
        while let name = next, let info = types[name], !chain.contains(name) {
            chain.append(name)
            next = info.superclass
        }
        return chain
    }

    /// The UIKit class a type declared here comes from (`UITableViewCell`), if any.
    func uikitAncestor(of type: String) -> String? {
        var name = type
        var seen: Set<String> = []
        while let info = types[name], let superclass = info.superclass, seen.insert(name).inserted {
            name = superclass
        }
        return types[name] == nil && name != type ? name : nil
    }

    func isUIKitType(_ type: String) -> Bool {
        guard let ancestor = uikitAncestor(of: type) else { return false }
        return ancestor.hasPrefix("UI") || ancestor.hasSuffix("View") || ancestor.hasSuffix("Controller") || ancestor.hasSuffix("Cell")
            || ancestor.hasSuffix("Control")
    }

    func isController(_ type: String) -> Bool { uikitAncestor(of: type)?.hasSuffix("Controller") ?? false }

    /// The type whose code is run: the one named like the file, else a view controller, else
    /// a view that no other type here subclasses or makes.
    func mainType(fileStem: String) -> String? {
        let candidates = typeOrder.filter(isUIKitType)
        // Named by `type NAME`: that one, or none.
        if fileStem.hasPrefix("type:") { return candidates.first { $0 == fileStem.dropFirst(5) } }
        if let named = candidates.first(where: { fileStem == $0 || fileStem.hasSuffix("-" + $0) }) { return named }
        if let controller = candidates.first(where: isController) { return controller }
        let subclassed = Set(types.values.compactMap(\.superclass))
        let leaves = candidates.filter { !subclassed.contains($0) }
        return leaves.first { leaf in !leaves.contains { other in other != leaf && mentions(other, leaf) } } ?? leaves.first ?? candidates.first
    }

    private func mentions(_ type: String, _ other: String) -> Bool {
        types[type]?.members.contains { $0.description.contains(other + "(") } ?? false
    }

    /// The methods named so (overloads too), in the type, its declared superclasses, their
    /// extensions and their protocols' extensions, nearest first, with the type each is in.
    func methods(_ name: String, of type: String) -> [(FunctionDeclSyntax, String)] {
        let key = type + "|" + name
        if let cached = methodCache[key] { return cached }
        let found = findMethods(name, of: type)
        methodCache[key] = found
        return found
    }

    /// Looked up once a type and name (code calls the same methods many times).
    private var methodCache: [String: [(FunctionDeclSyntax, String)]] = [:]
    private var computedCache: [String: AccessorBlockSyntax?] = [:]

    private func findMethods(_ name: String, of type: String) -> [(FunctionDeclSyntax, String)] {
        var found: [(FunctionDeclSyntax, String)] = []
        for owner in chain(of: type) {
            for member in types[owner]!.members {
                if let function = member.as(FunctionDeclSyntax.self), function.name.text == name { found.append((function, owner)) }
            }
            for proto in types[owner]!.protocols {
                for member in (types[proto]?.members ?? []) + (extensions[proto] ?? []) {
                    if let function = member.as(FunctionDeclSyntax.self), function.name.text == name, function.body != nil {
                        found.append((function, owner))
                    }
                }
            }
        }
        return found
    }

    /// `init`s of the type and its declared superclasses, nearest first.
    func initializers(of type: String) -> [(InitializerDeclSyntax, String)] {
        chain(of: type).flatMap { owner in
            types[owner]!.members.compactMap { $0.as(InitializerDeclSyntax.self) }.map { ($0, owner) }
        }
    }

    /// Helpers added to UIKit's classes here (`extension UIView { func pin(to:) }`).
    func extensionMethods(_ name: String) -> [FunctionDeclSyntax] {
        extensions.values.flatMap { $0 }.compactMap { $0.as(FunctionDeclSyntax.self) }.filter { $0.name.text == name }
    }

    /// A type's stored properties with initial values, its own and its declared superclasses'
    /// (superclasses first, as Swift initialises them).
    func storedProperties(of type: String) -> [VariableDeclSyntax] {
        chain(of: type).reversed().flatMap { owner in
            types[owner]!.members.compactMap { $0.as(VariableDeclSyntax.self) }.filter { variable in
                !variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
            }
        }
    }

    /// A computed property of the type or its declared superclasses (`var demoViews: [UIView] { … }`).
    func computedProperty(_ name: String, of type: String) -> AccessorBlockSyntax? {
        let key = type + "|" + name
        if let cached = computedCache[key] { return cached }
        let found = findComputedProperty(name, of: type)
        computedCache[key] = .some(found)
        return found
    }

    private func findComputedProperty(_ name: String, of type: String) -> AccessorBlockSyntax? {
        for owner in chain(of: type) {
            for member in types[owner]!.members {
                guard let variable = member.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.initializer == nil {
                    if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let block = binding.accessorBlock { return block }
                }
            }
        }
        return nil
    }

    /// `static let padding = 16` in `UX` (also nested types), or in an extension of a type
    /// outside the files (`extension CGFloat { static let padding: CGFloat = 16 }`).
    func staticValue(_ name: String, in type: String) -> ExprSyntax? {
        for member in types[type]?.members ?? extensions[type] ?? [] {
            guard let variable = member.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let value = binding.initializer?.value { return value }
            }
            if let element = member.as(EnumCaseDeclSyntax.self), element.elements.contains(where: { $0.name.text == name }) { return nil }
        }
        return nil
    }

    func file(of node: some SyntaxProtocol) -> File? {
        fileOfRoot[node.root.id].map { files[$0] }
    }
}

/// The syntax errors of a parsed file, in source order: missing tokens and nodes, and code the
/// parser could not place; those inside a C-style `for` (Swift 2's, removed in Swift 3) marked.
final class SyntaxErrorFinder: SyntaxVisitor {
    struct Found {
        var position: AbsolutePosition
        var message: String
        var oldSyntax: Bool
    }

    var errors: [Found] = []

    func add(_ node: some SyntaxProtocol, _ message: String) {
        var ancestor = node.parent
        while let current = ancestor {
            if let loop = current.as(ForStmtSyntax.self) {
                let head = loop.trimmedDescription.prefix { $0 != "{" }
                if head.contains(";") {
                    errors.append(Found(position: loop.positionAfterSkippingLeadingTrivia,
                                        message: "C-style for statement has been removed in Swift 3", oldSyntax: true))
                    return
                }
            }
            ancestor = current.parent
        }
        errors.append(Found(position: node.positionAfterSkippingLeadingTrivia, message: message, oldSyntax: false))
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard token.presence == .missing else { return .skipChildren }
        switch token.tokenKind {
        case .identifier: add(token, "expected a name")
        case .stringQuote: add(token, "unterminated string literal")
        default: add(token, "expected '\(token.text)'")
        }
        return .skipChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        let text = node.trimmedDescription.split(separator: "\n").first.map { String($0.prefix(40)) } ?? ""
        add(node, "unexpected code '\(text)'")
        return .skipChildren
    }

    override func visit(_ node: MissingExprSyntax) -> SyntaxVisitorContinueKind { add(node, "expected an expression"); return .skipChildren }
    override func visit(_ node: MissingDeclSyntax) -> SyntaxVisitorContinueKind { add(node, "expected a declaration"); return .skipChildren }
    override func visit(_ node: MissingTypeSyntax) -> SyntaxVisitorContinueKind { add(node, "expected a type"); return .skipChildren }
    override func visit(_ node: MissingPatternSyntax) -> SyntaxVisitorContinueKind { add(node, "expected a pattern"); return .skipChildren }
    override func visit(_ node: MissingStmtSyntax) -> SyntaxVisitorContinueKind { add(node, "expected a statement"); return .skipChildren }
}
