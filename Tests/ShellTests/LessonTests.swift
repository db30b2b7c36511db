import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// Every built-in lesson in every language, as `Scripts/test` runs them: in batch, narration
/// printed, pauses skipped, questions answered at once, every `expect` checked.
@Test(arguments: LessonLibrary.names.flatMap { name in LessonLibrary.languages.map { (name, $0) } })
func everyBuiltInLessonRunsInBatchAndHoldsItsClaims(_ name: String, _ language: String) throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "lesson \(name) lang \(language)") == .succeeded, Comment(rawValue: sink.errors))
    #expect(sink.errors.isEmpty)
    let lesson = Lesson(name: name, text: try #require(LessonLibrary.text(name, language: language)))
    #expect(lesson.steps.count >= 3)
    #expect(sink.output.hasPrefix("\n── \(lesson.steps[0].title) ──\n"))
    // Every step is narrated, and every question answered.
    for step in lesson.steps { #expect(sink.output.contains("── \(step.title) ──")) }
    let asks = lesson.lines.filter { $0.hasPrefix("ask ") }.count
    #expect(asks >= 1)
}

@Test(arguments: LessonLibrary.names)
func eachLessonHasTheSameStepsAndChecksInEveryLanguage(_ name: String) throws {
    let texts = try LessonLibrary.languages.map { try #require(LessonLibrary.text(name, language: $0)) }
    let lessons = texts.map { Lesson(name: name, text: $0) }
    // The same commands in the same places: each run of narration lines counts as one
    // paragraph (translations wrap differently), each heading as a step.
    let shapes = lessons.map { lesson in
        lesson.lines.reduce(into: [String]()) { shape, line in
            let kind = Lesson.heading(line) != nil ? "#:#" : Lesson.narration(line) != nil ? "#:" : line
            if kind.isEmpty || kind == "#:" && shape.last == "#:" { return }
            shape.append(kind)
        }
    }
    #expect(shapes[0] == shapes[1])
    #expect(lessons[0].steps.count == lessons[1].steps.count)
    // Narration is translated, not copied.
    let narration = lessons.map { Set($0.lines.compactMap(Lesson.narration)) }
    #expect(narration[0].isDisjoint(with: narration[1]))
}

@Test func narrationWrapsAtSpacesAndBetweenJapaneseCharactersByTheRules() {
    #expect(Session.wrap("the quick brown fox jumps over", width: 10) == ["the quick", "brown fox", "jumps over"])
    #expect(Session.wrap("averyveryverylongword ok", width: 8) == ["averyver", "yverylon", "gword ok"])
    // Each Japanese character is two cells wide; a line is filled before it breaks.
    #expect(Session.wrap("UIKit はどこかに描きます", width: 12) == ["UIKit はどこ", "かに描きます"])
    // Never inside a Latin word, even without spaces around it; no line starts with a closing
    // bracket or punctuation, none ends with an opening bracket.
    #expect(Session.wrap("優先度が低ければ任意（optional）で、", width: 20) == ["優先度が低ければ任意", "（optional）で、"])
    #expect(Session.wrap("優先度が低ければ任意（optional）で、", width: 24) == ["優先度が低ければ任意", "（optional）で、"])
    #expect(Session.wrap("あいうえおかきくけ、こ", width: 18) == ["あいうえおかきく", "け、こ"])
    #expect(Session.wrap("あいうえおかきく「こ」", width: 18) == ["あいうえおかきく", "「こ」"])
    #expect(Session.wrap("", width: 10) == [""])
}

/// Every built-in lesson's narration and every challenge's goal and hints, wrapped at many
/// widths: no line breaks a Latin word that fits on a line, starts with `、。）」』` and the like,
/// or ends with `（「『`.
@Test(arguments: LessonLibrary.languages)
func noLessonLineBreaksAgainstTheRules(_ language: String) throws {
    var texts: [(name: String, text: String)] = []
    for name in LessonLibrary.names {
        let lesson = Lesson(name: name, text: try #require(LessonLibrary.text(name, language: language)))
        texts += lesson.lines.compactMap(Lesson.narration).map { (name, $0) }
    }
    for name in ChallengeLibrary.names {
        let challenge = Challenge(name: name, text: try #require(ChallengeLibrary.text(name, language: language)))
        texts += (challenge.goal + challenge.hints).map { (name, $0) }
    }
    #expect(texts.count > 60)
    for (name, text) in texts {
        let longest = text.split(whereSeparator: { $0 == " " || View.displayCells(String($0)) == 2 }).map(\.count).max() ?? 0
        for width in [40, 56, 72, 80, 100, 160] where width > longest {
            let lines = Session.wrap(text, width: width)
            #expect(lines.allSatisfy { View.displayCells($0) <= width })
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "nothing lost or added")
            for (a, b) in zip(lines, lines.dropFirst()) {
                let (last, first) = (a.last!, b.first!)
                #expect(!Session.noLineStart.contains(first), "\(name) at \(width): a line starts with \(first): \(b)")
                #expect(!Session.noLineEnd.contains(last), "\(name) at \(width): a line ends with \(last): \(a)")
                // Between two Latin characters a line breaks only where the text has a space.
                let latin = { (c: Character) in c != " " && View.displayCells(String(c)) == 1 }
                if latin(last) && latin(first) {
                    let joint = String(a.split(separator: " ").last!) + " " + String(b.split(separator: " ").first!)
                    #expect(text.contains(joint), "\(name) at \(width): a word broken: \(a) / \(b)")
                }
            }
        }
    }
}

/// Narration written over several `#:` lines is one paragraph, wrapped to the terminal's width.
@Test func aParagraphOfNarrationWrapsToTheTerminalsWidth() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    session.terminalColumns = 160
    #expect(session.run(line: "lesson priorities") == .succeeded)
    let first = sink.output.split(separator: "\n")[1]
    #expect(first.count > 100 && first.count <= 160)
    #expect(first.hasPrefix("Every constraint has a priority from 1 to 1000. At 1000 it is required; below, it is optional: Auto Layout"))
}

@Test func aLessonStartsPartwayWithTheLayoutOfTheStepsBefore() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "lesson first-view from edges keep") == .succeeded)
    #expect(sink.output.hasPrefix("\n── Edges instead of sizes ──\n"))
    #expect(!sink.output.contains("Pinning the size"))
    #expect(session.run(line: "expect card.frame == 20 40 280 120") == .succeeded)
    let numbered = BufferSink()
    #expect(Session(sink: numbered).run(line: "lesson first-view from 4 lang ja") == .succeeded)
    #expect(numbered.output.hasPrefix("\n── 理由が1つ多すぎる ──\n"))
}

@Test func questionsTakeAPredictionOrAreSkippedAndTwoCtrlCsLeaveTheLesson() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var answers: [InputLine] = [.line(""), .line("20 40 hello"), .line("20 40 200 100"), .line(""), .line("?"), .interrupted, .interrupted]
    var prompts: [String] = []
    session.prompter = { prompt in
        prompts.append(prompt)
        return answers.isEmpty ? .end : answers.removeFirst()
    }
    #expect(session.run(line: "lesson first-view keep; frame card") == .succeeded)
    #expect(prompts == ["(Enter to go on) ", "What will card.frame be (X Y W H)? ", "What will card.frame be (X Y W H)? ",
                        "(Enter to go on) ", "What will card.width be? ", "(Enter to go on) ", "(Enter to go on) "])
    #expect(sink.output.contains("(four numbers, please: X Y W H; or Enter to see it)\ncard.frame = 20 40 200 120: you said 20 40 200 100, off by 0 0 0 20\n"))
    // '?' shows the value and goes on.
    #expect(sink.output.contains("card.width = 350\nOn a narrower screen"))
    // A first Ctrl-C at the third pause asks again; the second leaves the lesson, whose layout
    // 'keep' brought home.
    #expect(sink.output.hasSuffix("(Ctrl-C again to leave the lesson)\n(left the lesson; its layout is yours now: 'undo' gives yours back)\ncard (20, 40, 280, 120)\n"))
    #expect(!sink.output.contains("One number too many"))
    #expect(sink.errors.isEmpty)
    // Ctrl-C at a question leaves the question (the value is shown); an answer in between
    // means the next Ctrl-C does not leave.
    let other = BufferSink()
    let again = Session(sink: other)
    var more: [InputLine] = [.line(""), .interrupted, .line(""), .interrupted, .line("")]
    again.prompter = { _ in more.isEmpty ? .end : more.removeFirst() }
    #expect(again.run(line: "lesson first-view") == .succeeded)
    #expect(other.output.contains("(Ctrl-C again to leave the lesson)\ncard.frame = 20 40 200 120\n"))
    #expect(other.output.contains("── Edges instead of sizes ──"))
    #expect(other.output.hasSuffix("(end of the lesson; your session is as you left it: 'lesson first-view keep' keeps the lesson's layout)\n"))
}

/// A lesson runs in a session of its own: the learner's views are where they were, and a view
/// of the same name in the lesson is the lesson's.
@Test func aLessonLeavesTheLearnersSessionAsItWas() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view card; card.width == 10; set root.frame = 0 0 100 100; layout") == .succeeded)
    let before = session.dumpJSON
    #expect(session.run(line: "lesson first-view") == .succeeded)
    #expect(sink.errors.isEmpty)
    #expect(session.dumpJSON == before)
    #expect(sink.output.hasSuffix("(end of the lesson; your session is as you left it: 'lesson first-view keep' keeps the lesson's layout)\n"))
    // With 'keep', the lesson's layout comes home as one step, and 'undo' gives the learner's back.
    #expect(session.run(line: "lesson first-view keep; expect card.frame == 20 40 280 120") == .succeeded)
    #expect(session.run(line: "undo") == .succeeded)
    #expect(session.dumpJSON == before)
}

/// Each command is shown as typed before its effect; checks and prompts are not; a pasted log
/// is shown as pasted; what a change violated is said at the layout pass, once, with the amount
/// the narration gives.
@Test func aLessonShowsWhatItTypesAndSaysNoticesAtTheLayoutPass() {
    let sink = BufferSink()
    #expect(Session(sink: sink).run(line: "lesson priorities") == .succeeded)
    let out = sink.output
    #expect(out.contains("strut> wish: banner.width == 500 @low\nstrut> banner.centerX == root.centerX\nstrut> layout\nviolated wish: banner.width == 500 @250 (off by 150) — 'conflicts' for more\nbanner.width = 350\n"))
    #expect(!out.contains("strut> expect") && !out.contains("strut> ask") && !out.contains("strut> pause"))
    #expect(out.contains("strut> iconHeight: icon.height == 32\nstrut> layout\nviolated placeholder: custom.height == 10 @1 (off by 38)"))
    #expect(!out.contains("off by 6"))
    let first = BufferSink()
    #expect(Session(sink: first).run(line: "lesson first-view") == .succeeded)
    #expect(!first.output.contains("now ambiguous"))
    let logs = BufferSink()
    let terminal = Session(sink: logs)
    terminal.explainsOpenPaste = true
    #expect(terminal.run(line: "lesson reading-logs") == .succeeded)
    #expect(logs.output.contains("strut> paste\npaste UIKit's log (or layout code), then an empty line:\n2017-12-10 14:43:56.185902-0800 InputAccessoryViewTest"))
    #expect(!logs.output.contains("inside UIKit's message"))
}

/// Inside a Japanese lesson strut's own words are Japanese: notices, conflicts, prompts.
@Test func aJapaneseLessonsDiagnosticsAreJapanese() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var answers: [InputLine] = [.line(""), .line("1 2")]
    var prompts: [String] = []
    session.prompter = { prompt in prompts.append(prompt); return answers.isEmpty ? .end : answers.removeFirst() }
    #expect(session.run(line: "lesson first-view lang ja") == .succeeded)
    #expect(prompts.prefix(3) == ["（Enter で次へ）", "card.frame はどうなるでしょう（X Y 幅 高さ）？ ", "card.frame はどうなるでしょう（X Y 幅 高さ）？ "])
    #expect(sink.output.contains("（4つの数を入力してください：X Y 幅 高さ。Enter で答えを表示します）"))
    let batch = BufferSink()
    #expect(Session(sink: batch).run(line: "lesson first-view lang ja") == .succeeded)
    let out = batch.output
    #expect(out.contains("tooWide を解除：card.width == 300（c1, c4 と競合）— 詳しくは 'conflicts'\n"))
    #expect(out.contains("strut の言葉で言うと：次の 3 個の必須の制約を同時には満たせません：\n"))
    #expect(out.contains("  deactivate c4        → card.width 280 → 300。ほかは動かない\n"))
    #expect(out.contains("  理由：card の leading は決まっていますが、width は自由です\n"))
    #expect(out.contains("card.width = 280。その理由：\n"))
    for english in ["broke ", "In strut's words", "nothing else moves", "  why: ", ", from:", "end of the lesson"] {
        #expect(!out.contains(english), "English left in a Japanese lesson: \(english)")
    }
    let logs = BufferSink()
    #expect(Session(sink: logs).run(line: "lesson reading-logs lang ja") == .succeeded)
    #expect(logs.output.contains("\n貼り付けたログから 4 個の制約を読み、2 個のプレースホルダーのビューに置きました：UITableViewCellContentView_1f10, UIImageView_f3d0\n"))
}

/// Lessons speak of files in this repository only.
@Test func lessonsCiteOnlyFilesInTheRepository() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for language in LessonLibrary.languages {
        for name in LessonLibrary.names {
            let text = try #require(LessonLibrary.text(name, language: language))
            #expect(!text.contains(".md"), "\(language)/\(name) cites a document")
            for match in text.matches(of: /Examples\/[A-Za-z0-9_.\/-]+[A-Za-z0-9]/) {
                let path = String(match.output)
                #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(language)/\(name) cites \(path)")
            }
        }
    }
}

@Test func aLessonOfYourOwnFailsAtTheClaimThatStoppedHolding() throws {
    let file = "/tmp/strut-lesson-\(UInt32.random(in: 0...UInt32.max)).strut"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try """
    #:# Mine
    #: A view 10 wide.
    new view v
    v.width == 10
    layout
    expect v.width == 12
    #: never reached
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "lesson \(file)") == .failed)
    #expect(sink.output == "\n── Mine ──\nA view 10 wide.\nstrut> new view v\nstrut> v.width == 10\nstrut> layout\n")
    #expect(sink.errors == "\(file):6: error: expect failed: v.width == 12, but it is 10\nerror: the lesson '\(file)' stopped at the failure above\n")
}

@Test(arguments: [
    ("lesson first-vew", "no lesson named 'first-vew'; did you mean 'first-view'?"),
    ("lesson first-view from 9", "lesson 'first-view' has steps 1 to 4, not 9"),
    ("lesson first-view from nowhere", "no step of lesson 'first-view' is called 'nowhere'; its steps: 1 The first view: four numbers and what fixes them; 2 Pinning the size; 3 Edges instead of sizes; 4 One number too many"),
    ("lesson first-view lang fr", "lessons and challenges are in en and ja, not 'fr'"),
    ("lessons lang", "expected a language (en or ja), found the end of the line; usage: lessons [lang en|ja]"),
    ("ask nobody.width", "no view named 'nobody'"),
    ("ask root.widht", "unknown attribute 'widht'; did you mean 'width'?"),
])
func lessonMistakesGetOneLineAndChangeNothing(_ line: String, _ message: String) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    let before = StateDump.json(session.engine)
    #expect(session.run(line: line) == .failed)
    #expect(sink.errors == "error: \(message)\n")
    #expect(StateDump.json(session.engine) == before)
}

@Test func theBuiltInLessonsAreListedInBothLanguages() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "lessons lang en; lessons lang ja") == .succeeded)
    let lines = sink.output.split(separator: "\n")
    #expect(lines.count == 14)
    #expect(lines[0] == "1. first-view        The first view: four numbers and what fixes them (4 steps)")
    #expect(lines[7] == "1. first-view        最初のビュー：4つの数と、それを決めるもの（4 ステップ）")
}
