import LayoutEngine
import VisualFormat
import InterfaceBuilder

/// Errors into words: the one place where any layer's error becomes the line the user reads
/// (after `error: `). Each message says what failed, quotes the offending input and says what
/// to do next.
public enum ErrorText {
    /// What is written to the error stream: `error: MESSAGE`, with `FILE:LINE: ` in front in
    /// scripts; a VFL error as UIKit prints it, on three lines (description, format, caret).
    /// A message with each run of more than 60 characters without a space (echoed input: a
    /// number, a name) cut to its first 40 and its length, and the whole kept under 2,000
    /// characters: a 100,000-digit number is not echoed whole.
    static func shortened(_ message: String) -> String {
        guard message.count > 60 else { return message }
        let words = message.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            word.count > 60 ? word.prefix(40) + "…(\(word.count) characters)" : String(word)
        }
        var result = words.joined(separator: " ")
        if result.count > 2_000 {
            result = result.prefix(1_900) + "… (\(result.count - 1_900) more characters)"
        }
        return result
    }

    /// A format of more than 120 characters cut to the 50 before its caret and the 50 after,
    /// with `…` where it was cut: the line and the caret's column in it.
    static func caretWindow(_ format: String, at index: Int) -> (line: String, column: Int) {
        let characters = Array(format)
        guard characters.count > 120 else { return (format, index) }
        let start = max(0, index - 50), end = min(characters.count, index + 51)
        let head = start > 0 ? "…" : "", tail = end < characters.count ? "…" : ""
        return (head + String(characters[start..<end]) + tail, index - start + head.count)
    }

    /// A number as the user gave it back to them: `formatNumber`'s rounding, unless it would
    /// round a number that is not zero to zero (a priority of 5e-324 is not "priority 0").
    static func echoed(_ value: Double) -> String {
        let text = formatNumber(value)
        return text == "0" && value != 0 ? String(value) : text
    }

    static func report(_ error: Error, location: String?) -> String {
        let prefix = location.map { "\($0): " } ?? ""
        switch error {
        case let ShellError.visualFormat(vfl):
            var text = "\(prefix)error: Unable to parse constraint format: \(shortened(vfl.description.visible))\n"
            if vfl.hasCaret {
                let (line, column) = caretWindow(vfl.format, at: vfl.index)
                text += "    \(line.visible)\n    " + String(repeating: " ", count: column) + "^\n"
            }
            return text
        case let ShellError.scriptFailed(inner, message):
            return "\(inner): error: \(shortened(message.visible))\n"
        default:
            return "\(prefix)error: \(shortened(message(error).visible))\n"
        }
    }

    /// The message of any error a command can throw.
    public static func message(_ error: Error) -> String {
        switch error {
        case let shell as ShellError: message(shell)
        case let layout as LayoutError: message(layout)
        case let document as DocumentError: documentReason(document)
        default: "\(error)"
        }
    }

    /// `line N: …` for a document strut cannot read, with the engine's refusal when it is one.
    static func documentReason(_ error: DocumentError) -> String {
        "line \(error.line): \(error.message)" + (error.cause.map { ": " + message($0) } ?? "")
    }

    static func message(_ error: ShellError) -> String {
        switch error {
        case let .unknownCommand(word, suggestion):
            return "unknown command '\(word)'" + didYouMean(suggestion, otherwise: "; type 'help' for the list")
        case let .malformedNumber(text, column):
            return "malformed number '\(text)' at column \(column)"
        case let .numberTooLarge(text):
            return "number '\(text)' is too large"
        case let .unterminatedString(column):
            return "unterminated string starting at column \(column)"
        case let .badEscape(text, column):
            return "unknown escape '\(text)' at column \(column) (strings take \\\", \\\\ and \\n)"
        case let .unexpectedCharacter(text, column):
            // Notes, chats and word processors turn a typed " into “ or ”: a script copied
            // from one has them where its strings start and end.
            let curly = text == "“" || text == "”" || text == "„" || text == "″"
            let quoted = text == "'" ? "\"'\"" : "'\(text)'"
            return "unexpected character \(quoted) at column \(column)" + (curly ? " (strings take straight quotes: \")" : "")
        case let .syntax(message, usage):
            return message + (usage.map { "; usage: \($0)" } ?? "")
        case let .unknownAttribute(name, suggestion):
            return "unknown attribute '\(name)'" + didYouMean(suggestion)
        case let .unknownProperty(name, suggestion):
            // `set a.width = 10`: a size or an edge is a constraint's to set (or a frame's).
            if LayoutAttribute.userAttributes.contains(where: { $0.name == name }) {
                return "unknown property '\(name)': \(name) is an attribute; constrain it (VIEW.\(name) == C) or set VIEW.frame"
            }
            return "unknown property '\(name)'" + didYouMean(suggestion, otherwise: "; properties: " + ViewProperty.names.joined(separator: " "))
        case let .unknownKind(name, suggestion):
            return "unknown kind '\(name)'" + didYouMean(suggestion, otherwise: "; kinds: " + Commands.kindWords.joined(separator: " "))
        case let .unknownHelpTopic(name, suggestion):
            return "no help for '\(name)'" + didYouMean(suggestion, otherwise: "; type 'help' for the list")
        case let .notAvailable(what):
            return what
        case .lessonLeft:
            return "left the lesson"
        case .interrupted:
            return "interrupted (Ctrl-C): what was left of the line or the script did not run"
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case let .file(path, reason):
            return "cannot read '\(path)': \(reason)"
        case let .fileWrite(path, reason):
            return "cannot write '\(path)': \(reason)"
        case let .expectation(message):
            return "expect failed: \(message)"
        case let .scriptFailed(location, message):
            return "\(location): \(message)"
        case let .layout(error):
            return message(error)
        case let .visualFormat(error):
            return "Unable to parse constraint format: \(error.description)"
                + (error.hasCaret ? " (at column \(error.index + 1) of '\(error.format)')" : "")
        }
    }

    static func message(_ error: LayoutError) -> String {
        switch error {
        case let .unknownView(name, suggestion):
            return "no view named '\(name)'" + didYouMean(suggestion)
        case let .unknownConstraint(name, suggestion):
            return "no constraint named '\(name)'" + didYouMean(suggestion)
        case let .duplicateViewName(name):
            return "a view named '\(name)' already exists; pick another name"
        case let .duplicateConstraintName(name):
            return "a constraint named '\(name)' already exists; pick another name"
        case let .reservedName(name):
            return "'\(name)' is reserved; pick another name"
        case .interrupted:
            return "interrupted (Ctrl-C): the command was stopped and changed nothing"
        case .cannotDeleteRoot:
            return "cannot delete 'root': it is the window's root view (use reset to start over)"
        case .cannotMoveRoot:
            return "cannot move 'root': it has no superview"
        case let .moveIntoOwnSubtree(view, parent):
            return "cannot move '\(view)' into '\(parent)': '\(parent)' is inside '\(view)'"
        case let .guideCannotHaveSubviews(name):
            return "'\(name)' is a layout guide and cannot have subviews"
        case let .noSuperview(name):
            return "'super' of '\(name)': '\(name)' has no superview"
        case let .invalidPairing(a, b):
            return "invalid pairing of layout attributes: '\(a)' and '\(b)' (a location needs a location on the same axis, a size a size)"
        case let .locationToConstant(anchor):
            return "'\(anchor)' cannot equal a constant: location attributes must be specified in pairs (e.g. '\(anchor) == super.\(anchor.split(separator: ".").last ?? "") + 8')"
        case let .mixedDirection(a, b):
            return "a constraint cannot be made between a leading/trailing attribute and a right/left attribute ('\(a)', '\(b)'): use leading/trailing for both or neither"
        case let .noCommonAncestor(a, b):
            return "'\(a)' and '\(b)' have no common ancestor"
        case let .attributeNotOnGuide(guide, attribute):
            return "layout guide '\(guide)' has no '\(attribute)' (guides have edges, centers and sizes only)"
        case let .invalidPriority(value):
            return "priority \(echoed(value)) is out of range: priorities must be greater than 0 and at most 1000 (or \(LayoutPriority.keywords.map(\.word).joined(separator: ", ")))"
        case let .outOfRange(what, value):
            return "\(what) \(echoed(value)) is beyond ±1e10, the largest UIKit accepts"
        case let .measuredConstantOutOfRange(value, total):
            return "constant \(echoed(value)) comes to \(echoed(total)) with the margins and positions it is measured from, beyond ±1e10, the largest UIKit accepts"
        case let .notFinite(what, value):
            return "\(what) \(formatNumber(value)) is not a finite number"
        case let .propertyNotApplicable(property, view, kind):
            return "'\(property)' does not apply to '\(view)' (a \(kind.rawValue))"
        case let .notArranged(view):
            return "'\(view)' is not arranged in a stack view: 'spacingAfter' is a stack's spacing after one of its arranged views"
        case let .rootIsFixed(property):
            return "root's '\(property)' is fixed; root takes only frame and margins"
        case let .systemConstraint(name, view, kind):
            let hint: String
            switch kind.origin {
            case .contentSize:
                hint = "change it with 'set \(view).\(kind.suffix) = P' (or the view's intrinsic size)"
            default:
                hint = "it follows '\(view)'s frame and mask; change those, or 'set \(view).autoresizing = off'"
            }
            return "'\(name)' is made by the system; \(hint)"
        case let .multiplierIsReadOnly(name):
            return "cannot change the multiplier of '\(name)': a multiplier is read-only in UIKit; make a second constraint with the new multiplier and keep one of the two active at a time (deactivate \(name); activate OTHER)"
        case let .invalidValue(property, value, expected):
            return "'\(value)' is not a valid \(property): expected \(expected)"
        case let .notAmbiguous(name):
            return "'\(name)' is not ambiguous: its frame is the same in every optimal layout"
        case let .indexOutOfRange(index, count, parent):
            return "index \(index) is out of range for '\(parent)': expected 0 to \(count) (as UIKit: index out of bounds for arranged subview)"
        case let .stackConstraint(name, stack):
            return "'\(name)' is made by the stack view '\(stack)'; change its axis, spacing, distribution, alignment or arranged views (move, hidden)"
        }
    }
}

/// `; did you mean 'width'?` for a suggestion, else `otherwise` (the one wording of every
/// "did you mean").
func didYouMean(_ suggestion: String?, otherwise: String = "") -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? otherwise
}
