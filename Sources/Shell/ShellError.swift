import LayoutEngine
import VisualFormat

/// Why a command failed; `ErrorText` words it.
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
    case interrupted
    case nothingToUndo
    /// Ctrl-C (or the end of input) at a lesson's `pause` or `ask`.
    case lessonLeft
    case nothingToRedo
    case file(String, reason: String)
    /// A file that could not be written, and why.
    case fileWrite(String, reason: String)
    case expectation(String)
    case scriptFailed(location: String, message: String)
    case layout(LayoutError)
    /// A VFL string UIKit would refuse (rendered on three lines: description, format, caret).
    case visualFormat(VisualFormatError)

    /// The line the user reads (after `error: `).
    public var message: String { ErrorText.message(self) }
}
