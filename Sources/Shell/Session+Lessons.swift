import Foundation
import LayoutEngine

/// A lesson: a strut script with prose. `#:` lines are narration (wrapped to the terminal),
/// `#:#` lines are step headings, `pause` waits for Enter at a terminal, `ask` asks for a
/// prediction before it reveals a value; `expect` lines check what the lesson claims.
struct Lesson {
    var name: String
    var lines: [String]
    /// Where each step starts (the indices of its heading lines), in order.
    var steps: [(line: Int, title: String)]
    /// The first heading, else the first narration.
    var title: String

    init(name: String, text: String) {
        self.name = name
        lines = Lesson.joiningParagraphs(Session.lines(of: text))
        steps = lines.enumerated().compactMap { k, line in
            Lesson.heading(line).map { (k, $0) }
        }
        title = steps.first?.title ?? lines.lazy.compactMap(Lesson.narration).first ?? name
    }

    /// Consecutive `#:` lines are one paragraph, wrapped to the terminal as a whole: its text
    /// goes on the run's last line and the lines before it become empty (so that line numbers
    /// in messages stay the file's). Two wide (East Asian) characters join without a space.
    static func joiningParagraphs(_ lines: [String]) -> [String] {
        var result = lines
        var run: [Int] = []
        func close() {
            defer { run = [] }
            guard run.count > 1 else { return }
            var text = ""
            for k in run {
                let piece = narration(lines[k]) ?? ""
                if let last = text.last, let first = piece.first {
                    text += View.displayCells(String(last)) == 2 && View.displayCells(String(first)) == 2 ? "" : " "
                }
                text += piece
                result[k] = ""
            }
            result[run.last!] = "#: " + text
        }
        for (k, line) in lines.enumerated() {
            if let text = narration(line), !text.isEmpty { run.append(k) } else { close() }
        }
        close()
        return result
    }

    /// The text of a `#: …` line (nil for any other line).
    static func narration(_ line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.hasPrefix("#:"), !trimmed.hasPrefix("#:#") else { return nil }
        let text = trimmed.dropFirst(2)
        return String(text.first == " " ? text.dropFirst() : text)
    }

    /// The title of a `#:# …` step heading.
    static func heading(_ line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.hasPrefix("#:#") else { return nil }
        return String(trimmed.dropFirst(3)).trimmingWhitespace()
    }

    /// The line a step selector names: a number from 1, or a word of a step's title.
    func start(of selector: String) throws -> Int {
        if let number = Int(selector) {
            guard number >= 1, number <= steps.count else {
                throw ShellError.notAvailable("lesson '\(name)' has steps 1 to \(steps.count), not \(number)")
            }
            return steps[number - 1].line
        }
        if let step = steps.first(where: { $0.title.lowercased().contains(selector.lowercased()) }) { return step.line }
        let titles = steps.enumerated().map { "\($0.offset + 1) \($0.element.title)" }.joined(separator: "; ")
        throw ShellError.notAvailable("no step of lesson '\(name)' is called '\(selector)'; its steps: \(titles)")
    }
}

/// The built-in lessons: `Lessons/LANG/NAME.strut` among the package's resources.
enum LessonLibrary {
    static let languages = ["en", "ja"]
    /// In teaching order.
    static let names = ["first-view", "content-size", "priorities", "changing-layouts", "flowing-content", "stack-views", "reading-logs"]

    static func text(_ name: String, language: String) -> String? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "strut", subdirectory: "Lessons/\(language)") else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    /// `ja` when `LANG` (or `LC_ALL`, `LC_MESSAGES`) asks for Japanese, else `en`.
    static var environmentLanguage: String {
        let environment = ProcessInfo.processInfo.environment
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_MESSAGES"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
        return locale.hasPrefix("ja") ? "ja" : "en"
    }
}

extension Session {
    /// Runs a lesson in a session of its own, from its start or from a step (the steps before
    /// it run silently, so that the layout is as the lesson left it there). Each command it
    /// runs is shown as typed, before its effect; its checks (`expect`) and prompts are not.
    /// The learner's session is left as it was, unless `keep`: then the lesson's layout
    /// replaces it as one step that `undo` takes back. A second Ctrl-C in a row at a `pause` or
    /// an `ask` (or the input's end) leaves the lesson.
    func runLesson(_ lesson: Lesson, from startLine: Int, language: String, keep: Bool, statement: String) throws -> RunOutcome {
        guard running.lessonDepth == 0 else { throw ShellError.notAvailable(say("a lesson is running: lessons do not nest", "レッスンの実行中です。レッスンの中でレッスンは始められません")) }
        let room = Session(sink: sink)
        room.terminal = terminal
        room.terminal.explainsOpenPaste = false
        room.interruptCheck = interruptCheck
        room.running.lessonDepth = 1
        room.running.language = language
        room.running.muted = startLine > 0
        // A watched page follows the lesson, step by step.
        room.watchPath = watchPath
        room.watched = watched
        defer { watched = room.watched }
        var index = 0
        var outcome = RunOutcome()
        var left = false
        do {
            outcome = try room.runLines(locate: { "\(lesson.name):\($0)" }, mode: .stopAtFirstError, echo: false,
                                        endsTheRun: { ($0 as? ShellError) == .lessonLeft }) {
                guard index < lesson.lines.count else { return .end }
                if index == startLine { room.running.muted = false }
                defer { index += 1 }
                room.showTyped(lesson.lines[index])
                return .line(lesson.lines[index])
            }
        } catch ShellError.lessonLeft {
            left = true
        }
        let ja = language == "ja"
        if keep {
            let before = engine.hierarchy
            adopt(room.engine)
            remember(before, statement)
            print(ja ? "（\(left ? "レッスンを中断しました" : "レッスンの終わりです")。レッスンのレイアウトをこのセッションに残します。元に戻すには 'undo'）"
                  : "(\(left ? "left the lesson" : "end of the lesson"); its layout is yours now: 'undo' gives yours back)")
        } else if !outcome.failed {
            print(ja ? "（\(left ? "レッスンを中断しました" : "レッスンの終わりです")。あなたのセッションは元のままです。レッスンのレイアウトを残すには 'lesson \(lesson.name) keep'）"
                  : "(\(left ? "left the lesson" : "end of the lesson"); your session is as you left it: 'lesson \(lesson.name) keep' keeps the lesson's layout)")
        }
        return outcome
    }

    /// A lesson's line as the learner would type it (`strut> …`), or a pasted log's line as
    /// pasted; narration, comments, checks and prompts are not shown.
    func showTyped(_ line: String) {
        if collector != nil { print(line); return }
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return }
        let word = trimmed.prefix { $0.isLetter }
        guard !["expect", "pause", "ask"].contains(word) else { return }
        print("strut> " + trimmed)
    }

    /// `#: text` as prose wrapped to the terminal; `#:# title` as a step heading.
    func narrate(_ line: String) {
        guard !running.muted else { return }
        if let title = Lesson.heading(line) {
            print("\n── \(title) ──")
        } else if let text = Lesson.narration(line) {
            print(Session.wrap(text, width: columns).joined(separator: "\n"))
        }
    }

    /// The English or the Japanese, by the language of the lesson or challenge running.
    func say(_ english: String, _ japanese: String) -> String {
        running.language == "ja" ? japanese : english
    }

    /// Lines of at most `width` display cells, broken at spaces and between East Asian
    /// characters, never inside a Latin word (unless the word alone is wider than a line), and
    /// by the rules of Japanese line breaking: no line starts with closing brackets or
    /// punctuation (`、。）」』`, small kana, `ー`) or ends with an opening bracket (`（「『`).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard !text.isEmpty else { return [""] }
        let width = max(width, 2)
        // Pieces that are never broken, each with whether a space comes before it.
        var pieces: [(text: String, cells: Int, spaced: Bool)] = []
        var current = "", cells = 0, spaced = false, spaceBefore = false
        func close() {
            if !current.isEmpty { pieces.append((current, cells, spaced)) }
            current = ""
            cells = 0
        }
        for c in text {
            if c == " " { close(); spaceBefore = true; continue }
            if let last = current.last, Session.breaks(between: last, and: c) { close() }
            if current.isEmpty {
                spaced = spaceBefore
                spaceBefore = false
            }
            current.append(c)
            cells += View.displayCells(String(c))
        }
        close()
        var lines: [String] = []
        var line = "", lineCells = 0
        for piece in pieces {
            let gap = line.isEmpty || !piece.spaced ? 0 : 1
            if lineCells + gap + piece.cells <= width {
                if gap == 1 { line += " " }
                line += piece.text
                lineCells += gap + piece.cells
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            lineCells = 0
            // A piece wider than a line of its own is cut by characters.
            for c in piece.text {
                let w = View.displayCells(String(c))
                if lineCells + w > width && !line.isEmpty { lines.append(line); line = ""; lineCells = 0 }
                line.append(c)
                lineCells += w
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Characters no line starts with, and characters no line ends with (Japanese line
    /// breaking, with the Latin ones alike).
    static let noLineStart: Set<Character> = Set("、。，．・：；？！）」』】〕〉》〟’”ゝゞヽヾ々ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥〜)]},.:;!?%")
    static let noLineEnd: Set<Character> = Set("（「『【〔〈《〝‘“([{")

    /// Whether a line may break between two characters that no space separates: only where
    /// one of them is wide (East Asian), and not against the rules above.
    static func breaks(between a: Character, and b: Character) -> Bool {
        guard View.displayCells(String(a)) == 2 || View.displayCells(String(b)) == 2 else { return false }
        return !noLineStart.contains(b) && !noLineEnd.contains(a)
    }

    /// What the person at the terminal typed at a lesson's prompt.
    enum PersonAnswer: Equatable {
        case typed(String)
        /// No one to ask (batch, or the steps a lesson skips).
        case nobody
        /// A first Ctrl-C: the question is left (a second one in a row leaves the lesson).
        case skipped
    }

    /// A line from the person at the terminal after `prompt`.
    /// - Throws: `ShellError.lessonLeft` on a second Ctrl-C in a row, or at the input's end,
    ///   inside a lesson.
    func askPerson(_ prompt: String) throws -> PersonAnswer {
        guard !running.muted, let prompter else { return .nobody }
        switch prompter(prompt) {
        case let .line(text):
            running.leaveArmed = false
            return .typed(text)
        // An answer pasted with a line break: its first line.
        case let .pasted(lines):
            running.leaveArmed = false
            return .typed(lines.first ?? "")
        case .interrupted:
            guard running.lessonDepth > 0 else { return .skipped }
            if running.leaveArmed { throw ShellError.lessonLeft }
            running.leaveArmed = true
            print(say("(Ctrl-C again to leave the lesson)", "（もう一度 Ctrl-C でレッスンを終えます）"))
            return .skipped
        case .end:
            if running.lessonDepth > 0 { throw ShellError.lessonLeft }
            return .nobody
        }
    }
}
