// The solver workloads of ../shared/BENCHMARKS.md (cells, table, resize, churn), timed on a
// release build, each run on a fresh solver; prints one JSON object per line:
//   {"impl": "strut", "workload": "cells", "n": 1000, "ms": 12.3}
// (for resize, ms is per suggestion; for churn, the total). Benchmarks/kiwi_bench.py builds
// the same systems in the same order for kiwisolver.
//
// Usage: StrutBench [--runs R] [WORKLOAD[:N] ...]   (default: every workload at every size)
import Cassowary
import CMemory

struct Cell {
    var container: [Variable]   // left, top, width, height
    var labels: [[Variable]]    // three labels, each left, top, width, height
}

/// Builds the constraints of cell `i` in the order BENCHMARKS.md gives.
func cellConstraints(_ cell: Cell, index i: Int, rootWidth: Variable?) -> [Constraint] {
    let (left, top, width, height) = (0, 1, 2, 3)
    let c = cell.container
    let l = cell.labels
    let intrinsic = [60 + Double((7 * i) % 40), 80 + Double((13 * i) % 60), 50 + Double((5 * i) % 30)]
    var result: [Constraint] = [
        Constraint(c[left], .equal, 0),
        Constraint(c[top], .equal, 44 * Double(i)),
        rootWidth.map { Constraint(c[width], .equal, Expression($0)) } ?? Constraint(c[width], .equal, 320),
        Constraint(c[height], .equal, 44),
        Constraint(l[0][left], .equal, c[left] + 8),
        Constraint(l[1][left], .greaterThanOrEqual, l[0][left] + l[0][width] + 10),
        Constraint(l[2][left], .equal, l[1][left] + l[1][width] + 10),
        Constraint(l[2][left] + l[2][width], .equal, c[left] + c[width] - 8),
    ]
    for k in 0..<3 {
        result.append(Constraint(l[k][width], .greaterThanOrEqual, intrinsic[k], priority: 750))
        result.append(Constraint(l[k][width], .lessThanOrEqual, intrinsic[k], priority: 250))
    }
    for k in 0..<3 {
        result.append(Constraint(l[k][height], .equal, 20))
        result.append(Constraint(l[k][top] + l[k][height] / 2, .equal, c[top] + c[height] / 2))
    }
    return result
}

func makeCells(_ solver: Solver, count: Int) -> [Cell] {
    (0..<count).map { _ in
        Cell(container: (0..<4).map { _ in solver.makeVariable() },
             labels: (0..<3).map { _ in (0..<4).map { _ in solver.makeVariable() } })
    }
}

/// Reads every value, as a layout pass does: in one call, into a buffer that is reused. The
/// checksum keeps the reads from being optimised away.
@discardableResult
func readAll(_ solver: Solver, _ variables: [Variable], into buffer: inout [Double]) -> UInt64 {
    solver.read(variables, into: &buffer)
    var checksum: UInt64 = 0
    var sawNaN = false
    for value in buffer {
        sawNaN = sawNaN || value.isNaN
        checksum &+= value.bitPattern
    }
    if sawNaN { print("a value is NaN") }
    return checksum
}

@discardableResult
func readAll(_ solver: Solver, _ variables: [Variable]) -> UInt64 {
    var buffer: [Double] = []
    return readAll(solver, variables, into: &buffer)
}

func allVariables(_ cells: [Cell]) -> [Variable] {
    cells.flatMap { $0.container + $0.labels.flatMap { $0 } }
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// cells and table: add every constraint one by one, then read every value.
func runCells(count: Int, coupled: Bool, verbose: Bool = false) throws -> Double {
    let clock = ContinuousClock()
    let solver = Solver()
    let cells = makeCells(solver, count: count)
    let start = clock.now
    for (i, cell) in cells.enumerated() {
        for constraint in cellConstraints(cell, index: i, rootWidth: nil) { try solver.add(constraint) }
        if coupled && i > 0 {
            try solver.add(Constraint(cell.labels[1][2], .equal, cells[0].labels[1][2]))
            try solver.add(Constraint(cell.labels[2][2], .equal, cells[0].labels[2][2]))
        }
    }
    readAll(solver, allVariables(cells))
    let elapsed = milliseconds(clock.now - start)
    if verbose { print("# \(coupled ? "table" : "cells") \(count): \(solver.statistics)") }
    return elapsed
}

/// resize: 1,000 suggestions of root.width (400 → 200 → 400), reading every value after each.
func runResize(count: Int, verbose: Bool = false) throws -> Double {
    let clock = ContinuousClock()
    let solver = Solver()
    let root = solver.makeVariable(named: "root.width")
    let cells = makeCells(solver, count: count)
    for (i, cell) in cells.enumerated() {
        for constraint in cellConstraints(cell, index: i, rootWidth: root) { try solver.add(constraint) }
    }
    let editStart = clock.now
    try solver.addEditVariable(root, priority: 999)
    if verbose { print("# resize \(count): adding the edit variable took \(milliseconds(clock.now - editStart)) ms; \(solver.statistics)") }
    let variables = allVariables(cells)
    let suggestions = 1000
    var buffer = [Double](repeating: 0, count: variables.count)
    let start = clock.now
    for k in 0..<suggestions {
        let t = Double(k) / Double(suggestions - 1)
        try solver.suggestValue(root, 400 - 200 * (1 - abs(1 - 2 * t)))
        readAll(solver, variables, into: &buffer)
    }
    let elapsed = milliseconds(clock.now - start) / Double(suggestions)
    if verbose {
        print("# resize \(count): \(solver.statistics)")
        let t0 = clock.now
        for _ in 0..<suggestions { readAll(solver, variables, into: &buffer) }
        print("# reading every value alone: \(milliseconds(clock.now - t0) / Double(suggestions)) ms")
        let t1 = clock.now
        for k in 0..<suggestions {
            let t = Double(k) / Double(suggestions - 1)
            try solver.suggestValue(root, 400 - 200 * (1 - abs(1 - 2 * t)))
        }
        print("# suggestions alone (a second sweep): \(milliseconds(clock.now - t1) / Double(suggestions)) ms each")
    }
    return elapsed
}

/// churn: 1,000 times remove a constraint chosen by the LCG and add it back; read at the end.
func runChurn(count: Int) throws -> Double {
    let clock = ContinuousClock()
    let solver = Solver()
    let cells = makeCells(solver, count: count)
    var constraints: [Constraint] = []
    var handles: [ConstraintID] = []
    for (i, cell) in cells.enumerated() {
        for constraint in cellConstraints(cell, index: i, rootWidth: nil) {
            constraints.append(constraint)
            handles.append(try solver.add(constraint))
        }
    }
    var x: UInt64 = 987_654_321
    let start = clock.now
    for _ in 0..<1000 {
        x = (x &* 1_103_515_245 &+ 12345) % (1 << 31)
        let k = Int(x % UInt64(constraints.count))
        try solver.remove(handles[k])
        handles[k] = try solver.add(constraints[k])
    }
    readAll(solver, allVariables(cells))
    return milliseconds(clock.now - start)
}

let defaultPlan: [(String, Int)] = [
    ("cells", 100), ("cells", 1000), ("cells", 10000),
    ("table", 100), ("table", 200), ("table", 400),
    ("resize", 1000), ("churn", 1000),
    ("shell-build", 10000), ("shell-constant", 10000), ("shell-priority", 10000), ("shell-toggle", 10000),
    ("shell-diagnose", 1000), ("shell-stack", 1000), ("import-storyboard", 5000), ("paste", 100), ("paste", 1000),
    ("draw", 10000), ("export-svg", 10000), ("export-html", 10000), ("self-sizing", 1000), ("self-sizing-layout", 1000),
    ("conflict-chain", 100), ("conflict-chain", 1000), ("conflict-chain", 10000), ("conflict-chain-next", 10000),
    ("conflict-deep", 100), ("conflict-deep", 1000), ("conflict-deep-next", 1000),
    ("conflict-stack", 100), ("conflict-stack", 1000), ("conflict-stack-next", 1000),
    // conflict-deep:10000 and conflict-stack:10000 run when named: building them fills the
    // tableau with n²/2 markers (about 9 GB for the deep one).
]

// As the strut executable runs: freed memory stays in the process (CMemory's shim.h).
_ = strut_keep_freed_memory()

var runs = 3
var verbose = false
var plan: [(String, Int)] = []
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if argument == "--verbose" {
        verbose = true
    } else if argument == "--runs", let value = arguments.first.flatMap({ Int($0) }) {
        runs = value
        arguments.removeFirst()
    } else {
        let parts = argument.split(separator: ":")
        let name = String(parts[0])
        if parts.count > 1, let n = Int(parts[1]) {
            plan.append((name, n))
        } else {
            plan += defaultPlan.filter { $0.0 == name }
        }
    }
}
if plan.isEmpty { plan = defaultPlan }

for (workload, n) in plan {
    var times: [Double] = []
    for _ in 0..<runs {
        switch workload {
        case "cells": times.append(try runCells(count: n, coupled: false, verbose: verbose))
        case "table": times.append(try runCells(count: n, coupled: true, verbose: verbose))
        case "resize": times.append(try runResize(count: n, verbose: verbose))
        case "churn": times.append(try runChurn(count: n))
        case "shell-build": times.append(buildShellCells(views: n).1)
        case "shell-constant": times.append(runShellChanges(views: n, kind: "constant"))
        case "shell-priority": times.append(runShellChanges(views: n, kind: "priority"))
        case "shell-toggle": times.append(runShellChanges(views: n, kind: "toggle"))
        case "shell-diagnose": times.append(runShellDiagnose(views: n, verbose: verbose))
        case "shell-stack": times.append(runShellStack(views: n))
        case "import-storyboard": times.append(runImportStoryboard(views: n))
        case "paste": times.append(runPasteMessages(count: n))
        case "paste-conflicts": times.append(runPasteMessages(count: n, thenConflicts: true))
        case "self-sizing": times.append(runSelfSizingCells(count: n))
        case "self-sizing-layout": times.append(runSelfSizingCells(count: n, layoutOnly: true))
        case "draw", "export-svg", "export-html": times.append(runPicture(views: n, kind: String(workload.split(separator: "-").last!)))
        case "conflict-chain", "conflict-deep", "conflict-stack", "conflict-chain-next", "conflict-deep-next", "conflict-stack-next":
            let shape = workload.dropFirst("conflict-".count).split(separator: "-")[0]
            let (clash, next) = runConflictShape(String(shape), views: n)
            times.append(workload.hasSuffix("-next") ? next : clash)
        case "check-storyboard": times.append(runCheckStoryboard(scenes: n))
        case "shape-chain", "shape-deep", "shape-stack":
            // The shape alone, no clash: building grows with N (issue 54).
            let shape = String(workload.dropFirst("shape-".count))
            times.append(runShapeBuild(shape, views: n))
        case let name where name.hasPrefix("diag-"):
            // diag-SHAPE-COMMAND: chain, deep, stack or free; build, conflicts, conflicts-all,
            // why, ambiguous, explain, exercise, warnings, draw.
            let parts = name.dropFirst("diag-".count).split(separator: "-", maxSplits: 1)
            times.append(runDiagnosisShape(String(parts[0]), views: n, command: String(parts[1])))
        default:
            print("unknown workload '\(workload)': cells, table, resize, churn, shell-build, shell-constant, shell-priority, shell-toggle, shell-diagnose, shell-stack, import-storyboard, paste, paste-conflicts, self-sizing, self-sizing-layout, draw, export-svg, export-html, conflict-chain|deep|stack[-next], shape-chain|deep|stack, diag-chain|deep|stack|free-build|conflicts|conflicts-all|why|ambiguous|explain|exercise|warnings|draw, check-storyboard")
            exit(2)
        }
    }
    times.sort()
    let median = times[times.count / 2]
    let rounded = (median * 1000).rounded() / 1000
    print("{\"impl\": \"strut\", \"workload\": \"\(workload)\", \"n\": \(n), \"ms\": \(rounded)}")
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
