import LayoutEngine
import SwiftSyntax
import VisualFormat

/// A SnapKit line being read: `make.leading.trailing.equalTo(card).inset(16).priority(.high)`.
struct SnapChain {
    enum Target {
        case item(String, [LayoutAttribute])
        case superview
        case constant(Double)
        case size(Double, Double)
    }

    var view: String
    var attributes: [LayoutAttribute]
    var location: CodeLayout.Location
    var relation: LayoutRelation = .equal
    var target: Target?
    var offset = 0.0
    var inset: EdgeInsets?
    var multiplier = 1.0
    var priority: LayoutPriority = .required
    var label: String?
    var made: [Int]?

    /// SnapKit's inset on an attribute: inward from each edge, a size smaller by both sides.
    static func inset(_ e: EdgeInsets, _ attribute: LayoutAttribute) -> Double {
        switch attribute {
        case .left, .leading, .leftMargin, .leadingMargin: e.left
        case .top, .topMargin, .firstBaseline: e.top
        case .right, .trailing, .rightMargin, .trailingMargin: -e.right
        case .bottom, .bottomMargin, .lastBaseline: -e.bottom
        case .width: -(e.left + e.right)
        case .height: -(e.top + e.bottom)
        case .centerX, .centerXWithinMargins: (e.left - e.right) / 2
        case .centerY, .centerYWithinMargins: (e.top - e.bottom) / 2
        default: 0
        }
    }
}

extension SwiftEvaluator {
    // MARK: - Anchors

    /// `a.topAnchor.constraint(equalTo: b.bottomAnchor, constant: 8)` and every other form.
    func anchorConstraint(_ item: String, _ attribute: LayoutAttribute, _ call: FunctionCallExprSyntax, at token: some SyntaxProtocol,
                          firstLabel: String? = nil) -> CodeValue {
        said(makeAnchorConstraint(item, attribute, call, at: token, firstLabel: firstLabel), at: token)
    }

    /// Swift 2's `constraintEqualToAnchor(_:constant:)` and kin: the label today's form has.
    static func swift2AnchorLabel(_ method: String) -> String? {
        let forms = ["constraintEqualToAnchor": "equalTo", "constraintGreaterThanOrEqualToAnchor": "greaterThanOrEqualTo",
                     "constraintLessThanOrEqualToAnchor": "lessThanOrEqualTo", "constraintEqualToConstant": "equalToConstant",
                     "constraintGreaterThanOrEqualToConstant": "greaterThanOrEqualToConstant",
                     "constraintLessThanOrEqualToConstant": "lessThanOrEqualToConstant"]
        return forms[method]
    }

    /// A constraint call that could not be read is said at its own place (inside an array of
    /// them, the statement is not the place); the unknown it gives is said already.
    func said(_ value: CodeValue, at token: some SyntaxProtocol) -> CodeValue {
        guard case let .unknown(reason) = value, !reason.isEmpty else { return value }
        skip(token, reason.hasPrefix("~") ? "a constraint strut cannot read" : reason)
        return .unknown("")
    }

    func makeAnchorConstraint(_ item: String, _ attribute: LayoutAttribute, _ call: FunctionCallExprSyntax, at token: some SyntaxProtocol,
                              firstLabel: String?) -> CodeValue {
        var spec = ConstraintSpec(firstItem: item, firstAttribute: attribute, relation: .equal)
        var systemSpacing = false
        for (k, argument) in call.arguments.enumerated() {
            let label = k == 0 ? firstLabel ?? argument.label?.text ?? "" : argument.label?.text ?? ""
            let value = evaluate(argument.expression)
            let relation: LayoutRelation = label.hasPrefix("greater") ? .greaterThanOrEqual : label.hasPrefix("less") ? .lessThanOrEqual : .equal
            switch (label, value) {
            case let (_, .anchor(other, otherAttribute)) where label.hasPrefix("equalTo") || label.hasPrefix("greater") || label.hasPrefix("less"):
                spec.secondItem = other
                spec.secondAttribute = otherAttribute
                spec.relation = relation
                systemSpacing = label.contains("SystemSpacing")
            case (_, .legacyGuide):
                return .unknown("an anchor of a legacy layout guide strut does not know")
            case (_, _) where label.hasSuffix("Constant"):
                guard let c = number(value, argument) else { return .unknown("~") }
                spec.constant = c
                spec.relation = relation
            case ("constant", _):
                guard let c = number(value, argument) else { return .unknown("~") }
                spec.constant = c
            case ("multiplier", _):
                guard let m = number(value, argument) else { return .unknown("~") }
                spec.multiplier = m
            case ("priority", _):
                guard let p = asPriority(value) else { return .unknown("~") }
                spec.priority = p
            default:
                return .unknown("`\(argument.trimmedDescription)`: \(reasonOf(value))")
            }
        }
        // System spacing is 8 points (UIKit's standard spacing between siblings), times the multiplier.
        if systemSpacing {
            spec.constant = 8 * spec.multiplier
            spec.multiplier = 1
        }
        return .constraint(world.makeConstraint(spec, at: location(of: token)))
    }

    /// A number the constraint needs: one from outside the files read (`UX.padding`) is taken
    /// as 0, and said.
    func number(_ value: CodeValue, _ node: some SyntaxProtocol) -> Double? {
        if let n = asNumber(value) { return n }
        // `constant: .padding`: a static member an extension gives CGFloat (or Double): the
        // files' own, else one from outside them.
        if case let .member(name) = value {
            for type in ["CGFloat", "Double", "Float", "Int"] where program.staticValue(name, in: type) != nil {
                if let n = asNumber(staticMember(type, name)) { return n }
            }
            skip(node, "`.\(name)`: a number from outside the files read; taken as 0")
            return 0
        }
        guard value.isUnknown else { return nil }
        skip(node, "\(reasonOf(value).replacingOccurrences(of: "a value", with: "a number")); taken as 0")
        return 0
    }

    // MARK: - NSLayoutConstraint(item:…)

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`,
    /// Swift 2's `.Left` and `.Equal` too.
    func itemConstraint(_ call: FunctionCallExprSyntax) -> CodeValue {
        // `NSLayoutConstraint()`: a placeholder a property starts with.
        if call.arguments.isEmpty { return .nothing }
        return said(makeItemConstraint(call), at: call.calledExpression)
    }

    func makeItemConstraint(_ call: FunctionCallExprSyntax) -> CodeValue {
        let arguments = Array(call.arguments)
        guard arguments.first?.label?.text == "item", arguments.count >= 4 else { return .unknown("an NSLayoutConstraint initializer strut does not know") }
        var first: String?
        var second: String?
        var attributes: [LayoutAttribute?] = []
        var relation = LayoutRelation.equal
        var multiplier = 1.0
        var constant = 0.0
        for argument in arguments {
            let value = evaluate(argument.expression)
            switch argument.label?.text ?? "" {
            case "item", "toItem":
                var name: String?
                switch value {
                case let .view(v), let .guide(v): name = v
                case .nothing: name = nil
                case .legacyGuide: return .unknown("a legacy layout guide as an item: not read yet")
                default: return .unknown("`\(argument.expression.trimmedDescription)`: \(reasonOf(value))")
                }
                if argument.label?.text == "item" { first = name } else { second = name }
            case "attribute":
                guard case let .member(raw) = value else { return .unknown("an attribute strut does not know") }
                let word = raw.hasPrefix("type:") ? String(raw.dropFirst(5)) : raw
                let lower = word.prefix(1).lowercased() + word.dropFirst()
                if lower == "notAnAttribute" { attributes.append(nil); continue }
                guard let attribute = LayoutAttribute(name: lower == "baseline" ? "lastBaseline" : lower) else {
                    return .unknown("attribute `\(word)`: not one UIKit has")
                }
                attributes.append(attribute)
            case "relatedBy":
                guard case let .member(raw) = value else { return .unknown("a relation strut does not know") }
                switch raw.lowercased().replacingOccurrences(of: "type:", with: "") {
                case "equal": relation = .equal
                case "lessthanorequal": relation = .lessThanOrEqual
                case "greaterthanorequal": relation = .greaterThanOrEqual
                default: return .unknown("a relation strut does not know")
                }
            case "multiplier":
                guard let m = number(value, argument) else { return .unknown("~") }
                multiplier = m
            case "constant":
                guard let c = number(value, argument) else { return .unknown("~") }
                constant = c
            default:
                return .unknown("an NSLayoutConstraint initializer strut does not know")
            }
        }
        guard let firstItem = first, let firstAttribute = attributes.first ?? nil else {
            return .unknown("a constraint without a first item or attribute")
        }
        var spec = ConstraintSpec(firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, multiplier: multiplier, constant: constant)
        let secondAttribute = attributes.count > 1 ? attributes[1] : nil
        // `multiplier: 0` with a second item is a constant (a trick of some code): UIKit drops the item.
        if let second, let secondAttribute, multiplier != 0 {
            spec.secondItem = second
            spec.secondAttribute = secondAttribute
        } else {
            spec.multiplier = 1
        }
        return .constraint(world.makeConstraint(spec, at: location(of: call.calledExpression)))
    }

    // MARK: - Visual format

    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`, read by strut's
    /// VFL parser: constraints made on the call's line, not active until activated.
    func visualFormat(_ call: FunctionCallExprSyntax, at token: some SyntaxProtocol) -> CodeValue {
        said(makeVisualFormat(call, at: token), at: token)
    }

    func makeVisualFormat(_ call: FunctionCallExprSyntax, at token: some SyntaxProtocol) -> CodeValue {
        var format: String?
        var options = VisualFormatOptions()
        var metrics: [String: Double] = [:]
        var views: [String: String] = [:]
        for argument in call.arguments {
            let value = evaluate(argument.expression)
            switch (argument.label?.text ?? "", value) {
            case let ("withVisualFormat", .string(text)): format = text
            case ("options", _):
                let items: [CodeValue] = if case let .array(items) = value { items } else { [value] }
                for item in items {
                    switch item {
                    case let .member(raw):
                        let word = raw.replacingOccurrences(of: "type:", with: "")
                        let lower = word.prefix(1).lowercased() + word.dropFirst()
                        guard let option = VisualFormatOptions.names.first(where: { $0.0 == lower })?.1 else {
                            return .unknown("option `\(word)`: not one UIKit has")
                        }
                        options.insert(option)
                    case .number(0), .nothing: break
                    default: return .unknown("options strut does not know")
                    }
                }
            case let ("metrics", .dictionary(pairs)):
                for (key, metric) in pairs {
                    guard let n = asNumber(metric) else { return .unknown("metric `\(key)`: a value strut does not know") }
                    metrics[key] = n
                }
            case ("metrics", .nothing): break
            case let ("views", .dictionary(pairs)):
                for (key, view) in pairs {
                    switch view {
                    case let .view(name), let .guide(name): views[key] = name
                    default: return .unknown("view `\(key)` of the format: \(reasonOf(view))")
                    }
                }
            default:
                return .unknown("`\(argument.trimmedDescription)`: \(reasonOf(value))")
            }
        }
        guard let format else { return .unknown("a format strut does not know") }
        let world = self.world
        let parser = VisualFormatParser(format: format, options: options, metrics: metrics, views: Set(views.keys)) { key in
            views[key].flatMap { world.parent(of: $0) }
        }
        let specs: [ConstraintSpec]
        do {
            specs = try parser.constraints()
        } catch let error as VisualFormatError {
            return .unknown("Unable to parse constraint format: \(error.description)")
        } catch {
            return .unknown("\(error)")
        }
        let place = location(of: token)
        let made = specs.map { spec -> CodeValue in
            var spec = spec
            spec.firstItem = views[spec.firstItem] ?? spec.firstItem
            spec.secondItem = spec.secondItem.map { views[$0] ?? $0 }
            spec.name = nil
            return .constraint(world.makeConstraint(spec, at: place))
        }
        return .array(made)
    }

    // MARK: - SnapKit

    static func snapAttributeNames(_ name: String) -> [LayoutAttribute]? {
        switch name {
        case "edges": [.top, .left, .bottom, .right]
        case "directionalEdges": [.top, .leading, .bottom, .trailing]
        case "horizontalEdges": [.left, .right]
        case "verticalEdges": [.top, .bottom]
        case "directionalHorizontalEdges": [.leading, .trailing]
        case "directionalVerticalEdges": [.top, .bottom]
        case "size": [.width, .height]
        case "center": [.centerX, .centerY]
        case "margins": [.topMargin, .leftMargin, .bottomMargin, .rightMargin]
        case "directionalMargins": [.topMargin, .leadingMargin, .bottomMargin, .trailingMargin]
        case "centerWithinMargins": [.centerXWithinMargins, .centerYWithinMargins]
        case "baseline": [.lastBaseline]
        default: LayoutAttribute(name: name).map { [$0] }
        }
    }


    /// `view.snp.makeConstraints { make in … }` (also remake and update): the closure's lines,
    /// each a chain, made when it ends; SnapKit turns the view's autoresizing constraints off.
    func snapBlock(_ view: String, _ method: String, _ call: FunctionCallExprSyntax) -> CodeValue {
        let here = location(of: call)
        if method == "removeConstraints" {
            for index in world.snapConstraints(of: view) { world.removeSnap(index, at: here) }
            return .nothing
        }
        guard ["makeConstraints", "remakeConstraints", "updateConstraints", "prepareConstraints"].contains(method) else {
            return .unknown("`snp.\(method)`: not read")
        }
        guard case let .closure(closure, captured)? = arguments(call).last?.1 else { return .unknown("a SnapKit block strut cannot read") }
        world.setProperty(.autoresizing(false), of: view, at: here)
        let start = snapChains.count
        _ = callClosure(closure, captured: captured, arguments: [.snapMaker(view)])
        let made = (start..<snapChains.count).flatMap(finish)
        world.finishBlock(view: view, made: made, remake: method == "remakeConstraints", update: method == "updateConstraints",
                          activate: method != "prepareConstraints", at: here)
        snapChains.removeSubrange(start...)
        return .nothing
    }

    /// Makes a chain's constraints, once (`.constraint` asks for them before the block ends).
    func finish(_ k: Int) -> [Int] {
        if let made = snapChains[k].made { return made }
        let made = world.make(snapChains[k])
        snapChains[k].made = made
        return made
    }

    /// `.equalTo(…)`, `.offset(8)`, `.inset(16)`, `.multipliedBy(0.5)`, `.priority(.high)`, `.labeled("x")`.
    func snapModifier(_ owner: CodeValue, _ method: String, _ call: FunctionCallExprSyntax) -> CodeValue {
        guard case let .snapChain(k) = owner else { return .unknown("~") }
        let args = arguments(call)
        let value = args.first?.1
        switch method {
        case "equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo", "equalToSuperview", "greaterThanOrEqualToSuperview",
             "lessThanOrEqualToSuperview":
            snapChains[k].relation = method.hasPrefix("greater") ? .greaterThanOrEqual : method.hasPrefix("less") ? .lessThanOrEqual : .equal
            if method.hasSuffix("Superview") {
                snapChains[k].target = .superview
                return owner
            }
            switch value {
            case let .view(v)?, let .guide(v)?: snapChains[k].target = .item(v, [])
            case let .snapTarget(v, attributes)?: snapChains[k].target = .item(v, attributes)
            case let .size(w, h)?: snapChains[k].target = .size(w, h)
            case .legacyGuide(true)?: snapChains[k].target = .item(Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: "root"), [.top])
            case .legacyGuide(false)?: snapChains[k].target = .item(Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: "root"), [.bottom])
            case let v? where asNumber(v) != nil: snapChains[k].target = .constant(asNumber(v)!)
            case let v?:
                let node = call.arguments.first.map(Syntax.init) ?? Syntax(call)
                if case .unknown = v {
                    skip(node, "\(reasonOf(v).replacingOccurrences(of: "a value", with: "a number")); taken as 0")
                    snapChains[k].target = .constant(0)
                } else {
                    return .unknown("a SnapKit target strut does not know")
                }
            case nil: return .unknown("~")
            }
            return owner
        case "offset":
            guard let v = value else { return .unknown("~") }
            snapChains[k].offset += number(v, call.arguments.first!) ?? 0
            return owner
        case "inset", "insets":
            guard let v = value else { return .unknown("~") }
            if let e = asInsets(v) {
                snapChains[k].inset = e
            } else if number(v, call.arguments.first!) != nil {
                let n = asNumber(v) ?? 0
                snapChains[k].inset = EdgeInsets(top: n, left: n, bottom: n, right: n)
            }
            return owner
        case "multipliedBy", "dividedBy":
            guard let v = value, let n = asNumber(v), n != 0 else { return .unknown("a multiplier strut does not know") }
            snapChains[k].multiplier = method == "multipliedBy" ? n : 1 / n
            return owner
        case "priority":
            guard let v = value, let p = asPriority(v) else { return .unknown("a priority strut does not know") }
            snapChains[k].priority = p
            return owner
        case "priorityRequired", "priorityHigh", "priorityMedium", "priorityLow":
            snapChains[k].priority = ["priorityRequired": 1000, "priorityHigh": 750, "priorityMedium": 500, "priorityLow": 250][method]!
            return owner
        case "labeled":
            if case let .string(label)? = value { snapChains[k].label = label }
            return owner
        default:
            return .unknown("`\(method)` in a SnapKit line: not read")
        }
    }
}
