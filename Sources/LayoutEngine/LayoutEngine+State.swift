internal import Cassowary

// The parts of a layout engine's state, each a value: `LayoutEngine.copy()` copies each whole.

/// What is in the solver: each view's variables, each installed constraint by reference and by
/// solver id, what each solver variable stands for, and who names it.
struct SolverLink {
    var variables: [ViewVariables?] = []
    var installed = InstalledConstraints()
    var refByID = ByIndex<ConstraintRef>()
    /// Solver variable → the frame component it stands for.
    var components = ByIndex<ComponentRef>()
    var variableUsers = VariableUsers()
}

/// Broken required constraints (active but kept out of the solver) and when each may hold
/// again. A broken constraint is tried again only when a member of its set changed after it
/// broke; until then its set still stands.
struct BrokenConstraints {
    /// Each broken constraint with the minimal conflicting set it was broken from.
    var broken: [ConstraintRef: [ConstraintRef]] = [:]
    /// In breaking order.
    var brokenOrder: [ConstraintRef] = []
    /// A counter of solver changes: when each installed constraint last left the solver or
    /// changed there, and when each broken one was broken.
    var changeClock = 0
    var lastChanged: [ConstraintRef: Int] = [:]
    var brokenAt: [ConstraintRef: Int] = [:]
    /// The broken constraints by the other members of their sets, and the members noted
    /// changed since broken ones were last looked at for retries: only a broken constraint whose
    /// set holds one of those can have loosened (looking at every broken one at every
    /// synchronisation would make an import that breaks one per message quadratic).
    var brokenByMember: [ConstraintRef: [ConstraintRef]] = [:]
    var changedSinceRetries: [ConstraintRef] = []
}

/// What changed since the solver was last brought up to date (`synchronize`).
struct PendingChanges {
    /// Constraints and views changed since the last synchronisation.
    var dirtyRefs: Set<ConstraintRef> = []
    var dirtyViews: Set<ViewID> = []
    /// Views whose attributes are written otherwise now (margins, font, another superview):
    /// every constraint touching them is compiled again.
    var rewrittenViews: Set<ViewID> = []
    var needsFullSync = false
    /// Inside `deferringSynchronization`: changes leave the solver behind until it ends.
    var deferringDepth = 0
    /// Variables of the constraints installed, removed or changed since `takeStandingChanges`.
    var touchedVariables: Set<Int32> = []
    /// The views (a copy: it shares their leaves) and switches as they were when every
    /// stack's constraints were last brought up to date (`regenerateStacks`).
    var stackBaseline: (views: ChunkedArray<View?>, stackFitting: Bool, canvas: Bool)?
}

/// Answers kept per solver state (`generation`), and what was last said about the layout.
struct QueryCaches {
    /// A changing counter of the solver's state.
    var generation = 0
    var ambiguityCache: (generation: Int, result: [ViewID: [FrameComponent]])?
    /// Whether each optional constraint asked about trades off with equal priorities
    /// (`competing`).
    var competingMemo: (generation: Int, verdicts: [ConstraintRef: Bool]) = (-1, [:])
    /// The components `competingConstraints` walked to their end.
    var competingWalks = CompetingWalks(generation: -1)
    /// Ranges of variables over the optimal layouts, each asked once per solver state (an
    /// ambiguity report, its text and the picture's ghost all ask for the same ones).
    var rangeMemo: (generation: Int, ranges: [Int32: ValueRange]) = (-1, [:])
    /// Which views were ambiguous and which of your constraints violated, as last looked at.
    var standing = Standing()
}

/// Marks of graph walks (`competingConstraints`, `reached`, `named`): by solver variable, by
/// solver constraint id and by view, the stamp of the walk that last saw it.
struct WalkMarks {
    var walkStamp = 0
    var variableWalkStamps: [Int] = []
    var constraintWalkStamps: [Int] = []
    var viewWalkStamps: [Int] = []
}

/// A value by solver index (a variable's, a constraint's), in an array (no hashing); nil where
/// none was set.
struct ByIndex<Value> {
    private var values: [Value?] = []

    subscript(variable: Int32) -> Value? {
        get { self[index: Int(variable)] }
        set { self[index: Int(variable)] = newValue }
    }

    /// In place, growing as needed (a negative index finds nothing, and traps when written).
    subscript(index k: Int) -> Value? {
        get { k >= 0 && k < values.count ? values[k] : nil }
        _modify {
            if k >= values.count { values.append(contentsOf: repeatElement(nil, count: k + 1 - values.count)) }
            yield &values[k]
        }
    }
}
