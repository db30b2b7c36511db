import LayoutEngine

/// Reads a Visual Format Language string as UIKit's parser does (no whitespace anywhere,
/// metrics looked up before views, the same errors) and lowers it to constraints.
///
/// Grammar (Apple's Auto Layout Guide):
/// ```
/// format     ::= (("H"|"V") ":")? ("|" connection)? view (connection view)* (connection "|")?
/// view       ::= "[" name ("(" predicate ("," predicate)* ")")? "]"
/// connection ::= e | "-" | "-" (number | metric | "(" predicate ("," predicate)* ")") "-"
/// predicate  ::= ("=="|"<="|">=")? (number | metric | view) ("@" (number | metric))?
/// ```
public struct VisualFormatParser {
    public let format: String
    public let options: VisualFormatOptions
    public let metrics: [String: Double]
    public let views: Set<String>
    /// The superview of a view (what `|` stands for next to it), nil for a view without one.
    public let superview: (String) -> String?

    public init(format: String, options: VisualFormatOptions = [], metrics: [String: Double] = [:],
                views: Set<String>, superview: @escaping (String) -> String?) {
        self.format = format
        self.options = options
        self.metrics = metrics
        self.views = views
        self.superview = superview
    }

    /// The constraints, in UIKit's order: each connection, then the predicates of the view just
    /// read, then the alignment options.
    /// - Throws: `VisualFormatError` with UIKit's description and the parser's index.
    public func constraints() throws -> [ConstraintSpec] {
        var scanner = try Scanner(self)
        let (vertical, items, connections) = try scanner.parse()
        return try lower(vertical: vertical, items: items, connections: connections)
    }

    // MARK: - Parsed form

    enum Object: Equatable {
        case constant(Double)
        case view(String)
    }

    struct Predicate: Equatable {
        var relation: LayoutRelation = .equal
        var object: Object
        var priority: LayoutPriority = .required
    }

    enum Connection: Equatable {
        case flush
        case standard
        case predicates([Predicate])
    }

    enum Item: Equatable {
        case superview
        /// A view, its predicates, and the index just past its `]` (where superview errors point).
        case view(String, [Predicate], end: Int)
    }

    // MARK: - Lowering

    func lower(vertical: Bool, items: [Item], connections: [Connection]) throws -> [ConstraintSpec] {
        var items = items
        var connections = connections
        let rightToLeft = !vertical && options.contains(.directionRightToLeft)
        if rightToLeft {
            // Right to left reads the row from its right end: mirror it and read it left to right.
            items.reverse()
            connections.reverse()
        }
        let absolute = !vertical && (options.contains(.directionLeftToRight) || rightToLeft)
        let baselines = vertical && options.contains(.spacingBaselineToBaseline)
        let lead: LayoutAttribute = vertical ? .top : (absolute ? .left : .leading)
        let trail: LayoutAttribute = vertical ? .bottom : (absolute ? .right : .trailing)
        let leadMargin: LayoutAttribute = vertical ? .topMargin : (absolute ? .leftMargin : .leadingMargin)
        let trailMargin: LayoutAttribute = vertical ? .bottomMargin : (absolute ? .rightMargin : .trailingMargin)
        let size: LayoutAttribute = vertical ? .height : .width

        var result: [ConstraintSpec] = []
        for (k, item) in items.enumerated() {
            if k > 0 {
                let before = items[k - 1]
                let connection = connections[k - 1]
                switch (before, item) {
                case let (.view(a, _, _), .view(b, _, _)):
                    let (first, second): (LayoutAttribute, LayoutAttribute) = baselines ? (.firstBaseline, .lastBaseline) : (lead, trail)
                    for p in predicates(connection, standard: 8) {
                        result.append(spec(b, first, p, a, second))
                    }
                case let (.superview, .view(b, _, end)):
                    guard let parent = superview(b) else { throw superviewError(end) }
                    if connection == .standard {
                        result.append(ConstraintSpec(firstItem: b, firstAttribute: lead, relation: .equal,
                                                     secondItem: parent, secondAttribute: leadMargin))
                    } else {
                        for p in predicates(connection, standard: 0) { result.append(spec(b, lead, p, parent, lead)) }
                    }
                case let (.view(a, _, end), .superview):
                    guard let parent = superview(a) else { throw superviewError(end) }
                    if connection == .standard {
                        result.append(ConstraintSpec(firstItem: parent, firstAttribute: trailMargin, relation: .equal,
                                                     secondItem: a, secondAttribute: trail))
                    } else {
                        for p in predicates(connection, standard: 0) { result.append(spec(parent, trail, p, a, trail)) }
                    }
                case (.superview, .superview):
                    break
                }
            }
            if case let .view(name, viewPredicates, _) = item {
                for p in viewPredicates {
                    switch p.object {
                    case let .constant(value):
                        result.append(ConstraintSpec(firstItem: name, firstAttribute: size, relation: p.relation,
                                                     constant: value, priority: p.priority))
                    case let .view(other):
                        result.append(ConstraintSpec(firstItem: name, firstAttribute: size, relation: p.relation,
                                                     secondItem: other, secondAttribute: size, priority: p.priority))
                    }
                }
            }
        }
        // Alignment options: every adjacent pair of views, in the order written.
        let named = (rightToLeft ? items.reversed() : items).compactMap { item -> String? in
            if case let .view(name, _, _) = item { return name }
            return nil
        }
        for attribute in options.alignments where named.count > 1 {
            for k in 1..<named.count {
                result.append(ConstraintSpec(firstItem: named[k - 1], firstAttribute: attribute, relation: .equal,
                                             secondItem: named[k], secondAttribute: attribute))
            }
        }
        return result
    }

    /// A connection's predicates (flush: `== 0`; standard: `== standard`).
    private func predicates(_ connection: Connection, standard: Double) -> [Predicate] {
        switch connection {
        case .flush: [Predicate(object: .constant(0))]
        case .standard: [Predicate(object: .constant(standard))]
        case let .predicates(list): list
        }
    }

    /// `first.a REL second.b + c @p`.
    private func spec(_ first: String, _ a: LayoutAttribute, _ p: Predicate, _ second: String, _ b: LayoutAttribute) -> ConstraintSpec {
        var constant = 0.0
        if case let .constant(value) = p.object { constant = value }
        return ConstraintSpec(firstItem: first, firstAttribute: a, relation: p.relation, secondItem: second,
                              secondAttribute: b, constant: constant, priority: p.priority)
    }

    private func superviewError(_ index: Int) -> VisualFormatError {
        VisualFormatError("Unable to interpret '|' character, because the related view doesn't have a superview",
                          format: format, index: index)
    }
}
