import LayoutEngine
import VisualFormat

extension ObjCEvaluator {
    func said(_ value: CodeValue, _ place: ObjCPlace, _ code: String) -> CodeValue {
        guard case let .unknown(reason) = value, !reason.isEmpty else { return value }
        say(place, code, reason.hasPrefix("~") ? "a constraint strut cannot read" : reason)
        return .unknown("")
    }

    // MARK: - Anchors

    /// `[a.topAnchor constraintEqualToAnchor:b.bottomAnchor constant:8]` and the other forms.
    func anchorMessage(_ item: String, _ attribute: LayoutAttribute, _ selector: String, _ arguments: [CodeValue], _ place: ObjCPlace) -> CodeValue {
        let parts = selector.split(separator: ":").map(String.init)
        guard let first = parts.first, first.hasPrefix("constraint") else { return .unknown("`\(selector)`: an anchor message strut does not know") }
        var spec = ConstraintSpec(firstItem: item, firstAttribute: attribute, relation: .equal)
        spec.relation = first.contains("GreaterThanOrEqual") ? .greaterThanOrEqual : first.contains("LessThanOrEqual") ? .lessThanOrEqual : .equal
        let systemSpacing = first.contains("SystemSpacing")
        for (part, value) in zip(parts, arguments) {
            if part.hasSuffix("Anchor") {
                guard case let .anchor(other, otherAttribute) = value else { return said(.unknown(reasonOf(value)), place, "constraint") }
                spec.secondItem = other
                spec.secondAttribute = otherAttribute
            } else if part.hasSuffix("Constant") || part == "constant" {
                guard let n = number(value, place) else { return said(.unknown("~"), place, "constraint") }
                spec.constant = n
            } else if part == "multiplier" {
                guard let n = asNumber(value) else { return said(.unknown("~"), place, "constraint") }
                spec.multiplier = n
            }
        }
        if systemSpacing {
            spec.constant = 8 * spec.multiplier
            spec.multiplier = 1
        }
        return .constraint(world.makeConstraint(spec, at: self.place(place)))
    }

    /// A number a constraint needs; one from outside the files read is taken as 0, and said.
    func number(_ value: CodeValue, _ place: ObjCPlace) -> Double? {
        if let n = asNumber(value) { return n }
        guard value.isUnknown else { return nil }
        say(place, "constant", "\(reasonOf(value).replacingOccurrences(of: "a value", with: "a number")); taken as 0")
        return 0
    }

    // MARK: - constraintWithItem:

    func itemConstraint(_ arguments: [CodeValue], _ expressions: [ObjCExpr], _ place: ObjCPlace) -> CodeValue {
        func item(_ value: CodeValue) -> String?? {
            switch value {
            case let .view(v), let .guide(v): return .some(v)
            case .nothing: return .some(nil)
            default: return nil
            }
        }
        func attribute(_ value: CodeValue) -> LayoutAttribute?? {
            guard case let .member(name) = value, name.hasPrefix("NSLayoutAttribute") else { return nil }
            let word = lowerFirst(String(name.dropFirst("NSLayoutAttribute".count)))
            if word == "notAnAttribute" { return .some(nil) }
            return LayoutAttribute(name: word == "baseline" ? "lastBaseline" : word).map { .some($0) }
        }
        guard arguments.count == 7, let first = item(arguments[0]), let firstItem = first, let firstAttribute = attribute(arguments[1]) ?? nil,
              case let .member(relationName) = arguments[2], let second = item(arguments[3]), let secondAttribute = attribute(arguments[4]) else {
            let bad = arguments.enumerated().first { k, value in
                (k == 0 || k == 3) ? item(value) == nil : (k == 1 || k == 4) ? attribute(value) == nil : false
            }
            return said(.unknown(bad.map { "`\(describe(expressions[$0.offset]))`: \(reasonOf($0.element))" } ?? "~"), place, "constraintWithItem")
        }
        let relation: LayoutRelation = relationName.hasSuffix("GreaterThanOrEqual") ? .greaterThanOrEqual : relationName.hasSuffix("LessThanOrEqual") ? .lessThanOrEqual : .equal
        guard let multiplier = asNumber(arguments[5]), let constant = number(arguments[6], place) else { return said(.unknown("~"), place, "constraintWithItem") }
        var spec = ConstraintSpec(firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, multiplier: 1, constant: constant)
        if let secondItem = second, let secondAttribute, multiplier != 0 {
            spec.secondItem = secondItem
            spec.secondAttribute = secondAttribute
            spec.multiplier = multiplier
        }
        return .constraint(world.makeConstraint(spec, at: self.place(place)))
    }

    func describe(_ expr: ObjCExpr) -> String {
        switch expr {
        case let .ident(word, _): word
        case let .member(base, name, _): describe(base) + "." + name
        case let .message(_, selector, _, _): "[… \(selector)]"
        default: "…"
        }
    }

    // MARK: - Visual format

    func visualFormat(_ arguments: [CodeValue], _ place: ObjCPlace) -> CodeValue {
        guard arguments.count == 4, case let .string(format) = arguments[0] else { return said(.unknown("a format strut does not know"), place, "constraintsWithVisualFormat") }
        var options = VisualFormatOptions()
        for case let .member(name) in arguments[1].arrayItems ?? [arguments[1]] {
            let word = lowerFirst(String(name.dropFirst("NSLayoutFormat".count)))
            if let option = VisualFormatOptions.names.first(where: { $0.0 == word })?.1 { options.insert(option) }
        }
        var metrics: [String: Double] = [:]
        if case let .dictionary(pairs) = arguments[2] {
            for (key, value) in pairs {
                guard let n = asNumber(value) else {
                    say(place, key, "metric `\(key)`: \(reasonOf(value).replacingOccurrences(of: "a value", with: "a number")); taken as 0")
                    metrics[key] = 0
                    continue
                }
                metrics[key] = n
            }
        }
        guard case let .dictionary(pairs) = arguments[3] else { return said(.unknown("the views of the format: \(reasonOf(arguments[3]))"), place, "constraintsWithVisualFormat") }
        var views: [String: String] = [:]
        for (key, value) in pairs {
            switch value {
            case let .view(name), let .guide(name): views[key] = name
            default: return said(.unknown("view `\(key)` of the format: \(reasonOf(value))"), place, "constraintsWithVisualFormat")
            }
        }
        let world = self.world
        let parser = VisualFormatParser(format: format, options: options, metrics: metrics, views: Set(views.keys)) { key in
            views[key].flatMap { world.parent(of: $0) }
        }
        do {
            let specs = try parser.constraints()
            return .array(specs.map { spec in
                var spec = spec
                spec.firstItem = views[spec.firstItem] ?? spec.firstItem
                spec.secondItem = spec.secondItem.map { views[$0] ?? $0 }
                spec.name = nil
                return .constraint(world.makeConstraint(spec, at: self.place(place)))
            })
        } catch let error as VisualFormatError {
            return said(.unknown("Unable to parse constraint format: \(error.description)"), place, "constraintsWithVisualFormat")
        } catch {
            return said(.unknown("\(error)"), place, "constraintsWithVisualFormat")
        }
    }

    // MARK: - Masonry

    /// `[view mas_makeConstraints:^(MASConstraintMaker *make) { … }]` (remake, update): the
    /// block's lines, each a chain, made when it ends; Masonry turns autoresizing off.
    func masonryBlock(_ view: String, _ selector: String, _ arguments: [CodeValue], _ place: ObjCPlace) -> CodeValue {
        let here = self.place(place)
        guard case let .member(tag)? = arguments.first, tag.hasPrefix("block:"), let index = Int(tag.dropFirst(6)) else {
            return .unknown("a Masonry block strut cannot read")
        }
        let mode = selector.contains("remake") ? "remake" : selector.contains("update") ? "update" : "make"
        world.setProperty(.autoresizing(false), of: view, at: here)
        let start = snapChains.count
        _ = callBlock(index, [.snapMaker(view)])
        let made = snapChains[start...].flatMap { world.make($0) }
        world.finishBlock(view: view, made: made, remake: mode == "remake", update: mode == "update", activate: true, at: here)
        snapChains.removeSubrange(start...)
        return .nothing
    }

    // MARK: - Calls

    /// `f(x)`: C functions (`CGRectMake`, `MAX`, `NSDictionaryOfVariableBindings`), a block, and
    /// Masonry's chained block properties (`.equalTo(view.mas_top)`, `.offset(8)`).
    func callValue(_ callee: ObjCExpr, _ argumentExprs: [ObjCExpr], _ place: ObjCPlace, naming: String?) -> CodeValue {
        if case let .ident(function, _) = callee {
            if function == "NSDictionaryOfVariableBindings" {
                return .dictionary(argumentExprs.compactMap { expr in
                    guard case let .ident(word, _) = expr else { return nil }
                    return (word, evaluate(expr))
                })
            }
            let arguments = argumentExprs.map { evaluate($0) }
            let numbers = arguments.compactMap(asNumber)
            switch function {
            case "CGRectMake" where numbers.count == 4: return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            case "CGSizeMake" where numbers.count == 2, "CGPointMake" where numbers.count == 2: return .size(numbers[0], numbers[1])
            case "UIEdgeInsetsMake" where numbers.count == 4:
                return .insets(EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]))
            case "NSDirectionalEdgeInsetsMake" where numbers.count == 4:
                return .directionalInsets(EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3]))
            // (A `where` holds for its own pattern only: each pattern has one.)
            case "MAX" where numbers.count == 2, "fmax" where numbers.count == 2, "fmaxf" where numbers.count == 2:
                return .number(max(numbers[0], numbers[1]))
            case "MIN" where numbers.count == 2, "fmin" where numbers.count == 2, "fminf" where numbers.count == 2:
                return .number(min(numbers[0], numbers[1]))
            case "ceil" where numbers.count == 1, "ceilf" where numbers.count == 1: return .number(numbers[0].rounded(.up))
            case "floor" where numbers.count == 1, "floorf" where numbers.count == 1: return .number(numbers[0].rounded(.down))
            case "round" where numbers.count == 1, "roundf" where numbers.count == 1: return .number(numbers[0].rounded())
            case "CGRectGetWidth", "CGRectGetHeight", "CGRectGetMinX", "CGRectGetMinY", "CGRectGetMaxX", "CGRectGetMaxY", "CGRectGetMidX", "CGRectGetMidY":
                guard case let .rect(r)? = arguments.first else { return .unknown("~") }
                let values = ["Width": r.width, "Height": r.height, "MinX": r.x, "MinY": r.y, "MaxX": r.x + r.width, "MaxY": r.y + r.height,
                              "MidX": r.x + r.width / 2, "MidY": r.y + r.height / 2]
                return .number(values[String(function.dropFirst("CGRectGet".count))]!)
            case "NSLocalizedString": return arguments.first ?? .unknown("~")
            // `MASAttachKeys(a, b)`: names Masonry gives views in its logs (strut's are the variables').
            case "NSLog", "NSAssert", "assert", "MASAttachKeys": return .nothing
            default: break
            }
            if case let .member(tag) = lookUp(function), tag.hasPrefix("block:"), let index = Int(tag.dropFirst(6)) { return callBlock(index, arguments) }
            return .unknown("`\(function)(…)`: a function outside the files read")
        }
        let target = evaluate(callee)
        let arguments = argumentExprs.map { evaluate($0) }
        guard case let .member(tag) = target, tag.hasPrefix("chain:") else {
            if case let .member(block) = target, block.hasPrefix("block:"), let index = Int(block.dropFirst(6)) { return callBlock(index, arguments) }
            return .unknown(reasonOf(target))
        }
        let parts = tag.split(separator: ":")
        let k = Int(parts[1])!
        var name = String(parts[2])
        if name.hasPrefix("mas_") { name = String(name.dropFirst(4)) }
        let value = arguments.first
        switch name {
        case "equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo":
            snapChains[k].relation = name.hasPrefix("greater") ? .greaterThanOrEqual : name.hasPrefix("less") ? .lessThanOrEqual : .equal
            switch value {
            case let .view(v)?, let .guide(v)?: snapChains[k].target = .item(v, [])
            case let .snapTarget(v, attributes)?: snapChains[k].target = .item(v, attributes)
            case let .size(w, h)?: snapChains[k].target = .size(w, h)
            case let .array(items)?:
                // `equalTo(@[a, b])`: one constraint for each.
                for (n, item) in items.enumerated() {
                    var chain = snapChains[k]
                    switch item {
                    case let .view(v): chain.target = .item(v, [])
                    case let .snapTarget(v, attributes): chain.target = .item(v, attributes)
                    default: continue
                    }
                    if n == 0 { snapChains[k] = chain } else { snapChains.append(chain) }
                }
            case let v? where asNumber(v) != nil: snapChains[k].target = .constant(asNumber(v)!)
            case let v?:
                say(place, "equalTo", "\(reasonOf(v).replacingOccurrences(of: "a value", with: "a number")); taken as 0")
                snapChains[k].target = .constant(0)
            case nil: return .unknown("~")
            }
        case "offset":
            snapChains[k].offset += value.flatMap { number($0, place) } ?? 0
        case "inset":
            let n = value.flatMap { number($0, place) } ?? 0
            snapChains[k].inset = EdgeInsets(top: n, left: n, bottom: n, right: n)
        case "insets":
            if let e = value.flatMap(asInsets) { snapChains[k].inset = e }
        case "sizeOffset":
            if case let .size(w, h)? = value { snapChains[k].offset += 0; snapChains[k].inset = EdgeInsets(top: 0, left: 0, bottom: -h, right: -w) }
        case "centerOffset":
            if case let .size(x, y)? = value, snapChains[k].attributes.count == 2 { snapChains[k].inset = EdgeInsets(top: y * 2, left: x * 2, bottom: 0, right: 0) }
        case "multipliedBy", "dividedBy":
            guard let n = value.flatMap(asNumber), n != 0 else { return .unknown("a multiplier strut does not know") }
            snapChains[k].multiplier = name == "multipliedBy" ? n : 1 / n
        case "priority":
            guard let p = value.flatMap(asPriority) else { return .unknown("a priority strut does not know") }
            snapChains[k].priority = p
        case "priorityLow": snapChains[k].priority = 250
        case "priorityMedium": snapChains[k].priority = 500
        case "priorityHigh": snapChains[k].priority = 750
        case "priorityRequired": snapChains[k].priority = 1000
        case "key":
            if case let .string(label)? = value { snapChains[k].label = label }
        default:
            return .unknown("`\(name)` in a Masonry line: not read")
        }
        return .snapChain(k)
    }
}

/// The places in Objective-C files where constraints are made, whether or not the code runs
/// them: `constraintWithItem:…`, `constraintsWithVisualFormat:…`, an anchor's
/// `constraint…Anchor:`/`…Constant:`, and each Masonry line's relation.
enum ObjCConstraintCalls {
    struct Site {
        /// The key the evaluator marks when it runs the call (its place).
        var call: ObjCPlace
        /// Where the constraint is located (the `[`, or a Masonry line's `make`).
        var location: ObjCPlace
        var code: String
        var method: String
    }

    static let relations: Set<String> = ["equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo", "mas_equalTo", "mas_greaterThanOrEqualTo",
                                         "mas_lessThanOrEqualTo"]

    static func find(in files: [ObjCFile]) -> [Site] {
        var sites: [Site] = []
        for file in files {
            for type in file.classes {
                for method in type.methods { walk(method.body, method.selector, &sites) }
            }
        }
        return sites
    }

    static func isSite(selector: String) -> Bool {
        selector.hasPrefix("constraintWithItem:") || selector.hasPrefix("constraintsWithVisualFormat:")
            || selector.hasPrefix("constraint") && (selector.contains("Anchor:") || selector.contains("Constant:"))
    }

    static func makeStart(_ expr: ObjCExpr) -> ObjCPlace? {
        var node = expr
        var steps = 0
        while true {
            switch node {
            case let .member(base, _, _): node = base; steps += 1
            case let .call(callee, _, _): node = callee
            case let .ident(word, place): return steps > 0 && (word == "make" || word == "maker") ? place : nil
            default: return nil
            }
        }
    }

    static func walk(_ statements: [ObjCStmt], _ method: String, _ sites: inout [Site]) {
        for statement in statements {
            switch statement {
            case let .expr(e, _): walk(e, method, &sites)
            case let .declare(_, _, e, _): if let e { walk(e, method, &sites) }
            case let .ifElse(c, a, b, _): walk(c, method, &sites); walk(a, method, &sites); if let b { walk(b, method, &sites) }
            case let .forC(i, c, s, b, _):
                walk(i, method, &sites)
                if let c { walk(c, method, &sites) }
                if let s { walk(s, method, &sites) }
                walk(b, method, &sites)
            case let .forIn(_, c, b, _): walk(c, method, &sites); walk(b, method, &sites)
            case let .whileLoop(c, b, _): walk(c, method, &sites); walk(b, method, &sites)
            case let .block(list): walk(list, method, &sites)
            case let .returnValue(e, _): if let e { walk(e, method, &sites) }
            default: break
            }
        }
    }

    static func walk(_ expr: ObjCExpr, _ method: String, _ sites: inout [Site]) {
        switch expr {
        case let .message(receiver, selector, arguments, place):
            if isSite(selector: selector) { sites.append(Site(call: place, location: place, code: selector.split(separator: ":").first.map(String.init) ?? "", method: method)) }
            walk(receiver, method, &sites)
            for a in arguments { walk(a, method, &sites) }
        case let .call(callee, arguments, place):
            if case let .member(_, name, _) = callee, relations.contains(name), let start = makeStart(callee) {
                sites.append(Site(call: place, location: start, code: "make", method: method))
            }
            walk(callee, method, &sites)
            for a in arguments { walk(a, method, &sites) }
        case let .member(base, _, _): walk(base, method, &sites)
        case let .binary(_, a, b, _), let .assign(_, a, b, _), let .subscriptAccess(a, b, _): walk(a, method, &sites); walk(b, method, &sites)
        case let .unary(_, a, _): walk(a, method, &sites)
        case let .ternary(a, b, c, _): walk(a, method, &sites); walk(b, method, &sites); walk(c, method, &sites)
        case let .array(items, _): for a in items { walk(a, method, &sites) }
        case let .dictionary(pairs, _): for (a, b) in pairs { walk(a, method, &sites); walk(b, method, &sites) }
        case let .block(_, body, _): walk(body, method, &sites)
        default: break
        }
    }
}
