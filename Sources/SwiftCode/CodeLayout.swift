import LayoutEngine

/// What a Swift file's layout code makes: views with their superviews and properties, and
/// constraints with where the code makes them; what was not understood, with its line.
public struct CodeLayout: Sendable {
    public struct Location: Sendable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int
        public var text: String { "\(file):\(line)" }
    }

    public struct ViewMade: Sendable {
        /// The name strut gives it: the property or variable that holds it.
        public var name: String
        /// The UIKit class it is made of (`UILabel`), or the developer's.
        public var className: String
        /// The superview's name (`root` for the type's own view); nil: never added.
        public var parent: String?
        public var properties: [ViewProperty]
        /// `translatesAutoresizingMaskIntoConstraints` as the code leaves it (UIKit's default on).
        public var autoresizing = true
        public var location: Location
    }

    public struct ConstraintMade: Sendable {
        public var spec: ConstraintSpec
        public var isActive: Bool
        public var location: Location
    }

    public struct Skipped: Sendable, Hashable {
        public var location: Location
        public var code: String
        public var reason: String
    }

    /// The type whose code was run, and what its own view is (`root`).
    public var typeName: String?
    public var views: [ViewMade] = []
    public var constraints: [ConstraintMade] = []
    public var skipped: [Skipped] = []
}

extension CodeLayout.ViewMade {
    /// The strut kind a UIKit class is made as, and the class to keep when the kind's is not it.
    public var kindAndClass: (kind: ViewKind, documentClass: String?) {
        switch className {
        case "UILabel": (.label, nil)
        case "UIButton": (.button, nil)
        case "UIImageView": (.image, nil)
        case "UIStackView": (.stack, nil)
        case "UIView": (.view, nil)
        case "UILayoutGuide": (.guide, nil)
        default: (.view, className)
        }
    }
}
