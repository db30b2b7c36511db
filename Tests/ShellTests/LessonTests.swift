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
            if kind == "#:" && shape.last == "#:" { return }
            shape.append(kind)
        }
    }
    #expect(shapes[0] == shapes[1])
    #expect(lessons[0].steps.count == lessons[1].steps.count)
    // Narration is translated, not copied.
    let narration = lessons.map { Set($0.lines.compactMap(Lesson.narration)) }
    #expect(narration[0].isDisjoint(with: narration[1]))
}

@Test func narrationWrapsAtSpacesAndJapaneseAnywhere() {
    #expect(Session.wrap("the quick brown fox jumps over", width: 10) == ["the quick", "brown fox", "jumps over"])
    #expect(Session.wrap("averyveryverylongword ok", width: 8) == ["averyver", "yverylon", "gword ok"])
    // Each Japanese character is two cells wide; a line is filled before it breaks.
    #expect(Session.wrap("UIKit はどこかに描きます", width: 12) == ["UIKit はどこ", "かに描きます"])
    #expect(Session.wrap("", width: 10) == [""])
}

@Test func aLessonStartsPartwayWithTheLayoutOfTheStepsBefore() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "lesson first-view from edges") == .succeeded)
    #expect(sink.output.hasPrefix("\n── Edges instead of sizes ──\n"))
    #expect(!sink.output.contains("Pinning the size"))
    #expect(session.run(line: "expect card.frame == 20 40 280 120") == .succeeded)
    let numbered = BufferSink()
    #expect(Session(sink: numbered).run(line: "lesson first-view from 4 lang ja") == .succeeded)
    #expect(numbered.output.hasPrefix("\n── 数が1つ多すぎる ──\n"))
}

@Test func questionsTakeAPredictionAndCtrlCLeavesTheLessonWithItsLayout() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var answers = ["", "20 40 hello", "20 40 200 100", "", "350"]
    var prompts: [String] = []
    session.prompter = { prompt in
        prompts.append(prompt)
        return answers.isEmpty ? .interrupted : .line(answers.removeFirst())
    }
    #expect(session.run(line: "lesson first-view; frame card") == .succeeded)
    #expect(prompts == ["(Enter to go on) ", "What will card.frame be (X Y W H)? ", "What will card.frame be (X Y W H)? ",
                        "(Enter to go on) ", "What will card.width be? ", "(Enter to go on) "])
    #expect(sink.output.contains("(four numbers, please: X Y W H)\ncard.frame = 20 40 200 120: you said 20 40 200 100, off by 0 0 0 20\n"))
    #expect(sink.output.contains("card.width = 350: you said 350, exactly right\n"))
    // Ctrl-C at the third pause: the lesson stops there, the next command runs on its layout.
    #expect(sink.output.hasSuffix("left the lesson; its layout stays for you to explore\ncard (20, 40, 280, 120)\n"))
    #expect(!sink.output.contains("One number too many"))
    #expect(sink.errors.isEmpty)
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
    #expect(sink.output == "\n── Mine ──\nA view 10 wide.\n")
    #expect(sink.errors == "\(file):6: error: expect failed: v.width == 12, but it is 10\nerror: the lesson '\(file)' stopped at the failure above\n")
}

@Test(arguments: [
    ("lesson first-vew", "no lesson named 'first-vew'; did you mean 'first-view'?"),
    ("lesson first-view from 9", "lesson 'first-view' has steps 1 to 4, not 9"),
    ("lesson first-view from nowhere", "no step of lesson 'first-view' is called 'nowhere'; its steps: 1 The first view: four numbers and what fixes them; 2 Pinning the size; 3 Edges instead of sizes; 4 One number too many"),
    ("lesson first-view lang fr", "lessons are in en and ja, not 'fr'"),
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
    #expect(lines[7] == "1. first-view        最初のビュー：4つの数と、それを決めるもの (4 steps)")
}
