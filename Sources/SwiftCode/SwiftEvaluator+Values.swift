import LayoutEngine
import SwiftSyntax

extension SwiftEvaluator {
    static let uikitViewClasses: Set<String> = [
        "UIView", "UILabel", "UIButton", "UIImageView", "UIStackView", "UIScrollView", "UITextField", "UITextView",
        "UISwitch", "UISlider", "UISegmentedControl", "UIStepper", "UIActivityIndicatorView", "UIProgressView",
        "UIPageControl", "UIDatePicker", "UIPickerView", "UISearchBar", "UITableView", "UICollectionView", "UIVisualEffectView",
        "UINavigationBar", "UIToolbar", "UITabBar", "UIControl", "UILayoutGuide", "WKWebView", "MKMapView",
    ]
    /// Calls that change nothing of the layout (`setTitleColor`, `addTarget`, …).
    static let cosmeticCalls: Set<String> = [
        "setTitleColor", "addTarget", "register", "setBackgroundImage", "addGestureRecognizer", "bringSubviewToFront",
        "sendSubviewToBack", "setNeedsLayout", "setNeedsUpdateConstraints", "updateConstraintsIfNeeded", "setNeedsDisplay",
        "reloadData", "startAnimating", "stopAnimating", "setContentOffset", "becomeFirstResponder", "resignFirstResponder",
        "setImage", "setAttributedTitle", "removeTarget", "setTitleShadowColor", "setOn", "setValue", "setProgress", "setDate",
        "insertSegment", "removeAllSegments", "setEnabled", "setBackgroundColor", "addAction", "setNeedsStatusBarAppearanceUpdate",
        "addChild", "didMove", "willMove", "removeFromParent", "setNavigationBarHidden", "setSelected", "setHighlighted",
    ]

    // MARK: - Expressions

    func evaluate(_ expr: ExprSyntax, naming name: String? = nil) -> CodeValue {
        if let literal = expr.as(IntegerLiteralExprSyntax.self) { return number(literal.literal.text) }
        if let literal = expr.as(FloatLiteralExprSyntax.self) { return number(literal.literal.text) }
        if let literal = expr.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.text == "true") }
        if expr.is(NilLiteralExprSyntax.self) { return .nothing }
        if let literal = expr.as(StringLiteralExprSyntax.self) { return string(literal) }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self) {
            let inner = evaluate(prefix.expression)
            switch (prefix.operator.text, inner) {
            case let ("-", .number(value)): return .number(-value)
            case let ("!", .bool(value)): return .bool(!value)
            case ("+", .number): return inner
            default: return .unknown("~")
            }
        }
        if let unwrapped = expr.as(ForceUnwrapExprSyntax.self) { return evaluate(unwrapped.expression, naming: name) }
        if let chained = expr.as(OptionalChainingExprSyntax.self) { return evaluate(chained.expression, naming: name) }
        if let tried = expr.as(TryExprSyntax.self) { return evaluate(tried.expression, naming: name) }
        if let awaited = expr.as(AwaitExprSyntax.self) { return evaluate(awaited.expression, naming: name) }
        if let cast = expr.as(AsExprSyntax.self) { return evaluate(cast.expression, naming: name) }
        if let tuple = expr.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first { return evaluate(only.expression, naming: name) }
            return .tuple(tuple.elements.map { evaluate($0.expression) })
        }
        if let array = expr.as(ArrayExprSyntax.self) { return .array(array.elements.map { evaluate($0.expression) }) }
        if let dictionary = expr.as(DictionaryExprSyntax.self) {
            guard case let .elements(elements) = dictionary.content else { return .dictionary([]) }
            var pairs: [(String, CodeValue)] = []
            for element in elements {
                guard case let .string(key) = evaluate(element.key) else { return .unknown("~") }
                pairs.append((key, evaluate(element.value)))
            }
            return .dictionary(pairs)
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self) { return infixValue(infix) }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            switch truth(evaluate(ternary.condition)) {
            case .some(true): return evaluate(ternary.thenExpression, naming: name)
            case .some(false): return evaluate(ternary.elseExpression, naming: name)
            case nil:
                skip(ternary.condition, "a condition strut cannot decide: the first value is taken")
                return evaluate(ternary.thenExpression, naming: name)
            }
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return lookUp(reference.baseName.text) }
        if let member = expr.as(MemberAccessExprSyntax.self) { return memberValue(member) }
        if let call = expr.as(FunctionCallExprSyntax.self) { return callValue(call, naming: name) }
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self) {
            let base = evaluate(subscriptCall.calledExpression)
            guard let argument = subscriptCall.arguments.first?.expression else { return .unknown("~") }
            switch (base, evaluate(argument)) {
            case let (.array(items), .number(k)) where k >= 0 && Int(k) < items.count: return items[Int(k)]
            case let (.dictionary(pairs), .string(key)): return pairs.first { $0.0 == key }?.1 ?? .nothing
            default: return .unknown("~")
            }
        }
        if let closure = expr.as(ClosureExprSyntax.self) { return .closure(closure, frame) }
        return .unknown("~")
    }

    func number(_ text: String) -> CodeValue {
        let digits = text.filter { $0 != "_" }
        if digits.hasPrefix("0x"), let value = Int(digits.dropFirst(2), radix: 16) { return .number(Double(value)) }
        guard let value = Double(digits), value.isFinite else { return .unknown("~") }
        return .number(value)
    }

    func string(_ literal: StringLiteralExprSyntax) -> CodeValue {
        var text = ""
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += plain.content.text
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self), let inner = interpolation.expressions.first {
                switch evaluate(inner.expression) {
                case let .string(s): text += s
                case let .number(n): text += n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
                default: text += "…"
                }
            }
        }
        return .string(text)
    }

    func infixValue(_ infix: InfixOperatorExprSyntax) -> CodeValue {
        if infix.operator.is(AssignmentExprSyntax.self) {
            return assign(infix.leftOperand, infix.rightOperand)
        }
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return .unknown("~")
        }
        if ["+=", "-=", "*=", "/="].contains(op) {
            let combined = arithmetic(String(op.dropLast()), evaluate(infix.leftOperand), evaluate(infix.rightOperand))
            guard !combined.isUnknown else { return .unknown("a value strut does not know") }
            return assign(infix.leftOperand, nil, value: combined)
        }
        if op == "&&" || op == "||" {
            let left = truth(evaluate(infix.leftOperand))
            if op == "&&", left == false { return .bool(false) }
            if op == "||", left == true { return .bool(true) }
            let right = truth(evaluate(infix.rightOperand))
            if let left, let right { return .bool(op == "&&" ? left && right : left || right) }
            if op == "&&", right == false { return .bool(false) }
            if op == "||", right == true { return .bool(true) }
            return .unknown("~")
        }
        if op == "??" {
            let left = evaluate(infix.leftOperand)
            switch left {
            case .nothing, .unknown: return evaluate(infix.rightOperand)
            default: return left
            }
        }
        let left = evaluate(infix.leftOperand)
        let right = evaluate(infix.rightOperand)
        if op == "==" || op == "!=" || op == "===" || op == "!==" {
            guard let same = matches(left, right) else { return .unknown("~") }
            return .bool(op.hasPrefix("=") ? same : !same)
        }
        if op == "..<" || op == "..." {
            guard let low = asNumber(left), let high = asNumber(right) else { return .unknown("~") }
            let end = op == "..<" ? high - 1 : high
            guard end - low < 10_000 else { return .unknown("a range too long to run") }
            return .array(low > end ? [] : stride(from: low, through: end, by: 1).map(CodeValue.number))
        }
        if ["<", ">", "<=", ">="].contains(op) {
            guard let a = asNumber(left), let b = asNumber(right) else { return .unknown("~") }
            switch op {
            case "<": return .bool(a < b)
            case ">": return .bool(a > b)
            case "<=": return .bool(a <= b)
            default: return .bool(a >= b)
            }
        }
        return arithmetic(op, left, right)
    }

    func arithmetic(_ op: String, _ left: CodeValue, _ right: CodeValue) -> CodeValue {
        if op == "+", case let .string(a) = left, case let .string(b) = right { return .string(a + b) }
        if op == "+", case let .array(a) = left, case let .array(b) = right { return .array(a + b) }
        if op == "+", case let .insets(a) = left, case let .insets(b) = right {
            return .insets(EdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right))
        }
        guard let a = asNumber(left), let b = asNumber(right) else { return .unknown("~") }
        let result: Double
        switch op {
        case "+": result = a + b
        case "-": result = a - b
        case "*": result = a * b
        case "/": guard b != 0 else { return .unknown("~") }; result = a / b
        case "%": guard b != 0 else { return .unknown("~") }; result = a.truncatingRemainder(dividingBy: b)
        default: return .unknown("~")
        }
        return result.isFinite ? .number(result) : .unknown("~")
    }

    // MARK: - Names

    func lookUp(_ name: String) -> CodeValue {
        for scope in frame.scopes.reversed() { if let value = scope[name] { return value } }
        if let value = fields[objectKey(frame.this)]?[name] { return value }
        if name == "self" { return frame.this }
        if let computed = computed(name, of: frame.this) { return computed }
        let implicit = member(of: frame.this, name)
        if !implicit.isUnknown { return implicit }
        if let global = program.globals[name] {
            let value = evaluate(global)
            fields["@globals", default: [:]][name] = value
            return value
        }
        if let cached = fields["@globals"]?[name] { return cached }
        if program.types[name] != nil || name.first?.isUppercase == true { return .member("type:" + name) }
        return .unknown("`\(name)`: a value from outside the files read")
    }

    /// A computed property of a type declared here, run with its object as `self`.
    func computed(_ name: String, of this: CodeValue) -> CodeValue? {
        guard let type = dynamicType(of: this), let accessors = program.computedProperty(name, of: type) else { return nil }
        frames.append(newFrame(this: this, type: type))
        defer { frames.removeLast() }
        return getter(accessors)
    }

    func memberValue(_ member: MemberAccessExprSyntax) -> CodeValue {
        let name = member.declName.baseName.text
        guard let base = member.base else { return .member(name) }
        if base.is(SuperExprSyntax.self) { return self.member(of: frame.this, name) }
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text == "self" {
            if let value = fields[objectKey(frame.this)]?[name] { return value }
            return self.member(of: frame.this, name)
        }
        let owner = evaluate(base)
        if case .snapMaker = owner { currentSnapLocation = location(of: base) }
        if case let .member(typeName) = owner, typeName.hasPrefix("type:") {
            return staticMember(String(typeName.dropFirst(5)), name)
        }
        if name == "contentLayoutGuide" || name == "frameLayoutGuide", case let .view(view) = owner, world.isScrollView(view) {
            return .guide(world.scrollGuide(name, of: view, at: location(of: member)))
        }
        return self.member(of: owner, name)
    }

    /// `UX.padding`, `UILayoutPriority.defaultHigh`, `CGRect.zero`, `UIScreen.main`.
    func staticMember(_ type: String, _ name: String) -> CodeValue {
        if let value = program.staticValue(name, in: type) {
            let key = "@static." + type
            if let cached = fields[key]?[name] { return cached }
            let made = evaluate(value)
            fields[key, default: [:]][name] = made
            return made
        }
        if program.types[type] != nil { return .member(name) }
        switch (type, name) {
        case ("UIScreen", "main"): return .member("screen")
        case ("UIDevice", "current"): return .member("device")
        case ("UIView", "noIntrinsicMetric"): return .number(-1)
        // The system spacing, as the system-spacing anchors take it: 8 points.
        case ("UIStackView", "spacingUseSystem"): return .number(8)
        case ("UIStackView", "spacingUseDefault"): return .member("spacingUseDefault")
        case ("CGFloat", "greatestFiniteMagnitude"), ("Double", "greatestFiniteMagnitude"): return .number(1e9)
        case ("UIFont", "labelFontSize"): return .number(17)
        case ("UIFont", "systemFontSize"): return .number(14)
        case ("UIFont", "buttonFontSize"): return .number(18)
        case ("UIFont", "smallSystemFontSize"): return .number(12)
        case (_, "zero"):
            switch type {
            case "CGRect": return .rect(Rect(x: 0, y: 0, width: 0, height: 0))
            case "CGSize", "CGPoint": return .size(0, 0)
            case "UIEdgeInsets": return .insets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
            case "NSDirectionalEdgeInsets": return .directionalInsets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
            default: return .number(0)
            }
        default:
            // `UILayoutPriority.defaultHigh`, `NSLayoutConstraint.Attribute.top`, `UIFont.TextStyle.body`.
            let apple = ["UI", "NS", "CG", "CA", "Dispatch", "Bundle", "Int", "Double", "Float", "String", "Array", "Date", "Locale"]
            guard apple.contains(where: type.hasPrefix) else { return .unknown("`\(type).\(name)`: from a type outside the files read") }
            if type.first?.isUppercase == true, name.first?.isUppercase == true { return .member("type:" + name) }
            return .member(name)
        }
    }

    func dynamicType(of value: CodeValue) -> String? {
        switch value {
        case .controller: return mainType
        case let .view(name):
            if name == "root" { return program.isController(mainType ?? "") ? nil : mainType }
            return world.className(of: name).flatMap { program.types[$0] != nil ? $0 : nil }
        default: return nil
        }
    }

    /// A member of a value: a view's anchors, guides, frame; a rect's width; a trait.
    func member(of owner: CodeValue, _ name: String) -> CodeValue {
        switch owner {
        case let .view(view):
            if let value = fields[view]?[name] { return value }
            if let computed = computed(name, of: owner) { return computed }
            switch name {
            case "contentLayoutGuide", "frameLayoutGuide":
                return .unknown("`\(name)`: a scroll view's guide, on a view strut does not know as a scroll view")
            case "layer", "imageView", "textContainer", "navigationController", "navigationItem", "tabBarController", "window":
                return .member("cosmetic")
            case "view" where view == "root", "contentView" where view == "root": return owner
            case "contentView", "titleLabel": return owner  // a cell's content view, a button's label: itself
            case "safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide":
                return .guide(Hierarchy.systemGuideName(SystemGuide(rawValue: name)!, of: view))
            case "frame", "bounds": return world.rectValue(name, of: view)
            case "subviews", "arrangedSubviews": return .array(world.children(of: view).map(CodeValue.view))
            case "superview": return world.parent(of: view).map(CodeValue.view) ?? .nothing
            case "snp": return .snapTarget(view, [])
            case "traitCollection": return .traits
            default: break
            }
            return anchor(view, name)
        case .controller:
            if let value = fields["@controller"]?[name] { return value }
            if let computed = computed(name, of: owner) { return computed }
            switch name {
            case "navigationController", "navigationItem", "tabBarController", "presentingViewController", "splitViewController":
                return .member("cosmetic")
            case "view": return .view("root")
            case "traitCollection": return .traits
            case "topLayoutGuide": return .legacyGuide(top: true)
            case "bottomLayoutGuide": return .legacyGuide(top: false)
            case "safeAreaLayoutGuide", "layoutMarginsGuide": return member(of: .view("root"), name)
            default: return .unknown("~")
            }
        case let .guide(guide):
            if name == "snp" { return .snapTarget(guide, []) }
            if name == "owningView", let dot = guide.firstIndex(of: ".") { return .view(String(guide[..<dot])) }
            return anchor(guide, name)
        case let .legacyGuide(top):
            let safe = Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: "root")
            switch (top, name) {
            case (true, "bottomAnchor"): return .anchor(safe, .top)
            case (true, "topAnchor"): return .anchor("root", .top)
            case (false, "topAnchor"): return .anchor(safe, .bottom)
            case (false, "bottomAnchor"): return .anchor("root", .bottom)
            case (true, "snp"): return .snapTarget(safe, [])
            default: return .unknown("~")
            }
        case .rect, .size, .insets, .directionalInsets:
            return owner.geometryMember(name) ?? .unknown("~")
        case .traits:
            let traits = world.engine.hierarchy.traits
            switch name {
            case "horizontalSizeClass": return .member(traits.horizontalSizeClass.rawValue)
            case "verticalSizeClass": return .member(traits.verticalSizeClass.rawValue)
            case "layoutDirection": return .member(traits.layoutDirection.rawValue)
            case "preferredContentSizeCategory": return .member(traits.contentSizeCategory.rawValue)
            case "displayScale": return .number(traits.displayScale)
            case "userInterfaceIdiom": return .member(world.engine.hierarchy.device?.idiom.rawValue ?? "phone")
            default: return .unknown("~")
            }
        case .member("device"):
            if name == "userInterfaceIdiom" { return .member(world.engine.hierarchy.device?.idiom.rawValue ?? "phone") }
            return .unknown("~")
        case .member("screen"):
            if name == "bounds" || name == "nativeBounds" {
                let root = world.engine.hierarchy.view(named: "root")!.frame
                return .rect(Rect(x: 0, y: 0, width: root.width, height: root.height))
            }
            if name == "scale" { return .number(world.engine.hierarchy.traits.displayScale) }
            return .unknown("~")
        case let .array(items):
            switch name {
            case "count": return .number(Double(items.count))
            case "isEmpty": return .bool(items.isEmpty)
            case "first": return items.first ?? .nothing
            case "last": return items.last ?? .nothing
            default: return .unknown("~")
            }
        case let .string(s):
            if name == "isEmpty" { return .bool(s.isEmpty) }
            if name == "count" { return .number(Double(s.count)) }
            return .unknown("~")
        case let .constraint(index):
            let record = world.constraint(index)
            switch name {
            case "constant": return .number(record.spec.constant)
            case "isActive": return .bool(record.active)
            case "priority": return .number(Double(record.spec.priority.rawValue))
            case "multiplier": return .number(record.spec.multiplier)
            default: return .unknown("~")
            }
        case let .snapTarget(item, attributes):
            guard let more = Self.snapAttributeNames(name) else { return .unknown("~") }
            return .snapTarget(item, attributes + more)
        case let .snapMaker(view):
            guard let attributes = Self.snapAttributeNames(name) else { return .unknown("~") }
            snapChains.append(SnapChain(view: view, attributes: attributes, location: currentSnapLocation ?? location(of: program.files[0].tree)))
            return .snapChain(snapChains.count - 1)
        case let .snapChain(k):
            if name == "constraint" { return .array(finish(k).map(CodeValue.constraint)) }
            guard let attributes = Self.snapAttributeNames(name) else { return .unknown("~") }
            snapChains[k].attributes += attributes
            return owner
        case .number, .member:
            if name == "rawValue" || name == "cgFloatValue" { return owner }
            return .unknown("~")
        case let .unknown(reason) where !reason.hasPrefix("~") && !reason.isEmpty:
            return owner
        default:
            return .unknown("~")
        }
    }

    func anchor(_ item: String, _ name: String) -> CodeValue {
        guard name.hasSuffix("Anchor"), let attribute = LayoutAttribute(name: String(name.dropLast("Anchor".count))) else { return .unknown("~") }
        return .anchor(item, attribute)
    }

    /// `CGRect(x:y:width:height:)`, `UIEdgeInsets(top:left:bottom:right:)`, … from labelled numbers.
    func geometry(_ type: String, _ arguments: [(String?, CodeValue)]) -> CodeValue? {
        var numbers: [String: Double] = [:]
        var values: [String: CodeValue] = [:]
        for (label, value) in arguments {
            if let label { values[label] = value; if let n = asNumber(value) { numbers[label] = n } }
        }
        func n(_ key: String) -> Double? { numbers[key] }
        switch type {
        case "CGRect":
            if let x = n("x"), let y = n("y"), let w = n("width"), let h = n("height") { return .rect(Rect(x: x, y: y, width: w, height: h)) }
            if case let .size(x, y) = values["origin"], case let .size(w, h) = values["size"] { return .rect(Rect(x: x, y: y, width: w, height: h)) }
        case "CGSize":
            if let w = n("width"), let h = n("height") { return .size(w, h) }
        case "CGPoint":
            if let x = n("x"), let y = n("y") { return .size(x, y) }
        case "UIEdgeInsets":
            if let t = n("top"), let l = n("left"), let b = n("bottom"), let r = n("right") { return .insets(EdgeInsets(top: t, left: l, bottom: b, right: r)) }
        case "NSDirectionalEdgeInsets":
            if let t = n("top"), let l = n("leading"), let b = n("bottom"), let r = n("trailing") {
                return .directionalInsets(EdgeInsets(top: t, left: l, bottom: b, right: r))
            }
        default: break
        }
        return nil
    }

    /// `UIFont.systemFont(ofSize:weight:)`, `.boldSystemFont(ofSize:)`, `preferredFont(forTextStyle:)`,
    /// `UIFont(name:size:)`: the label properties they stand for.
    func font(_ method: String, _ arguments: [(String?, CodeValue)], at node: some SyntaxProtocol) -> CodeValue? {
        let size = arguments.first { $0.0 == "ofSize" || $0.0 == "size" }.flatMap { asNumber($0.1) }
        var weight: FontWeight?
        if let value = arguments.first(where: { $0.0 == "weight" })?.1, case let .member(w) = value { weight = FontWeight(codeName: w) }
        switch method {
        case "systemFont", "monospacedDigitSystemFont", "monospacedSystemFont":
            // SF Mono for the monospaced system font; digits are the system font's (strut has
            // no figures for its tabular digits).
            guard let size else { return nil }
            let face = method == "monospacedSystemFont" ? FontFace.systemMonospaced : .system
            return .font([.fontFace(face), .font(size)] + (weight.map { [.weight($0)] } ?? []))
        case "boldSystemFont":
            guard let size else { return nil }
            return .font([.fontFace(.system), .font(size), .weight(.bold)])
        case "italicSystemFont":
            guard let size else { return nil }
            return .font([.fontFace(.system), .font(size), .italic(true)])
        case "preferredFont":
            guard case let .member(name) = arguments.first?.1, let style = TextStyle(rawValue: name) else { return nil }
            return .font([.textStyle(style)])
        case "init", "UIFont":
            guard case let .string(fontName) = arguments.first(where: { $0.0 == "name" })?.1, let size else { return nil }
            if let face = FontFace(fontName: fontName) { return .font([.fontFace(face), .font(size)]) }
            skip(node, "font '\(fontName)' is not one strut measures: the system font is used")
            return .font([.fontFace(.system), .font(size)])
        default:
            return nil
        }
    }
}
