import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// The command table: one row per command and statement form, read by dispatch, help and
/// completion alike; usage written once per row.

struct Classified: CustomTestStringConvertible, Sendable {
    var statement: String
    var row: String
    var arguments: String
    var testDescription: String { statement }
}

let classified: [Classified] = [
    Classified(statement: "a.width == 10", row: "syntax", arguments: "a.width == 10"),
    Classified(statement: "c1: a.width == 10", row: "syntax", arguments: "c1: a.width == 10"),
    Classified(statement: "layout.width == 10", row: "syntax", arguments: "layout.width == 10"),
    // Not a word the quick test sees, but the lexer's second token is '.': the constraint row,
    // whose parser says what is wrong with it.
    Classified(statement: "\"a\".width == 10", row: "syntax", arguments: "\"a\".width == 10"),
    Classified(statement: "H:|[a]|", row: "vfl", arguments: "H:|[a]|"),
    Classified(statement: "row: V:|-[a]", row: "vfl", arguments: "row: V:|-[a]"),
    Classified(statement: "frame a", row: "frame", arguments: "a"),
    Classified(statement: "layoutIfNeeded", row: "layout", arguments: ""),
    Classified(statement: "load .hidden.strut", row: "load", arguments: ".hidden.strut"),
    Classified(statement: "save  \"my file.strut\"", row: "save", arguments: "\"my file.strut\""),
]

@Test(arguments: classified)
func aStatementIsClassifiedOnceIntoItsRow(_ c: Classified) throws {
    let (row, arguments) = try Commands.classify(c.statement)
    #expect(row.name == c.row)
    #expect(arguments.text == c.arguments)
    #expect(arguments.usage == row.usage)
}

@Test func anUnknownWordIsNoRowAndNamesTheClosestCommand() {
    #expect(throws: ShellError.unknownCommand("framez", suggestion: "frame")) { try Commands.classify("framez a") }
    #expect(throws: ShellError.unknownCommand("zzz", suggestion: nil)) { try Commands.classify("zzz") }
}

/// What the fuzz targets skip their state check for: exactly the statements `classify` refuses,
/// which a session refuses without reading its state.
@Test func understoodIsWhatClassifyAccepts() throws {
    let refused = ["framez a", "zzz", "", "   ", "42", "== 5", "\"a\" ==", "#comment", "a .", "(x)", "é.width == 1"]
    for statement in classified.map(\.statement) + refused {
        #expect(Session.understands(statement) == ((try? Commands.classify(statement)) != nil), "\(statement.debugDescription)")
    }
    #expect(Session.understands("new view a"))
    #expect(Session.understands("H:|[a]|"))
    #expect(!Session.understands("framez a"))
    #expect(!Session.understands("\"a"))  // an open quote: the lexer refuses it
    let session = Session(sink: BufferSink())
    for statement in refused {
        #expect(session.run(line: statement) == (statement.allSatisfy(\.isWhitespace) || statement.hasPrefix("#") ? .succeeded : .failed), "\(statement.debugDescription)")
    }
}

/// What the fuzz targets skip the commands that touch files by: the command the session runs
/// (`save挞x` is one word, no command, now that names take letters of any script).
@Test func aStatementsCommandIsNamedAsTheSessionFindsIt() {
    let cases: [(String, String?)] = [
        ("save挞x", nil), ("save 挞x", "save"), ("  save x.strut", "save"), ("save", "save"), ("record\u{301}x", nil),
        ("export/é.svg", "export"), ("layoutIfNeeded", "layout"), ("exit", "quit"), ("lessons", "lessons"),
        ("pause", "pause"), ("ask a.width", "ask"), ("lesson x", "lesson"), ("watch off", "watch"),
        ("load\tx", "load"), ("import x.xib", "import"), ("save.width == 3", "save"),
        ("a.width == 3", nil), ("c1: a.width == 3", nil), ("H:|[a]|", nil), ("savex", nil), ("zzz", nil), ("", nil),
    ]
    for (statement, name) in cases {
        #expect(Session.commandName(of: statement) == name, "\(statement.debugDescription)")
    }
}

@Test func everyRowHasOneNameAndAUsage() {
    let names = Commands.all.map(\.name) + Commands.all.flatMap(\.aliases)
    #expect(Set(names).count == names.count)
    #expect(Commands.all.allSatisfy { !$0.usage.isEmpty && !$0.summary.isEmpty })
    #expect(Commands.all.filter { $0.form != .word }.map(\.name) == ["syntax", "vfl"])
}

/// A syntax error ends with the usage of the row that reads it: the table's string, not a copy.
@Test(arguments: ["delete", "move a", "priority", "constant c1", "multiplier c1", "frame", "explain", "exercise", "record", "activate"])
func aSyntaxErrorEndsWithItsRowsUsage(_ line: String) {
    let (session, sink) = makeSession()
    let row = Commands.find(Commands.firstWord(line))!
    #expect(session.run(line: line) == .failed)
    #expect(sink.errors.hasSuffix("; usage: \(row.usage)\n"), "\(sink.errors)")
}

@Test func helpListsEveryRowOnceUnderItsGroup() {
    let text = HelpText.list()
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "Commands (help COMMAND for more; help syntax for constraints):")
    #expect(lines.filter { !$0.hasPrefix("  ") }.dropFirst() == ["Views:", "Constraints:", "Layout and queries:", "Diagnostics:", "Pictures:", "Lessons:", "Challenges:", "Files:", "Session:"])
    #expect(lines.count == 1 + Commands.groups.count + Commands.all.count)
    #expect(lines.contains("  NAME: ITEM.ATTR == ITEM.ATTR + C @P         add a constraint (help syntax)"))
    #expect(lines.contains("  set ...                                     change a view property"))
}

@Test func helpOnAStatementFormPrintsItsGrammar() throws {
    #expect(try HelpText.topic("syntax").hasPrefix("Constraints:\n  [NAME:] ITEM.ATTR RELATION [M *] ITEM.ATTR [(+|-) C] [@PRIORITY]\n"))
    #expect(try HelpText.topic("vfl").hasPrefix("Visual Format Language, as UIKit reads it:\n"))
    #expect(try HelpText.topic("exit").hasPrefix("Usage: quit\nleave strut\nAlso: exit"))
    #expect(throws: ShellError.unknownHelpTopic("sintax", suggestion: "syntax")) { try HelpText.topic("sintax") }
}

@Test func undoRemembersWhatTheRowSaysChanges() {
    let (session, sink) = makeSession()
    for line in ["a.height == 5", "frame a", "H:|[a]", "constraints a", "layout", "undo", "undo"] {
        _ = session.run(line: line)
    }
    // A layout pass is recorded but is no undo step: undo takes back the change before it.
    #expect(sink.output.hasSuffix("undone: H:|[a]\nundone: a.height == 5\n"))
}

@Test func completionOffersFileNamesAfterTheCommandsThatTakeOne() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["card.strut", "cards.log", ".hidden.strut", "other.xib"] {
        try "".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(atPath: folder + "/cases", withIntermediateDirectories: true)
    let (session, _) = makeSession()
    #expect(session.completions(before: "load \(folder)/ca") == ("\(folder)/ca", ["\(folder)/card.strut", "\(folder)/cards.log", "\(folder)/cases/"]))
    #expect(session.completions(before: "new view z; import \(folder)/card.").candidates == ["\(folder)/card.strut"])
    #expect(session.completions(before: "save \(folder)/").candidates == ["\(folder)/card.strut", "\(folder)/cards.log", "\(folder)/cases/", "\(folder)/other.xib"])
    #expect(session.completions(before: "export \(folder)/.h").candidates == ["\(folder)/.hidden.strut"])
    #expect(session.completions(before: "record \(folder)/nowhere/x").candidates == [])
    #expect(session.completions(before: "load \"\(folder)/ca").candidates == [])
    // Not a file: the view names as before.
    #expect(session.completions(before: "frame a").candidates == ["a"])
}

@Test func completionOffersCommandsButNotStatementTopics() {
    let (session, _) = makeSession()
    #expect(session.completions(before: "sy").candidates == [])
    #expect(session.completions(before: "V").candidates == ["V:"])
    #expect(session.completions(before: "re").candidates == ["record", "redo", "remake", "remove", "reset"])
    #expect(session.completions(before: "help sy").candidates == ["syntax"])
    #expect(session.completions(before: "a.width == 10 @h").candidates == ["high"])
}
