import Foundation
import LayoutEngine

/// Compares a document's views, laid out by strut as `import` lays them out, with the frames
/// Xcode stored in it. Every element of the XML that carries a frame is a view to compare;
/// those Xcode itself marks misplaced or ambiguous are set apart (their stored frame is not
/// where their constraints put them), and so are a container controller's own bars and a scene
/// root some Xcode 8 documents stored past the screen below an opaque bar.
public struct FrameCheck: Sendable {
    public enum Outcome: Sendable, Equatable {
        case matches
        case differs(Rect)
        case notImported
        /// Not counted: Xcode marks it misplaced or ambiguous, or it is no view of a scene.
        case apart(String)

        public var isApart: Bool { if case .apart = self { true } else { false } }
    }

    public struct Entry: Sendable {
        public var id: String
        public var element: String
        public var line: Int
        public var name: String?
        public var stored: Rect
        public var outcome: Outcome
    }

    /// A label or button sized by strut's measure (`measuredText`), beside the frame Xcode
    /// stored: what the text measure is fitted and checked on.
    public struct TextSample: Sendable {
        public var id: String
        public var element: String
        public var text: String
        public var face: FontFace
        public var size: Double
        public var lines: Int
        public var scale: Double
        public var stored: Rect
        public var measured: (width: Double, height: Double)
        public var isApart: Bool
        /// Measured as iOS 9 to 13 drew San Francisco (`textMetric = ios13`).
        public var isEarly: Bool = false
        /// The font it was measured with.
        public var font: Font { var font = Font(face, size: size); font.earlyTracking = isEarly; return font }
    }

    public var entries: [Entry] = []
    /// With `measuredText`, each label and button strut measured.
    public var samples: [TextSample] = []
    /// Lines of the import's report: the size each scene was laid out at.
    public var sizes: [String] = []

    public var counted: [Entry] { entries.filter { !$0.outcome.isApart } }
    public var matching: Int { entries.count { $0.outcome == .matches } }

    /// How far a laid-out frame may be from the stored one (Xcode rounds to the pixel grid).
    public static let tolerance = 0.5

    /// Imports the document into a fresh engine (so it is laid out at its own size) and
    /// compares every element that has a stored frame.
    /// Placeholder constraints are kept, as on the canvas Xcode stored the frames from.
    /// `measuredText`: labels and buttons sized by strut's measure of their text.
    public static func run(_ data: Data, placeholders: Bool = true, measuredText: Bool = false) throws -> FrameCheck {
        let tree = try XMLReader.read(data).root
        let document = try IBDocument.read(root: tree)
        let engine = LayoutEngine()
        var importer = Importer(engine: engine)
        importer.placeholders = placeholders
        importer.measuredText = measuredText
        let report = try importer.run(document)
        engine.layoutIfNeeded()
        var byID: [String: View] = [:]
        for view in engine.hierarchy.allViews { if let id = view.ibID, byID[id] == nil { byID[id] = view } }
        var clipped: Set<String> = []
        for root in document.roots where root.frameClippedToScreen { clipped.insert(root.id) }
        var check = FrameCheck()
        check.sizes = report.sceneSizes
        func walk(_ node: Node, parent: Node?) {
            if let rect = node.child("rect", key: "frame") {
                let number = { (key: String) in Double(rect[key] ?? "0") ?? 0 }
                let stored = Rect(x: number("x"), y: number("y"), width: number("width"), height: number("height"))
                let id = IBDocument.id(of: node)
                let outcome: Outcome
                if node.name == "variation" {
                    // The frame for other size classes than the canvas's.
                    outcome = .apart("a size-class variation's frame")
                } else if node["misplaced"] == "YES" || node["ambiguous"] == "YES" {
                    outcome = .apart(node["misplaced"] == "YES" ? "misplaced" : "ambiguous")
                } else if clipped.contains(id) {
                    outcome = .apart("stored past the screen below an opaque bar")
                } else if let parent, parent.name.hasSuffix("Controller"), node["key"] != "view" {
                    outcome = .apart("a \(parent.name)'s own \(node.name)")
                } else if let made = byID[id] {
                    outcome = lands(made.frame, on: stored) ? .matches : .differs(made.frame)
                } else {
                    outcome = .notImported
                }
                check.entries.append(Entry(id: id, element: node.name, line: node.line, name: byID[id]?.name, stored: stored, outcome: outcome))
                if measuredText, let made = byID[id], let size = made.textSize, !made.intrinsicIsExplicit {
                    check.samples.append(TextSample(id: id, element: node.name, text: made.text, face: made.textFont.face, size: made.font,
                                                    lines: made.numberOfLines, scale: made.displayScale, stored: stored,
                                                    measured: size, isApart: outcome.isApart, isEarly: made.textMetric == .ios13))
                }
            }
            for child in node.children { walk(child, parent: node) }
        }
        walk(tree, parent: nil)
        return check
    }

    /// One line per view that does not match: `label abc-12-xyz 'title': strut 0 0 10 10, Xcode 0 0 12 10`.
    public var differences: [String] {
        entries.compactMap { entry in
            let who = "\(entry.element) \(entry.id)" + (entry.name.map { " '\($0)'" } ?? "")
            switch entry.outcome {
            case .matches, .apart: return nil
            case .notImported: return "\(who) (line \(entry.line)): not imported"
            case let .differs(frame): return "\(who): strut \(FrameCheck.text(frame)), Xcode \(FrameCheck.text(entry.stored))"
            }
        }
    }

    /// Whether a laid-out frame is on the stored one: every edge and size within `tolerance`.
    public static func lands(_ frame: Rect, on stored: Rect) -> Bool {
        [frame.x - stored.x, frame.y - stored.y, frame.width - stored.width, frame.height - stored.height].map(abs).max()! <= tolerance
    }

    /// A frame as its four numbers: `0 0 10 10`.
    public static func text(_ rect: Rect) -> String {
        [rect.x, rect.y, rect.width, rect.height].map(formatNumber).joined(separator: " ")
    }
}
