import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// A session whose solved challenges go to a file of the test's own.
func challengeSession(_ sink: BufferSink) -> (Session, String) {
    let session = Session(sink: sink)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("strut-progress-\(UInt32.random(in: 0...UInt32.max))/progress").path
    session.teaching.progressFile = file
    return (session, file)
}

/// Every challenge in every language, as a learner would meet it: an empty attempt is not
/// solved and points at a hint, the hint comes, the model solution typed in solves it, and the
/// solved challenge is remembered.
@Test(arguments: ChallengeLibrary.names.flatMap { name in LessonLibrary.languages.map { (name, $0) } })
func everyChallengeFailsEmptyGivesAHintAndPassesWithItsSolution(_ name: String, _ language: String) throws {
    let sink = BufferSink()
    let (session, file) = challengeSession(sink)
    defer { try? FileManager.default.removeItem(atPath: PathName.folder(of: file)) }
    let challenge = Challenge(name: name, text: try #require(ChallengeLibrary.text(name, language: language)))
    let ja = language == "ja"
    #expect(session.run(line: "challenge \(name) lang \(language)") == .succeeded)
    #expect(sink.output.hasPrefix("\n── \(challenge.title) ──\n"))
    #expect(sink.output.contains(ja ? "ゴール：\n" : "The goal:\n"))
    #expect(session.run(line: "check") == .succeeded)
    let afterEmpty = sink.output
    #expect(afterEmpty.contains(ja ? "まだです。" : "Not yet: "))
    #expect(afterEmpty.hasSuffix(ja ? "（'hint' でヒント：残り \(challenge.hints.count) 個）\n" : "('hint' gives a hint: \(challenge.hints.count) left)\n"))
    #expect(session.run(line: "hint") == .succeeded)
    #expect(sink.output.dropFirst(afterEmpty.count).hasPrefix(ja ? "ヒント 1/\(challenge.hints.count)：" : "Hint 1 of \(challenge.hints.count): "))
    for line in challenge.solution { #expect(session.run(line: line) == .succeeded, "\(name): \(line)") }
    let before = sink.output.count
    #expect(session.run(line: "check") == .succeeded)
    let verdict = String(sink.output.dropFirst(before))
    #expect(verdict.hasPrefix(ja ? "解決です！ \(challenge.variants.count) 通りの条件" : "Solved! Every view is where the goal puts it, in all \(challenge.variants.count) checks."), "\(verdict)")
    #expect(ChallengeProgress.solved(at: file) == [name])
    #expect(sink.errors.isEmpty)
}

/// The checks vary what a hard-coded constant cannot follow: every graded view pinned with the
/// numbers of the goal's own frames (as a learner copying the picture would) is not solved.
@Test(arguments: ChallengeLibrary.names)
func constantsCopiedFromTheGoalDoNotSolveAChallenge(_ name: String) throws {
    let challenge = Challenge(name: name, text: try #require(ChallengeLibrary.text(name, language: "en")))
    let model = try Commands.laidOut(challenge, extra: challenge.solution, variant: "", language: "en")
    let h = model.engine.hierarchy
    var lines: [String] = []
    for id in Commands.graded(challenge, in: h) {
        let view = h.view(id)
        let parent = h.view(view.parent!).name
        lines.append("\(view.name).left == \(parent).left + \(view.frame.x); \(view.name).top == \(parent).top + \(view.frame.y)")
        lines.append("\(view.name).width == \(view.frame.width); \(view.name).height == \(view.frame.height)")
    }
    let sink = BufferSink()
    let (session, file) = challengeSession(sink)
    defer { try? FileManager.default.removeItem(atPath: PathName.folder(of: file)) }
    #expect(session.run(line: "challenge \(name)") == .succeeded)
    for line in lines { session.run(line: line, keepGoing: true) }
    let before = sink.output.count
    #expect(session.run(line: "check") == .succeeded)
    #expect(sink.output.dropFirst(before).hasPrefix("Not yet: "), "\(name) passes with constants")
    #expect(ChallengeProgress.solved(at: file).isEmpty)
}

/// The same challenge in both languages: the same starting point, checks and solution, with
/// the prose and hints translated.
@Test(arguments: ChallengeLibrary.names)
func eachChallengeIsTheSameInEveryLanguage(_ name: String) throws {
    let versions = try LessonLibrary.languages.map { Challenge(name: name, text: try #require(ChallengeLibrary.text(name, language: $0))) }
    let (en, ja) = (versions[0], versions[1])
    #expect(en.setup == ja.setup && en.graded == ja.graded && en.variants == ja.variants && en.solution == ja.solution)
    #expect(en.hints.count == ja.hints.count && en.hints.count >= 2)
    #expect(en.variants.count >= 3, "a check as set up and at least two changes")
    #expect(en.title != ja.title && Set(en.hints).isDisjoint(with: ja.hints) && !en.goal.isEmpty && !ja.goal.isEmpty)
}

/// The checks say which view is off, by how much, and where its value comes from; hints run
/// out into the solution; `challenge` alone shows the goal again; `undo` gives back the
/// session as it was before the challenge.
@Test func aWrongAttemptIsToldWhichViewIsOffByHowMuchAndWhy() {
    let sink = BufferSink()
    let (session, file) = challengeSession(sink)
    defer { try? FileManager.default.removeItem(atPath: PathName.folder(of: file)) }
    #expect(session.run(line: "new view mine; mine.width == 5") == .succeeded)
    let mine = session.dumpJSON
    #expect(session.run(line: "challenge pin-card") == .succeeded)
    #expect(session.run(line: "card.leading == root.leading + 20; card.top == root.top + 40; card.height == 120; wide: card.width == 350") == .succeeded)
    var before = sink.output.count
    #expect(session.run(line: "check") == .succeeded)
    #expect(String(sink.output.dropFirst(before)) == """
        Not yet: after 'set root.frame = 0 0 320 300', card.width is 350 where the goal has 280 (off by 70).
        card.width = 350, from:
          wide: card.width == 350   card.width = 350
        ('hint' gives a hint: 3 left)

        """)
    #expect(session.run(line: "hint; hint; hint") == .succeeded)
    before = sink.output.count
    #expect(session.run(line: "hint; check") == .succeeded)
    #expect(String(sink.output.dropFirst(before)).hasPrefix("No more hints: 'solve' shows a model solution.\nNot yet: "))
    #expect(sink.output.hasSuffix("('solve' shows a model solution)\n"))
    before = sink.output.count
    #expect(session.run(line: "challenge") == .succeeded)
    #expect(sink.output.dropFirst(before).hasPrefix("\n── A card pinned to the screen's edges ──\n"))
    // A conflict is said as one, with the fixes.
    #expect(session.run(line: "card.width == 300") == .succeeded)
    before = sink.output.count
    #expect(session.run(line: "check") == .succeeded)
    #expect(sink.output.dropFirst(before).hasPrefix("Not yet: as set up, your constraints conflict; UIKit would break c4:\n"))
    #expect(sink.output.contains("Any one of these changes resolves it, best first:\n"))
    // Back to the learner's own layout: every change since the challenge, then the challenge.
    for _ in 0..<6 { #expect(session.run(line: "undo") == .succeeded) }
    #expect(session.dumpJSON == mine)
    #expect(sink.errors.isEmpty)
}

@Test(arguments: [
    ("check", "no challenge under way: 'challenges' lists them, 'challenge NAME' starts one"),
    ("hint", "no challenge under way: 'challenges' lists them, 'challenge NAME' starts one"),
    ("solve", "no challenge under way: 'challenges' lists them, 'challenge NAME' starts one"),
    ("challenge", "no challenge under way: 'challenges' lists them, 'challenge NAME' starts one"),
    ("challenge pin-crad", "no challenge named 'pin-crad'; did you mean 'pin-card'?"),
    ("challenge pin-card lang fr", "lessons and challenges are in en and ja, not 'fr'"),
    ("challenge pin-card now", "unexpected 'now' at column 1; usage: challenge [NAME] [lang en|ja]"),
    ("challenges lang", "expected a language (en or ja), found the end of the line; usage: challenges [lang en|ja]"),
    ("check all", "unexpected 'all' at column 7; usage: check"),
])
func challengeMistakesGetOneLineAndChangeNothing(_ line: String, _ message: String) {
    let sink = BufferSink()
    let (session, _) = challengeSession(sink)
    #expect(session.run(line: "new view v") == .succeeded)
    let before = session.dumpJSON
    #expect(session.run(line: line) == .failed)
    #expect(sink.errors == "error: \(message)\n")
    #expect(session.dumpJSON == before)
}

/// The list marks what the progress file says is solved; a progress file that cannot be
/// written is said, and the challenge is still solved.
@Test func progressIsKeptInAFileAndAFileThatCannotBeWrittenIsSaid() throws {
    let sink = BufferSink()
    let (session, file) = challengeSession(sink)
    defer { try? FileManager.default.removeItem(atPath: PathName.folder(of: file)) }
    try ChallengeProgress.record("stack-row", at: file)
    #expect(session.run(line: "challenges; challenges lang ja") == .succeeded)
    #expect(sink.output.contains("4. stack-row        Three labels of equal width in a stack view  ✓ solved\n"))
    #expect(sink.output.contains("4. stack-row        スタックビューで同じ幅の3つのラベル  ✓ 解決済み\n"))
    #expect(sink.output.contains("1. pin-card         A card pinned to the screen's edges\n"))
    let blocked = BufferSink()
    let other = Session(sink: blocked)
    other.teaching.progressFile = "/dev/null/progress"
    #expect(other.run(line: "challenge pin-card; card.leading == root.leading + 20; card.trailing == root.trailing - 20; card.top == root.top + 40; card.height == 120; check") == .succeeded)
    #expect(blocked.output.contains("Solved! Every view is where the goal puts it, in all 3 checks.\n(could not save your progress to /dev/null/progress: "))
}
