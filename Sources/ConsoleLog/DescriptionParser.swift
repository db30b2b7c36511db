import Foundation
import LayoutEngine

struct LogError: Error {
    var reason: String
}

/// A recursive-descent reader of one description (§7.2), current and legacy shapes.
struct DescriptionParser {
    let text: [Character]
    var position = 0
    let line: Int

    init(_ description: String, line: Int) {
        text = Array(description)
        self.line = line
    }

    /// An attribute as UIKit prints it: the API names, old `baseline` (the last), and the
    /// private ones of autoresizing constraints (`minX`, `minY` kept; `midX`/`midY` are centres,
    /// `maxX`/`maxY` the far edges).
    static func attribute(named name: String) -> LayoutAttribute? {
        switch name {
        case "baseline": .lastBaseline
        case "minX": .minX
        case "minY": .minY
        case "midX": .centerX
        case "midY": .centerY
        case "maxX": .right
        case "maxY": .bottom
        default: LayoutAttribute(name: name)
        }
    }

    var atEnd: Bool { position >= text.count }
    var current: Character? { atEnd ? nil : text[position] }

    mutating func skipSpaces() { while current == " " { position += 1 } }

    mutating func accept(_ literal: String) -> Bool {
        let characters = Array(literal)
        guard position + characters.count <= text.count, Array(text[position..<position + characters.count]) == characters else { return false }
        position += characters.count
        return true
    }

    func fail(_ reason: String) -> LogError {
        let near = String(text[min(position, text.count)...].prefix(24))
        return LogError(reason: near.isEmpty ? reason : "\(reason) at '\(near)'")
    }

    /// A class name: letters, digits, `_`, `.`, `$` (Swift's mangled names), up to `:`.
    mutating func className() -> String {
        var name = ""
        while let c = current, c.isLetter || c.isNumber || c == "_" || c == "." || c == "$" { name.append(c); position += 1 }
        return name
    }

    mutating func hex() -> String {
        var digits = ""
        while let c = current, c.isHexDigit { digits.append(c); position += 1 }
        return digits
    }

    /// `Class:0xADDR` with an optional `'label'` (the label may hold anything but `'`).
    mutating func item() throws -> LogItem {
        let start = position
        let name = className()
        guard !name.isEmpty else { throw fail("expected a view") }
        var address = ""
        if accept(":0x") {
            address = hex()
        } else if current != "." && current != "'" && current != "(" && current != "]" {
            position = start
            throw fail("expected a view")
        }
        var label: String?
        if current == "'" {
            position += 1
            var text = ""
            while let c = current, c != "'" { text.append(c); position += 1 }
            guard accept("'") else { throw fail("an unclosed label") }
            label = text
        }
        return LogItem(className: name, address: address, label: label)
    }

    mutating func number() throws -> Double {
        var digits = ""
        if current == "-" || current == "+" { digits.append(current!); position += 1 }
        while let c = current, c.isNumber || c == "." || c == "e" || (c == "-" && digits.last == "e") { digits.append(c); position += 1 }
        guard let value = Double(digits), value.isFinite else { throw fail("expected a number") }
        return value
    }

    /// A spacing constant: a number, or `NSSpace(8)` / `NSLayoutAnchorConstraintSpace(8)`.
    mutating func spacing() throws -> Double {
        for wrapper in ["NSLayoutAnchorConstraintSpace(", "NSSpace("] where accept(wrapper) {
            let value = try number()
            guard accept(")") else { throw fail("expected ')'") }
            return value
        }
        return try number()
    }

    mutating func attribute() throws -> LayoutAttribute {
        guard accept(".") else { throw fail("expected '.attribute'") }
        var name = ""
        while let c = current, c.isLetter { name.append(c); position += 1 }
        guard let attribute = DescriptionParser.attribute(named: name) else { throw fail("unknown attribute '\(name)'") }
        return attribute
    }

    /// `==`, `<=` or `>=`; in art predicates a missing one is `==`.
    mutating func relation(orEqual: Bool) throws -> LayoutRelation {
        if accept(">=") { return .greaterThanOrEqual }
        if accept("<=") { return .lessThanOrEqual }
        if accept("==") || orEqual { return .equal }
        throw fail("expected ==, <= or >=")
    }

    mutating func parse() throws -> LogConstraint {
        guard accept("<") else { throw fail("expected '<'") }
        let constraintClass = className()
        guard accept(":0x") else { throw fail("expected the constraint's address") }
        let address = hex()
        // SnapKit appends `@File.swift#88`.
        if current == "@" { while current != nil && current != " " { position += 1 } }
        var result = LogConstraint(
            className: constraintClass, address: address, identifier: nil, accessory: nil,
            first: LogItem(className: "", address: "", label: nil), firstAttribute: .width, relation: .equal,
            second: nil, secondAttribute: nil, multiplier: 1, constant: 0, priority: 1000, line: line, text: String(text))
        skipSpaces()
        // `h=--& v=--&` and the identifier, in either order.
        for _ in 0..<2 {
            if accept("h="), let end = text[position...].firstIndex(of: " ") {
                let h = String(text[position..<end])
                position = end
                skipSpaces()
                guard accept("v=") else { throw fail("expected 'v=' after 'h='") }
                var v = ""
                while let c = current, c != " " { v.append(c); position += 1 }
                result.accessory = "h=\(h) v=\(v)"
                skipSpaces()
            }
            if current == "'" {
                position += 1
                var identifier = ""
                while let c = current, c != "'" { identifier.append(c); position += 1 }
                guard accept("'") else { throw fail("an unclosed identifier") }
                result.identifier = identifier
                skipSpaces()
            }
        }
        if accept("H:") {
            try art(&result, horizontal: true)
        } else if accept("V:") {
            try art(&result, horizontal: false)
        } else {
            try equation(&result)
        }
        // Trailing parts: `priority:999`, `Hug:… CompressionResistance:…`, `(active…)`, legacy `(Names: …)`.
        while !atEnd {
            skipSpaces()
            if accept(">") { break }
            if accept("priority:") {
                result.priority = LayoutPriority(try number())
            } else if accept("Hug:") {
                let hug = LayoutPriority(try number())
                skipSpaces()
                guard accept("CompressionResistance:") else { throw fail("expected CompressionResistance:") }
                result.contentPriorities = (hug, LayoutPriority(try number()))
            } else if accept("(") {
                var inside = ""
                var depth = 1
                while let c = current {
                    position += 1
                    if c == "(" { depth += 1 }
                    if c == ")" { depth -= 1; if depth == 0 { break } }
                    inside.append(c)
                }
                if inside.hasPrefix("inactive") { result.isActive = false }
                if let range = inside.range(of: "'|':") {
                    var legend = DescriptionParser(String(inside[range.upperBound...]), line: line)
                    result.superview = try? legend.item()
                }
            } else {
                throw fail("unexpected text")
            }
        }
        return result
    }

    /// `First.attr REL [-][k*]Second.attr [* k] [± c] [NSSpace(c)]` or `First.attr REL [-] c`.
    mutating func equation(_ result: inout LogConstraint) throws {
        result.first = try item()
        result.firstAttribute = try attribute()
        skipSpaces()
        result.relation = try relation(orEqual: false)
        skipSpaces()
        var sign = 1.0
        if accept("- ") { sign = -1 }
        let save = position
        // A constant alone?
        if let c = current, c.isNumber || c == "-" {
            let value = try number()
            if accept("*") {
                result.multiplier = sign * value
                result.second = try item()
                result.secondAttribute = try attribute()
            } else {
                result.constant = sign * value
                return
            }
        } else {
            position = save
            if accept("-") { sign = -1 }
            result.second = try item()
            result.secondAttribute = try attribute()
            result.multiplier = sign
        }
        // `* 0.384615` after the second item (older descriptions), then `+ c` / `- c`, then
        // a system spacing `NSSpace(8)`.
        skipSpaces()
        if accept("* ") || accept("*") { skipSpaces(); result.multiplier *= try number(); skipSpaces() }
        if accept("+ ") { result.constant = try number() } else if accept("- ") { result.constant = -(try number()) }
        skipSpaces()
        if current == "N" { result.constant += try spacing() }
    }

    /// `H:|-(pred)-[A]`, `H:[A]-(pred)-|`, `H:[A]-(pred)-[B]` (B is the first item), and the
    /// legacy size shapes `V:[A(230)]`, `H:[A(258@251)]`; `(LTR)` after the art.
    mutating func art(_ result: inout LogConstraint, horizontal: Bool) throws {
        let minEdge: LayoutAttribute = horizontal ? .leading : .top, maxEdge: LayoutAttribute = horizontal ? .trailing : .bottom
        func predicate() throws -> (relation: LayoutRelation, constant: Double, priority: LayoutPriority) {
            guard accept("-") else { throw fail("expected '-'") }
            var relation = LayoutRelation.equal, constant = 0.0, priority: LayoutPriority = 1000
            if accept("(") {
                relation = try self.relation(orEqual: true)
                constant = try spacing()
                if accept("@") { priority = LayoutPriority(try number()) }
                guard accept(")") else { throw fail("expected ')'") }
            }
            guard accept("-") else { throw fail("expected '-'") }
            return (relation, constant, priority)
        }
        if accept("|") {
            let p = try predicate()
            guard accept("[") else { throw fail("expected '['") }
            let view = try item()
            guard accept("]") else { throw fail("expected ']'") }
            // `H:|-(8)-[A]`: A.leading == superview.leading + 8; the superview is the legend's.
            result.first = view; result.firstAttribute = minEdge
            result.second = LogItem(className: "|", address: "", label: nil); result.secondAttribute = minEdge
            result.relation = p.relation; result.constant = p.constant; result.priority = p.priority
        } else {
            guard accept("[") else { throw fail("expected '[' or '|'") }
            let a = try item()
            if accept("(") {
                // Legacy size: `[A(230)]`, `[A(>=270)]`, `[A(258@251)]`.
                let relation = try self.relation(orEqual: true)
                let value = try number()
                var priority: LayoutPriority = 1000
                if accept("@") { priority = LayoutPriority(try number()) }
                guard accept(")"), accept("]") else { throw fail("expected ')]'") }
                result.first = a; result.firstAttribute = horizontal ? .width : .height
                result.relation = relation; result.constant = value; result.priority = priority
                _ = accept("(LTR)")
                return
            }
            guard accept("]") else { throw fail("expected ']'") }
            let p = try predicate()
            if accept("|") {
                // `H:[A]-(8)-|`: superview.trailing == A.trailing + 8.
                result.first = LogItem(className: "|", address: "", label: nil); result.firstAttribute = maxEdge
                result.second = a; result.secondAttribute = maxEdge
            } else {
                guard accept("[") else { throw fail("expected '[' or '|'") }
                let b = try item()
                // `[A]-(8)-[B.leading]` (older gap-guide shape) names B's attribute.
                var attribute = minEdge
                if current == "." { attribute = try self.attribute() }
                guard accept("]") else { throw fail("expected ']'") }
                result.first = b; result.firstAttribute = attribute
                result.second = a; result.secondAttribute = maxEdge
            }
            result.relation = p.relation; result.constant = p.constant; result.priority = p.priority
        }
        // `(LTR)`: UIKit printed left/right as leading/trailing art.
        if accept("(LTR)") {
            func absolute(_ a: LayoutAttribute) -> LayoutAttribute { a == .leading ? .left : a == .trailing ? .right : a }
            result.firstAttribute = absolute(result.firstAttribute)
            result.secondAttribute = result.secondAttribute.map(absolute)
        }
    }
}

