import LayoutEngine
import SwiftParser
import SwiftSyntax

/// Runs a Swift file's layout code: the first UIKit view or view controller type it declares,
/// its stored properties' initial values, then its entry points in UIKit's order, following
/// calls to its own methods. Values the code gives (views, guides, anchors, constraints,
/// numbers, strings) are followed; a statement it cannot follow is listed as skipped.
public enum CodeReader {
    public static func read(_ source: String, file: String) -> CodeLayout {
        let tree = Parser.parse(source: source)
        var evaluator = CodeEvaluator(file: file, converter: SourceLocationConverter(fileName: file, tree: tree))
        evaluator.run(tree)
        return evaluator.layout
    }
}

/// A value the evaluator knows.
enum CodeValue {
    case view(String)
    case guide(String)
    case anchor(String, LayoutAttribute)
    case constraint(Int)
    case constraints([Int])
    case number(Double)
    case string(String)
    case bool(Bool)
    case unknown
}

struct CodeEvaluator {
    let file: String
    let converter: SourceLocationConverter
    var layout = CodeLayout()
    /// The type's stored properties and a method's locals, by name.
    var properties: [String: CodeValue] = [:]
    var locals: [[String: CodeValue]] = []
    var methods: [String: FunctionDeclSyntax] = [:]
    var isController = false
    var depth = 0
    /// Constraints made on each line so far (the second is `File.swift:42.2`).
    var perLine: [Int: Int] = [:]

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
    }

    static let viewClasses: Set<String> = [
        "UIView", "UILabel", "UIButton", "UIImageView", "UIStackView", "UIScrollView", "UITextField", "UITextView",
        "UISwitch", "UISlider", "UISegmentedControl", "UIStepper", "UIActivityIndicatorView", "UIProgressView",
        "UIPageControl", "UIDatePicker", "UIPickerView", "UISearchBar", "UITableView", "UICollectionView", "UIVisualEffectView",
    ]
    /// Properties that change how a view looks, not where it is.
    static let cosmetic: Set<String> = [
        "backgroundColor", "textColor", "tintColor", "layer", "alpha", "contentMode", "clipsToBounds", "textAlignment",
        "isUserInteractionEnabled", "accessibilityIdentifier", "accessibilityLabel", "image", "isOpaque", "cornerRadius",
        "adjustsFontSizeToFitWidth", "minimumScaleFactor", "placeholder", "borderStyle", "tag",
    ]

    mutating func run(_ tree: SourceFileSyntax) {
        guard let type = tree.statements.lazy.compactMap({ $0.item.as(ClassDeclSyntax.self) }).first(where: Self.isUIKitType) else {
            layout.skipped.append(CodeLayout.Skipped(location: location(of: tree), code: file, reason: "no UIView or UIViewController subclass in the file"))
            return
        }
        layout.typeName = type.name.text
        let superclass = type.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? ""
        isController = superclass.hasSuffix("Controller")
        var entries: [(Int, CodeBlockSyntax)] = []
        let order = ["init(frame:)", "init(coder:)", "awakeFromNib", "loadView", "viewDidLoad", "viewWillAppear",
                     "updateConstraints", "updateViewConstraints", "layoutSubviews", "viewDidLayoutSubviews"]
        for member in type.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                storedProperty(variable)
            } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                methods[function.name.text] = function
                if let k = order.firstIndex(of: function.name.text), let body = function.body { entries.append((k, body)) }
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body {
                let label = initializer.signature.parameterClause.parameters.first?.firstName.text ?? ""
                if let k = order.firstIndex(of: "init(\(label):)") { entries.append((k, body)) }
            }
        }
        // Made in code, a view runs init(frame:), not init(coder:) (which a nib runs instead).
        if entries.contains(where: { $0.0 == 0 }) { entries.removeAll { $0.0 == 1 } }
        for (_, body) in entries.sorted(by: { $0.0 < $1.0 }) { runBlock(body.statements) }
    }

    static func isUIKitType(_ type: ClassDeclSyntax) -> Bool {
        let superclass = type.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? ""
        return superclass.hasPrefix("UI") || superclass.hasSuffix("View") || superclass.hasSuffix("Controller") || superclass.hasSuffix("Cell")
    }

    // MARK: - Statements

    mutating func storedProperty(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let value = binding.initializer?.value {
                properties[name] = evaluate(value, naming: name)
                nameConstraint(properties[name]!, after: name)
            } else {
                properties[name] = .unknown
            }
        }
    }

    mutating func runBlock(_ statements: CodeBlockItemListSyntax) {
        locals.append([:])
        defer { locals.removeLast() }
        for statement in statements { runStatement(statement) }
    }

    mutating func runStatement(_ statement: CodeBlockItemSyntax) {
        switch statement.item {
        case let .decl(decl):
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { continue }
                    locals[locals.count - 1][name] = evaluate(value, naming: name)
                }
            } else {
                skip(statement, "a declaration strut does not run")
            }
        case let .expr(expr):
            runExpression(expr, statement: statement)
        case let .stmt(stmt):
            if let expression = stmt.as(ExpressionStmtSyntax.self) {
                runExpression(expression.expression, statement: statement)
            } else if stmt.is(ReturnStmtSyntax.self) {
                return
            } else {
                skip(statement, "control flow strut does not follow yet")
            }
        }
    }

    mutating func runExpression(_ expr: ExprSyntax, statement: CodeBlockItemSyntax) {
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                assign(elements[0], elements[2], statement: statement)
                return
            }
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            if runCall(call, statement: statement) { return }
        }
        skip(statement, "not understood")
    }

    mutating func assign(_ target: ExprSyntax, _ valueExpr: ExprSyntax, statement: CodeBlockItemSyntax) {
        // `name = value`: a local or a stored property.
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            let value = evaluate(valueExpr, naming: name)
            if let k = locals.indices.last(where: { locals[$0][name] != nil }) {
                locals[k][name] = value
            } else {
                properties[name] = value
                nameConstraint(value, after: name)
            }
            return
        }
        guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else { return skip(statement, "not understood") }
        let property = member.declName.baseName.text
        if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            let value = evaluate(valueExpr, naming: property)
            properties[property] = value
            nameConstraint(value, after: property)
            return
        }
        let owner = evaluate(base)
        let value = evaluate(valueExpr)
        switch (owner, property, value) {
        case let (.view(name), "translatesAutoresizingMaskIntoConstraints", .bool(on)):
            update(view: name) { $0.autoresizing = on }
        case let (.view(name), "text", .string(text)):
            update(view: name) { $0.properties.append(.text(text)) }
        case let (.view(name), "numberOfLines", .number(lines)) where lines >= 0 && lines == lines.rounded():
            update(view: name) { $0.properties.append(.lines(Int(lines))) }
        case let (.view(name), "isHidden", .bool(hidden)):
            update(view: name) { $0.properties.append(.hidden(hidden)) }
        case let (.view(name), "spacing", .number(spacing)):
            update(view: name) { $0.properties.append(.spacing(spacing)) }
        case let (.constraint(index), "isActive", .bool(on)):
            layout.constraints[index].isActive = on
        case let (.constraint(index), "constant", .number(constant)):
            layout.constraints[index].spec.constant = constant
        case let (.constraint(index), "priority", .number(priority)) where priority > 0 && priority <= 1000:
            layout.constraints[index].spec.priority = LayoutPriority(priority)
        case let (.constraint(index), "identifier", .string(identifier)):
            layout.constraints[index].spec.identifier = identifier
        default:
            if case .view = owner, Self.cosmetic.contains(property) { return }
            skip(statement, "a property strut does not model here")
        }
    }

    /// A call statement; false when it is none strut knows.
    mutating func runCall(_ call: FunctionCallExprSyntax, statement: CodeBlockItemSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
            guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return false }
            let name = reference.baseName.text
            // `addSubview(label)` in a view: its own subview.
            if !isController, name == "addSubview" || name == "addArrangedSubview",
               let argument = call.arguments.first?.expression, case let .view(child) = evaluate(argument) {
                update(view: child) { $0.parent = "root" }
                return true
            }
            // `setUp()`: a method of the type.
            return runMethod(name)
        }
        let method = member.declName.baseName.text
        let baseText = member.base?.trimmedDescription ?? ""
        if baseText == "super" { return true }
        if baseText == "self", runMethod(method) { return true }
        if baseText == "NSLayoutConstraint" && (method == "activate" || method == "deactivate") {
            guard let argument = call.arguments.first?.expression else { return false }
            for index in constraintIndices(evaluate(argument)) { layout.constraints[index].isActive = method == "activate" }
            return true
        }
        guard let base = member.base else { return false }
        switch (evaluate(base), method) {
        case let (.view(parent), "addSubview"), let (.view(parent), "addArrangedSubview"):
            guard let argument = call.arguments.first?.expression, case let .view(child) = evaluate(argument) else { return false }
            update(view: child) { $0.parent = parent }
            return true
        default:
            return false
        }
    }

    mutating func runMethod(_ name: String) -> Bool {
        guard let method = methods[name], let body = method.body, depth < 8 else { return false }
        depth += 1
        runBlock(body.statements)
        depth -= 1
        return true
    }

    // MARK: - Expressions

    mutating func evaluate(_ expr: ExprSyntax, naming name: String? = nil) -> CodeValue {
        if let literal = expr.as(IntegerLiteralExprSyntax.self) { return Double(literal.literal.text.replacingUnderscores).map(CodeValue.number) ?? .unknown }
        if let literal = expr.as(FloatLiteralExprSyntax.self) { return Double(literal.literal.text.replacingUnderscores).map(CodeValue.number) ?? .unknown }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if let literal = expr.as(StringLiteralExprSyntax.self) {
            return .string(literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined())
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-", case let .number(value) = evaluate(prefix.expression) {
            return .number(-value)
        }
        if let unwrapped = expr.as(ForceUnwrapExprSyntax.self) { return evaluate(unwrapped.expression, naming: name) }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { return evaluate(only.expression, naming: name) }
        if let array = expr.as(ArrayExprSyntax.self) {
            return .constraints(array.elements.flatMap { constraintIndices(evaluate($0.expression)) })
        }
        if let sequence = expr.as(SequenceExprSyntax.self) { return arithmetic(sequence) }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return lookUp(reference.baseName.text) }
        if let member = expr.as(MemberAccessExprSyntax.self) { return memberValue(member) }
        if let call = expr.as(FunctionCallExprSyntax.self) { return callValue(call, naming: name) }
        return .unknown
    }

    func lookUp(_ name: String) -> CodeValue {
        for scope in locals.reversed() { if let value = scope[name] { return value } }
        if let value = properties[name] { return value }
        if name == "view" && isController || name == "contentView" { return .view("root") }
        if name == "self" && !isController { return .view("root") }
        // A view's own guides, named without `self.`.
        if !isController, let role = SystemGuide(word: name) { return .guide(Hierarchy.systemGuideName(role, of: "root")) }
        return .unknown
    }

    mutating func memberValue(_ member: MemberAccessExprSyntax) -> CodeValue {
        let name = member.declName.baseName.text
        guard let base = member.base else { return .unknown }
        if base.trimmedDescription == "self" { return lookUp(name) }
        let owner = evaluate(base)
        if case let .view(view) = owner {
            switch name {
            case "safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide":
                return .guide(Hierarchy.systemGuideName(SystemGuide(rawValue: name)!, of: view))
            case "view" where view == "root", "contentView" where view == "root":
                return owner
            default: break
            }
        }
        let item: String
        switch owner {
        case let .view(view): item = view
        case let .guide(guide): item = guide
        default: return .unknown
        }
        guard name.hasSuffix("Anchor"), let attribute = LayoutAttribute(name: String(name.dropLast("Anchor".count))) else { return .unknown }
        return .anchor(item, attribute)
    }

    mutating func callValue(_ call: FunctionCallExprSyntax, naming name: String?) -> CodeValue {
        // `UILabel()`, `UIView(frame: .zero)`: a new view, named after what holds it.
        if let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, Self.viewClasses.contains(type) {
            return newView(type, name: name, at: call)
        }
        // `{ … }()`: a closure run at once (a lazy property's); its returned view.
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) { return runClosure(closure, naming: name) }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return .unknown }
        let method = member.declName.baseName.text
        guard method == "constraint", case let .anchor(item, attribute) = evaluate(base) else { return .unknown }
        return makeConstraint(item, attribute, call, at: member.declName)
    }

    mutating func runClosure(_ closure: ClosureExprSyntax, naming name: String?) -> CodeValue {
        locals.append([:])
        defer { locals.removeLast() }
        for statement in closure.statements {
            if case let .stmt(stmt) = statement.item, let returned = stmt.as(ReturnStmtSyntax.self), let expression = returned.expression {
                let value = evaluate(expression, naming: name)
                if case let .view(made) = value, let name, made != name { renameView(made, to: name) }
                return value
            }
            if case let .decl(decl) = statement.item, let variable = decl.as(VariableDeclSyntax.self) {
                // The view made inside takes the property's name.
                for binding in variable.bindings {
                    guard let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { continue }
                    locals[locals.count - 1][local] = evaluate(value, naming: name ?? local)
                }
                continue
            }
            runStatement(statement)
        }
        return .unknown
    }

    mutating func newView(_ type: String, name: String?, at node: some SyntaxProtocol) -> CodeValue {
        var base = name ?? type.dropFirst(2).prefix(1).lowercased() + type.dropFirst(3)
        if layout.views.contains(where: { $0.name == base }) {
            var k = 2
            while layout.views.contains(where: { $0.name == "\(base)\(k)" }) { k += 1 }
            base = "\(base)\(k)"
        }
        layout.views.append(CodeLayout.ViewMade(name: base, className: type, parent: nil, properties: [], location: location(of: node)))
        return .view(base)
    }

    mutating func renameView(_ old: String, to new: String) {
        guard let k = layout.views.firstIndex(where: { $0.name == old }), !layout.views.contains(where: { $0.name == new }) else { return }
        layout.views[k].name = new
    }

    mutating func makeConstraint(_ item: String, _ attribute: LayoutAttribute, _ call: FunctionCallExprSyntax, at token: some SyntaxProtocol) -> CodeValue {
        var spec = ConstraintSpec(firstItem: item, firstAttribute: attribute, relation: .equal)
        var systemSpacing = false
        for argument in call.arguments {
            let label = argument.label?.text ?? ""
            let value = evaluate(argument.expression)
            switch (label, value) {
            case let ("equalTo", .anchor(other, otherAttribute)), let ("greaterThanOrEqualTo", .anchor(other, otherAttribute)),
                 let ("lessThanOrEqualTo", .anchor(other, otherAttribute)),
                 let ("equalToSystemSpacingAfter", .anchor(other, otherAttribute)), let ("equalToSystemSpacingBelow", .anchor(other, otherAttribute)),
                 let ("greaterThanOrEqualToSystemSpacingAfter", .anchor(other, otherAttribute)),
                 let ("greaterThanOrEqualToSystemSpacingBelow", .anchor(other, otherAttribute)):
                spec.secondItem = other
                spec.secondAttribute = otherAttribute
                spec.relation = label.hasPrefix("greater") ? .greaterThanOrEqual : label.hasPrefix("less") ? .lessThanOrEqual : .equal
                systemSpacing = label.contains("SystemSpacing")
            case let ("equalToConstant", .number(c)), let ("greaterThanOrEqualToConstant", .number(c)), let ("lessThanOrEqualToConstant", .number(c)):
                spec.constant = c
                spec.relation = label.hasPrefix("greater") ? .greaterThanOrEqual : label.hasPrefix("less") ? .lessThanOrEqual : .equal
            case let ("constant", .number(c)):
                spec.constant = c
            case let ("multiplier", .number(m)):
                spec.multiplier = m
            default:
                layout.skipped.append(CodeLayout.Skipped(location: location(of: argument), code: argument.trimmedDescription,
                                                         reason: "a value strut does not know"))
                return .unknown
            }
        }
        // System spacing is 8 points (UIKit's standard spacing between siblings), times the multiplier.
        if systemSpacing {
            spec.constant = 8 * spec.multiplier
            spec.multiplier = 1
        }
        let where_ = location(of: token)
        let count = (perLine[where_.line] ?? 0) + 1
        perLine[where_.line] = count
        spec.name = count == 1 ? where_.text : "\(where_.text).\(count)"
        layout.constraints.append(CodeLayout.ConstraintMade(spec: spec, isActive: false, location: where_))
        return .constraint(layout.constraints.count - 1)
    }

    func constraintIndices(_ value: CodeValue) -> [Int] {
        switch value {
        case let .constraint(index): [index]
        case let .constraints(indices): indices
        default: []
        }
    }

    mutating func arithmetic(_ sequence: SequenceExprSyntax) -> CodeValue {
        // Left to right, `*` and `/` first: enough for the constants layout code computes.
        var terms: [Double] = []
        var operators: [String] = []
        for (k, element) in sequence.elements.enumerated() {
            if k % 2 == 1 {
                guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return .unknown }
                operators.append(op)
            } else {
                guard case let .number(value) = evaluate(element) else { return .unknown }
                terms.append(value)
            }
        }
        var sums = [terms[0]]
        var signs: [Double] = [1]
        for (op, value) in zip(operators, terms.dropFirst()) {
            switch op {
            case "*": sums[sums.count - 1] *= value
            case "/": guard value != 0 else { return .unknown }; sums[sums.count - 1] /= value
            case "+": sums.append(value); signs.append(1)
            case "-": sums.append(value); signs.append(-1)
            default: return .unknown
            }
        }
        return .number(zip(sums, signs).reduce(0) { $0 + $1.0 * $1.1 })
    }

    // MARK: - Bookkeeping

    /// A constraint kept in a stored property goes by the property's name (`widthConstraint`).
    mutating func nameConstraint(_ value: CodeValue, after property: String) {
        guard case let .constraint(index) = value, !layout.constraints.contains(where: { $0.spec.name == property }) else { return }
        layout.constraints[index].spec.name = property
    }

    mutating func update(view name: String, _ change: (inout CodeLayout.ViewMade) -> Void) {
        guard let k = layout.views.firstIndex(where: { $0.name == name }) else { return }
        change(&layout.views[k])
    }

    mutating func skip(_ node: some SyntaxProtocol, _ reason: String) {
        let text = node.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
        layout.skipped.append(CodeLayout.Skipped(location: location(of: node), code: String(text.prefix(80)), reason: reason))
    }

    func location(of node: some SyntaxProtocol) -> CodeLayout.Location {
        let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return CodeLayout.Location(file: file, line: place.line, column: place.column)
    }
}

extension String {
    var replacingUnderscores: String { filter { $0 != "_" } }
}
