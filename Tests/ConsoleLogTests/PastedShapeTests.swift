import Testing
import Foundation
@testable import ConsoleLog
@testable import Shell
import LayoutEngine

/// Logs as people paste them: out of GitHub issues, blogs, chats and source comments, with the
/// damage each trip does, and the shapes UIKit, Masonry and SnapKit print that a clean sample
/// never shows. Addresses are made up; the shapes are real (fixtures/logs/pasted/SOURCES.txt).

/// The strut constraint names each log constraint became, by log order.
func importedTexts(_ text: String) -> (Session, String, [String]) {
    let (session, sink, _) = logSession(text)
    let h = session.engine.hierarchy
    return (session, sink.output + sink.errors, h.userConstraints.map { "\($0.constraint.name): \(h.text(of: $0.constraint))" })
}

@Test func markdownEscapesAndStrippedBracketsRead() {
    let escaped = """
    (
        "\\<NSLayoutConstraint:0x600000088110 V:\\[UIInputView:0x7ff78350d460(246)\\]\\>",
        "\\<NSLayoutConstraint:0x600000088220 UIInputView:0x7ff78350d460.height == 0.22\\*UITableViewCellContentView:0x7ff78350d990.height\\>"
    )
    """
    let log = ConsoleLog.read(escaped)
    #expect(log.skipped.isEmpty)
    #expect(log.constraints.map(\.address) == ["600000088110", "600000088220"])
    #expect(log.constraints[1].multiplier == 0.22 && log.constraints[1].second?.className == "UITableViewCellContentView")

    let stripped = """
    > Unable to simultaneously satisfy constraints.
    > NSLayoutConstraint:0x9162d50 H:[UIView:0x9161180(70)],
    >     "NSLayoutConstraint:0x9162e60 H:[UIView:0x9161180(80)]"
    > Will attempt to recover by breaking constraint
    > NSLayoutConstraint:0x9162e60 H:[UIView:0x9161180(80)]
    """
    let (_, out, texts) = importedTexts(stripped)
    #expect(texts == ["c_2d50: UIView_1180.width == 70", "c_2e60: UIView_1180.width == 80"])
    #expect(out.contains("UIKit broke c_2e60: UIView_1180.width == 80"))
    #expect(out.contains("strut breaks c_2e60 too"))
}

@Test func commentPrefixesBoldMarkersBackticksAndStarsForUnderscoresRead() {
    let text = """
    //    `Unable to simultaneously satisfy constraints.
    //    (
    //    **"<NSLayoutConstraint:0x6000001 'accessoryView.bottom' *UIRemoteKeyboardPlaceholderView:0x1001.bottom == *UIKBCompatInputView:0x1002.top   (active)>",**
    //    "<NSLayoutConstraint:0x6000002 _UIRemoteKeyboardPlaceholderView:0x1001.height == 10   (active)>"
    //    )```
    """
    let log = ConsoleLog.read(text)
    #expect(log.skipped.isEmpty)
    #expect(log.constraints.map(\.first.className) == ["_UIRemoteKeyboardPlaceholderView", "_UIRemoteKeyboardPlaceholderView"])
    #expect(log.constraints[0].second?.className == "_UIKBCompatInputView")
    #expect(log.constraints[0].identifier == "accessoryView.bottom")
    #expect(LogText.clean("0.5*UIView:0x1.width") == "0.5*UIView:0x1.width")
    #expect(LogText.clean("'The operation couldn\\U2019t be...'") == "'The operation couldn\u{2019}t be...'")
}

@Test func viewsNamedThroughTheLegendAreOneView() {
    let text = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600001 AddressToolbar.lockIcon.width == 40   (active, names: AddressToolbar.lockIcon:0x106c2b2e0 )>",
        "<NSLayoutConstraint:0x600002 UIImageView:0x106c2b2e0.width == 44   (active)>",
        "<NSLayoutConstraint:0x600003 progress background.height == 5   (active, names: progress background:0x1089a5290 )>",
        "<NSLayoutConstraint:0x600004 DetailViewFeatureItemCell....width == 54   (active, names: DetailViewFeatureItemCell...:0x1089a5300 )>",
        "<NSLayoutConstraint:0x600005 ListViewImage-a....width == 1.574*ListViewImage-a....height   (active, names: ListViewImage-a...:0x1089a5400 )>",
        "<NSLayoutConstraint:0x600006 H:|-(0)-[name_label]   (active, names: name_label:0x1089a5500, '|':UIView:0x1089a5600 )>",
        "<NSLayoutConstraint:0x600007 UILabel:0x1089a5500.width == 500   (active)>",
        "<NSLayoutConstraint:0x600008 H:[name_label]-(0)-|   (active, names: name_label:0x1089a5500, '|':UIView:0x1089a5600 )>",
        "<NSLayoutConstraint:0x600009 UIView:0x1089a5600.width == 100   (active)>"
    )
    """
    let log = ConsoleLog.read(text)
    #expect(log.skipped.isEmpty)
    let (session, out, texts) = importedTexts(text)
    #expect(texts == [
        "c_0001: lockIcon.width == 40", "c_0002: lockIcon.width == 44", "c_0003: progressBackground.height == 5",
        "c_0004: DetailViewFeatureItemCell.width == 54", "c_0005: ListViewImageA.width == 1.574 * ListViewImageA.height",
        "c_0006: name_label.leading == UIView_5600.leading", "c_0007: name_label.width == 500",
        "c_0008: UIView_5600.trailing == name_label.trailing", "c_0009: UIView_5600.width == 100",
    ])
    // One view per address, the label under the legend's superview.
    let h = session.engine.hierarchy
    #expect(h.view(named: "name_label")!.parent == h.view(named: "UIView_5600")!.id)
    #expect(out.contains("read 9 constraints from the pasted log on 6 placeholder views: lockIcon, progressBackground, DetailViewFeatureItemCell, ListViewImageA, UIView_5600, name_label"))
    #expect(out.contains("These 2 of the logged constraints cannot all hold"))
}

@Test func labelsWithQuotesEscapesAndLineBreaksRead() {
    let text = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600001 UILabel:0x7f95b5653eb0'YOU'RE OK'.bottom == UIView:0x7f95b5650000.bottom - 10   (active)>",
        "<NSLayoutConstraint:0x600002 UILabel:0x7f95b5654000'The operation couldn\\U2019t be...'.top == UIView:0x7f95b5650000.top   (active)>",
        "<NSLayoutConstraint:0x600003 UILabel:0x7f95b5655000'Line one\\nLine two'.height == 20   (active)>"
    )

    Will attempt to recover by breaking constraint
    <NSLayoutConstraint:0x600003 UILabel:0x7f95b5655000'Line one
    Line two'.height == 20   (active)>
    """
    let log = ConsoleLog.read(text)
    #expect(log.skipped.isEmpty)
    #expect(log.constraints.map { $0.first.label ?? "" } == ["YOU'RE OK", "The operation couldn\u{2019}t be...", "Line one\\nLine two"])
    #expect(log.constraints[0].constant == -10 && log.constraints[0].secondAttribute == .bottom)
    // The broken one, split by the label's line break, is the listed one.
    #expect(log.messages.count == 1 && log.messages[0].broken == 2)
}

@Test func autoresizingEdgesWithoutASecondItemOrAtAFraction() {
    let text = """
    (
        "<NSAutoresizingMaskLayoutConstraint:0x600001 h=--& v=--& UILabel:0x7fa5588ae800'3,74'.midY == + 39   (active)>",
        "<NSAutoresizingMaskLayoutConstraint:0x600002 h=--& v=--& UILabel:0x7fa5588ae800'3,74'.height == 20   (active)>",
        "<NSLayoutConstraint:0x600003 V:|-(8)-[UILabel:0x7fa5588ae800'3,74']   (active, names: '|':UIView:0x7fa5588a0000 )>",
        "<NSAutoresizingMaskLayoutConstraint:0x600004 h=&-& v=&-& UIView:0x7fa5588b0000.minX == 0.5*UIView:0x7fa5588a0000.width - 32   (active)>",
        "<NSLayoutConstraint:0x600005 'UIView-Encapsulated-Layout-Width' UIView:0x7fa5588a0000.width == 400   (active)>"
    )
    """
    let (session, out, texts) = importedTexts(text)
    #expect(texts.contains("c_0001: UILabel_e800.centerY == 39"))
    #expect(texts.contains("c_0004: UIView_0000_2.minX == 0.5 * UIView_0000.width - 32"))
    // The autoresizing edge is in its superview's coordinates: 39 - 10 = 29 is the label's y.
    #expect(out.contains("These 3 of the logged constraints cannot all hold"))
    let h = session.engine.hierarchy
    #expect(h.view(named: "UIView_0000_2")!.parent == h.view(named: "UIView_0000")!.id)
    #expect(session.run(line: "deactivate c_0003; layout; expect UILabel_e800.y == 29; expect UIView_0000_2.x == 168") == .succeeded)
}

@Test func theOldSnapKitShapeAndKeysInPlaceOfAddresses() {
    let text = """
    Unable to simultaneously satisfy constraints.
    (
        "<<App.LayoutConstraint:0x7f8a412e8740> <UIView:0x7f8a412e8eb0>.top == <_UILayoutGuide:0x7f8a412e9430>.bottom>",
        "<<App.LayoutConstraint:0x7f8a412e8750> <UIView:0x7f8a412e8eb0>.top == <_UILayoutGuide:0x7f8a412e9430>.bottom + 20>",
        "<MASLayoutConstraint:ConflictingConstraint[0] UILabel:blueView.left == MASExampleDebuggingView:superview.left + 1>",
        "<MASLayoutConstraint:0x6000000a4bc0 UILabel:blueView.left == MASExampleDebuggingView:superview.left + 10>",
        "<SnapKit.LayoutConstraint:Min dodgy constraint@UnlockViewController.swift#107 UIScrollView:0x7fe6f5850000.trailing == UILayoutGuide:0x600003f89260.trailing - 30.0>"
    )
    """
    let log = ConsoleLog.read(text)
    #expect(log.skipped.isEmpty)
    #expect(log.constraints.map { $0.key ?? $0.address } == ["7f8a412e8740", "7f8a412e8750", "ConflictingConstraint[0]", "6000000a4bc0", "Min dodgy constraint"])
    #expect(log.constraints[4].location == "UnlockViewController.swift#107")
    let (_, out, texts) = importedTexts(text)
    #expect(texts.contains("c_8740: UIView_8eb0.top == _UILayoutGuide_9430.bottom"))
    #expect(texts.contains("ConflictingConstraint0: blueView.left == superview.left + 1"))
    #expect(texts.contains("MinDodgyConstraint: UIScrollView_0000.trailing == UILayoutGuide_9260.trailing - 30"))
    #expect(out.contains("  yours (Masonry key ConflictingConstraint[0]): ConflictingConstraint0\n"))
    #expect(LogOwner(log.constraints[4]) == .yours("UnlockViewController.swift#107"))
    #expect(LogOwner(log.constraints[0]) == .yours("SnapKit"))
}

@Test func privateClassesAreReadWhereTheyCanBeAndSkippedAlone() {
    let text = """
    Unable to simultaneously satisfy constraints.
    (
        "<_UIScrollViewAutomaticContentSizeConstraint:0x17ea5500 UITableView:0x18894000.contentHeight{id: 178} == -5.000000>",
        "<_UIMysteryConstraint:0x17ea5600 UITableView:0x18894000.wibble{id: 9} == 3>",
        "<NSLayoutConstraint:0x17ea5700 UITableView:0x18894000.height == 300>"
    )
    """
    let (session, out, texts) = importedTexts(text)
    #expect(texts == ["c_5500: UITableView_4000_content.height == -5", "c_5700: UITableView_4000.height == 300"])
    #expect(session.engine.hierarchy.view(named: "UITableView_4000_content")!.kind == .guide)
    #expect(out.contains("skipped: line 4: _UIMysteryConstraint: unknown attribute 'wibble' at ' == 3>'"))
    #expect(out.contains("This logged constraint cannot hold on its own:\n  c_5500: UITableView_4000_content.height == -5   UITableView_4000_content.height = -5, but a height is never negative"))
    #expect(out.contains("Whose they are:\n  UIKit private (_UIScrollViewAutomaticContentSizeConstraint): c_5500\n"))
    #expect(out.contains("Nothing in this set is yours: UIKit private (_UIScrollViewAutomaticContentSizeConstraint). The conflict is inside UIKit; no change to your constraints resolves it."))
}

let twoMessages = """
2020-03-20 14:53:36.445021+0100 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
(
    "<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 10   (active)>",
    "<NSLayoutConstraint:0x600002 UIView:0x7f01.width == 20   (active)>"
)

Will attempt to recover by breaking constraint 
<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 10   (active)>

Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
2020-03-20 14:53:36.445022+0100 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
(
    "<NSLayoutConstraint:0x600002 UIView:0x7f01.width == 20   (active)>",
    "<NSLayoutConstraint:0x600003 UIView:0x7f01.width == 30   (active)>"
)

Will attempt to recover by breaking constraint 
<NSLayoutConstraint:0x600003 UIView:0x7f01.width == 30   (active)>

Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
"""

@Test func eachMessageIsItsOwnConflictWithItsOwnBrokenConstraint() {
    let log = ConsoleLog.read(twoMessages)
    #expect(log.messages.map(\.members) == [[0, 1], [1, 2]])
    #expect(log.messages.map(\.broken) == [0, 2])
    #expect(log.messages.map(\.lines) == [1...11, 12...22])
    let (_, out, _) = importedTexts(twoMessages)
    #expect(out.contains("read 3 constraints from the pasted log on 1 placeholder view: UIView_7f01"))
    #expect(out.contains("2 messages in this log: each is its own conflict, compared with the constraint UIKit broke in it."))
    #expect(out.contains("""
        Message 1 of 2 (lines 1-11):
        UIKit broke c_0001: UIView_7f01.width == 10

        These 2 of the logged constraints cannot all hold (a minimal set):
          c_0002: UIView_7f01.width == 20   UIView_7f01.width = 20
          c_0001: UIView_7f01.width == 10   cannot hold: off by 10
        strut breaks c_0001 too
        """))
    #expect(out.contains("""
        Message 2 of 2 (lines 12-22):
        UIKit broke c_0003: UIView_7f01.width == 30

        These 2 of the logged constraints cannot all hold (a minimal set):
          c_0002: UIView_7f01.width == 20   UIView_7f01.width = 20
          c_0003: UIView_7f01.width == 30   cannot hold: off by 10
        strut breaks c_0003 too
        """))
}

@Test func aTailAloneSaysWhatToPaste() {
    let text = """
    Will attempt to recover by breaking constraint 
    <NSLayoutConstraint:0x6000017e4d20 UILabel:0x7ff6604226a0'No events'.bottom == UIView:0x7ff660425800.bottom   (active)>
    """
    let (_, out, texts) = importedTexts(text)
    #expect(texts == ["c_4d20: UILabel_26a0.bottom == UIView_5800.bottom"])
    #expect(out.contains("""
        UIKit broke c_4d20: UILabel_26a0.bottom == UIView_5800.bottom
        Only the constraint UIKit broke is here, without the list it conflicts with: paste the whole message, from "Unable to simultaneously satisfy constraints." to "may also be helpful."
        c_4d20 is yours.
        """))
}

@Test func skippedLinesMayCarryTheConflict() {
    let text = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 10   (active)>",
        "<NSLayoutConstraint:0x600002 UIView:0x7f01.girth == 20   (active)>"
    )
    """
    let (_, out, _) = importedTexts(text)
    #expect(out.contains("skipped: line 4: unknown attribute 'girth' at ' == 20   (active)>'"))
    #expect(out.contains("These constraints can all hold in strut's model, but a line of this message could not be rebuilt and may carry the conflict: line 4."))
    #expect(!out.contains("nothing to break"))
}

@Test func aConflictThatNeedsOtherMarginsSaysWhichMargins() {
    let text = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600001 UILabel:0x7f02.leading == UITableViewCellContentView:0x7f01.leadingMargin   (active)>",
        "<NSLayoutConstraint:0x600002 UILabel:0x7f02.trailing == UITableViewCellContentView:0x7f01.trailingMargin   (active)>",
        "<NSLayoutConstraint:0x600003 UILabel:0x7f02.width >= 300   (active)>",
        "<NSLayoutConstraint:0x600004 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0x7f01.width == 320   (active)>"
    )
    """
    let (_, out, _) = importedTexts(text)
    #expect(out.contains("These constraints hold only if the layout margins are at most 10 (strut's placeholders have 8): UIKit's must have been larger for its conflict to happen."))
    let baselines = """
    Unable to simultaneously satisfy constraints.
    (
        "<NSLayoutConstraint:0x600001 UILabel:0x7f02'Title'.top == UIView:0x7f01.top   (active)>",
        "<NSLayoutConstraint:0x600002 UILabel:0x7f02'Title'.firstBaseline <= UIView:0x7f01.top + 19   (active)>"
    )
    """
    let (_, said, _) = importedTexts(baselines)
    #expect(said.contains("These constraints hold only if the labels' fonts are at most 19.955 (a baseline is San Francisco's ascender, 0.952 × the font, below a label's top; strut's placeholders have 17): UIKit's must have been larger for its conflict to happen."))
}

@Test func textsThatAreNotAConflictLogSayWhatTheyAre() {
    func error(_ text: String) -> String {
        let (_, sink, outcome) = logSession(text)
        #expect(outcome == .failed)
        return sink.errors
    }
    func read(_ text: String) -> String {
        let (_, sink, outcome) = logSession(text)
        #expect(outcome == .succeeded)
        return sink.output
    }
    let trace = """
    UIWindow:0x7f88a8e4a4a0
    |   •UIView:0x7f88a8ca2880
    |   |   *UIButton:0x7f88a8c98820'Archived'- AMBIGUOUS LAYOUT for UIButton:0x7f88a8c98820'Archived'.minX{id: 170}
    """
    // What LLDB prints about views is read as a tree (DebuggerTextTests).
    #expect(read(trace).contains("UIKit marked 1 view AMBIGUOUS LAYOUT: UIButton_8820 (x)\n"))
    let stripped = "Unable to simultaneously satisfy constraints.\n(\n\"\",\n\"\"\n)"
    #expect(error(stripped) == "error: the pasted log's list holds 2 empty entries (\"\"): the page it was copied from dropped everything between < and >, the constraint descriptions with it; copy the log from Xcode's console, or from the page's source, instead\n")
    let views = "<UIView: 0x7f8; frame = (0 0; 375 812); autoresize = W+H; layer = <CALayer: 0x600>>"
    #expect(read(views).contains("read a view's description from the pasted log: UIView_7f8 at the frame UIKit printed (root.frame = 0 0 375 812)\n"))
    #expect(error("<CALayer: 0x600; frame = (0 0; 375 812)> (layer)").hasPrefix("error: the pasted log holds view descriptions"))
}

@Test func aPasteGoesOnPastUIKitsOwnEmptyLinesAndEndsAtACommand() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    for line in ["paste"] + twoMessages.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        #expect(session.run(line: line) == .succeeded)
    }
    // The log ended with its tail; an empty line ends the paste.
    #expect(session.isPasting)
    #expect(session.run(line: "") == .succeeded)
    #expect(!session.isPasting)
    #expect(sink.output.contains("2 messages in this log"))
    // A list then an empty line: the breaking line may follow; a command ends the paste and runs.
    #expect(session.run(line: "paste") == .succeeded)
    for line in ["(", "\"<NSLayoutConstraint:0x700001 UIView:0x8f01.width == 10>\",", ")", ""] { _ = session.run(line: line) }
    #expect(session.isPasting)
    #expect(session.run(line: "new view after") == .succeeded)
    #expect(!session.isPasting)
    #expect(session.engine.hierarchy.view(named: "after") != nil && session.engine.hierarchy.view(named: "UIView_8f01") != nil)
}

@Test func whoseAConstraintIs() throws {
    func owner(_ description: String) throws -> LogOwner {
        var parser = DescriptionParser(description, line: 1)
        return LogOwner(try parser.parse())
    }
    #expect(try owner("<NSLayoutConstraint:0x1 'UISV-spacing' H:[UIView:0x2]-(8)-[UIView:0x3]>") == .stackView)
    #expect(try owner("<NSLayoutConstraint:0x1 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x2.height == 44>") == .encapsulated(cell: "table view"))
    #expect(try owner("<NSLayoutConstraint:0x1 UICollectionViewCellContentView:0x2.height == 44.5>") == .encapsulated(cell: "collection view"))
    #expect(try owner("<NSLayoutConstraint:0x1 'UIView-Encapsulated-Layout-Width' UIView:0x2.width == 320>") == .encapsulated(cell: nil))
    #expect(try owner("<NSAutoresizingMaskLayoutConstraint:0x1 h=--& v=--& UIView:0x2.minX == 0>") == .autoresizing)
    #expect(try owner("<NSLayoutConstraint:0x1 '_UITemporaryLayoutHeight' UIView:0x2.height == 0>") == .temporary)
    #expect(try owner("<NSLayoutConstraint:0x1 'UIViewSafeAreaLayoutGuide-top' V:|-(0)-[UILayoutGuide:0x2'UIViewSafeAreaLayoutGuide']   (active, names: '|':UIView:0x3 )>") == .safeArea)
    #expect(try owner("<NSLayoutConstraint:0x1 'UIView-leftMargin-guide-constraint' H:|-(8)-[UILayoutGuide:0x2'UIViewLayoutMarginsGuide'](LTR)   (active, names: '|':UIView:0x3 )>") == .margins)
    #expect(try owner("<NSLayoutConstraint:0x1 'assistantHeight' SystemInputAssistantView.height == 45   (active, names: SystemInputAssistantView:0x2 )>") == .keyboard)
    #expect(try owner("<NSLayoutConstraint:0x1 V:|-(0)-[UIInputView:0x2]   (Names: '|':UIInputSetHostView:0x3 )>") == .keyboard)
    #expect(try owner("<NSLayoutConstraint:0x1 _UIButtonBarStackView:0x2.width <= 0>") == .bar)
    #expect(try owner("<_UIScrollViewAutomaticContentSizeConstraint:0x1 UITableView:0x2.contentHeight{id: 3} == -5>") == .uikit("_UIScrollViewAutomaticContentSizeConstraint"))
    #expect(try owner("<SnapKit.LayoutConstraint:0x1@Cell.swift#93 UILabel:0x2.top == UIView:0x3.top + 10.0>") == .yours("Cell.swift#93"))
    #expect(try owner("<MASLayoutConstraint:0x1 UILabel:0x2.top == UIView:0x3.top>") == .yours("Masonry"))
    #expect(try owner("<NSLayoutConstraint:0x1 UILabel:0x2.top == _UILayoutGuide:0x3.bottom>") == .yours(nil))
    #expect(try owner("<_UISystemBaselineConstraint:0x1 UIView:0x2.bottom <= UILayoutGuide:0x3.bottom NSLayoutAnchorConstraintSpace(8)>") == .yours(nil))
}

let pastedFolder = logFolder.appendingPathComponent("pasted")
let pastedNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: pastedFolder.path)) ?? [])
    .filter { $0.hasPrefix("real-") && $0.hasSuffix(".txt") }.sorted()

/// Every real paste: every listed constraint read and made; each message analysed on its own,
/// every conflict within UIKit's list for that message; the constraint UIKit broke recognised in
/// every message that names it; a conflict found in every message that has its list.
@Test(.enabled(if: !pastedNames.isEmpty, "../shared/fixtures/logs/pasted is absent"), arguments: pastedNames)
func everyRealPasteReads(_ file: String) throws {
    let text = try String(contentsOf: pastedFolder.appendingPathComponent(file), encoding: .utf8)
    let log = ConsoleLog.read(text)
    #expect(log.skipped.isEmpty, "\(file): \(log.skipped)")
    guard !log.constraints.isEmpty else {
        // Only the scraped page whose brackets were stripped has nothing left to read.
        #expect(log.emptyEntries > 0, "\(file)")
        #expect(LogReport.unreadable(log, text, file).contains("dropped everything between < and >"))
        return
    }
    let engine = LayoutEngine()
    let report = try LogImporter(engine: engine).run(log)
    #expect(report.skipped.isEmpty, "\(file): \(report.skipped)")
    #expect(report.names.allSatisfy { !$0.isEmpty }, "\(file): a constraint was not made")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (message, made) in zip(log.messages, report.messages) {
        let namesBroken = lines[(message.lines.lowerBound - 1)..<message.lines.upperBound].contains { $0.contains("Will attempt to recover by breaking constraint") }
        #expect(!namesBroken || made.uikitBroke != nil, "\(file) lines \(message.lines): UIKit's broken constraint not recognised")
        let scratch = report.plan.engine(for: message)
        let conflicts = scratch.diagnostics.conflictReports()
        for conflict in conflicts {
            let set = Set(conflict.set.map(scratch.name(of:)))
            #expect(set.isSubset(of: Set(made.names)), "\(file) lines \(message.lines): \(set) is not within UIKit's list")
        }
        if message.hasList { #expect(!conflicts.isEmpty, "\(file) lines \(message.lines): no conflict found") }
    }
}

@Test func aNameCutShortInTheBodyIsTheLegendsFullName() throws {
    var parser = DescriptionParser("<NSLayoutConstraint:0x600001 DetailViewFeatureItemCe....width == 54   (active, names: DetailViewFeatureItemCellView:0x1089a5300 )>", line: 1)
    let constraint = try parser.parse()
    #expect(constraint.first.address == "1089a5300" && constraint.first.name == "DetailViewFeatureItemCellView")
    #expect(constraint.firstAttribute == .width && constraint.constant == 54)
}
