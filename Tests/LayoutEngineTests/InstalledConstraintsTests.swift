import Testing
@testable import LayoutEngine
import Cassowary
import CassowaryReference

/// The engine's table of installed constraints answers as the dictionary it replaced would,
/// through random insertions, replacements and removals of every kind of reference.
@Test(arguments: 0..<20)
func installedConstraintsAnswerAsADictionary(seed: Int) throws {
    let solver = Solver()
    let x = solver.makeVariable()
    let id = try solver.add(Constraint(x, .equal, 1))
    var table = InstalledConstraints()
    var reference: [ConstraintRef: Int] = [:]
    var random = SeededGenerator(seed: UInt64(seed))
    for step in 0..<2_000 {
        let kinds = SystemConstraintKind.allCases
        let ref: ConstraintRef
        switch random.next() % 3 {
        case 0: ref = .user(Int(random.next() % 300))
        case 1: ref = .system(Int(random.next() % 40), kinds[Int(random.next() % UInt64(kinds.count))])
        default: ref = .stack(Int(random.next() % 40), Int(random.next() % 30))
        }
        if random.next() % 3 == 0 {
            table[ref] = nil
            reference[ref] = nil
        } else {
            table[ref] = Installed(id: id, compiled: Constraint(x, .equal, Double(step)), stamp: step)
            reference[ref] = step
        }
        #expect(table[ref]?.stamp == reference[ref], "seed \(seed), step \(step), \(ref)")
        #expect(table.count == reference.count)
    }
    var listed: [ConstraintRef: Int] = [:]
    for (ref, current) in table {
        #expect(listed[ref] == nil, "\(ref) listed twice")
        listed[ref] = current.stamp
    }
    #expect(listed == reference)
    #expect(Set(table.keys) == Set(reference.keys))
    for (ref, stamp) in reference { #expect(table[ref]?.stamp == stamp) }
    #expect(table[.user(10_000)] == nil && table[.system(10_000, .huggingH)] == nil && table[.stack(10_000, 0)] == nil)
    // As a dictionary would answer for a reference no one makes.
    #expect(table[.user(-1)] == nil && table[.system(-1, .huggingH)] == nil && table[.stack(-1, 0)] == nil && table[.stack(0, -1)] == nil)
}

/// References sorted through their number keys come out as `<` sorts them, repeats kept, and
/// an index too large to pack falls back to the comparison.
@Test func referencesSortByKeyAsTheyCompare() {
    var random = SeededGenerator(seed: 7)
    let kinds = SystemConstraintKind.allCases
    func ref(_ big: Bool) -> ConstraintRef {
        let scale: UInt64 = big ? 1 << 40 : 50
        switch random.next() % 3 {
        case 0: return .user(Int(random.next() % scale))
        case 1: return .system(Int(random.next() % scale), kinds[Int(random.next() % UInt64(kinds.count))])
        default: return .stack(Int(random.next() % scale), Int(random.next() % scale))
        }
    }
    for round in 0..<200 {
        let refs = (0..<200).map { _ in ref(round % 10 == 9) }
        #expect(ConstraintRef.sorted(refs) == refs.sorted(), "round \(round)")
        for r in refs { if let key = r.sortKey { #expect(ConstraintRef(sortKey: key) == r) } }
    }
    #expect(ConstraintRef.stack(3, 1 << 23).sortKey == nil && ConstraintRef.user(-1).sortKey == nil)
    #expect(ConstraintRef.sorted([.stack(2, 0), .system(2, .nonNegativeHeight), .user(9), .system(1, .huggingH), .stack(1, 1 << 30)])
            == [.user(9), .system(1, .huggingH), .stack(1, 1 << 30), .system(2, .nonNegativeHeight), .stack(2, 0)])
}
