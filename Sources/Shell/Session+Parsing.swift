import LayoutEngine
import Cassowary

/// Parsing of the statements: constraints, properties, names.
extension Session {
    func cursor(_ rest: String, _ usage: String) throws -> Cursor {
        Cursor(try Lexer.tokens(rest, columnOffset: columnOffset), usage: usage)
    }

    func noArguments(_ rest: String, _ usage: String) throws {
        var c = try cursor(rest, usage)
        try c.expectEnd()
    }

    /// One or more constraint names (dotted for system constraints).
    func constraintNames(_ c: inout Cursor) throws -> [String] {
        var names: [String] = []
        while !c.atEnd {
            names.append(try c.dottedName("a constraint name"))
            _ = c.accept(",")
        }
        guard !names.isEmpty else { throw c.fail("a constraint name") }
        return names
    }

    func activation(_ rest: String, _ change: ActivationChange) throws {
        var c = try cursor(rest, "\(change.rawValue) NAME...")
        try engine.setActive(try constraintNames(&c), change)
    }

    // MARK: - Constraints

    static let constraintUsage = "[NAME:] ITEM.ATTR (==|<=|>=) [M *] ITEM.ATTR [(+|-) C] [@P]  or  [NAME:] ITEM.ATTR (==|<=|>=) C [@P]"

    /// `[NAME:] ITEM.ATTR RELATION [M *] ITEM.ATTR [* M | / D] [(+|-) C] [@P]`, or a constant.
    func addConstraint(_ tokens: [Token]) throws {
        var c = Cursor(tokens, usage: Session.constraintUsage)
        var name: String?
        // `NAME:`, or a dotted `NAME.2:` as save writes for a VFL line's constraints.
        var probe = c
        if let dotted = try? probe.dottedName("a constraint name"), probe.accept(":") {
            name = dotted
            c = probe
        }
        let (firstItem, firstAttribute) = try anchor(&c)
        let relation: Relation
        if c.accept("==") { relation = .equal }
        else if c.accept("<=") { relation = .lessThanOrEqual }
        else if c.accept(">=") { relation = .greaterThanOrEqual }
        else if c.peek?.isSymbol("=") == true { throw ShellError.syntax("'=' is not a relation; use '==', '<=' or '>='", usage: nil) }
        else { throw c.fail("a relation ('==', '<=' or '>=')") }

        var spec = ConstraintSpec(name: name, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation)
        // Right-hand side: a lone constant, or [M *] [-] ITEM.ATTR [* M | / D] [(+|-) C].
        if c.atNumber && !(c.peek(c.peek?.number == nil ? 2 : 1)?.isSymbol("*") ?? false) {
            spec.constant = try c.number("a constant")
        } else {
            var multiplier = 1.0
            if c.atNumber {
                multiplier = try c.number()
                try c.expect("*")
            }
            if c.accept("-") { multiplier = -multiplier }
            let (item, attribute) = try anchor(&c)
            if c.accept("*") { multiplier *= try c.number("a multiplier") }
            else if c.accept("/") {
                let divisor = try c.number("a divisor")
                guard divisor != 0 else { throw ShellError.syntax("division by zero", usage: nil) }
                multiplier /= divisor
            }
            spec.secondItem = item
            spec.secondAttribute = attribute
            spec.multiplier = multiplier
            if c.accept("+") { spec.constant = try c.number("a constant after '+'") }
            else if c.accept("-") { spec.constant = -(try c.number("a constant after '-'")) }
        }
        if c.accept("@") { spec.priority = try c.priority() }
        try c.expectEnd()
        guard spec.constant.isFinite, abs(spec.constant) <= 1e10 else {
            throw ShellError.layout(.constantOutOfRange(spec.constant))
        }
        try engine.addConstraint(spec)
    }

    /// `ITEM.ATTR`, with suggestions for unknown attributes.
    func anchor(_ c: inout Cursor) throws -> (String, LayoutAttribute) {
        if let word = c.peek?.name, ["nan", "inf", "infinity", "NaN", "Inf"].contains(word) {
            throw ShellError.syntax("'\(word)' is not a finite number", usage: nil)
        }
        let item = try c.name("an item (VIEW.ATTRIBUTE)")
        guard c.accept(".") else {
            if c.atEnd && h.view(named: item) == nil && item != "super" { throw ShellError.layout(.unknownView(item, suggestion: closestMatch(to: item, in: h.viewNames))) }
            throw c.fail("'.' and an attribute after '\(item)'")
        }
        let word = try c.name("an attribute")
        guard let attribute = LayoutAttribute(name: word) else {
            throw ShellError.unknownAttribute(word, suggestion: closestMatch(to: word, in: LayoutAttribute.userAttributes.map(\.name)))
        }
        if item != "super" { _ = try engine.hierarchy.viewID(named: item) }
        return (item, attribute)
    }

    // MARK: - Views and properties

    func newView(_ rest: String) throws {
        var c = try cursor(rest, Commands.find("new")!.usage)
        let kindWord = try c.name("a kind (view label image button stack guide)")
        guard let kind = ViewKind(rawValue: kindWord) else {
            throw ShellError.unknownKind(kindWord, suggestion: closestMatch(to: kindWord, in: ViewKind.allCases.map(\.rawValue)))
        }
        let name = try c.name("a name for the new \(kindWord)")
        var parent = "root"
        if c.acceptWord("in") { parent = try c.name("a parent view") }
        var properties: [ViewProperty] = []
        while !c.atEnd {
            let property = try propertyName(&c)
            try c.expect("=", "'=' after '\(property)'")
            properties.append(try propertyValue(property, &c, stopAtNextProperty: true))
        }
        try engine.addView(kind: kind, name: name, parent: parent, properties: properties)
    }

    func setProperty(_ rest: String) throws {
        var c = try cursor(rest, Commands.find("set")!.usage)
        let name = try c.name("NAME.PROPERTY")
        if name == "autolayout" && c.peek?.isSymbol("=") == true {
            c.position += 1
            let on = try onOff(&c, "autolayout")
            try c.expectEnd()
            try engine.setAutolayout(on)
            return
        }
        guard c.accept(".") else { throw c.fail("'.' and a property after '\(name)'") }
        _ = try engine.hierarchy.viewID(named: name)
        let property = try propertyName(&c)
        try c.expect("=", "'=' after '\(name).\(property)'")
        let value = try propertyValue(property, &c, stopAtNextProperty: false)
        try c.expectEnd()
        try engine.setProperty(value, of: name)
    }

    func propertyName(_ c: inout Cursor) throws -> String {
        var name = try c.name("a property")
        if name == "hugging" || name == "compression" {
            try c.expect(".", "'.h' or '.v' after '\(name)'")
            let axis = try c.name("'h' or 'v'")
            name += "." + axis
        }
        guard ViewProperty.names.contains(name) else {
            throw ShellError.unknownProperty(name, suggestion: closestMatch(to: name, in: ViewProperty.names))
        }
        return name
    }

    /// A property's value; in `new`, it ends where the next `PROP=` begins.
    func propertyValue(_ property: String, _ c: inout Cursor, stopAtNextProperty: Bool) throws -> ViewProperty {
        switch property {
        case "text":
            guard let token = c.next() else { throw c.fail("a string") }
            switch token.kind {
            case let .string(text): return .text(text)
            case let .name(word): return .text(word)
            default: c.position -= 1; throw c.fail("a string (\"...\")")
            }
        case "font":
            return .font(try c.number("a font size"))
        case "class", "ibID":
            guard let token = c.next() else { throw c.fail("a string") }
            let text: String
            switch token.kind {
            case let .string(value): text = value
            case let .name(word): text = word
            default: c.position -= 1; throw c.fail("a string (\"...\")")
            }
            return property == "class" ? .documentClass(text) : .ibID(text)
        case "intrinsic":
            if c.acceptWord("none") {
                if c.atNumber { return .intrinsic(nil, try c.number("a height")) }
                if c.acceptWord("none") { return .intrinsic(nil, nil) }
                return .intrinsic(nil, nil)
            }
            let width = try c.number("W H, W none, none H or none")
            if c.acceptWord("none") { return .intrinsic(width, nil) }
            return .intrinsic(width, try c.number("a height (or none)"))
        case "hugging.h", "hugging.v", "compression.h", "compression.v":
            let axis: Axis = property.hasSuffix(".h") ? .horizontal : .vertical
            let priority = try c.priority()
            return property.hasPrefix("hugging") ? .hugging(axis, priority) : .compression(axis, priority)
        case "hugging", "compression":
            throw ShellError.unknownProperty(property, suggestion: property + ".h")
        case "frame":
            let x = try c.number("X Y W H"), y = try c.number("X Y W H")
            let w = try c.number("X Y W H"), h = try c.number("X Y W H")
            var within: EdgeSize?
            if c.acceptWord("within") {
                within = EdgeSize(width: try c.number("W H after 'within'"), height: try c.number("W H after 'within'"))
            }
            return .frame(Rect(x: x, y: y, width: w, height: h), within: within)
        case "autoresizing":
            return .autoresizing(try onOff(&c, property))
        case "mask":
            if c.acceptWord("none") { return .mask([]) }
            var mask: AutoresizingMask = []
            repeat {
                let flag = try c.name("a mask flag (flexibleLeft flexibleWidth flexibleRight flexibleTop flexibleHeight flexibleBottom) or none")
                guard let value = AutoresizingMask.names.first(where: { $0.0 == flag })?.1 else {
                    throw ShellError.syntax("unknown mask flag '\(flag)'" + didYouMean(closestMatch(to: flag, in: AutoresizingMask.names.map(\.0))), usage: nil)
                }
                mask.insert(value)
            } while c.accept("|")
            return .mask(mask)
        case "margins":
            let top = try c.number("T L B R")
            if !c.atNumber { return .margins(EdgeInsets(top: top, left: top, bottom: top, right: top)) }
            return .margins(EdgeInsets(top: top, left: try c.number("T L B R"), bottom: try c.number("T L B R"), right: try c.number("T L B R")))
        case "hidden":
            let word = try c.name("true or false")
            guard word == "true" || word == "false" else { throw ShellError.syntax("expected true or false, found '\(word)'", usage: nil) }
            return .hidden(word == "true")
        case "axis":
            let word = try c.name("horizontal or vertical")
            guard let axis = Axis(rawValue: word) else { throw ShellError.syntax("expected horizontal or vertical, found '\(word)'", usage: nil) }
            return .axis(axis)
        case "spacing":
            // `system` is UIKit's standard spacing between siblings, 8.
            if c.acceptWord("system") { return .spacing(8) }
            return .spacing(try c.number("a spacing (or system)"))
        case "marginsRelative", "baselineRelative":
            let word = try c.name("true or false")
            guard word == "true" || word == "false" else { throw ShellError.syntax("expected true or false, found '\(word)'", usage: nil) }
            return property == "marginsRelative" ? .marginsRelative(word == "true") : .baselineRelative(word == "true")
        case "distribution":
            let word = try c.name("a distribution")
            guard StackSettings.distributions.contains(word) else {
                throw ShellError.syntax("unknown distribution '\(word)'; one of \(StackSettings.distributions.joined(separator: " "))", usage: nil)
            }
            return .distribution(word)
        default:  // alignment
            let word = try c.name("an alignment")
            guard StackSettings.alignments.contains(word) else {
                throw ShellError.syntax("unknown alignment '\(word)'; one of \(StackSettings.alignments.joined(separator: " "))", usage: nil)
            }
            return .alignment(word)
        }
    }

    func onOff(_ c: inout Cursor, _ what: String) throws -> Bool {
        let word = try c.name("on or off")
        switch word {
        case "on", "true": return true
        case "off", "false": return false
        default: throw ShellError.syntax("expected on or off for \(what), found '\(word)'", usage: nil)
        }
    }
}
