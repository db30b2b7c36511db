import Foundation
import LayoutEngine

/// Challenges: `challenges`, `challenge`, `check`, `hint`, `solve`.
extension Commands {
    static let challenges: [Command] = [
        Command(name: "challenges", usage: "challenges [lang en|ja]", summary: "list the challenges, with those you have solved",
                run: { s, a in try listChallenges(s, a); return .succeeded }),
        Command(name: "challenge", usage: "challenge [NAME] [lang en|ja]",
                summary: "start a challenge: its goal as a picture with numbers, and the views to constrain",
                details: """
                The starting views replace the session's (one step: 'undo' gives yours back). Type \
                constraints until the views are where the goal puts them, then 'check'. Without NAME, \
                the goal of the challenge under way again.
                """,
                run: { s, a in try challenge(s, a); return .succeeded }),
        Command(name: "check", usage: "check",
                summary: "grade your constraints: laid out beside the goal at several sizes and contents",
                details: """
                Your constraints are laid out as they are, then after each of the challenge's changes (a \
                narrower screen, longer text, a larger text size…), so that a constant that only fits \
                one of them does not pass. Says 'solved' (and remembers it in your data folder), or \
                which view is off, by how much, and why: the conflict, the ambiguity, or the \
                constraints its frame comes from.
                """,
                run: { s, a in try a.none(); try check(s); return .succeeded }),
        Command(name: "hint", usage: "hint", summary: "the challenge's next hint",
                run: { s, a in try a.none(); try hint(s); return .succeeded }),
        Command(name: "solve", usage: "solve", summary: "a model solution to the challenge (the commands, to type or not)",
                run: { s, a in try a.none(); try solve(s); return .succeeded }),
    ]

    static func listChallenges(_ s: Session, _ a: Arguments) throws {
        var c = try a.cursor()
        let language = try language(&c)
        try c.expectEnd()
        let solved = ChallengeProgress.solved(at: s.teaching.progressPath)
        var lines: [String] = []
        for (k, name) in ChallengeLibrary.names.enumerated() {
            guard let text = ChallengeLibrary.text(name, language: language) else { continue }
            let mark = solved.contains(name) ? (language == "ja" ? "  ✓ 解決済み" : "  ✓ solved") : ""
            lines.append("\(k + 1). \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(Challenge(name: name, text: text).title)\(mark)")
        }
        s.print(lines.isEmpty ? "no challenges in this build's resources" : lines.joined(separator: "\n"))
    }

    /// The challenge under way, or a one-line error.
    static func current(_ s: Session) throws -> Challenge {
        guard let challenge = s.teaching.challenge else {
            throw ShellError.notAvailable("no challenge under way: 'challenges' lists them, 'challenge NAME' starts one")
        }
        return challenge
    }

    static func challenge(_ s: Session, _ a: Arguments) throws {
        // A name has dashes: the first word as it is, the rest lexed.
        let words = a.text.trimmingWhitespace().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let name = words.first else {
            try showGoal(s, try current(s))
            return
        }
        var c = Cursor(try Lexer.tokens(words.dropFirst().joined(separator: " "), columnOffset: 0), usage: a.usage)
        let language = try language(&c)
        try c.expectEnd()
        guard ChallengeLibrary.names.contains(name) else {
            let suggestion = closestMatch(to: name, in: ChallengeLibrary.names)
            throw ShellError.notAvailable("no challenge named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'challenges' lists them"))
        }
        guard let text = ChallengeLibrary.text(name, language: language) else {
            throw ShellError.notAvailable("challenge '\(name)' is missing from this build's resources")
        }
        let challenge = Challenge(name: name, text: text)
        let start = try laidOut(challenge, extra: [], variant: "", language: language)
        // One step for 'undo' (showing the goal again is none).
        let before = s.engine.hierarchy
        s.adopt(start.engine)
        s.remember(before, "challenge " + a.text.trimmingWhitespace())
        s.teaching.challenge = challenge
        s.teaching.language = language
        // strut's own words follow the challenge's language from here on.
        s.running.language = language
        s.teaching.hintsGiven = 0
        try showGoal(s, challenge)
    }

    /// A session of its own with the challenge's starting point, then `extra` (a model
    /// solution), then a check's statements, laid out.
    static func laidOut(_ challenge: Challenge, extra: [String], variant: String, language: String) throws -> Session {
        let room = Session(sink: BufferSink())
        room.running.language = language
        for line in challenge.setup + extra + [variant, "layout"] where !line.isEmpty {
            if room.run(line: line) != .succeeded {
                throw ShellError.notAvailable("challenge '\(challenge.name)' does not build: '\(line)' failed")
            }
        }
        return room
    }

    /// The views graded: those the file names, else every view but the root.
    static func graded(_ challenge: Challenge, in h: Hierarchy) -> [ViewID] {
        guard !challenge.graded.isEmpty else { return h.allViewIDs.filter { $0 != Hierarchy.rootID && h.view($0).kind != .guide } }
        return challenge.graded.compactMap { try? h.viewID(named: $0) }
    }

    static func showGoal(_ s: Session, _ challenge: Challenge) throws {
        let ja = s.teaching.language == "ja"
        let model = try laidOut(challenge, extra: challenge.solution, variant: "", language: s.teaching.language)
        s.print("\n── \(challenge.title) ──")
        for paragraph in challenge.goal { s.print(Session.wrap(paragraph, width: s.columns).joined(separator: "\n")) }
        s.print(ja ? "ゴール：" : "The goal:")
        let picture = BufferSink()
        let drawer = model.copy(sink: picture)
        drawer.terminalColumns = s.terminalColumns
        drawer.colour = s.colour
        drawer.run(line: "draw width \(min(70, max(40, s.columns - 6)))")
        s.print(picture.output)
        let h = model.engine.hierarchy
        for id in graded(challenge, in: h) {
            s.print("  \(h.view(id).name) \(describe(h.view(id).frame))")
        }
        s.print(ja ? "はじめの状態（このセッションに用意しました）：" : "The starting point (set up in your session):")
        for line in challenge.setup { s.print("  " + line) }
        s.print(ja ? "制約を入力したら 'check' で採点します。'hint' でヒント、'solve' で解答例を表示します。"
                   : "Type constraints, then 'check' grades them; 'hint' gives a hint, 'solve' a model solution.")
    }

    /// What the learner's constraints come to at one check, compared with the model's.
    static func verdict(_ s: Session, _ challenge: Challenge, variant: String, language: String) throws -> [String]? {
        let ja = language == "ja"
        let place = variant.isEmpty ? (ja ? "はじめの状態のまま" : "as set up") : (ja ? "'\(variant)' のあと" : "after '\(variant)'")
        let model = try laidOut(challenge, extra: challenge.solution, variant: variant, language: language)
        let output = BufferSink()
        let mine = s.copy(sink: output)
        mine.running = Session.Running()
        mine.running.language = language
        mine.recording = Session.Recording()
        mine.watchPath = nil
        for line in [variant, "layout"] where !line.isEmpty {
            guard mine.run(line: line) == .succeeded else {
                let error = output.errors.split(separator: "\n").first.map { String($0.dropFirst("error: ".count)) } ?? ""
                return [ja ? "まだです。\(place)：\(error)" : "Not yet: \(place): \(error)"]
            }
        }
        let words = mine.diagnosisText
        // A conflict first: it decides what the rest means.
        if let report = mine.engine.diagnostics.conflictReports().first {
            let broken = mine.engine.name(of: report.broken)
            var lines = [ja ? "まだです。\(place)、あなたの制約は競合しています。UIKit は \(broken) を解除します：" : "Not yet: \(place), your constraints conflict; UIKit would break \(broken):"]
            lines += words.lines(report.chain)
            lines += words.rankedLines(report, all: false)
            return lines
        }
        let h = mine.engine.hierarchy, goal = model.engine.hierarchy
        let views = graded(challenge, in: goal)
        for id in views {
            let name = goal.view(id).name
            guard let mineID = try? h.viewID(named: name) else {
                return [ja ? "まだです。ビュー \(name) がありません（はじめの状態に戻すには 'challenge \(challenge.name)'）" : "Not yet: there is no view named '\(name)' any more ('challenge \(challenge.name)' starts again)"]
            }
            if let report = mine.engine.ambiguityReport(mineID) {
                return [ja ? "まだです。\(place)、\(name) は曖昧です：" : "Not yet: \(place), \(name) is ambiguous:"] + words.lines(report)
            }
        }
        for id in views {
            let name = goal.view(id).name
            guard let mineID = try? h.viewID(named: name) else { continue }
            let want = goal.view(id).frame, have = h.view(mineID).frame
            let parts: [(String, Double, Double)] = [("x", want.x, have.x), ("y", want.y, have.y), ("width", want.width, have.width), ("height", want.height, have.height)]
            guard let (component, goalValue, value) = parts.first(where: { abs($0.1 - $0.2) > 0.01 }) else { continue }
            let off = formatNumber(abs(goalValue - value))
            var lines = [ja ? "まだです。\(place)、\(name).\(component) は \(formatNumber(value)) ですが、ゴールは \(formatNumber(goalValue)) です（\(off) ずれ）。"
                             : "Not yet: \(place), \(name).\(component) is \(formatNumber(value)) where the goal has \(formatNumber(goalValue)) (off by \(off))."]
            let explained = BufferSink()
            let explainer = mine.copy(sink: explained)
            explainer.run(line: "explain \(name).\(component)")
            lines += explained.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
            return lines
        }
        return nil
    }

    static func check(_ s: Session) throws {
        let challenge = try current(s)
        let ja = s.teaching.language == "ja"
        for variant in challenge.variants {
            if let lines = try verdict(s, challenge, variant: variant, language: s.teaching.language) {
                s.print(lines.joined(separator: "\n"))
                let left = challenge.hints.count - s.teaching.hintsGiven
                s.print(left > 0 ? (ja ? "（'hint' でヒント：残り \(left) 個）" : "('hint' gives a hint: \(left) left)")
                                 : (ja ? "（'solve' で解答例を表示します）" : "('solve' shows a model solution)"))
                return
            }
        }
        let checks = challenge.variants.count
        s.print(ja ? "解決です！ \(checks) 通りの条件すべてで、ビューがゴールどおりの位置にあります。" : "Solved! Every view is where the goal puts it, in all \(checks) checks.")
        guard let path = s.teaching.progressPath else { return }
        do {
            try ChallengeProgress.record(challenge.name, at: path)
            let count = ChallengeProgress.solved(at: path).intersection(ChallengeLibrary.names).count
            s.print(ja ? "（解決したチャレンジ：\(ChallengeLibrary.names.count) 個中 \(count) 個）" : "(\(count) of \(ChallengeLibrary.names.count) challenges solved)")
        } catch {
            s.print(ja ? "（進み具合を \(path) に保存できませんでした：\(ErrorText.message(error))）" : "(could not save your progress to \(path): \(ErrorText.message(error)))")
        }
    }

    static func hint(_ s: Session) throws {
        let challenge = try current(s)
        let ja = s.teaching.language == "ja"
        guard s.teaching.hintsGiven < challenge.hints.count else {
            s.print(ja ? "ヒントはもうありません。'solve' で解答例を表示します。" : "No more hints: 'solve' shows a model solution.")
            return
        }
        let k = s.teaching.hintsGiven
        s.teaching.hintsGiven += 1
        let text = (ja ? "ヒント \(k + 1)/\(challenge.hints.count)：" : "Hint \(k + 1) of \(challenge.hints.count): ") + challenge.hints[k]
        s.print(Session.wrap(text, width: s.columns).joined(separator: "\n"))
    }

    static func solve(_ s: Session) throws {
        let challenge = try current(s)
        s.print(s.teaching.language == "ja" ? "解答例（ほかの解き方もあります）：" : "A model solution (there are others):")
        for line in challenge.solution { s.print("  " + line) }
    }
}
