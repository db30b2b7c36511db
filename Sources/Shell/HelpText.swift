import LayoutEngine

/// Help: the list of commands by group, one command in detail, and the longer texts.
public enum HelpText {
    /// `help`: every row by group, usage (or `name ...` when long) and summary.
    static func list() -> String {
        let width = Commands.all.map(listing).map(\.count).filter { $0 <= 44 }.max() ?? 40
        var lines = ["Commands (help COMMAND for more; help syntax for constraints):"]
        for group in Commands.groups {
            lines.append("\(group.title):")
            for command in group.rows {
                let usage = listing(command).count <= 44 ? listing(command) : command.name + " ..."
                lines.append("  " + usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + command.summary)
            }
        }
        return lines.joined(separator: "\n")
    }

    static func listing(_ command: Command) -> String { command.listing ?? command.usage }

    /// `help TOPIC`: a command's usage, summary, aliases and details; a statement form's details.
    /// - Throws: `ShellError.unknownHelpTopic` with the closest topic.
    static func topic(_ word: String) throws -> String {
        guard let command = Commands.topic(word) else {
            let topics = Commands.all.map(\.name)
            throw ShellError.unknownHelpTopic(word, suggestion: closestMatch(to: word, in: topics))
        }
        if command.form != .word { return command.details }
        var lines = ["Usage: \(command.usage)", command.summary]
        if !command.aliases.isEmpty { lines.append("Also: \(command.aliases.joined(separator: ", "))") }
        if !command.details.isEmpty { lines.append(command.details) }
        return lines.joined(separator: "\n")
    }

    /// The command reference as Markdown (`strut --help-markdown`, committed as
    /// `docs/commands.md`): every group and row of the table, in `help`'s order, with its usage,
    /// summary, aliases and details. A test compares the committed page with this.
    public static func markdown() -> String {
        var lines = [
            "# Command reference",
            "",
            "Generated from strut's command table by `strut --help-markdown`; do not edit by hand.",
            "At the prompt, `help` lists the same commands and `help COMMAND` prints one of them.",
        ]
        for group in Commands.groups {
            lines += ["", "## \(group.title)"]
            for command in group.rows {
                lines += ["", "### \(command.name)", "", "```", command.usage, "```", ""]
                lines.append(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
                if !command.aliases.isEmpty {
                    lines += ["", "Also: " + command.aliases.map { "`\($0)`" }.joined(separator: ", ") + "."]
                }
                if !command.details.isEmpty { lines += ["", markdownParagraphs(command.details)] }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Details as Markdown: indented lines (a grammar) form a code block; a line of prose that
    /// ends a sentence (`.` or `:`) ends its paragraph, others run on into the next line.
    static func markdownParagraphs(_ details: String) -> String {
        var blocks: [String] = []
        var code: [String] = []
        var prose: [String] = []
        func close() {
            if !code.isEmpty { blocks.append("```\n" + code.joined(separator: "\n") + "\n```") }
            if !prose.isEmpty { blocks.append(prose.joined(separator: "\n")) }
            (code, prose) = ([], [])
        }
        for line in details.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                if !prose.isEmpty { close() }
                code.append(String(line))
            } else {
                if !code.isEmpty { close() }
                if !line.isEmpty { prose.append(String(line)) }
                if line.isEmpty || line.hasSuffix(".") || line.hasSuffix(":") { close() }
            }
        }
        close()
        return blocks.joined(separator: "\n\n")
    }

    static let importDetails = """
        Every element Xcode stored a frame for comes in: each top-level view (a xib's, and the \
        view of a view controller at its top; each storyboard scene's root view) as a subview of root with its document frame and \
        autoresizing on, and below them subviews, table cells (prototype and static), table \
        header and footer views, collection view cells and section views, windows; an element \
        without an id gets one from its line (line-42). When root has nothing in it, the import \
        lays root out at the document's size (the first scene's) and says so, and each scene of \
        another size keeps its own. Views are named after their user label, else their element (label, textField), made \
        unique; 'dump' shows each one's document id as "ibID" and its UIKit class as "class". \
        Subviews placed by constraints get autoresizing off; others, and fixedFrame views, keep \
        their frame through their mask. Constraints come in with the owning view as an omitted \
        first item, multipliers such as 0.25, 3/4 or 16:9, identifiers as names where they are \
        names; un-installed ones come in inactive, and so do placeholder constraints (removed at \
        build time), named placeholder, placeholder2, ...: 'import FILE with placeholders' keeps \
        them active and lays out as Xcode's canvas does; 'import FILE with measured text' sizes \
        labels and buttons by strut's own measure of their text instead of Xcode's frames, to \
        compare the two: laid out at the document's size, it says how many land on Xcode's \
        frames and lists the first that do not. A quoted FILE ("My View.xib") takes its \
        options after the quote. Size-class variations that hold for the \
        document's device and orientation are applied (constants, installed constraints, hidden \
        views, stack axes per class), the others listed. The safe area of a scene's root view (and of a xib's \
        File's Owner view) is Xcode's canvas: the device's status bar (none on devices without a \
        home indicator from Xcode 11, 20 points before; 44 to 62 on notched phones by model, 24 \
        on rounded iPads), its home indicator (34, 20 on iPads), the navigation bar (44) of a \
        navigation controller or a push, a tab bar (49) or toolbar (44), and the document's \
        simulated metrics, which can turn each off. A root view's margins are 16 at the sides (20 \
        on the widest phones) plus the safe area; every view's margins take in the part of the \
        safe area it overlaps and, with preservesSuperviewLayoutMargins, its superview's; a \
        table cell's content view has margins of 11 and 16 (20 in wide tables, 15 in a narrow \
        cell of a xib from before Xcode 13, 8 before an accessory). Stack views: standard \
        spacing is 8, margins written for a stack view are arranged within. Controls: a \
        UISwitch's frame is 2 points wider than the alignment rectangle that constraints place, \
        a UISlider's 2 on each side, a UISegmentedControl's 1 taller (alignmentInsets); date \
        and picker views are 320 x 216.
        What is taken from the document: strut has no fonts or images, so for labels, buttons, \
        fields, switches and image views the intrinsic size along each axis that the \
        constraints leave to the content is the size of Xcode's frame (a 17-point label is \
        20.5 high there, 20.4 by strut's metric); along other axes a label uses strut's text \
        metric and other views have none. The import lists these. Laid out at the document's \
        size, the frames are Xcode's.
        A document strut cannot read (not XML, truncated, an element among subviews that is no \
        view, references to nothing, an Xcode 3 or 4 archive) is refused with its line, and \
        nothing changes.
        A console log (.txt or .log; 'paste' reads one typed or pasted) is UIKit's "Unable to \
        simultaneously satisfy constraints." output, in any shape since iOS 6 and as people paste \
        it (block quotes, comment prefixes, markdown escapes, stripped brackets; Masonry keys, \
        SnapKit labels, names from the legend): every constraint description is read, what \
        cannot be read is listed and skipped. Each item becomes a placeholder view named after \
        the name the log gives it or its class and the end of its address (UILabel_c9e0; the '|' \
        of a legend is the superview), without content size; each constraint is named c_ and \
        the end of its address, with its priority, identifier and origin. Each message of the \
        log is taken on its own, its constraints in the logged order and the one UIKit broke \
        last: strut says which minimal subset cannot hold, whose each one is (yours, the stack \
        view's, the cell sizing, autoresizing, the keyboard's, UIKit private, ...), which one it \
        breaks and whether that is UIKit's, and the single changes of yours that resolve it (for \
        UIView-Encapsulated-Layout-Height: lower your own constraint to 999).
        What LLDB prints is read the same way: po of a view's constraints or of \
        constraintsAffectingLayout (a list: nothing was broken), a recursiveDescription or a \
        view's Print Description (the views at the frames UIKit printed, each keeping its \
        address, so that a log read next lands on them), and _autolayoutTrace (the tree, and \
        the views UIKit marked AMBIGUOUS LAYOUT).
        FILE.swift: the first UIView or UIViewController subclass in it is run as UIKit runs it \
        (stored properties, then init(frame:), viewDidLoad and the methods they call): its views \
        under root (the type's own view), named after their properties, and the constraints its \
        anchors make, named after the property that keeps them or their line (File.swift:42, \
        File.swift:42.2); what it cannot follow is listed with its line.
        """
}
