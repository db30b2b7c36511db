import Foundation
import Shell

/// Issue 20: `import` of a generated storyboard of N views: one scene whose view holds N / 4
/// rows, each a container with three labels in a line, pinned as Interface Builder writes it
/// (the cells of BENCHMARKS.md, as a document). Returns the median-ready time of the import.
func storyboardXML(views: Int) -> String {
    let rows = views / 4
    var subviews = ""
    var rootConstraints = ""
    func id(_ kind: String, _ i: Int, _ k: Int = 0) -> String { "\(kind)\(i)-\(k)" }
    for i in 0..<rows {
        var labels = ""
        var inner = ""
        for k in 1...3 {
            let width = [60 + (7 * i) % 40, 80 + (13 * i) % 60, 50 + (5 * i) % 30][k - 1]
            labels += """
                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="250" verticalHuggingPriority="251" text="Label \(i).\(k)" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="\(id("L", i, k))">
                    <rect key="frame" x="\(8 + 100 * (k - 1))" y="12" width="\(width)" height="20"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </label>

                """
            inner += """
                <constraint firstItem="\(id("L", i, k))" firstAttribute="centerY" secondItem="\(id("C", i))" secondAttribute="centerY" id="\(id("cy", i, k))"/>
                <constraint firstItem="\(id("L", i, k))" firstAttribute="height" constant="20" id="\(id("h", i, k))"/>

                """
        }
        inner += """
            <constraint firstItem="\(id("L", i, 1))" firstAttribute="leading" secondItem="\(id("C", i))" secondAttribute="leading" constant="8" id="\(id("l1", i))"/>
            <constraint firstItem="\(id("L", i, 2))" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="\(id("L", i, 1))" secondAttribute="trailing" constant="10" id="\(id("gap", i))"/>
            <constraint firstItem="\(id("L", i, 3))" firstAttribute="leading" secondItem="\(id("L", i, 2))" secondAttribute="trailing" constant="10" id="\(id("l3", i))"/>
            <constraint firstItem="\(id("C", i))" firstAttribute="trailing" secondItem="\(id("L", i, 3))" secondAttribute="trailing" constant="8" id="\(id("t3", i))"/>
            <constraint firstAttribute="height" constant="44" id="\(id("ch", i))"/>

            """
        subviews += """
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id("C", i))">
                <rect key="frame" x="0.0" y="\(44 * i)" width="320" height="44"/>
                <subviews>
            \(labels)    </subviews>
                <constraints>
            \(inner)    </constraints>
            </view>

            """
        rootConstraints += """
            <constraint firstItem="\(id("C", i))" firstAttribute="leading" secondItem="root-view" secondAttribute="leading" id="\(id("cl", i))"/>
            <constraint firstItem="\(id("C", i))" firstAttribute="top" secondItem="root-view" secondAttribute="top" constant="\(44 * i)" id="\(id("ct", i))"/>
            <constraint firstItem="\(id("C", i))" firstAttribute="width" constant="320" id="\(id("cw", i))"/>

            """
    }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="scene">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root-view">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="\(44 * rows)"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
        \(subviews)                </subviews>
                                <constraints>
        \(rootConstraints)                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
}

/// Writes the document to a temporary file once per size; times `import FILE` then `layout`.
func runImportStoryboard(views: Int) -> Double {
    let path = NSTemporaryDirectory() + "strutbench-\(views).storyboard"
    if !FileManager.default.fileExists(atPath: path) {
        try! storyboardXML(views: views).write(toFile: path, atomically: true, encoding: .utf8)
    }
    let sink = CountingSink()
    let session = Session(sink: sink)
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = session.run(line: "import \(path); layout")
    let elapsed = milliseconds(clock.now - start)
    if outcome != .succeeded { print("import failed") }
    return elapsed
}

/// `paste` of N of UIKit's messages as a console prints them one after the other (each with
/// its two empty lines inside, each on views of its own), then the empty line that ends it.
func runPasteMessages(count: Int, thenConflicts: Bool = false) -> Double {
    var lines = ["paste"]
    for i in 0..<count {
        let image = String(0x7f8794e00000 + 16 * i, radix: 16), cell = String(0x7f8795e00000 + 16 * i, radix: 16)
        let c = (0..<4).map { String(0x600000a00000 + 64 * i + 16 * $0, radix: 16) }
        lines += [
            "2017-12-10 14:43:56.185902-0800 App[29643:1101268] [LayoutConstraints] Unable to simultaneously satisfy constraints.",
            "\tProbably at least one of the constraints in the following list is one you don't want. ",
            "\tTry this: ",
            "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
            "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
            "(",
            "    \"<NSLayoutConstraint:0x\(c[0]) UIImageView:0x\(image).height == 100   (active)>\",",
            "    \"<NSLayoutConstraint:0x\(c[1]) V:|-(8)-[UIImageView:0x\(image)]   (active, names: '|':UITableViewCellContentView:0x\(cell) )>\",",
            "    \"<NSLayoutConstraint:0x\(c[2]) V:[UIImageView:0x\(image)]-(8)-|   (active, names: '|':UITableViewCellContentView:0x\(cell) )>\",",
            "    \"<NSLayoutConstraint:0x\(c[3]) 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x\(cell).height == 112.333   (active)>\"",
            ")",
            "",
            "Will attempt to recover by breaking constraint ",
            "<NSLayoutConstraint:0x\(c[0]) UIImageView:0x\(image).height == 100   (active)>",
            "",
            "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.",
            "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.",
        ]
    }
    lines.append("")
    let sink = CountingSink()
    let session = Session(sink: sink)
    var iterator = lines.makeIterator()
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = session.run(source: nil, mode: .keepGoing) { iterator.next().map(InputLine.line) ?? .end }
    let elapsed = milliseconds(clock.now - start)
    if outcome.failed || session.engine.hierarchy.userConstraints.count != 4 * count {
        print("paste: \(session.engine.hierarchy.userConstraints.count) constraints read, \(4 * count) pasted")
    }
    // paste-conflicts: then `conflicts`, every conflict's fixes tried.
    return thenConflicts ? timed { session.run(line: "conflicts") } : elapsed
}
