import Testing
@testable import Shell
import LayoutEngine

struct VFLLayout: CustomTestStringConvertible, Sendable {
    var setup: [String]
    var format: String
    var frames: [String: Rect]
    var testDescription: String { format }
}

/// Apple's examples (AUTOLAYOUT.md §5.2), each pinned where the format leaves freedom, and the
/// frames they give.
let vflLayouts: [VFLLayout] = [
    VFLLayout(setup: ["new button button text=\"Go\"", "new view textField",
                      "button.left == root.left + 20; button.top == root.top + 50",
                      "textField.top == button.top; textField.width == 100; textField.height == 30"],
              format: "[button]-[textField]",
              frames: ["button": Rect(x: 20, y: 50, width: 15, height: 18), "textField": Rect(x: 43, y: 50, width: 100, height: 30)]),
    VFLLayout(setup: ["new button button text=\"Go\"", "button.left == root.left + 20; button.top == root.top + 50"],
              format: "[button(>=50)]", frames: ["button": Rect(x: 20, y: 50, width: 50, height: 18)]),
    VFLLayout(setup: ["new view purpleBox", "purpleBox.top == root.top + 100; purpleBox.height == 10"],
              format: "|-50-[purpleBox]-50-|", frames: ["purpleBox": Rect(x: 50, y: 100, width: 290, height: 10)]),
    VFLLayout(setup: ["new view topField", "new view bottomField",
                      "topField.left == root.left; topField.top == root.top + 100; topField.width == 100; topField.height == 30",
                      "bottomField.left == root.left; bottomField.width == 100; bottomField.height == 30"],
              format: "V:[topField]-10-[bottomField]", frames: ["bottomField": Rect(x: 0, y: 140, width: 100, height: 30)]),
    VFLLayout(setup: ["new view maroonView", "new view blueView",
                      "maroonView.left == root.left + 10; maroonView.width == 50; maroonView.top == root.top; maroonView.height == 10",
                      "blueView.width == 20; blueView.top == root.top; blueView.height == 10"],
              format: "[maroonView][blueView]", frames: ["blueView": Rect(x: 60, y: 0, width: 20, height: 10)]),
    VFLLayout(setup: ["new view button", "button.left == root.left; button.top == root.top; button.height == 10",
                      "button.width == 50 @10"],
              format: "[button(100@20)]", frames: ["button": Rect(x: 0, y: 0, width: 100, height: 10)]),
    VFLLayout(setup: ["new view button1", "new view button2", "button2.width == 80",
                      "button1.left == root.left; button1.top == root.top; button1.height == 10"],
              format: "[button1(==button2)]", frames: ["button1": Rect(x: 0, y: 0, width: 80, height: 10)]),
    VFLLayout(setup: ["new label flexibleButton text=\"A long title here\"",
                      "flexibleButton.left == root.left; flexibleButton.top == root.top"],
              format: "[flexibleButton(>=70,<=100)]", frames: ["flexibleButton": Rect(x: 0, y: 0, width: 100, height: 20.4)]),
    VFLLayout(setup: ["new label find text=\"Find\"", "new label findNext text=\"Next\"", "new view findField",
                      "find.top == root.top; findNext.top == root.top; findField.top == root.top; findField.height == 20"],
              format: "|-[find]-[findNext]-[findField(>=20)]-|",
              frames: ["find": Rect(x: 8, y: 0, width: 34, height: 20.4), "findNext": Rect(x: 50, y: 0, width: 34, height: 20.4),
                       "findField": Rect(x: 92, y: 0, width: 290, height: 20)]),
]

@Test(arguments: vflLayouts)
func appleExamplesGiveTheirFrames(_ example: VFLLayout) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    // Apple's examples' frames, worked out by the SPEC's fixed text metric (a button's title
    // is 15 points, as UIButton's).
    _ = session.run(line: "set textMetric = fixed")
    // The shell reads a line as VFL when it starts with H: or V: (SPEC.md).
    let format = example.format.hasPrefix("V:") ? example.format : "H:" + example.format
    for line in example.setup + [format, "layout"] {
        #expect(session.run(line: line) == .succeeded, "\(line): \(sink.errors)")
    }
    for (name, frame) in example.frames {
        let actual = session.engine.hierarchy.view(named: name)?.frame  // outside #expect (see ParserTests)
        #expect(actual == frame, "\(name)")
    }
}

@Test func aNamedLineNamesItsConstraintsOneByOne() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view a; new view b; row: H:|-[a]-[b(==a)]-| options: alignAllCenterY metrics: unused=3") == .succeeded)
    #expect(sink.output == """
        row.1  a.leading == root.leadingMargin
        row.2  b.leading == a.trailing + 8
        row.3  b.width == a.width
        row.4  root.trailingMargin == b.trailing
        row.5  a.centerY == b.centerY

        """)
    #expect(session.run(line: "toggle row.2; remove row.5") == .succeeded)
    let states = session.engine.hierarchy.allConstraints.map { "\($0.constraint.name):\($0.constraint.isActive)" }
    #expect(states == ["row.1:true", "row.2:false", "row.3:true", "row.4:true"])
}

@Test func metricsAndOptionsComeAfterTheFormat() {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view a; new view b; V:|-top-[a(h)]-(>=gap@750)-[b] metrics: top=20 h=44 gap=8 options: spacingBaselineToBaseline") == .succeeded, "\(sink.errors)")
    #expect(sink.output == """
        c1  a.top == root.top + 20
        c2  a.height == 44
        c3  b.firstBaseline >= a.lastBaseline + 8 @750

        """)
}

struct VFLShellError: CustomTestStringConvertible, Sendable {
    var line: String
    var errors: String
    var testDescription: String { line }
}

let vflShellErrors: [VFLShellError] = [
    VFLShellError(line: "H:|-[a]-[zz]|", errors: "error: Unable to parse constraint format: zz is not a key in the views dictionary.\n    H:|-[a]-[zz]|\n               ^\n"),
    VFLShellError(line: "V:|[a(>30)]|", errors: "error: Unable to parse constraint format: Unknown relation. Must be ==, >=, or <=\n    V:|[a(>30)]|\n           ^\n"),
    VFLShellError(line: "H:|-gap-[a]|", errors: "error: Unable to parse constraint format: Encountered metric with name \"gap\", but value was not specified in metrics or views dictionaries\n    H:|-gap-[a]|\n        ^\n"),
    VFLShellError(line: "H:[root]-|", errors: "error: Unable to parse constraint format: Unable to interpret '|' character, because the related view doesn't have a superview\n    H:[root]-|\n            ^\n"),
    VFLShellError(line: "H:|[a(10@2000)]|", errors: "error: Unable to parse constraint format: Invalid priority specified: 2000. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.\n    H:|[a(10@2000)]|\n                 ^\n"),
    VFLShellError(line: "H:|[a]| options: alignAllTopp", errors: "error: unknown option 'alignAllTopp'; did you mean 'alignAllTop'?\n"),
    VFLShellError(line: "H:|[a]| metrics: gap", errors: "error: expected '=' after 'gap', found the end of the line; usage: [NAME:] H:FORMAT|V:FORMAT [options: OPTION...] [metrics: NAME=VALUE...]\n"),
    VFLShellError(line: "H:|[a]| extra", errors: "error: Unable to parse constraint format: Expected the end of the format string\n    H:|[a]| extra\n           ^\n"),
    VFLShellError(line: "H:|[a]| options: alignAllTop metrics: x=1 options", errors: "error: expected '=' after 'options', found the end of the line; usage: [NAME:] H:FORMAT|V:FORMAT [options: OPTION...] [metrics: NAME=VALUE...]\n"),
    VFLShellError(line: "c1: H:[a(10)]", errors: "error: a constraint named 'c1.1' already exists; pick another name\n"),
]

@Test(arguments: vflShellErrors)
func vflErrorsShowUIKitsCaretAndChangeNothing(_ example: VFLShellError) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "new view a; c1.1: a.width == 3") == .succeeded, "\(sink.errors)")
    let before = StateDump.json(session.engine)
    #expect(session.run(line: example.line) == .failed)
    #expect(sink.errors == example.errors)
    #expect(StateDump.json(session.engine) == before)
}
