/// An array stored as a two-level tree of chunks (16 elements to a leaf, 64 leaves to a group),
/// so that a copy shares its chunks and a change to one element of a shared copy copies one
/// leaf, one group's list of leaves and the list of groups — about 16 + 64 + n / 1,024 — not the
/// whole array. Undo keeps a copy of the hierarchy per command; with one level of chunks each
/// command still copied (and later freed) a list of n / 64 chunk references. Leaves of 16, not
/// 64: copying a leaf retains each element's strings, so smaller leaves copy and free less
/// per change.
public struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    static var leafShift: Int { 4 }
    static var groupShift: Int { 10 }
    static var leafMask: Int { (1 << leafShift) - 1 }
    static var groupMask: Int { (1 << groupShift) - 1 }

    var groups: [[[Element]]] = []
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Element {
        _read {
            precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
            yield groups[index >> Self.groupShift][(index & Self.groupMask) >> Self.leafShift][index & Self.leafMask]
        }
        set {
            precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
            groups[index >> Self.groupShift][(index & Self.groupMask) >> Self.leafShift][index & Self.leafMask] = newValue
        }
        // In place: `views[id]!.stackLayout.helpers.append(…)` must not copy the element out
        // and back (its arrays would be shared, and copied whole, on the way).
        _modify {
            precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
            yield &groups[index >> Self.groupShift][(index & Self.groupMask) >> Self.leafShift][index & Self.leafMask]
        }
    }

    /// Calls `body` with the element in place (a subscript read may copy it out first).
    @inline(__always)
    public func withElement<R>(_ index: Int, _ body: (borrowing Element) -> R) -> R {
        precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
        return groups[index >> Self.groupShift].withUnsafeBufferPointer { group in
            group[(index & Self.groupMask) >> Self.leafShift].withUnsafeBufferPointer { leaf in
                body(leaf[index & Self.leafMask])
            }
        }
    }

    public init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Rebuilt whole: O(count).
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var kept = ChunkedArray()
        for element in self where !(try shouldBeRemoved(element)) { kept.append(element) }
        self = kept
    }

    /// Rebuilt whole: O(count).
    public mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "ChunkedArray index \(index) out of range 0...\(count)")
        var result = ChunkedArray()
        for (k, existing) in enumerated() {
            if k == index { result.append(element) }
            result.append(existing)
        }
        if index == count { result.append(element) }
        self = result
    }

    public mutating func append(_ element: Element) {
        if count & Self.groupMask == 0 { groups.append([]) }
        let group = groups.count - 1
        if count & Self.leafMask == 0 {
            var leaf: [Element] = []
            leaf.reserveCapacity(1 << Self.leafShift)
            groups[group].append(leaf)
        }
        groups[group][groups[group].count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray {
    /// The ranges of indices whose leaves are not the very ones `old` holds (written since it
    /// was copied, or new), for a caller that keeps a copy to see what changed since: a copy
    /// shares every leaf, and writing one of them copies it, so an unchanged leaf is the same
    /// buffer in both. A group that is the same buffer is skipped whole. O(groups + changed
    /// groups' leaves); may name a leaf that holds equal elements (written back as they were).
    public func changedRanges(since old: ChunkedArray) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        func same<T>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        }
        for g in groups.indices {
            if g < old.groups.count && same(groups[g], old.groups[g]) { continue }
            for l in groups[g].indices {
                if g < old.groups.count && l < old.groups[g].count && same(groups[g][l], old.groups[g][l]) { continue }
                let start = (g << Self.groupShift) + (l << Self.leafShift)
                let end = Swift.min(start + (1 << Self.leafShift), count)
                if let last = ranges.last, last.upperBound == start {
                    ranges[ranges.count - 1] = last.lowerBound..<end
                } else {
                    ranges.append(start..<end)
                }
            }
        }
        return ranges
    }
}

extension ChunkedArray where Element: Equatable {
    /// Whether the first `prefix.count` elements are `prefix`'s: leaves that are the same
    /// buffer in both (one is a copy of the other, or of a shorter version of it) are not
    /// compared element by element.
    public func starts(withShared prefix: ChunkedArray) -> Bool {
        guard prefix.count <= count else { return false }
        for g in prefix.groups.indices {
            for l in prefix.groups[g].indices {
                let mine = groups[g][l]
                let theirs = prefix.groups[g][l]
                let shared = mine.count == theirs.count && mine.withUnsafeBufferPointer { x in
                    theirs.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
                }
                if !shared && !mine.starts(with: theirs) { return false }
            }
        }
        return true
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ChunkedArray: Equatable where Element: Equatable {
    public static func == (a: ChunkedArray, b: ChunkedArray) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}

extension ChunkedArray: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}
