/// A constraint as typed: item names (`super` = the first item's superview), not yet checked.
public struct ConstraintSpec: Hashable, Sendable {
    public var name: String?
    public var firstItem: String
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var secondItem: String?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    /// `NSLayoutConstraint.identifier` when it cannot be the name (an imported document's).
    public var identifier: String?
    /// Who made it: `user` unless read from a log that says otherwise.
    public var origin: ConstraintOrigin = .user

    public init(name: String? = nil, firstItem: String, firstAttribute: LayoutAttribute, relation: LayoutRelation,
                secondItem: String? = nil, secondAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
                constant: Double = 0, priority: LayoutPriority = .required, identifier: String? = nil,
                origin: ConstraintOrigin = .user) {
        self.name = name
        self.identifier = identifier
        self.origin = origin
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }
}

extension LayoutEngine {
    /// Makes a constraint and activates it at once.
    /// - Returns: its name (the given one, or the next `cN`).
    /// - Throws: `LayoutError` for unknown items, duplicate names and UIKit's validity rules.
    @discardableResult
    public func addConstraint(_ spec: ConstraintSpec) throws -> String {
        try addConstraints([spec])[0]
    }

    /// Makes several constraints at once (a VFL line): all of them, or none.
    /// - Returns: their names, in order.
    @discardableResult
    public func addConstraints(_ specs: [ConstraintSpec]) throws -> [String] {
        try perform { h in try specs.map { try make($0, in: &h) } }
    }

    private func make(_ spec: ConstraintSpec, in h: inout Hierarchy) throws -> String {
        let firstID = try itemID(named: spec.firstItem, in: &h)
        var second: Anchor?
        if let secondItem = spec.secondItem, let attribute = spec.secondAttribute, spec.multiplier != 0 {
            let secondID: ViewID
            if secondItem == "super" {
                guard let parent = h.view(firstID).parent else { throw LayoutError.noSuperview(spec.firstItem) }
                secondID = parent
            } else {
                secondID = try itemID(named: secondItem, in: &h)
            }
            second = Anchor(item: secondID, attribute: attribute)
        }
        if let name = spec.name, h.constraintRef(named: name) != nil {
            throw LayoutError.duplicateConstraintName(name)
        }
        h.clock += 1
        var constraint = LayoutConstraint(
            name: spec.name ?? "", first: Anchor(item: firstID, attribute: spec.firstAttribute),
            relation: spec.relation, second: second, multiplier: second == nil ? 1 : spec.multiplier,
            constant: spec.constant, priority: spec.priority, origin: spec.origin, stamp: h.clock, identifier: spec.identifier)
        try h.validate(constraint)
        if spec.name == nil { constraint.name = h.nextAutomaticName() }
        let index = h.constraints.count
        h.constraints.append(constraint)
        h.constraintTable.note(constraint.name, index)
        pending.dirtyRefs.insert(.user(index))
        return constraint.name
    }

    /// `activate`, `deactivate`, `toggle`: all names are checked before any changes.
    public func setActive(_ names: [String], _ mode: ActivationChange) throws {
        try perform { h in
            let indices = try names.map { try h.userConstraintIndex($0, action: mode.rawValue) }
            for index in indices {
                let active: Bool
                switch mode {
                case .activate: active = true
                case .deactivate: active = false
                case .toggle: active = !h.constraints[index]!.isActive
                }
                if active && !h.constraints[index]!.isActive {
                    h.clock += 1
                    h.constraints[index]!.stamp = h.clock
                }
                h.constraints[index]!.isActive = active
                pending.dirtyRefs.insert(.user(index))
            }
        }
    }

    /// `remove NAME...`: the constraints are gone for good (undo brings them back).
    public func removeConstraints(_ names: [String]) throws {
        try perform { h in
            let indices = try names.map { try h.userConstraintIndex($0, action: "remove") }
            for index in indices {
                guard h.constraints[index] != nil else { continue }
                h.constraints[index] = nil
                pending.dirtyRefs.insert(.user(index))
            }
        }
    }

    /// `priority NAME P`. Required ↔ optional re-adds the constraint, as current iOS does
    /// (iOS 12 and earlier threw instead).
    public func setPriority(_ name: String, _ priority: LayoutPriority) throws {
        try perform { h in
            let index = try h.userConstraintIndex(name, action: "priority")
            try h.checkPriority(priority)
            let old = h.constraints[index]!.priority
            if old.isRequired != priority.isRequired && h.constraints[index]!.isActive {
                h.clock += 1
                h.constraints[index]!.stamp = h.clock
            }
            h.constraints[index]!.priority = priority
            pending.dirtyRefs.insert(.user(index))
        }
    }

    /// `constant NAME C`: the cheap path, an in-place edit of the solver's row.
    public func setConstant(_ name: String, _ constant: Double) throws {
        try perform { h in
            let index = try h.userConstraintIndex(name, action: "constant")
            try h.check(constant, "constant")
            h.constraints[index]!.constant = constant
            pending.dirtyRefs.insert(.user(index))
        }
    }

    /// `multiplier NAME M` is refused: UIKit's multiplier is read-only.
    public func setMultiplier(_ name: String, _ multiplier: Double) throws {
        _ = try hierarchy.userConstraintIndex(name, action: "multiplier")
        throw LayoutError.multiplierIsReadOnly(name)
    }
}

/// How `setActive` changes each constraint.
public enum ActivationChange: String, Sendable {
    case activate, deactivate, toggle
}

extension Hierarchy {
    /// A user constraint's index; system constraints are refused with the way to change them.
    func userConstraintIndex(_ name: String, action: String) throws -> Int {
        if let index = constraintIndex(named: name) { return index }
        if case let .stack(id, _) = stackConstraintRef(named: name) {
            throw LayoutError.stackConstraint(name: name, stack: view(id).name)
        }
        if let (view, kind) = systemConstraint(named: name) {
            throw LayoutError.systemConstraint(name: name, view: self.view(view).name, kind: kind)
        }
        let candidates = userConstraints.map(\.constraint.name)
        throw LayoutError.unknownConstraint(name, suggestion: closestMatch(to: name, in: candidates))
    }

    /// `title.hugging.h` → (title, .huggingH), when that view exists and makes that constraint.
    func systemConstraint(named name: String) -> (ViewID, SystemConstraintKind)? {
        // (A guide's name is long, `x.layoutMarginsGuide.top` at the least: shorter names skip its kinds.)
        let kinds = name.utf8.count >= 22 ? SystemConstraintKind.allCases : SystemConstraintKind.ofViews
        for kind in kinds where name.hasSuffix("." + kind.suffix) {
            let viewName = String(name.dropLast(kind.suffix.count + 1))
            if let id = viewID(ifNamed: viewName), systemConstraint(kind, of: id) != nil { return (id, kind) }
        }
        return nil
    }
}
