import Foundation
import LayoutEngine

/// A challenge: a goal to reach with constraints of the learner's own, graded by laying them out
/// beside a model solution at several sizes and contents. Its file is a strut script whose
/// plain lines build the starting point, with directives:
///
///     #:# title                  #: the goal, in prose (a paragraph per run of lines)
///     #grade NAME...             the views whose frames are compared (all when absent)
///     #vary STATEMENTS           another check: these run after the learner's constraints
///                                (and after the model's), e.g. a narrower screen, longer text
///     #hint TEXT                 the hints, in the order 'hint' gives them
///     #solution STATEMENTS       a model solution, line by line
struct Challenge {
    var name: String
    var title: String
    var goal: [String] = []
    var setup: [String] = []
    var graded: [String] = []
    /// Each check's statements; the first check is the starting point as it is (none).
    var variants: [String] = [""]
    var hints: [String] = []
    var solution: [String] = []

    init(name: String, text: String) {
        self.name = name
        title = name
        var titled = false
        for line in Lesson.joiningParagraphs(Session.lines(of: text)) {
            let trimmed = line.trimmingWhitespace()
            if let heading = Lesson.heading(trimmed) {
                if !titled { title = heading; titled = true }
            } else if let prose = Lesson.narration(trimmed) {
                goal.append(prose)
            } else if let rest = Challenge.directive("#grade", trimmed) {
                graded += rest.split(separator: " ").map(String.init)
            } else if let rest = Challenge.directive("#vary", trimmed) {
                variants.append(rest)
            } else if let rest = Challenge.directive("#hint", trimmed) {
                hints.append(rest)
            } else if let rest = Challenge.directive("#solution", trimmed) {
                solution.append(rest)
            } else if !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                setup.append(trimmed)
            }
        }
    }

    /// The text after `#word ` (nil for any other line).
    static func directive(_ word: String, _ line: String) -> String? {
        guard line.hasPrefix(word + " ") else { return nil }
        return String(line.dropFirst(word.count + 1)).trimmingWhitespace()
    }
}

/// The built-in challenges: `Challenges/LANG/NAME.strut` among the package's resources.
enum ChallengeLibrary {
    /// In teaching order.
    static let names = ["pin-card", "ambiguous-pair", "repair-conflict", "stack-row", "recipients",
                        "columns", "switched-widths", "self-sizing", "dynamic-type"]

    static func text(_ name: String, language: String) -> String? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "strut", subdirectory: "Challenges/\(language)") else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}

/// Which challenges the learner has solved: one name a line, in a small file in the user's data
/// folder (`STRUT_DATA_HOME`, else `XDG_DATA_HOME/strut`, else `~/.local/share/strut`; on macOS
/// `~/Library/Application Support/strut`).
enum ChallengeProgress {
    static func defaultPath() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["STRUT_DATA_HOME"], !folder.isEmpty { return folder + "/progress" }
        #if os(macOS)
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/Library/Application Support/strut/progress"
        #else
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/strut/progress" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/strut/progress"
        #endif
    }

    /// The names solved, as the file says (none when it is missing or unreadable).
    static func solved(at path: String?) -> Set<String> {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty })
    }

    /// Adds a name to the file (its folder made when missing).
    static func record(_ name: String, at path: String) throws {
        var names = solved(at: path)
        guard names.insert(name).inserted else { return }
        let folder = PathName.folder(of: path)
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try FileWriter.replace(path, with: names.sorted().map { $0 + "\n" }.joined())
    }
}
