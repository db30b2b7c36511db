import Foundation
import LayoutEngine

/// Tab completion that knows the context: commands, view names, constraint names, attributes
/// after `VIEW.`, property names after `set VIEW.`, file names after the commands that take one.
extension Session {
    /// - Parameter before: the line's text left of the cursor.
    /// - Returns: the word being completed and the full words that could replace it, sorted.
    public func completions(before: String) -> (word: String, candidates: [String]) {
        let h = engine.hierarchy
        let statement = String(before.split(separator: ";", omittingEmptySubsequences: false).last ?? "")
        let word = String(statement.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }.reversed())
        let head = String(statement.dropLast(word.count))
        let earlier = head.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let views = h.viewNames
        let constraints = h.allConstraints.map(\.constraint.name)

        func matching(_ options: [String]) -> (String, [String]) {
            (word, Array(Set(options.filter { $0.hasPrefix(word) })).sorted())
        }
        // Property names as `spelled` writes them: the shell's, or UIKit's when none of the
        // shell's fits what was typed (`numberOf`).
        func matchingProperties(_ spelled: (String) -> String) -> (String, [String]) {
            let shell = matching(ViewProperty.names.map(spelled))
            return shell.1.isEmpty ? matching(ViewProperty.uikitNames.keys.map(spelled)) : shell
        }

        // A file name, dots, slashes and all.
        if let first = earlier.first, let command = Commands.find(first), !command.arguments.isEmpty,
           case .file = command.arguments[min(earlier.count - 1, command.arguments.count - 1)] {
            return Session.fileCompletions(statement)
        }

        // VIEW.partial: attributes (or, after `set`, properties).
        if let dot = word.lastIndex(of: ".") {
            let base = String(word[..<dot])
            if earlier.first == "set" && earlier.count == 1, h.view(named: base) != nil {
                return matchingProperties { "\(base).\($0)" }
            }
            if earlier.first == "expect", h.view(named: base) != nil {
                return matching((["frame", "x", "y"] + LayoutAttribute.userAttributes.map(\.name)).map { "\(base).\($0)" })
            }
            if h.view(named: base) != nil || base == "super" {
                return matching(LayoutAttribute.userAttributes.map { "\(base).\($0.name)" } + constraints.filter { $0.hasPrefix(base + ".") })
            }
            return matching(constraints)
        }
        guard let first = earlier.first else {
            let words = Commands.all.flatMap { $0.form == .word ? [$0.name] + $0.aliases : $0.prefixes }
            return matching(words + views.map { $0 + "." })
        }
        if let command = Commands.find(first), !first.hasSuffix(":") {
            if command.name == "set" && earlier.count == 1 { return matching(views.map { $0 + "." } + ["autolayout", "canvas"]) }
            if command.name == "expect" && earlier.count == 1 {
                return matching(views.map { $0 + "." } + ["ambiguous", "unambiguous", "broken", "violated", "satisfied", "inactive"])
            }
            if command.name == "expect" {
                return matching(["ambiguous", "unambiguous"].contains(earlier[1]) ? views : constraints)
            }
            if command.name == "new" && earlier.count >= 3 {
                if earlier.count == 3 && "in".hasPrefix(word) { return matching(["in"] + ViewProperty.names.map { $0 + "=" }) }
                if earlier[earlier.count - 1] == "in" { return matching(views) }
                return matchingProperties { $0 + "=" }
            }
            guard !command.arguments.isEmpty else { return (word, []) }
            let kind = command.arguments[min(earlier.count - 1, command.arguments.count - 1)]
            switch kind {
            case .view: return matching(views)
            case .constraint: return matching(constraints)
            case .kind: return matching(Commands.kindWords)
            case .command: return matching(Commands.all.map(\.name))
            case .file: return Session.fileCompletions(statement)  // (taken above)
            case let .word(options): return matching(options)
            }
        }
        // Inside a constraint: items on the right, then priorities after '@'.
        if head.hasSuffix("@") || head.hasSuffix("@ ") { return matching(LayoutPriority.keywords.map(\.word)) }
        return matching(views.map { $0 + "." } + ["super."])
    }

    /// A bare file name being typed (after the last space): the names in its folder that start
    /// as what follows its last `/`, a folder's with a `/` after it, names starting with `.`
    /// only when that does too; a `~` first is the home folder, kept as typed.
    static func fileCompletions(_ statement: String) -> (word: String, candidates: [String]) {
        let word = String(statement.reversed().prefix { $0 != " " && $0 != "\t" }.reversed())
        guard !word.hasPrefix("\"") else { return (word, []) }
        let slash = word.lastIndex(of: "/")
        let typedFolder = slash.map { String(word[...$0]) } ?? ""
        let start = slash.map { String(word[word.index(after: $0)...]) } ?? word
        let folder = typedFolder.isEmpty ? "." : PathName.expandingHome(typedFolder, home: PathName.home)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return (word, []) }
        var candidates: [String] = []
        for name in names where name.hasPrefix(start) && (start.hasPrefix(".") || !name.hasPrefix(".")) {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: PathName.joined(folder, name), isDirectory: &isFolder)
            candidates.append(typedFolder + name + (isFolder.boolValue ? "/" : ""))
        }
        return (word, candidates.sorted())
    }
}
