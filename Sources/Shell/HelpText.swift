import LayoutEngine

/// Help: the list of commands by group, one command in detail, and the longer texts.
enum HelpText {
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

    static let importDetails = """
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
        """
}
