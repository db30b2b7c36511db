import Testing
import SwiftCode
import Foundation
@testable import Shell
import LayoutEngine

/// A session with a few views, for error tests.
func makeSession() -> (Session, BufferSink) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    for line in ["new view a", "new label t text=\"Hi\"", "new guide g in a", "a.width == 10", "layout"] {
        precondition(session.run(line: line) == .succeeded, line)
    }
    return (session, sink)
}

struct BadInput: CustomTestStringConvertible, Sendable {
    var line: String
    var message: String
    var testDescription: String { line }
    init(_ line: String, _ message: String) {
        self.line = line
        self.message = message
    }
}

let constraintUsage = "usage: [NAME:] ITEM.ATTR (==|<=|>=) [M *] ITEM.ATTR [(+|-) C] [@P]  or  [NAME:] ITEM.ATTR (==|<=|>=) C [@P]"

let badInputs: [BadInput] = [
    BadInput("frobnicate", "unknown command 'frobnicate'; type 'help' for the list"),
    BadInput("layuot", "unknown command 'layuot'; did you mean 'layout'?"),
    BadInput("new widget w", "unknown kind 'widget'; kinds: view label image button stack guide field switch slider segmented stepper spinner progress pageControl datePicker picker searchBar textView"),
    BadInput("new lable w", "unknown kind 'lable'; did you mean 'label'?"),
    BadInput("new textField w", "unknown kind 'textField'; did you mean 'field'?"),
    BadInput("new UIActivityIndicatorView w", "unknown kind 'UIActivityIndicatorView'; did you mean 'spinner'?"),
    BadInput("new segmentedControl w", "unknown kind 'segmentedControl'; did you mean 'segmented'?"),
    BadInput("new UITextView w", "unknown kind 'UITextView'; did you mean 'textView'?"),
    BadInput("new stackview w", "unknown kind 'stackview'; did you mean 'stack'?"),
    BadInput("new view a", "a view named 'a' already exists; pick another name"),
    BadInput("new view super", "'super' is reserved; pick another name"),
    BadInput("new view b in nowhere", "no view named 'nowhere'"),
    BadInput("new view b in g", "'g' is a layout guide and cannot have subviews"),
    BadInput("new label x text=\"open", "unterminated string starting at column 18"),
    BadInput("new label x text=\"a\\tb\"", "unknown escape '\\t' at column 20 (strings take \\\", \\\\ and \\n)"),
    BadInput("set a.borderStyle = dotted", "unknown border style 'dotted'; one of none line bezel roundedRect"),
    BadInput("set a.colour = 1", "unknown property 'colour'; properties: text font fontName weight italic adjustsFont contentInsets configuration image lines lineBreakMode preferredMaxLayoutWidth intrinsic hugging.h hugging.v compression.h compression.v frame autoresizing mask margins alignmentInsets hidden axis spacing spacingAfter scrollEnabled borderStyle segments apportionsSegmentWidthsByContent style distribution alignment marginsRelative baselineRelative class ibID directionalMargins insetsLayoutMarginsFromSafeArea preservesSuperviewLayoutMargins semanticContentAttribute additionalSafeAreaInsets"),
    BadInput("set a.width = 10", "unknown property 'width': width is an attribute; constrain it (VIEW.width == C) or set VIEW.frame"),
    BadInput("new label t2 top=5", "unknown property 'top': top is an attribute; constrain it (VIEW.top == C) or set VIEW.frame"),
    BadInput("set a.fnot = 1", "unknown property 'fnot'; did you mean 'font'?"),
    BadInput("set a.text = \"x\"", "'text' does not apply to 'a' (a view)"),
    BadInput("set t.font = -3", "'-3' is not a valid font: expected a size in points greater than 0"),
    BadInput("set t.font = 1e11", "font size 100000000000 is beyond ±1e10, the largest UIKit accepts"),
    BadInput("set a.hugging.h = 0", "priority 0 is out of range: priorities must be greater than 0 and at most 1000 (or required, high, low, fitting)"),
    BadInput("set root.mask = none", "root's 'mask' is fixed; root takes only frame and margins"),
    BadInput("set a.frame = 1 2", "expected X Y W H, found the end of the line; usage: set NAME.PROP = VALUE ('help set' lists the properties)"),
    BadInput("set a.font = headline bold", "unexpected 'bold' at column 23; usage: set NAME.PROP = VALUE ('help set' lists the properties)"),
    BadInput("a.width = 3", "'=' is not a relation; use '==', '<=' or '>='"),
    BadInput("a.widht == 3", "unknown attribute 'widht'; did you mean 'width'?"),
    BadInput("a.width == q.width", "no view named 'q'"),
    BadInput("a.left == 3", "'a.left' cannot equal a constant: location attributes must be specified in pairs (e.g. 'a.left == super.left + 8')"),
    BadInput("a.left == root.width", "invalid pairing of layout attributes: 'a.left' and 'root.width' (a location needs a location on the same axis, a size a size)"),
    BadInput("a.top == root.left", "invalid pairing of layout attributes: 'a.top' and 'root.left' (a location needs a location on the same axis, a size a size)"),
    BadInput("a.leading == root.right", "a constraint cannot be made between a leading/trailing attribute and a right/left attribute ('a.leading', 'root.right'): use leading/trailing for both or neither"),
    BadInput("g.lastBaseline == a.top", "layout guide 'g' has no 'lastBaseline' (guides have edges, centers and sizes only)"),
    BadInput("a.width == nan", "'nan' is not a finite number"),
    BadInput("a.width == inf", "'inf' is not a finite number"),
    BadInput("a.width == 1e999", "number '1e999' is too large"),
    BadInput("a.width == 1e11", "constant 100000000000 is beyond ±1e10, the largest UIKit accepts"),
    BadInput("a.width == 12px", "malformed number '12px' at column 12"),
    BadInput("a.width == 10 @1001", "priority 1001 is out of range: priorities must be greater than 0 and at most 1000 (or required, high, low, fitting)"),
    BadInput("a.width == 10 @", "expected a priority (a number in (0, 1000] or required, high, low, fitting), found the end of the line; " + constraintUsage),
    BadInput("a.width ==", "expected an item (VIEW.ATTRIBUTE), found the end of the line; " + constraintUsage),
    BadInput("a.width", "expected a relation ('==', '<=' or '>='), found the end of the line; " + constraintUsage),
    BadInput("a.width == 10 10", "unexpected '10' at column 15; " + constraintUsage),
    BadInput("root.top == super.top", "'super' of 'root': 'root' has no superview"),
    BadInput("c1: a.height == 1", "a constraint named 'c1' already exists; pick another name"),
    BadInput("delete root", "cannot delete 'root': it is the window's root view (use reset to start over)"),
    BadInput("move a to g", "cannot move 'a' into 'g': 'g' is inside 'a'"),
    BadInput("move t to g", "'g' is a layout guide and cannot have subviews"),
    BadInput("move root to a", "cannot move 'root': it has no superview"),
    BadInput("activate c9", "no constraint named 'c9'"),
    BadInput("deactivate t.hugging.h", "'t.hugging.h' is made by the system; change it with 'set t.hugging.h = P' (or the view's intrinsic size)"),
    BadInput("priority c1 2000", "priority 2000 is out of range: priorities must be greater than 0 and at most 1000 (or required, high, low, fitting)"),
    BadInput("constant c1 x", "expected a constant, found 'x'; usage: constant NAME C"),
    BadInput("constant c1 2e10", "constant 20000000000 is beyond ±1e10, the largest UIKit accepts"),
    BadInput("multiplier c1 2", "cannot change the multiplier of 'c1': a multiplier is read-only in UIKit; make a second constraint with the new multiplier and keep one of the two active at a time (deactivate c1; activate OTHER)"),
    BadInput("frame", "expected a view name, found the end of the line; usage: frame NAME"),
    BadInput("show zz", "no view named 'zz'"),
    BadInput("exercise root", "'root' is not ambiguous: its frame is the same in every optimal layout"),
    BadInput("load /nonexistent/x.strut", "cannot read '/nonexistent/x.strut': no such file"),
    BadInput("load /", "cannot read '/': it is a directory"),
    BadInput("help nothing", "no help for 'nothing'; type 'help' for the list"),
    BadInput("expect a.width == 11", "expect failed: a.width == 11, but it is 10"),
    BadInput("expect violated c1", "expect failed: c1 violated, but it is satisfied"),
    BadInput("redo", "nothing to redo"),
    // Echoed as typed, whatever the number: no 'inf' for 1e308, the sign kept, one
    // message for nan and inf wherever a number goes, a huge number cut.
    BadInput("a.width == 1e308", "constant 1e+308 is beyond ±1e10, the largest UIKit accepts"),
    BadInput("constant c1 1e308", "constant 1e+308 is beyond ±1e10, the largest UIKit accepts"),
    BadInput("a.width == -inf", "'-inf' is not a finite number"),
    BadInput("a.width == root.width + Infinity", "'Infinity' is not a finite number"),
    BadInput("a.width == 2 * NaN", "'NaN' is not a finite number"),
    BadInput("constant c1 nan", "'nan' is not a finite number"),
    BadInput("constant c1 -inf", "'-inf' is not a finite number"),
    BadInput("priority c1 nan", "'nan' is not a finite number"),
    BadInput("a.width == 10 @inf", "'inf' is not a finite number"),
    BadInput("a.width == 10 @1e308", "priority 1e+308 is out of range: priorities must be greater than 0 and at most 1000 (or required, high, low, fitting)"),
    BadInput("a.width == " + String(repeating: "9", count: 100_000),
             "number '" + String(repeating: "9", count: 39) + "…(100002 characters) is too large"),
    // Control characters never reach the terminal raw; a NUL does not end the message.
    BadInput("new view a\u{1B}[2J", "unexpected character '\\u{1B}' at column 11"),
    BadInput("new view \u{0}x", "unexpected character '\\u{0}' at column 10"),
    // Invisible characters that hide or reorder text are shown escaped too.
    BadInput("new view \u{FEFF}a", "unexpected character '\\u{FEFF}' at column 10"),
    BadInput("new view a\u{202E}b", "unexpected character '\\u{202E}' at column 11"),
    BadInput("new view a\u{200B}", "unexpected character '\\u{200B}' at column 11"),
    BadInput("lesson from 2", "expected a lesson's name or a file, found 'from'; usage: lesson NAME|FILE [from S] [keep] [lang L]"),
    // Quotes a notes app curled on the way.
    BadInput("new label t text=“Hi”", "unexpected character '“' at column 18 (strings take straight quotes: \")"),
    BadInput("new label t text=„Hi“", "unexpected character '„' at column 18 (strings take straight quotes: \")"),
    BadInput("set t.text = \"Hi”", "unterminated string starting at column 14"),
    BadInput("new label t text='Hi'", "unexpected character \"'\" at column 18"),
]

@Test(arguments: badInputs)
func badInputGetsOneClearLineAndChangesNothing(_ input: BadInput) throws {
    let (session, sink) = makeSession()
    let before = StateDump.json(session.engine)
    #expect(session.run(line: input.line) == .failed)
    #expect(sink.errors == "error: \(input.message)\n")
    #expect(StateDump.json(session.engine) == before)
}

@Test func aScriptErrorLeadsWithItsLocation() {
    let (session, sink) = makeSession()
    #expect(session.run(line: "a.left == 3", location: "lesson.strut:12") == .failed)
    #expect(sink.errors.hasPrefix("lesson.strut:12: error: 'a.left' cannot equal a constant"))
}

@Test func statementsCommentsAndStrings() {
    #expect(Lexer.statements("a; b # c; d") == ["a", "b"])
    #expect(Lexer.statements("new label x text=\"a; b # c\"; show") == ["new label x text=\"a; b # c\"", "show"])
    #expect(Lexer.statements("   # only a comment") == [])
}

/// The byte-level splitting of lines, first word and row say what the same rules read
/// character by character say (`CharacterOracle`), on random lines made of the characters that
/// matter (quotes, escapes, separators, comments, every ASCII space, a return before a line
/// feed) with characters that join the one before them put in (a combining accent makes `a` +
/// U+0301 one character that is no ASCII letter).
@Test func byteLevelSplittingAndWordsAgreeWithCharacters() {
    var rng = SystemRandomNumberGenerator()
    let pieces = ["a", "b7", "_x", ";", "#", "\"", "\\", " ", "\t", "\r", "\n", "\r\n", "\u{0B}", "\u{0C}", "=", ".", ":"]
    let joining = ["\u{301}", "é", "\u{200D}", "\u{00A0}", "\u{3000}"]
    for round in 0..<3000 {
        let count = Int.random(in: 0...14, using: &rng)
        var line = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
        if round % 2 == 0, !line.isEmpty {
            let at = line.index(line.startIndex, offsetBy: Int.random(in: 0...line.count, using: &rng))
            line.insert(contentsOf: joining.randomElement(using: &rng)!, at: at)
        }
        #expect(Lexer.statements(line) == CharacterOracle.statements(line), "\(line.debugDescription)")
        #expect(Commands.firstWord(line) == CharacterOracle.firstWord(line), "\(line.debugDescription)")
    }
    #expect(Commands.firstWord("new\u{301} view") == "new\u{301}")
    #expect(Lexer.statements("a;\u{301} b") == ["a;\u{301} b"])
    // Which row runs a statement, with what text at what column.
    let words = ["new", "show", "H", "V", "a", "b1", ":", ".", "|", "-", "[", "]", " ", "\t", "\r\n", "view", "==", "#",
                 "é", "\u{301}", "frame"]
    for _ in 0..<3000 {
        let statement = (0..<Int.random(in: 0...8, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined()
        let bytes = Result { try Commands.row(for: statement).map { ($0.0.name, $0.1.text, $0.1.column) } }
        let characters = Result { try CharacterOracle.row(for: statement) }
        let describe = { (result: Result<(String, String, Int)?, Error>) -> String in
            switch result {
            case let .success(row?): "\(row.0) \(row.1.debugDescription) \(row.2)"
            case .success(nil): "none"
            case let .failure(error): "\(error)"
            }
        }
        #expect(describe(bytes) == describe(characters), "\(statement.debugDescription)")
    }
}

@Test func numbersAreDecimalWithSignFractionAndExponent() throws {
    let (session, _) = makeSession()
    for (text, width) in [("12", 12.0), ("12.5", 12.5), ("1e2", 100), ("2.5E-1", 0.25), ("+7", 7)] {
        #expect(session.run(line: "reset; new view v; v.width == \(text); v.height == 1; v.left == root.left; v.top == root.top; layout") == .succeeded)
        // Read outside #expect: with Swift 6.3.1, an optional chain through the engine's class
        // properties inside #expect left a dangling exclusivity record (a crash on the next access).
        let actual = session.engine.hierarchy.view(named: "v")?.frame.width
        #expect(actual == width)
    }
}

@Test func equationFormsGiveTheSameConstraint() throws {
    let forms = ["b.width == 0.5 * a.width + 4", "b.width == a.width * 0.5 + 4", "b.width == a.width / 2 + 4",
                 "b.width == a.width / 2 - -4"]
    for form in forms {
        let (session, sink) = makeSession()
        #expect(session.run(line: "new view b; \(form); b.height == 1; b.left == root.left; b.top == root.top; layout") == .succeeded, "\(form): \(sink.errors)")
        let width = session.engine.hierarchy.view(named: "b")?.frame.width  // outside #expect (see above)
        #expect(width == 9)
    }
}

@Test func priorityKeywords() throws {
    let (session, _) = makeSession()
    for (word, value) in [("required", LayoutPriority(1000)), ("high", 750), ("low", 250), ("fitting", 50)] {
        #expect(session.run(line: "k_\(word): a.height == 1 @\(word)") == .succeeded)
        let priority = session.engine.hierarchy.constraint(named: "k_\(word)")?.priority  // outside #expect (see above)
        #expect(priority == value)
    }
}

@Test func saveThenLoadInAFreshSessionGivesAnIdenticalDump() throws {
    installSwiftReader()  // an example pastes Swift at the prompt
    let directory = "/tmp/strut-tests-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")
    let scripts = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".strut") }.sorted()
    #expect(scripts.count == 10)
    for script in scripts {
        let first = Session(sink: BufferSink())
        #expect(first.run(line: "load \(examples.path)/\(script)") == .succeeded)
        // Leave something inactive and some state pending as well.
        #expect(first.run(line: "saved: root.width == root.width @1; deactivate saved; save \(directory)/\(script)") == .succeeded)
        let second = Session(sink: BufferSink())
        #expect(second.run(line: "load \(directory)/\(script)") == .succeeded)
        #expect(StateDump.json(second.engine) == StateDump.json(first.engine), "\(script)")
    }
}

@Test func completionKnowsTheContext() {
    let (session, _) = makeSession()
    #expect(session.completions(before: "lay").candidates == ["layout", "layoutIfNeeded"])
    #expect(session.completions(before: "a.wi").candidates == ["a.width"])
    #expect(session.completions(before: "set t.hu").candidates == ["t.hugging.h", "t.hugging.v"])
    #expect(session.completions(before: "set t").candidates == ["t."])
    // UIKit's names of properties, when none of the shell's fits.
    #expect(session.completions(before: "set t.numberOf").candidates == ["t.numberOfLines"])
    #expect(session.completions(before: "set t.li").candidates == ["t.lineBreakMode", "t.lines"])
    #expect(session.completions(before: "new label x text=\"Hi\" numb").candidates == ["numberOfLines="])
    #expect(session.completions(before: "new label x ti").candidates == ["title="])
    #expect(session.completions(before: "new label x i").candidates == ["ibID=", "image=", "in", "insetsLayoutMarginsFromSafeArea=", "intrinsic=", "italic="])
    #expect(session.completions(before: "activate c").candidates == ["c1"])
    #expect(session.completions(before: "frame ").candidates == ["a", "g", "root", "t"])
    #expect(session.completions(before: "new l").candidates == ["label"])
    #expect(session.completions(before: "a.width == t.he").candidates == ["t.height"])
    #expect(session.completions(before: "help und").candidates == ["undo"])
    #expect(session.completions(before: "priority c1 ").candidates == ["fitting", "high", "low", "required"])
    #expect(session.completions(before: "a.width == 3 @h").candidates == ["high"])
}

@Test func undoAndRedoWalkTheHistory() {
    let (session, sink) = makeSession()
    let start = StateDump.json(session.engine)
    #expect(session.run(line: "constant c1 50; layout") == .succeeded)
    let changed = StateDump.json(session.engine)
    // The layout pass is no undo step of its own: one undo takes the change and its pass back.
    #expect(session.run(line: "undo") == .succeeded)
    #expect(StateDump.json(session.engine) == start)
    #expect(session.run(line: "redo") == .succeeded)
    #expect(StateDump.json(session.engine) == changed)
    #expect(sink.output.hasSuffix("undone: constant c1 50\nredone: constant c1 50\n"))
}

/// The lexer gives the tokens, or the error, that the same rules read character by character
/// give (`CharacterOracle`), on random statements made of the pieces that matter (names,
/// numbers with points and exponents, strings with escapes, two-character symbols, stray
/// characters, letters and digits of other scripts, joining marks, returns).
@Test func theLexerAgreesWithTheCharacterRules() throws {
    let pieces = ["a", "b2", "_x", "width", " ", "\t", "1", "20", "3.5", "4.", ".5", "1e3", "2E-2", "7e", "8e+", "9x", "1.2.3", "12_",
                  "\"", "\"hi\"", "\\", "\\n", "\\\"", "\\q", "=", "==", "<=", ">=", "<", ">", "*", "/", "+", "-", "@", ":", ".",
                  "|", "(", ")", ",", "[", "]", "!", "?", "$", "%", "~", "`", "{", "}", "'", "^", "&", "1e400", "0.0000001",
                  "é", "\u{301}", "\u{200D}", "٣", "日本", "\r", "\r\n", "\u{00A0}", "“", "👨‍👩‍👧"]
    var generator = SystemRandomNumberGenerator()
    func lex(_ body: () throws -> [Token]) -> Result<[Token], ShellError> {
        do { return .success(try body()) } catch let error as ShellError { return .failure(error) } catch { return .failure(.syntax("\(error)", usage: nil)) }
    }
    for _ in 0..<20_000 {
        let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        let offset = Int.random(in: 0...3, using: &generator)
        let characters = lex { try CharacterOracle.tokens(text, columnOffset: offset) }
        let bytes = lex { try Lexer.tokens(text, columnOffset: offset) }
        #expect(characters == bytes, "\(text.debugDescription)")
    }
    // Columns count characters.
    #expect(throws: ShellError.unexpectedCharacter("★", column: 1)) { try Lexer.tokens("★.width == 5") }
    #expect(try Lexer.tokens("é.width == 5").map(\.column) == [1, 2, 3, 9, 12])
    #expect(try Lexer.tokens("t.text = \"café\" 3").map(\.column) == [1, 2, 3, 8, 10, 17])
}

@Test func shownTextsKeepJoinersAndEscapeWhatHidesOrReorders() {
    let (session, sink) = makeSession()
    #expect(session.run(line: "new label fam text=\"👨‍👩‍👧 ok\"; new label evil text=\"abc\u{202E}fed\"; show fam; show evil") == .succeeded)
    #expect(sink.output.contains("fam label \"👨‍👩‍👧 ok\" ("))
    #expect(sink.output.contains("evil label \"abc\\u{202E}fed\" ("))
}
