import LayoutEngine

/// PureLayout's calls (`autoPinEdge(toSuperviewEdge:withInset:)`, Objective-C's
/// `autoPinEdgeToSuperviewEdge:withInset:`, …) as the constraints its documentation says they
/// make: an edge inset into the superview (inward: right, bottom and trailing take the inset
/// negated), an edge against another view's, a dimension set or matched, an axis aligned. Each
/// turns the receiver's autoresizing constraints off and activates what it makes.
struct PureLayoutCall {
    var family: String
    var values: [String: CodeValue] = [:]

    /// A Swift call: `autoPinEdge(.left, to: .right, of: logo, withOffset: 8)`.
    init?(swift method: String, labels: [String], values: [CodeValue]) {
        let keys: [String]
        switch (method, labels.first ?? "") {
        case ("autoPinEdge", "toSuperviewEdge"): family = "superviewEdge"; keys = ["edge", "inset", "relation"]
        case ("autoPinEdge", "toSuperviewMargin"): family = "superviewMargin"; keys = ["edge", "relation"]
        case ("autoPinEdge", _): family = "edge"; keys = ["edge", "toEdge", "view", "offset", "relation"]
        case ("autoSetDimension", _): family = "dimension"; keys = ["dimension", "size", "relation"]
        case ("autoSetDimensions", _): family = "dimensions"; keys = ["sizes"]
        case ("autoPinEdgesToSuperviewEdges", _): family = "superviewEdges"; keys = ["insets", "excluding"]
        case ("autoPinEdgesToSuperviewMargins", _): family = "superviewMargins"; keys = ["excluding"]
        case ("autoAlignAxis", "toSuperviewAxis"): family = "superviewAxis"; keys = ["axis"]
        case ("autoAlignAxis", _): family = "axis"; keys = ["axis", "view", "offset"]
        case ("autoMatch", _): family = "match"; keys = ["dimension", "toDimension", "view", labels.count > 3 && labels[3] == "withMultiplier" ? "multiplier" : "offset"]
        case ("autoCenterInSuperview", _): family = "center"; keys = []
        default: return nil
        }
        for (k, value) in values.enumerated() where k < keys.count { self.values[keys[k]] = value }
    }

    /// An Objective-C message: `autoPinEdge:toEdge:ofView:withOffset:`.
    init?(objc selector: String, values: [CodeValue]) {
        let parts = selector.split(separator: ":").map(String.init)
        guard let first = parts.first else { return nil }
        var keys: [String] = []
        switch first {
        case "autoPinEdgeToSuperviewEdge": family = "superviewEdge"; keys = ["edge", "inset", "relation"]
        case "autoPinEdgeToSuperviewMargin": family = "superviewMargin"; keys = ["edge", "relation"]
        case "autoPinEdge": family = "edge"; keys = ["edge", "toEdge", "view", "offset", "relation"]
        case "autoSetDimension": family = "dimension"; keys = ["dimension", "size", "relation"]
        case "autoSetDimensionsToSize": family = "dimensions"; keys = ["sizes"]
        case "autoPinEdgesToSuperviewEdges", "autoPinEdgesToSuperviewEdgesWithInsets": family = "superviewEdges"; keys = ["insets", "excluding"]
        case "autoPinEdgesToSuperviewMargins": family = "superviewMargins"; keys = ["excluding"]
        case "autoAlignAxisToSuperviewAxis": family = "superviewAxis"; keys = ["axis"]
        case "autoAlignAxis": family = "axis"; keys = ["axis", "view", "offset"]
        case "autoMatchDimension": family = "match"; keys = ["dimension", "toDimension", "view", parts.last == "withMultiplier" ? "multiplier" : "offset"]
        case "autoCenterInSuperview": family = "center"
        default: return nil
        }
        for (k, value) in values.enumerated() where k < keys.count { self.values[keys[k]] = value }
    }

    /// `.left`, `ALEdgeLeft`, `ALDimensionWidth`, `ALAxisVertical` (a vertical line: centerX).
    static func attribute(_ value: CodeValue?) -> LayoutAttribute? {
        guard case var .member(name)? = value else { return nil }
        for prefix in ["type:", "ALEdge", "ALDimension", "ALAxis", "ALMargin"] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
        name = name.prefix(1).lowercased() + name.dropFirst()
        switch name {
        case "vertical": return .centerX
        case "horizontal": return .centerY
        case "baseline": return .lastBaseline
        default: return LayoutAttribute(name: name)
        }
    }

    static func relation(_ value: CodeValue?) -> LayoutRelation {
        guard case let .member(name)? = value else { return .equal }
        let lower = name.lowercased()
        return lower.contains("greater") ? .greaterThanOrEqual : lower.contains("less") ? .lessThanOrEqual : .equal
    }

    /// The constraints, made and activated at the call's place; nil with why when a value is
    /// not known.
    func make(for view: String, in world: CodeWorld, reader: some ValueReading, at location: CodeLayout.Location) -> Result<[Int], CodeError> {
        func number(_ key: String) -> Double { values[key].flatMap(reader.asNumber) ?? 0 }
        let superview = world.parent(of: view) ?? "root"
        var specs: [ConstraintSpec] = []
        let relation = Self.relation(values["relation"])
        func inward(_ attribute: LayoutAttribute, _ amount: Double) -> Double {
            [.right, .bottom, .trailing, .rightMargin, .bottomMargin, .trailingMargin].contains(attribute) ? -amount : amount
        }
        func flipped(_ relation: LayoutRelation, _ attribute: LayoutAttribute) -> LayoutRelation {
            // PureLayout's relation reads inward for the far edges.
            guard [.right, .bottom, .trailing].contains(attribute) else { return relation }
            return relation == .greaterThanOrEqual ? .lessThanOrEqual : relation == .lessThanOrEqual ? .greaterThanOrEqual : .equal
        }
        switch family {
        case "superviewEdge", "superviewMargin":
            guard let edge = Self.attribute(values["edge"]) else { return .failure(CodeError(message: "an edge strut does not know")) }
            let other = family == "superviewMargin" ? LayoutAttribute(name: edge.name + "Margin") ?? edge : edge
            specs.append(ConstraintSpec(firstItem: view, firstAttribute: edge, relation: flipped(relation, edge), secondItem: superview,
                                        secondAttribute: other, constant: inward(edge, number("inset"))))
        case "edge":
            guard let edge = Self.attribute(values["edge"]), let toEdge = Self.attribute(values["toEdge"]), case let .view(other)? = values["view"] else {
                return .failure(CodeError(message: "an edge or view strut does not know"))
            }
            specs.append(ConstraintSpec(firstItem: view, firstAttribute: edge, relation: relation, secondItem: other, secondAttribute: toEdge,
                                        constant: number("offset")))
        case "dimension":
            guard let dimension = Self.attribute(values["dimension"]) else { return .failure(CodeError(message: "a dimension strut does not know")) }
            specs.append(ConstraintSpec(firstItem: view, firstAttribute: dimension, relation: relation, constant: number("size")))
        case "dimensions":
            guard case let .size(w, h)? = values["sizes"] else { return .failure(CodeError(message: "a size strut does not know")) }
            specs += [ConstraintSpec(firstItem: view, firstAttribute: .width, relation: .equal, constant: w),
                      ConstraintSpec(firstItem: view, firstAttribute: .height, relation: .equal, constant: h)]
        case "superviewEdges", "superviewMargins":
            let insets = values["insets"].flatMap(reader.asInsets) ?? EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
            let excluded = Self.attribute(values["excluding"])
            let margins = family == "superviewMargins"
            for (edge, inset) in [(LayoutAttribute.top, insets.top), (.leading, insets.left), (.bottom, insets.bottom), (.trailing, insets.right)]
            where edge != excluded && !(edge == .leading && excluded == .left) && !(edge == .trailing && excluded == .right) {
                let other = margins ? LayoutAttribute(name: edge.name + "Margin")! : edge
                specs.append(ConstraintSpec(firstItem: view, firstAttribute: edge, relation: .equal, secondItem: superview, secondAttribute: other,
                                            constant: inward(edge, inset)))
            }
        case "superviewAxis", "axis":
            guard let axis = Self.attribute(values["axis"]) else { return .failure(CodeError(message: "an axis strut does not know")) }
            var other = superview
            if family == "axis" {
                guard case let .view(name)? = values["view"] else { return .failure(CodeError(message: "a view strut does not know")) }
                other = name
            }
            specs.append(ConstraintSpec(firstItem: view, firstAttribute: axis, relation: .equal, secondItem: other, secondAttribute: axis,
                                        constant: number("offset")))
        case "match":
            guard let dimension = Self.attribute(values["dimension"]), let toDimension = Self.attribute(values["toDimension"]),
                  case let .view(other)? = values["view"] else { return .failure(CodeError(message: "a dimension or view strut does not know")) }
            specs.append(ConstraintSpec(firstItem: view, firstAttribute: dimension, relation: .equal, secondItem: other, secondAttribute: toDimension,
                                        multiplier: values["multiplier"].flatMap(reader.asNumber) ?? 1, constant: number("offset")))
        default:
            specs += [ConstraintSpec(firstItem: view, firstAttribute: .centerX, relation: .equal, secondItem: superview, secondAttribute: .centerX),
                      ConstraintSpec(firstItem: view, firstAttribute: .centerY, relation: .equal, secondItem: superview, secondAttribute: .centerY)]
        }
        world.setProperty(.autoresizing(false), of: view, at: location)
        let made = specs.map { world.makeConstraint($0, at: location) }
        for index in made { world.setActive(index, true, at: location) }
        return .success(made)
    }
}
