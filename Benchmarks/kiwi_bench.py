#!/usr/bin/env python3
"""The solver workloads of ../shared/BENCHMARKS.md for kiwisolver, in the same order as
Benchmarks/StrutBench; prints one JSON object per line, as StrutBench does.

Priorities become kiwi strengths strength.create(0, p, 0) (kiwi has no strict levels), so
compare times, not values.

Usage: kiwi_bench.py [--runs R] [WORKLOAD[:N] ...]
"""
import json
import sys
import time

import kiwisolver as kiwi

DEFAULT_PLAN = [("cells", 100), ("cells", 1000), ("table", 100), ("table", 200),
                ("table", 400), ("resize", 1000), ("churn", 1000)]


def strength(priority):
    return "required" if priority >= 1000 else kiwi.strength.create(0, priority, 0)


def make_cells(count):
    cells = []
    for _ in range(count):
        container = [kiwi.Variable() for _ in range(4)]
        labels = [[kiwi.Variable() for _ in range(4)] for _ in range(3)]
        cells.append((container, labels))
    return cells


def cell_constraints(cell, i, root_width=None):
    left, top, width, height = 0, 1, 2, 3
    c, l = cell
    intrinsic = [60 + (7 * i) % 40, 80 + (13 * i) % 60, 50 + (5 * i) % 30]
    result = [
        c[left] == 0,
        c[top] == 44 * i,
        (c[width] == root_width) if root_width is not None else (c[width] == 320),
        c[height] == 44,
        l[0][left] == c[left] + 8,
        l[1][left] >= l[0][left] + l[0][width] + 10,
        l[2][left] == l[1][left] + l[1][width] + 10,
        l[2][left] + l[2][width] == c[left] + c[width] - 8,
    ]
    for k in range(3):
        result.append((l[k][width] >= intrinsic[k]) | strength(750))
        result.append((l[k][width] <= intrinsic[k]) | strength(250))
    for k in range(3):
        result.append(l[k][height] == 20)
        result.append(l[k][top] + l[k][height] / 2 == c[top] + c[height] / 2)
    return result


def all_variables(cells):
    out = []
    for container, labels in cells:
        out.extend(container)
        for label in labels:
            out.extend(label)
    return out


def read_all(variables):
    total = 0.0
    for v in variables:
        total += v.value()
    return total


def run_cells(count, coupled):
    solver = kiwi.Solver()
    cells = make_cells(count)
    start = time.perf_counter()
    for i, cell in enumerate(cells):
        for constraint in cell_constraints(cell, i):
            solver.addConstraint(constraint)
        if coupled and i > 0:
            solver.addConstraint(cell[1][1][2] == cells[0][1][1][2])
            solver.addConstraint(cell[1][2][2] == cells[0][1][2][2])
    solver.updateVariables()
    read_all(all_variables(cells))
    return (time.perf_counter() - start) * 1000


def run_resize(count):
    solver = kiwi.Solver()
    root = kiwi.Variable("root.width")
    cells = make_cells(count)
    for i, cell in enumerate(cells):
        for constraint in cell_constraints(cell, i, root):
            solver.addConstraint(constraint)
    solver.addEditVariable(root, strength(999))
    variables = all_variables(cells)
    suggestions = 1000
    start = time.perf_counter()
    for k in range(suggestions):
        t = k / (suggestions - 1)
        solver.suggestValue(root, 400 - 200 * (1 - abs(1 - 2 * t)))
        solver.updateVariables()
        read_all(variables)
    return (time.perf_counter() - start) * 1000 / suggestions


def run_churn(count):
    solver = kiwi.Solver()
    cells = make_cells(count)
    constraints = []
    for i, cell in enumerate(cells):
        for constraint in cell_constraints(cell, i):
            constraints.append(constraint)
            solver.addConstraint(constraint)
    x = 987654321
    start = time.perf_counter()
    for _ in range(1000):
        x = (x * 1103515245 + 12345) % (1 << 31)
        k = x % len(constraints)
        solver.removeConstraint(constraints[k])
        solver.addConstraint(constraints[k])
    solver.updateVariables()
    read_all(all_variables(cells))
    return (time.perf_counter() - start) * 1000


def main(argv):
    runs = 3
    plan = []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--runs":
            runs = int(args.pop(0))
        elif ":" in arg:
            name, n = arg.split(":")
            plan.append((name, int(n)))
        else:
            plan.extend(p for p in DEFAULT_PLAN if p[0] == arg)
    plan = plan or DEFAULT_PLAN
    runners = {"cells": lambda n: run_cells(n, False), "table": lambda n: run_cells(n, True),
               "resize": run_resize, "churn": run_churn}
    for workload, n in plan:
        times = sorted(runners[workload](n) for _ in range(runs))
        median = times[len(times) // 2]
        print(json.dumps({"impl": "kiwisolver", "workload": workload, "n": n, "ms": round(median, 3)}),
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
