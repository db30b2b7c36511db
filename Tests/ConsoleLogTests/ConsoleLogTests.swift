import Testing
import Foundation
@testable import ConsoleLog
@testable import Shell
import LayoutEngine

/// Console logs: the fixtures of ../shared/fixtures/logs (skipped when absent) and logs written
/// for each shape of AUTOLAYOUT.md §7.

let logFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/logs")

let logNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: logFolder.path)) ?? [])
    .filter { $0.hasSuffix(".txt") }.sorted()

/// Imports a log into a fresh session; the session and its printed report.
func logSession(_ text: String) -> (Session, BufferSink, LineOutcome) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var outcome = session.run(line: "paste")
    // As pasted, empty lines and all; a second empty line ends a paste left inside a message.
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        outcome = session.run(line: String(line))
    }
    outcome = session.run(line: "")
    if session.isPasting { outcome = session.run(line: "") }
    return (session, sink, outcome)
}

/// For every conflict strut reports: the set is made of logged constraints, cannot hold on its
/// own, and each offered fix (deactivating the member) lets the rest of the set hold.
func checkConflicts(_ text: String, _ file: String) throws {
    let (session, _, outcome) = logSession(text)
    #expect(outcome == .succeeded, "\(file)")
    let log = ConsoleLog.read(text)
    let engine = session.engine
    let reports = engine.diagnostics.conflictReports()
    #expect(!reports.isEmpty, "\(file): no conflict found")
    let logged = Set(log.constraints.map { "c_" + String($0.address.suffix(4)) })
    for report in reports {
        let names = report.set.map(engine.name(of:))
        // `c_abcd` or `c_abcd.hug` / `.compression`, possibly `_2` when two addresses share an end.
        #expect(names.allSatisfy { logged.contains(String($0.prefix(6))) }, "\(file): \(names)")
        // Only the set, on fresh placeholders: still a conflict.
        let (alone, _, _) = logSession(text)
        let others = alone.engine.hierarchy.userConstraints.map(\.constraint.name).filter { !names.contains($0) }
        if !others.isEmpty { #expect(alone.run(line: "deactivate \(others.joined(separator: " "))") == .succeeded) }
        #expect(!alone.engine.conflicts.isEmpty, "\(file): \(names) holds on its own")
        for fix in report.resolving {
            let (fixed, _, _) = logSession(text)
            var off = others
            off.append(engine.name(of: fix))
            #expect(fixed.run(line: "deactivate \(off.joined(separator: " "))") == .succeeded)
            #expect(fixed.engine.conflicts.isEmpty, "\(file): deactivating \(engine.name(of: fix)) does not resolve \(names)")
        }
    }
}

@Test(.enabled(if: !logNames.isEmpty, "../shared/fixtures/logs is absent"), arguments: logNames)
func everyFixtureLogImportsWithAMinimalSetAndWorkingFixes(_ file: String) throws {
    let text = try String(contentsOf: logFolder.appendingPathComponent(file), encoding: .utf8)
    let log = ConsoleLog.read(text)
    #expect(log.skipped.isEmpty, "\(file): \(log.skipped)")
    #expect(log.constraints.count >= 3)
    try checkConflicts(text, file)
}

/// The classic: a cell's height from its content fights the height UIKit gave the cell. The
/// iOS 10+ shape, as Xcode prints it with a timestamp and process prefix.
let encapsulatedLog = """
2017-12-10 14:43:56.185902-0800 InputAccessoryViewTest[29643:1101268] [LayoutConstraints] Unable to simultaneously satisfy constraints.
\tProbably at least one of the constraints in the following list is one you don't want. 
\tTry this: 
\t\t(1) look at each constraint and try to figure out which you don't expect; 
\t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
(
    "<NSLayoutConstraint:0x600000a8b1b0 UIImageView:0x7f8794e0f3d0.height == 100   (active)>",
    "<NSLayoutConstraint:0x600000a8b250 V:|-(8)-[UIImageView:0x7f8794e0f3d0]   (active, names: '|':UITableViewCellContentView:0x7f8794e11f10 )>",
    "<NSLayoutConstraint:0x600000a8b2f0 V:[UIImageView:0x7f8794e0f3d0]-(8)-|   (active, names: '|':UITableViewCellContentView:0x7f8794e11f10 )>",
    "<NSLayoutConstraint:0x600000a8c0a0 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7f8794e11f10.height == 112.333   (active)>"
)

Will attempt to recover by breaking constraint 
<NSLayoutConstraint:0x600000a8b1b0 UIImageView:0x7f8794e0f3d0.height == 100   (active)>

Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
"""

@Test func theEncapsulatedHeightCaseSaysLowerYourConstraintTo999() throws {
    let (session, sink, outcome) = logSession(encapsulatedLog)
    #expect(outcome == .succeeded)
    let out = sink.output
    #expect(out.contains("read 4 constraints from the pasted log on 2 placeholder views: UITableViewCellContentView_1f10, UIImageView_f3d0"))
    #expect(out.contains("UIKit broke c_b1b0: UIImageView_f3d0.height == 100"))
    #expect(out.contains("These 4 of the logged constraints cannot all hold (a minimal set):"))
    #expect(out.contains("strut breaks c_b1b0 too: added last, as UIKit was adding it, it is the newest of the set."))
    #expect(out.contains("  c_c0a0 'UIView-Encapsulated-Layout-Height': UITableViewCellContentView_1f10.height == 112.333 "))
    #expect(out.contains("Whose they are:\n  yours: c_b250, c_b2f0, c_b1b0\n  the table view's cell sizing (UIKit): c_c0a0 'UIView-Encapsulated-Layout-Height'\n"))
    #expect(out.contains("c_c0a0 'UIView-Encapsulated-Layout-Height' is the size UIKit gives the cell or view, for the moment; let it win by lowering one of your constraints to 999:\n  priority c_b250 999\n  priority c_b2f0 999\n  priority c_b1b0 999"))
    let h = session.engine.hierarchy
    #expect(h.view(named: "UIImageView_f3d0")!.parent == h.view(named: "UITableViewCellContentView_1f10")!.id)
    #expect(h.constraint(named: "c_c0a0")!.identifier == "UIView-Encapsulated-Layout-Height")
    // The fix works: at 999 the image view gives way and nothing is broken.
    #expect(session.run(line: "priority c_b1b0 999; layout") == .succeeded)
    #expect(session.engine.conflicts.isEmpty)
    #expect(session.run(line: "expect UIImageView_f3d0.height == 96.333; expect violated c_b1b0") == .succeeded)
    try checkConflicts(encapsulatedLog, "encapsulated")
}

/// iOS 8's one-line shape: legacy size art, `@` priorities, `(Names: …)`, no `(active)`,
/// an autoresizing constraint with its mask, a content-size constraint, and what strut skips:
/// a redacted line, a private class whose body is not a view's attribute, a line cut off.
let legacyLog = """
Unable to simultaneously satisfy constraints.  Probably at least one of the constraints in the following list is one you don't want. Try this: (1) look at each constraint and try to figure out which you don't expect; (2) find the code that added the unwanted constraint or constraints and fix it. (Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) 
(
    "<NSLayoutConstraint:0x7fe3d04a1b70 H:[UIView:0x7fe3d0446b30(304)]>",
    "<NSLayoutConstraint:0x7fe3d04a1c10 H:|-(20)-[UIView:0x7fe3d0446b30]   (Names: '|':UIView:0x7fe3d0449e40 )>",
    "<NSLayoutConstraint:0x7fe3d04a1cb0 H:[UIView:0x7fe3d0446b30]-(20)-|   (Names: '|':UIView:0x7fe3d0449e40 )>",
    "<NSAutoresizingMaskLayoutConstraint:0x7fe3d05b6360 h=--& v=--& H:[UIView:0x7fe3d0449e40(320)]>",
    "<NSContentSizeLayoutConstraint:0x7fe3d05b7000 H:[UILabel:0x7fe3d0450000'Hello'(42)] Hug:250 CompressionResistance:750>",
    "<NSLayoutConstraint:0x7fe3d05b7100 H:[UILabel:0x7fe3d0450000'Hello'(<=30@751)]>",
    "<NSLayoutConstraint:0x7fe3d05b7200 <private>>",
    "<_UIPrivateThingConstraint:0x7fe3d05b7300 UIView:0x7fe3d0449e40.frobWidth{id: 3} == 320>",
    "<NSLayoutConstraint:0x7fe3d05b7400 UIView:0x7fe3d0449e40.height ==
)

Will attempt to recover by breaking constraint <NSLayoutConstraint:0x7fe3d04a1b70 H:[UIView:0x7fe3d0446b30(304)]>

Break on objc_exception_throw to catch this in the debugger.
"""

@Test func theLegacyShapeAndWhatIsSkipped() throws {
    let log = ConsoleLog.read(legacyLog)
    #expect(log.constraints.map { "c_" + $0.address.suffix(4) } == ["c_1b70", "c_1c10", "c_1cb0", "c_6360", "c_7000", "c_7100"])
    #expect(log.skipped.map(\.line) == [9, 10, 11])
    #expect(log.skipped.map(\.reason)[0...1] == ["redacted (<private>)", "_UIPrivateThingConstraint: unknown attribute 'frobWidth' at ' == 320>'"])
    #expect(log.skipped[2].reason == "the description is cut off")
    #expect(log.messages.map(\.broken) == [0])
    let (session, sink, outcome) = logSession(legacyLog)
    #expect(outcome == .succeeded)
    let h = session.engine.hierarchy
    let texts = h.userConstraints.map { "\($0.constraint.name): \(h.text(of: $0.constraint)) [\($0.constraint.origin.rawValue)]" }
    #expect(texts == [
        "c_1c10: UIView_6b30.leading == UIView_9e40.leading + 20 [user]",
        "c_1cb0: UIView_9e40.trailing == UIView_6b30.trailing + 20 [user]",
        "c_6360: UIView_9e40.width == 320 [autoresizing]",
        "c_7000.hug: UILabel_0000.width <= 42 @250 [content-size]",
        "c_7000.compression: UILabel_0000.width >= 42 @750 [content-size]",
        "c_7100: UILabel_0000.width <= 30 @751 [user]",
        "c_1b70: UIView_6b30.width == 304 [user]",
    ])
    #expect(sink.output.contains("skipped: line 9: redacted (<private>)\nskipped: line 10: _UIPrivateThingConstraint: unknown attribute 'frobWidth' at ' == 320>'\nskipped: line 11: the description is cut off"))
    #expect(sink.output.contains("strut breaks c_1b70 too"))
    #expect(session.run(line: "expect violated c_7000.compression; expect broken c_1b70") == .succeeded)
    try checkConflicts(legacyLog, "legacy")
}

@Test func descriptionsInEveryForm() throws {
    func one(_ text: String) throws -> LogConstraint {
        var parser = DescriptionParser(text, line: 1)
        return try parser.parse()
    }
    let equation = try one("<NSLayoutConstraint:0x6000 'my-id' UIButton:0x7ff0'Send'.trailing == 0.5*UIView:0x7ff1.trailing - 5 priority:999   (inactive)>")
    #expect(equation.identifier == "my-id" && equation.first.label == "Send" && equation.multiplier == 0.5)
    #expect(equation.constant == -5 && equation.priority == 999 && !equation.isActive)
    let negative = try one("<NSLayoutConstraint:0x6010 UIView:0x7ff1.width == - 16   (active)>")
    #expect(negative.second == nil && negative.constant == -16)
    let postfix = try one("<NSLayoutConstraint:0x181cef70 UIImageView:0x4db3270.width == UIImageView:0x4db3270.height * 0.384615>")
    #expect(postfix.multiplier == 0.384615 && postfix.secondAttribute == .height)
    let sibling = try one("<_UISystemBaselineConstraint:0x60 'UISV-spacing' V:[UIStackView:0x7fa6]-(NSLayoutAnchorConstraintSpace(8))-[UIButton:0x7fa7'Go']   (active)>")
    #expect(sibling.first.className == "UIButton" && sibling.firstAttribute == .top && sibling.second?.className == "UIStackView")
    #expect(sibling.secondAttribute == .bottom && sibling.constant == 8)
    let ltr = try one("<NSLayoutConstraint:0x60 H:[UILayoutGuide:0x61'UIViewLayoutMarginsGuide']-(15)-|(LTR)   (active, names: '|':_UIButtonBarStackView:0x7fb5 )>")
    #expect(ltr.first.className == "|" && ltr.firstAttribute == .right && ltr.secondAttribute == .right && ltr.superview?.className == "_UIButtonBarStackView")
    let snap = try one("<SnapKit.LayoutConstraint:0x6000002b2660@CCBaseCell.swift#88 NSKVONotifying_LQRoundedCornerView:0x7ff92c7ec1f0.height >= 44.0>")
    #expect(snap.relation == .greaterThanOrEqual && snap.constant == 44 && snap.first.className == "NSKVONotifying_LQRoundedCornerView")
    let space = try one("<NSLayoutConstraint:0x283c8c8c0 UILayoutGuide:0x2826f9880'UIViewLayoutMarginsGuide'.bottom == UIButton:0x10f755100'Cancel'.bottom NSSpace(0)   (active)>")
    #expect(space.constant == 0 && space.secondAttribute == .bottom)
    let autoresizing = try one("<NSAutoresizingMaskLayoutConstraint:0x283c8f570 h=-&- v=&-- UIView:0x10f754f20.height == 86   (active)>")
    #expect(autoresizing.accessory == "h=-&- v=&--" && autoresizing.constant == 86)
    let content = try one("<NSContentSizeLayoutConstraint:0x60 UILabel:0x7f'Hi'.width == 17 Hug:251 CompressionResistance:750   (active)>")
    #expect(content.contentPriorities?.hug == 251 && content.contentPriorities?.compression == 750)
    #expect(throws: LogError.self) { try one("<NSLayoutConstraint:0x60 UIView:0x7f.middle == 3>") }
}

@Test func aLogWithNothingReadableChangesNothing() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "paste") == .succeeded)
    #expect(session.run(line: "nothing to see here") == .succeeded)
    #expect(session.run(line: "") == .failed)
    #expect(sink.errors == "error: no constraint descriptions could be read from the pasted log\n")
    #expect(StateDump.json(session.engine) == before)
    // And the session goes on as usual.
    #expect(session.run(line: "new view a") == .succeeded)
}

@Test func aLogWhoseLineBreaksWereLostReadsTheSame() {
    let flat = encapsulatedLog.split(separator: "\n").joined(separator: " ")
    let log = ConsoleLog.read(flat)
    let original = ConsoleLog.read(encapsulatedLog)
    #expect(log.constraints.map(\.address) == original.constraints.map(\.address))
    #expect(log.constraints.count == 4)
    #expect(log.messages.map(\.broken) == [0] && original.messages.map(\.broken) == [0])
    #expect(log.skipped.isEmpty)
}

@Test func aLabelKeepsItsText() {
    let (session, _, _) = logSession(legacyLog)
    let label = session.engine.hierarchy.view(named: "UILabel_0000")!
    #expect(label.kind == .label && label.text == "Hello" && label.documentClass == "UILabel")
    #expect(label.intrinsicContentSize.width == nil && label.intrinsicContentSize.height == nil)
}

@Test func aLogPastedAtTheEndOfAScriptIsReadWithoutItsEmptyLine() throws {
    let path = "/tmp/strut-paste-\(UInt32.random(in: 0...UInt32.max)).strut"
    try "paste\n<NSLayoutConstraint:0x1 UIView:0x2.width == 10>\n<NSLayoutConstraint:0x3 UIView:0x2.width == 20>".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "load \(path)") == .succeeded)
    #expect(sink.output.contains("read 2 constraints from the pasted log on 1 placeholder view: UIView_2"))
    #expect(session.run(line: "expect broken c_3") == .succeeded)
}
