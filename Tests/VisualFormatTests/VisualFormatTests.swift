import Testing
@testable import VisualFormat
import LayoutEngine

/// The constraints of a format as text, made in an engine whose views are all subviews of root.
func lowered(_ format: String, views: [String], options: VisualFormatOptions = [],
             metrics: [String: Double] = [:]) throws -> [String] {
    let engine = LayoutEngine()
    for name in views { try engine.addView(kind: .view, name: name, parent: "root") }
    let parser = VisualFormatParser(format: format, options: options, metrics: metrics, views: Set(views + ["root"]),
                                    superview: { $0 == "root" ? nil : "root" })
    let specs = try parser.constraints()
    var texts: [String] = []
    for spec in specs {
        let name = try engine.addConstraint(spec)
        let constraint = engine.hierarchy.constraint(named: name)!
        texts.append(engine.hierarchy.text(of: constraint))
    }
    return texts
}

struct Example: CustomTestStringConvertible, Sendable {
    var format: String
    var views: [String]
    var constraints: [String]
    var options: VisualFormatOptions = []
    var metrics: [String: Double] = [:]
    var testDescription: String { format }
}

/// AUTOLAYOUT.md §5.2 (Apple's examples), then the forms UIKit documents.
let examples: [Example] = [
    Example(format: "[button]-[textField]", views: ["button", "textField"],
            constraints: ["textField.leading == button.trailing + 8"]),
    Example(format: "[button(>=50)]", views: ["button"], constraints: ["button.width >= 50"]),
    Example(format: "|-50-[purpleBox]-50-|", views: ["purpleBox"],
            constraints: ["purpleBox.leading == root.leading + 50", "root.trailing == purpleBox.trailing + 50"]),
    Example(format: "V:[topField]-10-[bottomField]", views: ["topField", "bottomField"],
            constraints: ["bottomField.top == topField.bottom + 10"]),
    Example(format: "[maroonView][blueView]", views: ["maroonView", "blueView"],
            constraints: ["blueView.leading == maroonView.trailing"]),
    Example(format: "[button(100@20)]", views: ["button"], constraints: ["button.width == 100 @20"]),
    Example(format: "[button1(==button2)]", views: ["button1", "button2"], constraints: ["button1.width == button2.width"]),
    Example(format: "[flexibleButton(>=70,<=100)]", views: ["flexibleButton"],
            constraints: ["flexibleButton.width >= 70", "flexibleButton.width <= 100"]),
    Example(format: "|-[find]-[findNext]-[findField(>=20)]-|", views: ["find", "findNext", "findField"],
            constraints: ["find.leading == root.leadingMargin", "findNext.leading == find.trailing + 8",
                          "findField.leading == findNext.trailing + 8", "findField.width >= 20",
                          "root.trailingMargin == findField.trailing"]),
    Example(format: "[b(==a)]", views: ["a", "b"], constraints: ["b.width == a.width"]),
    Example(format: "[button(>=70,<=100@750)]", views: ["button"],
            constraints: ["button.width >= 70", "button.width <= 100 @750"]),
    Example(format: "H:[a]-(>=8@999)-[b]", views: ["a", "b"], constraints: ["b.leading >= a.trailing + 8 @999"]),
    Example(format: "V:|-[a(44)]-(>=gap,<=wide)-[b]|", views: ["a", "b"],
            constraints: ["a.top == root.topMargin", "a.height == 44", "b.top >= a.bottom + 12",
                          "b.top <= a.bottom + 100", "root.bottom == b.bottom"],
            metrics: ["gap": 12, "wide": 100]),
    Example(format: "H:|-(-10)-[a]", views: ["a"], constraints: ["a.leading == root.leading - 10"]),
    Example(format: "H:[a][b(a)]", views: ["a", "b"], constraints: ["b.leading == a.trailing", "b.width == a.width"]),
    Example(format: "H:|[a]-[b]|", views: ["a", "b"], constraints: ["a.leading == root.leading", "b.leading == a.trailing + 8", "root.trailing == b.trailing",
                          "a.centerY == b.centerY"],
            options: [.alignAllCenterY]),
    Example(format: "H:|-[a]-[b]-|", views: ["a", "b"], constraints: ["a.left == root.leftMargin", "b.left == a.right + 8", "root.rightMargin == b.right"],
            options: [.directionLeftToRight]),
    Example(format: "H:|-4-[a]-[b]", views: ["a", "b"], constraints: ["a.left == b.right + 8", "root.right == a.right + 4"],
            options: [.directionRightToLeft]),
    Example(format: "V:[a]-[b]", views: ["a", "b"], constraints: ["b.firstBaseline == a.lastBaseline + 8"],
            options: [.spacingBaselineToBaseline]),
    Example(format: "V:[a(>=h@p)]", views: ["a"], constraints: ["a.height >= 30 @250"], metrics: ["h": 30, "p": 250]),
]

@Test(arguments: examples)
func formatsMakeUIKitsConstraints(_ example: Example) throws {
    #expect(try lowered(example.format, views: example.views, options: example.options, metrics: example.metrics)
            == example.constraints)
}

struct Malformed: CustomTestStringConvertible, Sendable {
    var format: String
    var description: String
    var caret: Int?
    var options: VisualFormatOptions = []
    var testDescription: String { format }
}

let views = ["a", "b", "whiteBox1", "whiteBox2", "blackBox4", "redBox", "background", "view1", "orphan"]

let malformed: [Malformed] = [
    Malformed(format: "V|[background]|", description: "Expected ':' after 'V' to specify vertical arrangement", caret: 1),
    Malformed(format: "H|[a]", description: "Expected ':' after 'H' to specify horizontal arrangement", caret: 1),
    Malformed(format: "H:|-(>=50)-[orphan(100)]", description: "Unable to interpret '|' character, because the related view doesn't have a superview", caret: 24),
    Malformed(format: "[orphan]-|", description: "Unable to interpret '|' character, because the related view doesn't have a superview", caret: 8),
    Malformed(format: "|[whiteBox1][blackBox4(blackWidth][redBox]|", description: "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier", caret: 33),
    Malformed(format: "|[whiteBox2][blackBox]", description: "blackBox is not a key in the views dictionary.", caret: 21),
    Malformed(format: "V:|[blackBox4(>30)]|", description: "Unknown relation. Must be ==, >=, or <=", caret: 15),
    Malformed(format: "H:|[a(=<30)]|", description: "Unknown relation. Must be ==, >=, or <=", caret: 7),
    Malformed(format: "H:|[a(>=10]|", description: "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier", caret: 10),
    Malformed(format: "H:|[a|", description: "Expected a ']' here. That is how you give the end of a view.", caret: 5),
    Malformed(format: "H:|[a]]", description: "Expected the end of the format string", caret: 6),
    Malformed(format: "H:|[a", description: "Unexpectedly ran out of character fodder in the middle of parsing a view", caret: 5),
    Malformed(format: "H:a]", description: "Expected a view or '|'", caret: 2),
    Malformed(format: "H: |[a]|", description: "Expected a view or '|'", caret: 2),
    Malformed(format: "H:|- [a]|", description: "Expected a number or key from the metrics dictionary, but encountered something else", caret: 4),
    Malformed(format: "H:|[a] -[b]|", description: "Expected the end of the format string", caret: 6),
    Malformed(format: "H:|-gap-[a]|", description: "Encountered metric with name \"gap\", but value was not specified in metrics or views dictionaries", caret: 4),
    Malformed(format: "H:|[a(w)]|", description: "Encountered metric with name \"w\", but value was not specified in metrics or views dictionaries", caret: 6),
    Malformed(format: "H:[a]-b-[a]", description: "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]", caret: 6),
    Malformed(format: "H:|[a(100@0)]|", description: "Invalid priority specified: 0. Priority must be greater than 0", caret: 11),
    Malformed(format: "H:|[a(100@1001)]|", description: "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", caret: 14),
    Malformed(format: "H:|--10-[a]", description: "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.", caret: 4),
    Malformed(format: "H:[a]-5,6-[b]", description: "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints", caret: 7),
    Malformed(format: "H:[a]-5[b]", description: "Expected a '-' here", caret: 7),
    Malformed(format: "H:[1a]", description: "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.", caret: 3),
    Malformed(format: "H:[a]-", description: "Expected more input", caret: 6),
    Malformed(format: "", description: "It's an empty string.", caret: nil),
    Malformed(format: "H:|[a]|\u{00e9}", description: "It contains non-ASCII characters.", caret: nil),
    Malformed(format: "H:[a][b]", description: "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.", caret: 2, options: [.alignAllLeading]),
    Malformed(format: "V:[a][b]", description: "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.", caret: 2, options: [.alignAllTop]),
    Malformed(format: "[a]-[b]", description: "BaselineToBaseline format option not valid for horizontal layout", caret: 0, options: [.spacingBaselineToBaseline]),
]

@Test(arguments: malformed)
func malformedFormatsGetUIKitsMessageAndCaret(_ m: Malformed) throws {
    let parser = VisualFormatParser(format: m.format, options: m.options, metrics: ["blackWidth": 20],
                                    views: Set(views), superview: { $0 == "orphan" ? nil : "root" })
    let error = try #require(throws: VisualFormatError.self) { try parser.constraints() }
    #expect(error.description == m.description)
    #expect(error.hasCaret == (m.caret != nil))
    if let caret = m.caret { #expect(error.index == caret) }
}

@Test func theReasonIsUIKitsExactText() throws {
    let parser = VisualFormatParser(format: "V|[background]|", views: ["background"], superview: { _ in "root" })
    let error = try #require(throws: VisualFormatError.self) { try parser.constraints() }
    #expect(error.uikitReason == "Unable to parse constraint format: \nExpected ':' after 'V' to specify vertical arrangement \nV|[background]| \n ^")
}
