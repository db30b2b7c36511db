/// `UIActivityIndicatorView.Style`, by size: medium (iOS 12's white and gray too) or large
/// (whiteLarge too).
public enum SpinnerStyle: String, CaseIterable, Sendable {
    case medium, large

    /// A style as code or a document names it (`.whiteLarge`, `UIActivityIndicatorViewStyleGray`,
    /// `style="large"`); nil for none of UIKit's.
    public init?(uikitName name: String) {
        let word = name.hasPrefix("UIActivityIndicatorViewStyle") ? String(name.dropFirst(28)) : name
        switch word.lowercased() {
        case "large", "whitelarge": self = .large
        case "medium", "white", "gray": self = .medium
        default: return nil
        }
    }
}

/// UIKit's controls whose size does not come from text strut knows: the intrinsic content size
/// of their alignment rectangle (what constraints place) and how far their frame sticks out of
/// it, as iOS 15 and later give them. A view whose class is one of these (`new switch s`, or
/// `class = "UISwitch"`) takes that size until `intrinsic` says otherwise. docs/text.md lists
/// each value and where it comes from.
public enum Control: String, CaseIterable, Sendable {
    case field, `switch`, slider, segmented, stepper, spinner, progress, pageControl, datePicker, picker, searchBar

    /// The UIKit class.
    public var className: String {
        switch self {
        case .field: "UITextField"
        case .switch: "UISwitch"
        case .slider: "UISlider"
        case .segmented: "UISegmentedControl"
        case .stepper: "UIStepper"
        case .spinner: "UIActivityIndicatorView"
        case .progress: "UIProgressView"
        case .pageControl: "UIPageControl"
        case .datePicker: "UIDatePicker"
        case .picker: "UIPickerView"
        case .searchBar: "UISearchBar"
        }
    }

    /// (A table: every view of a custom class asks, for each of its content-size constraints.)
    public init?(className: String) {
        guard let control = Control.byClassName[className] else { return nil }
        self = control
    }

    private static let byClassName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.className, $0) })

    /// The alignment rectangle's intrinsic size; nil on an axis is no intrinsic metric (a text
    /// field's or slider's width is the layout's to give).
    public var intrinsicSize: (width: Double?, height: Double?) {
        switch self {
        case .field: (nil, 34)
        case .switch: (49, 31)
        case .slider: (nil, 30)
        case .segmented: (nil, 31)
        case .stepper: (94, 32)
        case .spinner: (20, 20)
        case .progress: (nil, 4)
        case .pageControl: (nil, 26)
        case .datePicker, .picker: (320, 216)
        case .searchBar: (nil, 56)
        }
    }

    /// The frame UIKit gives the control whatever frame it is made with or given, for the
    /// controls of one fixed size: a switch ("the size components of this rectangle are
    /// ignored", Apple's `UISwitch.init(frame:)`) and a stepper (whose frame's size, set in code,
    /// is reported not to change it either). Nil for the others.
    public var fixedFrameSize: EdgeSize? {
        switch self {
        case .switch: EdgeSize(width: 51, height: 31)
        case .stepper: EdgeSize(width: 94, height: 32)
        default: nil
        }
    }

    /// The frame around an alignment rectangle of the given size: its alignment insets added.
    public func frameSize(width: Double, height: Double) -> EdgeSize {
        let insets = alignmentInsets
        return EdgeSize(width: width + insets.left + insets.right, height: height + insets.top + insets.bottom)
    }

    /// `UIActivityIndicatorView`'s size by its style: 20 × 20 medium (and iOS 12's white and
    /// gray), 37 × 37 large (and whiteLarge), as UIKit sizes one made with `init(style:)`.
    public static func spinnerSize(_ style: SpinnerStyle) -> Double { style == .large ? 37 : 20 }

    /// Content hugging on both axes: 750 for the controls of one fixed size (Interface Builder
    /// writes it for every switch, stepper and activity indicator), else UIView's 250.
    public var hugging: LayoutPriority {
        switch self {
        case .switch, .stepper, .spinner: 750
        default: 250
        }
    }

    /// How far the frame sticks out of the alignment rectangle: a switch's frame is 51 wide, a
    /// slider's 2 wider on each side and 1 taller below, a segmented control's 1 taller below.
    public var alignmentInsets: EdgeInsets {
        switch self {
        case .switch: EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
        case .slider: EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
        case .segmented: EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        default: .zero
        }
    }
}
