import Foundation
import LayoutEngine

/// Teaching: `lesson`, `lessons`, `pause`, `ask`.
extension Commands {
    static let lessons: [Command] = [
        Command(name: "lesson", usage: "lesson NAME|FILE [from S] [keep] [lang L]",
                summary: "run a lesson: narration, the layout built step by step, questions",
                details: """
                A lesson is a strut script with prose: '#: text' lines are narration, '#:# title' \
                starts a step, 'pause' waits for Enter, 'ask NAME.ATTR' (or NAME.frame) asks for a \
                prediction, 'expect' checks what the lesson claims. NAME is a built-in lesson \
                ('lessons' lists them), in English or Japanese ('lang ja', else from LANG); FILE a \
                script of your own. 'from STEP' (a number, or a word of its title) starts there, the \
                steps before it run silently. A lesson runs in a session of its own and shows each \
                command as typed; your session is as you left it afterwards, unless 'keep' (then the \
                lesson's layout is yours, one step for 'undo'). At a question, Enter or '?' shows the \
                value; Ctrl-C leaves the question, a second in a row the lesson. Outside a terminal, \
                pauses are skipped and questions answered at once.
                """, arguments: [.file],
                run: { s, a in try lesson(s, a); return .succeeded }),
        Command(name: "lessons", usage: "lessons [lang en|ja]", summary: "list the built-in lessons",
                run: { s, a in try listLessons(s, a); return .succeeded }),
        Command(name: "pause", usage: "pause", summary: "in a lesson at a terminal, wait for Enter",
                run: { s, a in
                    try a.none()
                    // A first Ctrl-C asks again (a second in a row leaves the lesson).
                    while try s.askPerson(s.say("(Enter to go on) ", "（Enter で次へ）")) == .skipped {}
                    return .succeeded
                }),
        Command(name: "ask", usage: "ask NAME.ATTR | NAME.frame",
                summary: "ask for a prediction, then show the value and how close it was",
                arguments: [.view],
                run: { s, a in try ask(s, a); return .succeeded }),
    ]

    /// `lang en|ja` at the end of a cursor, else the environment's.
    static func language(_ c: inout Cursor) throws -> String {
        guard c.acceptWord("lang") else { return LessonLibrary.environmentLanguage }
        let word = try c.name("a language (en or ja)")
        guard LessonLibrary.languages.contains(word) else {
            throw ShellError.syntax("lessons and challenges are in en and ja, not '\(word)'", usage: nil)
        }
        return word
    }

    static func lesson(_ s: Session, _ a: Arguments) throws {
        var c: Cursor
        var target: String
        if a.text.trimmingWhitespace().hasPrefix("\"") {
            c = try a.cursor()
            guard let first = c.next(), case let .string(text) = first.kind else { throw c.fail("a lesson's name or a file") }
            target = text
        } else {
            // A bare path: everything up to ' from ' or ' lang ', not lexed (a `~` first is the
            // home folder, as for any file).
            let words = a.text.trimmingWhitespace().split(separator: " ", omittingEmptySubsequences: true)
            let end = words.firstIndex { $0 == "from" || $0 == "lang" || $0 == "keep" } ?? words.endIndex
            target = PathName.expandingHome(words[..<end].joined(separator: " "), home: PathName.home)
            c = Cursor(try Lexer.tokens(words[end...].joined(separator: " "), columnOffset: 0), usage: a.usage)
            guard !target.isEmpty else { throw c.fail("a lesson's name or a file") }
        }
        var step: String?
        if c.acceptWord("from") {
            guard let token = c.next() else { throw c.fail("a step (a number or a word of its title)") }
            switch token.kind {
            case let .number(value): step = formatNumber(value)
            case let .name(word), let .string(word): step = word
            default: throw c.fail("a step (a number or a word of its title)")
            }
        }
        let keep = c.acceptWord("keep")
        let language = try language(&c)
        try c.expectEnd()
        let lesson: Lesson
        if LessonLibrary.names.contains(target) {
            guard let text = LessonLibrary.text(target, language: language) else {
                throw ShellError.notAvailable("lesson '\(target)' is missing from this build's resources")
            }
            lesson = Lesson(name: target, text: text)
        } else if target.contains("/") || target.hasSuffix(".strut") || FileManager.default.fileExists(atPath: target) {
            lesson = Lesson(name: target, text: try Session.readScript(target))
        } else {
            let suggestion = closestMatch(to: target, in: LessonLibrary.names)
            throw ShellError.notAvailable("no lesson named '\(target)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'lessons' lists them"))
        }
        let start = try step.map { try lesson.start(of: $0) } ?? 0
        let outcome = try s.runLesson(lesson, from: start, language: language, keep: keep, statement: "lesson " + a.text.trimmingWhitespace())
        if outcome.failed { throw ShellError.notAvailable("the lesson '\(lesson.name)' stopped at the failure above") }
    }

    static func listLessons(_ s: Session, _ a: Arguments) throws {
        var c = try a.cursor()
        let language = try language(&c)
        try c.expectEnd()
        var lines: [String] = []
        for (k, name) in LessonLibrary.names.enumerated() {
            guard let text = LessonLibrary.text(name, language: language) else { continue }
            let lesson = Lesson(name: name, text: text)
            let steps = language == "ja" ? "（\(lesson.steps.count) ステップ）" : " (\(lesson.steps.count) steps)"
            lines.append("\(k + 1). \(name.padding(toLength: 17, withPad: " ", startingAt: 0)) \(lesson.title)\(steps)")
        }
        s.print(lines.isEmpty ? "no lessons in this build's resources" : lines.joined(separator: "\n"))
    }

    /// `ask NAME.ATTR` / `ask NAME.frame`: the value of the last layout pass; at a terminal,
    /// asked for first.
    static func ask(_ s: Session, _ a: Arguments) throws {
        var c = try a.cursor()
        let h = s.engine.hierarchy
        let name = try c.name("a view name")
        let view = h.view(try h.viewID(named: name))
        try c.expect(".", "'.frame' or '.ATTRIBUTE' after '\(name)'")
        let property = try c.name("frame or an attribute")
        try c.expectEnd()
        let actual: [Double]
        switch property {
        case "frame": actual = [view.frame.x, view.frame.y, view.frame.width, view.frame.height]
        case "x": actual = [view.frame.x]
        case "y": actual = [view.frame.y]
        default:
            guard let attribute = LayoutAttribute(shellWord: property) else {
                throw ShellError.unknownAttribute(property, suggestion: LayoutAttribute.suggestion(for: property, among: ["frame", "x", "y"]))
            }
            actual = [h.value(of: attribute, of: view.id)]
        }
        let shown = actual.map(formatNumber).joined(separator: " ")
        let what = "\(name).\(property)"
        var guess: [Double]?
        let prompt = actual.count == 1 ? s.say("What will \(what) be? ", "\(what) はいくつになるでしょう？ ")
            : s.say("What will \(what) be (X Y W H)? ", "\(what) はどうなるでしょう（X Y 幅 高さ）？ ")
        // An empty answer or '?' (or a first Ctrl-C) shows the value and goes on.
        while case let .typed(answer) = try s.askPerson(prompt) {
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "," })
            if words.isEmpty || words == ["?"] { break }
            let numbers = words.compactMap { Double($0) }.filter(\.isFinite)
            if numbers.count == actual.count && numbers.count == words.count { guess = numbers; break }
            s.print(actual.count == 1 ? s.say("(a number, please; or Enter to see it)", "（数を1つ入力してください。Enter で答えを表示します）")
                    : s.say("(four numbers, please: X Y W H; or Enter to see it)", "（4つの数を入力してください：X Y 幅 高さ。Enter で答えを表示します）"))
        }
        if h.needsLayout { s.print(pendingNote) }
        guard let guess else {
            s.print("\(what) = \(shown)")
            return
        }
        let off = zip(guess, actual).map { abs($0 - $1) }
        let right = off.allSatisfy { $0 < 0.5 }
        let offBy = off.map(formatNumber).joined(separator: " ")
        s.print("\(what) = \(shown): " + s.say("you said \(guess.map(formatNumber).joined(separator: " ")), \(right ? "exactly right" : "off by \(offBy)")",
                                               "あなたの答えは \(guess.map(formatNumber).joined(separator: " ")) で、\(right ? "ぴったりです" : "\(offBy) ずれています")"))
    }
}
