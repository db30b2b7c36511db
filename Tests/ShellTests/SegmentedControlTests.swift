import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// A segmented control sized by its segments' titles, as UIKit sizes one from iOS 13 on: each
/// title in the system font at 13 points with 10 points on either side, every segment as wide
/// as the widest unless it apportions them by content. By the fixed metric (half an em a
/// character) the widths are whole numbers to check by hand.
@Suite struct SegmentedControlTests {
    func session(_ setup: String) -> (Session, BufferSink) {
        let sink = BufferSink()
        let session = Session(sink: sink)
        #expect(session.run(line: "set textMetric = fixed; set displayScale = 2; new segmented mode; mode.leading == root.leading; mode.top == root.top; " + setup + "; layout") == .succeeded,
                "\(sink.errors)")
        return (session, sink)
    }

    func width(_ session: Session, _ name: String = "mode") -> Double {
        session.engine.hierarchy.view(named: name)!.frame.width
    }

    /// "Day" "Week" "Month" are 3, 4 and 5 characters of 6.5 points: three segments of the
    /// widest, 32.5 + 20; apportioned, each its own: 39.5 + 46 + 52.5.
    @Test func itsTitlesSizeIt() {
        let (equal, _) = session(#"set mode.segments = "Day" "Week" "Month""#)
        #expect(width(equal) == 157.5)
        #expect(equal.engine.hierarchy.view(named: "mode")!.frame.height == 32)  // 31, and 1 below its alignment rectangle
        let (apportioned, _) = session(#"set mode.segments = "Day", "Week", "Month"; set mode.apportionsSegmentWidthsByContent = on"#)
        #expect(width(apportioned) == 138)
        #expect(apportioned.run(line: #"set mode.segments = "Day" "Week" "Month" "Year"; layout"#) == .succeeded)
        #expect(width(apportioned) == 184)
        // "S" "Extra Large" apportioned, 26.5 + 91.5 = 118. By San Francisco's measure, rounded
        // up to the half point: the same 118 (8.3 + 69.6 + 40), and "Top" "Bottom" "Center"
        // 3 × (44.1 + 20) = 192.5 (SwiftMessages' demo, Xcode 15, stores 194).
        #expect(apportioned.run(line: #"set mode.segments = "S" "Extra Large"; layout"#) == .succeeded)
        #expect(width(apportioned) == 118)
        #expect(apportioned.run(line: "set textMetric = uikit; layout") == .succeeded)
        #expect(width(apportioned) == 118)
        #expect(apportioned.run(line: #"set mode.segments = "Top" "Bottom" "Center"; set mode.apportionsSegmentWidthsByContent = off; layout"#) == .succeeded)
        #expect(width(apportioned) == 192.5)
    }

    /// Without segments, or with an image's segment (its title empty), it has no intrinsic
    /// width, as before: its width is the constraints' to give.
    @Test func noTitlesNoWidth() {
        let (session, sink) = session(#"set mode.segments = "Day" "" "Year""#)
        #expect(session.engine.hierarchy.view(named: "mode")!.intrinsicContentSize.width == nil)
        #expect(session.run(line: "set mode.segments = none; layout; ambiguous") == .succeeded)
        #expect(sink.output.contains("mode"))
        #expect(session.engine.hierarchy.view(named: "mode")!.segments.isEmpty)
    }

    /// `save` writes the segments and the apportioning; the script it writes makes the same
    /// control. `dump` lists them.
    @Test func segmentsAreSavedAndDumped() throws {
        let (session, sink) = session(#"set mode.segments = "Day" "Wk \"2\"" "Month"; set mode.apportionsSegmentWidthsByContent = on"#)
        let lines = ScriptWriter.propertyLines(session.engine.hierarchy.view(named: "mode")!, named: "mode").map(\.line)
        #expect(lines.contains(#"set mode.segments = "Day" "Wk \"2\"" "Month""#))
        #expect(lines.contains("set mode.apportionsSegmentWidthsByContent = on"))
        let script = ScriptWriter.script(session.engine.hierarchy)
        let again = try loadedIntoAFreshSession(script)
        #expect(again.engine.hierarchy.view(named: "mode")!.segments == ["Day", #"Wk "2""#, "Month"])
        #expect(width(again) == width(session))
        let before = sink.output.count
        #expect(session.run(line: "dump") == .succeeded)
        #expect(String(sink.output.dropFirst(before)).contains(#""segments": ["Day", "Wk \"2\"", "Month"], "apportionsSegmentWidthsByContent": true"#))
    }

    /// Bad input is refused with its reason and changes nothing.
    @Test func badSegmentsAreRefused() {
        let (session, sink) = session(#"set mode.segments = "Day" "Week"; new label title"#)
        let before = width(session)
        #expect(session.run(line: "set mode.segments = 3") == .failed)
        #expect(sink.errors.hasSuffix(#"error: expected a segment's title in quotes ("Day" "Week"), or none, found '3'; usage: set NAME.PROP = VALUE ('help set' lists the properties)"# + "\n"))
        #expect(session.run(line: "set mode.segments =") == .failed)
        #expect(session.run(line: #"set title.segments = "A""#) == .failed)
        #expect(sink.errors.hasSuffix("error: 'segments' does not apply to 'title' (a label)\n"))
        #expect(session.run(line: "set title.apportionsSegmentWidthsByContent = on") == .failed)
        #expect(session.run(line: "set mode.apportionsSegmentWidthsByContent = maybe") == .failed)
        let many = (0...Hierarchy.segmentLimit).map { _ in "\"x\"" }.joined(separator: " ")
        #expect(session.run(line: "set mode.segments = \(many)") == .failed)
        #expect(sink.errors.contains("1001 titles"))
        #expect(session.run(line: "layout") == .succeeded)
        #expect(width(session) == before)
        #expect(session.engine.hierarchy.view(named: "mode")!.segments == ["Day", "Week"])
    }
}
