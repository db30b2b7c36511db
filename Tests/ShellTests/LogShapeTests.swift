import Testing
import Foundation
@testable import Shell

/// Log shapes seen in real pastes, each read into the conflict (or the reason) it holds.
struct LogShape: CustomTestStringConvertible, Sendable {
    var what: String
    var log: String
    var said: [String]
    var testDescription: String { what }
}

let logShapes: [LogShape] = [
    LogShape(what: "markdown's `*` for `_` inside a mangled Swift class name", log: """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x600003c2d9f0 *TtC5UIKitP33*DDE14AA6B49FCAFC5A54255A118E1D8713ButtonWrapper:0x7fb8c2f0c8d0.width == 44   (active)>",
            "<NSLayoutConstraint:0x600003c2da40 *TtC5UIKitP33*DDE14AA6B49FCAFC5A54255A118E1D8713ButtonWrapper:0x7fb8c2f0c8d0.width == 50   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600003c2da40 *TtC5UIKitP33*DDE14AA6B49FCAFC5A54255A118E1D8713ButtonWrapper:0x7fb8c2f0c8d0.width == 50   (active)>
        """,
             said: ["read 2 constraints from the pasted log on 1 placeholder view: ButtonWrapper_c8d0\n", "UIKit broke c_da40: ButtonWrapper_c8d0.width == 50\n"]),
    LogShape(what: "Masonry keys that hold a dot", log: """
        Unable to simultaneously satisfy constraints.
        (
            "<MASLayoutConstraint:0x600000aa1 UILabel:self.statusLabel.top == UIView:self.view.top + 10>",
            "<MASLayoutConstraint:0x600000aa2 UILabel:self.statusLabel.height == 40>",
            "<MASLayoutConstraint:0x600000aa3 UILabel:self.statusLabel.bottom == UIView:self.view.bottom - 10>",
            "<NSLayoutConstraint:0x600000aa4 'UIView-Encapsulated-Layout-Height' UIView:self.view.height == 30   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <MASLayoutConstraint:0x600000aa2 UILabel:self.statusLabel.height == 40>
        """,
             said: ["read 4 constraints from the pasted log on 2 placeholder views: statusLabel, view\n", "  c_0aa2: statusLabel.height == 40 "]),
    LogShape(what: "a view name the console cut short after a space", log: """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x6000034 'UIView-Encapsulated-Layout-Width' UIKeyboardLayoutStar Prev...:0x7fe1b0c0a000.width == 320   (active)>",
            "<NSLayoutConstraint:0x6000035 UIKeyboardLayoutStar Prev...:0x7fe1b0c0a000.width == 375   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x6000035 UIKeyboardLayoutStar Prev...:0x7fe1b0c0a000.width == 375   (active)>
        """,
             said: ["read 2 constraints from the pasted log on 1 placeholder view: UIKeyboardLayoutStarPrev_a000\n"]),
    LogShape(what: "`~~` strikethrough inside VFL art", log: """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x7f9 H:|-(20)-~~[UILabel:0x7fa]~~   (active, names: '|':UIView:0x7fb )>",
            "<NSLayoutConstraint:0x7fc H:[UILabel:0x7fa(300)]   (active)>",
            "<NSLayoutConstraint:0x7fd H:[UILabel:0x7fa]-(20)-|   (active, names: '|':UIView:0x7fb )>",
            "<NSLayoutConstraint:0x7fe 'UIView-Encapsulated-Layout-Width' UIView:0x7fb.width == 320   (active)>"
        )
        """,
             said: ["read 4 constraints from the pasted log on 2 placeholder views: UIView_7fb, UILabel_7fa\n", "  c_7f9: UILabel_7fa.leading == UIView_7fb.leading + 20 "]),
    LogShape(what: "an autoresizing `midY == + 39` whose view's superview is known only through a sibling", log: """
        Unable to simultaneously satisfy constraints.
        (
            "<NSAutoresizingMaskLayoutConstraint:0x7a1 h=-&- v=-&- UIView:0x7b1.midY == + 39   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:0x7a2 h=-&- v=-&- UIView:0x7b1.height == 78   (active)>",
            "<NSLayoutConstraint:0x7a3 V:[UIView:0x7d1]-(10)-[UIView:0x7b1]   (active)>",
            "<NSLayoutConstraint:0x7a4 V:|-(0)-[UIView:0x7d1]   (active, names: '|':UIInputSetHostView:0x7c1 )>",
            "<NSLayoutConstraint:0x7a5 UIView:0x7d1.height == 40   (active)>"
        )
        """,
             said: ["  c_7a1: UIView_7b1.centerY == 39 ", "on 3 placeholder views: UIInputSetHostView_7c1, UIView_7b1, UIView_7d1\n", "  turn translatesAutoresizingMaskIntoConstraints off for UIView_7b1 and constrain it yourself   (here: deactivate c_7a1 or c_7a2)\n"]),
    LogShape(what: "two identical constraints that UIKit called a conflict", log: """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x600001 UILabel:0x7f01.lastBaseline == UIView:0x7f02.bottom - 20   (active)>",
            "<NSLayoutConstraint:0x600002 UILabel:0x7f01.lastBaseline == UIView:0x7f02.bottom - 20   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600002 UILabel:0x7f01.lastBaseline == UIView:0x7f02.bottom - 20   (active)>
        """,
             said: ["c_0001 and c_0002 are the same constraint (UILabel_7f01.lastBaseline == UIView_7f02.bottom - 20), listed twice: in strut's model they hold together, as they should. UIKit's engine has called such an exact duplicate a conflict (mostly of baselines): UIKit's own quirk, not your layout's. Remove the duplicate (c_0002) and the message goes.\n"]),
    LogShape(what: "a list that holds only with its fractions of a point", log: """
        Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x600001 V:|-(10.5)-[UIImageView:0x7f01]   (active, names: '|':UITableViewCellContentView:0x7f02 )>",
            "<NSLayoutConstraint:0x600002 UIImageView:0x7f01.height == 48.2   (active)>",
            "<NSLayoutConstraint:0x600003 V:[UIImageView:0x7f01]-(20)-|   (active, names: '|':UITableViewCellContentView:0x7f02 )>",
            "<NSLayoutConstraint:0x600004 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7f02.height == 78.7   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600002 UIImageView:0x7f01.height == 48.2   (active)>
        """,
             said: ["These constraints hold in strut's model with their constants as logged (fractions of a point), but not on a 3x display's pixel grid: UIKit lays out on pixels (1/3 point), and with each constant rounded to a pixel c_0002 misses by 0.333 point. Make the constants whole pixels, or let one of them give way (priority 999).\n"]),
]

@Test(arguments: logShapes)
func aLogShapeIsRead(_ shape: LogShape) {
    let sink = BufferSink()
    let session = Session(sink: sink)
    var inputs: [InputLine] = [.pasted(shape.log.components(separatedBy: "\n"))]
    _ = session.run(source: nil, mode: .interactive) { inputs.popLast() ?? .end }
    #expect(sink.errors == "")
    for line in shape.said { #expect(sink.output.contains(line), "\(shape.what): \(sink.output)") }
}
