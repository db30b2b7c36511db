/// Size-class variations of an imported document, kept so that a change of device or
/// orientation applies them again: a constraint's constant, priority and installation, and a
/// view's hidden state, stack axis and spacing, per size class.

/// The size classes a variation is for (`heightClass=regular-widthClass=compact`); a class it
/// does not name is any.
public struct TraitCondition: Hashable, Sendable {
    public var horizontal: SizeClass?
    public var vertical: SizeClass?

    /// From Interface Builder's variation key; nil for `default` and anything else.
    public init?(key: String) {
        let parts = key.split(separator: "-")
        guard !parts.isEmpty else { return nil }
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let value = SizeClass(rawValue: pair[1]) else { return nil }
            switch pair[0] {
            case "widthClass": horizontal = value
            case "heightClass": vertical = value
            default: return nil
            }
        }
    }

    public func holds(for traits: Traits) -> Bool {
        (horizontal.map { $0 == traits.horizontalSizeClass } ?? true) && (vertical.map { $0 == traits.verticalSizeClass } ?? true)
    }

    /// How many classes it names: the more specific variation wins where two hold.
    public var specificity: Int { (horizontal == nil ? 0 : 1) + (vertical == nil ? 0 : 1) }
}

/// What a variation sets (nil: what the default has), laid over what holds before it.
public protocol VariationValues: Sendable, Equatable {
    func overridden(by other: Self) -> Self
}

public struct ConstraintValues: VariationValues {
    public var constant: Double?
    public var priority: LayoutPriority?
    public var installed: Bool?
    public init(constant: Double? = nil, priority: LayoutPriority? = nil, installed: Bool? = nil) {
        self.constant = constant
        self.priority = priority
        self.installed = installed
    }

    public func overridden(by other: ConstraintValues) -> ConstraintValues {
        ConstraintValues(constant: other.constant ?? constant, priority: other.priority ?? priority, installed: other.installed ?? installed)
    }
}

public struct ViewValues: VariationValues {
    public var hidden: Bool?
    public var axis: Axis?
    public var spacing: Double?
    public init(hidden: Bool? = nil, axis: Axis? = nil, spacing: Double? = nil) {
        self.hidden = hidden
        self.axis = axis
        self.spacing = spacing
    }

    public func overridden(by other: ViewValues) -> ViewValues {
        ViewValues(hidden: other.hidden ?? hidden, axis: other.axis ?? axis, spacing: other.spacing ?? spacing)
    }
}

/// One item's default and its variations, in document order.
public struct Varied<Values: VariationValues>: Sendable {
    public var base: Values
    public var variants: [(condition: TraitCondition, values: Values)]
    public init(base: Values, variants: [(condition: TraitCondition, values: Values)]) {
        self.base = base
        self.variants = variants
    }
}

extension Varied {
    /// What holds for the traits: the default, then each variation that holds, the more
    /// specific later (in document order among equals).
    func resolved(for traits: Traits) -> Values {
        variants.enumerated().filter { $0.element.condition.holds(for: traits) }
            .sorted { a, b in
                a.element.condition.specificity != b.element.condition.specificity
                    ? a.element.condition.specificity < b.element.condition.specificity : a.offset < b.offset
            }
            .reduce(base) { $0.overridden(by: $1.element.values) }
    }
}

/// Every varied constraint and view of the session, by name.
public struct TraitVariations: Sendable {
    public var constraints: [String: Varied<ConstraintValues>] = [:]
    public var views: [String: Varied<ViewValues>] = [:]
    public init() {}
    public var isEmpty: Bool { constraints.isEmpty && views.isEmpty }
}

/// TraitVariations, boxed and never changed in place.
final class TraitVariationsBox: Sendable {
    let variations: TraitVariations
    init(_ variations: TraitVariations) { self.variations = variations }
}

extension LayoutEngine {
    /// Keeps an import's size-class variations (its constraints and views by their names here).
    public func addTraitVariations(_ variations: TraitVariations) throws {
        try perform { h in
            var all = h.traitVariations
            all.constraints.merge(variations.constraints) { _, new in new }
            all.views.merge(variations.views) { _, new in new }
            h.traitVariations = all
        }
    }

    /// The variations for the traits in force, applied in a change: returns how many items changed.
    func applyTraitVariations(_ h: inout Hierarchy) throws -> Int {
        guard !h.traitVariations.isEmpty else { return 0 }
        let traits = h.traits
        var changed = 0
        for (name, varied) in h.traitVariations.constraints {
            guard let ref = h.constraintRef(named: name), case let .user(index) = ref, var c = h.constraints[index] else { continue }
            let values = varied.resolved(for: traits)
            let before = c
            if let constant = values.constant { c.constant = constant }
            if let priority = values.priority { c.priority = priority }
            if let installed = values.installed, installed != c.isActive {
                if installed {
                    h.clock += 1
                    c.stamp = h.clock
                }
                c.isActive = installed
            }
            if c != before {
                h.constraints[index] = c
                pending.dirtyRefs.insert(ref)
                changed += 1
            }
        }
        for (name, varied) in h.traitVariations.views {
            guard let id = h.viewID(ifNamed: name) else { continue }
            let values = varied.resolved(for: traits)
            let view = h.view(id)
            var properties: [ViewProperty] = []
            if let hidden = values.hidden, hidden != view.isHidden { properties.append(.hidden(hidden)) }
            if view.kind == .stack, let axis = values.axis, axis != view.stack.axis { properties.append(.axis(axis)) }
            if view.kind == .stack, let spacing = values.spacing, spacing != view.stack.spacing { properties.append(.spacing(spacing)) }
            for property in properties { try h.set(property, on: id) }
            if !properties.isEmpty {
                pending.dirtyViews.insert(id)
                changed += 1
            }
        }
        return changed
    }
}
