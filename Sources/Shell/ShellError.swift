import LayoutEngine
import VisualFormat

/// Why a command failed. `message` is the one line the user reads (after `error: `).
public enum ShellError: Error, Hashable, Sendable {
    case unknownCommand(String, suggestion: String?)
    case malformedNumber(String, column: Int)
    case numberTooLarge(String)
    case unterminatedString(column: Int)
    case badEscape(String, column: Int)
    case unexpectedCharacter(String, column: Int)
    /// A statement that does not fit its command: what was expected, what was found, the usage.
    case syntax(String, usage: String?)
    case unknownAttribute(String, suggestion: String?)
    case unknownProperty(String, suggestion: String?)
    case unknownKind(String, suggestion: String?)
    case unknownHelpTopic(String, suggestion: String?)
    case notAvailable(String)
    case nothingToUndo
    case nothingToRedo
    case file(String, reason: String)
    case expectation(String)
    case scriptFailed(location: String, message: String)
    case layout(LayoutError)
    /// A VFL string UIKit would refuse (rendered on three lines: description, format, caret).
    case visualFormat(VisualFormatError)

    public var message: String {
        switch self {
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
            return "unexpected character '\(text)' at column \(column)"
        case let .syntax(message, usage):
            return message + (usage.map { "; usage: \($0)" } ?? "")
        case let .unknownAttribute(name, suggestion):
            return "unknown attribute '\(name)'" + didYouMean(suggestion)
        case let .unknownProperty(name, suggestion):
            return "unknown property '\(name)'" + didYouMean(suggestion)
        case let .unknownKind(name, suggestion):
            return "unknown kind '\(name)'" + didYouMean(suggestion, otherwise: "; kinds: view label image button stack guide")
        case let .unknownHelpTopic(name, suggestion):
            return "no help for '\(name)'" + didYouMean(suggestion, otherwise: "; type 'help' for the list")
        case let .notAvailable(what):
            return what
        case .nothingToUndo:
            return "nothing to undo"
        case .nothingToRedo:
            return "nothing to redo"
        case let .file(path, reason):
            return "cannot read '\(path)': \(reason)"
        case let .expectation(message):
            return "expect failed: \(message)"
        case let .scriptFailed(location, message):
            return "\(location): \(message)"
        case let .layout(error):
            return error.message
        case let .visualFormat(error):
            return "Unable to parse constraint format: \(error.description)"
                + (error.hasCaret ? " (at column \(error.index + 1) of '\(error.format)')" : "")
        }
    }
}
