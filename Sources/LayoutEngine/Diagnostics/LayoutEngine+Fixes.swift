internal import Cassowary

/// Whose a constraint is, and so what the developer can change about it.
public enum ConstraintOwner: Hashable, Sendable {
    /// The developer's own: deactivate it or lower it.
    case yours
    /// A stack view's (`UISV-*`): its settings, or the arranged views' own constraints.
    case stackView(ViewID?)
    /// A view's `translatesAutoresizingMaskIntoConstraints`.
    case autoresizing(ViewID?)
    /// A view's intrinsic content size: its hugging or compression resistance priority.
    case contentSize(ViewID)
    /// `UIView-Encapsulated-Layout-*`: the size a table or collection view gives its cell.
    case cellSizing
    /// Layout margins and guides UIKit makes (`*-guide-constraint`).
    case margins
    /// UIKit's own, private (`_UITemporaryLayoutWidth`, the keyboard's): never yours to change.
    case uikitPrivate(String)

    /// Whether a fix may act on the constraint itself.
    public var isChangeable: Bool {
        switch self {
        case .yours, .stackView, .autoresizing, .contentSize: true
        case .cellSizing, .margins, .uikitPrivate: false
        }
    }
}

/// What a fix does to the layout, found by applying it to a copy and laying out.
public struct Consequence: Sendable {
    public struct Move: Sendable {
        public var view: ViewID
        public var before: Rect
        public var after: Rect
    }
    /// Views whose frame changes, in hierarchy order.
    public var moves: [Move]
    /// Views that had a width and a height and lose one of them.
    public var collapsed: [ViewID]
    /// Views that become ambiguous.
    public var ambiguous: [ViewID]
    /// Constraints that become violated (stack views' fitting constraints aside).
    public var violated: [ConstraintRef]
    /// Constraints that become broken.
    public var broken: [ConstraintRef]
    /// The conflict's broken constraint holds (or is gone) afterwards.
    public var resolves: Bool

    /// No collapse, no new ambiguity, violation or broken constraint.
    public var isClean: Bool { collapsed.isEmpty && ambiguous.isEmpty && violated.isEmpty && broken.isEmpty }
    /// How far everything moves: the sum of every frame component's change.
    public var movement: Double {
        moves.reduce(0) { total, m in
            total + abs(m.after.x - m.before.x) + abs(m.after.y - m.before.y)
                + abs(m.after.width - m.before.width) + abs(m.after.height - m.before.height)
        }
    }
}

/// A fix with what it does (nil when it cannot be tried: a stack view's settings).
public struct RankedFix: Sendable {
    public var fix: Fix
    public var consequence: Consequence?
}

extension Diagnostics {
    /// Above this many views, fixes are listed without being tried (each try lays out a copy).
    public static let consequenceLimit = 3_000

    /// Whose `ref` is, from its origin and UIKit's identifier.
    public func owner(of ref: ConstraintRef) -> ConstraintOwner {
        guard let constraint = engine.hierarchy.constraint(ref) else { return .yours }
        switch ref {
        case let .system(id, kind):
            switch kind.origin {
            case .contentSize: return .contentSize(id)
            case .layoutGuide: return .margins
            default: return .autoresizing(id)
            }
        case let .stack(id, _):
            return .stackView(id)
        case .user:
            let identifier = constraint.identifier ?? ""
            switch constraint.origin {
            case .stack: return .stackView(nil)
            case .autoresizing: return .autoresizing(constraint.first.item)
            case .contentSize: return .contentSize(constraint.first.item)
            case .margins, .layoutGuide: return .margins
            case .user: break
            }
            if identifier.hasPrefix("UIView-Encapsulated-Layout") { return .cellSizing }
            if identifier.hasPrefix("_UI") || identifier.hasPrefix("UIInputWindowController")
                || identifier.hasPrefix("UIKeyboard") || identifier.hasPrefix("UIViewSafeAreaLayoutGuide")
                || ["accessoryView.bottom", "accessoryView.top", "inputView.top", "inputView.bottom", "assistantHeight",
                    "assistantView.bottom", "assistantView.top"].contains(identifier) {
                return .uikitPrivate(identifier)
            }
            return .yours
        }
    }

    /// The fixes of a conflict, each tried on a copy, the clean ones first (no collapse, no new
    /// ambiguity, violation or broken constraint), then by how little moves.
    /// - Complexity: one engine rebuilt from the hierarchy, and a copy of it laid out per fix
    ///   (none above `consequenceLimit` views).
    public func rankedFixes(_ fixes: [Fix], broken: ConstraintRef) -> [RankedFix] {
        var shared: FixTrials?
        return rankedFixes(fixes, broken: broken, shared: &shared)
    }

    /// What the fixes of one report's conflicts share, made when first needed: the engine
    /// rebuilt from the hierarchy (each conflict rebuilt its own: a log of 200 messages has 200
    /// conflicts, each rebuilding every constraint) and this engine's views and constraints,
    /// listed once (each fix listed them again).
    struct FixTrials {
        let rebuilt: LayoutEngine
        let views: [View]
        let constraints: [(ref: ConstraintRef, constraint: LayoutConstraint)]
        /// `MovedMarkers.Reading` of these trials, made when first asked (`.some(nil)`: it
        /// cannot be read).
        private let cache = ReadingCache()
        private final class ReadingCache { var reading: MovedMarkers.Reading?? }

        init(_ hierarchy: Hierarchy) {
            rebuilt = Diagnostics.rebuilt(from: hierarchy)
            views = hierarchy.allViews
            constraints = hierarchy.allConstraints
        }

        func reading(_ diagnostics: Diagnostics) -> MovedMarkers.Reading? {
            if let known = cache.reading { return known }
            let made = MovedMarkers.Reading(diagnostics, trials: self)
            cache.reading = .some(made)
            return made
        }
    }

    /// `rankedFixes(_:broken:)` with what the conflicts of one report share (nil until needed).
    func rankedFixes(_ fixes: [Fix], broken: ConstraintRef, shared: inout FixTrials?) -> [RankedFix] {
        let tried = engine.hierarchy.views.count <= Diagnostics.consequenceLimit
        // One engine rebuilt from the hierarchy; each fix tried on a copy of it.
        if tried && !fixes.isEmpty && shared == nil {
            shared = FixTrials(engine.hierarchy)
        }
        let trials = tried ? shared : nil
        // (Only for a fix the tableau can answer: one that deactivates or lowers one of your
        // constraints.)
        let readable = fixes.contains {
            switch $0 {
            case .deactivate(.user), .priority(.user, _): true
            default: false
            }
        }
        let shortcut = readable ? trials.flatMap { MovedMarkers(self, trials: $0, broken: broken) } : nil
        let ranked = fixes.map { fix in
            RankedFix(fix: fix, consequence: trials.flatMap {
                shortcut?.consequence(of: fix) ?? consequence(of: fix, broken: broken, on: $0.rebuilt.copy(), trials: $0)
            })
        }
        // Stable: equal ranks keep the set's order. Each rank found once (a movement sums every
        // move: found in each comparison, sorting the fixes of a nesting of 1,000 views was
        // most of `conflicts`).
        let keys = ranked.map { rank($0.consequence) }
        return ranked.indices.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka.0 != kb.0 { return ka.0 < kb.0 }
            if abs(ka.1 - kb.1) > 1e-9 { return ka.1 < kb.1 }
            return a < b
        }.map { ranked[$0] }
    }

    /// Resolving and clean, resolving, not resolving, not tried; then the movement.
    private func rank(_ c: Consequence?) -> (Int, Double) {
        guard let c else { return (3, 0) }
        return (c.resolves ? (c.isClean ? 0 : 1) : 2, c.movement)
    }

    /// Applies `fix` to a copy of this engine, lays it out, and compares.
    public func consequence(of fix: Fix, broken: ConstraintRef) -> Consequence? {
        let trials = FixTrials(engine.hierarchy)
        return consequence(of: fix, broken: broken, on: trials.rebuilt, trials: trials)
    }

    /// A fresh engine with the hierarchy's state (built by the solver from nothing).
    static func rebuilt(from hierarchy: Hierarchy) -> LayoutEngine {
        let engine = LayoutEngine()
        engine.restore(hierarchy)
        return engine
    }

    /// `consequence(of:broken:)` with the fix applied to `copy`, `trials.rebuilt` or a copy of
    /// it; the views and constraints compared before and after are those `trials` listed.
    func consequence(of fix: Fix, broken: ConstraintRef, on copy: LayoutEngine, trials: FixTrials) -> Consequence? {
        do {
            switch fix {
            case let .deactivate(ref):
                try copy.setActive([engine.name(of: ref)], .deactivate)
            case let .priority(ref, priority):
                try copy.setPriority(engine.name(of: ref), priority)
            case let .contentPriority(id, kind, priority):
                let axis: Axis = kind == .huggingH || kind == .compressionH ? .horizontal : .vertical
                let hugging = kind == .huggingH || kind == .huggingV
                try copy.setProperty(hugging ? .hugging(axis, priority) : .compression(axis, priority), of: engine.hierarchy.view(id).name)
            case let .autoresizingOff(id):
                // A log's view: its logged autoresizing constraints go with it.
                let logged = logAutoresizing(of: id)
                if !logged.isEmpty { try copy.setActive(logged.map(engine.name(of:)), .deactivate) }
                try copy.setProperty(.autoresizing(false), of: engine.hierarchy.view(id).name)
            case let .unhide(id):
                try copy.setProperty(.hidden(false), of: engine.hierarchy.view(id).name)
            case .changeStack:
                return nil
            }
        } catch {
            return nil
        }
        var result = Consequence(moves: [], collapsed: [], ambiguous: [], violated: [], broken: [],
                                 resolves: copy.state(of: broken) != .broken)
        let before = engine.ambiguity()
        // Each hierarchy read once: read through an engine for every view and constraint, each
        // would be copied out every time.
        let copied = copy.hierarchy
        for view in trials.views where view.id != Hierarchy.rootID && view.kind != .guide {
            // A fix changes no view's alignment insets.
            let old = engine.solvedFrame(view.id, insets: view.alignmentInsets), new = copy.solvedFrame(view.id, insets: view.alignmentInsets)
            if !Diagnostics.same(old, new) { result.moves.append(.init(view: view.id, before: old, after: new)) }
            if old.width > 0 && old.height > 0 && (new.width < 1e-9 || new.height < 1e-9) { result.collapsed.append(view.id) }
            // Newly ambiguous: the copy is asked only about the views that were not (most of a
            // long log's placeholders are ambiguous anyway).
            if before[view.id] == nil && !copy.freeComponents(of: view.id).isEmpty { result.ambiguous.append(view.id) }
        }
        for (ref, constraint) in trials.constraints {
            if constraint.identifier.map(StackLayout.fittingIdentifiers.contains) == true { continue }
            let was = engine.state(of: ref, constraint), now = copied.constraint(ref).map { copy.state(of: ref, $0) } ?? .inactive
            if now == .violated && was != .violated { result.violated.append(ref) }
            if now == .broken && was != .broken { result.broken.append(ref) }
        }
        return result
    }

    /// The active constraints read from a log as a view's autoresizing
    /// (`NSAutoresizingMaskLayoutConstraint`), which turning its autoresizing off takes away.
    public func logAutoresizing(of id: ViewID) -> [ConstraintRef] {
        engine.hierarchy.allConstraints.compactMap { ref, c in
            guard case .user = ref, c.origin == .autoresizing, c.isActive, c.first.item == id else { return nil }
            return ref
        }
    }

    static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }
}

/// What deactivating a member of a conflict (or lowering it below required) does, read from
/// the tableau of the engine the fixes are tried on rather than tried on a copy of it, where
/// that gives the same answer: the broken constraints whose sets hold the member contradict
/// required equalities alone (`Solver.equalityCertificate`), and nothing lays out after a
/// change. Deactivating an
/// equality frees its marker and the engine tries those broken constraints again, oldest
/// first: the first whose certificate weighs the marker fixes it, each later one holds if it
/// agrees there and breaks again otherwise (when it is the newest of what contradicts it, as
/// the engine would break it; else the fix is tried). When that move keeps every restricted
/// symbol on the same side of zero (`Solver.movedVariables`) the optimum is the moved point:
/// the views of the variables that move are the only ones to compare, the constraints that
/// name them the only ones whose state can change, and no view becomes ambiguous that the
/// engine did not already leave so. Each fix was a copy of the engine and a removal and an
/// insertion in rows that, in a chain of n views, hold n markers.
struct MovedMarkers {
    /// What every conflict of one report reads alike from the engine its fixes are tried on,
    /// made once per report (`FixTrials.reading`): a log of 1,000 conflicts read it 1,000 times.
    final class Reading {
        /// The broken constraints' certificates (nil where one names more than markers of
        /// equalities), with the newest activation among each one's equalities and the one
        /// newest after it (`(stamp, id)`), each read when first needed.
        var certificates: [ConstraintRef: Certified?] = [:]
        /// Per view of `trials.views` (nil for root and guides): the frame before (the session
        /// engine's).
        let before: [Rect?]
        /// The views whose frame differs between the two engines, or which the engine tried on
        /// leaves ambiguous and the session's does not (positions in `trials.views`).
        let differing: [Int]
        let ambiguous: [Int]
        /// Per constraint of `trials.constraints`: its state before, and in the engine tried on
        /// (nil for a stack's fitting constraints, which are not compared).
        let was: [ConstraintState?]
        let now: [ConstraintState?]
        /// The constraints violated or broken in the engine tried on whose state differs from
        /// the session's (positions). Those whose state is the same there stay unmet or become
        /// met under a fix, which a consequence does not list, unless they are optional ones on
        /// a variable that moves (`optionalUsers`): a log of 1,000 broken constraints looked at
        /// each of them for every fix.
        let unmet: [Int]
        let constraintPosition: [ConstraintRef: Int]
        /// Per solver variable: the view it belongs to (its position, or −1), and the optional
        /// constraints in the solver that name it (positions).
        let viewOfVariable: [Int]
        let optionalUsers: [[Int]]
        /// Per solver variable, its value at the moved point while a fix is read (NaN: unmoved).
        let overlay: Overlay
        /// The views and constraints listed for the fix being read.
        let marks: Marks

        init?(_ diagnostics: Diagnostics, trials: Diagnostics.FixTrials) {
            let engine = diagnostics.engine, rebuilt = trials.rebuilt
            guard !rebuilt.hierarchy.autolayout, Set(rebuilt.broken.keys) == Set(engine.broken.keys) else { return nil }
            var before: [Rect?] = [], differing: [Int] = [], ambiguous: [Int] = []
            let variableCount = rebuilt.solver.variableCount
            var viewOfVariable = [Int](repeating: -1, count: variableCount)
            let ambiguity = engine.ambiguity()
            for (k, view) in trials.views.enumerated() {
                if view.id < rebuilt.link.variables.count, let v = rebuilt.link.variables[view.id] {
                    for variable in [v.minX, v.minY, v.width, v.height] where Int(variable.index) < variableCount { viewOfVariable[Int(variable.index)] = k }
                }
                guard view.id != Hierarchy.rootID && view.kind != .guide else {
                    before.append(nil)
                    continue
                }
                let old = engine.solvedFrame(view.id, insets: view.alignmentInsets)
                before.append(old)
                if !Diagnostics.same(old, rebuilt.solvedFrame(view.id, insets: view.alignmentInsets)) { differing.append(k) }
                if ambiguity[view.id] == nil && !rebuilt.freeComponents(of: view.id).isEmpty { ambiguous.append(k) }
            }
            var was: [ConstraintState?] = [], now: [ConstraintState?] = []
            var constraintPosition: [ConstraintRef: Int] = [:]
            let copied = rebuilt.hierarchy
            for (k, (ref, constraint)) in trials.constraints.enumerated() {
                constraintPosition[ref] = k
                if constraint.identifier.map(StackLayout.fittingIdentifiers.contains) == true {
                    was.append(nil)
                    now.append(nil)
                    continue
                }
                was.append(engine.state(of: ref, constraint))
                now.append(copied.constraint(ref).map { rebuilt.state(of: ref, $0) } ?? .inactive)
            }
            (self.before, self.differing, self.ambiguous) = (before, differing, ambiguous)
            var optionalUsers = [[Int]](repeating: [], count: variableCount)
            for (k, (ref, _)) in trials.constraints.enumerated() where was[k] != nil {
                guard let current = rebuilt.link.installed[ref], !current.compiled.isRequired else { continue }
                for term in current.compiled.expression.terms where Int(term.variable.index) < variableCount {
                    if optionalUsers[Int(term.variable.index)].last != k { optionalUsers[Int(term.variable.index)].append(k) }
                }
            }
            (self.was, self.now, self.constraintPosition) = (was, now, constraintPosition)
            (self.viewOfVariable, self.optionalUsers) = (viewOfVariable, optionalUsers)
            overlay = Overlay(count: variableCount)
            marks = Marks(views: trials.views.count, constraints: trials.constraints.count)
            unmet = now.indices.filter { (now[$0] == .violated || now[$0] == .broken) && was[$0] != now[$0] }
        }
    }
    struct Certified {
        let certificate: EqualityCertificate
        let newest: [(stamp: Int, id: ConstraintID)]
    }
    /// Which views and constraints (positions) a fix has listed: each marked with the fix's
    /// number, so that nothing is cleared between fixes.
    final class Marks {
        var views: [Int]
        var constraints: [Int]
        var fix = 0
        init(views: Int, constraints: Int) {
            self.views = [Int](repeating: 0, count: views)
            self.constraints = [Int](repeating: 0, count: constraints)
        }
        func next() { fix += 1 }
        /// Whether view (constraint) `k` was not yet listed for this fix (it is now).
        func take(view k: Int) -> Bool { Marks.take(k, in: &views, fix) }
        func take(constraint k: Int) -> Bool { Marks.take(k, in: &constraints, fix) }
        private static func take(_ k: Int, in marks: inout [Int], _ fix: Int) -> Bool {
            if marks[k] == fix { return false }
            marks[k] = fix
            return true
        }
    }
    final class Overlay {
        var values: [Double]
        init(count: Int) { values = [Double](repeating: .nan, count: count) }
        func value(of variable: Int32) -> Double? {
            let k = Int(variable)
            guard k >= 0 && k < values.count, !values[k].isNaN else { return nil }
            return values[k]
        }
    }

    let trials: Diagnostics.FixTrials
    let reading: Reading
    let brokenRef: ConstraintRef
    /// The broken constraint as the solver takes it; it contradicts required equalities alone
    /// (it has an `equalityCertificate`).
    let brokenCompiled: Constraint

    init?(_ diagnostics: Diagnostics, trials: Diagnostics.FixTrials, broken: ConstraintRef) {
        let engine = diagnostics.engine, rebuilt = trials.rebuilt
        guard rebuilt.broken[broken] != nil, engine.broken[broken] != nil, rebuilt.link.installed[broken] == nil,
              let compiled = rebuilt.diagnostics.compiledForm(broken),
              rebuilt.solver.equalityCertificate(for: compiled) != nil,
              let reading = trials.reading(diagnostics) else { return nil }
        self.trials = trials
        self.reading = reading
        brokenRef = broken
        brokenCompiled = compiled
    }

    /// The consequence of `fix` as `Diagnostics.consequence(of:broken:on:trials:)` finds it
    /// on a copy; nil where this cannot tell (the fix is then tried).
    func consequence(of fix: Fix) -> Consequence? {
        // Deactivating a member, or lowering it below required: that takes it out of the
        // required system as deactivating does, and leaves it as an optional constraint whose
        // shortfall the required equalities then fix (the certificate weighs its marker), so
        // nothing else can move to meet it. (A stack view's constraint or a view's own cannot
        // be deactivated or lowered by name.)
        let member: ConstraintRef, lowered: Bool
        switch fix {
        case let .deactivate(ref): (member, lowered) = (ref, false)
        case let .priority(ref, priority) where !priority.isRequired: (member, lowered) = (ref, true)
        default: return nil
        }
        guard case .user = member else { return nil }
        let rebuilt = trials.rebuilt
        var moved: [(variable: Int32, value: Double)] = []
        var holding: Set<ConstraintRef> = [brokenRef]
        var memberID: ConstraintID?
        if member == brokenRef {
            // The broken one lowered: its shortfall is the certificate's residual whatever
            // moves, so nothing moves, and it is violated rather than broken.
            guard lowered else { return nil }
        } else {
            guard let installed = rebuilt.link.installed[member], installed.compiled.isRequired, installed.compiled.relation == .equal,
                  let (value, held) = retried(without: installed.id, member: member),
                  let found = rebuilt.solver.movedVariables(installed.id, to: value) else { return nil }
            (moved, holding, memberID) = (found, held, installed.id)
        }
        // The views and constraints to look at: those that differ already, and those of the
        // variables that move (only an optional constraint can change state there).
        // (Each listed once: `Reading.marks` notes what is listed for this fix.)
        let marks = reading.marks
        marks.next()
        var views = reading.differing.filter { marks.take(view: $0) }
        var constraints = reading.unmet.filter { marks.take(constraint: $0) }
        // The moved values by variable, in a buffer kept from fix to fix (emptied after).
        let overlay = reading.overlay
        for (variable, value) in moved { overlay.values[Int(variable)] = value }
        defer { for (variable, _) in moved { overlay.values[Int(variable)] = .nan } }
        for (variable, _) in moved {
            let k = Int(variable)
            guard k < reading.viewOfVariable.count else { continue }
            let view = reading.viewOfVariable[k]
            if view >= 0 && marks.take(view: view) { views.append(view) }
            for c in reading.optionalUsers[k] where marks.take(constraint: c) { constraints.append(c) }
        }
        if let k = reading.constraintPosition[member], marks.take(constraint: k) { constraints.append(k) }
        var result = Consequence(moves: [], collapsed: [], ambiguous: reading.ambiguous.map { trials.views[$0].id }, violated: [], broken: [],
                                 resolves: holding.contains(brokenRef))
        for k in views.sorted() {
            guard let old = reading.before[k] else { continue }
            let id = trials.views[k].id
            let new = rebuilt.solvedFrame(id, insets: trials.views[k].alignmentInsets) { overlay.value(of: $0.index) ?? rebuilt.solver.value(of: $0) }
            if !Diagnostics.same(old, new) { result.moves.append(.init(view: id, before: old, after: new)) }
            if old.width > 0 && old.height > 0 && (new.width < 1e-9 || new.height < 1e-9) { result.collapsed.append(id) }
        }
        for k in constraints.sorted() {
            guard let was = reading.was[k] else { continue }
            let ref = trials.constraints[k].ref
            let state: ConstraintState
            if ref == member {
                if !lowered {
                    state = .inactive
                } else if let memberID {
                    state = ((try? rebuilt.solver.isSatisfied(memberID, with: overlay.value(of:))) ?? true) ? .satisfied : .violated
                } else {
                    state = rebuilt.solver.isSatisfied(brokenCompiled) ? .satisfied : .violated
                }
            } else if let current = rebuilt.link.installed[ref], reading.now[k] == .satisfied || reading.now[k] == .violated, !current.compiled.isRequired {
                state = ((try? rebuilt.solver.isSatisfied(current.id, with: overlay.value(of:))) ?? true) ? .satisfied : .violated
            } else {
                state = reading.now[k]!
            }
            if state == .violated && was != .violated { result.violated.append(ref) }
            if state == .broken && was != .broken { result.broken.append(ref) }
        }
        return result
    }

    /// The broken constraints the engine tries again when the equality `id` (`member`) goes,
    /// in activation order as it installs them: the value its marker takes (set by the first
    /// that weighs it) and those that hold. Nil when one has no certificate, none weighs the
    /// marker (it would be left free), or one that breaks again is not the newest of what
    /// contradicts it.
    private func retried(without id: ConstraintID, member: ConstraintRef) -> (Double, Set<ConstraintRef>)? {
        let rebuilt = trials.rebuilt
        let candidates = (rebuilt.breaking.brokenByMember[member] ?? []).map { (stamp: rebuilt.stamp(of: $0), ref: $0) }
            .sorted { $0.stamp != $1.stamp ? $0.stamp < $1.stamp : $0.ref < $1.ref }
        guard candidates.contains(where: { $0.ref == brokenRef }) else { return nil }
        var value: Double?
        var holding = Set<ConstraintRef>()
        var newestHolding = Int.min
        for (stamp, ref) in candidates {
            guard let certified = certified(ref) else { return nil }
            let certificate = certified.certificate
            let newestOther = certified.newest.first(where: { $0.id != id })?.stamp ?? Int.min
            let holds: Bool
            if let value {
                holds = certificate.holds(withMarker: id, at: value)
            } else if let fixed = certificate.markerValue(for: id) {
                value = fixed
                holds = true
            } else {
                holds = false
            }
            if holds {
                holding.insert(ref)
                newestHolding = max(newestHolding, stamp, newestOther)
            } else if stamp <= max(newestHolding, newestOther) {
                return nil
            }
        }
        return value.map { ($0, holding) }
    }

    /// A broken constraint's certificate with its newest equalities, read once.
    private func certified(_ ref: ConstraintRef) -> Certified? {
        if let known = reading.certificates[ref] { return known }
        let rebuilt = trials.rebuilt
        let found = rebuilt.diagnostics.compiledForm(ref).flatMap(rebuilt.solver.equalityCertificate(for:)).map { certificate in
            var newest: [(stamp: Int, id: ConstraintID)] = []
            for id in certificate.weights.keys {
                let stamp = rebuilt.link.refByID[id.index].map(rebuilt.stamp(of:)) ?? Int.max
                newest.append((stamp, id))
                newest.sort { $0.stamp > $1.stamp }
                if newest.count > 2 { newest.removeLast() }
            }
            return Certified(certificate: certificate, newest: newest)
        }
        reading.certificates[ref] = .some(found)
        return found
    }
}
