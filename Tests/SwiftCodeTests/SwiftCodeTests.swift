import Testing
import Foundation
@testable import SwiftCode
@testable import Shell
import LayoutEngine

/// A card view as developers write it: a lazy label, a stored width constraint toggled later,
/// anchors to the margins and the safe area, a helper method, and a line strut cannot follow.
let cardSource = """
import UIKit

final class CardView: UIView {
    private lazy var titleLabel: UILabel = {
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = "Hello"
        return label
    }()
    private let badge = UIView()
    private var badgeWidthConstraint: NSLayoutConstraint!

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        setUp()
    }

    private func setUp() {
        addSubview(titleLabel)
        addSubview(badge)
        badge.translatesAutoresizingMaskIntoConstraints = false
        badgeWidthConstraint = badge.widthAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([
            titleLabel.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 12),
            titleLabel.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor), badge.heightAnchor.constraint(equalToConstant: 20),
            badge.leadingAnchor.constraint(equalTo: titleLabel.trailingAnchor, constant: 2 * 4),
            badge.centerYAnchor.constraint(equalTo: titleLabel.centerYAnchor),
        ])
        badgeWidthConstraint.isActive = true
        configure(with: model)
    }
}
"""

/// Runs Swift source on a fresh engine laid out as an iPhone 15 with the fixed text metric.
func run(_ source: String, file: String = "View.swift", device: String = "iPhone 15") throws -> (CodeLayout, LayoutEngine) {
    let engine = LayoutEngine()
    try engine.setDevice(device)
    try engine.setTextMetric(.fixed)
    let layout = try CodeReader.run([(source: source, file: file)], stem: String(file.dropLast(6)), into: engine)
    engine.layoutIfNeeded()
    return (layout, engine)
}

func frame(_ engine: LayoutEngine, _ view: String) -> [Double] {
    let f = engine.hierarchy.view(named: view)!.frame
    return [f.x, f.y, f.width, f.height].map { ($0 * 1000).rounded() / 1000 }
}

/// Constraint names in the order made, with their texts as strut prints them.
func constraints(_ engine: LayoutEngine, activeOnly: Bool = true) -> [String] {
    let sources = engine.hierarchy.codeSources.constraints
    return sources.keys.sorted { (sources[$0]!.line, sources[$0]!.column, $0) < (sources[$1]!.line, sources[$1]!.column, $1) }
        .compactMap { name in
            guard let c = engine.hierarchy.constraint(named: name), !activeOnly || c.isActive else { return nil }
            return "\(name): \(engine.hierarchy.text(of: c))"
        }
}

func skipped(_ layout: CodeLayout) -> [String] { layout.skipped.map { "\($0.location.line) \($0.reason)" } }

@Test func swiftLayoutCodeBuildsItsViewsAndConstraintsNamedAfterItsLines() throws {
    let (layout, engine) = try run(cardSource, file: "CardView.swift")
    #expect(layout.typeName == "CardView")
    #expect(layout.views == ["titleLabel", "badge"])
    #expect(constraints(engine) == [
        "badgeWidthConstraint: badge.width == 40",
        "CardView.swift:25: titleLabel.top == root.safeAreaLayoutGuide.top + 12",
        "CardView.swift:26: titleLabel.leading == root.layoutMarginsGuide.leading",
        "CardView.swift:26.2: badge.height == 20",
        "CardView.swift:27: badge.leading == titleLabel.trailing + 8",
        "CardView.swift:28: badge.centerY == titleLabel.centerY",
    ])
    // Where each call that makes a constraint starts: the `constraint(` of the anchor.
    #expect(engine.hierarchy.codeSources.constraints["CardView.swift:25"] == SourceRef(file: "CardView.swift", line: 25, column: 34))
    #expect(engine.hierarchy.codeSources.constraints["badgeWidthConstraint"] == SourceRef(file: "CardView.swift", line: 23, column: 50))
    #expect(skipped(layout) == ["31 `configure(…)`: a function outside the files read"])
    // Safe area 59 on an iPhone 15, margins 16; "Hello" 42.5 × 20.4 by the fixed metric, on 3× pixels.
    #expect(frame(engine, "titleLabel") == [16, 71, 42.667, 20.333])
    #expect(frame(engine, "badge") == [66.667, 71.333, 40, 20])
}

@Test func importingSwiftLaysItOutOnTheDevice() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strut-swift-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("CardView.swift").path
    try cardSource.write(toFile: path, atomically: true, encoding: .utf8)
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "set device = \"iPhone 15\"") == .succeeded)
    #expect(session.run(line: "set textMetric = fixed") == .succeeded)
    #expect(session.run(line: "import \(path)") == .succeeded)
    #expect(sink.output.contains("imported CardView.swift: CardView: 2 views (titleLabel, badge), 6 constraints\n"))
    #expect(sink.output.contains("skipped CardView.swift:31 `configure(with: model)`: `configure(…)`: a function outside the files read\n"))
    // dump says where the code made each view and constraint, and what it left out.
    let dump = StateDump.json(session.engine)
    #expect(dump.contains(#""name": "badgeWidthConstraint", "text": "badge.width == 40", "priority": 1000, "origin": "user", "active": true, "state": "satisfied", "error": 0, "source": {"file": "CardView.swift", "line": 23, "column": 50}}"#))
    #expect(dump.contains("\"skipped\": [\n    {\"file\": \"CardView.swift\", \"line\": 31, \"reason\": \"`configure(…)`: a function outside the files read\"}\n  ]"))
    #expect(session.run(line: "deactivate badgeWidthConstraint") == .succeeded)
    // A file that is no layout code is refused with one line, and nothing changes.
    let empty = folder.appendingPathComponent("Model.swift").path
    try "struct Model { var name: String }".write(toFile: empty, atomically: true, encoding: .utf8)
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "import \(empty)") == .failed)
    #expect(sink.errors.hasSuffix("cannot import Model.swift: no UIView or UIViewController subclass in it: strut runs the layout code of one\n"))
    // A syntax error: swift-syntax's message at its line and column.
    let broken = folder.appendingPathComponent("Broken.swift").path
    try "import UIKit\nclass Broken: UIView {\n    func f() { let x = (1 + }\n}\n".write(toFile: broken, atomically: true, encoding: .utf8)
    #expect(session.run(line: "import \(broken)") == .failed)
    #expect(sink.errors.hasSuffix("cannot import Broken.swift: Broken.swift:3:29: expected an expression\n"))
    #expect(StateDump.json(session.engine) == before)
}

let codeFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/code")

/// A real view controller (Programming iOS, new anchor methods): three views against the safe
/// area and each other; `anchorWithOffset(to:)` is not followed yet, and said.
@Test(.enabled(if: FileManager.default.fileExists(atPath: codeFixtures.path), "../shared/fixtures/code is absent"))
func aRealViewControllersAnchorsLandOnTheDevice() throws {
    let file = codeFixtures.appendingPathComponent("swift-anchors/Programming-iOS-Book-Examples-bk2ch01p031newAnchorMethods-ViewController.swift")
    let (layout, engine) = try run(try String(contentsOf: file, encoding: .utf8), file: "ViewController.swift")
    #expect(layout.views == ["v1", "v2", "v3"])
    #expect(layout.skipped.map(\.location.line) == [52])
    // v1 at the safe area's top left; v2 10 lower, system spacing (8) after it.
    #expect(frame(engine, "v1") == [0, 59, 70, 70])
    #expect(frame(engine, "v2") == [78, 69, 70, 70])
}

/// The text without its comments (`//` to the line's end, `/* … */`), line breaks kept, strings
/// left whole: what the plain scans of the tests read.
func withoutComments(_ source: String) -> String {
    var text = ""
    var k = source.startIndex
    var inBlock = false
    var inString = false
    while k < source.endIndex {
        let rest = source[k...]
        if inBlock {
            if rest.hasPrefix("*/") { inBlock = false; k = source.index(k, offsetBy: 2); continue }
            if source[k] == "\n" { text.append("\n") }
        } else if !inString && rest.hasPrefix("/*") {
            inBlock = true
            k = source.index(k, offsetBy: 2)
            continue
        } else if !inString && rest.hasPrefix("//") {
            while k < source.endIndex && source[k] != "\n" { k = source.index(after: k) }
            continue
        } else {
            if source[k] == "\"" { inString.toggle() }
            if source[k] == "\n" { inString = false }
            text.append(source[k])
        }
        k = source.index(after: k)
    }
    return text
}

/// The lines of a Swift file where a call makes constraints, found by a plain scan of the text
/// (comments removed): an anchor's `constraint(equalTo…` and Swift 2's `constraintEqualToAnchor(`,
/// `NSLayoutConstraint(item:`, `constraints(withVisualFormat:`, and each SnapKit line's relation
/// (`make.top.equalTo(`, `$0.edges.equalToSuperview(`), counted at the line of its `make`.
func scannedConstraintLines(_ source: String) -> Set<Int> {
    let text = withoutComments(source)
    let patterns = [
        #"\.constraint\(\s*(equalTo|greaterThanOrEqualTo|lessThanOrEqualTo)\w*\s*:"#,
        #"\.constraint(Equal|GreaterThanOrEqual|LessThanOrEqual)To(Anchor|Constant)\("#,
        #"NSLayoutConstraint\(\s*item\s*:"#,
        #"\bconstraints\(\s*withVisualFormat\s*:"#,
        #"(\bmake|\$0)(\s*\.\s*[A-Za-z]+)+?\s*\.\s*(equalTo|greaterThanOrEqualTo|lessThanOrEqualTo)(Superview)?\("#,
    ]
    // TinyConstraints' methods, in the files that import it.
    let tiny = #"\w\s*\.\s*(edges|center|origin|size|width|height|left|right|top|bottom|leading|trailing|centerX|centerY|aspectRatio)"#
        + #"(ToSuperview|InSuperview|ToRight|ToLeft|ToBottom|ToTop|ToTrailing|ToLeading|ToHeight|ToWidth)?\("#
    let horizontal = #"\w\s*\.\s*(horizontal|vertical)ToSuperview\("#
    return linesMatching(patterns + (text.contains("import TinyConstraints") ? [tiny, horizontal] : []), in: text)
}

/// The lines (from 1) where any of the regular expressions matches.
func linesMatching(_ patterns: [String], in text: String) -> Set<Int> {
    var lines: Set<Int> = []
    for pattern in patterns {
        let regex = try! NSRegularExpression(pattern: pattern)
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            lines.insert(text[..<Range(match.range, in: text)!.lowerBound].filter { $0 == "\n" }.count + 1)
        }
    }
    return lines
}

/// Every Swift fixture imports, and every line that makes constraints is either read (a
/// constraint made there) or listed as skipped with its reason; the reader finds exactly the
/// lines the plain scan finds.
@Test(.enabled(if: FileManager.default.fileExists(atPath: codeFixtures.path), "../shared/fixtures/code is absent"))
func everyConstraintCallOfTheSwiftFixturesIsReadOrSaid() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: codeFixtures.path).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count == 36)
    var read = 0
    var said = 0
    for path in files {
        let source = try String(contentsOf: codeFixtures.appendingPathComponent(path), encoding: .utf8)
        let name = String(path.split(separator: "/").last!)
        let (layout, engine) = try run(source, file: name)
        // Shipped code lays out without a conflict.
        #expect(engine.broken.isEmpty, "\(name): broke \(engine.broken.keys.map { engine.name(of: $0) }.sorted())")
        let scanned = scannedConstraintLines(source)
        let made = Set(layout.made.map(\.line))
        let skipped = Set(layout.skipped.map(\.location.line))
        let program = try SwiftProgram([(source: source, file: name)])
        let sites = Set(ConstraintCalls.find(in: program).map { program.files[0].converter.location(for: $0.1.positionAfterSkippingLeadingTrivia).line })
        #expect(sites == scanned, "\(name): the reader's call sites \(sites.subtracting(scanned).sorted()) vs the scan's \(scanned.subtracting(sites).sorted())")
        let unaccounted = scanned.subtracting(made).subtracting(skipped)
        #expect(unaccounted.isEmpty, "\(name): lines neither read nor said: \(unaccounted.sorted())")
        read += scanned.intersection(made).count
        said += scanned.subtracting(made).count
    }
    // Measured: how much of the fixtures' constraint code is read, the rest said.
    #expect(read >= 357, "read \(read), said \(said)")
}

/// The repository's examples (layout code and a log the docs use too).
let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples")

func input(_ name: String) throws -> String { try String(contentsOf: inputs.appendingPathComponent(name), encoding: .utf8) }

/// SnapKit: chains of attributes, `equalToSuperview().inset`, sizes, `snp.bottom` targets,
/// `offset`, `priority(.high)`, a kept `Constraint` named after its property, `updateConstraints`
/// changing a constant, `remakeConstraints` replacing a view's own; a condition on the device's
/// size class.
@Test func snapKitLinesAreReadAsSnapKitMakesThem() throws {
    let (layout, engine) = try run(try input("ProfileView.swift"), file: "ProfileView.swift")
    #expect(layout.views == ["avatar", "name", "bio"])
    #expect(constraints(engine) == [
        "ProfileView.swift:16: avatar.top == root.top + 16",
        "ProfileView.swift:16.2: avatar.leading == root.leading + 16",
        "avatarSize: avatar.width == 64",
        "avatarSize.2: avatar.height == 64",
        "ProfileView.swift:25: bio.top == avatar.bottom + 20",
        "ProfileView.swift:26: bio.leading == root.leading + 16",
        "ProfileView.swift:26.2: bio.trailing == root.trailing - 16",
        "ProfileView.swift:35: name.leading == avatar.trailing + 8",
        "ProfileView.swift:36: name.top == avatar.top",
    ])
    // Lines 20–22 were remade away: made, then removed, so not in the engine.
    #expect(Set(layout.made.map(\.line)) == [16, 17, 20, 21, 22, 25, 26, 32, 35, 36])
    #expect(layout.skipped.isEmpty)
    #expect(frame(engine, "avatar") == [16, 16, 64, 64])
    #expect(frame(engine, "name") == [88, 16, 25.667, 20.333])
    #expect(frame(engine, "bio") == [16, 100, 361, 20.333])
    // On an iPad the width is regular: the kept handle's `update(offset: 32)` runs, and sets
    // the constant as SnapKit does (a size given to `equalTo` is the constant it replaces).
    let (_, pad) = try run(try input("ProfileView.swift"), file: "ProfileView.swift", device: "iPad Pro 11")
    #expect(frame(pad, "avatar") == [16, 16, 32, 32])
}

/// Anchors made in a helper extension of UIView, a loop, a dictionary of views and metrics for
/// a visual format with options, `NSLayoutConstraint(item:…)` in Swift 2's and today's
/// spelling, a priority computed from a named level, `switch` on the size class, `guard
/// #available`, a loop that stops, and a method nothing calls.
@Test func anchorsVisualFormatAndItemAttributeWithControlFlow() throws {
    let (layout, engine) = try run(try input("RowsViewController.swift"), file: "RowsViewController.swift")
    #expect(layout.views == ["row", "row2", "row3"])
    #expect(constraints(engine) == [
        "RowsViewController.swift:12: row.height == 44", "RowsViewController.swift:12.2: row2.height == 54", "RowsViewController.swift:12.3: row3.height == 64",
        "RowsViewController.swift:29: row.top == root.top + 20", "RowsViewController.swift:29.2: row2.top == row.bottom + 8", "RowsViewController.swift:29.3: row3.top == row2.bottom + 8",
        "RowsViewController.swift:29.4: row.leading == row2.leading", "RowsViewController.swift:29.5: row2.leading == row3.leading",
        "RowsViewController.swift:29.6: row.trailing == row2.trailing", "RowsViewController.swift:29.7: row2.trailing == row3.trailing",
        "RowsViewController.swift:30: row.left == root.left + 20", "RowsViewController.swift:31: row.right == root.right - 20 @749",
        "RowsViewController.swift:36: row3.width == 100",
    ])
    #expect(skipped(layout) == ["49 not run: `neverCalled`, which the code strut ran never calls"]
        + Array(repeating: "45 a view never added to a superview", count: 7))
    #expect(frame(engine, "row3") == [20, 134, 100, 64])
    // On an iPad the compact branch is not taken, and the pad branch hides row2.
    let (_, pad) = try run(try input("RowsViewController.swift"), file: "RowsViewController.swift", device: "iPad Pro 11")
    #expect(frame(pad, "row3") == [20, 134, 794, 64])
    #expect(pad.hierarchy.view(named: "row2")!.isHidden)
}

/// A console log of the cell's conflict read onto the cell's code: each logged constraint is a
/// line of the code, UIKit's cell height becomes root's size, and the conflict strut finds is
/// the code's own, with fixes that name its lines.
@Test func aLogReadOntoTheCodeNamesTheCodesLines() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strut-landing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["NoteCell.swift", "note-cell-log.txt"] {
        try input(name).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "set device = \"iPhone 15\"") == .succeeded)
    #expect(session.run(line: "import \(folder.path)/NoteCell.swift") == .succeeded)
    #expect(session.run(line: "import \(folder.path)/note-cell-log.txt") == .succeeded)
    #expect(sink.output.contains("""
        read note-cell-log.txt onto the code: 4 of 5 logged constraints are the code's
          line 7: NoteCell.swift:15 (bodyHeight): body.height == 60
          line 8: NoteCell.swift:17: title.top == root.top + 12
          line 9: NoteCell.swift:19: body.top == title.bottom + 8
          line 10: NoteCell.swift:21: body.bottom == root.bottom - 12
          line 11: the table view's cell sizing (UIKit): <NSLayoutConstraint:0x600002b0c5a0 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7fb1c2d08d20.height == 44   (active)>
        UIKit broke NoteCell.swift:15 (bodyHeight): find it there
        set root.frame = 0 0 393 44: the size UIKit gave it (UIView-Encapsulated-Layout-Height)

        """))
    let before = sink.output.count
    #expect(session.run(line: "conflicts") == .succeeded)
    let report = String(sink.output.dropFirst(before))
    #expect(report.contains("""
        In strut's words: these 4 required constraints cannot all hold:
          bodyHeight (NoteCell.swift:15): body.height == 60    body.height = 60
          NoteCell.swift:17: title.top == root.top + 12        title.y = 12
          NoteCell.swift:21: body.bottom == root.bottom - 12   body.y = -28
          and, holding only together with the above:
            NoteCell.swift:19: body.top == title.bottom + 8
        """))
    #expect(report.contains("""
        Any one of these changes resolves it, best first:
          deactivate NoteCell.swift:21   → nothing moves
          deactivate NoteCell.swift:19   → body.y 40.333333 → -28; nothing else moves
        """))
}

/// Code that loops forever, helpers that call each other forever, numbers out of range: each
/// said in one line; an endless loop imports nothing.
@Test func endlessCodeAndHugeNumbersAreSaidNotRun() throws {
    let loop = "import UIKit\nclass Loop: UIView {\n    override init(frame: CGRect) {\n        super.init(frame: frame)\n        var n = 0\n        while true { n += 1 }\n    }\n}\n"
    let engine = LayoutEngine()
    let before = engine.hierarchy
    #expect(throws: CodeError.self) { try CodeReader.run([(source: loop, file: "Loop.swift")], stem: "Loop", into: engine) }
    do {
        _ = try CodeReader.run([(source: loop, file: "Loop.swift")], stem: "Loop", into: engine)
    } catch let error as CodeError {
        #expect(error.message == "Loop.swift:6: the code runs past 200000 steps (an endless loop?); nothing was imported")
    }
    #expect(engine.hierarchy.views.count == before.views.count)
    let deep = """
        import UIKit
        class Deep: UIView {
            let v = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(v)
                ping()
                v.widthAnchor.constraint(equalToConstant: 1e300 * 1e300).isActive = true
                v.heightAnchor.constraint(equalToConstant: 1e30).isActive = true
            }
            func ping() { pong() }
            func pong() { ping() }
        }
        """
    let (layout, _) = try run(deep, file: "Deep.swift")
    #expect(skipped(layout) == [
        "12 calls nested deeper than 12 (helpers calling each other?): not followed",
        "8 a number strut does not know; taken as 0",
        "9 constant 1e+30 is beyond ±1e10, the largest UIKit accepts",
    ])
}

/// The four scenarios written as Swift give the frames their strut scripts give: the script run
/// up to the state the code builds, the code run on the same root (390 × 844, no device).
@Test(arguments: [
    ("RecipientsViewController", "recipients.strut", nil, ["box": "box", "to": "to", "r1": "r1", "r2": "r2", "r3": "r3"]),
    ("ColumnsViewController", "table.strut", "# A very long cell", [
        "row0": "row", "row1": "row2", "row2": "row3", "l0": "left", "m0": "middle", "r0": "right", "l1": "left2", "m1": "middle2",
        "r1": "right2", "l2": "left3", "m2": "middle3", "r2": "right3",
    ]),
    ("TimelineViewController", "timeline.strut", nil, ["cell": "cell", "photo": "photo"]),
    ("CustomViewController", "custom-view.strut", "# Content whose true height", ["custom": "custom", "content": "content", "icon": "icon", "title": "title"]),
] as [(String, String, String?, [String: String])])
func theScenariosInSwiftGiveTheScriptsFrames(type: String, script: String, stopAt: String?, views: [String: String]) throws {
    let source = try input("Scenarios/\(type).swift")
    let engine = LayoutEngine()
    let layout = try CodeReader.run([(source: source, file: "\(type).swift")], stem: type, into: engine)
    engine.layoutIfNeeded()
    #expect(layout.skipped.isEmpty)
    let session = Session(sink: BufferSink())
    for line in try input(script).split(separator: "\n", omittingEmptySubsequences: false) {
        if let stopAt, line.hasPrefix(stopAt) { break }
        #expect(session.run(line: String(line)) == .succeeded)
    }
    #expect(session.run(line: "layout") == .succeeded)
    for (scripted, coded) in views.sorted(by: { $0.key < $1.key }) {
        #expect(frame(session.engine, scripted) == frame(engine, coded), "\(scripted) and \(coded)")
    }
}

/// A SnapKit log names where each constraint was made (`@ProfileView.swift#17`): those land on
/// the code's constraints of that line; a constraint of the app's the code imported does not
/// make is added from the log, so the conflict comes back with the code's lines.
@Test func aSnapKitLogLandsByItsLinesAndBringsWhatTheCodeLacks() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    let examples = inputs.path
    #expect(session.run(line: "set device = \"iPhone 15\"") == .succeeded)
    #expect(session.run(line: "set textMetric = fixed") == .succeeded)
    #expect(session.run(line: "import \(examples)/ProfileView.swift") == .succeeded)
    #expect(session.run(line: "import \(examples)/profile-view-log.txt") == .succeeded)
    #expect(sink.output.contains("""
        read profile-view-log.txt onto the code: 3 of 5 logged constraints are the code's
          line 7: ProfileView.swift:16: avatar.top == root.top + 16
          line 8: ProfileView.swift:17 (avatarSize.2): avatar.height == 64
          line 9: ProfileView.swift:25: bio.top == avatar.bottom + 20
          line 10: not in the code imported: <NSLayoutConstraint:0x600003a2c300 UILabel:0x7fa1c8d0a400.bottom == Profiles.ProfileView:0x7fa1c8d09f00.bottom - 16   (active)>
          line 11: the size UIKit gives the view from outside: <NSLayoutConstraint:0x600003a2c3c0 'UIView-Encapsulated-Layout-Height' Profiles.ProfileView:0x7fa1c8d09f00.height == 100   (active)>
        UIKit broke ProfileView.swift:17 (avatarSize.2): find it there
        set root.frame = 0 0 393 100: the size UIKit gave it (UIView-Encapsulated-Layout-Height)
        added from the log (not in the code imported) log.line10: bio.bottom == root.bottom - 16

        """))
    let before = sink.output.count
    #expect(session.run(line: "conflicts") == .succeeded)
    #expect(String(sink.output.dropFirst(before)).contains("""
          deactivate avatarSize.2           → avatar.height 64 → 27.6, bio.y 100 → 63.6; nothing else moves   [ProfileView.swift:17]
        """))
}

// MARK: - Objective-C

/// Objective-C: lazy getters, `#define`d numbers, a visual format with
/// `NSDictionaryOfVariableBindings` and metrics, `constraintWithItem:…`, anchors kept in a
/// property and activated with `.active = YES`, a `for … in` loop.
@Test func objectiveCLayoutCodeRunsAsWritten() throws {
    let (layout, engine) = try run(try input("TagView.m"), file: "TagView.m")
    #expect(layout.typeName == "TagView")
    #expect(layout.views == ["dot", "titleLabel"])
    #expect(layout.skipped.isEmpty)
    #expect(constraints(engine) == [
        "TagView.m:44: dot.leading == root.leading + 12", "TagView.m:44.2: titleLabel.leading == dot.trailing + 8",
        "TagView.m:44.3: dot.centerY == titleLabel.centerY", "TagView.m:45: dot.top == root.top + 24",
        "dotWidth: dot.width == 10", "TagView.m:48: dot.height == dot.width",
    ])
    #expect(frame(engine, "dot") == [12, 24, 10, 10])
    #expect(frame(engine, "titleLabel") == [30, 18.667, 76.667, 20.667])
    #expect(engine.hierarchy.view(named: "dot")!.huggingH == 750)
}

/// Objective-C's `#if`, `#ifdef`, `#elif` and `#else`, as an iOS device build in its release
/// configuration compiles them: one branch runs, not both (both made spurious conflicts), and
/// each constraint line left out is said with its directive.
@Test func objectiveCConditionalCompilationIsAnIOSBuilds() throws {
    let source = """
    #import <UIKit/UIKit.h>
    #define USE_WIDE 0
    #define LOOP LOOP

    @interface BadgeView : UIView
    @property (nonatomic, strong) UIView *dot;
    @end

    @implementation BadgeView
    - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        if (self) {
            _dot = [[UIView alloc] init];
            _dot.translatesAutoresizingMaskIntoConstraints = NO;
            [self addSubview:_dot];
    #if TARGET_OS_MACCATALYST
            [_dot.widthAnchor constraintEqualToConstant:99].active = YES;
    #elif USE_WIDE || LOOP
            [_dot.widthAnchor constraintEqualToConstant:60].active = YES;
    #elif defined(TARGET_OS_IOS) && __IPHONE_OS_VERSION_MAX_ALLOWED >= __IPHONE_13_0 && __has_include(<UIKit/UIKit.h>)
            [_dot.widthAnchor constraintEqualToConstant:20].active = YES;
    #else
            [_dot.widthAnchor constraintEqualToConstant:5].active = YES;
    #endif
    #ifdef DEBUG
            [_dot.heightAnchor constraintEqualToConstant:1].active = YES;
    #if 1
            [_dot.heightAnchor constraintEqualToConstant:2].active = YES;
    #endif
    #endif
            [_dot.heightAnchor constraintEqualToConstant:20].active = YES;
        }
        return self;
    }
    @end
    """
    let (layout, engine) = try run(source, file: "BadgeView.m")
    #expect(constraints(engine) == ["BadgeView.m:21: dot.width == 20", "BadgeView.m:31: dot.height == 20"])
    #expect(skipped(layout) == [
        "17 not run: under `#if TARGET_OS_MACCATALYST`, which an iOS build does not compile",
        "19 not run: under `#elif USE_WIDE || LOOP`, which an iOS build does not compile",
        "23 not run: under `#else`, which an iOS build does not compile",
        "26 not run: under `#ifdef DEBUG`, which an iOS build does not compile",
        "28 not run: under `#ifdef DEBUG`, which an iOS build does not compile",
    ])
}

/// Bad Objective-C: brackets that never close, a file without a class; one line each, and
/// nothing changes.
@Test func brokenObjectiveCIsRefusedWithItsLine() throws {
    let engine = LayoutEngine()
    let unbalanced = "@implementation Card\n- (void)viewDidLoad {\n    [self.view addSubview:[UIView new];\n}\n@end\n"
    #expect(throws: CodeError.self) { try CodeReader.run([(source: unbalanced, file: "Card.m")], stem: "Card", into: engine) }
    do {
        _ = try CodeReader.run([(source: unbalanced, file: "Card.m")], stem: "Card", into: engine)
    } catch let error as CodeError {
        #expect(error.message == "Card.m:3:5: '[' is never closed (line 4 has '}' instead)")
    }
    do {
        _ = try CodeReader.run([(source: "int main(void) { return 0; }\n", file: "main.m")], stem: "main", into: engine)
        Issue.record("a file without a class was read")
    } catch let error as CodeError {
        #expect(error.message == "no UIView or UIViewController subclass in it: strut runs the layout code of one")
    }
    #expect(engine.hierarchy.views.count == LayoutEngine().hierarchy.views.count)
}

/// Masonry's own basic example: three views with 10 points between them and equal sizes, on
/// an iPhone 15 (393 × 852): two above, one below, each 411 high.
@Test(.enabled(if: FileManager.default.fileExists(atPath: codeFixtures.path), "../shared/fixtures/code is absent"))
func masonrysBasicExampleLaysOutAsMasonryDoes() throws {
    let file = codeFixtures.appendingPathComponent("masonry/Masonry-MASExampleBasicView.m")
    let (layout, engine) = try run(try String(contentsOf: file, encoding: .utf8), file: "MASExampleBasicView.m")
    #expect(layout.views == ["greenView", "redView", "blueView"])
    #expect(layout.constraints == 20)
    #expect(frame(engine, "greenView") == [10, 10, 181.667, 411])
    #expect(frame(engine, "redView") == [201.667, 10, 181.333, 411])
    #expect(frame(engine, "blueView") == [10, 431, 373, 411])
}

/// The lines of an Objective-C file that make constraints, by a plain scan of the text
/// (comments removed): `constraintWithItem:`, `constraintsWithVisualFormat:`, an anchor's
/// `constraint…To(Anchor|Constant):`, each Masonry line's relation (at its `make`).
func scannedObjCConstraintLines(_ source: String) -> Set<Int> {
    let text = withoutComments(source)
    let patterns = [
        #"constraintWithItem\s*:"#, #"constraintsWithVisualFormat\s*:"#,
        #"constraint(Equal|GreaterThanOrEqual|LessThanOrEqual)To(SystemSpacing\w*)?(Anchor|Constant)\s*:"#,
        #"\bmake(\s*\.\s*\w+)+?\s*\.\s*(mas_)?(equalTo|greaterThanOrEqualTo|lessThanOrEqualTo)\s*\("#,
    ]
    return linesMatching(patterns, in: text)
}

/// Every Objective-C fixture imports, and each line that makes constraints is read or said.
@Test(.enabled(if: FileManager.default.fileExists(atPath: codeFixtures.path), "../shared/fixtures/code is absent"))
func everyConstraintCallOfTheObjectiveCFixturesIsReadOrSaid() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: codeFixtures.path).filter { $0.hasSuffix(".m") }.sorted()
    #expect(files.count == 13)
    var read = 0
    var said = 0
    for path in files {
        let source = try String(contentsOf: codeFixtures.appendingPathComponent(path), encoding: .utf8)
        let name = String(path.split(separator: "/").last!)
        let (layout, engine) = try run(source, file: name)
        #expect(engine.broken.isEmpty, "\(name): broke \(engine.broken.keys.map { engine.name(of: $0) }.sorted())")
        let scanned = scannedObjCConstraintLines(source)
        let made = Set(layout.made.map(\.line))
        let skipped = Set(layout.skipped.map(\.location.line))
        let unaccounted = scanned.subtracting(made).subtracting(skipped)
        #expect(unaccounted.isEmpty, "\(name): lines neither read nor said: \(unaccounted.sorted())")
        read += scanned.intersection(made).count
        said += scanned.subtracting(made).count
    }
    #expect(read >= 131, "read \(read), said \(said)")
}

/// The recipients field in Objective-C, flowed by the container's own `layoutSubviews` with a
/// layout pass for each label, gives the script's frames.
@Test func theRecipientsFieldInObjectiveCFlowsAsTheScriptDoes() throws {
    let engine = LayoutEngine()
    let layout = try CodeReader.run([(source: try input("Scenarios/RecipientsViewController.m"), file: "RecipientsViewController.m")],
                                    stem: "RecipientsViewController", into: engine)
    engine.layoutIfNeeded()
    #expect(layout.skipped.isEmpty)
    let session = Session(sink: BufferSink())
    for line in try input("recipients.strut").split(separator: "\n", omittingEmptySubsequences: false) {
        #expect(session.run(line: String(line)) == .succeeded)
    }
    let views = ["box": "box", "to": "toLabel", "r1": "label", "r2": "label2", "r3": "label3"]
    for (scripted, coded) in views.sorted(by: { $0.key < $1.key }) {
        #expect(frame(session.engine, scripted) == frame(engine, coded), "\(scripted) and \(coded)")
    }
}

/// PureLayout, in Swift and in Objective-C: edges inset into the superview (the far edges'
/// insets negated), a dimension set, edges pinned to another view's; the receiver's
/// autoresizing constraints turned off.
@Test func pureLayoutCallsMakeTheConstraintsItsDocumentationSays() throws {
    let swift = """
        import UIKit
        import PureLayout
        final class Banner: UIView {
            let image = UIImageView()
            let caption = UILabel()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(image)
                addSubview(caption)
                image.autoPinEdgesToSuperviewEdges(with: UIEdgeInsets(top: 10, left: 20, bottom: 0, right: 20), excludingEdge: .bottom)
                image.autoSetDimension(.height, toSize: 100)
                caption.autoPinEdge(.top, to: .bottom, of: image, withOffset: 8)
                caption.autoAlignAxis(toSuperviewAxis: .vertical)
            }
        }
        """
    let (layout, engine) = try run(swift, file: "Banner.swift")
    #expect(layout.skipped.isEmpty)
    #expect(constraints(engine) == [
        "Banner.swift:10: image.top == root.top + 10", "Banner.swift:10.2: image.leading == root.leading + 20",
        "Banner.swift:10.3: image.trailing == root.trailing - 20", "Banner.swift:11: image.height == 100",
        "Banner.swift:12: caption.top == image.bottom + 8", "Banner.swift:13: caption.centerX == root.centerX",
    ])
    #expect(frame(engine, "image") == [20, 10, 353, 100])
    let (objcLayout, objc) = try run(try input("BadgeCell.m"), file: "BadgeCell.m")
    #expect(objcLayout.skipped.isEmpty)
    #expect(constraints(objc).contains("BadgeCell.m:34: title.height == 24"))
}

/// Objective-C pasted as a fragment — a method without its class, statements without their
/// method — runs in a class named after the paste, what it leaves unknown listed.
@Test func anObjectiveCFragmentRunsWithWhatItLeavesUnknownListed() throws {
    let method = """
        - (void)layoutSubviews {
            [super layoutSubviews];
            UILabel *label = [[UILabel alloc] init];
            label.text = self.recipient;
            label.translatesAutoresizingMaskIntoConstraints = NO;
            [self addSubview:label];
            [self addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-[label]" options:0 metrics:nil views:NSDictionaryOfVariableBindings(label)]];
        }
        """
    let (layout, engine) = try run(method, file: "pasted.m")
    #expect(layout.typeName == "pasted")
    #expect(layout.views == ["label"])
    #expect(skipped(layout) == ["4 text strut does not know: a placeholder stands for it"])
    #expect(frame(engine, "label").prefix(2) == [16, 0])
    #expect(constraints(engine) == ["pasted.m:7: label.leading == root.leadingMargin"])
    let statements = """
        UIView *box = [UIView new];
        box.translatesAutoresizingMaskIntoConstraints = NO;
        [self.view addSubview:box];
        [box.heightAnchor constraintEqualToConstant:self.rowHeight].active = YES;
        """
    let (controller, controllerEngine) = try run(statements, file: "pasted.m")
    #expect(controller.typeName == "pastedController")
    #expect(controller.views == ["box"])
    #expect(skipped(controller) == ["4 `rowHeight`: a property strut does not know (its class's header or another file has it); taken as 0"])
    #expect(constraints(controllerEngine) == ["pasted.m:4: box.height == 0"])
}

/// Found by fuzzing: Swift read as Objective-C (a brace left at the top of a fragment) once
/// never ended; it is refused now, at once.
@Test func swiftReadAsObjectiveCIsRefusedAtOnce() throws {
    var source = try input("RowsViewController.swift")
    source = source.replacingOccurrences(of: "for i in 0..<3 {", with: "for i\"in 0..<3 {")
    let engine = LayoutEngine()
    #expect(throws: CodeError.self) { try CodeReader.run([(source: source, file: "Fuzz.m")], stem: "Fuzz", into: engine) }
    #expect(throws: CodeError.self) { try CodeReader.run([(source: "}\n", file: "Brace.m")], stem: "Brace", into: engine) }
    do {
        _ = try CodeReader.run([(source: "}\n", file: "Brace.m")], stem: "Brace", into: engine)
    } catch let error as CodeError {
        #expect(error.message == "Brace.m:1:1: not Objective-C strut can read: code strut cannot parse (unexpected '}')")
    }
}

/// Found by fuzzing: swift-syntax's diagnostics generator traps on this input (a Fix-It without
/// a change); the reader finds the errors in the tree itself, and refuses it with one line.
@Test func anInputThatTrapsSwiftSyntaxsDiagnosticsIsRefused() throws {
    let bytes = Data(base64Encoded: "CgppbXBvcnQgVUlLaXQKCmNsYXNzIFZpZXdDb250cm9sbGVyOiBVSVZpZXdDb250cm9sbGVyIHsKCiAgICBvdmVycmlkZSBmdW5jIHZpZXdEaWRMb2FkKCkgewogICAgICAgIHN1cGVyLnZpZXdEaWRMb2FkKCkKICAgICAgICAKICAgICAgICBsZXQgdjEggz0gVUlWaWV3KCkKICAgICAgICB2MS5iYWNrZ3JvdW5kQ29sb3IgPSAucmVkCiAgICAgICAgdjEudHJhbnNsYXRlc0F1dG9yZXNpemluZ01hc2tJbnRvQ29uc3RyYWludHMgPSBmYWxzZQogICAgICAgIAogICAgICAgIGxldCB2MiA9IFVJVmlldygpCiAgICAgICAgdjIuYmFja2dyb3VuZENvbG9yID0gLmdyZWVuCiAgICAgICAgdjIudHJhbnNsYXRlc0F1dG9yZXNpemluZ01hc2tJbnRvQ29uc3RyYWludHMgPSBmYWxzZQoKICAgICAgICBsZXQgdjMgPSBVSVZpZXcoKQogICAgICAgIHYzLmJhY2tncm91bmRDb2xvciA9IC55ZWxsb3cKICAgICAgICB2My50cmFuc2xhdGVzQXV0b3Jlc2l6aW5nTWFza0ludG9Db25zdHJpbXBvcnQgRm91bmRhdGlvbgppbXBvcnQgVUlLaXQKCi8vIE1BUks6IGFpbnRzID0gZmEtIFNQU29ydEJhcgovLwpjbGFzcyBTUFNvcnRCYXI6IFVJVmlldyB7CgogICAgLy8vIEJhY2tncm91bmQgQmx1cgogICAgLy8vCiAgICBwcml2YXRlIGxldCBibHVyVmlldyA9IFNQQmx1ckVmZmVjdFZpZXcubmF2aWdhdGlvbkJhckJsdXJWaWV3KCkKCiAgICAvLy8gRGl2aWRlcjogVG9wIHNlcGFyYXRvcgogICAgLy8vCiAgICBASUJPdXRsZXQgcHJpdmF0ZShzZXQpIHZhciBkaXZpZGVyVmlldzogVUlWaWV3IQoKICAgIC8vLyBEaXZpZGVyOiBXZSdyZSBhaW1pbmcgYXQgYSAxcHggZGl2aWRlciwgcmVnYXJkbGVzcyBvZiB0aGUgc2NyZWVuIHNjYWxlCiAgICAvLy8KICAgIEBJQk91dGxldCBwcml2YXRlIHZhciBkaXZpZGVySGVpZ2h0Q29uc3RyYWludDogTlNMYXlvdXRDb25zdHJhaW50IQoKICAgIGxzZQogICAgICAgIAogICAgICAgIAogICAgICAgIC8vIHNhZmUgYXJlYQogICAgICAgIAogICAgICA=")!
    let source = String(decoding: bytes, as: UTF8.self)
    #expect(throws: CodeError.self) { try CodeReader.run([(source: source, file: "Fuzz.swift")], stem: "Fuzz", into: LayoutEngine()) }
}

/// `import FOLDER type NAME` runs the type named; a name the folder has not is refused, and
/// nothing changes.
@Test func aFoldersTypeIsChosenByName() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "import \(inputs.path)/Scenarios type TimelineViewController") == .succeeded)
    #expect(sink.output.hasPrefix("imported Scenarios: TimelineViewController: 2 views (cell, photo), 9 constraints (1 inactive)\n"))
    #expect(frame(session.engine, "photo") == [0, 0, 390, 200])
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "import \(inputs.path)/Scenarios type Nope") == .failed)
    #expect(sink.errors.hasSuffix("cannot import Scenarios: no UIKit type named Nope in it\n"))
    #expect(StateDump.json(session.engine) == before)
}

/// A table view cell made in code is laid out as a table made in code lays out its rows: its
/// content view (root) as wide as the table and as high as its constraints fit at that width
/// (`rowHeight = automaticDimension`), or 44 points when they fit no height.
@Test func aTableViewCellFromCodeIsAsHighAsItsConstraintsFit() throws {
    let (note, noteEngine) = try run(try input("NoteCell.swift"), file: "NoteCell.swift")
    // 12 above the title (fixed metric: 20.4 high), 8, the body's 60, 12 below.
    #expect(frame(noteEngine, "root") == [0, 0, 393, 112.4])
    #expect(frame(noteEngine, "body") == [16, 40.333, 0, 60])
    #expect(note.notes == ["NoteCell is a table view cell: root, its content view, is 393 x 112.4, the table's width and the height its constraints fit (a self-sizing row); 'set root.frame = 0 0 W H' tries another row"])
    #expect(noteEngine.broken.isEmpty)
    // The badge hangs from the top; nothing reaches the bottom.
    let (badge, badgeEngine) = try run(try input("BadgeCell.m"), file: "BadgeCell.m")
    #expect(frame(badgeEngine, "root") == [0, 0, 393, 44])
    #expect(badge.notes == ["BadgeCell is a table view cell: root, its content view, is 393 x 44: its constraints fit no height, so the row takes the standard 44 points, as UIKit does; 'set root.frame = 0 0 W H' tries another row"])
    // A view is not a cell: root keeps the device's size.
    let (_, card) = try run(cardSource, file: "CardView.swift")
    #expect(frame(card, "root") == [0, 0, 393, 852])
}

/// WeChat's conversation cell pins its avatar 12 points inside the top and the bottom and makes
/// it square: on a screen-high root it was 828 wide and pushed the labels past the right edge
/// (three conflicts). As a self-sizing row it is 24 high, and the hairline under it is one
/// pixel of the device (`1.0 / UIScreen.mainScreen.scale`).
@Test(.enabled(if: FileManager.default.fileExists(atPath: codeFixtures.path), "../shared/fixtures/code is absent"))
func weChatsConversationCellLaysOutAsARowWithoutAConflict() throws {
    let file = codeFixtures.appendingPathComponent("masonry/WeChat-ConversationListCell.m")
    let (layout, engine) = try run(try String(contentsOf: file, encoding: .utf8), file: "ConversationListCell.m")
    #expect(engine.broken.isEmpty)
    #expect(layout.skipped.isEmpty)
    #expect(frame(engine, "root") == [0, 0, 393, 24])
    #expect(frame(engine, "avatarIV") == [15, 12, 0, 0])
    #expect(frame(engine, "line") == [25, 23, 368, 0.333])
}

/// TinyConstraints, as its documentation describes each call: offsets as written, insets
/// inward, left and right edges, `relation:`, `priority:`, `isActive:` and `usingSafeArea:`
/// on every constraint a call makes; `Constraints()` arrays kept and activated later.
@Test func tinyConstraintsCallsMakeTheConstraintsItsDocumentationSays() throws {
    let source = """
        import UIKit
        import TinyConstraints

        final class Badge: UIView {
            let icon = UIView()
            let title = UILabel()
            let strip = UIView()
            var later = Constraints()

            override init(frame: CGRect) {
                super.init(frame: frame)
                [icon, title, strip].forEach { addSubview($0) }
                icon.edgesToSuperview(excluding: .bottom, insets: .top(10) + .left(20) + .right(200), usingSafeArea: true)
                icon.aspectRatio(1)
                title.leftToRight(of: icon, offset: 8)
                title.rightToSuperview(offset: -8, relation: .equalOrLess)
                title.centerY(to: icon)
                title.width(min: 40, max: 200, priority: .defaultHigh)
                strip.topToBottom(of: icon, offset: 4)
                strip.horizontalToSuperview(insets: .horizontal(16))
                strip.height(2)
                later.append(title.heightToWidth(of: icon, multiplier: 0.25, isActive: false))
                later.activate()
            }
        }
        """
    let (layout, engine) = try run(source, file: "Badge.swift")
    #expect(layout.skipped.isEmpty)
    #expect(constraints(engine) == [
        "Badge.swift:13: icon.top == root.safeAreaLayoutGuide.top + 10", "Badge.swift:13.2: icon.left == root.safeAreaLayoutGuide.left + 20",
        "Badge.swift:13.3: icon.right == root.safeAreaLayoutGuide.right - 200",
        "Badge.swift:14: icon.width == icon.height",
        "Badge.swift:15: title.left == icon.right + 8",
        "Badge.swift:16: title.right <= root.right - 8",
        "Badge.swift:17: title.centerY == icon.centerY",
        "Badge.swift:18: title.width >= 40 @750", "Badge.swift:18.2: title.width <= 200 @750",
        "Badge.swift:19: strip.top == icon.bottom + 4",
        "Badge.swift:20: strip.left == root.left + 16", "Badge.swift:20.2: strip.right == root.right - 16",
        "Badge.swift:21: strip.height == 2",
        "Badge.swift:22: title.height == 0.25 * icon.width",
    ])
    #expect(engine.broken.isEmpty)
    // The icon spans the safe area's width less 220, and is square; the strip 4 below it.
    #expect(frame(engine, "icon") == [20, 69, 173, 173])
    #expect(frame(engine, "strip") == [16, 246, 361, 2])
    #expect(frame(engine, "title")[3] == 43)  // 43.25, its edges on the pixels
}

/// TinyConstraints' own example (its demo controller): the horizontal arrangement it activates
/// first, four squares 4 points apart across a guide 20 points inside the safe area, centred
/// on it; the other two arrangements are made inactive, as the code says.
@Test(.enabled(if: FileManager.default.fileExists(atPath: codeFixtures.path), "../shared/fixtures/code is absent"))
func tinyConstraintsExampleLaysOutItsHorizontalArrangement() throws {
    let file = codeFixtures.appendingPathComponent("other/TinyConstraints-ExampleViewController.swift")
    let (layout, engine) = try run(try String(contentsOf: file, encoding: .utf8), file: "ExampleViewController.swift")
    #expect(layout.constraints == 59)
    // Active: the horizontal arrangement's 23, and `size(to:)`, which leaves `isActive` out.
    #expect(layout.inactive == 34)
    #expect(engine.broken.isEmpty)
    // 85.25 points a side, edges on the iPhone's pixels (a third of a point).
    let side = (353.0 - 3 * 4) / 4
    for (k, name) in ["demoView1", "demoView2", "demoView3", "demoView4"].enumerated() {
        let f = frame(engine, name)
        let x = 20 + Double(k) * (side + 4)
        #expect(abs(f[0] - x) < 0.34 && abs(f[2] - side) < 0.34 && f[1] == 396 && f[3] == 85, "\(name): \(f)")
    }
}

/// A scroll view's centres, against a view inside it, are its frame's ("Working with Scroll
/// Views": edges and margins attach to the content area; height, width and centres to the
/// frame): content pinned to the leading edge and centred horizontally is the scroll view's
/// width, and centred vertically it sits in the middle of the frame, not of the content.
@Test func aScrollViewsCentresAreItsFramesToTheViewsInsideIt() throws {
    let source = """
        import UIKit

        final class Donation: UIViewController {
            let scroll = UIScrollView()
            let content = UIView()

            override func viewDidLoad() {
                super.viewDidLoad()
                scroll.translatesAutoresizingMaskIntoConstraints = false
                content.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(scroll)
                scroll.addSubview(content)
                NSLayoutConstraint.activate([
                    scroll.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                    scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
                    scroll.widthAnchor.constraint(equalToConstant: 300),
                    scroll.heightAnchor.constraint(equalToConstant: 400),
                    content.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
                    content.centerXAnchor.constraint(equalTo: scroll.centerXAnchor),
                    content.centerYAnchor.constraint(equalTo: scroll.centerYAnchor),
                    content.heightAnchor.constraint(equalToConstant: 100),
                ])
            }
        }
        """
    let (_, engine) = try run(source, file: "Donation.swift")
    #expect(engine.broken.isEmpty)
    #expect(frame(engine, "content") == [0, 150, 300, 100])
    #expect(constraints(engine).filter { $0.contains("content.") } == [
        "Donation.swift:18: content.leading == scrollContentLayoutGuide.leading",
        "Donation.swift:19: content.centerX == scroll.centerX", "Donation.swift:20: content.centerY == scroll.centerY",
        "Donation.swift:21: content.height == 100",
    ])
}

/// A scroll view's content: constraints between its edges and a view inside it are on its
/// content (UIKit's rule since iOS 6), so the content is as tall as its own constraints make
/// it, not the scroll view; `contentLayoutGuide` and `frameLayoutGuide` say which explicitly.
@Test func aScrollViewsEdgesAreItsContentsToTheViewsInsideIt() throws {
    let source = """
        import UIKit

        final class Reader: UIViewController {
            let scroll = UIScrollView()
            let page = UIView()
            let other = UIScrollView()
            let strip = UIView()

            override func viewDidLoad() {
                super.viewDidLoad()
                for v in [scroll, page, other, strip] { v.translatesAutoresizingMaskIntoConstraints = false }
                view.addSubview(scroll)
                scroll.addSubview(page)
                view.addSubview(other)
                other.addSubview(strip)
                NSLayoutConstraint.activate([
                    scroll.topAnchor.constraint(equalTo: view.topAnchor),
                    scroll.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    scroll.widthAnchor.constraint(equalToConstant: 200),
                    scroll.heightAnchor.constraint(equalToConstant: 300),
                    page.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 10),
                    page.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
                    page.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
                    page.trailingAnchor.constraint(equalTo: scroll.trailingAnchor),
                    page.widthAnchor.constraint(equalTo: scroll.widthAnchor),
                    page.heightAnchor.constraint(equalToConstant: 1000),
                    other.topAnchor.constraint(equalTo: scroll.bottomAnchor),
                    other.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    other.widthAnchor.constraint(equalToConstant: 100),
                    other.heightAnchor.constraint(equalToConstant: 50),
                    strip.leadingAnchor.constraint(equalTo: other.contentLayoutGuide.leadingAnchor),
                    strip.topAnchor.constraint(equalTo: other.contentLayoutGuide.topAnchor, constant: 5),
                    strip.trailingAnchor.constraint(equalTo: other.contentLayoutGuide.trailingAnchor),
                    strip.widthAnchor.constraint(equalToConstant: 400),
                    strip.heightAnchor.constraint(equalTo: other.frameLayoutGuide.heightAnchor, constant: -10),
                ])
            }
        }
        """
    let (layout, engine) = try run(source, file: "Reader.swift")
    #expect(layout.views == ["scroll", "page", "other", "strip"])
    #expect(engine.broken.isEmpty)
    // 1,000 high inside a scroll view 300 high: its content, not squeezed to the frame.
    #expect(frame(engine, "page") == [0, 10, 200, 1000])
    #expect(frame(engine, "strip") == [0, 5, 400, 40])
    #expect(constraints(engine).filter { $0.contains("scroll") && !$0.contains("Guide") } == [
        "Reader.swift:17: scroll.top == root.top", "Reader.swift:18: scroll.leading == root.leading",
        "Reader.swift:19: scroll.width == 200", "Reader.swift:20: scroll.height == 300",
        "Reader.swift:25: page.width == scroll.width", "Reader.swift:27: other.top == scroll.bottom",
    ])
    #expect(constraints(engine).filter { $0.hasPrefix("Reader.swift:2") && $0.contains("scrollContentLayoutGuide") } == [
        "Reader.swift:21: page.top == scrollContentLayoutGuide.top + 10", "Reader.swift:22: page.bottom == scrollContentLayoutGuide.bottom",
        "Reader.swift:23: page.leading == scrollContentLayoutGuide.leading", "Reader.swift:24: page.trailing == scrollContentLayoutGuide.trailing",
    ])
    #expect(constraints(engine).contains("Reader.swift:35: strip.height == otherFrameLayoutGuide.height - 10"))
    // The guides are UIKit's: not counted among the code's views or constraints.
    #expect(layout.constraints == 19)
}

/// The Objective-C reader names a scroll view's guides too.
@Test func objectiveCNamesAScrollViewsContentGuide() throws {
    let source = """
        @interface Pager : UIView
        @property (nonatomic, strong) UIScrollView *scroll;
        @property (nonatomic, strong) UIView *page;
        @end

        @implementation Pager
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                _scroll = [UIScrollView new];
                _page = [UIView new];
                _scroll.translatesAutoresizingMaskIntoConstraints = NO;
                _page.translatesAutoresizingMaskIntoConstraints = NO;
                [self addSubview:_scroll];
                [_scroll addSubview:_page];
                [_scroll.topAnchor constraintEqualToAnchor:self.topAnchor].active = YES;
                [_scroll.leadingAnchor constraintEqualToAnchor:self.leadingAnchor].active = YES;
                [_scroll.widthAnchor constraintEqualToConstant:120].active = YES;
                [_scroll.heightAnchor constraintEqualToConstant:80].active = YES;
                [_page.topAnchor constraintEqualToAnchor:_scroll.contentLayoutGuide.topAnchor constant:4].active = YES;
                [_page.leadingAnchor constraintEqualToAnchor:_scroll.contentLayoutGuide.leadingAnchor].active = YES;
                [_page.widthAnchor constraintEqualToAnchor:_scroll.frameLayoutGuide.widthAnchor].active = YES;
                [_page.heightAnchor constraintEqualToConstant:500].active = YES;
            }
            return self;
        }
        @end
        """
    let (layout, engine) = try run(source, file: "Pager.m")
    #expect(layout.skipped.isEmpty)
    #expect(engine.broken.isEmpty)
    #expect(frame(engine, "page") == [0, 4, 120, 500])
    #expect(constraints(engine).contains("Pager.m:19: page.top == scrollContentLayoutGuide.top + 4"))
}

/// The code examples' reader: its container is pinned to the scroll view's edges, which are
/// the content's, so it is as tall as its stack, not the screen.
@Test(.enabled(if: FileManager.default.fileExists(atPath: codeFixtures.path), "../shared/fixtures/code is absent"))
func aRealScrollViewsContainerIsAsTallAsItsContent() throws {
    let file = codeFixtures.appendingPathComponent("swift-anchors/CodeExamples-CodeViewController.swift")
    let (_, engine) = try run(try String(contentsOf: file, encoding: .utf8), file: "CodeViewController.swift")
    #expect(engine.broken.isEmpty)
    #expect(frame(engine, "scrollView") == [0, 0, 393, 852])
    let container = frame(engine, "containerView")
    let stack = frame(engine, "stackView")
    #expect(container[3] < 852 && abs(container[3] - (stack[1] + stack[3] + 20)) < 0.001, "\(container) \(stack)")
}

/// `UIStackView.spacingUseSystem` (Objective-C's `UIStackViewSpacingUseSystem`) is the system
/// spacing, 8 points, as the system-spacing anchors take it.
@Test func aStacksSystemSpacingIsEightPoints() throws {
    let swift = """
        import UIKit
        final class Pair: UIView {
            let stack = UIStackView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                stack.axis = .vertical
                stack.spacing = UIStackView.spacingUseSystem
                stack.translatesAutoresizingMaskIntoConstraints = false
                addSubview(stack)
                for _ in 0..<2 {
                    let box = UIView()
                    box.heightAnchor.constraint(equalToConstant: 20).isActive = true
                    stack.addArrangedSubview(box)
                }
                stack.topAnchor.constraint(equalTo: topAnchor).isActive = true
                stack.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
            }
        }
        """
    let (layout, engine) = try run(swift, file: "Pair.swift")
    #expect(layout.skipped.isEmpty)
    #expect(frame(engine, "stack")[3] == 48)
    let objc = """
        @implementation Row
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                UIStackView *stack = [UIStackView new];
                stack.spacing = UIStackViewSpacingUseSystem;
                [self addSubview:stack];
            }
            return self;
        }
        @end
        """
    let (objcLayout, objcEngine) = try run(objc, file: "Row.m")
    #expect(objcLayout.skipped.isEmpty)
    #expect(objcEngine.hierarchy.view(named: "stack")?.stack.spacing == 8)
}

/// `setCustomSpacing(_:after:)` and `setCustomSpacing:afterView:`: the stack's spacing after
/// one arranged view; `spacingUseDefault` gives the stack's back; a view not arranged in the
/// stack is left alone, and said.
@Test func aStacksCustomSpacingAfterAViewIsRead() throws {
    let swift = """
        import UIKit
        final class Form: UIView {
            let stack = UIStackView()
            let title = UIView()
            let field = UIView()
            let button = UIView()
            let stray = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                stack.axis = .vertical
                stack.spacing = 8
                stack.translatesAutoresizingMaskIntoConstraints = false
                addSubview(stack)
                addSubview(stray)
                for v in [title, field, button] {
                    v.heightAnchor.constraint(equalToConstant: 20).isActive = true
                    stack.addArrangedSubview(v)
                }
                stack.setCustomSpacing(24, after: title)
                stack.setCustomSpacing(2, after: field)
                stack.setCustomSpacing(UIStackView.spacingUseDefault, after: field)
                stack.setCustomSpacing(4, after: stray)
                stack.topAnchor.constraint(equalTo: topAnchor).isActive = true
                stack.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
            }
        }
        """
    let (layout, engine) = try run(swift, file: "Form.swift")
    #expect(skipped(layout) == ["22 `stray` is not arranged in `stack`: no custom spacing after it"])
    // 20, 24, 20, 8, 20.
    #expect(frame(engine, "field")[1] == 44)
    #expect(frame(engine, "button")[1] == 72)
    let objc = """
        @implementation Card
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                UIStackView *stack = [UIStackView new];
                stack.axis = UILayoutConstraintAxisVertical;
                UIView *top = [UIView new];
                UIView *bottom = [UIView new];
                [stack addArrangedSubview:top];
                [stack addArrangedSubview:bottom];
                [top.heightAnchor constraintEqualToConstant:10].active = YES;
                [bottom.heightAnchor constraintEqualToConstant:10].active = YES;
                [stack setCustomSpacing:16 afterView:top];
                stack.translatesAutoresizingMaskIntoConstraints = NO;
                [self addSubview:stack];
                [stack.topAnchor constraintEqualToAnchor:self.topAnchor].active = YES;
                [stack.leadingAnchor constraintEqualToAnchor:self.leadingAnchor].active = YES;
            }
            return self;
        }
        @end
        """
    let (objcLayout, objcEngine) = try run(objc, file: "Card.m")
    #expect(objcLayout.skipped.isEmpty)
    #expect(frame(objcEngine, "bottom")[1] == 26)
}

/// A view type's own required size (`heightAnchor.constraint(equalToConstant:)` on `self`)
/// becomes root's frame on that side, as whatever embeds the view would have to give it; an
/// inequality is said, as before.
@Test func aViewTypesOwnSizeIsRootsFrame() throws {
    let source = """
        import UIKit
        final class Banner: UIView {
            let line = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(line)
                line.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    heightAnchor.constraint(equalToConstant: 60),
                    widthAnchor.constraint(greaterThanOrEqualToConstant: 100),
                    line.leadingAnchor.constraint(equalTo: leadingAnchor),
                    line.trailingAnchor.constraint(equalTo: trailingAnchor),
                    line.bottomAnchor.constraint(equalTo: bottomAnchor),
                    line.heightAnchor.constraint(equalToConstant: 1),
                ])
            }
        }
        """
    let (layout, engine) = try run(source, file: "Banner.swift")
    #expect(frame(engine, "root") == [0, 0, 393, 60])
    #expect(frame(engine, "line") == [0, 59, 393, 1])
    #expect(layout.notes == ["Banner.swift:9 sizes the type's own view: root is 393 x 60, as the code asks ('set root.frame = …' tries another size)"])
    #expect(skipped(layout) == ["10 sizes the type's own view (root), whose frame is the session's here: not added ('set root.frame = …' tries a size)"])
    #expect(engine.broken.isEmpty)
}

/// A `UITextView` with `isScrollEnabled = false` (`scrollEnabled = NO`) is sized by its text, as
/// a label that wraps at its width inside the text view's insets; a scrolling one is not.
@Test func aTextViewThatDoesNotScrollIsSizedByItsText() throws {
    let source = """
        import UIKit
        final class Note: UIView {
            let body = UITextView()
            let log = UITextView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                body.text = "Hello world"
                body.isScrollEnabled = false
                log.text = "Scrolls"
                for v in [body, log] {
                    v.translatesAutoresizingMaskIntoConstraints = false
                    addSubview(v)
                    v.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
                    v.widthAnchor.constraint(equalToConstant: 100).isActive = true
                }
                body.topAnchor.constraint(equalTo: topAnchor).isActive = true
                log.topAnchor.constraint(equalTo: body.bottomAnchor).isActive = true
            }
        }
        """
    let (layout, engine) = try run(source, file: "Note.swift")
    #expect(layout.skipped.isEmpty)
    // Two lines of the fixed metric (20.4 each) and 16 of inset: 56.8, its edges on the
    // iPhone's pixels.
    #expect(frame(engine, "body") == [0, 0, 100, 56.667])
    #expect(engine.hierarchy.view(named: "log")?.intrinsicContentSize.height == nil)
    let objc = """
        @implementation Card
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                UITextView *text = [[UITextView alloc] init];
                text.text = @"Hello world";
                text.scrollEnabled = NO;
                text.translatesAutoresizingMaskIntoConstraints = NO;
                [self addSubview:text];
                [text.widthAnchor constraintEqualToConstant:100].active = YES;
                [text.topAnchor constraintEqualToAnchor:self.topAnchor].active = YES;
                [text.leadingAnchor constraintEqualToAnchor:self.leadingAnchor].active = YES;
            }
            return self;
        }
        @end
        """
    let (_, objcEngine) = try run(objc, file: "Card.m")
    #expect(frame(objcEngine, "text") == [0, 0, 100, 56.667])
}


/// A `UITextField` made in code has no border and the body style's font (UIKit's defaults): a
/// line of that font high, its leading included (22); a rounded rect is 34; a font set in code
/// sizes a borderless one. Read alike from Objective-C (`UITextBorderStyleRoundedRect`).
@Test func aTextFieldMadeInCodeIsALineOfItsFontHighUntilItHasABorder() throws {
    let source = """
        import UIKit
        final class Form: UIView {
            let name = UITextField()
            let email: UITextField = {
                let field = UITextField()
                field.borderStyle = .roundedRect
                field.font = UIFont.systemFont(ofSize: 14)
                return field
            }()
            let code = UITextField()
            override init(frame: CGRect) {
                super.init(frame: frame)
                code.font = .systemFont(ofSize: 14, weight: .bold)
                var previous: UIView?
                for field in [name, email, code] {
                    field.translatesAutoresizingMaskIntoConstraints = false
                    addSubview(field)
                    field.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
                    field.widthAnchor.constraint(equalToConstant: 200).isActive = true
                    field.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? topAnchor).isActive = true
                    previous = field
                }
            }
        }
        """
    func read(_ source: String, _ file: String) throws -> (CodeLayout, LayoutEngine) {
        let engine = LayoutEngine()
        try engine.setDevice("iPhone 15")
        let layout = try CodeReader.run([(source: source, file: file)], stem: String(file.split(separator: ".")[0]), into: engine)
        engine.layoutIfNeeded()
        return (layout, engine)
    }
    let (layout, engine) = try read(source, "Form.swift")
    #expect(layout.skipped.isEmpty, "\(skipped(layout))")
    #expect(frame(engine, "name") == [0, 0, 200, 22])
    #expect(frame(engine, "email") == [0, 22, 200, 34])
    // 14 points: 16.71 high, 17 on the iPhone's thirds of a point.
    #expect(frame(engine, "code") == [0, 56, 200, 17])
    #expect(engine.hierarchy.view(named: "name")?.fieldBorder == TextFieldBorder.none)
    #expect(engine.hierarchy.view(named: "email")?.fieldBorder == .roundedRect)

    let objc = """
        @implementation Card
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                UITextField *name = [[UITextField alloc] init];
                name.borderStyle = UITextBorderStyleRoundedRect;
                UITextField *plain = [UITextField new];
                plain.font = [UIFont systemFontOfSize:14];
                for (UITextField *field in @[name, plain]) {
                    field.translatesAutoresizingMaskIntoConstraints = NO;
                    [self addSubview:field];
                    [field.widthAnchor constraintEqualToConstant:100].active = YES;
                    [field.leadingAnchor constraintEqualToAnchor:self.leadingAnchor].active = YES;
                }
                [name.topAnchor constraintEqualToAnchor:self.topAnchor].active = YES;
                [plain.topAnchor constraintEqualToAnchor:name.bottomAnchor].active = YES;
            }
            return self;
        }
        @end
        """
    let (_, objcEngine) = try read(objc, "Card.m")
    #expect(frame(objcEngine, "name") == [0, 0, 100, 34])
    #expect(frame(objcEngine, "plain") == [0, 34, 100, 17])
}

/// iOS 15 configuration buttons in code: `UIButton(configuration: .filled())`, a configuration
/// built in a variable (`var config = UIButton.Configuration.plain()`, its title and insets set)
/// and assigned, and one made empty again with `nil`. Their titles are in the body style, rounded
/// to the iPhone's thirds of a point, inside 7 and 12 unless the code gives insets (and
/// `titleLabel.font` changes nothing: the configuration's font is the title's); a size other
/// than the medium one is said, not guessed.
@Test func configurationButtonsInSwiftCode() throws {
    let source = """
        import UIKit
        final class Bar: UIView {
            let save = UIButton(configuration: .filled())
            let more = UIButton(type: .system)
            let tiny = UIButton(configuration: .gray())
            override init(frame: CGRect) {
                super.init(frame: frame)
                save.setTitle("Save", for: .normal)
                save.titleLabel?.font = .systemFont(ofSize: 30)
                var config = UIButton.Configuration.plain()
                config.title = "Remove All"
                config.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 20)
                config.baseForegroundColor = .red
                more.configuration = config
                var small = UIButton.Configuration.gray()
                small.buttonSize = .small
                tiny.configuration = small
                for button in [save, more, tiny] {
                    button.translatesAutoresizingMaskIntoConstraints = false
                    addSubview(button)
                    button.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
                }
                save.topAnchor.constraint(equalTo: topAnchor).isActive = true
                more.topAnchor.constraint(equalTo: save.bottomAnchor).isActive = true
                tiny.topAnchor.constraint(equalTo: more.bottomAnchor).isActive = true
            }
        }
        """
    let engine = LayoutEngine()
    try engine.setDevice("iPhone 15")
    let layout = try CodeReader.run([(source: source, file: "Bar.swift")], stem: "Bar", into: engine)
    engine.layoutIfNeeded()
    #expect(skipped(layout) == ["16 a button size strut does not measure (only the medium size)"])
    let body = Font(.system, size: 17)
    let save = try #require(engine.hierarchy.view(named: "save"))
    #expect(save.buttonConfiguration == .filled && save.textStyle == .body)
    #expect(save.frame.width == Font.roundedUp(body.width(of: "Save"), scale: 3) + 24)
    #expect(abs(save.frame.height - 103.0 / 3) < 1e-9)
    let more = try #require(engine.hierarchy.view(named: "more"))
    #expect(more.buttonConfiguration == .plain && more.text == "Remove All")
    #expect(more.frame.width == Font.roundedUp(body.width(of: "Remove All"), scale: 3) + 30)
    #expect(abs(more.frame.height - 61.0 / 3) < 1e-9)
    #expect(engine.hierarchy.view(named: "tiny")?.buttonConfiguration == .gray)
}

/// The same in Objective-C: `[UIButtonConfiguration plainButtonConfiguration]`, its `title` and
/// `contentInsets` (`NSDirectionalEdgeInsetsMake`) set, then `[UIButton
/// buttonWithConfiguration:primaryAction:]`; `configuration = nil` makes a classic button again.
@Test func configurationButtonsInObjectiveC() throws {
    let source = """
        @implementation Bar
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                UIButtonConfiguration *config = [UIButtonConfiguration plainButtonConfiguration];
                config.title = @"Remove All";
                config.contentInsets = NSDirectionalEdgeInsetsMake(0, 10, 0, 20);
                UIButton *more = [UIButton buttonWithConfiguration:config primaryAction:nil];
                UIButton *undone = [UIButton buttonWithConfiguration:[UIButtonConfiguration filledButtonConfiguration] primaryAction:nil];
                [undone setTitle:@"Go" forState:UIControlStateNormal];
                undone.configuration = nil;
                for (UIButton *button in @[more, undone]) {
                    button.translatesAutoresizingMaskIntoConstraints = NO;
                    [self addSubview:button];
                    [button.leadingAnchor constraintEqualToAnchor:self.leadingAnchor].active = YES;
                }
                [more.topAnchor constraintEqualToAnchor:self.topAnchor].active = YES;
                [undone.topAnchor constraintEqualToAnchor:more.bottomAnchor].active = YES;
            }
            return self;
        }
        @end
        """
    let engine = LayoutEngine()
    try engine.setDevice("iPhone 15")
    let layout = try CodeReader.run([(source: source, file: "Bar.m")], stem: "Bar", into: engine)
    engine.layoutIfNeeded()
    #expect(layout.skipped.isEmpty, "\(skipped(layout))")
    let more = try #require(engine.hierarchy.view(named: "more"))
    #expect(more.buttonConfiguration == .plain && more.text == "Remove All")
    #expect(more.frame.width == Font.roundedUp(Font(.system, size: 17).width(of: "Remove All"), scale: 3) + 30)
    #expect(abs(more.frame.height - 61.0 / 3) < 1e-9)
    let undone = try #require(engine.hierarchy.view(named: "undone"))
    #expect(undone.buttonConfiguration == nil && undone.text == "Go")
    #expect(undone.frame.height == 21 + 12)
}

/// A label's line break mode by UIKit's names, as code writes them: Swift's `.byCharWrapping`,
/// Objective-C's `NSLineBreakByCharWrapping` (both were left out: only Interface Builder's
/// `characterWrap` was read). Character wrapping fills each line of a 60-point label.
@Test func lineBreakModesAreReadByUIKitsNames() throws {
    let swift = """
        import UIKit
        final class Note: UIView {
            let title = UILabel()
            let tail = UILabel()
            override init(frame: CGRect) {
                super.init(frame: frame)
                title.text = "Hi everyone"
                title.numberOfLines = 0
                title.lineBreakMode = .byCharWrapping
                tail.lineBreakMode = NSLineBreakMode.byTruncatingMiddle
                addSubview(title)
                addSubview(tail)
                title.translatesAutoresizingMaskIntoConstraints = false
                title.topAnchor.constraint(equalTo: topAnchor).isActive = true
                title.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
                title.widthAnchor.constraint(equalToConstant: 60).isActive = true
            }
        }
        """
    let (layout, engine) = try run(swift, file: "Note.swift")
    #expect(layout.skipped.isEmpty)
    #expect(engine.hierarchy.view(named: "title")?.lineBreakMode == .characterWrap)
    #expect(engine.hierarchy.view(named: "tail")?.lineBreakMode == .middleTruncation)
    let objc = """
        @implementation Note
        - (instancetype)initWithFrame:(CGRect)frame {
            if (self = [super initWithFrame:frame]) {
                UILabel *title = [UILabel new];
                title.text = @"Hi everyone";
                title.numberOfLines = 0;
                title.lineBreakMode = NSLineBreakByCharWrapping;
                title.translatesAutoresizingMaskIntoConstraints = NO;
                [self addSubview:title];
                [title.topAnchor constraintEqualToAnchor:self.topAnchor].active = YES;
                [title.leadingAnchor constraintEqualToAnchor:self.leadingAnchor].active = YES;
                [title.widthAnchor constraintEqualToConstant:60].active = YES;
            }
            return self;
        }
        @end
        """
    let (objcLayout, objcEngine) = try run(objc, file: "Note.m")
    #expect(objcLayout.skipped.isEmpty)
    #expect(objcEngine.hierarchy.view(named: "title")?.lineBreakMode == .characterWrap)
    // The same label, the same lines, in both languages.
    #expect(frame(objcEngine, "title") == frame(engine, "title"))
    // By the fixed metric, 7 characters a line: "Hi ever", "yone", 40.8 on the iPhone's pixels
    // (wrapping at words, 3 lines: "Hi", "everyon", "e").
    #expect(frame(engine, "title") == [0, 0, 60, 40.667])
}

/// A line of anchor code copied from a file runs at the prompt: its constraints as the shell's
/// own lines (view and contentView are root when no view has that name; system spacing is 8),
/// a property set as Swift sets it goes to `set`; what it cannot read is one line, and changes
/// nothing.
@Test func anchorCodeTypedAtThePrompt() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "set root.frame = 0 0 320 480; new view card; new label title in card text=Hello") == .succeeded)
    for line in [
        "card.translatesAutoresizingMaskIntoConstraints = false",
        "NSLayoutConstraint.activate([card.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor), card.trailingAnchor.constraint(equalTo: self.view.layoutMarginsGuide.trailingAnchor), card.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20)])",
        "title.topAnchor.constraint(equalToSystemSpacingBelow: card.topAnchor, multiplier: 2).isActive = true",
        "self.title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: -CGFloat(16) * -1).isActive = true",
        "card.heightAnchor.constraint(equalTo: card.widthAnchor, multiplier: 9.0 / 16.0).isActive = true",
        "title.numberOfLines = 0",
    ] {
        #expect(session.run(line: line) == .succeeded, "\(line): \(sink.errors)")
    }
    #expect(session.run(line: "layout; frame card; frame title") == .succeeded)
    #expect(sink.output.hasSuffix("card (8, 20, 304, 171)\ntitle (16, 16, 39, 20.333333)\n"))
    let dump = session.dumpJSON
    for text in ["card.leading == root.layoutMarginsGuide.leading", "card.top == root.safeAreaLayoutGuide.top + 20",
                 "title.top == card.top + 16", "title.leading == card.leading + 16", "card.height == 0.5625 * card.width"] {
        #expect(dump.contains("\"text\": \"\(text)\""), "\(text)")
    }
    #expect(dump.contains("\"lines\": 0"))
    // One undo takes the whole line back.
    #expect(session.run(line: "undo") == .succeeded)
    #expect(!session.dumpJSON.contains("\"lines\": 0"))
    #expect(session.run(line: "redo") == .succeeded)
    let before = session.dumpJSON
    expectRefused([
        ("card.heightAnchor.constraint(equalTo: card.widthAnchor)", "this makes a constraint and leaves it inactive, as UIKit does: add .isActive = true, or put it in NSLayoutConstraint.activate([…])"),
        ("card.heightAnchor.constraint(equalToConstant: 10).isActive = false", "isActive = false leaves the constraint out: nothing to add"),
        ("card.heightAnchor.constraint(equalToConstant: padding).isActive = true", "`padding` is not a number strut knows at the prompt: write its value"),
        ("card.heightAnchor.constraint(equalToConstant: 1e400).isActive = true", "`1e400` is not a finite number"),
        ("NSLayoutConstraint.activate(constraints)", "NSLayoutConstraint.activate: strut runs the calls that make the constraints, written out in it ([a.topAnchor.constraint(equalTo: …), …] or NSLayoutConstraint.constraints(withVisualFormat: …))"),
        // All or none: the first constraint is not kept when the second is refused.
        ("NSLayoutConstraint.activate([card.widthAnchor.constraint(equalToConstant: 100), card.heightAnchor.constraint(equalTo: card.leadingAnchor)])",
         "invalid pairing of layout attributes: 'card.height' and 'card.leading' (a location needs a location on the same axis, a size a size)"),
        ("card.topAnchor.constraint(equalTo: ghost.topAnchor).isActive = true", "no view named 'ghost'"),
        ("title.textColor = .red", "'textColor' does not change a frame: strut keeps only what layout reads"),
        // A mistyped relation stays one.
        ("title.top = card.top", "'=' is not a relation; use '==', '<=' or '>='"),
    ], in: session, sink)
    // A statement left open takes the next lines; closed empty, it activates nothing.
    #expect(session.run(line: "NSLayoutConstraint.activate([") == .succeeded)
    #expect(session.isPasting)
    #expect(session.run(line: "])") == .failed)
    #expect(sink.errors.hasSuffix("error: NSLayoutConstraint.activate([]) activates nothing\n"))
    #expect(!session.isPasting)
    #expect(session.dumpJSON == before)
}

/// View code typed line by line at the prompt: views made as Swift makes them, properties set
/// (fonts by UIFont's calls, insets by UIEdgeInsets), subviews added and arranged, priorities
/// by UIKit's names; what strut cannot read at the prompt is one line and changes nothing.
@Test func viewCodeTypedLineByLine() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    let code = #"""
        set device = "iPhone 15"
        let card = UIView()
        let title = UILabel()
        let detail = UILabel()
        let stack = UIStackView(arrangedSubviews: [title, detail])
        let field = UITextField()
        title.text = "Hello, \"world\""
        title.font = .preferredFont(forTextStyle: .headline)
        detail.font = UIFont.systemFont(ofSize: 13, weight: .medium)
        detail.text = "Second line"
        detail.numberOfLines = 0
        stack.axis = .vertical
        stack.spacing = 4
        stack.setCustomSpacing(10, after: title)
        card.layoutMargins = UIEdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        view.addSubview(card)
        card.addSubview(stack)
        card.addSubview(field)
        card.translatesAutoresizingMaskIntoConstraints = false
        stack.translatesAutoresizingMaskIntoConstraints = false
        field.translatesAutoresizingMaskIntoConstraints = false
        title.setContentHuggingPriority(.defaultHigh + 1, for: .vertical)
        detail.setContentCompressionResistancePriority(UILayoutPriority(rawValue: 999), for: .horizontal)
        NSLayoutConstraint.activate([card.leadingAnchor.constraint(equalTo: view.leadingAnchor), card.trailingAnchor.constraint(equalTo: view.trailingAnchor), card.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor)])
        NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor), stack.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor), stack.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor)])
        field.topAnchor.constraint(equalTo: stack.bottomAnchor, constant: 8).isActive = true
        NSLayoutConstraint.activate([field.leadingAnchor.constraint(equalTo: stack.leadingAnchor), field.trailingAnchor.constraint(equalTo: stack.trailingAnchor)])
        card.layoutMarginsGuide.bottomAnchor.constraint(equalTo: field.bottomAnchor).isActive = true
        """#
    for line in code.split(separator: "\n") {
        #expect(session.run(line: String(line)) == .succeeded, "\(line): \(sink.errors)")
    }
    #expect(session.run(line: "layout; show card") == .succeeded)
    // Headline 17 semibold (20.333 high), 10 after it; the 13-point medium line; a text field
    // made in code has no border: one line of the body style with its leading (22).
    #expect(sink.output.hasSuffix("""
        card view (0, 59, 393, 100)
          stack stack (16, 12, 361, 46)
            title label "Hello, \\"world\\"" (0, 0, 361, 20.333333)
            detail label "Second line" (0, 30.333333, 361, 15.666667)
          field field (16, 66, 361, 22)
          card.layoutMarginsGuide guide (16, 12, 361, 76)

        """))
    let dump = session.dumpJSON
    for fragment in ["\"borderStyle\": \"none\"", "\"hugging\": [250, 751]", "\"hugging\": [250, 250]", "\"compression\": [999, 750]", "\"spacingAfter\": 10", "\"weight\": \"medium\"", "\"textStyle\": \"headline\""] {
        #expect(dump.contains(fragment), "\(fragment)")
    }
    let before = session.dumpJSON
    expectRefused([
        ("let count = 5", "a Swift declaration strut does not read: at the prompt 'let NAME = UILabel()' (or another UIKit view) makes a view"),
        ("let badge = BadgeView()", "`BadgeView` is not a view strut makes at the prompt (UIView, UILabel, UIButton, UIImageView, UIStackView, UITextField, UITextView and UIKit's controls are; import the file of a class of your own)"),
        ("title.font = UIFont.preferredFont(forTextStyle: .body).withSize(3)", "`UIFont.preferredFont(forTextStyle: .body).withSize(3)` is not a font strut reads at the prompt: .systemFont(ofSize:weight:), .boldSystemFont(ofSize:), .preferredFont(forTextStyle:) or UIFont(name:size:)"),
        ("title.setContentHuggingPriority(.defaultHigh, for: axis)", "setContentHuggingPriority(_:for:) takes a priority and .horizontal or .vertical"),
        ("title.text = \"\\(name)\"", "text with an interpolation: strut reads a text written out"),
        // All or none: the view is not made when a stack's arranged subview is unknown.
        ("let row = UIStackView(arrangedSubviews: [title, ghost])", "no view named 'ghost'"),
    ], in: session, sink)
    #expect(session.dumpJSON == before)
    // A text field takes the size of a named font, not its face, as the import reads it.
    #expect(session.run(line: "field.font = UIFont(name: \"Avenir-Heavy\", size: 20)!") == .succeeded)
    #expect(session.dumpJSON.contains("\"name\": \"field\", \"kind\": \"view\", \"parent\": \"card\", \"frame\": [16, 66, 361, 22], \"ambiguous\": [], \"font\": 20, \"borderStyle\": \"none\""))
}

/// A label made in code hugs at 250, as UIKit logs it (`Hug:250`), not Interface Builder's
/// 251: beside a button, also 250, which of the two stretches is left open, and `ambiguous`
/// says so (at 251 the label would have stayed tight, silently).
@Test func aLabelMadeInCodeHugsAt250() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strut-hug-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("FieldRow.swift").path
    try """
        import UIKit

        final class FieldRow: UIView {
            let caption = UILabel()
            let edit = UIButton(type: .system)

            override init(frame: CGRect) {
                super.init(frame: frame)
                caption.text = "Name"
                edit.setTitle("Edit", for: .normal)
                for view in [caption, edit] {
                    view.translatesAutoresizingMaskIntoConstraints = false
                    addSubview(view)
                }
                NSLayoutConstraint.activate([
                    caption.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
                    edit.leadingAnchor.constraint(equalTo: caption.trailingAnchor, constant: 8),
                    edit.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
                    caption.centerYAnchor.constraint(equalTo: centerYAnchor),
                    edit.centerYAnchor.constraint(equalTo: centerYAnchor),
                ])
            }

            required init?(coder: NSCoder) { fatalError() }
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "set root.frame = 0 0 320 44; import \(path); layout; ambiguous") == .succeeded)
    #expect(sink.output.contains("caption: width in [44.666667, 250]\n"))
    #expect(sink.output.contains("  why: caption.hugging.h, edit.hugging.h compete at priority 250: the optimum does not say which gives way\n"))
    #expect(session.dumpJSON.contains("\"name\": \"caption\", \"kind\": \"label\", \"parent\": \"root\", \"frame\": [16, 11.833333, 44.666667, 20.333333], \"ambiguous\": [\"width\"], \"text\": \"Name\", \"hugging\": [250, 250]"))
    // As Interface Builder makes it, the label wins.
    #expect(session.run(line: "set caption.hugging.h = 251; layout; ambiguous") == .succeeded)
    #expect(sink.output.hasSuffix("no ambiguous views\n"))
}

/// `NSLayoutConstraint.activate([` with a constraint a line, as code is written: the lines are
/// taken until the brackets close (a `//` comment or a string's bracket does not count), then
/// run as one statement; Ctrl-C drops what was taken.
@Test func aSwiftStatementOverSeveralLines() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    expectTyped([
        "set root.frame = 0 0 320 480", "let card = UIView()", "card.translatesAutoresizingMaskIntoConstraints = false",
        "NSLayoutConstraint.activate([",
        "    card.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16), // the left edge (",
        "    card.trailingAnchor.constraint(equalTo: view.trailingAnchor,",
        "                                   constant: -16),",
        "    card.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),",
        "    card.heightAnchor.constraint(equalToConstant: 100),",
        "])",
        "layout", "frame card",
        "NSLayoutConstraint.activate([", "    card.widthAnchor.constraint(equalToConstant: 10),",
    ], then: [.interrupted, .line("constraints card")], into: session, mode: .interactive, sink)
    #expect(sink.output.contains("card (16, 20, 288, 100)\nthe Swift statement left open was dropped\n"))
    #expect(sink.output.hasSuffix("""
        c1  card.leading == root.leading + 16  [priority 1000, user, satisfied]
        c2  card.trailing == root.trailing - 16  [priority 1000, user, satisfied]
        c3  card.top == root.top + 20  [priority 1000, user, satisfied]
        c4  card.height == 100  [priority 1000, user, satisfied]

        """))
}

/// What the line reader leaves (SnapKit's blocks, the visual format, `NSLayoutConstraint(item:…)`)
/// runs through the file reader against the session's views and hierarchy: its constraints
/// come back as the session's, SnapKit's receiver loses its autoresizing constraints; what
/// cannot run at the prompt is one line, and changes nothing.
@Test func snapKitAndOtherCallsTypedAtThePrompt() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    expectTyped([
        "set root.frame = 0 0 320 480", "let card = UIView()", "let title = UILabel()", "view.addSubview(card)", "card.addSubview(title)",
        "title.text = \"Hi\"",
        "card.snp.makeConstraints { make in",
        "    make.top.equalTo(view.safeAreaLayoutGuide).offset(20)",
        "    make.leading.trailing.equalToSuperview().inset(16)",
        "}",
        "title.snp.makeConstraints { $0.edges.equalToSuperview().inset(UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)) }",
        "NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: \"V:[card]-(>=12)-|\", options: [], metrics: nil, views: [\"card\": card]))",
        "NSLayoutConstraint(item: title, attribute: .width, relatedBy: .greaterThanOrEqual, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 40).isActive = true",
        "layout", "show card", "constraints card",
    ], into: session, mode: .stopAtFirstError, sink)
    #expect(sink.output.hasSuffix("""
        card view (16, 20, 288, 36.333333)
          title label "Hi" (8, 8, 272, 20.333333)
        c1  card.top == root.safeAreaLayoutGuide.top + 20  [priority 1000, user, satisfied]
        c2  card.leading == root.leading + 16  [priority 1000, user, satisfied]
        c3  card.trailing == root.trailing - 16  [priority 1000, user, satisfied]
        c4  title.top == card.top + 8  [priority 1000, user, satisfied]
        c5  title.left == card.left + 8  [priority 1000, user, satisfied]
        c6  title.bottom == card.bottom - 8  [priority 1000, user, satisfied]
        c7  title.right == card.right - 8  [priority 1000, user, satisfied]
        c8  root.bottom >= card.bottom + 12  [priority 1000, user, satisfied]

        """))
    #expect(session.dumpJSON.contains("\"name\": \"c9\", \"text\": \"title.width >= 40\", \"priority\": 1000, \"origin\": \"user\", \"active\": true, \"state\": \"satisfied\""))
    // SnapKit turned both receivers' autoresizing constraints off.
    #expect(!session.dumpJSON.contains("autoresizing"))
    let before = session.dumpJSON
    expectRefused([
        ("NSLayoutConstraint(item: title, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 40)",
         "this makes a constraint and leaves it inactive, as UIKit does: activate it (isActive = true, or NSLayoutConstraint.activate)"),
        ("card.snp.makeConstraints { make in make.height.equalTo(ghost) }", "not run: `ghost`: a number from outside the files read"),
        ("card.snp.remakeConstraints { make in make.height.equalTo(40) }",
         "remakeConstraints changes the constraints SnapKit made before, which the session does not know as SnapKit's: at the prompt makeConstraints runs (deactivate or remove the old ones by name)"),
        // A command mistyped with parentheses is still one.
        ("fram(card)", "unknown command 'fram'; did you mean 'frame'?"),
        ("while true { card.alpha = CGFloat(1) }", "the code runs past 200000 steps (an endless loop?); nothing was added"),
    ], in: session, sink)
    #expect(session.dumpJSON == before)
}

/// Each line refused with its one-line message (the sink's last error).
func expectRefused(_ cases: [(line: String, message: String)], in session: Session, _ sink: BufferSink,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    for (line, message) in cases {
        #expect(session.run(line: line) == .failed, "\(line)", sourceLocation: sourceLocation)
        #expect(sink.errors.hasSuffix("error: \(message)\n"), "\(line): \(sink.errors)", sourceLocation: sourceLocation)
    }
}

/// Objective-C copied at the prompt: a declaration, messages that add subviews and set
/// priorities, assignments with Objective-C's literals, a Masonry block over several lines and
/// anchors' messages; the statement's `;` inside a block does not split it.
@Test func objectiveCTypedAtThePrompt() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    expectTyped([
        "set root.frame = 0 0 320 480",
        "UIView *badge = [[UIView alloc] initWithFrame:CGRectZero];", "UILabel *title = [UILabel new];",
        "[self.view addSubview:badge];", "[self.view addSubview:_title];",
        "_title.text = @\"Inbox\";", "self.title.numberOfLines = 0;",
        "[title setContentHuggingPriority:UILayoutPriorityDefaultHigh forAxis:UILayoutConstraintAxisVertical];",
        "[self.badge mas_makeConstraints:^(MASConstraintMaker *make) {",
        "    make.top.left.equalTo(self.view).with.insets(UIEdgeInsetsMake(10, 15, 10, 15));",
        "    make.size.mas_equalTo(CGSizeMake(24, 24));",
        "}];",
        "[_title mas_makeConstraints:^(MASConstraintMaker *make) { make.left.equalTo(_badge.mas_right).offset(8); make.centerY.equalTo(_badge); }];",
        "[NSLayoutConstraint activateConstraints:@[[title.widthAnchor constraintGreaterThanOrEqualToConstant:60]]];",
        "layout", "show", "constraints title",
    ], into: session, mode: .stopAtFirstError, sink)
    #expect(sink.output.hasSuffix("""
        root view (0, 0, 320, 480)
          badge view (15, 10, 24, 24)
          title label "Inbox" (47, 11.833333, 60, 20.333333)
        c5                   title.left == badge.right + 8  [priority 1000, user, satisfied]
        c6                   title.centerY == badge.centerY  [priority 1000, user, satisfied]
        c7                   title.width >= 60  [priority 1000, user, satisfied]
        title.hugging.h      title.width <= 42 @250  [priority 250, content-size, violated by 18]
        title.compression.h  title.width >= 42 @750  [priority 750, content-size, satisfied]
        title.hugging.v      title.height <= 20.333333 @750  [priority 750, content-size, satisfied]
        title.compression.v  title.height >= 20.333333 @750  [priority 750, content-size, satisfied]

        """))
    #expect(session.dumpJSON.contains("\"lines\": 0"))
    let before = session.dumpJSON
    expectRefused([
        ("[badge mas_updateConstraints:^(MASConstraintMaker *make) { make.size.mas_equalTo(CGSizeMake(32, 32)); }];",
         "mas_updateConstraints changes the constraints Masonry made before, which the session does not know as Masonry's: at the prompt mas_makeConstraints runs (deactivate or remove the old ones by name)"),
        ("[title.heightAnchor constraintEqualToConstant:30];", "this makes a constraint and leaves it inactive, as UIKit does: activate it (.active = YES, or [NSLayoutConstraint activateConstraints:…])"),
    ], in: session, sink)
    #expect(session.dumpJSON == before)
}

/// Lines typed one after another (and any further input after them), none failing.
func expectTyped(_ lines: [String], then more: [InputLine] = [], into session: Session, mode: RunMode, _ sink: BufferSink,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    var input = lines.map(InputLine.line) + more
    input.reverse()
    let outcome = session.run(source: "typed", mode: mode) { input.popLast() ?? .end }
    #expect(!outcome.failed, "\(sink.errors)", sourceLocation: sourceLocation)
}

/// `#if`: what an iOS device build compiles, at the top of a file, among a type's members and
/// in a body; the lines of the other clauses are said, with the condition that leaves them out.
@Test func compilationConditionsAreReadAsAnIOSBuildCompilesThem() throws {
    let source = """
    import UIKit

    #if canImport(AppKit)
    final class MacPanel: NSView {}
    #elseif os(iOS)
    final class Panel: UIView {
        let title = UILabel()
        let badge = UIView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(title)
            addSubview(badge)
            title.translatesAutoresizingMaskIntoConstraints = false
            badge.translatesAutoresizingMaskIntoConstraints = false
            title.text = "Hello"
            #if targetEnvironment(macCatalyst)
            badge.widthAnchor.constraint(equalToConstant: 99).isActive = true
            #else
            badge.widthAnchor.constraint(equalToConstant: 20).isActive = true
            #endif
            #if DEBUG
            badge.heightAnchor.constraint(equalToConstant: 1).isActive = true
            #endif
            pin()
        }

        #if os(iOS) && canImport(UIKit)
        func pin() {
            title.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16).isActive = true
            title.topAnchor.constraint(equalTo: topAnchor, constant: 8).isActive = true
            badge.heightAnchor.constraint(equalToConstant: 20).isActive = true
            badge.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8).isActive = true
            badge.centerYAnchor.constraint(equalTo: title.centerYAnchor).isActive = true
        }
        #endif

        required init?(coder: NSCoder) { fatalError() }
    }
    #endif
    """
    let (layout, engine) = try run(source, file: "Panel.swift")
    #expect(layout.typeName == "Panel")
    #expect(constraints(engine) == [
        "Panel.swift:20: badge.width == 20",
        "Panel.swift:30: title.leading == root.leading + 16",
        "Panel.swift:31: title.top == root.top + 8",
        "Panel.swift:32: badge.height == 20",
        "Panel.swift:33: badge.leading == title.trailing + 8",
        "Panel.swift:34: badge.centerY == title.centerY",
    ])
    #expect(skipped(layout) == [
        "18 not run: under `#if targetEnvironment(macCatalyst)`, which an iOS build does not compile",
        "23 not run: under `#if DEBUG`, which an iOS build does not compile",
    ])
    // A file whose UIKit type is all under `#if os(macOS)` has none to run.
    let mac = "import AppKit\n#if os(macOS)\nfinal class Panel: UIView {}\n#endif\n"
    #expect(throws: CodeError.self) { try run(mac, file: "Panel.swift") }
}

/// A SnapKit block runs where its call is made: one that did not run is said by what holds the
/// call (a branch not taken, a method never called), not as a closure; a closure kept for later
/// is still one strut did not run.
@Test func aSnapKitBlockNotRunIsSaidByWhatHoldsItsCall() throws {
    let source = """
    import UIKit
    import SnapKit

    final class Banner: UIView {
        let label = UILabel()
        var later: (() -> Void)?

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(label)
            label.snp.makeConstraints { make in
                make.top.leading.equalToSuperview()
            }
            if UIDevice.current.userInterfaceIdiom == .pad {
                label.snp.makeConstraints { make in
                    make.width.equalTo(300)
                }
            }
            later = {
                self.label.widthAnchor.constraint(equalToConstant: 10).isActive = true
            }
        }

        func grow() {
            label.snp.updateConstraints { make in
                make.height.equalTo(40)
            }
        }

        required init?(coder: NSCoder) { fatalError() }
    }
    """
    let (layout, _) = try run(source, file: "Banner.swift")
    #expect(skipped(layout) == [
        "16 not run: in a branch or loop strut did not take",
        "20 not run: in a closure strut did not run",
        "26 not run: `grow`, which the code strut ran never calls",
    ])
}

/// C functions given the wrong number of arguments (`MAX(x)`, `ceil()`) and a scroll view's
/// guide asked of a plain view are said and left out: the first two crashed the reader
/// (OneBusAway's map controller has a `MAX` of one macro argument).
@Test func objectiveCCallsWithTheWrongArgumentsAreSaid() throws {
    let source = """
    #import <UIKit/UIKit.h>
    @interface V : UIView
    @end
    @implementation V
    - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
        UIView *a = [UIView new];
        a.translatesAutoresizingMaskIntoConstraints = NO;
        [self addSubview:a];
        [a.topAnchor constraintEqualToAnchor:self.contentLayoutGuide.topAnchor].active = YES;
        [a.widthAnchor constraintEqualToConstant:MAX(3)].active = YES;
        [a.heightAnchor constraintEqualToConstant:ceil()].active = YES;
        [a.leadingAnchor constraintEqualToAnchor:self.leadingAnchor constant:MIN(4, 9)].active = YES;
        return self;
    }
    @end
    """
    let (layout, engine) = try run(source, file: "V.m")
    #expect(constraints(engine) == ["V.m:11: a.width == 0", "V.m:12: a.height == 0", "V.m:13: a.leading == root.leading + 4"])
    #expect(skipped(layout) == [
        "10 `contentLayoutGuide`: a property strut does not know (its class's header or another file has it)",
        "10 a value strut does not know",
        "11 `MAX(…)`: a function outside the files read; taken as 0",
        "12 `ceil(…)`: a function outside the files read; taken as 0",
    ])
}

/// `constant: .padding` and `CGFloat.padding`: a static member an extension of CGFloat gives,
/// the file's own read, one from outside the files taken as 0 and said (Mastodon's header view
/// was refused constraint by constraint).
@Test func staticMembersOfAnExtendedCGFloatAreNumbers() throws {
    let source = """
    import UIKit
    final class PadView: UIView {
        let title = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(title)
            title.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                title.topAnchor.constraint(equalTo: topAnchor, constant: .padding),
                title.leadingAnchor.constraint(equalTo: leadingAnchor, constant: -CGFloat.padding),
                title.trailingAnchor.constraint(equalTo: trailingAnchor, constant: .gutter),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }
    extension CGFloat {
        static let padding: CGFloat = 16
    }
    """
    let (layout, engine) = try run(source, file: "PadView.swift")
    #expect(constraints(engine) == [
        "PadView.swift:9: title.top == root.top + 16",
        "PadView.swift:10: title.leading == root.leading - 16",
        "PadView.swift:11: title.trailing == root.trailing",
    ])
    #expect(skipped(layout) == ["11 `.gutter`: a number from outside the files read; taken as 0"])
}

/// An Objective-C view class whose `initWithFrame:` runs `body` (statements, 4 spaces in).
func objectiveCView(_ name: String, _ body: String) -> String {
    """
    #import <UIKit/UIKit.h>
    @interface \(name) : UIView
    @end
    @implementation \(name)
    - (instancetype)initWithFrame:(CGRect)frame {
        self = [super initWithFrame:frame];
    \(body)
        return self;
    }
    @end
    """
}

/// A Swift view class whose stored `properties` come first (4 spaces in) and whose
/// `init(frame:)` runs `body` (statements, 8 spaces in): Swift's counterpart of
/// `objectiveCView`. The first property is on line 3, the body's first statement on
/// line 6 + the properties' lines.
func swiftView(_ name: String, properties: String = "", _ body: String) -> String {
    """
    import UIKit
    final class \(name): UIView {
    \(properties.isEmpty ? "" : properties + "\n")    override init(frame: CGRect) {
            super.init(frame: frame)
    \(body)
        }
        required init?(coder: NSCoder) { fatalError() }
    }
    """
}

/// UIFont's system fonts by weight in both languages: Objective-C's `systemFontOfSize:weight:`
/// takes its `UIFontWeight…` constant as Swift's call takes `.semibold`; the monospaced system
/// font is SF Mono (a monospaced face, as `SFMono-Regular` by name); monospaced digits are the
/// system font's (strut has no figures for SF Pro's tabular digits).
@Test func systemFontsByWeightAndMonospacedInBothLanguages() throws {
    let objc = objectiveCView("Fonts", """
        UILabel *a = [[UILabel alloc] init];
        a.font = [UIFont systemFontOfSize:17 weight:UIFontWeightSemibold];
        [self addSubview:a];
        UILabel *b = [[UILabel alloc] init];
        b.font = [UIFont monospacedSystemFontOfSize:13 weight:UIFontWeightBold];
        [self addSubview:b];
        UILabel *c = [[UILabel alloc] init];
        c.font = [UIFont monospacedDigitSystemFontOfSize:15 weight:UIFontWeightLight];
        [self addSubview:c];
        UILabel *d = [[UILabel alloc] init];
        d.font = [UIFont italicSystemFontOfSize:12];
        [self addSubview:d];
    """)
    let swift = """
    import UIKit
    final class Fonts: UIView {
        override init(frame: CGRect) {
            super.init(frame: frame)
            let a = UILabel(); a.font = .systemFont(ofSize: 17, weight: .semibold); addSubview(a)
            let b = UILabel(); b.font = .monospacedSystemFont(ofSize: 13, weight: .bold); addSubview(b)
            let c = UILabel(); c.font = UIFont.monospacedDigitSystemFont(ofSize: 15, weight: .light); addSubview(c)
            let d = UILabel(); d.font = .italicSystemFont(ofSize: 12); addSubview(d)
        }
        required init?(coder: NSCoder) { fatalError() }
    }
    """
    for (source, file) in [(objc, "Fonts.m"), (swift, "Fonts.swift")] {
        let (layout, engine) = try run(source, file: file)
        #expect(skipped(layout).isEmpty, "\(file): \(skipped(layout))")
        let h = engine.hierarchy
        func face(_ name: String) -> (FontFamily, FontWeight, Bool, Double) {
            let view = h.view(named: name)!
            return (view.fontFace.family, view.fontFace.weight, view.fontFace.italic, view.font)
        }
        #expect(face("a") == (.system, .semibold, false, 17), "\(file)")
        #expect(face("b") == (.menlo, .bold, false, 13), "\(file)")
        #expect(face("c") == (.system, .light, false, 15), "\(file)")
        #expect(face("d") == (.system, .regular, true, 12), "\(file)")
    }
    #expect(FontWeight(codeName: "UIFontWeightUltraLight") == .ultraLight && FontWeight(codeName: "semibold") == .semibold)
    #expect(FontWeight(codeName: "UIFontWeightHuge") == nil)
}

/// Objective-C sets what Swift sets: a stack's alignment, distribution and arrangement by
/// margins or baselines, directional margins, a button's content insets, how margins follow
/// the safe area and the superview, the semantic content attribute, Dynamic Type
/// (`preferredFontForTextStyle:` and `adjustsFontForContentSizeCategory`); a constant that
/// names none of UIKit's is said.
@Test func objectiveCSetsWhatSwiftSets() throws {
    let source = objectiveCView("Props", """
        UIStackView *s = [[UIStackView alloc] init];
        s.alignment = UIStackViewAlignmentLastBaseline;
        s.distribution = UIStackViewDistributionEqualCentering;
        s.layoutMarginsRelativeArrangement = YES;
        s.baselineRelativeArrangement = YES;
        s.directionalLayoutMargins = NSDirectionalEdgeInsetsMake(8, 16, 4, 12);
        s.preservesSuperviewLayoutMargins = YES;
        s.insetsLayoutMarginsFromSafeArea = NO;
        s.semanticContentAttribute = UISemanticContentAttributeForceRightToLeft;
        [self addSubview:s];
        UILabel *a = [[UILabel alloc] init];
        a.font = [UIFont preferredFontForTextStyle:UIFontTextStyleHeadline];
        a.adjustsFontForContentSizeCategory = YES;
        [s addArrangedSubview:a];
        UIButton *b = [UIButton buttonWithType:UIButtonTypeSystem];
        b.contentEdgeInsets = UIEdgeInsetsMake(4, 8, 4, 8);
        [self addSubview:b];
        UIStackView *t = [[UIStackView alloc] init];
        t.alignment = UIStackViewAlignmentSideways;
        t.semanticContentAttribute = UISemanticContentAttributeUpsideDown;
        [self addSubview:t];
    """)
    let (layout, engine) = try run(source, file: "Props.m")
    let h = engine.hierarchy
    let s = h.view(named: "s")!, a = h.view(named: "a")!, t = h.view(named: "t")!
    #expect(s.stack.alignment == "lastBaseline" && s.stack.distribution == "equalCentering")
    #expect(s.stack.marginsRelative && s.stack.baselineRelative)
    #expect(s.semanticContent == .forceRightToLeft)
    #expect(a.textStyle == .headline && a.adjustsFont)
    #expect(t.stack.alignment == "fill" && t.semanticContent == .unspecified)
    #expect(skipped(layout) == [
        "25 `UIStackViewAlignmentSideways`: not a stack view alignment",
        "26 `UISemanticContentAttributeUpsideDown`: not a semantic content attribute",
    ])
    #expect(h.view(named: "b")!.contentInsets == EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
    #expect(s.directionalMargins && s.margins == EdgeInsets(top: 8, left: 16, bottom: 4, right: 12))
    #expect(s.preservesSuperviewMargins && !s.insetsMarginsFromSafeArea)
}

/// A segmented control made in code is sized by its titles, in both languages: the items it is
/// made with, a segment inserted, retitled or removed, `apportionsSegmentWidthsByContent`. By
/// the fixed metric a title is 6.5 points a character, a segment 20 wider: "Day" "Week" "Year"
/// three of 26 + 20; "S" "M" "Extra Large" apportioned 26.5 + 26.5 + 91.5 (144.5, on the 3×
/// display 144.666667). An image's segment leaves it without a width of its own.
@Test func segmentedControlsInCodeAreSizedByTheirTitles() throws {
    let swift = swiftView("Filter", properties: """
        let picker = UISegmentedControl(items: ["Day", "Week", "Month"])
        let sizes = UISegmentedControl(items: ["S", "M"])
        let icons = UISegmentedControl(items: [UIImage(systemName: "star")!, "B"])
    """, """
            for view in [picker, sizes, icons] { view.translatesAutoresizingMaskIntoConstraints = false; addSubview(view) }
            sizes.insertSegment(withTitle: "Extra Large", at: 9, animated: false)
            sizes.apportionsSegmentWidthsByContent = true
            picker.setTitle("Year", forSegmentAt: 2)
            icons.removeSegment(at: 5, animated: false)
    """)
    let objc = objectiveCView("Filter", """
        UISegmentedControl *picker = [[UISegmentedControl alloc] initWithItems:@[@"Day", @"Week", @"Month"]];
        [self addSubview:picker];
        [picker setTitle:@"Year" forSegmentAtIndex:2];
        UISegmentedControl *sizes = [[UISegmentedControl alloc] initWithItems:@[@"S", @"M"]];
        [self addSubview:sizes];
        [sizes insertSegmentWithTitle:@"Extra Large" atIndex:9 animated:NO];
        sizes.apportionsSegmentWidthsByContent = YES;
        UISegmentedControl *icons = [[UISegmentedControl alloc] initWithItems:@[[UIImage systemImageNamed:@"star"], @"B"]];
        [self addSubview:icons];
        [icons removeSegmentAtIndex:5 animated:NO];
    """)
    for (source, file) in [(swift, "Filter.swift"), (objc, "Filter.m")] {
        let (layout, engine) = try run(source, file: file)
        let h = engine.hierarchy
        #expect(h.view(named: "picker")!.segments == ["Day", "Week", "Year"], "\(file)")
        #expect(h.view(named: "picker")!.intrinsicContentSize.width == 138, "\(file)")
        #expect(h.view(named: "sizes")!.segments == ["S", "M", "Extra Large"], "\(file)")
        #expect(h.view(named: "sizes")!.intrinsicContentSize.width == 434.0 / 3, "\(file)")
        #expect(h.view(named: "icons")!.segments == ["", "B"], "\(file)")
        #expect(h.view(named: "icons")!.intrinsicContentSize.width == nil, "\(file)")
        // Removing a segment that is not there is said, with its line.
        let line = file.hasSuffix(".swift") ? 12 : 16
        #expect(skipped(layout) == ["\(line) a segment's index that is not one of its 2"], "\(file): \(skipped(layout))")
    }
}

/// A text field's border style and font set after it was added to its superview count, as set
/// before (they were dropped: the field kept a borderless line's height).
@Test func aTextFieldsBorderSetAfterAddingItCounts() throws {
    let swift = swiftView("Form", properties: """
        let field = UITextField()
    """, """
            addSubview(field)
            field.borderStyle = .roundedRect
    """)
    let objc = objectiveCView("Form", """
        UITextField *field = [[UITextField alloc] init];
        [self addSubview:field];
        field.borderStyle = UITextBorderStyleRoundedRect;
    """)
    for (source, file) in [(swift, "Form.swift"), (objc, "Form.m")] {
        let (_, engine) = try run(source, file: file)
        #expect(engine.hierarchy.view(named: "field")!.fieldBorder == .roundedRect, "\(file)")
        #expect(engine.hierarchy.view(named: "field")!.intrinsicContentSize.height == 34, "\(file)")
    }
}

/// `UISegmentedControl(items:)` typed at the prompt is `new segmented` with the titles as its
/// segments (an image's segment empty); a title with an interpolation is refused, saying so.
@Test func aSegmentedControlTypedAtThePrompt() throws {
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: #"let mode = UISegmentedControl(items: ["Day", "Wk \"2\"", UIImage(named: "x")!])"#) == .succeeded, "\(sink.errors)")
    #expect(session.engine.hierarchy.view(named: "mode")!.segments == ["Day", #"Wk "2""#, ""])
    #expect(session.engine.hierarchy.view(named: "mode")!.isSegmentedControl)
    #expect(session.run(line: #"let other = UISegmentedControl(items: ["\(name)"])"#) == .failed)
    #expect(sink.errors.hasSuffix("text with an interpolation: strut reads a text written out\n"), "\(sink.errors)")
    #expect(session.engine.hierarchy.view(named: "other") == nil)
}

/// UIKit makes a switch at its size whatever frame it is given ("the size components of this
/// rectangle are ignored"), 51 × 31 with 49 of it the alignment rectangle that constraints
/// place, and a stepper at its 94 × 32; a segmented control made with items is "automatically sized to fit its content". In
/// code they came out 0 × 0 (49 wide under constraints), and typed at the prompt a switch or a
/// slider left its autoresizing constraints a width below zero, broken.
@Test func controlsMadeInCodeStartAtUIKitsSize() throws {
    let swift = swiftView("Panel", properties: """
        let placed = UISwitch()
        let loose = UISwitch(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let moved = UISwitch()
        let mode = UISegmentedControl(items: ["Day", "Week"])
        let bare = UISegmentedControl()
        let count = UIStepper(frame: CGRect(x: 4, y: 400, width: 10, height: 10))
    """, """
            placed.translatesAutoresizingMaskIntoConstraints = false
            for view in [placed, loose, moved, mode, bare, count] { addSubview(view) }
            placed.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20).isActive = true
            placed.topAnchor.constraint(equalTo: topAnchor, constant: 200).isActive = true
            moved.frame = CGRect(x: 5, y: 300, width: 200, height: 200)
    """)
    let (layout, engine) = try run(swift, file: "Panel.swift")
    #expect(skipped(layout).isEmpty, "\(skipped(layout))")
    #expect(frame(engine, "placed") == [20, 200, 51, 31])
    #expect(frame(engine, "loose") == [10, 20, 51, 31])
    #expect(frame(engine, "moved") == [5, 300, 51, 31])
    #expect(frame(engine, "mode") == [0, 0, 92, 32])
    #expect(frame(engine, "bare") == [0, 0, 0, 0])
    #expect(frame(engine, "count") == [4, 400, 94, 32])
    #expect(engine.broken.isEmpty)

    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    for line in ["set textMetric = fixed", "let toggle = UISwitch()", #"let period = UISegmentedControl(items: ["Day", "Week"])"#,
                 "let plain = UISegmentedControl()", "let volume = UISlider()", "let steps = UIStepper()", "layout"] {
        #expect(session.run(line: line) == .succeeded, "\(line): \(sink.errors)")
    }
    #expect(!sink.output.contains("broke"), "\(sink.output)")
    #expect(frame(session.engine, "toggle") == [0, 0, 51, 31])
    #expect(frame(session.engine, "period") == [0, 0, 92, 32])
    #expect(frame(session.engine, "plain") == [0, 0, 0, 0])
    #expect(frame(session.engine, "volume") == [0, 0, 0, 0])
    #expect(frame(session.engine, "steps") == [0, 0, 94, 32])
}

/// An activity indicator made in code is sized by its style in both languages: made with one
/// (`init(style:)`, `initWithActivityIndicatorStyle:`, its frame too), or given one after
/// (`style`, `activityIndicatorViewStyle`); at the prompt as well.
@Test func activityIndicatorsInCodeAreSizedByTheirStyle() throws {
    let swift = swiftView("Spin", properties: """
        let big = UIActivityIndicatorView(style: .large)
        let later = UIActivityIndicatorView()
    """, """
            later.translatesAutoresizingMaskIntoConstraints = false
            for view in [big, later] { addSubview(view) }
            later.style = .whiteLarge
            later.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 10).isActive = true
            later.topAnchor.constraint(equalTo: topAnchor, constant: 100).isActive = true
    """)
    let objc = objectiveCView("Spin", """
        UIActivityIndicatorView *big = [[UIActivityIndicatorView alloc] initWithActivityIndicatorStyle:UIActivityIndicatorViewStyleWhiteLarge];
        [self addSubview:big];
        UIActivityIndicatorView *later = [[UIActivityIndicatorView alloc] init];
        later.translatesAutoresizingMaskIntoConstraints = NO;
        [self addSubview:later];
        later.activityIndicatorViewStyle = UIActivityIndicatorViewStyleLarge;
        [later.leadingAnchor constraintEqualToAnchor:self.leadingAnchor constant:10].active = YES;
        [later.topAnchor constraintEqualToAnchor:self.topAnchor constant:100].active = YES;
    """)
    for (source, file) in [(swift, "Spin.swift"), (objc, "Spin.m")] {
        let (layout, engine) = try run(source, file: file)
        #expect(skipped(layout).isEmpty, "\(file): \(skipped(layout))")
        #expect(frame(engine, "big") == [0, 0, 37, 37], "\(file)")
        #expect(frame(engine, "later") == [10, 100, 37, 37], "\(file)")
    }
    installSwiftReader()
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "let busy = UIActivityIndicatorView(style: .large)") == .succeeded, "\(sink.errors)")
    #expect(session.run(line: "layout") == .succeeded)
    #expect(frame(session.engine, "busy") == [0, 0, 37, 37])
    #expect(session.run(line: "let spelled = UIActivityIndicatorView(style: UIActivityIndicatorView.Style.whiteLarge); layout") == .succeeded, "\(sink.errors)")
    #expect(frame(session.engine, "spelled") == [0, 0, 37, 37])
    #expect(session.run(line: "let odd = UIActivityIndicatorView(style: .huge)") == .failed)
    #expect(sink.errors.hasSuffix("`.huge`: not an activity indicator style strut knows (.medium, .large)\n"), "\(sink.errors)")
}
