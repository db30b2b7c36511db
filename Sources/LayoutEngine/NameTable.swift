import Synchronization

/// Names to indices (of views, or of constraints) for a hierarchy and every copy made of it:
/// one table shared by all of them — the live state and undo's snapshots — and only ever
/// added to. What it answers is a candidate, which the copy asking checks against its own
/// views or constraints (`Hierarchy.viewID(ifNamed:)`): a name taken back by undo, or freed by
/// a deletion, is still in the table but no longer checks out, and a view made again under it
/// (perhaps at another index) is noted beside the old index.
///
/// Kept in a hash trie inside each copy instead, every new name would copy a path of trie
/// nodes for the snapshot that undo keeps, to be freed with the snapshot 200 commands later.
///
/// The cost: a name made and deleted n times keeps its n indices (an older copy may still
/// hold any of them), and asking for it while it is gone looks at each (docs/performance.md
/// has the figures).
final class NameTable: Sendable {
    private struct Entries {
        /// The index a name was last noted with.
        var latest: [String: Int] = [:]
        /// The other indices it was noted with, oldest first (rare: undo, redo, delete).
        var earlier: [String: [Int]] = [:]
    }

    private let entries = Mutex(Entries())

    init() {}

    /// Notes that a copy now has `name` at `index`.
    func note(_ name: String, _ index: Int) {
        entries.withLock { entries in
            guard let old = entries.latest.updateValue(index, forKey: name), old != index else { return }
            var others = entries.earlier[name] ?? []
            others.removeAll { $0 == index }
            others.append(old)
            entries.earlier[name] = others
        }
    }

    /// The index noted for `name` that `isNamed` confirms, newest first; nil when none does.
    func find(_ name: String, confirmedBy isNamed: (Int) -> Bool) -> Int? {
        guard let latest = entries.withLock({ $0.latest[name] }) else { return nil }
        if isNamed(latest) { return latest }
        let others = entries.withLock { $0.earlier[name] ?? [] }
        return others.reversed().first(where: isNamed)
    }
}
