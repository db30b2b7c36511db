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
        lines = Session.lines(of: text)
        steps = lines.enumerated().compactMap { k, line in
            Lesson.heading(line).map { (k, $0) }
        }
        title = steps.first?.title ?? lines.lazy.compactMap(Lesson.narration).first ?? name
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
    /// Runs a lesson from its start or from a step (the steps before it run silently, so that
    /// the layout is as the lesson left it there). Ctrl-C at a `pause` or an `ask` leaves the
    /// lesson with its state.
    func runLesson(_ lesson: Lesson, from startLine: Int) throws -> RunOutcome {
        guard running.lessonDepth == 0 else { throw ShellError.notAvailable("a lesson is running: lessons do not nest") }
        running.lessonDepth += 1
        let savedLocation = running.location
        defer { running.lessonDepth -= 1; running.muted = false; running.location = savedLocation }
        var index = 0
        running.muted = startLine > 0
        do {
            return try runLines(locate: { "\(lesson.name):\($0)" }, mode: .stopAtFirstError, echo: false,
                                endsTheRun: { ($0 as? ShellError) == .lessonLeft }) {
                guard index < lesson.lines.count else { return .end }
                if index == startLine { running.muted = false }
                defer { index += 1 }
                return .line(lesson.lines[index])
            }
        } catch ShellError.lessonLeft {
            running.muted = false
            print("left the lesson; its layout stays for you to explore")
            return RunOutcome()
        }
    }

    /// `#: text` as wrapped prose; `#:# title` as a step heading.
    func narrate(_ line: String) {
        guard !running.muted else { return }
        if let title = Lesson.heading(line) {
            print("\n── \(title) ──")
        } else if let text = Lesson.narration(line) {
            print(Session.wrap(text, width: min(columns, 100)).joined(separator: "\n"))
        }
    }

    /// Lines of at most `width` display cells: broken at spaces, and anywhere in a run of text
    /// without spaces (Japanese) that is too wide.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard !text.isEmpty else { return [""] }
        var lines: [String] = []
        var current = "", currentWidth = 0
        func cells(_ c: Character) -> Int { View.displayCells(String(c)) }
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = View.displayCells(String(word))
            let gap = current.isEmpty ? 0 : 1
            if currentWidth + gap + wordWidth <= width {
                if gap == 1 { current += " " }
                current += word
                currentWidth += gap + wordWidth
                continue
            }
            // Japanese breaks between any two characters: fill the line rather than start one.
            let breaksAnywhere = wordWidth > word.count
            if wordWidth <= width && !breaksAnywhere {
                if !current.isEmpty { lines.append(current) }
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            // Too wide for a line of its own, or Japanese: fill the current line, then break by
            // characters.
            if gap == 1 && currentWidth + 1 < width { current += " "; currentWidth += 1 }
            for c in word {
                if currentWidth + cells(c) > width {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(c)
                currentWidth += cells(c)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// A line from the person at the terminal, or nil in batch (no terminal, or muted).
    /// - Throws: `ShellError.lessonLeft` on Ctrl-C.
    func askPerson(_ prompt: String) throws -> String? {
        guard !running.muted, let prompter else { return nil }
        switch prompter(prompt) {
        case let .line(text): return text
        // An answer pasted with a line break: its first line.
        case let .pasted(lines): return lines.first ?? ""
        case .interrupted: throw ShellError.lessonLeft
        case .end: throw ShellError.lessonLeft
        }
    }
}
