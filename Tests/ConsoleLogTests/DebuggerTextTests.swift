import Testing
@testable import ConsoleLog
import LayoutEngine

/// What LLDB prints, as developers pasted it (each text from a public thread, its source above
/// it): views with their frames and tree, a trace's AMBIGUOUS marks, lists of constraints.

/// `po [self.view recursiveDescription]`, from a blog's notes on LLDB (layers and a layout
/// guide among the views).
let pastedRecursiveDescription = """
    (lldb) po [self.view recursiveDescription]
    <UIView: 0x7fc94b63c360; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x7fc94b63c340>>
       | <UIView: 0x7fc94b63c470; frame = (0 0; 375 667); autoresize = RM+BM; layer = <CALayer: 0x7fc94b63c580>>
       |    | <UILabel: 0x7fc94b63c5a0; frame = (166.5 110; 42 20.5); text = 'Label'; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x7fc94b63c9d0>>
       |    | <UIButton: 0x7fc94b63b7c0; frame = (164.5 318.5; 46 30); opaque = NO; autoresize = RM+BM; layer = <CALayer: 0x7fc94b63a930>>
       |    |    | <UIButtonLabel: 0x7fc94b647df0; frame = (0 6; 46 18); text = 'Button'; alpha = 0.2; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x7fc94b646690>>
       | <_UILayoutGuide: 0x7fc94b63d3e0; frame = (0 0; 0 64); hidden = YES; layer = <CALayer: 0x7fc94b63ae00>>
    """

/// Cycript's `[[UIApp keyWindow] recursiveDescription].toString()`, from a reverse-engineering
/// guide: a backtick before the window, a hidden label, a text with spaces and a cut.
let pastedCycriptDescription = """
    cy# [[UIApp keyWindow] recursiveDescription].toString()
    `<UIWindow: 0x16e82190; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x16e80ac0>; layer = <UIWindowLayer: 0x16e63ce0>>
       | <UIView: 0x16e935f0; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x16e93680>>
       |    | <UILabel: 0x16e8f840; frame = (0 40; 82 20.5); text = 'i am groot!'; hidden = YES; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x16e8f920>>
       |    | <UILabel: 0x16e8e030; frame = (0 110.5; 320 20.5); text = 'A Secret Is Found In The ...'; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x16e8e290>>
    """

/// `po view.constraints` in Swift, from wtfautolayout's issue 24 (labels of empty quotes, a
/// priority both in the art and after it).
let pastedSwiftConstraints = """
     - 0 : <NSLayoutConstraint:0x6000035b77a0 UILayoutGuide:0x600002fe0e00''.centerY == UIFoundation.TitleSubtitleView:0x7f909a93c110.centerY   (active)>
      - 1 : <NSLayoutConstraint:0x6000035b7750 H:|-(0)-[UILayoutGuide:0x600002fe0e00'']   (active, names: '|':UIFoundation.TitleSubtitleView:0x7f909a93c110 )>
      - 2 : <NSLayoutConstraint:0x6000035b77f0 UILayoutGuide:0x600002fe0e00''.trailing == UIFoundation.TitleSubtitleView:0x7f909a93c110.trailing   (active)>
      - 3 : <NSLayoutConstraint:0x6000035b7840 V:|-(>=0)-[UILayoutGuide:0x600002fe0e00'']   (active, names: '|':UIFoundation.TitleSubtitleView:0x7f909a93c110 )>
      - 4 : <NSLayoutConstraint:0x6000035b7890 V:|-(0@250)-[UILayoutGuide:0x600002fe0e00''] priority:250   (active, names: '|':UIFoundation.TitleSubtitleView:0x7f909a93c110 )>
      - 5 : <NSLayoutConstraint:0x6000035b78e0 UILayoutGuide:0x600002fe0ee0''.top == UILayoutGuide:0x600002fe0e00''.top + 12   (active)>
    """

/// `_autolayoutTrace`, real lines put together as WWDC 2015 session 219 shows them (markers,
/// an engine host missing its host constraints, ambiguous variables by id).
let pastedTrace = """
    UIWindow:0x7f88a8e4a4a0
    |   UILayoutContainerView:0x7f88a8f23b70
    |   |   •UIView:0x7f88a8ca2880
    |   |   |   *UIView:0x7f88a8ca2a10
    |   |   |   |   *UIButton:0x7f88a8c98820'Archived'
    |   |   |   |   |   UIButtonLabel:0x7f88a8cb0e30'Archived'
    |   |   |   •UIView:0x7f88a8f39fa0, MISSING HOST CONSTRAINTS
    |   |   |   |   *UIButton:0x7f88a8cb9bf0'Retrieve data'- AMBIGUOUS LAYOUT for UIButton:0x7f88a8cb9bf0'Retrieve data'.minX{id: 170}, UIButton:0x7f88a8cb9bf0'Retrieve data'.minY{id: 171}
    |   |   |   |   |   +UIView:0x7f88a8cc1d30- AMBIGUOUS LAYOUT for UIView:0x7f88a8cc1d30.minX{id: 172}
    """

@Test func aRecursiveDescriptionGivesTheTreeAndItsFrames() throws {
    let tree = try #require(DebuggerText.tree(pastedRecursiveDescription))
    #expect(tree.kind == .recursiveDescription)
    #expect(tree.views.map(\.className) == ["UIView", "UIView", "UILabel", "UIButton", "UIButtonLabel"])
    #expect(tree.views.map(\.depth) == [0, 1, 2, 2, 3])
    #expect(tree.views[2] == DumpedView(className: "UILabel", address: "0x7fc94b63c5a0", depth: 2,
                                        frame: Rect(x: 166.5, y: 110, width: 42, height: 20.5), text: "Label",
                                        mask: [.flexibleRightMargin, .flexibleBottomMargin]))
    #expect(tree.views[0].mask == [.flexibleWidth, .flexibleHeight])

    let cycript = try #require(DebuggerText.tree(pastedCycriptDescription))
    #expect(cycript.views.map(\.className) == ["UIWindow", "UIView", "UILabel", "UILabel"])
    #expect(cycript.views[2].hidden && cycript.views[2].text == "i am groot!")
    #expect(cycript.views[3].text == "A Secret Is Found In The ...")
    #expect(cycript.views[0].mask == nil)
}

@Test func aTraceGivesTheTreeAndWhatUIKitCalledAmbiguous() throws {
    let tree = try #require(DebuggerText.tree(pastedTrace))
    #expect(tree.kind == .autolayoutTrace)
    #expect(tree.views.map(\.depth) == [0, 1, 2, 3, 4, 5, 3, 4, 5])
    #expect(tree.views.map { $0.marker.map(String.init) ?? "" } == ["", "", "•", "*", "*", "", "•", "*", "+"])
    #expect(tree.views[7].text == "Retrieve data" && tree.views[7].ambiguous == ["x", "y"])
    #expect(tree.views[8].ambiguous == ["x"])
    #expect(tree.views.filter { !$0.ambiguous.isEmpty }.count == 2)
}

@Test func aListOfConstraintsLLDBPrintedIsReadAndKnownForOne() {
    let log = ConsoleLog.read(pastedSwiftConstraints)
    #expect(log.constraints.count == 6)
    #expect(log.constraints.map(\.priority) == [1000, 1000, 1000, 1000, 250, 1000])
    #expect(DebuggerText.isConstraintList(pastedSwiftConstraints))
    #expect(DebuggerText.tree(pastedSwiftConstraints) == nil)
    #expect(!DebuggerText.isConstraintList("Unable to simultaneously satisfy constraints.\n(\n\"<NSLayoutConstraint:0x1 UIView:0x2.width == 1>\"\n)"))
    #expect(DebuggerText.startsDebuggerOutput("(lldb) po view.constraints"))
    #expect(DebuggerText.startsDebuggerOutput("UIWindow:0x7f88a8e4a4a0"))
    #expect(!DebuggerText.startsDebuggerOutput("new view a"))
}
