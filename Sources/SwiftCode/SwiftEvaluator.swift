import LayoutEngine
import SwiftSyntax

/// A value the evaluator knows, or an unknown with what it stands for.
indirect enum CodeValue {
    case view(String)
    case guide(String)
    /// A view controller (its `view` is root).
    case controller
    /// `topLayoutGuide` / `bottomLayoutGuide` of iOS 7–10: the safe area's top or bottom.
    case legacyGuide(top: Bool)
    case anchor(String, LayoutAttribute)
    case constraint(Int)
    case array([CodeValue])
    case dictionary([(String, CodeValue)])
    case tuple([CodeValue])
    case number(Double)
    case string(String)
    case bool(Bool)
    /// An implicit member not yet given a type: `.compact`, `.vertical`, `.defaultHigh`, `.Left`.
    case member(String)
    case rect(Rect)
    case size(Double, Double)
    case insets(EdgeInsets)
    /// `NSDirectionalEdgeInsets`: top, leading, bottom, trailing.
    case directionalInsets(EdgeInsets)
    case font([ViewProperty])
    /// A `UIButton.Configuration` under construction: its style and what the code gave it.
    case buttonConfiguration(ButtonSetup)
    case closure(ClosureExprSyntax, CodeFrame)
    case traits
    case snapMaker(String)
    case snapChain(Int)
    /// `view.snp` (no attribute) or `view.snp.bottom`.
    case snapTarget(String, [LayoutAttribute])
    case nothing
    case unknown(String)

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }
}

/// What a `UIButton.Configuration` value holds that sizes a button: its style, title and
/// content insets (nil: the configuration's default).
struct ButtonSetup {
    var style: ButtonConfiguration
    var title: String?
    var insets: EdgeInsets?

    /// The style a configuration's factory makes (`.filled()`, `UIButton.Configuration.gray()`,
    /// Objective-C's `filledButtonConfiguration`); the bordered ones measure as the others.
    static func style(ofFactory name: String) -> ButtonConfiguration? {
        let word = name.hasSuffix("ButtonConfiguration") ? String(name.dropLast("ButtonConfiguration".count)) : name
        switch word {
        case "plain", "borderless": return .plain
        case "gray", "bordered": return .gray
        case "tinted", "borderedTinted": return .tinted
        case "filled", "borderedProminent": return .filled
        default: return nil
        }
    }

    /// The properties that give a button this configuration.
    var properties: [ViewProperty] {
        [.configuration(style)] + (title.map { [.text($0)] } ?? []) + (insets.map { [.contentInsets($0)] } ?? [])
    }

    /// A property of the configuration set in code: the configuration it makes, or why strut
    /// cannot follow.
    func setting(_ property: String, to value: CodeValue) -> CodeValue {
        var setup = self
        switch (property, value) {
        case let ("title", .string(text)): setup.title = text
        case let ("contentInsets", .directionalInsets(e)): setup.insets = e
        case let ("buttonSize", .member(size)) where size == "medium" || size == "UIButtonConfigurationSizeMedium": break
        case ("buttonSize", _): return .unknown("a button size strut does not measure (only the medium size)")
        case ("subtitle", _), ("attributedTitle", _), ("attributedSubtitle", _), ("titleTextAttributesTransformer", _):
            return .unknown("`\(property)`: a configuration's \(property) strut does not measure")
        case ("title", _), ("contentInsets", _): return .unknown("a value strut does not know")
        default: break  // colours, corners, images (code gives no image's size), padding around them
        }
        return .buttonConfiguration(setup)
    }
}

/// Where code runs: `self`, the type whose method it is (for `super`), its local variables.
struct CodeFrame {
    var this: CodeValue
    var type: String?
    var scopes: [[String: CodeValue]] = [[:]]
    /// The call this frame is of (copies share it): a closure run while that call is still
    /// running writes the variables it changed back to it, as Swift's closures capture them.
    var call = 0

    /// The variables both frames have in their first `depth` scopes take `source`'s values.
    static func share(_ source: CodeFrame, into target: inout CodeFrame, depth: Int) {
        for i in 0..<min(depth, source.scopes.count, target.scopes.count) {
            for key in target.scopes[i].keys { if let value = source.scopes[i][key] { target.scopes[i][key] = value } }
        }
    }
}

/// A call the evaluator ran: its file's tree and its place in it.
struct CallSite: Hashable {
    var root: SyntaxIdentifier
    var position: AbsolutePosition
    init(_ node: some SyntaxProtocol) {
        root = node.root.id
        position = node.position
    }
}

enum Flow {
    case next, returned(CodeValue), broke, continued
}

/// Runs the Swift of layout code on concrete values: the main type's stored properties, its
/// entry points in UIKit's order, the methods, helpers and closures they call, with `if`,
/// `guard`, `switch` and `for` on what it knows; views, guides and constraints go to a
/// `CodeWorld` as they are made. What it cannot follow is said with its line, never dropped.
final class SwiftEvaluator {
    let program: SwiftProgram
    let world: CodeWorld
    var frames: [CodeFrame] = []
    /// Calls made so far (`newFrame`).
    var frameCalls = 0
    /// Stored properties of the objects the code made (the main type's, and views of types
    /// declared here), by object: a view's name, or `@controller`.
    var fields: [String: [String: CodeValue]] = [:]
    var depth = 0
    var steps = 0
    var stepLimit = 200_000
    static let depthLimit = 12
    var aborted: CodeError?
    var mainType: String?
    /// Call sites run (by position), to list the constraint-making calls never reached.
    var reached: Set<CallSite> = []
    /// SnapKit chains being made in the current `makeConstraints` closure.
    var snapChains: [SnapChain] = []
    /// Which the reader was told about already (a helper skipped many times is said once a line).
    var saidAt: Set<String> = []
    var ranOverrides: Set<String> = []
    /// The name a `{ … }()` closure's first view takes (the property it initialises).
    var viewNameHint: String?
    /// Where the SnapKit line being read starts (its `make`).
    var currentSnapLocation: CodeLayout.Location?

    init(program: SwiftProgram, world: CodeWorld) {
        self.program = program
        self.world = world
    }

    var frame: CodeFrame {
        get { frames[frames.count - 1] }
        set { frames[frames.count - 1] = newValue }
    }

    // MARK: - The main type

    /// Runs a type as UIKit would once it is on screen: made in code (`init(frame:)`, a cell's
    /// `init(style:reuseIdentifier:)`, else `init(coder:)` and `awakeFromNib` as a nib would),
    /// or, for a view controller, `loadView`, `viewDidLoad`, …, then constraints and layout.
    func runMain(_ type: String) {
        mainType = type
        let controller = program.isController(type)
        let this: CodeValue = controller ? .controller : .view("root")
        construct(type, this: this)
        let entries = controller
            ? ["loadView", "viewDidLoad", "viewWillAppear", "updateViewConstraints", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"]
            : ["updateConstraints", "layoutSubviews"]
        for name in entries where aborted == nil {
            if name == "viewWillLayoutSubviews" || name == "layoutSubviews" { world.flush() }
            if name == "layoutSubviews", program.uikitAncestor(of: type)?.hasSuffix("TableViewCell") == true { world.sizeTableCell(type) }
            _ = callMethod(name, on: this, type: type, arguments: [], at: nil)
            if name == "viewDidLoad" || name == "updateConstraints" { runOverriddenSetUp(of: type, this: this) }
        }
    }

    /// `override func setupConstraints()` of a superclass outside the files (a base view
    /// controller or cell that calls it): run as that superclass would, and said.
    func runOverriddenSetUp(of type: String, this: CodeValue) {
        guard let top = program.chain(of: type).last, let superclass = program.types[top]?.superclass, !superclass.hasPrefix("UI") else { return }
        let lifecycle: Set<String> = ["viewDidLoad", "loadView", "viewWillAppear", "viewDidAppear", "updateViewConstraints", "updateConstraints",
                                      "layoutSubviews", "viewDidLayoutSubviews", "viewWillLayoutSubviews", "awakeFromNib", "prepareForReuse"]
        for member in program.types[type]?.members ?? [] {
            guard let function = member.as(FunctionDeclSyntax.self), function.modifiers.contains(where: { $0.name.text == "override" }),
                  !lifecycle.contains(function.name.text), function.signature.parameterClause.parameters.isEmpty,
                  ["setup", "setUp", "configure", "layout", "make", "add", "build", "prepare", "init"].contains(where: function.name.text.hasPrefix),
                  let body = function.body, !ranOverrides.contains(function.name.text) else { continue }
            ranOverrides.insert(function.name.text)
            skip(function.name, "`\(function.name.text)()` overrides a method of \(superclass), outside the files read: run as \(superclass) would call it")
            _ = invoke(body, parameters: function.signature.parameterClause, arguments: [], this: this, type: type, at: nil)
        }
    }

    /// Makes an object of a type declared here: its stored properties, then the initializer
    /// UIKit runs for an object made in code.
    func construct(_ type: String, this: CodeValue, arguments: [(String?, CodeValue)] = []) {
        let key = objectKey(this)
        frames.append(newFrame(this: this, type: type))
        defer { frames.removeLast() }
        for variable in program.storedProperties(of: type) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if binding.accessorBlock != nil && binding.initializer == nil { continue }  // computed
                if variable.attributes.contains(where: { $0.trimmedDescription.hasPrefix("@IBOutlet") }), binding.initializer == nil,
                   let outlet = outletView(name, binding, this: this) {
                    fields[key, default: [:]][name] = outlet
                    continue
                }
                if let value = binding.initializer?.value {
                    // A lazy property is made when first used; layout code uses each, so at once.
                    let made = evaluate(value, naming: name)
                    fields[key, default: [:]][name] = made
                    nameConstraint(made, after: name)
                } else {
                    fields[key, default: [:]][name] = .nothing
                }
            }
        }
        let initializers = program.initializers(of: type)
        let labels = arguments.map { $0.0 ?? "_" }
        // An initializer of the type's own (`init(tagName:)`), its arguments unknown, when none of UIKit's is there;
        // `init(coder:)` (a nib's) last.
        let own = initializers.first { parameterLabels($0.0.signature.parameterClause) != ["coder"] }.map { parameterLabels($0.0.signature.parameterClause) }
        let preferred: [[String]] = (program.isController(type) ? [labels, [], ["nibName", "bundle"]]
            : [labels, ["frame"], ["style", "reuseIdentifier"], ["reuseIdentifier"], []]) + (own.map { [$0] } ?? []) + [["coder"]]
        for wanted in preferred {
            if let (initializer, owner) = initializers.first(where: { parameterLabels($0.0.signature.parameterClause) == wanted }), let body = initializer.body {
                frames.append(newFrame(this: this, type: owner))
                bind(initializer.signature.parameterClause, to: arguments)
                _ = runBlock(body.statements)
                frames.removeLast()
                if wanted == ["coder"] { _ = callMethod("awakeFromNib", on: this, type: type, arguments: [], at: nil) }
                return
            }
        }
        // No initializer here: a nib would call awakeFromNib.
        _ = callMethod("awakeFromNib", on: this, type: type, arguments: [], at: nil)
    }

    /// `@IBOutlet var card: UIView!`: a view a nib makes. It stands in under the root view,
    /// placed by the constraints the code gives it (the nib's own are not here), and said.
    func outletView(_ name: String, _ binding: PatternBindingSyntax, this: CodeValue) -> CodeValue? {
        let type = (binding.typeAnnotation?.type.trimmedDescription ?? "UIView").filter { $0 != "!" && $0 != "?" }
        guard Self.uikitViewClasses.contains(type) || Self.outsideViewClass(type) != nil else { return nil }
        let uikit = Self.uikitViewClasses.contains(type) ? type : Self.outsideViewClass(type)!
        let (kind, documentClass) = ViewKind.of(className: uikit)
        let view = world.makeView(className: type, kind: kind, documentClass: documentClass, name: name, at: location(of: binding))
        skip(binding, "`\(name)`: an outlet a nib makes; it stands under root, placed by this code's constraints only")
        world.setProperty(.autoresizing(false), of: view, at: location(of: binding))
        world.add(view, to: "root", location: location(of: binding))
        return .view(view)
    }

    func parameterLabels(_ clause: FunctionParameterClauseSyntax) -> [String] {
        clause.parameters.map { $0.firstName.text }
    }

    func objectKey(_ value: CodeValue) -> String {
        switch value {
        case let .view(name): name
        case .controller: "@controller"
        default: "@other"
        }
    }

    // MARK: - Calls

    /// Calls a method of a type declared here (or a protocol extension it adopts); nil when
    /// there is none of that name.
    func callMethod(_ name: String, on this: CodeValue, type: String, arguments: [(String?, CodeValue)], at node: Syntax?,
                    startingAfter superOf: String? = nil) -> CodeValue? {
        var candidates = program.methods(name, of: type)
        if let superOf {
            let chain = program.chain(of: type)
            guard let k = chain.firstIndex(of: superOf) else { return nil }
            let above = Set(chain[(k + 1)...])
            candidates = candidates.filter { above.contains($0.1) }
        }
        let labels = arguments.map { $0.0 ?? "_" }
        guard let (function, owner) = candidates.first(where: { parameterLabels($0.0.signature.parameterClause) == labels }) ?? candidates.first,
              let body = function.body else { return nil }
        return invoke(body, parameters: function.signature.parameterClause, arguments: arguments, this: this, type: owner, at: node)
    }

    func invoke(_ body: CodeBlockSyntax, parameters: FunctionParameterClauseSyntax?, arguments: [(String?, CodeValue)], this: CodeValue,
                type: String?, at node: Syntax?) -> CodeValue {
        guard depth < Self.depthLimit else {
            if let node { skip(node, "calls nested deeper than \(Self.depthLimit) (helpers calling each other?): not followed") }
            return .unknown("")
        }
        depth += 1
        defer { depth -= 1 }
        frames.append(newFrame(this: this, type: type))
        defer { frames.removeLast() }
        if let parameters { bind(parameters, to: arguments) }
        if case let .returned(value) = runBlock(body.statements) { return value }
        return .nothing
    }

    func bind(_ clause: FunctionParameterClauseSyntax, to arguments: [(String?, CodeValue)]) {
        for (k, parameter) in clause.parameters.enumerated() {
            let name = (parameter.secondName ?? parameter.firstName).text
            if parameter.ellipsis != nil {
                frame.scopes[0][name] = .array(arguments.dropFirst(k).map(\.1))
            } else if k < arguments.count {
                frame.scopes[0][name] = arguments[k].1
            } else if let value = parameter.defaultValue?.value {
                frame.scopes[0][name] = evaluate(value)
            } else {
                // Run from outside (the type's own initializer, by strut): nothing passed it.
                frame.scopes[0][name] = .unknown("`\(name)`, a parameter no call strut ran gave a value")
            }
        }
    }

    func callClosure(_ closure: ClosureExprSyntax, captured: CodeFrame, arguments: [CodeValue]) -> CodeValue {
        guard depth < Self.depthLimit else { return .unknown("too deep") }
        depth += 1
        defer { depth -= 1 }
        var inner = captured
        // Made in a call that still runs: its variables as they are now, not as captured.
        if let k = frames.indices.last, frames[k].call == captured.call { CodeFrame.share(frames[k], into: &inner, depth: captured.scopes.count) }
        inner.scopes.append([:])
        var names: [String] = []
        if let signature = closure.signature?.parameterClause {
            switch signature {
            case let .simpleInput(list): names = list.map(\.name.text)
            case let .parameterClause(clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            }
        }
        for (k, value) in arguments.enumerated() {
            inner.scopes[inner.scopes.count - 1]["$\(k)"] = value
            if k < names.count { inner.scopes[inner.scopes.count - 1][names[k]] = value }
        }
        frames.append(inner)
        defer {
            // Run while the call it was made in still runs (`forEach`, `map`, `{ … }()`): the
            // variables of that call it changed are changed there too.
            let final = frames.removeLast()
            if let k = frames.indices.last, frames[k].call == captured.call { CodeFrame.share(final, into: &frames[k], depth: captured.scopes.count) }
        }
        // A closure of one expression returns it.
        if closure.statements.count == 1, case let .expr(expr) = closure.statements.first!.item {
            return evaluate(expr)
        }
        if case let .returned(value) = runBlock(closure.statements) { return value }
        return .nothing
    }

    /// The frame of a new call (`CodeFrame.call` tells calls apart).
    func newFrame(this: CodeValue, type: String?) -> CodeFrame {
        frameCalls += 1
        return CodeFrame(this: this, type: type, call: frameCalls)
    }

    // MARK: - Statements

    func runBlock(_ statements: CodeBlockItemListSyntax) -> Flow {
        frame.scopes.append([:])
        defer { frame.scopes.removeLast() }
        return runStatements(statements)
    }

    /// Statements in the current scope, each counted against the step limit.
    func runStatements(_ statements: CodeBlockItemListSyntax) -> Flow {
        for statement in statements {
            if aborted != nil { return .broke }
            steps += 1
            if steps > stepLimit {
                let place = location(of: statement)
                aborted = CodeError(message: "\(place.text): the code runs past \(stepLimit) steps (an endless loop?); nothing was imported")
                return .broke
            }
            let flow = runStatement(statement)
            if case .next = flow { continue }
            return flow
        }
        return .next
    }

    func runStatement(_ statement: CodeBlockItemSyntax) -> Flow {
        switch statement.item {
        case let .decl(decl):
            if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                // `#if`: the statements an iOS build compiles, in the enclosing scope.
                guard let kept = IOSDeviceBuild.activeStatements(of: ifConfig) else { return .next }
                return runStatements(kept)
            }
            if let variable = decl.as(VariableDeclSyntax.self) {
                declare(variable)
            } else if decl.is(FunctionDeclSyntax.self) {
                skip(statement, "a function declared inside a function: not followed")
            }
            return .next
        case let .expr(expr):
            return runExpressionStatement(expr, statement)
        case let .stmt(stmt):
            if let expression = stmt.as(ExpressionStmtSyntax.self) { return runExpressionStatement(expression.expression, statement) }
            if let returned = stmt.as(ReturnStmtSyntax.self) { return .returned(returned.expression.map { evaluate($0) } ?? .nothing) }
            if let guardStmt = stmt.as(GuardStmtSyntax.self) {
                switch conditions(guardStmt.conditions) {
                case .some(false): return runBlock(guardStmt.body.statements)
                case .some(true): return .next
                case nil: return .next  // unknown: the code goes on, as it does when the guard holds
                }
            }
            if let loop = stmt.as(ForStmtSyntax.self) { return runFor(loop) }
            if let loop = stmt.as(WhileStmtSyntax.self) {
                while aborted == nil, conditions(loop.conditions) == true {
                    let flow = runBlock(loop.body.statements)
                    if case .broke = flow { break }
                    if case .returned = flow { return flow }
                }
                return .next
            }
            if let block = stmt.as(DoStmtSyntax.self) { return runBlock(block.body.statements) }
            if stmt.is(BreakStmtSyntax.self) { return .broke }
            if stmt.is(ContinueStmtSyntax.self) { return .continued }
            if stmt.is(DeferStmtSyntax.self) { skip(statement, "a defer block: not followed"); return .next }
            if stmt.is(ThrowStmtSyntax.self) { return .returned(.nothing) }
            skip(statement, "a statement strut does not follow")
            return .next
        }
    }

    func runExpressionStatement(_ expr: ExprSyntax, _ statement: some SyntaxProtocol) -> Flow {
        if let ifExpr = expr.as(IfExprSyntax.self) { return runIf(ifExpr) }
        if let switchExpr = expr.as(SwitchExprSyntax.self) { return runSwitch(switchExpr) }
        let value = evaluate(expr)
        if case let .unknown(reason) = value, !reason.isEmpty, !reason.hasPrefix("~") {
            skip(statement, reason)
        }
        return .next
    }

    func declare(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                if binding.initializer == nil, let accessors = binding.accessorBlock {
                    // `var which: Int { return 0 }`: its value, computed once here.
                    frame.scopes[frame.scopes.count - 1][name] = getter(accessors)
                    continue
                }
                let value = binding.initializer.map { evaluate($0.value, naming: name) } ?? .nothing
                frame.scopes[frame.scopes.count - 1][name] = value
            } else if let tuple = binding.pattern.as(TuplePatternSyntax.self), let initial = binding.initializer {
                let value = evaluate(initial.value)
                let names = tuple.elements.map { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                if case let .tuple(values) = value {
                    for (name, element) in zip(names, values) { if let name { frame.scopes[frame.scopes.count - 1][name] = element } }
                }
            }
        }
    }

    /// true, false, or nil when the code decides at run time on something strut does not know.
    func conditions(_ list: ConditionElementListSyntax) -> Bool? {
        var result: Bool? = true
        for element in list {
            switch element.condition {
            case .availability:
                continue  // `#available`: the newest branch
            case let .expression(expr):
                switch truth(evaluate(expr)) {
                case .some(false): return false
                case nil: result = nil
                case .some(true): break
                }
            case let .optionalBinding(binding):
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
                let value = binding.initializer.map { evaluate($0.value, naming: name) } ?? lookUp(name)
                if case .nothing = value { return false }
                frame.scopes[frame.scopes.count - 1][name] = value
                if value.isUnknown { result = nil }
            default:
                result = nil
            }
        }
        return result
    }

    func truth(_ value: CodeValue) -> Bool? {
        if case let .bool(b) = value { return b }
        return nil
    }

    func runIf(_ ifExpr: IfExprSyntax) -> Flow {
        frame.scopes.append([:])
        defer { frame.scopes.removeLast() }
        let decided = conditions(ifExpr.conditions)
        if decided == nil {
            skip(ifExpr.conditions, "a condition strut cannot decide: the first branch is taken")
        }
        if decided ?? true { return runBlock(ifExpr.body.statements) }
        switch ifExpr.elseBody {
        case let .ifExpr(next): return runIf(next)
        case let .codeBlock(block): return runBlock(block.statements)
        case nil: return .next
        }
    }

    func runSwitch(_ switchExpr: SwitchExprSyntax) -> Flow {
        let subject = evaluate(switchExpr.subject)
        var chosen: SwitchCaseSyntax?
        var fallback: SwitchCaseSyntax?
        var first: SwitchCaseSyntax?
        for element in switchExpr.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
            if first == nil { first = switchCase }
            switch switchCase.label {
            case .default:
                fallback = switchCase
            case let .case(label):
                for item in label.caseItems {
                    guard let pattern = item.pattern.as(ExpressionPatternSyntax.self) else { continue }
                    if matches(subject, evaluate(pattern.expression)) == true, chosen == nil { chosen = switchCase }
                }
            }
        }
        if chosen == nil, subject.isUnknown {
            skip(switchExpr.subject, "a value strut does not know: the first case is taken")
            chosen = first
        }
        guard let body = chosen ?? fallback else { return .next }
        let flow = runBlock(body.statements)
        if case .broke = flow { return .next }
        return flow
    }

    func matches(_ a: CodeValue, _ b: CodeValue) -> Bool? {
        switch (a, b) {
        case let (.member(x), .member(y)): x.lowercased() == y.lowercased()
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case let (.view(x), .view(y)): x == y
        case (.nothing, .nothing): true
        case (.nothing, _), (_, .nothing): false
        default: nil
        }
    }

    func runFor(_ loop: ForStmtSyntax) -> Flow {
        let sequence = evaluate(loop.sequence)
        guard case let .array(elements) = sequence else {
            skip(loop.sequence, "a loop over values strut does not know: not run")
            return .next
        }
        for element in elements {
            frame.scopes.append([:])
            bindPattern(loop.pattern, element)
            var go = true
            if let condition = loop.whereClause?.condition { go = truth(evaluate(condition)) ?? true }
            let flow = go ? runBlock(loop.body.statements) : .next
            frame.scopes.removeLast()
            switch flow {
            case .broke: return .next
            case .returned: return flow
            default: continue
            }
        }
        return .next
    }

    func bindPattern(_ pattern: PatternSyntax, _ value: CodeValue) {
        if let name = pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            frame.scopes[frame.scopes.count - 1][name] = value
        } else if let tuple = pattern.as(TuplePatternSyntax.self), case let .tuple(values) = value {
            for (element, item) in zip(tuple.elements, values) { bindPattern(element.pattern, item) }
        } else if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            bindPattern(binding.pattern, value)
        }
    }

    /// A computed property's value: its getter run now.
    func getter(_ accessors: AccessorBlockSyntax) -> CodeValue {
        switch accessors.accessors {
        case let .getter(statements):
            if statements.count == 1, case let .expr(expr) = statements.first!.item { return evaluate(expr) }
            if case let .returned(value) = runBlock(statements) { return value }
        case let .accessors(list):
            guard let get = list.first(where: { $0.accessorSpecifier.text == "get" }), let body = get.body else { return .unknown("~") }
            if case let .returned(value) = runBlock(body.statements) { return value }
        }
        return .unknown("~")
    }

    // MARK: - Bookkeeping

    /// A constraint kept in a stored property goes by the property's name (`widthConstraint`).
    func nameConstraint(_ value: CodeValue, after property: String) {
        switch value {
        case let .constraint(index):
            world.name(index, after: property)
        case let .array(items) where !items.isEmpty && Set(items.map { item -> String in
            if case let .constraint(index) = item { world.constraint(index).location.text } else { "" }
        }).subtracting([""]).count == 1 && items.allSatisfy({ if case .constraint = $0 { true } else { false } }):
            // The constraints of one call (a SnapKit line's `Constraint`, a visual format's) kept in a
            // property: `avatarSize`, `avatarSize.2`, …
            for (k, item) in items.enumerated() {
                if case let .constraint(index) = item { world.name(index, after: k == 0 ? property : "\(property).\(k + 1)") }
            }
        default:
            break
        }
    }

    /// Says what was left out and why, once for a place (a loop runs it many times).
    func skip(_ node: some SyntaxProtocol, _ reason: String) {
        let text = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        let place = location(of: node)
        guard saidAt.insert("\(place.line):\(place.column):\(reason)").inserted else { return }
        world.skipped.append(CodeLayout.Skipped(location: place, code: String(text.prefix(80)), reason: reason))
    }

    func location(of node: some SyntaxProtocol) -> CodeLayout.Location {
        guard let file = program.file(of: node) else { return CodeLayout.Location(file: "?", line: 0, column: 0) }
        let place = file.converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return CodeLayout.Location(file: file.name, line: place.line, column: place.column)
    }
}
