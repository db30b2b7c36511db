/// What the diagnostics find, as data: the shell renders it as text, and pictures or pages can
/// draw it. Nothing here is worded; names are references into the hierarchy.

/// A frame component set to a value by holding one constraint as an equation (an inequality at
/// its limit): `title.x = 8`.
public struct Setting: Hashable, Sendable {
    public var component: ComponentRef
    public var value: Double
    /// The constraint is an inequality, held at its limit.
    public var atLimit: Bool

    public init(component: ComponentRef, value: Double, atLimit: Bool) {
        self.component = component
        self.value = value
        self.atLimit = atLimit
    }

    /// A width or height below zero: what makes the set impossible.
    public var isNegativeSize: Bool { component.component.isSize && value < 0 }
}

/// One line of a chain: a constraint, and what it sets.
public struct ChainStep: Sendable {
    public var ref: ConstraintRef
    /// What holding it sets, or nil when it sets nothing new (it only checks).
    public var sets: Setting?
    /// For the last step of a conflict or a violation: how far it is from holding (0: it holds
    /// only at its limit).
    public var shortfall: Double?

    public init(ref: ConstraintRef, sets: Setting?, shortfall: Double? = nil) {
        self.ref = ref
        self.sets = sets
        self.shortfall = shortfall
    }
}

/// Constraints ordered from what is fixed (root's frame, constants): each step sets one more
/// component; `unordered` are those that only hold together with the others.
public struct Chain: Sendable {
    public var steps: [ChainStep]
    public var unordered: [ConstraintRef]

    public init(steps: [ChainStep], unordered: [ConstraintRef]) {
        self.steps = steps
        self.unordered = unordered
    }
}

/// A change the developer can make.
public enum Fix: Hashable, Sendable {
    /// Deactivate one of the user's constraints (lowering it to 999 does the same for a conflict).
    case deactivate(ConstraintRef)
    /// Give one of the user's constraints another priority.
    case priority(ConstraintRef, LayoutPriority)
    /// Give a view's content hugging or compression resistance (`kind`) another priority.
    case contentPriority(ViewID, SystemConstraintKind, LayoutPriority)
    /// Turn a view's autoresizing off (and constrain it yourself).
    case autoresizingOff(ViewID)
    /// Show a hidden arranged view again (or lower its own constraints).
    case unhide(ViewID)
    /// Change a stack view's distribution, alignment, spacing or arranged views: its generated
    /// constraints with these UIKit identifiers take part.
    case changeStack(ViewID, identifiers: [String])
}

/// A broken required constraint, explained.
public struct ConflictReport: Sendable {
    public var broken: ConstraintRef
    /// The minimal conflicting set, `broken` among it.
    public var set: [ConstraintRef]
    public var chain: Chain
    /// The members each of whose removal (or lowering to 999) lets the whole required system
    /// hold with `broken` back in it.
    public var resolving: [ConstraintRef]
    /// Those members as changes the developer can make; a stack view's generated constraints
    /// make one fix per stack.
    public var fixes: [Fix]
    /// The fixes tried, best first (`LayoutEngine.rankedFixes`).
    public var ranked: [RankedFix]
    /// Members that are UIKit's to keep (a cell's size, margins, private constraints).
    public var notOffered: [ConstraintRef]
}

/// A violated optional constraint, explained.
public struct ViolationReport: Sendable {
    public var ref: ConstraintRef
    /// How far it is from holding.
    public var error: Double
    /// A minimal set of active constraints that cannot hold together with it.
    public var forcedBy: [ConstraintRef]
    /// Every member of `forcedBy` has a higher priority (else equal priorities share the error).
    public var byHigherPriority: Bool
    /// `forcedBy` as a chain that ends before `ref`.
    public var chain: Chain

    /// A view's hugging giving way: the view stretched past its content, as designed.
    public var isStretching: Bool {
        if case let .system(_, kind) = ref { return kind == .huggingH || kind == .huggingV }
        return false
    }
}

/// Every violated optional constraint: the reports, and the stack views' fitting constraints
/// that give way by design (their UIKit identifiers, once each, and how many there are).
public struct Violations: Sendable {
    public var reports: [ViolationReport]
    public var givingWay: [String]
    public var givingWayCount: Int
}

/// Why a view's frame is not unique.
public enum AmbiguityReason: Hashable, Sendable {
    /// The size along the axis is fixed, the position is not.
    case positionFree(ViewID, Axis)
    /// The near edge is fixed, the size is not.
    case sizeFree(ViewID, Axis)
    /// The far edge is fixed (at this value); the near edge and the size move together.
    case farEdgeFixed(ViewID, Axis, at: Double)
    /// The centre is fixed (at this value), the size is not.
    case centerFixed(ViewID, Axis, at: Double)
    /// Neither position nor size is fixed.
    case neitherFixed(ViewID, Axis)
    /// The component is only bounded, by these inequalities.
    case onlyBounded(ComponentRef, by: [ConstraintRef])
    /// Optional constraints at these priorities whose errors trade off across the optimal layouts.
    case competing([ConstraintRef], priorities: [LayoutPriority])
}

/// What would pin an ambiguous view.
public enum Pin: Hashable, Sendable {
    /// A constraint on the near edge, the far edge or the centre.
    case addPosition(ViewID, Axis)
    /// A size constraint, or one on the far edge.
    case addSizeOrFarEdge(ViewID, Axis)
    /// A size constraint, or one on the near edge.
    case addSizeOrNearEdge(ViewID, Axis)
    case addSize(ViewID, Axis)
    /// A near-edge and a size constraint (or two edges).
    case addNearEdgeAndSize(ViewID, Axis)
    /// Another priority for one of the competing constraints, e.g. this change.
    case reprioritise(Fix)
}

/// Why a view is ambiguous and what would pin it.
public struct AmbiguityReport: Sendable {
    public var view: ViewID
    public var components: [FrameComponent]
    public var reasons: [AmbiguityReason]
    /// Optional constraints at one priority whose errors trade off across the optimal layouts.
    public var competing: [ConstraintRef]
    public var pins: [Pin]
}

/// The constraints a frame component (or all four) rests on.
public struct Explanation: Sendable {
    public var chain: Chain
    /// The component is not unique (see the ambiguity report).
    public var isFree: Bool
}
