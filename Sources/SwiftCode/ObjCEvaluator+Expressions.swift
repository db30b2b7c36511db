import LayoutEngine
import VisualFormat

extension ObjCEvaluator {
    // MARK: - Expressions

    func evaluate(_ expr: ObjCExpr, naming name: String? = nil) -> CodeValue {
        switch expr {
        case let .number(n, _): return n.isFinite ? .number(n) : .unknown("~")
        case let .string(s, _): return .string(s)
        case let .ident(word, _): return lookUp(word)
        case .nothing: return .nothing
        case let .array(items, _): return .array(items.map { evaluate($0) }.filter { if case .nothing = $0 { false } else { true } })
        case let .dictionary(pairs, _):
            var result: [(String, CodeValue)] = []
            for (key, value) in pairs {
                guard case let .string(text) = evaluate(key) else { return .unknown("~") }
                result.append((text, evaluate(value)))
            }
            return .dictionary(result)
        case let .block(parameters, body, _):
            blocks.append(Block(parameters: parameters, body: body, captured: frame))
            return .member("block:\(blocks.count - 1)")
        case let .unary(op, inner, _):
            let value = evaluate(inner, naming: name)
            switch (op, value) {
            case let ("-", .number(n)): return .number(-n)
            case ("+", .number), ("&", _), ("*", _): return value
            case ("!", _): return truth(value).map { .bool(!$0) } ?? .unknown("~")
            default: return .unknown("~")
            }
        case let .binary(op, left, right, _):
            return binary(op, left, right)
        case let .ternary(condition, then, otherwise, place):
            switch truth(evaluate(condition)) {
            case .some(true): return evaluate(then, naming: name)
            case .some(false): return evaluate(otherwise, naming: name)
            case .none:
                say(place, "?", "a condition strut cannot decide: the first value is taken")
                return evaluate(then, naming: name)
            }
        case let .assign(op, target, value, place):
            return assign(op, target, value, place)
        case let .subscriptAccess(base, index, _):
            switch (evaluate(base), evaluate(index)) {
            case let (.array(items), .number(k)) where k >= 0 && Int(k) < items.count: return items[Int(k)]
            case let (.dictionary(pairs), .string(key)): return pairs.first { $0.0 == key }?.1 ?? .nothing
            default: return .unknown("~")
            }
        case let .member(base, property, place):
            return member(base, property, place, naming: name)
        case let .message(receiver, selector, arguments, place):
            reached.insert("\(place.file):\(place.line):\(place.column)")
            return messageValue(receiver, selector, arguments, place, naming: name)
        case let .call(callee, arguments, place):
            reached.insert("\(place.file):\(place.line):\(place.column)")
            return callValue(callee, arguments, place, naming: name)
        }
    }

    func binary(_ op: String, _ left: ObjCExpr, _ right: ObjCExpr) -> CodeValue {
        let a = evaluate(left)
        if op == "&&" { if truth(a) == false { return .bool(false) }; let b = truth(evaluate(right)); return b.map { .bool($0 && truth(a) == true) } ?? .unknown("~") }
        if op == "||" { if truth(a) == true { return .bool(true) }; return truth(evaluate(right)).map(CodeValue.bool) ?? .unknown("~") }
        if op == "?:" { return truth(a) == true ? a : evaluate(right) }
        let b = evaluate(right)
        if op == "|" {
            // Option sets: `UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight`.
            if case let .array(x) = a { return .array(x + (b.arrayItems ?? [b])) }
            if case .member = a { return .array([a] + (b.arrayItems ?? [b])) }
        }
        if op == "==" || op == "!=" {
            let same: Bool?
            switch (a, b) {
            case let (.number(x), .number(y)): same = x == y
            case let (.member(x), .member(y)): same = x == y
            case let (.view(x), .view(y)): same = x == y
            case (.nothing, .nothing): same = true
            case (.nothing, _), (_, .nothing): same = false
            default: same = nil
            }
            return same.map { .bool(op == "==" ? $0 : !$0) } ?? .unknown("~")
        }
        guard let x = asNumber(a), let y = asNumber(b) else { return .unknown("~") }
        switch op {
        case "+": return .number(x + y)
        case "-": return .number(x - y)
        case "*": return .number(x * y)
        case "/": return y == 0 ? .unknown("~") : .number(x / y)
        case "%": return y == 0 ? .unknown("~") : .number(x.truncatingRemainder(dividingBy: y))
        case "<": return .bool(x < y)
        case ">": return .bool(x > y)
        case "<=": return .bool(x <= y)
        case ">=": return .bool(x >= y)
        default: return .unknown("~")
        }
    }

    static let constants: [String: Double] = [
        "UILayoutPriorityRequired": 1000, "UILayoutPriorityDefaultHigh": 750, "UILayoutPriorityDefaultLow": 250,
        "UILayoutPriorityFittingSizeLevel": 50, "MASLayoutPriorityRequired": 1000, "MASLayoutPriorityDefaultHigh": 750,
        "MASLayoutPriorityDefaultMedium": 500, "MASLayoutPriorityDefaultLow": 250, "MASLayoutPriorityFittingSizeLevel": 50,
        "UIViewNoIntrinsicMetric": -1, "CGFLOAT_MAX": 1e9, "YES": 1, "NO": 0, "true": 1, "false": 0, "NSNotFound": -1,
        "UIStackViewSpacingUseSystem": 8, "UIStackViewSpacingUseDefault": 3.4028234663852886e38,
    ]

    static let foundationClasses: Set<String> = [
        "NSLayoutConstraint", "UIButtonConfiguration", "NSArray", "NSMutableArray", "NSDictionary", "NSMutableDictionary", "NSString", "NSNumber", "UIFont",
        "UIColor", "UIScreen", "UIDevice", "UIImage", "UIApplication", "UIBezierPath", "NSBundle", "NSNotificationCenter", "NSAttributedString",
        "NSMutableAttributedString", "UILayoutGuide", "NSLayoutAnchor", "UITapGestureRecognizer", "UIBarButtonItem", "UINavigationItem",
        "NSMutableParagraphStyle", "CAGradientLayer", "CALayer", "NSUserDefaults", "NSIndexPath", "UIFontMetrics",
    ]

    func lookUp(_ word: String) -> CodeValue {
        for scope in frame.scopes.reversed() { if let value = scope[word] { return value } }
        if let value = fields[key(frame.this)]?[word] { return value }
        switch word {
        case "self": return frame.this
        case "nil", "NULL", "Nil": return .nothing
        case "YES", "true": return .bool(true)
        case "NO", "false": return .bool(false)
        case "CGRectZero": return .rect(Rect(x: 0, y: 0, width: 0, height: 0))
        case "CGSizeZero", "CGPointZero": return .size(0, 0)
        case "UIEdgeInsetsZero": return .insets(EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        default: break
        }
        if let n = Self.constants[word] { return .number(n) }
        if let cached = fields["@globals"]?[word] { return cached }
        if let global = globals[word] {
            let value = evaluate(global, naming: word)
            fields["@globals", default: [:]][word] = value
            return value
        }
        // A property's ivar (`_titleLabel`): what the code stored, else nil (as a lazy getter finds it).
        if word.hasPrefix("_"), word.count > 1, dynamicClass(of: frame.this) != nil {
            return fields[key(frame.this)]?[String(word.dropFirst())] ?? .nothing
        }
        if classes[word] != nil || SwiftEvaluator.uikitViewClasses.contains(word) || Self.foundationClasses.contains(word) {
            return .member("type:" + word)
        }
        // Enum constants: `NSLayoutAttributeLeading`, `UILayoutConstraintAxisHorizontal`, `UIButtonTypeCustom`.
        if word.hasPrefix("NS") || word.hasPrefix("UI") || word.hasPrefix("MAS") || word.hasPrefix("k") && word.count > 1 && word.dropFirst().first!.isUppercase {
            if word.hasPrefix("k") { return .unknown("`\(word)`: a constant outside the files read") }
            return .member(word)
        }
        if word.first?.isUppercase == true { return .member("type:" + word) }
        return .unknown("`\(word)`: a value from outside the files read")
    }

    /// `a.b`: a property of a view (anchors, guides, frame), a getter of the files' classes,
    /// Masonry's attributes, a struct's field.
    func member(_ baseExpr: ObjCExpr, _ propertyName: String, _ place: ObjCPlace, naming: String?) -> CodeValue {
        let base = evaluate(baseExpr, naming: naming)
        if case let .member(type) = base, type.hasPrefix("type:") {
            // `UIView.new`, `UIColor.redColor`: a class method without arguments.
            return classMessage(String(type.dropFirst(5)), propertyName, [], place, naming: naming)
        }
        if case .snapMaker = base { currentPlace = baseExpr.place }
        return property(of: base, propertyName, place)
    }

    func property(of base: CodeValue, _ name: String, _ place: ObjCPlace) -> CodeValue {
        if let type = dynamicClass(of: base) {
            if let value = fields[key(base)]?[name] { return value }
            if let (getter, owner) = method(name, of: type) { return invoke(getter, owner: owner, this: base, arguments: [], at: place) }
            // A property the header declares (not read) that names a view (`lab_title`,
            // `avatarView`): one a nib or the code elsewhere makes, standing in under root.
            if let stand = standIn(name, of: base, type: type, place) { return stand }
        }
        switch base {
        case let .view(view):
            if let value = fields[view]?[name] { return value }
            switch name {
            case "contentView", "view", "titleLabel": return base
            case "safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide":
                return .guide(Hierarchy.systemGuideName(SystemGuide(rawValue: name)!, of: view))
            case "contentLayoutGuide" where world.isScrollView(view), "frameLayoutGuide" where world.isScrollView(view):
                return .guide(world.scrollGuide(name, of: view, at: self.place(place)))
            case "frame", "bounds": return world.rectValue(name, of: view)
            case "subviews": return .array(world.children(of: view).map(CodeValue.view))
            case "superview": return world.parent(of: view).map(CodeValue.view) ?? .nothing
            case "constraints":
                return .array(world.constraints.indices.filter {
                    let c = world.constraint($0)
                    return c.active && !c.removed && world.installer(of: c.spec) == view
                }.map(CodeValue.constraint))
            case "layer", "imageView", "textLabel", "detailTextLabel": return .member("cosmetic")
            case "traitCollection": return .traits
            default: break
            }
            if name == "mas_safeAreaLayoutGuide" { return .guide(Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: view)) }
            if name.hasPrefix("mas_") || ["top", "bottom", "left", "right", "leading", "trailing", "width", "height", "centerX", "centerY",
                                         "baseline", "edges", "size", "center"].contains(name) {
                let word = name.hasPrefix("mas_") ? String(name.dropFirst(4)) : name
                if let attributes = SwiftEvaluator.snapAttributeNames(word) { return .snapTarget(view, attributes) }
                if word.hasPrefix("safeAreaLayoutGuide"), let attributes = SwiftEvaluator.snapAttributeNames(lowerFirst(String(word.dropFirst(19)))) {
                    return .snapTarget(Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: view), attributes)
                }
            }
            if name.hasSuffix("Anchor"), let attribute = LayoutAttribute(name: String(name.dropLast(6))) { return .anchor(view, attribute) }
            return .unknown("`\(name)`: a property strut does not know (its class's header or another file has it)")
        case .controller:
            if let value = fields["@controller"]?[name] { return value }
            switch name {
            case "view": return .view("root")
            case "traitCollection": return .traits
            case "topLayoutGuide": return .legacyGuide(top: true)
            case "bottomLayoutGuide": return .legacyGuide(top: false)
            case "mas_topLayoutGuide", "mas_topLayoutGuideBottom":
                return .snapTarget(Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: "root"), [.top])
            case "mas_bottomLayoutGuide", "mas_bottomLayoutGuideTop":
                return .snapTarget(Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: "root"), [.bottom])
            case "navigationController", "navigationItem", "tabBarController": return .member("cosmetic")
            default: return .unknown("`\(name)`: a property strut does not know (its class's header or another file has it)")
            }
        case let .guide(guide):
            if name.hasSuffix("Anchor"), let attribute = LayoutAttribute(name: String(name.dropLast(6))) { return .anchor(guide, attribute) }
            if name.hasPrefix("mas_"), let attributes = SwiftEvaluator.snapAttributeNames(String(name.dropFirst(4))) { return .snapTarget(guide, attributes) }
            return .unknown("~")
        case let .legacyGuide(top):
            let safe = Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: "root")
            if name == "bottomAnchor" && top { return .anchor(safe, .top) }
            if name == "topAnchor" && !top { return .anchor(safe, .bottom) }
            if name == "mas_bottom" && top { return .snapTarget(safe, [.top]) }
            if name == "mas_top" && !top { return .snapTarget(safe, [.bottom]) }
            if name == "length" { return .number(0) }
            return .unknown("~")
        case .rect, .size, .insets, .directionalInsets:
            return base.geometryMember(name) ?? .unknown("~")
        case let .constraint(index):
            switch name {
            case "constant": return .number(world.constraint(index).spec.constant)
            case "active": return .bool(world.constraint(index).active)
            default: return .unknown("~")
            }
        case .traits:
            let traits = world.engine.hierarchy.traits
            switch name {
            case "horizontalSizeClass": return .member(traits.horizontalSizeClass == .compact ? "UIUserInterfaceSizeClassCompact" : "UIUserInterfaceSizeClassRegular")
            case "verticalSizeClass": return .member(traits.verticalSizeClass == .compact ? "UIUserInterfaceSizeClassCompact" : "UIUserInterfaceSizeClassRegular")
            case "userInterfaceIdiom": return .member(world.engine.hierarchy.device?.idiom == .pad ? "UIUserInterfaceIdiomPad" : "UIUserInterfaceIdiomPhone")
            default: return .unknown("~")
            }
        case let .array(items):
            if name == "count" { return .number(Double(items.count)) }
            if name == "firstObject" { return items.first ?? .nothing }
            if name == "lastObject" { return items.last ?? .nothing }
            return .unknown("~")
        case let .snapMaker(view):
            guard let attributes = SwiftEvaluator.snapAttributeNames(name) else { return .unknown("`make.\(name)`: an attribute Masonry has not") }
            snapChains.append(SnapChain(view: view, attributes: attributes, location: self.place(currentPlace ?? place)))
            return .snapChain(snapChains.count - 1)
        case let .snapChain(k):
            if name == "with" || name == "and" { return base }
            if let attributes = SwiftEvaluator.snapAttributeNames(name) {
                snapChains[k].attributes += attributes
                return base
            }
            // `.equalTo`, `.offset`, …: a block property, called next.
            return .member("chain:\(k):\(name)")
        case .member("cosmetic"):
            return base
        case .member("device"):
            if name == "userInterfaceIdiom" { return .member(world.engine.hierarchy.device?.idiom == .pad ? "UIUserInterfaceIdiomPad" : "UIUserInterfaceIdiomPhone") }
            return .unknown("~")
        case .member("screen"):
            if name == "bounds" {
                let root = world.engine.hierarchy.view(named: "root")!.frame
                return .rect(Rect(x: 0, y: 0, width: root.width, height: root.height))
            }
            if name == "scale" { return .number(world.engine.hierarchy.traits.displayScale) }
            return .unknown("~")
        case let .unknown(reason):
            return .unknown(reason)
        default:
            return .unknown("~")
        }
    }

    func lowerFirst(_ word: String) -> String { word.prefix(1).lowercased() + word.dropFirst() }
    /// An enum constant's case as Swift names it: `UIStackViewAlignmentLeading` after
    /// `UIStackViewAlignment` is `leading`; nil when the constant has another prefix.
    func constant(_ name: String, after prefix: String) -> String? {
        name.hasPrefix(prefix) ? lowerFirst(String(name.dropFirst(prefix.count))) : nil
    }

    static let uikitProperties: Set<String> = [
        "view", "contentView", "backgroundView", "selectedBackgroundView", "accessoryView", "layer", "window", "superview", "subviews",
        "navigationController", "navigationItem", "tabBarController", "scrollView", "inputView", "inputAccessoryView", "tableView",
        "collectionView", "safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide", "frame", "bounds", "center", "traitCollection",
    ]

    func standIn(_ name: String, of base: CodeValue, type: String, _ place: ObjCPlace) -> CodeValue? {
        guard !(classes[type]?.properties.contains { $0.name == name } ?? false), !Self.uikitProperties.contains(name) else { return nil }
        // A cell's own labels and image view are its content view's subviews.
        let cellParts = ["textLabel", "detailTextLabel", "imageView"]
        if cellParts.contains(name), !(uikitAncestor(of: type)?.hasSuffix("Cell") ?? false) { return nil }
        let prefixes = ["lab": "UILabel", "lbl": "UILabel", "btn": "UIButton", "img": "UIImageView", "iv": "UIImageView", "txf": "UITextField",
                        "tf": "UITextField", "view": "UIView"]
        let head = name.split(separator: "_").first.map(String.init) ?? ""
        let capitalized = name.prefix(1).uppercased() + name.dropFirst()
        let uikit = cellParts.contains(name) ? (name == "imageView" ? "UIImageView" : "UILabel")
            : name.contains("_") ? prefixes[head] : SwiftEvaluator.outsideViewClass(capitalized)
        guard let uikit else { return nil }
        let (kind, documentClass) = ViewKind.of(className: uikit)
        let location = self.place(place)
        let view = world.makeView(className: uikit, kind: kind, documentClass: documentClass, name: name, at: location)
        world.setProperty(.autoresizing(false), of: view, at: location)
        world.add(view, to: "root", location: location)
        say(place, name, "`\(name)`: a property the header declares (not read), taken as a \(uikit) a nib makes under root")
        fields[key(base), default: [:]][name] = .view(view)
        return .view(view)
    }
}

extension CodeValue {
    var arrayItems: [CodeValue]? {
        if case let .array(items) = self { return items }
        return nil
    }
}
