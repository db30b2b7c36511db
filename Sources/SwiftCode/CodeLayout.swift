import LayoutEngine

/// What running a file's layout code made, and what it left out.
public struct CodeLayout: Sendable {
    public struct Location: Sendable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int
        public var text: String { "\(file):\(line)" }
        public init(file: String, line: Int, column: Int) {
            self.file = file
            self.line = line
            self.column = column
        }
    }

    public struct Skipped: Sendable, Hashable {
        public var location: Location
        public var code: String
        public var reason: String
    }

    /// The type whose code was run (its own view is `root`).
    public var typeName: String?
    /// The views that reached the screen, in the order the code made them.
    public var views: [String] = []
    public var constraints = 0
    public var inactive = 0
    public var skipped: [Skipped] = []
    /// What strut decided for the code where UIKit's caller decides (a cell's row height).
    public var notes: [String] = []
    /// Where each constraint the code made was made (those it removed again too).
    public var made: [Location] = []
}

/// Why the code could not be run at all: nothing changes.
public struct CodeError: Error, Sendable {
    public var message: String
}

extension ViewKind {
    /// The strut kind a UIKit class is made as, and the class to keep when the kind's is not it.
    static func of(className: String) -> (kind: ViewKind, documentClass: String?) {
        switch className {
        case "UILabel": (.label, nil)
        // A text view measures its text as a label that always wraps (inside its insets).
        case "UITextView": (.label, "UITextView")
        case "UIButton": (.button, nil)
        case "UIImageView": (.image, nil)
        case "UIStackView": (.stack, nil)
        case "UIView": (.view, nil)
        case "UILayoutGuide": (.guide, nil)
        default: (.view, className)
        }
    }
}
