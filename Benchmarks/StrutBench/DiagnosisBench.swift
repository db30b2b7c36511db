import Shell

/// Issue 54: diagnosis when the conflict itself is large. A shape of N views built through the
/// shell, with one constraint that contradicts all of it (so that every member of the shape is
/// in the conflict), then one diagnosis command; the time of the build (every command, the
/// clash and a layout pass) or of the command.
///
/// - chain: siblings side by side, `vI.leading == vI-1.trailing`, each 1 wide; the clash pins
///   the last one's trailing edge at 5.
/// - deep: each view inside the one before, edge to edge; the clash makes the innermost 5,000
///   wide.
/// - stack: a vertical stack view of N rows 20 high, pinned at its top; the clash makes it 100
///   high.
/// - free: N views placed only horizontally, every one ambiguous (no clash).
/// The shape alone, laid out, without a clash: what building costs as N grows.
func runShapeBuild(_ shape: String, views: Int) -> Double {
    timed {
        let session = Session(sink: CountingSink())
        buildShape(shape, views: views, width: 1, in: session)
        session.run(line: "layout")
    }
}

func runDiagnosisShape(_ shape: String, views: Int, command: String) -> Double {
    let sink = CountingSink()
    let session = Session(sink: sink)
    let clock = ContinuousClock()
    let start = clock.now
    switch shape {
    case "chain", "deep", "stack":
        buildShape(shape, views: views, width: 1, in: session)
        session.run(line: shape == "chain" ? "clash: v\(views - 1).trailing == root.leading + 5"
                    : shape == "deep" ? "clash: v\(views - 1).width == 5000" : "clash: s.height == 100")
    default:
        for i in 0..<views { session.run(line: "new view v\(i); v\(i).leading == root.leading + \(i); v\(i).width == 1") }
    }
    session.run(line: "layout")
    let built = milliseconds(clock.now - start)
    let last = "v\(views - 1)"
    let line: String
    switch command {
    case "build": return built
    case "conflicts-all": line = "conflicts all"
    case "why": line = shape == "stack" ? "why s.height == 100" : "why \(last).width == 2"
    case "explain": line = "explain \(last)"
    case "exercise": line = "exercise \(last)"
    case "draw": line = "draw width 100"
    default: line = command
    }
    let before = sink.characters
    let elapsed = timed { session.run(line: line) }
    if sink.characters == before { print("\(shape) \(views) \(command): nothing was printed") }
    return elapsed
}
