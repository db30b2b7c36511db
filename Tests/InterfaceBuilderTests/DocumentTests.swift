import Testing
import Foundation
@testable import InterfaceBuilder
@testable import Shell
import LayoutEngine

/// Documents written for these tests: every form of AUTOLAYOUT.md §9 that the fixtures lack,
/// and bad documents.

let header = """
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14460" targetRuntime="iOS.CocoaTouch">
    <objects>
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
"""

/// A xib: a 320 × 200 card holding a title, a photo and a badge with a fixed frame.
let cardXib = header + "\n" + """
        <view contentMode="scaleToFill" id="card-1" userLabel="Card View">
            <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <subviews>
                <label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="title-1">
                    <rect key="frame" x="16" y="12" width="288" height="24"/>
                    <fontDescription key="fontDescription" type="system" pointSize="20"/>
                </label>
                <imageView translatesAutoresizingMaskIntoConstraints="NO" id="photo-1" userLabel="photo">
                    <rect key="frame" x="16" y="44" width="160" height="90"/>
                </imageView>
                <view contentMode="scaleToFill" fixedFrame="YES" id="badge-1" userLabel="badge">
                    <rect key="frame" x="260" y="150" width="40" height="40"/>
                    <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMinY="YES"/>
                </view>
                <switch opaque="NO" translatesAutoresizingMaskIntoConstraints="NO" id="toggle-1">
                    <rect key="frame" x="200" y="44" width="51" height="31"/>
                </switch>
            </subviews>
            <directionalEdgeInsets key="directionalLayoutMargins" top="12" leading="16" bottom="12" trailing="16"/>
            <constraints>
                <constraint firstItem="title-1" firstAttribute="leading" secondItem="card-1" secondAttribute="leadingMargin" id="c-1"/>
                <constraint firstAttribute="trailingMargin" secondItem="title-1" secondAttribute="trailing" id="c-2"/>
                <constraint firstItem="title-1" firstAttribute="top" secondItem="card-1" secondAttribute="topMargin" id="c-3"/>
                <constraint firstItem="photo-1" firstAttribute="leading" secondItem="title-1" secondAttribute="leading" id="c-4"/>
                <constraint firstItem="photo-1" firstAttribute="top" secondItem="title-1" secondAttribute="bottom" constant="8" symbolic="YES" id="c-5"/>
                <constraint firstItem="photo-1" firstAttribute="width" secondItem="title-1" secondAttribute="width" multiplier="5/9" identifier="photoWidth" id="c-6"/>
                <constraint firstItem="photo-1" firstAttribute="width" secondItem="photo-1" secondAttribute="height" multiplier="16:9" identifier="photo aspect" id="c-7"/>
                <constraint firstItem="photo-1" firstAttribute="height" constant="250" placeholder="YES" id="c-8"/>
                <constraint firstItem="photo-1" firstAttribute="width" relation="greaterThanOrEqual" constant="500" id="c-9"/>
                <constraint firstItem="toggle-1" firstAttribute="leading" secondItem="photo-1" secondAttribute="trailing" constant="24" id="c-10"/>
                <constraint firstItem="toggle-1" firstAttribute="top" secondItem="photo-1" secondAttribute="top" priority="750" id="c-11">
                    <variation key="heightClass=compact" constant="4"/>
                </constraint>
            </constraints>
            <variation key="default">
                <mask key="constraints">
                    <exclude reference="c-9"/>
                </mask>
            </variation>
        </view>
    </objects>
</document>
"""

func importSession(_ text: String, file: String = "doc.xib") throws -> (Session, BufferSink, String) {
    let directory = "/tmp/strut-ib-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = "\(directory)/\(file)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let sink = BufferSink()
    return (Session(sink: sink), sink, path)
}

/// A xib of one top-level view, `card` (id `top-1`), `height` high and 320 wide, holding the
/// `subviews` and `constraints` given as XML.
func cardXib(height: Int, subviews: String, constraints: String = "") -> String {
    header + "\n" + """
            <view contentMode="scaleToFill" id="top-1" userLabel="card">
                <rect key="frame" x="0.0" y="0.0" width="320" height="\(height)"/>
                <subviews>
    \(subviews)
                </subviews>
                <constraints>
    \(constraints)
                </constraints>
            </view>
        </objects>
    </document>
    """
}

/// A card of one label, `title` (id `title-1`), saying `text` in `font` (a `<fontDescription>`'s
/// attributes) at (16, `top`) with the `frame` size stored for it, saved by Xcode build
/// `tools`, on `device` (none: no `<device>`).
func titleCardXib(tools: String, device: String? = nil, text: String = "Title", font: String = "style=\"UICTFontTextStyleBody\"",
                  top: String = "14", size: String = "width=\"36\" height=\"20\"", height: Int = 100) -> String {
    let card = cardXib(height: height, subviews: """
                <label text="\(text)" translatesAutoresizingMaskIntoConstraints="NO" id="title-1" userLabel="title">
                    <rect key="frame" x="16" y="\(top)" \(size)/>
                    <fontDescription key="fontDescription" \(font)/>
                </label>
    """, constraints: """
                <constraint firstItem="title-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="\(top)" id="k1"/>
                <constraint firstItem="title-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" constant="16" id="k2"/>
    """).replacingOccurrences(of: "toolsVersion=\"14460\"", with: "toolsVersion=\"\(tools)\"")
    guard let device else { return card }
    return card.replacingOccurrences(of: "\n    <objects>", with: "\n    <device id=\"\(device)\" orientation=\"portrait\"/>\n    <objects>")
}

/// The constraints of a document's view `top-1` that pin each of `views` to its top (`y` below
/// it) and its leading edge, as Xcode writes them.
func pinnedToTop(_ views: [(id: String, y: Int)]) -> String {
    let lines = views.enumerated().flatMap { k, view in [
        "<constraint firstItem=\"\(view.id)\" firstAttribute=\"top\" secondItem=\"top-1\" secondAttribute=\"top\""
            + (view.y == 0 ? "" : " constant=\"\(view.y)\"") + " id=\"pin-\(2 * k)\"/>",
        "<constraint firstItem=\"\(view.id)\" firstAttribute=\"leading\" secondItem=\"top-1\" secondAttribute=\"leading\" id=\"pin-\(2 * k + 1)\"/>",
    ] }
    return "<constraints>\n" + lines.joined(separator: "\n") + "\n</constraints>"
}

/// A document imported into a fresh engine (its labels and buttons sized by Xcode's frames,
/// or by strut's measure of their text) and laid out.
func importLaidOut(_ text: String, measured: Bool = false) throws -> LayoutEngine {
    let engine = LayoutEngine()
    var importer = Importer(engine: engine)
    importer.measuredText = measured
    _ = try importer.run(try IBDocument.read(Data(text.utf8)))
    engine.layoutIfNeeded()
    return engine
}

/// A document imported `with measured text` into a fresh engine, and the import's report.
func importMeasured(_ text: String) throws -> (engine: LayoutEngine, report: ImportReport) {
    let engine = LayoutEngine()
    var importer = Importer(engine: engine)
    importer.measuredText = true
    let report = try importer.run(try IBDocument.read(Data(text.utf8)))
    return (engine, report)
}

/// A session that imported a document `with measured text` through the shell (after the
/// `before` lines) and laid it out, with what it printed; the scratch file is gone.
func shellImportMeasured(_ text: String, before: [String] = []) throws -> (session: Session, output: String) {
    let (session, sink, path) = try importSession(text)
    defer { removeScratch(path) }
    for line in before { #expect(session.run(line: line) == .succeeded) }
    #expect(session.run(line: "import \(path) with measured text") == .succeeded)
    session.engine.layoutIfNeeded()
    return (session, sink.output)
}

/// Removes the folder `importSession` made for the file at `path`.
func removeScratch(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
}

@Test func aXibComesInWithItsFramesNamesAndConstraints() throws {
    let (session, sink, path) = try importSession(cardXib)
    defer { removeScratch(path) }
    #expect(session.run(line: "set root.frame = 0 0 320 200; import \(path); layout") == .succeeded)
    let h = session.engine.hierarchy
    // Named after user labels (camel case), else the element, made unique.
    #expect(h.allViews.map(\.name) == ["root", "CardView", "label", "photo", "badge", "switch"])
    let frames = ["CardView", "label", "photo", "badge", "switch"].map { h.view(named: $0)!.frame }
    #expect(frames == [Rect(x: 0, y: 0, width: 320, height: 200), Rect(x: 16, y: 12, width: 288, height: 24),
                       Rect(x: 16, y: 44, width: 160, height: 90), Rect(x: 260, y: 150, width: 40, height: 40),
                       Rect(x: 200, y: 44, width: 51, height: 31)])
    // The switch's constraints place its 49-wide alignment rectangle; its frame sticks out 2 more.
    #expect(h.view(named: "switch")!.alignmentInsets == EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
    #expect(h.view(named: "switch")!.intrinsicContentSize.width == 49)
    // Identifiers that are names name their constraint; others are kept as UIKit's identifier.
    let photoWidth = try #require(h.constraint(named: "photoWidth"))
    #expect(h.text(of: photoWidth) == "photo.width == 0.555556 * label.width")
    let aspect = try #require(h.userConstraints.map(\.constraint).first { $0.identifier == "photo aspect" })
    #expect(h.text(of: aspect) == "photo.width == 1.777778 * photo.height")
    // Omitted first item: the owning view. Placeholder and not installed: inactive.
    let texts = h.userConstraints.map { h.text(of: $0.constraint) }
    #expect(texts.contains("CardView.trailingMargin == label.trailing"))
    #expect(h.userConstraints.filter { !$0.constraint.isActive }.map { h.text(of: $0.constraint) } == ["photo.height == 250", "photo.width >= 500"])
    #expect(h.constraint(named: "placeholder").map { h.text(of: $0) } == "photo.height == 250")
    #expect(h.userConstraints.contains { h.text(of: $0.constraint) == "switch.top == photo.top @750" })
    // Document ids, classes, content sizes and alignment insets in dump; margins from
    // directionalLayoutMargins.
    #expect(StateDump.json(session.engine).contains(#""name": "switch", "kind": "view", "parent": "CardView", "frame": [200, 44, 51, 31], "ambiguous": [], "intrinsic": [49, 31], "alignmentInsets": [0, 0, 0, 2], "ibID": "toggle-1", "class": "UISwitch"}"#))
    #expect(h.view(named: "CardView")!.margins == EdgeInsets(top: 12, left: 16, bottom: 12, right: 16))
    // The fixed-frame badge keeps its frame through its mask: it stays in the corner.
    #expect(session.run(line: "set root.frame = 0 0 400 300; layout") == .succeeded)
    #expect(h.view(named: "badge")!.frame == Rect(x: 260, y: 150, width: 40, height: 40))
    #expect(session.engine.hierarchy.view(named: "CardView")!.frame == Rect(x: 0, y: 0, width: 320, height: 200))
    let out = sink.output
    #expect(out.contains("imported doc.xib: 5 views and guides under 1 top-level view (CardView), 11 constraints (2 inactive)"))
    #expect(out.contains("laid out at the document's size, 320 x 200 (root.frame = 0 0 320 200), as Xcode did"))
    #expect(out.contains("content sizes from the document's frames: label: height 24; switch: width 49, height 31"))
    #expect(out.contains("placeholder constraint 'placeholder' photo.height == 250 (constraint c-8, line "))
    #expect(out.contains("): removed at build time, so inactive"))
    #expect(out.contains("size-class variation, not applied (other size classes): constraint c-11 (line "))
}

@Test func multipliersInEveryForm() {
    #expect(IBDocument.parseMultiplier("0.25") == 0.25)
    #expect(IBDocument.parseMultiplier("2") == 2)
    #expect(IBDocument.parseMultiplier("3/4") == 0.75)
    #expect(IBDocument.parseMultiplier("16:9") == 16.0 / 9)
    #expect(IBDocument.parseMultiplier("1:0") == nil)
    #expect(IBDocument.parseMultiplier("x") == nil)
}

struct BadDocument: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var message: String
    var testDescription: String { name }
}

let badDocuments: [BadDocument] = [
    BadDocument(name: "not XML", text: "this is not a storyboard\n",
                message: "line 1: this is not XML (no element where the document should start)"),
    BadDocument(name: "truncated", text: String(cardXib.prefix(1400)),
                message: "line 19: the document ends in the middle (truncated?)"),
    BadDocument(name: "malformed attribute", text: cardXib.replacingOccurrences(of: "<imageView translatesAutoresizingMaskIntoConstraints=\"NO\"", with: "<imageView translatesAutoresizingMaskIntoConstraints=NO"),
                message: "line 13: not well-formed XML: a malformed tag or attribute (column "),
    BadDocument(name: "not IB", text: "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n",
                message: "line 2: not an iOS Interface Builder document (the top element is <plist>, expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch…\">)"),
    // An element Xcode saved with a frame is a view, whatever its name; one without is not.
    BadDocument(name: "unknown element", text: cardXib.replacingOccurrences(of: "<switch opaque", with: "<frobnicator opaque")
                    .replacingOccurrences(of: "</switch>", with: "</frobnicator>")
                    .replacingOccurrences(of: "<rect key=\"frame\" x=\"200\" y=\"44\" width=\"51\" height=\"31\"/>", with: "<size key=\"x\"/>"),
                message: "line 20: unknown element <frobnicator> among the subviews of view card-1"),
    BadDocument(name: "dangling reference", text: cardXib.replacingOccurrences(of: "secondItem=\"photo-1\" secondAttribute=\"trailing\"", with: "secondItem=\"gone-9\" secondAttribute=\"trailing\""),
                message: "line 35: constraint c-10 refers to \"gone-9\", which is no view or layout guide of the document"),
    BadDocument(name: "bad multiplier", text: cardXib.replacingOccurrences(of: "multiplier=\"5/9\"", with: "multiplier=\"5/0\""),
                message: "line 31: constraint c-6: multiplier \"5/0\" is not a number, a fraction like 3/4 or a ratio like 16:9"),
    BadDocument(name: "unknown attribute", text: cardXib.replacingOccurrences(of: "firstAttribute=\"leading\" secondItem=\"photo-1\"", with: "firstAttribute=\"middle\" secondItem=\"photo-1\""),
                message: "line 35: constraint c-10: unknown attribute \"middle\""),
    BadDocument(name: "invalid pairing", text: cardXib.replacingOccurrences(of: "secondItem=\"photo-1\" secondAttribute=\"top\" priority=\"750\"", with: "secondItem=\"photo-1\" secondAttribute=\"width\" priority=\"750\""),
                message: "line 36: constraint c-11: "),
]

@Test(arguments: badDocuments)
func aBadDocumentIsRefusedWithItsLineAndChangesNothing(_ bad: BadDocument) throws {
    let (session, sink, path) = try importSession(bad.text)
    defer { removeScratch(path) }
    #expect(session.run(line: "new view keep; keep.width == 5; layout") == .succeeded)
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "import \(path)") == .failed)
    #expect(sink.errors.hasPrefix("error: cannot read '\(path)': \(bad.message)"), Comment(rawValue: sink.errors))
    #expect(sink.errors.split(separator: "\n").count == 1)
    #expect(StateDump.json(session.engine) == before)
}

@Test func aScriptIsNotImportedAndUndoTakesAnImportBack() throws {
    let (session, sink, path) = try importSession(cardXib)
    defer { removeScratch(path) }
    #expect(session.run(line: "import /tmp/script.strut") == .failed)
    #expect(sink.errors.contains("import reads Interface Builder documents (.xib, .storyboard), Swift or Objective-C layout code (.swift, .m, or a folder of it) and console logs (.txt, .log); to run a script, use 'load'"))
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "import \(path)") == .succeeded)
    #expect(session.run(line: "undo") == .succeeded)
    #expect(StateDump.json(session.engine) == before)
}

@Test func anImportedDocumentSavesAndLoadsToTheSameDump() throws {
    let (session, _, path) = try importSession(cardXib)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path); layout; save \(path).strut") == .succeeded)
    let second = Session(sink: BufferSink())
    #expect(second.run(line: "load \(path).strut") == .succeeded)
    #expect(StateDump.json(second.engine) == StateDump.json(session.engine))
}

/// Foundation's XML parser trapped on an element name that is not
/// UTF-8. The document is refused with its line instead, and the session lives on.
@Test func aDocumentThatIsNotUTF8IsRefusedWithItsLine() throws {
    let bytes: [UInt8] = Array("<?xml version=\"1.0\"?>\n<document>\n".utf8) + [0x3C, 0xFF, 0x65, 0x65, 0x63] + Array("/>\n</document>\n".utf8)
    #expect(throws: DocumentError(line: 3, "not UTF-8 text (a byte that is not UTF-8 on this line)")) {
        try IBDocument.read(Data(bytes))
    }
    #expect(throws: DocumentError(line: 1, "not UTF-8 text (a byte that is not UTF-8 on this line)")) {
        try IBDocument.read(Data([0x3C, 0xFF, 0x65, 0x65, 0x63]))
    }
    // The check itself: ASCII, text with accents and CJK, a sequence cut at the end of the file.
    #expect(firstInvalidUTF8Line(Data("<a/>\n<b/>\n".utf8)) == nil)
    #expect(firstInvalidUTF8Line(Data("<a t=\"café\"/>\n<b t=\"ラベル\"/>\n".utf8)) == nil)
    #expect(firstInvalidUTF8Line(Data(Array("<a/>\n<b t=\"ラ".utf8).dropLast())) == 2)
    #expect(firstInvalidUTF8Line(Data()) == nil)
}

/// Foundation's XML parser on Linux crashed (a null C string) on a
/// processing instruction with a target and no data, `<?xml?>` or `<?pi?>`. strut's own reader
/// passes over such an instruction as over any other.
@Test func aProcessingInstructionWithoutDataIsReadNotCrashedOn() throws {
    #expect(outline(try XMLReader.read(Data("<a><?pi?></a>".utf8)).root) == ["0 <a> line 1  text=\"\""])
    #expect(outline(try XMLReader.read(Data("<?b?><?b-c.d?>\n<?e f?><a/>".utf8)).root) == ["0 <a> line 2  text=\"\""])
    // The reference parser given the same documents with a space in each such instruction.
    #expect(withDataInProcessingInstructions(Data("<?a?><?b-c.d?>\n<?e f?><??><?g".utf8)) == Data("<?a ?><?b-c.d ?>\n<?e f?><??><?g".utf8))
    // The document as fuzzing wrote it: refused with its line, not a crash.
    let found = "<?xml?>\n<documXIB\"\u{19}version=\"3*0 version=\"1.0\" encodzing=\"UTF-8\"?>\n<documXIB\"\u{19}version=\"3*0\" toolsVersion=\"21507\" <userDefntView 0</urs[De      ument>\n\n"
    #expect(throws: DocumentError.self) { try IBDocument.read(Data(found.utf8)) }
    // A card with instructions inside reads as the card does.
    let withInstructions = cardXib.replacingOccurrences(of: "<objects>", with: "<objects><?pi?><?xml-stylesheet?>")
    let (session, _, path) = try importSession(withInstructions)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path); layout") == .succeeded)
    let (plain, _, plainPath) = try importSession(cardXib)
    defer { removeScratch(plainPath) }
    #expect(plain.run(line: "import \(plainPath); layout") == .succeeded)
    #expect(StateDump.json(session.engine) == StateDump.json(plain.engine))
}

/// Views that repeat an id made the
/// chain of parents a loop (a view `a` holding `b` holding another `a`), and asking whether a
/// constraint's other item lies inside a scroll view walked it for ever. A repeated id is now
/// refused when the document is read, with both lines, and nothing changes.
@Test func aRepeatedIdIsRefusedWithItsLines() throws {
    let looped = header + "\n" + """
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                <subviews>
                    <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="sv">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="240"/>
                    </scrollView>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="a">
                        <rect key="frame" x="0.0" y="240" width="320" height="240"/>
                        <subviews>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="b">
                                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                                <subviews>
                                    <view translatesAutoresizingMaskIntoConstraints="NO" id="a">
                                        <rect key="frame" x="0.0" y="0.0" width="5" height="5"/>
                                    </view>
                                </subviews>
                            </view>
                        </subviews>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="sv" firstAttribute="top" secondItem="a" secondAttribute="top" id="c-1"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
    let (session, sink, path) = try importSession(looped)
    defer { removeScratch(path) }
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "import \(path)") == .failed)
    #expect(sink.errors == "error: cannot read '\(path)': line 17: the id \"a\" is used again (first on line 11): each view and layout guide needs its own\n")
    #expect(StateDump.json(session.engine) == before)
}

/// User labels in any script name their views (`ヘッダー`, `名前 ラベル` → `名前ラベル`), and the
/// names work in commands.
@Test func userLabelsInAnyScriptNameTheirViews() throws {
    let xib = header + "\n" + """
            <view contentMode="scaleToFill" id="top-1" userLabel="ヘッダー">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <subviews>
                    <label opaque="NO" text="山田" translatesAutoresizingMaskIntoConstraints="NO" id="name-1" userLabel="名前 ラベル">
                        <rect key="frame" x="16" y="20" width="34" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="name-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" constant="16" id="c-1"/>
                    <constraint firstItem="name-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="20" id="c-2"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
    let (session, sink, path) = try importSession(xib)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path)") == .succeeded)
    #expect(sink.output.hasPrefix("imported doc.xib: 2 views and guides under 1 top-level view (ヘッダー)"))
    let before = sink.output.count
    #expect(session.run(line: "frame 名前ラベル") == .succeeded)
    // No device, and a frame on half points: laid out on the 2× grid, as stored.
    #expect(String(sink.output.dropFirst(before)) == "名前ラベル (16, 20, 34, 20.5)\n")
}

/// A label's text style comes in as a text style (its size at the default category), with
/// Interface Builder's "Automatically Adjusts Font", and follows the session's category; its
/// lines and preferred width come in too.
@Test func textStylesComeInAsTextStyles() throws {
    let xib = header + "\n" + """
            <view contentMode="scaleToFill" id="top-1" userLabel="card">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <subviews>
                    <label opaque="NO" text="Note" numberOfLines="0" preferredMaxLayoutWidth="200" adjustsFontForContentSizeCategory="YES" translatesAutoresizingMaskIntoConstraints="NO" id="note-1" userLabel="note">
                        <rect key="frame" x="16" y="20" width="34" height="18"/>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleSubhead"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="note-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" constant="16" id="c-1"/>
                    <constraint firstItem="note-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="20" id="c-2"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
    let (session, _, path) = try importSession(xib)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path)") == .succeeded)
    #expect(session.dumpJSON.contains("\"font\": 15, \"textStyle\": \"subheadline\", \"adjustsFont\": true, \"lines\": 0, \"preferredMaxLayoutWidth\": 200"))
    #expect(session.run(line: "set contentSizeCategory = extraExtraExtraLarge") == .succeeded)
    #expect(session.dumpJSON.contains("\"font\": 21, \"textStyle\": \"subheadline\", \"adjustsFont\": true"))
}

/// A document's text views come in as text views (`new textView`), of their class, scrolling
/// or not as the document says; with measured text, one that does not scroll is sized by its
/// text (empty: one line) and its insets, one that scrolls has no size of its own.
@Test func textViewsComeInAsTextViews() throws {
    let xib = cardXib(height: 300, subviews: """
                    <textView scrollEnabled="NO" text="Lorem ipsum" translatesAutoresizingMaskIntoConstraints="NO" id="note-1" userLabel="note">
                        <rect key="frame" x="0.0" y="0.0" width="288" height="40"/>
                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                    </textView>
                    <textView scrollEnabled="NO" translatesAutoresizingMaskIntoConstraints="NO" id="empty-1" userLabel="empty" customClass="PlaceholderTextView">
                        <rect key="frame" x="0.0" y="50" width="288" height="40"/>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </textView>
                    <textView text="Scrolls" translatesAutoresizingMaskIntoConstraints="NO" id="log-1" userLabel="log">
                        <rect key="frame" x="0.0" y="100" width="288" height="120"/>
                    </textView>
    """, constraints: """
                    <constraint firstItem="note-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="c-1"/>
                    <constraint firstItem="note-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="c-2"/>
                    <constraint firstItem="note-1" firstAttribute="width" constant="288" id="c-3"/>
                    <constraint firstItem="empty-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="c-4"/>
                    <constraint firstItem="empty-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="50" id="c-5"/>
                    <constraint firstItem="empty-1" firstAttribute="width" constant="288" id="c-6"/>
                    <constraint firstItem="log-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="c-7"/>
                    <constraint firstItem="log-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="100" id="c-8"/>
                    <constraint firstItem="log-1" firstAttribute="width" constant="288" id="c-9"/>
    """)
    let (session, _, path) = try importSession(xib)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path)") == .succeeded)
    // Xcode's sizes: the frames as stored.
    #expect(session.run(line: "layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "note")!.frame == Rect(x: 0, y: 0, width: 288, height: 40))
    let script = ScriptWriter.script(session.engine.hierarchy)
    #expect(script.contains("new textView note in card\n") && script.contains("set note.scrollEnabled = off\n"))
    #expect(script.contains("new textView log in card\n") && !script.contains("set log.scrollEnabled"))
    #expect(session.dumpJSON.contains("\"class\": \"PlaceholderTextView\""))

    let engine = try importMeasured(xib).engine
    engine.layoutIfNeeded()
    let h = engine.hierarchy
    // 14-point text, one line (16.71, 17 at whole points), and 16 of insets; the empty body one
    // keeps a line of its leading, 22; the scrolling one is not measured: what its constraints
    // leave free (its height) is Xcode's, as for any view whose content strut does not know.
    #expect(h.view(named: "note")!.frame == Rect(x: 0, y: 0, width: 288, height: 17 + 16))
    #expect(h.view(named: "empty")!.frame == Rect(x: 0, y: 50, width: 288, height: 22 + 16))
    #expect(h.view(named: "log")!.frame == Rect(x: 0, y: 100, width: 288, height: 120))
}

/// A document's text fields keep their border style (none when the document names none) and
/// their font, a text style as a text style that may adjust; their sizes are the document's.
@Test func textFieldsComeInWithTheirBorders() throws {
    let xib = cardXib(height: 100, subviews: """
                    <textField borderStyle="roundedRect" translatesAutoresizingMaskIntoConstraints="NO" id="f-1" userLabel="boxed">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="34"/>
                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                    </textField>
                    <textField adjustsFontForContentSizeCategory="YES" translatesAutoresizingMaskIntoConstraints="NO" id="f-2" userLabel="bare">
                        <rect key="frame" x="0.0" y="40" width="200" height="22"/>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </textField>
    """)
    let (session, _, path) = try importSession(xib)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path)") == .succeeded)
    let h = session.engine.hierarchy
    #expect(h.view(named: "boxed")?.fieldBorder == .roundedRect && h.view(named: "boxed")?.font == 14)
    #expect(h.view(named: "bare")?.fieldBorder == TextFieldBorder.none && h.view(named: "bare")?.textStyle == .body)
    #expect(h.view(named: "bare")?.adjustsFont == true && h.view(named: "boxed")?.adjustsFont == false)
    let script = ScriptWriter.script(h)
    #expect(script.contains("set bare.font = body\n") && script.contains("set bare.borderStyle = none\n"))
    #expect(!script.contains("set boxed.borderStyle"))
}

/// A document's fonts and device: a named font strut knows is measured as itself, one it does
/// not know as the system font with a line in the report; text is rounded to the device's pixels.
@Test func aDocumentsFontsAndDeviceDecideItsMeasuredText() throws {
    let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14460" targetRuntime="iOS.CocoaTouch">
        <device id="retina4_7" orientation="portrait"/>
        <objects>
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <subviews>
                    <label text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="serif-1" userLabel="serif">
                        <rect key="frame" x="0" y="0" width="99" height="99"/>
                        <fontDescription key="fontDescription" name="Georgia-Bold" family="Georgia" pointSize="17"/>
                    </label>
                    <label text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="fancy-1" userLabel="fancy">
                        <rect key="frame" x="0" y="0" width="99" height="99"/>
                        <fontDescription key="fontDescription" name="Papyrus" family="Papyrus" pointSize="17"/>
                    </label>
                    <label text="notifications" translatesAutoresizingMaskIntoConstraints="NO" id="bell-1" userLabel="bell">
                        <rect key="frame" x="0" y="0" width="99" height="99"/>
                        <fontDescription key="fontDescription" name="MaterialIcons-Regular" family="Material Icons" pointSize="24"/>
                    </label>
                    <button buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="go-1" userLabel="go">
                        <rect key="frame" x="0" y="0" width="99" height="99"/>
                        <inset key="contentEdgeInsets" minX="10" minY="2" maxX="10" maxY="2"/>
                        <state key="normal" title="Go"/>
                    </button>
                </subviews>
                <constraints>
                    <constraint firstItem="serif-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="serif-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k2"/>
                    <constraint firstItem="fancy-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k3"/>
                    <constraint firstItem="fancy-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k4"/>
                    <constraint firstItem="bell-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k7"/>
                    <constraint firstItem="bell-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k8"/>
                    <constraint firstItem="go-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k5"/>
                    <constraint firstItem="go-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k6"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
    // The shell says both in the import's report.
    let (session, sink, path) = try importSession(xml)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path) with measured text") == .succeeded)
    #expect(sink.output.contains("\nset displayScale = 2: text sizes rounded to the pixels of the document's device\n"))
    #expect(sink.output.contains("\nfonts strut has no metrics for, measured as the system font: Papyrus ('fancy')\n"))
    #expect(session.engine.hierarchy.displayScale == 2)

    let (engine, report) = try importMeasured(xml)
    #expect(report.unknownFonts == ["Papyrus ('fancy')"])
    #expect(report.displayScale == 2)
    #expect(engine.hierarchy.displayScale == 2)
    engine.layoutIfNeeded()
    let h = engine.hierarchy
    #expect(h.view(named: "serif")!.fontFace == FontFace(family: .georgia, weight: .bold, name: "Georgia-Bold"))
    let hello = Font(.system, size: 17).width(of: "Hello")
    let fancy = h.view(named: "fancy")!.frame
    #expect(fancy.width == Font.roundedUp(hello, scale: 2) && fancy.height == 20.5)
    // An icon font draws its icon's name as one glyph, an em square: 24 × 24 at 24 points.
    #expect(h.view(named: "bell")!.fontFace.family == .icons)
    #expect(h.view(named: "bell")!.frame == Rect(x: 0, y: 0, width: 24, height: 24))
    // A button's title in whole points inside its insets: "Go" (19.38) is 20 wide, 18 high at
    // 15 points.
    #expect(Font.roundedUp(Font(.system, size: 15).width(of: "Go"), scale: 1) == 20)
    let go = h.view(named: "go")!.frame
    #expect(go.width == 40 && go.height == 22)
}

/// A button whose content insets are negative (Pocket Casts' "Add Files", `minY="-10"
/// maxY="-10"` around an 18-point line) imports: its content size stops at zero instead of
/// failing the whole document; its height constraint places it.
@Test func aButtonWithNegativeInsetsImports() throws {
    let xml = xibText(tools: "17701", device: "retina4_7", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <subviews>
                    <button buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="add-1" userLabel="add">
                        <rect key="frame" x="140" y="0" width="95" height="38"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="38" id="h1"/>
                        </constraints>
                        <inset key="contentEdgeInsets" minX="8" minY="-10" maxX="8" maxY="-10"/>
                        <state key="normal" title="Add Files"/>
                    </button>
                </subviews>
                <constraints>
                    <constraint firstItem="add-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="add-1" firstAttribute="centerX" secondItem="top-1" secondAttribute="centerX" id="k2"/>
                </constraints>
            </view>
    """)
    for measured in [false, true] {
        let engine = LayoutEngine()
        var importer = Importer(engine: engine)
        importer.measuredText = measured
        _ = try importer.run(try IBDocument.read(Data(xml.utf8)))
        engine.layoutIfNeeded()
        let add = try #require(engine.hierarchy.view(named: "add"))
        #expect(add.frame.height == 38)
        // Measured: 18 high less 20 of insets is nothing; the width is the title's and 16.
        if measured { #expect(add.intrinsicContentSize.height == 0 && add.intrinsicContentSize.width == Font.roundedUp(Font(.system, size: 15).width(of: "Add Files"), scale: 1) + 16) }
    }
}

/// Real documents that failed whole (Blink's settings, edX's comment screen): a view inside a
/// scroll view pinned to the scroll view's margins is placed against its content, inset by the
/// scroll view's margins (8 by default, 20 here where the document gives them); a font of
/// `pointSize="0.0"` (a table cell's built-in title) is the label's default 17 points.
@Test func aScrollViewsMarginsAndAZeroPointFontImport() throws {
    let xml = xibText(tools: "17701", device: "retina4_7", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="400"/>
                <subviews>
                    <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="sv-1" userLabel="scroll">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="400"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box-1" userLabel="box">
                                <rect key="frame" x="8" y="8" width="359" height="100"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="100" id="h1"/>
                                </constraints>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="tall-1" userLabel="tall">
                                <rect key="frame" x="20" y="116" width="335" height="50"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="50" id="h2"/>
                                </constraints>
                            </view>
                        </subviews>
                        <edgeInsets key="layoutMargins" top="8" left="20" bottom="8" right="20"/>
                        <constraints>
                            <constraint firstItem="box-1" firstAttribute="top" secondItem="sv-1" secondAttribute="topMargin" id="m1"/>
                            <constraint firstItem="box-1" firstAttribute="leading" secondItem="sv-1" secondAttribute="leading" constant="8" id="m2"/>
                            <constraint firstItem="box-1" firstAttribute="width" secondItem="sv-1" secondAttribute="width" constant="-16" id="m3"/>
                            <constraint firstAttribute="trailing" secondItem="box-1" secondAttribute="trailing" constant="8" id="m8"/>
                            <constraint firstItem="tall-1" firstAttribute="top" secondItem="box-1" secondAttribute="bottom" constant="8" id="m4"/>
                            <constraint firstItem="tall-1" firstAttribute="leading" secondItem="sv-1" secondAttribute="leadingMargin" id="m5"/>
                            <constraint firstAttribute="trailingMargin" secondItem="tall-1" secondAttribute="trailing" id="m6"/>
                            <constraint firstAttribute="bottom" secondItem="tall-1" secondAttribute="bottom" id="m7"/>
                        </constraints>
                    </scrollView>
                    <label text="Open Gallery" translatesAutoresizingMaskIntoConstraints="NO" id="title-1" userLabel="title">
                        <rect key="frame" x="0.0" y="0.0" width="99" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="sv-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="sv-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k2"/>
                    <constraint firstAttribute="trailing" secondItem="sv-1" secondAttribute="trailing" id="k3"/>
                    <constraint firstAttribute="bottom" secondItem="sv-1" secondAttribute="bottom" id="k4"/>
                    <constraint firstItem="title-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k5"/>
                    <constraint firstItem="title-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k6"/>
                </constraints>
            </view>
    """)
    let engine = try importMeasured(xml).engine
    engine.layoutIfNeeded()
    let h = engine.hierarchy
    // The box's top is the content's top and the scroll view's top margin (8); the tall view
    // sits between the margins (20) and its bottom is the content's bottom.
    #expect(h.view(named: "box")!.frame == Rect(x: 8, y: 8, width: 359, height: 100))
    #expect(h.view(named: "tall")!.frame == Rect(x: 20, y: 116, width: 335, height: 50))
    #expect(h.view(named: "scrollContentLayoutGuide")?.frame.height == 166)
    #expect(h.view(named: "title")!.textFont.size == 17)
    #expect(h.view(named: "title")!.frame.height == 20.5)
}

/// A scroll view's centres are its frame's, its edges its content's (the Auto Layout Guide's
/// "Working with Scroll Views"): VLC's donation screen pins its content view to the scroll
/// view's leading edge and centres it horizontally, which makes the content as wide as the
/// scroll view (Xcode stored 320); read as the content's centre, nothing held its width.
@Test func aScrollViewsCentreIsItsFramesToItsContent() throws {
    let xml = xibText(tools: "14490", device: "retina4_0", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                <subviews>
                    <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="sv-1" userLabel="scroll">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box-1" userLabel="content">
                                <rect key="frame" x="0.0" y="10" width="320" height="200"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="200" id="h1"/>
                                </constraints>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="mid-1" userLabel="middle">
                                <rect key="frame" x="140" y="264" width="40" height="40"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="40" id="w2"/>
                                    <constraint firstAttribute="height" constant="40" id="h2"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="box-1" firstAttribute="top" secondItem="sv-1" secondAttribute="top" constant="10" id="m1"/>
                            <constraint firstItem="box-1" firstAttribute="leading" secondItem="sv-1" secondAttribute="leading" id="m2"/>
                            <constraint firstAttribute="trailing" secondItem="box-1" secondAttribute="trailing" id="m3"/>
                            <constraint firstAttribute="bottom" secondItem="box-1" secondAttribute="bottom" id="m4"/>
                            <constraint firstItem="box-1" firstAttribute="centerX" secondItem="sv-1" secondAttribute="centerX" id="m5"/>
                            <constraint firstItem="mid-1" firstAttribute="centerX" secondItem="sv-1" secondAttribute="centerXWithinMargins" id="m6"/>
                            <constraint firstItem="mid-1" firstAttribute="centerY" secondItem="sv-1" secondAttribute="centerY" id="m7"/>
                        </constraints>
                    </scrollView>
                </subviews>
                <constraints>
                    <constraint firstItem="sv-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="sv-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k2"/>
                    <constraint firstAttribute="trailing" secondItem="sv-1" secondAttribute="trailing" id="k3"/>
                    <constraint firstAttribute="bottom" secondItem="sv-1" secondAttribute="bottom" id="k4"/>
                </constraints>
            </view>
    """)
    for measured in [false, true] {
        let engine = try importLaidOut(xml, measured: measured)
        let h = engine.hierarchy
        #expect(engine.broken.isEmpty)
        #expect(h.view(named: "content")!.frame == Rect(x: 0, y: 10, width: 320, height: 200))
        #expect(h.view(named: "middle")!.frame == Rect(x: 140, y: 264, width: 40, height: 40))
        #expect(h.view(named: "scrollContentLayoutGuide")?.frame == Rect(x: 0, y: 0, width: 320, height: 210))
    }
}

/// A view at the top of a xib, not its File's Owner's, has a root view's side margins from
/// Xcode 9 on: 16 below 414 points wide, 20 from there (Rocket.Chat's title view and message
/// cells, Delta's and AltStore's Patreon headers, Simplenote's section header), where it had a
/// plain view's 8;
/// Xcode 8 documents keep 8.
@Test func aViewAtTheTopOfAXibHasARootViewsMargins() throws {
    func header(tools: String, width: Int, element: String = "view") throws -> Rect {
        let xml = xibText(tools: tools, device: "retina4_7", """
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <\(element) contentMode="scaleToFill" id="top-1" userLabel="header">
                    <rect key="frame" x="0.0" y="0.0" width="\(width)" height="60"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar-1" userLabel="bar">
                            <rect key="frame" x="16" y="8" width="100" height="20"/>
                            <constraints>
                                <constraint firstAttribute="height" constant="20" id="h1"/>
                            </constraints>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="bar-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leadingMargin" id="m1"/>
                        <constraint firstAttribute="trailingMargin" secondItem="bar-1" secondAttribute="trailing" constant="100" id="m2"/>
                        <constraint firstItem="bar-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="8" id="m3"/>
                    </constraints>
                </\(element)>
        """)
        return try importLaidOut(xml).hierarchy.view(named: "bar")!.frame
    }
    #expect(try header(tools: "14490.70", width: 375) == Rect(x: 16, y: 8, width: 243, height: 20))
    #expect(try header(tools: "14490.70", width: 375, element: "collectionReusableView") == Rect(x: 16, y: 8, width: 243, height: 20))
    #expect(try header(tools: "15400", width: 335, element: "collectionViewCell") == Rect(x: 16, y: 8, width: 203, height: 20))
    #expect(try header(tools: "22155", width: 414) == Rect(x: 20, y: 8, width: 274, height: 20))
    #expect(try header(tools: "12121", width: 375) == Rect(x: 8, y: 8, width: 259, height: 20))
}

/// A table cell given layout margins of its own passes its sides on to a content view that
/// preserves its superview's margins (AltStore's settings: 30 at the sides), except where an
/// accessory stands beside the content view, whose trailing margin stays 8.
@Test func aCellsOwnMarginsReachItsContentView() throws {
    func cell(_ id: String, y: Int, accessory: Bool, labelFrame: String) -> String {
        """
                            <tableViewCell contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" \(accessory ? "accessoryType=\"disclosureIndicator\" " : "")id="\(id)">
                                <rect key="frame" x="0.0" y="\(y)" width="320" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <tableViewCellContentView key="contentView" opaque="NO" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="\(id)" id="\(id)-cv">
                                    <rect key="frame" x="0.0" y="0.0" width="\(accessory ? 293 : 320)" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-bar" userLabel="\(id)Bar">
                                            <rect key="frame" \(labelFrame)/>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="\(id)-bar" firstAttribute="leading" secondItem="\(id)-cv" secondAttribute="leadingMargin" id="\(id)-c1"/>
                                        <constraint firstAttribute="trailingMargin" secondItem="\(id)-bar" secondAttribute="trailing" id="\(id)-c2"/>
                                        <constraint firstItem="\(id)-bar" firstAttribute="top" secondItem="\(id)-cv" secondAttribute="top" constant="12" id="\(id)-c3"/>
                                        <constraint firstItem="\(id)-bar" firstAttribute="height" constant="20" id="\(id)-c4"/>
                                    </constraints>
                                </tableViewCellContentView>
                                <edgeInsets key="layoutMargins" top="8" left="30" bottom="8" right="30"/>
                            </tableViewCell>
        """
    }
    let scene = """
    <scene sceneID="s-t"><objects>
        <tableViewController id="tvc" sceneMemberID="viewController">
            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="static" style="grouped" rowHeight="44" id="table">
                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <sections>
                    <tableViewSection id="sec-1">
                        <cells>
    \(cell("plain", y: 18, accessory: false, labelFrame: "x=\"30\" y=\"12\" width=\"260\" height=\"20\""))
    \(cell("more", y: 62, accessory: true, labelFrame: "x=\"30\" y=\"12\" width=\"255\" height=\"20\""))
                        </cells>
                    </tableViewSection>
                </sections>
            </tableView>
        </tableViewController>
    </objects></scene>
    """
    let check = try allMatch(storyboardText(tools: "17503.1", device: "retina4_0", scene))
    #expect(check.entries.filter { $0.element == "view" }.count == 2)
}

/// A view at the top of a xib that is the size of the device's screen is laid out as a
/// controller's view there, under the status bar, the File's Owner's or not (OsmAnd's launch
/// screen, Pocket Casts' what's-new page, edX's splash). From Xcode 11 on, a smaller one (a
/// header, a banner, a bar loaded by code) is laid out at the top of the screen: under the
/// status bar, over the home indicator only where it reaches down to it, and no more inset than
/// it is high (DuckDuckGo's notification banner, Zotero's settings header, Simplenote's tag
/// header); Xcode 9 and 10 left such a view's safe area whole.
@Test func aViewAtTheTopOfAXibIsLaidOutAtTheTopOfTheScreen() throws {
    /// The y of a bar pinned to the safe area's top, and the bottom of a footer pinned to its bottom.
    func safeArea(tools: String, device: String, width: Int, height: Int) throws -> (top: Double, bottom: Double) {
        let xml = xibText(tools: tools, device: device, """
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="top-1" userLabel="page">
                    <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar-1" userLabel="bar">
                            <rect key="frame" x="0.0" y="0.0" width="\(width)" height="0"/>
                        </view>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="foot-1" userLabel="footer">
                            <rect key="frame" x="0.0" y="0.0" width="\(width)" height="0"/>
                        </view>
                    </subviews>
                    <viewLayoutGuide key="safeArea" id="sa-9"/>
                    <constraints>
                        <constraint firstItem="bar-1" firstAttribute="top" secondItem="sa-9" secondAttribute="top" id="m1"/>
                        <constraint firstItem="bar-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="m2"/>
                        <constraint firstAttribute="trailing" secondItem="bar-1" secondAttribute="trailing" id="m3"/>
                        <constraint firstItem="bar-1" firstAttribute="height" constant="0" id="m4"/>
                        <constraint firstItem="sa-9" firstAttribute="bottom" secondItem="foot-1" secondAttribute="bottom" id="m5"/>
                        <constraint firstItem="foot-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="m6"/>
                        <constraint firstAttribute="trailing" secondItem="foot-1" secondAttribute="trailing" id="m7"/>
                        <constraint firstItem="foot-1" firstAttribute="height" constant="0" id="m8"/>
                    </constraints>
                    <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                </view>
        """)
        let hierarchy = try importLaidOut(xml).hierarchy
        let footer = hierarchy.view(named: "footer")!.frame
        return (hierarchy.view(named: "bar")!.frame.y, footer.y + footer.height)
    }
    // The screen's size: a controller's view.
    #expect(try safeArea(tools: "14109", device: "retina4_7", width: 375, height: 667) == (20, 667))
    #expect(try safeArea(tools: "22155", device: "retina6_7", width: 428, height: 926) == (47, 892))
    // Smaller, Xcode 11 on: the status bar by device and era (none on a home-button phone of
    // Xcode 11 to 14; twice the device's in Xcode 16.1 to 16.4), the home indicator only below
    // 862 on an 896-point screen.
    #expect(try safeArea(tools: "22155", device: "retina6_7", width: 428, height: 300) == (47, 300))
    #expect(try safeArea(tools: "22505", device: "retina4_7", width: 465, height: 154) == (20, 154))
    #expect(try safeArea(tools: "20037", device: "retina4_7", width: 600, height: 275) == (0, 275))
    #expect(try safeArea(tools: "23727", device: "retina6_1", width: 414, height: 158) == (96, 158))
    #expect(try safeArea(tools: "17156", device: "retina6_1", width: 414, height: 880) == (44, 862))
    // Shorter than the status bar: all of it inset, its safe area of no height at its bottom.
    #expect(try safeArea(tools: "17156", device: "retina6_1", width: 414, height: 34) == (34, 34))
    // Xcode 10 and before: the whole view.
    #expect(try safeArea(tools: "14460", device: "retina4_7", width: 375, height: 204) == (0, 204))
}

/// The import names such a view's safe area and what it comes from.
@Test func theImportReportsASmallerTopViewsSafeArea() throws {
    let xml = xibText(tools: "22505", device: "retina4_7", """
            <view contentMode="scaleToFill" id="top-1" userLabel="banner">
                <rect key="frame" x="0.0" y="0.0" width="465" height="154"/>
                <viewLayoutGuide key="safeArea" id="sa-9"/>
                <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
            </view>
    """)
    var importer = Importer(engine: LayoutEngine())
    let report = try importer.run(try IBDocument.read(Data(xml.utf8)))
    #expect(report.safeAreas == ["'banner': insets 20 0 0 0 (375 x 667 screen: status bar 20, home indicator 0, a view 154 high at the screen's top)"])
}

/// A slider's frame sticks out of its alignment rectangle by 2 points on each side, as UIKit's
/// does, except in the documents of Xcode 16.3 and 16.4, which stored the rectangle itself
/// (OsmAnd's, Delta's and VLC's sliders, 10 of 10).
@Test func xcode16Point3StoresASlidersAlignmentRectangle() throws {
    func slider(tools: String) throws -> Rect {
        let xml = xibText(tools: tools, device: "retina6_1", """
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="top-1" userLabel="panel">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="100"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <slider opaque="NO" contentMode="scaleToFill" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="sl-1" userLabel="volume">
                            <rect key="frame" x="20" y="40" width="374" height="31"/>
                        </slider>
                    </subviews>
                    <constraints>
                        <constraint firstItem="sl-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" constant="20" id="m1"/>
                        <constraint firstAttribute="trailing" secondItem="sl-1" secondAttribute="trailing" constant="20" id="m2"/>
                        <constraint firstItem="sl-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="40" id="m3"/>
                    </constraints>
                </view>
        """)
        return try importLaidOut(xml).hierarchy.view(named: "volume")!.frame
    }
    #expect(try slider(tools: "24506") == Rect(x: 20, y: 40, width: 374, height: 31))
    #expect(try slider(tools: "23727") == Rect(x: 18, y: 40, width: 378, height: 31))
    #expect(try slider(tools: "32700") == Rect(x: 18, y: 40, width: 378, height: 31))
}

/// A view controller at the top of a xib (Rocket.Chat's, SwiftMessages', Element's): its view
/// comes in as a scene's root, with its subviews and constraints, where before nothing of it did.
@Test func aXibsViewControllerBringsItsView() throws {
    let xml = xibText(tools: "14460", device: "retina4_7", """
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <viewController id="vc-1" customClass="WebViewController">
                <view key="view" contentMode="scaleToFill" id="root-1" userLabel="page">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar-1" userLabel="bar">
                            <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                            <constraints>
                                <constraint firstAttribute="height" constant="44" id="h1"/>
                            </constraints>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="bar-1" firstAttribute="top" secondItem="sa-1" secondAttribute="top" id="k1"/>
                        <constraint firstItem="bar-1" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" id="k2"/>
                        <constraint firstAttribute="trailing" secondItem="bar-1" secondAttribute="trailing" id="k3"/>
                    </constraints>
                    <viewLayoutGuide key="safeArea" id="sa-1"/>
                </view>
            </viewController>
    """)
    let check = try FrameCheck.run(Data(xml.utf8))
    #expect(check.counted.count == 2)
    #expect(check.matching == 2, Comment(rawValue: check.differences.joined(separator: "\n")))
    let engine = LayoutEngine()
    var importer = Importer(engine: engine)
    _ = try importer.run(try IBDocument.read(Data(xml.utf8)))
    engine.layoutIfNeeded()
    // Below the status bar of Xcode 10's canvas for an iPhone 8 (20 points): the view is a
    // scene's root, its safe area inset by it.
    #expect(engine.hierarchy.view(named: "bar")?.frame == Rect(x: 0, y: 20, width: 375, height: 44))
}

/// An iOS 15 configuration button: its title, font and content insets are the configuration's
/// (`titleFontDescription`, `directionalEdgeInsets key="contentInsets"`); measured, it is its
/// title rounded to the display's pixel inside those insets, or inside 7 and 12 by default
/// (OsmAnd's "Remove All" button is 108⅓ × 34⅓ on a 3× iPhone).
@Test func configurationButtonsImportTheirConfiguration() throws {
    let xml = xibText(tools: "24506", device: "retina6_12", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="393" height="100"/>
                <subviews>
                    <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="rm-1" userLabel="remove">
                        <rect key="frame" x="0.0" y="0.0" width="108.33333333333334" height="34.333333333333336"/>
                        <state key="normal" title="Button"/>
                        <buttonConfiguration key="configuration" style="plain" title="Remove All"/>
                    </button>
                    <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="tr-1" userLabel="trash">
                        <rect key="frame" x="345" y="0.0" width="48" height="34"/>
                        <state key="normal" title="Button"/>
                        <buttonConfiguration key="configuration" style="plain" image="trash" catalog="system"/>
                    </button>
                    <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="ad-1" userLabel="add">
                        <rect key="frame" x="0.0" y="50" width="100" height="20"/>
                        <buttonConfiguration key="configuration" style="filled" title="Add photos">
                            <fontDescription key="titleFontDescription" style="UICTFontTextStyleSubhead"/>
                            <directionalEdgeInsets key="contentInsets" top="0.0" leading="10" bottom="0.0" trailing="20"/>
                        </buttonConfiguration>
                    </button>
                </subviews>
                <constraints>
                    <constraint firstItem="rm-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="rm-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k2"/>
                    <constraint firstItem="ad-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="50" id="k3"/>
                    <constraint firstItem="ad-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k4"/>
                    <constraint firstItem="tr-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k5"/>
                    <constraint firstAttribute="trailing" secondItem="tr-1" secondAttribute="trailing" id="k6"/>
                </constraints>
            </view>
    """)
    let document = try IBDocument.read(Data(xml.utf8))
    let add = try #require(document.roots.first?.subviews.first { $0.id == "ad-1" })
    // The configuration's title is shown, not the classic "Button" Xcode writes beside it; a
    // configuration of a (system) image alone has no title, and keeps Xcode's size.
    #expect(document.roots.first?.subviews.first { $0.id == "rm-1" }?.text == "Remove All")
    let trash = try #require(document.roots.first?.subviews.first { $0.id == "tr-1" })
    #expect(trash.text == nil && trash.hasImage)
    #expect(add.configuration == "filled" && add.text == "Add photos" && add.textStyle == .subheadline)
    #expect(add.contentInsets == EdgeInsets(top: 0, left: 10, bottom: 0, right: 20))
    let engine = LayoutEngine()
    var importer = Importer(engine: engine)
    importer.measuredText = true
    _ = try importer.run(document)
    engine.layoutIfNeeded()
    let remove = try #require(engine.hierarchy.view(named: "remove"))
    #expect(remove.buttonConfiguration == .plain && remove.textStyle == .body)
    #expect(abs(remove.frame.height - 103.0 / 3) < 1e-9)
    #expect(remove.frame.width == Font.roundedUp(Font(.system, size: 17).width(of: "Remove All"), scale: 3) + 24)
    let photos = try #require(engine.hierarchy.view(named: "add"))
    #expect(photos.buttonConfiguration == .filled && photos.font == 15)
    #expect(photos.frame.width == Font.roundedUp(Font(.system, size: 15).width(of: "Add photos"), scale: 3) + 30)
    #expect(photos.frame.height == Font.roundedUp(Font(.system, size: 15).lineHeight, scale: 3))
    #expect(engine.hierarchy.view(named: "trash")!.frame == Rect(x: 345, y: 0, width: 48, height: 34))
}

/// A configuration button whose role is primary has a semibold title (OnionBrowser's "Request
/// Access", stored 151 wide on a 2× iPhone: its title semibold and 12 on each side); one that
/// names its title's font keeps it, and a button of the normal role stays regular.
@Test func aPrimaryButtonsTitleIsSemibold() throws {
    let xml = xibText(tools: "21701", device: "retina4_0", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                <subviews>
                    <button opaque="NO" buttonType="system" role="primary" translatesAutoresizingMaskIntoConstraints="NO" id="pr-1" userLabel="request">
                        <rect key="frame" x="0.0" y="0.0" width="151" height="34.5"/>
                        <state key="normal" title="Button"/>
                        <buttonConfiguration key="configuration" style="plain" title="Request Access">
                            <backgroundConfiguration key="background"/>
                        </buttonConfiguration>
                    </button>
                    <button opaque="NO" buttonType="system" role="primary" translatesAutoresizingMaskIntoConstraints="NO" id="pf-1" userLabel="light">
                        <rect key="frame" x="0.0" y="50" width="100" height="30"/>
                        <buttonConfiguration key="configuration" style="plain" title="Request Access">
                            <fontDescription key="titleFontDescription" type="system" pointSize="17"/>
                        </buttonConfiguration>
                    </button>
                    <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="pn-1" userLabel="normal">
                        <rect key="frame" x="0.0" y="100" width="100" height="30"/>
                        <buttonConfiguration key="configuration" style="plain" title="Request Access"/>
                    </button>
                </subviews>
                \(pinnedToTop([("pr-1", 0), ("pf-1", 50), ("pn-1", 100)]))
            </view>
    """)
    let document = try IBDocument.read(Data(xml.utf8))
    let weights = ["pr-1", "pf-1", "pn-1"].map { id in document.roots.first?.subviews.first { $0.id == id }?.fontWeight }
    #expect(weights == ["semibold", nil, nil])
    let engine = try importLaidOut(xml, measured: true)
    let h = engine.hierarchy
    #expect(h.view(named: "request")!.frame == Rect(x: 0, y: 0, width: 151, height: 34.5))
    var semibold = Font(.system, size: 17)
    semibold.face.weight = .semibold
    #expect(h.view(named: "request")!.frame.width == Font.roundedUp(semibold.width(of: "Request Access"), scale: 2) + 24)
    let regular = Font.roundedUp(Font(.system, size: 17).width(of: "Request Access"), scale: 2) + 24
    #expect(h.view(named: "light")!.frame.width == regular)
    #expect(h.view(named: "normal")!.frame.width == regular)
    #expect(regular < 151)
}

/// From Xcode 11 a system symbol is written as an `<imageReference key="image">` inside the
/// state (or the configuration), not as an attribute: such a button has an image all the same
/// and keeps the size Xcode stored with measured text (Nextcloud Talk's login buttons: "Scan QR
/// code" with its symbol, 174.5 wide, which its title alone would make 153).
@Test func aSymbolWrittenAsAnImageReferenceIsTheButtonsImage() throws {
    let xml = xibText(tools: "23727", device: "retina6_1", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="414" height="200"/>
                <subviews>
                    <button opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="qr-1" userLabel="scan">
                        <rect key="frame" x="0.0" y="0.0" width="174.5" height="45"/>
                        <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>
                        <inset key="contentEdgeInsets" minX="16" minY="12" maxX="16" maxY="12"/>
                        <state key="normal" title="Scan QR code">
                            <imageReference key="image" image="qrcode.viewfinder" catalog="system"/>
                        </state>
                    </button>
                    <button opaque="NO" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="sh-1" userLabel="share">
                        <rect key="frame" x="0.0" y="60" width="120" height="34.5"/>
                        <buttonConfiguration key="configuration" style="plain" title="Share">
                            <imageReference key="image" image="square.and.arrow.up" catalog="system"/>
                        </buttonConfiguration>
                    </button>
                    <button opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="pl-1" userLabel="plain">
                        <rect key="frame" x="0.0" y="120" width="46" height="30"/>
                        <state key="normal" title="Button"/>
                    </button>
                </subviews>
                <constraints>
                    <constraint firstItem="qr-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="qr-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k2"/>
                    <constraint firstItem="sh-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="60" id="k3"/>
                    <constraint firstItem="sh-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k4"/>
                    <constraint firstItem="pl-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="120" id="k5"/>
                    <constraint firstItem="pl-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k6"/>
                </constraints>
            </view>
    """)
    let document = try IBDocument.read(Data(xml.utf8))
    let buttons = try #require(document.roots.first?.subviews)
    #expect(buttons.map(\.hasImage) == [true, true, false])
    let engine = try importLaidOut(xml, measured: true)
    #expect(engine.hierarchy.view(named: "scan")!.frame == Rect(x: 0, y: 0, width: 174.5, height: 45))
    #expect(engine.hierarchy.view(named: "share")!.frame == Rect(x: 0, y: 60, width: 120, height: 34.5))
    // The title alone is measured: "Button" in 15-point system text, 46 × 30.
    #expect(engine.hierarchy.view(named: "plain")!.frame == Rect(x: 0, y: 120, width: 46, height: 30))
}

/// A button's image comes in by the size the document's resources give it (a system symbol's,
/// given there at another scale, does not; one whose size does not read is left out, the
/// document read); the button keeps Xcode's size.
@Test func buttonImagesComeInByTheirSize() throws {
    var xml = xibText(tools: "22155", device: "retina4_7", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <subviews>
                    <button opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="cl-1" userLabel="clear">
                        <rect key="frame" x="0.0" y="0.0" width="16" height="22"/>
                        <state key="normal" image="search_cancel"/>
                    </button>
                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="pl-1" userLabel="plus">
                        <rect key="frame" x="0.0" y="30" width="20" height="20"/>
                        <state key="normal" image="plus" catalog="system"/>
                    </button>
                </subviews>
                <constraints>
                    <constraint firstItem="cl-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="cl-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k2"/>
                    <constraint firstItem="pl-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" constant="30" id="k3"/>
                    <constraint firstItem="pl-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k4"/>
                </constraints>
            </view>
    """)
    let resources = """
        <resources>
            <image name="search_cancel" width="16" height="16"/>
            <image name="plus" catalog="system" width="128" height="113"/>
            <image name="broken" width="wide" height="3"/>
        </resources>
    </document>
    """
    xml = xml.replacingOccurrences(of: "</document>", with: resources)
    let document = try IBDocument.read(Data(xml.utf8))
    #expect(document.imageSizes.count == 1 && document.imageSizes["search_cancel"]! == (16, 16))
    for measured in [false, true] {
        let engine = LayoutEngine()
        var importer = Importer(engine: engine)
        importer.measuredText = measured
        _ = try importer.run(document)
        engine.layoutIfNeeded()
        let clear = try #require(engine.hierarchy.view(named: "clear"))
        #expect(clear.buttonImage == EdgeSize(width: 16, height: 16))
        #expect(clear.frame.width == 16 && clear.frame.height == 22)
        #expect(engine.hierarchy.view(named: "plus")?.buttonImage == nil)
    }
}

/// A label of a custom class that is given user-defined runtime attributes (Corona-Warn-App's
/// `ENALabel` with `ibEnaStyle`: its own code picks the font, 22 points where the document says
/// 17) keeps Xcode's size with measured text; one given only cosmetic attributes (a corner
/// radius, a colour, its layer's) is measured.
@Test func customLabelsGivenRuntimeAttributesKeepXcodesSize() throws {
    let xml = xibText(tools: "22505", device: "retina4_7", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <subviews>
                    <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="st-1" userLabel="styled" customClass="ENALabel" customModule="ENA">
                        <rect key="frame" x="0.0" y="0.0" width="60" height="26.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="string" keyPath="ibEnaStyle" value="title2"/>
                        </userDefinedRuntimeAttributes>
                    </label>
                    <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="ro-1" userLabel="rounded" customClass="RoundLabel">
                        <rect key="frame" x="0.0" y="40" width="60" height="26.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><integer key="value" value="4"/></userDefinedRuntimeAttribute>
                            <userDefinedRuntimeAttribute type="color" keyPath="borderColor"/>
                        </userDefinedRuntimeAttributes>
                    </label>
                </subviews>
                \(pinnedToTop([("st-1", 0), ("ro-1", 40)]))
            </view>
    """)
    let document = try IBDocument.read(Data(xml.utf8))
    let styled = try #require(document.roots.first?.subviews.first { $0.id == "st-1" })
    #expect(styled.runtimeKeyPaths == ["ibEnaStyle"])
    let engine = LayoutEngine()
    var importer = Importer(engine: engine)
    importer.measuredText = true
    let report = try importer.run(document)
    #expect(report.fromDocument == ["styled: width 60, height 26.5 (ENALabel is given 'ibEnaStyle': its own code sizes the text)"])
    engine.layoutIfNeeded()
    let h = engine.hierarchy
    #expect(h.view(named: "styled")!.frame == Rect(x: 0, y: 0, width: 60, height: 26.5))
    let title = Font.roundedUp(Font(.system, size: 17).width(of: "Title"), scale: 2)
    #expect(h.view(named: "rounded")!.frame == Rect(x: 0, y: 40, width: title, height: 20.5))
}

/// A label whose text is empty keeps the size Xcode stored, also with measured text: UIKit
/// would give it none, but Xcode's canvas kept Habitica's placeholders (text its code sets) 48
/// high, and the views below them where they are. One stored 0 × 0 stays so; a label with text
/// beside them is measured.
@Test func emptyLabelsKeepXcodesSizeWithMeasuredText() throws {
    let xml = xibText(tools: "17506", device: "retina4_7", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                <subviews>
                    <label text="" translatesAutoresizingMaskIntoConstraints="NO" id="em-1" userLabel="placeholder">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="48"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    <label text="" translatesAutoresizingMaskIntoConstraints="NO" id="ze-1" userLabel="collapsed">
                        <rect key="frame" x="0.0" y="60" width="0.0" height="0.0"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    <label text="Below" translatesAutoresizingMaskIntoConstraints="NO" id="bl-1" userLabel="below">
                        <rect key="frame" x="0.0" y="72" width="47.5" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="em-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k1"/>
                    <constraint firstItem="em-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k2"/>
                    <constraint firstItem="em-1" firstAttribute="trailing" secondItem="top-1" secondAttribute="trailing" id="k3"/>
                    <constraint firstItem="ze-1" firstAttribute="top" secondItem="em-1" secondAttribute="bottom" constant="12" id="k4"/>
                    <constraint firstItem="ze-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k5"/>
                    <constraint firstItem="bl-1" firstAttribute="top" secondItem="ze-1" secondAttribute="bottom" constant="12" id="k6"/>
                    <constraint firstItem="bl-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k7"/>
                </constraints>
            </view>
    """)
    let (engine, report) = try importMeasured(xml)
    #expect(report.fromDocument == [
        "placeholder: height 48 (its text is empty: Xcode's canvas did not size it as UIKit sizes no text)",
        "collapsed: width 0, height 0 (its text is empty: Xcode's canvas did not size it as UIKit sizes no text)",
    ])
    engine.layoutIfNeeded()
    let h = engine.hierarchy
    #expect(h.view(named: "placeholder")!.frame == Rect(x: 0, y: 0, width: 375, height: 48))
    #expect(h.view(named: "collapsed")!.frame == Rect(x: 0, y: 60, width: 0, height: 0))
    let below = Font.roundedUp(Font(.system, size: 17).width(of: "Below"), scale: 2)
    #expect(h.view(named: "below")!.frame == Rect(x: 0, y: 72, width: below, height: 20.5))
    // Without measured text, every label keeps Xcode's size.
    let plain = try importLaidOut(xml).hierarchy
    #expect(plain.view(named: "placeholder")!.frame == Rect(x: 0, y: 0, width: 375, height: 48))
    #expect(plain.view(named: "below")!.frame == Rect(x: 0, y: 72, width: 47.5, height: 20.5))
}

/// Xcode 12.5 to 13 laid a document's text styles out at the smallest text size: the import
/// of such a document (toolsVersion 18000 to 20999) into an empty session sets
/// `contentSizeCategory = extraSmall` and says so; a body label is 14 points, 17 high on a 2×
/// device, as those documents store it. Documents of other eras, and imports into a session
/// that holds views already, leave the category as it is.
@Test func xcode13DocumentsLayTextStylesOutAtTheSmallestSize() throws {
    // Saved by Xcode build `tools`, laid out on a 2× iPhone.
    func document(tools: String) -> String {
        titleCardXib(tools: tools, device: "retina6_1", size: "width=\"28\" height=\"17\"")
    }
    let (session, output) = try shellImportMeasured(document(tools: "20037"))
    #expect(output.contains("\nset contentSizeCategory = extraSmall: text styles at the size the document's Xcode (12.5 to 13) laid them out at\n"))
    #expect(session.engine.hierarchy.contentSizeCategory == .extraSmall)
    let title = session.engine.hierarchy.view(named: "title")!
    #expect(title.font == 14 && title.textStyle == .body)
    #expect(title.frame == Rect(x: 16, y: 14, width: 28, height: 17))
    #expect(session.engine.hierarchy.contentSizeCategoryIsCanvas)
    // The canvas's category is not one the app ran at: the next category is the one it
    // launches at, for every text style (this one does not adjust); later ones, as UIKit's,
    // reach only those that adjust.
    #expect(session.run(line: "set contentSizeCategory = large; layout") == .succeeded)
    let atLarge = session.engine.hierarchy.view(named: "title")!
    #expect(atLarge.font == 17 && atLarge.textStyle == .body && atLarge.frame.height == 20.5)
    #expect(!session.engine.hierarchy.contentSizeCategoryIsCanvas)
    #expect(session.run(line: "set contentSizeCategory = extraLarge; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "title")!.font == 17)
    #expect(session.run(line: "undo; undo") == .succeeded)
    #expect(session.engine.hierarchy.contentSizeCategory == .extraSmall && session.engine.hierarchy.contentSizeCategoryIsCanvas)
    // A second document into the same session changes nothing of it.
    let (_, _, second) = try importSession(document(tools: "23504"))
    defer { removeScratch(second) }
    #expect(session.run(line: "import \(second) with measured text") == .succeeded)
    #expect(session.engine.hierarchy.contentSizeCategory == .extraSmall)

    for tools in ["17701", "21225", "23504"] {
        let (engine, report) = try importMeasured(document(tools: tools))
        #expect(report.contentSizeCategory == nil, "\(tools)")
        #expect(engine.hierarchy.contentSizeCategory == .large)
        engine.layoutIfNeeded()
        #expect(engine.hierarchy.view(named: "title")!.frame.height == 20.5, "\(tools)")
    }
    #expect(Canvas.contentSizeCategory(toolsVersion: 18122) == .extraSmall)
    #expect(Canvas.contentSizeCategory(toolsVersion: 17701) == .large)
    #expect(Canvas.contentSizeCategory(toolsVersion: 21225) == .large)
}

/// Xcode 7 laid a document's text styles out at `medium` (body at 16 points) and, without a
/// device, on the pixels of the Mac it ran on: a document whose frames hold half points was laid
/// out on a Retina screen, one on whole points on another. So an Xcode 7.0 body label with a
/// stored half point elsewhere is 19.5 high (16 points' line, 19.09, on the 2× grid) and an
/// Xcode 7.3 one on whole points 20, as those documents store them; the report says both. An
/// Xcode 8 document (with a device) keeps `large`: 17 points, 20.5.
@Test func xcode7DocumentsLayTextStylesOutAtMediumOnTheirMacsPixels() throws {
    func document(tools: String, top: String) -> String { titleCardXib(tools: tools, top: top) }
    var sixteen = Font(.system, size: 16)
    sixteen.earlyTracking = true
    let cases: [(tools: String, top: String, scale: Double, pixels: String)] = [
        ("8187.4", "14.5", 2, "half points, as the document's frames are (laid out on a Retina Mac before Xcode 8)"),
        ("10116", "14", 1, "whole points, as the document's frames are (laid out on a Mac's screen before Xcode 8)"),
    ]
    for (tools, top, scale, pixels) in cases {
        let (session, output) = try shellImportMeasured(document(tools: tools, top: top))
        #expect(output.contains("\nset displayScale = \(formatNumber(scale)): text sizes rounded to \(pixels)\n"), "\(tools)")
        #expect(output.contains("\nset contentSizeCategory = medium: text styles at the size the document's Xcode (7) laid them out at\n"), "\(tools)")
        let h = session.engine.hierarchy
        #expect(h.contentSizeCategory == .medium && h.displayScale == scale)
        let title = h.view(named: "title")!
        #expect(title.font == 16 && title.textStyle == .body)
        let width = Font.roundedUp(sixteen.width(of: "Title"), scale: scale)
        #expect(title.frame == Rect(x: 16, y: Double(top)!, width: width, height: scale == 2 ? 19.5 : 20), "\(tools)")
    }
    #expect(try IBDocument.read(Data(document(tools: "8187.4", top: "14.5").utf8)).storesHalfPoints)
    #expect(try !IBDocument.read(Data(document(tools: "10116", top: "14").utf8)).storesHalfPoints)
    #expect(Canvas.scale(ofDevice: nil, toolsVersion: 8187.4, halfPoints: true) == 2)
    #expect(Canvas.scale(ofDevice: nil, toolsVersion: 10116, halfPoints: false) == 1)
    #expect(Canvas.scale(ofDevice: "retina4_7", toolsVersion: 11134, halfPoints: false) == 2)
    // Xcode 8 on: `large`, whatever the frames.
    let (session, output) = try shellImportMeasured(titleCardXib(tools: "11134", device: "retina4_7"))
    #expect(!output.contains("contentSizeCategory"))
    #expect(session.engine.hierarchy.view(named: "title")!.frame.height == 20.5)
}

/// Xcode 26 writes `toolsVersion="32700.99.1234"`: read as build 32700, so the document's
/// device is the one of its era (`retina6_12` 393 points wide, 3 pixels a point), not the
/// canvas of a document without a version (2×, 375 wide).
@Test func aToolsVersionOfThreePartsIsItsBuild() throws {
    #expect(IBDocument.toolsVersion("32700.99.1234") == 32700.99)
    #expect(IBDocument.toolsVersion("14460.31") == 14460.31)
    #expect(IBDocument.toolsVersion("6245") == 6245)
    #expect(IBDocument.toolsVersion("x1") == nil)
    let xml = xibText(tools: "32700.99.1234", device: "retina6_12", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
            </view>
    """)
    let document = try IBDocument.read(Data(xml.utf8))
    #expect(document.toolsVersion == 32700.99)
    let engine = LayoutEngine()
    let report = try Importer(engine: engine).run(document)
    #expect(report.displayScale == nil && engine.hierarchy.displayScale == 3)  // already 3: nothing to set
}

/// A label of many lines in a scroll view whose content width it sets (pinned to the scroll
/// view's edges, as before iOS 11): a nib's label starts at its frame, so UIKit wraps it at the
/// document's 374 points in the first pass. Measured on one line instead it would be 785 wide,
/// and the scroll view's content with it.
@Test func aNibsMultiLineLabelWrapsAtItsFrameFirst() throws {
    let text = "Sadly, your free trial period has reached its end. Your account has now been downgraded to free."
    let xml = xibText(tools: "15702", device: "retina6_5", """
            <view contentMode="scaleToFill" id="top-1">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <subviews>
                    <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="sc-1" userLabel="scroll">
                        <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                        <subviews>
                            <label text="\(text)" textAlignment="center" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="lb-1" userLabel="sadly">
                                <rect key="frame" x="20" y="20" width="374" height="66"/>
                                <fontDescription key="fontDescription" type="system" weight="medium" pointSize="18"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="lb-1" firstAttribute="leading" secondItem="sc-1" secondAttribute="leading" constant="20" id="k1"/>
                            <constraint firstAttribute="trailing" secondItem="lb-1" secondAttribute="trailing" constant="20" id="k2"/>
                            <constraint firstItem="lb-1" firstAttribute="top" secondItem="sc-1" secondAttribute="top" constant="20" id="k3"/>
                            <constraint firstAttribute="bottom" secondItem="lb-1" secondAttribute="bottom" constant="20" id="k4"/>
                        </constraints>
                    </scrollView>
                </subviews>
                <constraints>
                    <constraint firstItem="sc-1" firstAttribute="top" secondItem="top-1" secondAttribute="top" id="k5"/>
                    <constraint firstItem="sc-1" firstAttribute="leading" secondItem="top-1" secondAttribute="leading" id="k6"/>
                    <constraint firstAttribute="trailing" secondItem="sc-1" secondAttribute="trailing" id="k7"/>
                    <constraint firstAttribute="bottom" secondItem="sc-1" secondAttribute="bottom" id="k8"/>
                </constraints>
            </view>
    """)
    let engine = try importMeasured(xml).engine
    engine.layoutIfNeeded()
    // Xcode 11's document: measured as iOS 9 to 13 drew San Francisco.
    var font = Font(FontFace(family: .system, weight: .medium), size: 18)
    font.earlyTracking = true
    let lines = font.lineWidths(of: text, limit: 374 + 2)
    #expect(font.width(of: text) > 700 && lines.count == 3)
    let label = engine.hierarchy.view(named: "sadly")!
    #expect(label.frame.width == Font.roundedUp(lines.max()!, scale: 3))
    #expect(label.frame.height == Font.roundedUp(font.height(ofLines: 3), scale: 3))
}

/// Xcode 7 to 11 laid documents out with the iOS 9 to 13 San Francisco, tracked by the static
/// SF Text's table (17 points: −24/1000 em, where iOS 14's variable font has −26): the import
/// of such a document into an empty session sets `textMetric = ios13` and says so, and a
/// 17-point label measures 2/1000 em a letter wider. Xcode 12's documents, and a session that
/// chose its metric already, keep theirs.
@Test func documentsOfIOS9To13TrackSanFranciscoByTheirTable() throws {
    func document(tools: String) -> String {
        titleCardXib(tools: tools, text: "Privacy and Security Settings", font: "type=\"system\" pointSize=\"17\"",
                     size: "width=\"224\" height=\"20.5\"", height: 60)
    }
    let text = "Privacy and Security Settings"
    var early = Font(.system, size: 17)
    early.earlyTracking = true
    #expect(abs(early.width(of: text) - Font(.system, size: 17).width(of: text) - 2 * 17 * Double(text.count) / 1000) < 1e-9)

    let (session, output) = try shellImportMeasured(document(tools: "16097"))
    #expect(output.contains("\nset textMetric = ios13: San Francisco tracked as the document's iOS (9 to 13) tracked it\n"))
    #expect(session.engine.hierarchy.textMetric == .ios13)
    let width = session.engine.hierarchy.view(named: "title")!.frame.width
    let scale = session.engine.hierarchy.displayScale
    #expect(width == Font.roundedUp(early.width(of: text), scale: scale))
    #expect(width > Font.roundedUp(Font(.system, size: 17).width(of: text), scale: scale))

    let (later, laterOutput) = try shellImportMeasured(document(tools: "17701"))
    #expect(!laterOutput.contains("set textMetric"))
    #expect(later.engine.hierarchy.textMetric == .uikit)

    let (fixed, fixedOutput) = try shellImportMeasured(document(tools: "16097"), before: ["set textMetric = fixed"])
    #expect(!fixedOutput.contains("set textMetric = ios13"))
    #expect(fixed.engine.hierarchy.textMetric == .fixed)
}

/// A segmented control's segments come in with the document: its titles (an image's segment
/// with an empty one) and `apportionsSegmentWidthsByContent`. With Xcode's sizes its width is
/// the frame Xcode stored; `intrinsic = auto` sizes it by its titles instead (the fixed metric:
/// "Day" "Week" 2 × (26 + 20); apportioned 39.5 + 46, rounded up to the point).
@Test func aSegmentedControlsTitlesComeInWithTheDocument() throws {
    let text = cardXib(height: 100, subviews: """
                <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="seg-1" userLabel="period">
                    <rect key="frame" x="16" y="8" width="93" height="32"/>
                    <segments>
                        <segment title="Day"/>
                        <segment title="Week"/>
                    </segments>
                </segmentedControl>
                <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" apportionsSegmentWidthsByContent="YES" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="seg-2" userLabel="icons">
                    <rect key="frame" x="16" y="48" width="80" height="32"/>
                    <segments>
                        <segment title="" image="star"/>
                        <segment title="All"/>
                    </segments>
                </segmentedControl>
    """, constraints: pinnedToTop([("seg-1", 8), ("seg-2", 48)]).replacingOccurrences(of: "<constraints>\n", with: "").replacingOccurrences(of: "\n</constraints>", with: ""))
    let (session, sink, path) = try importSession(text)
    defer { removeScratch(path) }
    #expect(session.run(line: "set textMetric = fixed; import \(path)") == .succeeded, "\(sink.errors)")
    #expect(sink.output.contains("content sizes from the document's frames: period: width 93, height 31; icons: width 80, height 31"))
    let h = { session.engine.hierarchy }
    #expect(h().view(named: "period")!.segments == ["Day", "Week"])
    #expect(h().view(named: "period")!.apportionsSegments == false)
    #expect(h().view(named: "icons")!.segments == ["", "All"])
    #expect(h().view(named: "icons")!.apportionsSegments == true)
    #expect(h().view(named: "period")!.frame.width == 93)
    #expect(session.run(line: "set period.intrinsic = auto; layout") == .succeeded)
    #expect(h().view(named: "period")!.frame.width == 92)
    #expect(session.run(line: "set period.apportionsSegmentWidthsByContent = on; layout") == .succeeded)
    // (85.5, on the whole points the import set for a document without a device.)
    #expect(h().view(named: "period")!.frame.width == 86)
    // An image's segment: no width of its own.
    #expect(session.run(line: "set icons.intrinsic = auto; layout") == .succeeded)
    #expect(h().view(named: "icons")!.intrinsicContentSize.width == nil)
}

/// A document's large activity indicator comes in large (`style="large"`, and Xcode 10's
/// `whiteLarge`): its size with `intrinsic = auto` is 37 × 37, a medium one's 20 × 20.
@Test func aDocumentsActivityIndicatorKeepsItsStyle() throws {
    let text = cardXib(height: 100, subviews: """
                <activityIndicatorView opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" style="large" translatesAutoresizingMaskIntoConstraints="NO" id="spin-1" userLabel="big">
                    <rect key="frame" x="0.0" y="8" width="37" height="37"/>
                </activityIndicatorView>
                <activityIndicatorView opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" style="gray" translatesAutoresizingMaskIntoConstraints="NO" id="spin-2" userLabel="small">
                    <rect key="frame" x="0.0" y="50" width="20" height="20"/>
                </activityIndicatorView>
    """, constraints: pinnedToTop([("spin-1", 8), ("spin-2", 50)]).replacingOccurrences(of: "<constraints>\n", with: "").replacingOccurrences(of: "\n</constraints>", with: ""))
    let (session, sink, path) = try importSession(text)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path)") == .succeeded, "\(sink.errors)")
    #expect(session.engine.hierarchy.view(named: "big")!.spinnerStyle == .large)
    #expect(session.engine.hierarchy.view(named: "small")!.spinnerStyle == .medium)
    #expect(session.run(line: "set big.intrinsic = auto; set small.intrinsic = auto; layout") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "big")!.frame == Rect(x: 0, y: 8, width: 37, height: 37))
    #expect(session.engine.hierarchy.view(named: "small")!.frame == Rect(x: 0, y: 50, width: 20, height: 20))
}
