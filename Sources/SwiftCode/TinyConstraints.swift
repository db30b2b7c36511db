import LayoutEngine

/// TinyConstraints' calls (`edgesToSuperview(insets:)`, `topToBottom(of:offset:)`,
/// `width(100)`, …) as the constraints its documentation says they make. An offset is the
/// constraint's constant as written (`rightToSuperview(offset: -8)`); insets point inward
/// (`edges(to:insets:)` takes the bottom and right ones negated). Each call turns the
/// receiver's autoresizing constraints off and makes its constraints active unless it says
/// `isActive: false`; `relation:` (`.equalOrLess`, `.equalOrGreater`) and `priority:` apply to
/// every constraint it makes. Edges are left and right, as the library writes them.
struct TinyConstraintsCall {
    let method: String
    /// The first unlabelled argument (a size, a view, a ratio) and the labelled ones.
    var first: CodeValue?
    var labelled: [String: CodeValue] = [:]
    /// An anchor given after `to:` (`left(to: view, view.rightAnchor)`).
    var anchor: CodeValue?

    /// Those that make constraints of the receiver alone, or against one other item or its superview.
    static let methods: Set<String> = [
        "edges", "edgesToSuperview", "center", "centerInSuperview", "centerX", "centerY", "centerXToSuperview", "centerYToSuperview",
        "origin", "size", "width", "height", "widthToSuperview", "heightToSuperview", "left", "right", "top", "bottom", "leading",
        "trailing", "leftToSuperview", "rightToSuperview", "topToSuperview", "bottomToSuperview", "leadingToSuperview",
        "trailingToSuperview", "leftToRight", "rightToLeft", "topToBottom", "bottomToTop", "leadingToTrailing", "trailingToLeading",
        "horizontalToSuperview", "verticalToSuperview", "aspectRatio", "widthToHeight", "heightToWidth",
    ]

    init?(method: String, arguments: [(String?, CodeValue)]) {
        guard Self.methods.contains(method) else { return nil }
        self.method = method
        for (k, (label, value)) in arguments.enumerated() {
            if let label { labelled[label] = value } else if k == 0 { first = value } else if anchor == nil { anchor = value }
        }
        // `width(_:)` and `height(_:)` take a constant; `width(to:)` another item.
        guard !(["width", "height", "size", "aspectRatio"].contains(method) && first == nil && labelled["to"] == nil
                && labelled["min"] == nil && labelled["max"] == nil) else { return nil }
    }

    /// Whether the call gives back one `Constraint` (it makes exactly one), not `Constraints`.
    var returnsOne: Bool {
        let many: Set<String> = ["edges", "edgesToSuperview", "center", "centerInSuperview", "origin", "size", "horizontalToSuperview",
                                 "verticalToSuperview"]
        return !many.contains(method) && labelled["min"] == nil && labelled["max"] == nil
    }

    /// `TinyEdgeInsets`' builders: `.uniform(8)`, `.top(8)`, `.horizontal(16)`, … (`+` adds them).
    static func insets(_ name: String, _ n: Double) -> EdgeInsets? {
        switch name {
        case "uniform": EdgeInsets(top: n, left: n, bottom: n, right: n)
        case "top": EdgeInsets(top: n, left: 0, bottom: 0, right: 0)
        case "left": EdgeInsets(top: 0, left: n, bottom: 0, right: 0)
        case "bottom": EdgeInsets(top: 0, left: 0, bottom: n, right: 0)
        case "right": EdgeInsets(top: 0, left: 0, bottom: 0, right: n)
        case "horizontal": EdgeInsets(top: 0, left: n, bottom: 0, right: n)
        case "vertical": EdgeInsets(top: n, left: 0, bottom: n, right: 0)
        default: nil
        }
    }

    /// The attribute a one-edge method names (`left`, `topToSuperview`, `leftToRight` → left).
    static func edge(_ name: String) -> LayoutAttribute? {
        for prefix in ["leading", "trailing", "left", "right", "top", "bottom", "centerX", "centerY", "width", "height"] where name.hasPrefix(prefix) {
            return LayoutAttribute(name: prefix)
        }
        return nil
    }

    /// The constraints, made at the call's place; a failure says which value is unknown.
    func make(for item: String, in world: CodeWorld, reader: some ValueReading, at location: CodeLayout.Location) -> Result<[Int], CodeError> {
        func number(_ key: String, _ otherwise: Double = 0) -> Double { labelled[key].flatMap(reader.asNumber) ?? otherwise }
        var relation = LayoutRelation.equal
        if case let .member(name)? = labelled["relation"] {
            relation = name.hasSuffix("Less") ? .lessThanOrEqual : name.hasSuffix("Greater") ? .greaterThanOrEqual : .equal
        }
        let priority = labelled["priority"].flatMap(reader.asPriority) ?? .required
        let superview: String = {
            let owner = world.parent(of: item) ?? "root"
            if case .bool(true)? = labelled["usingSafeArea"] { return Hierarchy.systemGuideName(.safeAreaLayoutGuide, of: owner) }
            return owner
        }()
        func itemOf(_ value: CodeValue?) -> String? {
            switch value {
            case let .view(name)?, let .guide(name)?: name
            default: nil
            }
        }
        var specs: [ConstraintSpec] = []
        func pin(_ attribute: LayoutAttribute, to other: String, _ otherAttribute: LayoutAttribute? = nil, multiplier: Double = 1, constant: Double) {
            specs.append(ConstraintSpec(firstItem: item, firstAttribute: attribute, relation: relation, secondItem: other,
                                        secondAttribute: otherAttribute ?? attribute, multiplier: multiplier, constant: constant, priority: priority))
        }
        func set(_ attribute: LayoutAttribute, _ value: Double, _ relation: LayoutRelation) {
            specs.append(ConstraintSpec(firstItem: item, firstAttribute: attribute, relation: relation, constant: value, priority: priority))
        }
        let insets = labelled["insets"].flatMap(reader.asInsets) ?? EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        func edges(to other: String, only: [LayoutAttribute]) {
            let excluded = Self.excluded(labelled["excluding"])
            for edge in only where !excluded.contains(edge) {
                let inset = edge == .top ? insets.top : edge == .left ? insets.left : edge == .bottom ? -insets.bottom : -insets.right
                pin(edge, to: other, constant: inset)
            }
        }
        func other() -> String? { itemOf(labelled["to"] ?? labelled["of"] ?? labelled["in"]) }
        let unknownItem = CodeError(message: "an item strut does not know")
        switch method {
        case "edges", "edgesToSuperview":
            guard let target = method == "edges" ? other() : superview else { return .failure(unknownItem) }
            edges(to: target, only: [.top, .left, .bottom, .right])
        case "horizontalToSuperview": edges(to: superview, only: [.left, .right])
        case "verticalToSuperview": edges(to: superview, only: [.top, .bottom])
        case "center", "centerInSuperview":
            guard let target = method == "center" ? other() : superview else { return .failure(unknownItem) }
            var offset = (x: 0.0, y: 0.0)
            if case let .size(x, y)? = labelled["offset"] { offset = (x, y) }
            pin(.centerX, to: target, constant: offset.x)
            pin(.centerY, to: target, constant: offset.y)
        case "origin":
            guard let target = other() else { return .failure(unknownItem) }
            pin(.left, to: target, constant: insets.left)
            pin(.top, to: target, constant: insets.top)
        case "size":
            if let target = other() {
                var grow = (width: 0.0, height: 0.0)
                if case let .size(w, h)? = labelled["insets"] { grow = (w, h) }
                pin(.width, to: target, multiplier: number("multiplier", 1), constant: grow.width)
                pin(.height, to: target, multiplier: number("multiplier", 1), constant: grow.height)
            } else {
                guard case let .size(w, h)? = first else { return .failure(CodeError(message: "a size strut does not know")) }
                set(.width, w, relation)
                set(.height, h, relation)
            }
        case "width", "height":
            let attribute = LayoutAttribute(name: method)!
            if let target = other() {
                var otherAttribute = attribute
                if case let .anchor(_, given)? = anchor { otherAttribute = given }
                pin(attribute, to: target, otherAttribute, multiplier: number("multiplier", 1), constant: number("offset"))
            } else if labelled["min"] != nil || labelled["max"] != nil {
                if let low = labelled["min"].flatMap(reader.asNumber) { set(attribute, low, .greaterThanOrEqual) }
                if let high = labelled["max"].flatMap(reader.asNumber) { set(attribute, high, .lessThanOrEqual) }
            } else {
                guard let value = first.flatMap(reader.asNumber) else { return .failure(CodeError(message: "a \(method) strut does not know")) }
                set(attribute, value, relation)
            }
        case "widthToSuperview", "heightToSuperview":
            let attribute = LayoutAttribute(name: String(method.dropLast("ToSuperview".count)))!
            pin(attribute, to: superview, multiplier: number("multiplier", 1), constant: number("offset"))
        case "aspectRatio", "widthToHeight", "heightToWidth":
            let target = method == "aspectRatio" ? item : other()
            guard let target else { return .failure(unknownItem) }
            let ratio = method == "aspectRatio" ? first.flatMap(reader.asNumber) : number("multiplier", 1)
            guard let ratio else { return .failure(CodeError(message: "a ratio strut does not know")) }
            let heightFirst = method == "heightToWidth"
            pin(heightFirst ? .height : .width, to: target, heightFirst ? .width : .height, multiplier: ratio, constant: number("offset"))
        default:
            guard let attribute = Self.edge(method) else { return .failure(CodeError(message: "a method strut does not know")) }
            if method.hasSuffix("ToSuperview") {
                var otherAttribute = attribute
                if case let .anchor(_, given)? = first { otherAttribute = given }
                pin(attribute, to: superview, otherAttribute, multiplier: number("multiplier", 1), constant: number("offset"))
            } else if let range = method.range(of: "To") {
                // `leftToRight(of:)`: this edge against the other's named one.
                guard let target = other(), let otherAttribute = LayoutAttribute(name: method[range.upperBound...].prefix(1).lowercased() + method[range.upperBound...].dropFirst())
                else { return .failure(unknownItem) }
                pin(attribute, to: target, otherAttribute, constant: number("offset"))
            } else {
                guard let target = other() else { return .failure(unknownItem) }
                var otherAttribute = attribute
                if case let .anchor(_, given)? = anchor { otherAttribute = given }
                pin(attribute, to: target, otherAttribute, multiplier: number("multiplier", 1), constant: number("offset"))
            }
        }
        if world.isView(item), !world.isGuide(item) { world.setProperty(.autoresizing(false), of: item, at: location) }
        let active: Bool = if case .bool(false)? = labelled["isActive"] { false } else { true }
        let made = specs.map { world.makeConstraint($0, at: location) }
        if active { for index in made { world.setActive(index, true, at: location) } }
        return .success(made)
    }

    /// `excluding: .bottom`, `[.top, .left]`: the edges left out (leading and trailing as left and right).
    static func excluded(_ value: CodeValue?) -> Set<LayoutAttribute> {
        switch value {
        case let .member(name)?:
            switch name {
            case "leading": return [.left]
            case "trailing": return [.right]
            default: return LayoutAttribute(name: name).map { [$0] } ?? []
            }
        case let .array(items)?: return items.reduce(into: []) { $0.formUnion(excluded($1)) }
        default: return []
        }
    }
}
