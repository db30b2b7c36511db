import LayoutEngine

/// What an argument of a command is, for tab completion.
public enum ArgumentKind: Sendable {
    case view, constraint, kind, command, file, word([String])
}

/// One command of the language: help, completion and dispatch all read this table.
struct Command: Sendable {
    var name: String
    var aliases: [String] = []
    var usage: String
    var summary: String
    var details: String = ""
    /// Changes the session's state (and so can be undone).
    var mutates = false
    /// The kinds of the positional arguments; the last one repeats.
    var arguments: [ArgumentKind] = []
    var run: @Sendable (Session, String) throws -> LineOutcome

    /// Its argument is a file name (so `load .x` is not read as a constraint).
    var takesFile: Bool {
        if case .file = arguments.first { return true }
        return false
    }
}

enum Commands {
    static func find(_ word: String) -> Command? {
        all.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// Every command, in the order `help` lists them.
    static let all: [Command] = [
        Command(name: "new", usage: "new KIND NAME [in PARENT] [PROP=VALUE ...]",
                summary: "add a view (KIND: view label image button stack guide)",
                details: """
                Adds a view to PARENT (default root), with autoresizing off and margins of 8 (a stack \
                view's and a guide's are 0). A guide is a layout guide owned by PARENT. Properties as in \
                'help set', e.g. new label title text="Hello" font=20.
                """, mutates: true, arguments: [.kind, .word([]), .word(["in"]), .view],
                run: { s, rest in try s.newView(rest); return .succeeded }),
        Command(name: "set", usage: "set NAME.PROP = VALUE  |  set autolayout = on|off",
                summary: "change a view property",
                details: """
                Properties: text "…" · font N · intrinsic W H | W none | none H | none · hugging.h P · \
                hugging.v P · compression.h P · compression.v P · frame X Y W H [within W H] · \
                autoresizing on|off · mask flexibleLeft|flexibleWidth|… or none · margins T L B R · \
                hidden true|false · class "UIClass" · ibID "id" · on stack views: axis horizontal|vertical · \
                spacing N|system · distribution fill|fillEqually|fillProportionally|equalSpacing|equalCentering · \
                alignment fill|leading|top|firstBaseline|center|trailing|bottom|lastBaseline · \
                marginsRelative true|false · baselineRelative true|false. Every subview of a stack view that is \
                not a guide is arranged, in order ('move NAME to STACK at INDEX' reorders). \
                Priorities are numbers in (0, 1000] or required, high, low, fitting. With autoresizing on, \
                the frame becomes constraints measured against the superview's frame of the last layout \
                pass (or the size given after 'within'). 'set autolayout = on' lays out after every change.
                """, mutates: true, arguments: [.view],
                run: { s, rest in try s.setProperty(rest); return .succeeded }),
        Command(name: "delete", usage: "delete NAME", summary: "remove a view, its subviews and their constraints",
                mutates: true, arguments: [.view],
                run: { s, rest in
                    var c = try s.cursor(rest, "delete NAME")
                    let name = try c.name("a view name")
                    try c.expectEnd()
                    try s.engine.deleteView(name)
                    return .succeeded
                }),
        Command(name: "move", usage: "move NAME to PARENT [at INDEX]",
                summary: "re-parent or reorder a view; constraints to views outside its new ancestry go",
                mutates: true, arguments: [.view, .word(["to"]), .view, .word(["at"])],
                run: { s, rest in
                    var c = try s.cursor(rest, "move NAME to PARENT [at INDEX]")
                    let name = try c.name("a view name")
                    guard c.acceptWord("to") else { throw c.fail("'to'") }
                    let parent = try c.name("a view name")
                    var index: Int?
                    if c.acceptWord("at") {
                        let number = try c.number("an index (0 is first)")
                        guard number == number.rounded(), abs(number) < 1e9 else {
                            throw ShellError.syntax("expected a whole index, found \(formatNumber(number))", usage: nil)
                        }
                        index = Int(number)
                    }
                    try c.expectEnd()
                    try s.engine.moveView(name, to: parent, at: index)
                    return .succeeded
                }),
        Command(name: "activate", usage: "activate NAME...", summary: "activate constraints",
                mutates: true, arguments: [.constraint],
                run: { s, rest in try s.activation(rest, .activate); return .succeeded }),
        Command(name: "deactivate", usage: "deactivate NAME...", summary: "deactivate constraints (they stay, inactive)",
                mutates: true, arguments: [.constraint],
                run: { s, rest in try s.activation(rest, .deactivate); return .succeeded }),
        Command(name: "toggle", usage: "toggle NAME...", summary: "activate the inactive ones, deactivate the active ones",
                mutates: true, arguments: [.constraint],
                run: { s, rest in try s.activation(rest, .toggle); return .succeeded }),
        Command(name: "remove", usage: "remove NAME...", summary: "delete constraints",
                mutates: true, arguments: [.constraint],
                run: { s, rest in
                    var c = try s.cursor(rest, "remove NAME...")
                    let names = try s.constraintNames(&c)
                    try s.engine.removeConstraints(names)
                    return .succeeded
                }),
        Command(name: "priority", usage: "priority NAME P", summary: "change a constraint's priority",
                details: """
                P is a number in (0, 1000] or required (1000), high (750), low (250), fitting (50). As on \
                current iOS, a change between required and optional re-adds the constraint (iOS 12 and \
                earlier threw an exception instead).
                """, mutates: true, arguments: [.constraint, .word(["required", "high", "low", "fitting"])],
                run: { s, rest in
                    var c = try s.cursor(rest, "priority NAME P")
                    let name = try c.dottedName("a constraint name")
                    let priority = try c.priority()
                    try c.expectEnd()
                    try s.engine.setPriority(name, priority)
                    return .succeeded
                }),
        Command(name: "constant", usage: "constant NAME C", summary: "change a constraint's constant",
                mutates: true, arguments: [.constraint],
                run: { s, rest in
                    var c = try s.cursor(rest, "constant NAME C")
                    let name = try c.dottedName("a constraint name")
                    let value = try c.number("a constant")
                    try c.expectEnd()
                    try s.engine.setConstant(name, value)
                    return .succeeded
                }),
        Command(name: "multiplier", usage: "multiplier NAME M", summary: "refused: a multiplier is read-only in UIKit",
                details: """
                UIKit's NSLayoutConstraint.multiplier is read-only. To switch between two multipliers, make \
                two constraints and keep one active at a time (deactivate A; activate B).
                """, arguments: [.constraint],
                run: { s, rest in
                    var c = try s.cursor(rest, "multiplier NAME M")
                    let name = try c.dottedName("a constraint name")
                    let value = try c.number("a multiplier")
                    try c.expectEnd()
                    try s.engine.setMultiplier(name, value)
                    return .succeeded
                }),
        Command(name: "layout", aliases: ["layoutIfNeeded"], usage: "layout",
                summary: "run a layout pass: frames take the current solution",
                mutates: true,
                run: { s, rest in
                    try s.noArguments(rest, "layout")
                    s.engine.layoutIfNeeded()
                    return .succeeded
                }),
        Command(name: "frame", usage: "frame NAME", summary: "a view's frame, in its superview's coordinates",
                arguments: [.view],
                run: { s, rest in try s.showFrame(rest); return .succeeded }),
        Command(name: "show", usage: "show [NAME]", summary: "the hierarchy as a tree, with frames and flags",
                arguments: [.view],
                run: { s, rest in try s.showTree(rest); return .succeeded }),
        Command(name: "constraints", usage: "constraints [NAME]",
                summary: "the constraints (touching NAME), with priority, origin and state",
                arguments: [.view],
                run: { s, rest in try s.listConstraints(rest); return .succeeded }),
        Command(name: "conflicts", usage: "conflicts",
                summary: "broken required constraints (UIKit's message, then a chain and the fixes) and violated optional ones, with what forces them",
                run: { s, rest in try s.listConflicts(rest); return .succeeded }),
        Command(name: "ambiguous", usage: "ambiguous",
                summary: "views whose frames are not unique: which parts are free, why, and what would pin them",
                run: { s, rest in try s.listAmbiguous(rest); return .succeeded }),
        Command(name: "explain", usage: "explain NAME[.ATTR]",
                summary: "the constraints that fix a frame component, as a chain from what is fixed",
                details: """
                ATTR is x, y, width, height or any attribute (leading, centerY, ...); without it, all four \
                frame components. Each line is a constraint that, held as an equation, sets one more \
                component; the constraints are those the layout rests on (the basis of the solution).
                """, arguments: [.view],
                run: { s, rest in try s.explain(rest); return .succeeded }),
        Command(name: "trace", usage: "trace", summary: "the hierarchy as UIKit's _autolayoutTrace prints it, with AMBIGUOUS LAYOUT markers",
                run: { s, rest in try s.trace(rest); return .succeeded }),
        Command(name: "exercise", usage: "exercise NAME", summary: "switch to another equally good layout where NAME is ambiguous",
                mutates: true, arguments: [.view],
                run: { s, rest in try s.exercise(rest); return .succeeded }),
        Command(name: "dump", usage: "dump", summary: "the whole state as one JSON document",
                run: { s, rest in
                    try s.noArguments(rest, "dump")
                    s.print(s.dumpJSON())
                    return .succeeded
                }),
        Command(name: "expect", usage: "expect NAME.frame == X Y W H | NAME.ATTR == V | ambiguous NAME | unambiguous NAME | broken C | violated C | satisfied C | inactive C",
                summary: "an assertion for scripts and lessons (tolerance 0.001)",
                details: """
                Frames and attributes are those of the last layout pass, in the superview's coordinates. \
                A failed expect prints what was expected and what is, and fails the script.
                """, arguments: [.view],
                run: { s, rest in try s.expect(rest); return .succeeded }),
        Command(name: "undo", usage: "undo", summary: "undo the last change",
                run: { s, rest in try s.noArguments(rest, "undo"); try s.undo(); return .succeeded }),
        Command(name: "redo", usage: "redo", summary: "redo what undo undid",
                run: { s, rest in try s.noArguments(rest, "redo"); try s.redo(); return .succeeded }),
        Command(name: "save", usage: "save FILE", summary: "write a script that rebuilds the current state",
                arguments: [.file],
                run: { s, rest in try s.save(rest); return .succeeded }),
        Command(name: "import", usage: "import FILE.xib|FILE.storyboard|FILE.txt",
                summary: "add the views and constraints of an Interface Builder document or a console log",
                details: """
                Each top-level view (a xib's, or each storyboard scene's root view) becomes a subview \
                of root with its document frame and autoresizing on; a scene's root view fills root. \
                Views are named after their user label, else their element (label, textField), made \
                unique; 'dump' shows each one's document id as "ibID" and its UIKit class as "class". \
                Subviews placed by constraints get autoresizing off; others, and fixedFrame views, keep \
                their frame through their mask. Constraints come in with the owning view as an omitted \
                first item, multipliers such as 0.25, 3/4 or 16:9, identifiers as names where they are \
                names; placeholder constraints are skipped, un-installed ones come in inactive; \
                size-class variations are listed, the default configuration is applied. Safe-area \
                guides of scene root views are inset by the device's status bar (20 points, 44 or more \
                on notched devices) and any navigation or tab bar; root views have margins of 16 at the \
                sides (20 on the widest phones); a layoutMarginsGuide is the view's margins.
                What is taken from the document: strut has no fonts or images, so for labels, buttons, \
                fields, switches and image views the intrinsic size along each axis that the \
                constraints leave to the content is the size of Xcode's frame (a 17-point label is \
                20.5 high there, 20.4 by strut's metric); along other axes a label uses strut's text \
                metric and other views have none. The import lists these. Lay out at the document's \
                size (set root.frame = 0 0 W H, then layout) and the frames are Xcode's.
                A document strut cannot read (not XML, truncated, unknown elements, references to \
                nothing) is refused with its line, and nothing changes.
                A console log (.txt or .log; 'paste' reads one typed or pasted) is UIKit's "Unable to \
                simultaneously satisfy constraints." output, in any shape since iOS 6: every constraint \
                description is read (timestamps, quotes and the list's brackets are ignored; what cannot \
                be read is listed and skipped). Each item becomes a placeholder view named after its class \
                and the end of its address (UILabel_c9e0; the '|' of a legend is the superview), without \
                content size; each constraint is named c_ and the end of its address, with its priority, \
                identifier and origin. They are added in the logged order, the one UIKit broke last, and \
                strut says which minimal subset cannot hold, which one it breaks and whether that is \
                UIKit's, and the single changes that resolve it (for UIView-Encapsulated-Layout-Height: \
                lower your own constraint to 999).
                """,
                mutates: true, arguments: [.file],
                run: { s, rest in try s.importDocument(rest); return .succeeded }),
        Command(name: "paste", usage: "paste",
                summary: "read a console log pasted on the following lines, up to an empty line",
                details: """
                The lines after 'paste', up to the first empty one, are taken as they are (no ';' or '#') \
                and read as UIKit's "Unable to simultaneously satisfy constraints." output, as 'import \
                FILE.txt' reads a file: see 'help import'.
                """,
                run: { s, rest in try s.startPaste(rest); return .succeeded }),
        Command(name: "load", usage: "load FILE", summary: "run a script (all of it, or nothing if a command fails)",
                mutates: true, arguments: [.file],
                run: { s, rest in try s.load(rest) }),
        Command(name: "record", usage: "record FILE | record off",
                summary: "write every change that succeeds to FILE, from now on",
                details: """
                The file is created or emptied, then holds each change (views, properties, constraints, \
                layout, load, reset) that succeeds, one per line, so that 'load FILE' or 'strut FILE' \
                replays the session; a change that is undone leaves the file again. Queries are not written.
                """,
                arguments: [.file],
                run: { s, rest in try s.record(rest); return .succeeded }),
        Command(name: "reset", usage: "reset", summary: "back to the starting state (root only)",
                mutates: true,
                run: { s, rest in try s.noArguments(rest, "reset"); s.reset(); return .succeeded }),
        Command(name: "help", usage: "help [COMMAND]", summary: "the commands, or one command in detail",
                arguments: [.command],
                run: { s, rest in try s.help(rest); return .succeeded }),
        Command(name: "quit", aliases: ["exit"], usage: "quit", summary: "leave strut",
                run: { s, rest in try s.noArguments(rest, "quit"); return .quit }),
    ]
}
