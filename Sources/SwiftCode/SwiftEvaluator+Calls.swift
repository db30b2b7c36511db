import LayoutEngine
import SwiftSyntax

extension SwiftEvaluator {
    func arguments(_ call: FunctionCallExprSyntax) -> [(String?, CodeValue)] {
        var values = call.arguments.map { ($0.label?.text, evaluate($0.expression)) }
        if let trailing = call.trailingClosure { values.append((nil, .closure(trailing, frame))) }
        for extra in call.additionalTrailingClosures { values.append((extra.label.text, .closure(extra.closure, frame))) }
        return values
    }

    func callValue(_ call: FunctionCallExprSyntax, naming name: String?) -> CodeValue {
        reached.insert(CallSite(call))
        let value = evaluateCall(call, naming: name)
        // A constraint call that made nothing is said at its own line (inside an array of them,
        // the statement's line is not its place).
        if case let .unknown(reason) = value, !reason.isEmpty, let site = ConstraintCalls.site(of: call) {
            skip(site, reason.hasPrefix("~") ? "a constraint strut cannot read" : reason)
            return .unknown("")
        }
        return value
    }

    func evaluateCall(_ call: FunctionCallExprSyntax, naming name: String?) -> CodeValue {
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            // `{ … }()`: run at once; the first view made inside takes the property's name.
            let saved = viewNameHint
            viewNameHint = name
            defer { viewNameHint = saved }
            return callClosure(closure, captured: frame, arguments: [])
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return callNamed(reference.baseName.text, call, naming: name)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return callMember(member, call, naming: name)
        }
        // `[NSLayoutConstraint]()`, `[String: UIView]()`, `Array<UIView>()`: empty.
        if call.calledExpression.is(ArrayExprSyntax.self) { return .array([]) }
        if call.calledExpression.is(DictionaryExprSyntax.self) { return .dictionary([]) }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
            let base = generic.expression.trimmedDescription
            if base == "Array" || base == "Set" { return .array([]) }
            if base == "Dictionary" { return .dictionary([]) }
        }
        if let chained = call.calledExpression.as(OptionalChainingExprSyntax.self), case let .closure(closure, captured) = evaluate(chained.expression) {
            return callClosure(closure, captured: captured, arguments: arguments(call).map(\.1))
        }
        return .unknown("a call strut does not follow")
    }

    /// `UILabel()`, `CGRect(…)`, `setUp()`, `pin(a, to: b)`: by what the name is.
    func callNamed(_ name: String, _ call: FunctionCallExprSyntax, naming: String?) -> CodeValue {
        // TinyConstraints' `Constraints()`: an empty array of constraints.
        if name == "Constraints", call.arguments.isEmpty, program.types[name] == nil { return .array([]) }
        if let local = frame.scopes.reversed().lazy.compactMap({ $0[name] }).first, case let .closure(closure, captured) = local {
            return callClosure(closure, captured: captured, arguments: arguments(call).map(\.1))
        }
        if Self.uikitViewClasses.contains(name) || (program.types[name] != nil && program.isUIKitType(name) && !program.isController(name)) {
            return newView(name, call, naming: naming)
        }
        if program.types[name] != nil && !program.types[name]!.isClass || program.isController(name) {
            return .unknown("~")  // a model value or another screen: not laid out here
        }
        switch name {
        case "CGRect", "CGSize", "CGPoint", "UIEdgeInsets", "NSDirectionalEdgeInsets":
            return geometry(name, arguments(call)) ?? .unknown("a \(name) strut cannot compute")
        case "UIFont":
            return font("init", arguments(call), at: call) ?? .unknown("a font strut does not know")
        case "UILayoutPriority", "CGFloat", "Double", "Float", "Int":
            return arguments(call).first.flatMap { asNumber($0.1) }.map(CodeValue.number) ?? .unknown("~")
        case "NSLayoutConstraint":
            return itemConstraint(call)
        case "min", "max":
            let numbers = arguments(call).compactMap { asNumber($0.1) }
            guard numbers.count == call.arguments.count, !numbers.isEmpty else { return .unknown("~") }
            return .number(name == "min" ? numbers.min()! : numbers.max()!)
        case "abs", "round", "ceil", "floor", "sqrt":
            guard let x = arguments(call).first.flatMap({ asNumber($0.1) }) else { return .unknown("~") }
            switch name {
            case "abs": return .number(Swift.abs(x))
            case "round": return .number(x.rounded())
            case "ceil": return .number(x.rounded(.up))
            case "floor": return .number(x.rounded(.down))
            default: return x >= 0 ? .number(x.squareRoot()) : .unknown("~")
            }
        case "String":
            return arguments(call).first.map { value -> CodeValue in
                if case let .number(n) = value.1 { return .string(n == n.rounded() && Swift.abs(n) < 1e15 ? String(Int(n)) : String(n)) }
                return value.1
            } ?? .string("")
        case "NSLocalizedString":
            return arguments(call).first?.1 ?? .unknown("~")
        case "print", "assert", "precondition", "debugPrint", "fatalError", "assertionFailure":
            return .nothing
        default:
            break
        }
        let args = arguments(call)
        if let type = dynamicType(of: frame.this), let result = callMethod(name, on: frame.this, type: type, arguments: args, at: Syntax(call)) {
            return result
        }
        if case let .view(view) = frame.this, let result = viewMethod(view, name, args, call) { return result }
        if case .controller = frame.this, ["addSubview", "addConstraint", "addConstraints"].contains(name) {
            return .unknown("a view controller has no `\(name)`: `view.\(name)` adds to its view")
        }
        if let function = program.functions[name]?.first(where: { parameterLabels($0.signature.parameterClause) == args.map { $0.0 ?? "_" } })
            ?? program.functions[name]?.first, let body = function.body {
            return invoke(body, parameters: function.signature.parameterClause, arguments: args, this: .nothing, type: nil, at: Syntax(call))
        }
        if let function = program.extensionMethods(name).first, let body = function.body {
            return invoke(body, parameters: function.signature.parameterClause, arguments: args, this: frame.this, type: nil, at: Syntax(call))
        }
        if Self.cosmeticCalls.contains(name) { return .nothing }
        if let uikit = Self.outsideViewClass(name) {
            // `SmartLabel()`: a view class of another module or file, made as the UIKit class its name says.
            skip(call.calledExpression, "`\(name)`: a class outside the files read, made as a \(uikit)")
            return newView(uikit, call, naming: naming, className: name)
        }
        if let reason = Self.otherLibrary(name), case .view = frame.this { return .unknown(reason) }
        if name == "zip", args.count == 2, case let .array(a) = args[0].1, case let .array(b) = args[1].1 {
            return .array(zip(a, b).map { .tuple([$0, $1]) })
        }
        return .unknown("`\(name)(…)`: a function outside the files read" + layoutHelper(name, args, at: call))
    }

    /// A layout helper outside the files read (`addConstraintsWithFormat(format:views:)`,
    /// `pinEdges(to:)`) constrains the views it is given, which works only with their
    /// autoresizing constraints off: those are turned off, and said.
    func layoutHelper(_ name: String, _ args: [(String?, CodeValue)], at call: FunctionCallExprSyntax) -> String {
        let lower = name.lowercased()
        guard ["constraint", "anchor", "pin", "layout", "fill", "edges", "align"].contains(where: lower.contains) else { return "" }
        var views: [String] = []
        func collect(_ value: CodeValue) {
            switch value {
            case let .view(v) where v != "root": views.append(v)
            case let .array(items): items.forEach(collect)
            case let .dictionary(pairs): pairs.forEach { collect($0.1) }
            default: break
            }
        }
        args.forEach { collect($0.1) }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base { collect(evaluate(base)) }
        guard !views.isEmpty else { return "" }
        for view in views { world.setProperty(.autoresizing(false), of: view, at: location(of: call)) }
        return "; as a layout helper it is taken to turn off the autoresizing constraints of \(views.joined(separator: ", "))"
    }

    /// View properties strut models (others it says it does not).
    static let modelled: Set<String> = [
        "font", "text", "numberOfLines", "isHidden", "spacing", "axis", "alignment", "distribution", "frame", "layoutMargins",
        "directionalLayoutMargins", "lineBreakMode", "preferredMaxLayoutWidth", "contentEdgeInsets", "autoresizingMask",
        "semanticContentAttribute", "translatesAutoresizingMaskIntoConstraints", "apportionsSegmentWidthsByContent",
    ]

    /// A TinyConstraints call's constraints: one, or an array of them (`Constraints`).
    func tinyConstraints(_ tiny: TinyConstraintsCall, on item: String, _ call: FunctionCallExprSyntax) -> CodeValue {
        switch tiny.make(for: item, in: world, reader: self, at: location(of: call)) {
        case let .success(made):
            return tiny.returnsOne && made.count == 1 ? .constraint(made[0]) : .array(made.map(CodeValue.constraint))
        case let .failure(error): return .unknown("TinyConstraints' `\(tiny.method)`: \(error.message)")
        }
    }

    /// A constraint method of a layout library strut does not read yet (its constraint is left
    /// out, and said).
    static func otherLibrary(_ method: String) -> String? {
        if method.hasPrefix("auto"), method.dropFirst(4).first?.isUppercase == true {
            return "PureLayout's `\(method)`: not read yet; its constraints are left out"
        }
        if method == "stack" || method == "followEdges" { return "TinyConstraints' `\(method)`: not read yet; its constraints are left out" }
        return nil
    }

    /// The UIKit class a view class from outside the files is taken as, by its name's ending.
    static func outsideViewClass(_ name: String) -> String? {
        guard name.first?.isUppercase == true else { return nil }
        let endings: [(String, String)] = [
            ("ImageView", "UIImageView"), ("StackView", "UIStackView"), ("ScrollView", "UIScrollView"), ("TextView", "UITextView"),
            ("TableView", "UITableView"), ("CollectionView", "UICollectionView"), ("TextField", "UITextField"), ("Label", "UILabel"),
            ("Button", "UIButton"), ("Switch", "UISwitch"), ("Slider", "UISlider"), ("View", "UIView"), ("Control", "UIControl"),
        ]
        return endings.first { name.hasSuffix($0.0) }?.1
    }

    func callMember(_ member: MemberAccessExprSyntax, _ call: FunctionCallExprSyntax, naming: String?) -> CodeValue {
        let method = member.declName.baseName.text
        guard let base = member.base else {
            // `.init(top: 8, left: 8, …)`, `.systemFont(ofSize: 15)`: the type is the context's.
            let args = arguments(call)
            if args.isEmpty, let style = ButtonSetup.style(ofFactory: method) { return .buttonConfiguration(ButtonSetup(style: style)) }
            if let value = font(method, args, at: call) { return value }
            let labels = Set(args.compactMap(\.0))
            for type in ["UIEdgeInsets", "NSDirectionalEdgeInsets", "CGRect", "CGSize", "CGPoint"] {
                if let value = geometry(type, args), !labels.isEmpty { return value }
            }
            if labels == ["rawValue"], let n = asNumber(args[0].1) { return .number(n) }
            // TinyConstraints' insets: `.uniform(8)`, `.top(8) + .left(8)`, `.horizontal(16)`.
            if args.count == 1, labels.isEmpty, let n = asNumber(args[0].1), let insets = TinyConstraintsCall.insets(method, n) { return .insets(insets) }
            return .unknown("~")
        }
        if base.is(SuperExprSyntax.self) { return callSuper(method, call) }
        // `UIButton.Configuration.filled()`.
        if ["UIButton.Configuration", "UIButtonConfiguration"].contains(base.trimmedDescription), call.arguments.isEmpty,
           let style = ButtonSetup.style(ofFactory: method) {
            return .buttonConfiguration(ButtonSetup(style: style))
        }
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text == "self" {
            if method == "init", let type = frame.type {
                // A convenience initializer handing over to another of the same type.
                let args = arguments(call)
                let labels = args.map { $0.0 ?? "_" }
                if let (initializer, owner) = program.initializers(of: type).first(where: { parameterLabels($0.0.signature.parameterClause) == labels }),
                   let body = initializer.body {
                    _ = invoke(body, parameters: initializer.signature.parameterClause, arguments: args, this: frame.this, type: owner, at: Syntax(call))
                }
                return .nothing
            }
            return callNamed(method, call, naming: naming)
        }
        if let reference = base.as(DeclReferenceExprSyntax.self), method == "init", frame.scopes.allSatisfy({ $0[reference.baseName.text] == nil }) {
            return callNamed(reference.baseName.text, call, naming: naming)
        }
        let owner = evaluate(base, naming: naming)
        if case let .member(typeName) = owner, typeName.hasPrefix("type:") {
            return staticCall(String(typeName.dropFirst(5)), method, call, at: member.declName, naming: naming)
        }
        return instanceCall(owner, method, call, at: member.declName, naming: naming)
    }

    func callSuper(_ method: String, _ call: FunctionCallExprSyntax) -> CodeValue {
        switch method {
        case "layoutSubviews", "viewDidLayoutSubviews", "viewWillLayoutSubviews":
            // The layout pass a view's `layoutSubviews` starts with.
            world.layoutPass()
            return .nothing
        case "init":
            guard let type = frame.type, let superclass = program.types[type]?.superclass, program.types[superclass] != nil else { return .nothing }
            let args = arguments(call)
            let labels = args.map { $0.0 ?? "_" }
            if let (initializer, owner) = program.initializers(of: superclass).first(where: { parameterLabels($0.0.signature.parameterClause) == labels }),
               let body = initializer.body {
                _ = invoke(body, parameters: initializer.signature.parameterClause, arguments: args, this: frame.this, type: owner, at: Syntax(call))
            }
            return .nothing
        default:
            if let type = frame.type,
               let result = callMethod(method, on: frame.this, type: dynamicType(of: frame.this) ?? type, arguments: arguments(call), at: Syntax(call),
                                       startingAfter: type) {
                return result
            }
            return .nothing
        }
    }

    func staticCall(_ type: String, _ method: String, _ call: FunctionCallExprSyntax, at token: some SyntaxProtocol, naming: String?) -> CodeValue {
        switch (type, method) {
        case ("NSLayoutConstraint", "activate"), ("NSLayoutConstraint", "deactivate"):
            guard let argument = call.arguments.first?.expression else { return .unknown("~") }
            let value = evaluate(argument)
            let indices = constraintIndices(value)
            if indices.isEmpty, value.isUnknown { return .unknown("constraints strut does not know") }
            for index in indices { world.setActive(index, method == "activate", at: location(of: call)) }
            return .nothing
        case ("NSLayoutConstraint", "constraints"):
            return visualFormat(call, at: token)
        case ("UIFont", _):
            return font(method, arguments(call), at: call) ?? .unknown("a font strut does not know")
        case ("UIView", "animate"), ("UIView", "performWithoutAnimation"), ("UIView", "transition"), ("UIView", "animateKeyframes"):
            // The changes an animation makes are the layout's; run them at once.
            for (label, value) in arguments(call) where label == nil || label == "animations" {
                if case let .closure(closure, captured) = value { _ = callClosure(closure, captured: captured, arguments: []) }
            }
            return .nothing
        default:
            // `NSLayoutConstraint.FormatOptions(rawValue: 0)`, `UILayoutPriority.init(rawValue:)`.
            if method.first?.isUppercase == true || method == "init", call.arguments.count == 1,
               let n = asNumber(evaluate(call.arguments.first!.expression)), ["rawValue", nil].contains(call.arguments.first!.label?.text) {
                return .number(n)
            }
            if program.types[type] != nil {
                let functions = program.types[type]!.members.compactMap { $0.as(FunctionDeclSyntax.self) }.filter { $0.name.text == method }
                if let function = functions.first, let body = function.body {
                    return invoke(body, parameters: function.signature.parameterClause, arguments: arguments(call), this: .member("type:" + type),
                                  type: type, at: Syntax(call))
                }
                if program.isUIKitType(type) || method == "init" { return callNamed(type, call, naming: nil) }
            }
            if Self.uikitViewClasses.contains(type), method == "init" { return callNamed(type, call, naming: naming) }
            // `UILabel.makeTitle()`: a factory of another file, taken to make a plain view of its
            // class for Auto Layout (as factories in layout code do).
            if let uikit = Self.uikitViewClasses.contains(type) && type != "UIView" ? type : Self.outsideViewClass(type) {
                skip(call, "`\(type).\(method)(…)`: outside the files read; a plain \(uikit) is made, its autoresizing constraints off")
                let made = newView(uikit, call, naming: naming, className: type, withArguments: false)
                if case let .view(name) = made { world.setProperty(.autoresizing(false), of: name, at: location(of: call)) }
                return made
            }
            return .unknown("`\(type).\(method)(…)`: outside the files read")
        }
    }

    func instanceCall(_ owner: CodeValue, _ method: String, _ call: FunctionCallExprSyntax, at token: some SyntaxProtocol, naming: String?) -> CodeValue {
        switch owner {
        case let .anchor(item, attribute):
            if method == "constraint" { return anchorConstraint(item, attribute, call, at: token) }
            if let label = Self.swift2AnchorLabel(method) { return anchorConstraint(item, attribute, call, at: token, firstLabel: label) }
            if method == "anchorWithOffset" { return .unknown("`anchorWithOffset(to:)`: a dimension between two anchors, not read yet") }
            return .unknown("an anchor method strut does not know")
        case let .view(view):
            let args = arguments(call)
            if let type = dynamicType(of: owner), let result = callMethod(method, on: owner, type: type, arguments: args, at: Syntax(call)) {
                return result
            }
            if let result = viewMethod(view, method, args, call) { return result }
            if let function = program.extensionMethods(method).first, let body = function.body {
                return invoke(body, parameters: function.signature.parameterClause, arguments: args, this: owner, type: nil, at: Syntax(call))
            }
            if method == "then" || method == "with", case let .closure(closure, captured)? = args.last?.1 {
                // The `Then` library: the closure sets the new view up and gives it back.
                _ = callClosure(closure, captured: captured, arguments: [owner])
                return owner
            }
            if Self.cosmeticCalls.contains(method) { return .nothing }
            if view != "root", let pure = PureLayoutCall(swift: method, labels: args.map { $0.0 ?? "_" }, values: args.map(\.1)) {
                switch pure.make(for: view, in: world, reader: self, at: location(of: call)) {
                case let .success(made): return made.count == 1 ? .constraint(made[0]) : .array(made.map(CodeValue.constraint))
                case let .failure(error): return .unknown("PureLayout's `\(method)`: \(error.message)")
                }
            }
            if view != "root", let tiny = TinyConstraintsCall(method: method, arguments: args) { return tinyConstraints(tiny, on: view, call) }
            if let reason = Self.otherLibrary(method) { return .unknown(reason) }
            if naming != nil {
                // `UILabel().preparedForAutoLayout()`: a helper that gives the view back, for Auto
                // Layout when its name says so.
                let forAutoLayout = method.lowercased().contains("autolayout")
                if forAutoLayout { world.setProperty(.autoresizing(false), of: view, at: location(of: call)) }
                skip(call, "`\(method)(…)`: a method outside the files read, taken to give the view back"
                    + (forAutoLayout ? " with its autoresizing constraints off" : ""))
                return owner
            }
            return .unknown("`\(method)(…)`: a method strut does not know" + layoutHelper(method, args, at: call))
        case .controller:
            let args = arguments(call)
            if let type = mainType, let result = callMethod(method, on: owner, type: type, arguments: args, at: Syntax(call)) { return result }
            if Self.cosmeticCalls.contains(method) { return .nothing }
            return .unknown("`\(method)(…)`: a method strut does not know")
        case .guide, .constraint:
            let args = arguments(call)
            if let function = program.extensionMethods(method).first, let body = function.body {
                return invoke(body, parameters: function.signature.parameterClause, arguments: args, this: owner, type: nil, at: Syntax(call))
            }
            if case let .guide(guide) = owner, let tiny = TinyConstraintsCall(method: method, arguments: args) { return tinyConstraints(tiny, on: guide, call) }
            return .unknown("`\(method)(…)`: a method strut does not know")
        case let .array(items):
            return arrayCall(items, method, call)
        case let .snapTarget(view, attributes) where attributes.isEmpty:
            return snapBlock(view, method, call)
        case .snapChain:
            return snapModifier(owner, method, call)
        case .member("main"), .member("global"):
            if method.hasPrefix("async") {
                for (_, value) in arguments(call) {
                    if case let .closure(closure, captured) = value { _ = callClosure(closure, captured: captured, arguments: []) }
                }
                return .nothing
            }
            return .unknown("~")
        case .member("cosmetic"):
            return .nothing
        case .member("default"):
            // `UIFontMetrics.default.scaledFont(for:)`, `scaledValue(for:)`.
            if method == "scaledFont" || method == "scaledValue" { return arguments(call).first?.1 ?? .unknown("~") }
            return .unknown("~")
        case let .closure(closure, captured):
            return callClosure(closure, captured: captured, arguments: arguments(call).map(\.1))
        case let .unknown(reason):
            return .unknown(reason.hasPrefix("~") || reason.isEmpty ? "`\(call.calledExpression.trimmedDescription)(…)`: a value strut does not know" : reason)
        case .nothing:
            return .nothing  // optional chaining on nil
        default:
            return .unknown("`\(method)(…)`: a method strut does not know")
        }
    }

    func arrayCall(_ items: [CodeValue], _ method: String, _ call: FunctionCallExprSyntax) -> CodeValue {
        let args = arguments(call)
        func closure() -> (ClosureExprSyntax, CodeFrame)? {
            for (_, value) in args { if case let .closure(c, f) = value { return (c, f) } }
            return nil
        }
        switch method {
        case "forEach":
            guard let (c, f) = closure() else { return .unknown("~") }
            for item in items where aborted == nil { _ = callClosure(c, captured: f, arguments: tupleArguments(item)) }
            return .nothing
        case "map", "compactMap", "flatMap":
            guard let (c, f) = closure() else { return .unknown("~") }
            let mapped = items.map { callClosure(c, captured: f, arguments: tupleArguments($0)) }
            if method == "flatMap" { return .array(mapped.flatMap { if case let .array(a) = $0 { a } else { [$0] } }) }
            return .array(method == "compactMap" ? mapped.filter { if case .nothing = $0 { false } else { true } } : mapped)
        case "filter":
            guard let (c, f) = closure() else { return .unknown("~") }
            return .array(items.filter { truth(callClosure(c, captured: f, arguments: tupleArguments($0))) ?? true })
        case "enumerated":
            return .array(items.enumerated().map { .tuple([.number(Double($0.offset)), $0.element]) })
        case "reversed":
            return .array(items.reversed())
        case "dropFirst":
            return .array(Array(items.dropFirst(args.first.flatMap { asNumber($0.1) }.map(Int.init) ?? 1)))
        case "dropLast":
            return .array(Array(items.dropLast(args.first.flatMap { asNumber($0.1) }.map(Int.init) ?? 1)))
        case "contains":
            guard let value = args.first?.1 else { return .unknown("~") }
            return .bool(items.contains { matches($0, value) == true })
        case "append", "insert", "removeAll", "removeLast", "removeFirst":
            return mutateArray(items, method, args, call)
        // A SnapKit `Constraint` kept in a property (an array of the constraints it made).
        case "activate", "deactivate", "deActivate", "install", "uninstall":
            for index in constraintIndices(.array(items)) { world.setActive(index, method == "activate" || method == "install", at: location(of: call)) }
            return .nothing
        case "update":
            for (label, value) in args {
                for index in constraintIndices(.array(items)) {
                    let attribute = world.constraint(index).spec.firstAttribute
                    switch label {
                    case "offset": if let n = asNumber(value) { world.setConstant(index, n, at: location(of: call)) }
                    case "inset": if let e = asInsets(value) { world.setConstant(index, SnapChain.inset(e, attribute), at: location(of: call)) }
                    case "priority": if let p = asPriority(value) { world.setPriority(index, p, at: location(of: call)) }
                    default: return .unknown("~")
                    }
                }
            }
            return .nothing
        default:
            return .unknown("`\(method)(…)` on an array: not followed")
        }
    }

    func tupleArguments(_ item: CodeValue) -> [CodeValue] {
        if case let .tuple(values) = item { return values + [item] }
        return [item]
    }

    /// `views.append(label)`: the array is the variable's.
    func mutateArray(_ items: [CodeValue], _ method: String, _ args: [(String?, CodeValue)], _ call: FunctionCallExprSyntax) -> CodeValue {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return .unknown("~") }
        var items = items
        switch method {
        case "append":
            guard let (label, value) = args.first else { return .unknown("~") }
            if label == "contentsOf", case let .array(more) = value { items += more } else { items.append(value) }
        case "insert":
            guard args.count == 2, let k = asNumber(args[1].1), k >= 0, Int(k) <= items.count else { return .unknown("~") }
            items.insert(args[0].1, at: Int(k))
        case "removeAll": items = []
        case "removeLast": if !items.isEmpty { items.removeLast() }
        default: if !items.isEmpty { items.removeFirst() }
        }
        return assign(base, nil, value: .array(items))
    }

    func constraintIndices(_ value: CodeValue) -> [Int] {
        switch value {
        case let .constraint(index): [index]
        case let .array(items): items.flatMap(constraintIndices)
        default: []
        }
    }

    // MARK: - Views

    /// `UILabel()`, `UIStackView(arrangedSubviews:)`, `HeaderView()` (a type of these files, its
    /// own code run): a view named after what holds it.
    func newView(_ type: String, _ call: FunctionCallExprSyntax, naming: String?, className outside: String? = nil,
                 withArguments: Bool = true) -> CodeValue {
        let uikitClass = Self.uikitViewClasses.contains(type) ? type : (program.uikitAncestor(of: type) ?? "UIView")
        var (kind, documentClass) = ViewKind.of(className: uikitClass)
        if let outside, kind == .view { documentClass = outside == uikitClass ? documentClass : outside }
        let declared = program.types[type] != nil
        // Inside a property's `{ … }()`, the first view made is the property's.
        let hint = viewNameHint ?? naming
        viewNameHint = nil
        // A type of the files keeps its own name as the class of a plain view (a stack or label
        // subclass is shown as its kind).
        if declared { documentClass = kind == .view ? type : nil }
        let name = world.makeView(className: outside ?? type, kind: kind, documentClass: documentClass,
                                  name: hint, at: location(of: call))
        let args = withArguments ? arguments(call) : []
        for (label, value) in args {
            switch (label, value) {
            case let ("frame", .rect(rect)):
                world.setProperty(.frame(rect, within: nil), of: name, at: location(of: call))
            case let ("arrangedSubviews", .array(items)):
                for case let .view(child) in items {
                    world.setProperty(.autoresizing(false), of: child, at: location(of: call))
                    world.add(child, to: name, location: location(of: call))
                }
            case ("text", .string(let text)):
                world.setProperty(.text(text), of: name, at: location(of: call))
            case let ("items", .array(items)):
                _ = world.changeSegments(name, .items(items), at: location(of: call))
            case ("style", _) where uikitClass == "UIActivityIndicatorView":
                if case let .unknown(reason) = world.setSpinnerStyle(name, value, sized: true, at: location(of: call)) {
                    skip(call, reason)
                }
            case let ("configuration", .buttonConfiguration(setup)) where kind == .button:
                world.configure(name, setup, at: location(of: call))
            default: break
            }
        }
        if declared { construct(type, this: .view(name), arguments: args) }
        return .view(name)
    }

    /// UIKit's view methods that change the hierarchy, the constraints or the content size;
    /// nil for one it does not know.
    func viewMethod(_ view: String, _ method: String, _ args: [(String?, CodeValue)], _ call: FunctionCallExprSyntax) -> CodeValue? {
        let here = location(of: call)
        func child(_ k: Int = 0) -> String? {
            guard k < args.count else { return nil }
            switch args[k].1 {
            case let .view(name), let .guide(name): return name
            default: return nil
            }
        }
        func labelled(_ label: String) -> CodeValue? { args.first { $0.0 == label }?.1 }
        switch method {
        // A segmented control's segments size it (`insertSegment(withTitle:at:animated:)`, …).
        case "insertSegment" where world.isSegmentedControl(view):
            return world.changeSegments(view, .insert(labelled("withTitle") ?? .nothing, at: labelled("at").flatMap(asNumber)), at: here)
        case "removeSegment" where world.isSegmentedControl(view):
            return world.changeSegments(view, .remove(at: labelled("at").flatMap(asNumber)), at: here)
        case "removeAllSegments" where world.isSegmentedControl(view):
            return world.changeSegments(view, .removeAll, at: here)
        case "setTitle" where args.count == 2 && args[1].0 == "forSegmentAt":
            return world.changeSegments(view, .retitle(args[0].1, at: asNumber(args[1].1)), at: here)
        case "addSubview", "addArrangedSubview", "addLayoutGuide":
            guard let child = child() else { return .unknown(args.first.map { reasonOf($0.1) } ?? "~") }
            // A stack view turns its arranged views' autoresizing constraints off.
            if method == "addArrangedSubview" { world.setProperty(.autoresizing(false), of: child, at: here) }
            world.add(child, to: view, location: here)
            return .nothing
        case "insertSubview", "insertArrangedSubview":
            guard let child = child() else { return .unknown("a view strut does not know") }
            if method == "insertArrangedSubview" { world.setProperty(.autoresizing(false), of: child, at: here) }
            var index: Int?
            if args.count > 1, args[1].0 == "at", let k = asNumber(args[1].1) { index = Int(k) }
            if args.count > 1, args[1].0 == "belowSubview", case let .view(other) = args[1].1 {
                index = world.children(of: view).firstIndex(of: other)
            }
            world.add(child, to: view, at: index, location: here)
            return .nothing
        case "removeFromSuperview":
            world.removeFromSuperview(view, at: here)
            return .nothing
        case "removeArrangedSubview":
            return .unknown("`removeArrangedSubview`: the view stays a subview; strut arranges every subview of a stack")
        case "addConstraint", "addConstraints", "removeConstraint", "removeConstraints":
            guard let value = args.first?.1 else { return .unknown("~") }
            let indices = constraintIndices(value)
            if indices.isEmpty, value.isUnknown { return .unknown(reasonOf(value)) }
            for index in indices { world.setActive(index, method.hasPrefix("add"), at: here) }
            return .nothing
        case "layoutIfNeeded":
            world.layoutPass()
            return .nothing
        case "sizeToFit", "setNeedsLayout", "setNeedsUpdateConstraints", "updateConstraintsIfNeeded", "layoutSubviews":
            return .nothing
        case "setContentHuggingPriority", "setContentCompressionResistancePriority":
            guard args.count == 2, let priority = asPriority(args[0].1), let axis = asAxis(args[1].1) else {
                return .unknown("a priority or axis strut does not know")
            }
            world.setProperty(method == "setContentHuggingPriority" ? .hugging(axis, priority) : .compression(axis, priority), of: view, at: here)
            return .nothing
        case "setTitle":
            if case let .string(text) = args.first?.1 { world.setProperty(.text(text), of: view, at: here) }
            return .nothing
        case "setCustomSpacing":
            guard args.count == 2, case let .view(arranged) = args[1].1 else { return .unknown("a view strut does not know") }
            return customSpacing(args[0].1, after: arranged, in: view, world: world, at: here)
        default:
            return nil
        }
    }

    func reasonOf(_ value: CodeValue) -> String {
        if case let .unknown(reason) = value, !reason.hasPrefix("~"), !reason.isEmpty { return reason }
        return "a value strut does not know"
    }

    // MARK: - Assignment

    /// `x = …`, `self.x = …`, `label.text = …`, `constraint.isActive = …`.
    func assign(_ target: ExprSyntax, _ valueExpr: ExprSyntax?, value given: CodeValue? = nil) -> CodeValue {
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let k = frame.scopes.indices.last(where: { frame.scopes[$0][name] != nil }) {
                frame.scopes[k][name] = given ?? valueExpr.map { evaluate($0, naming: name) } ?? .nothing
                return .nothing
            }
            if fields[objectKey(frame.this)]?[name] != nil {
                let value = given ?? valueExpr.map { evaluate($0, naming: name) } ?? .nothing
                fields[objectKey(frame.this)]![name] = value
                // Named after the property it is made for (not an array it is appended to).
                if given == nil { nameConstraint(value, after: name) }
                return .nothing
            }
            return setMember(of: frame.this, name, valueExpr, given, at: target)
        }
        if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
            let property = member.declName.baseName.text
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text == "self" {
                return assign(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(property))).with(\.leadingTrivia, []), valueExpr, value: given,
                              node: target)
            }
            let owner = evaluate(base)
            // `config.title = "Go"`: the configuration is a value, kept where it was.
            if case let .buttonConfiguration(setup) = owner {
                let changed = setup.setting(property, to: given ?? valueExpr.map { evaluate($0) } ?? .nothing)
                return changed.isUnknown ? changed : assign(base, nil, value: changed)
            }
            if case let .view(view) = owner, fields[view]?[property] != nil {
                let value = given ?? valueExpr.map { evaluate($0, naming: property) } ?? .nothing
                fields[view]![property] = value
                return .nothing
            }
            return setMember(of: owner, property, valueExpr, given, at: target)
        }
        if let subscriptCall = target.as(SubscriptCallExprSyntax.self), let index = subscriptCall.arguments.first?.expression {
            // `views["v\(i)"] = v`: the collection is the variable's.
            let value = given ?? valueExpr.map { evaluate($0) } ?? .nothing
            switch (evaluate(subscriptCall.calledExpression), evaluate(index)) {
            case let (.dictionary(pairs), .string(key)):
                return assign(subscriptCall.calledExpression, nil, value: .dictionary(pairs.filter { $0.0 != key } + [(key, value)]))
            case let (.array(items), .number(k)) where k >= 0 && Int(k) < items.count:
                var items = items
                items[Int(k)] = value
                return assign(subscriptCall.calledExpression, nil, value: .array(items))
            default:
                return .unknown("an assignment strut does not follow")
            }
        }
        if target.is(DiscardAssignmentExprSyntax.self) {
            _ = valueExpr.map { evaluate($0) }
            return .nothing
        }
        return .unknown("an assignment strut does not follow")
    }

    /// `self.x = …` as `x = …` (a property of self), located at the original target.
    func assign(_ target: ExprSyntax, _ valueExpr: ExprSyntax?, value given: CodeValue?, node: ExprSyntax) -> CodeValue {
        let name = target.as(DeclReferenceExprSyntax.self)!.baseName.text
        if fields[objectKey(frame.this)]?[name] != nil || dynamicType(of: frame.this) != nil && member(of: frame.this, name).isUnknown {
            let value = given ?? valueExpr.map { evaluate($0, naming: name) } ?? .nothing
            fields[objectKey(frame.this), default: [:]][name] = value
            if given == nil { nameConstraint(value, after: name) }
            return .nothing
        }
        return setMember(of: frame.this, name, valueExpr, given, at: node)
    }

    /// A UIKit property set on a value: what it changes in the layout.
    func setMember(of owner: CodeValue, _ property: String, _ valueExpr: ExprSyntax?, _ given: CodeValue?, at node: some SyntaxProtocol) -> CodeValue {
        let here = location(of: node)
        if case .controller = owner, property == "view", let call = valueExpr?.as(FunctionCallExprSyntax.self),
           let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            // `loadView`'s `view = ProfileView()`: that view is root.
            if program.types[type] != nil {
                if let ancestor = program.uikitAncestor(of: type), ViewKind.of(className: ancestor).kind == .view {
                    world.setProperty(.documentClass(type), of: "root", at: here)
                }
                construct(type, this: .view("root"), arguments: arguments(call))
                return .nothing
            }
            if Self.uikitViewClasses.contains(type) { return .nothing }
        }
        if case .member("cosmetic") = owner { return .nothing }
        if case .view = owner, ViewProperty.layoutFree.contains(property) || ["leftView", "rightView", "leftViewMode", "rightViewMode", "inputView",
                                                                   "inputAccessoryView", "transform", "separatorColor", "selectedBackgroundView"].contains(property) {
            return .nothing
        }
        let value = given ?? valueExpr.map { evaluate($0) } ?? .nothing
        switch owner {
        case let .view(view):
            if let result = setViewProperty(view, property, value, valueExpr, at: here) { return result }
            if value.isUnknown { return .unknown(reasonOf(value)) }
            if Self.modelled.contains(property) {
                return .unknown("`\(valueExpr?.trimmedDescription ?? "")`: a \(property) strut does not know")
            }
            return .unknown("`\(property)`: a property strut does not model")
        case .controller:
            switch (property, value) {
            case let ("additionalSafeAreaInsets", .insets(e)):
                world.setProperty(.additionalSafeAreaInsets(e), of: "root", at: here)
                return .nothing
            case ("title", _), ("navigationItem", _), ("edgesForExtendedLayout", _), ("modalPresentationStyle", _):
                return .nothing
            default:
                fields["@controller", default: [:]][property] = value
                nameConstraint(value, after: property)
                return .nothing
            }
        case let .constraint(index):
            switch (property, value) {
            case let ("isActive", .bool(on)), let ("active", .bool(on)):
                world.setActive(index, on, at: here)
            case ("constant", _):
                guard let n = asNumber(value) else { return .unknown(reasonOf(value)) }
                world.setConstant(index, n, at: here)
            case ("priority", _):
                guard let p = asPriority(value) else { return .unknown("a priority strut does not know") }
                world.setPriority(index, p, at: here)
            case let ("identifier", .string(identifier)):
                world.setIdentifier(index, identifier)
            case ("identifier", _):
                break
            default:
                return .unknown("`\(property)`: a constraint property strut does not model")
            }
            return .nothing
        case let .array(items) where property == "isActive":
            guard case let .bool(on) = value else { return .unknown("~") }
            for index in constraintIndices(.array(items)) { world.setActive(index, on, at: here) }
            return .nothing
        case .guide:
            return property == "identifier" ? .nothing : .unknown("`\(property)`: a guide property strut does not model")
        case .nothing:
            return .nothing
        case let .unknown(reason):
            return .unknown(reason.hasPrefix("~") || reason.isEmpty ? "a value strut does not know" : reason)
        default:
            return .unknown("an assignment strut does not follow")
        }
    }

    func setViewProperty(_ view: String, _ property: String, _ value: CodeValue, _ valueExpr: ExprSyntax?, at here: CodeLayout.Location) -> CodeValue? {
        func set(_ p: ViewProperty) -> CodeValue {
            world.setProperty(p, of: view, at: here)
            return .nothing
        }
        // A text field's font and border decide its height; a button's configuration its size.
        if let done = world.setTextFieldProperty(view, property, value, borderPrefix: "", at: here) { return done }
        if let done = world.setButtonProperty(view, property, value, at: here) { return done }
        // Text and fonts strut measures on labels, buttons and text views (a label kind here).
        if ["text", "attributedText", "font", "numberOfLines", "lineBreakMode", "preferredMaxLayoutWidth"].contains(property),
           !world.measuresText(view) {
            return .nothing
        }
        switch (property, value) {
        case ("translatesAutoresizingMaskIntoConstraints", _) where view == "root":
            return .nothing  // the root view's own frame is the session's
        case let ("translatesAutoresizingMaskIntoConstraints", .bool(on)): return set(.autoresizing(on))
        case let ("text", .string(text)): return set(.text(text))
        case ("text", _), ("attributedText", _):
            // Text from a model: a placeholder of the expression's own words, said.
            let words = valueExpr?.trimmedDescription ?? "text"
            world.skipped.append(CodeLayout.Skipped(location: here, code: words, reason: "text strut does not know: '\(words)' stands for it"))
            return set(.text(words))
        case ("numberOfLines", _):
            guard let n = asNumber(value), n >= 0, n == n.rounded(), n < 1e6 else { return .unknown("~") }
            return set(.lines(Int(n)))
        case let ("isHidden", .bool(hidden)): return set(.hidden(hidden))
        // A text view's scrolling decides whether its text sizes it; a scroll view's is cosmetic.
        case let ("isScrollEnabled", .bool(on)): return world.isTextView(view) ? set(.textView(on ? .scrolls : .grows)) : .nothing
        case ("isScrollEnabled", _): return .nothing
        case ("spacing", _):
            guard let n = asNumber(value) else { return .unknown(reasonOf(value)) }
            return set(.spacing(n))
        case ("axis", _):
            guard let axis = asAxis(value) else { return .unknown("~") }
            return set(.axis(axis))
        case let ("alignment", .member(name)), let ("distribution", .member(name)):
            let word = name.prefix(1).lowercased() + name.dropFirst()
            guard (property == "alignment" ? StackSettings.alignments : StackSettings.distributions).contains(word) else {
                return .unknown("`.\(name)`: not a stack view \(property)")
            }
            return set(property == "alignment" ? .alignment(word) : .distribution(word))
        case let ("font", .font(properties)):
            for p in properties { world.setProperty(p, of: view, at: here) }
            return .nothing
        case let ("frame", .rect(rect)): return set(.frame(rect, within: nil))
        case ("layoutMargins", _):
            guard let e = asInsets(value) else { return .unknown("~") }
            return set(.margins(e))
        case let ("directionalLayoutMargins", .directionalInsets(e)): return set(.directionalMargins(e))
        case let ("isLayoutMarginsRelativeArrangement", .bool(on)): return set(.marginsRelative(on))
        case let ("isBaselineRelativeArrangement", .bool(on)): return set(.baselineRelative(on))
        case let ("preservesSuperviewLayoutMargins", .bool(on)): return set(.preservesSuperviewMargins(on))
        case let ("insetsLayoutMarginsFromSafeArea", .bool(on)): return set(.insetsMarginsFromSafeArea(on))
        case let ("adjustsFontForContentSizeCategory", .bool(on)): return set(.adjustsFont(on))
        case let ("apportionsSegmentWidthsByContent", .bool(on)): return world.changeSegments(view, .apportions(on), at: here)
        case ("style", _) where world.isSpinner(view): return world.setSpinnerStyle(view, value, sized: false, at: here)
        case ("preferredMaxLayoutWidth", _):
            guard let n = asNumber(value), n >= 0 else { return .unknown("~") }
            return set(.preferredMaxLayoutWidth(n))
        case let ("semanticContentAttribute", .member(name)):
            guard let semantic = SemanticContent(rawValue: name) else { return .unknown("`.\(name)`: not a semantic content attribute") }
            return set(.semanticContent(semantic))
        case let ("lineBreakMode", .member(name)):
            guard let mode = LineBreakMode(uikitName: name) else { return nil }
            return set(.lineBreakMode(mode))
        case ("contentEdgeInsets", _):
            guard let e = asInsets(value) else { return .unknown("~") }
            return set(.contentInsets(e))
        case ("autoresizingMask", _):
            var mask = AutoresizingMask()
            let names = { () -> [CodeValue] in if case let .array(items) = value { return items } else { return [value] } }()
            for case let .member(name) in names {
                guard let bit = AutoresizingMask.names.first(where: { $0.0 == name })?.1 else { return .unknown("~") }
                mask.insert(bit)
            }
            return set(.mask(mask))
        default:
            return nil
        }
    }
}
