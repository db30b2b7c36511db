/// A format string UIKit would refuse: its description, the format, and where the parser stopped.
public struct VisualFormatError: Error, Hashable, Sendable {
    public var description: String
    public var format: String
    /// The parser's index in the format (0-based), where the caret goes.
    public var index: Int
    /// Empty and non-ASCII strings are refused before parsing, without a caret line.
    public var hasCaret: Bool

    public init(_ description: String, format: String, index: Int, hasCaret: Bool = true) {
        self.description = description
        self.format = format
        self.index = index
        self.hasCaret = hasCaret
    }

    /// UIKit's exception reason, exactly: `Unable to parse constraint format: \n<description>
    /// \n<format> \n<caret line>` (each line but the last ends with a space).
    public var uikitReason: String {
        guard hasCaret else { return "Unable to parse constraint format: \(description)" }
        return "Unable to parse constraint format: \n\(description) \n\(format) \n"
            + String(repeating: " ", count: index) + "^"
    }
}
