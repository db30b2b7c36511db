import Testing
import Foundation
@testable import InterfaceBuilder
@testable import Shell
import LayoutEngine

/// Xcode's canvas, cells, stacks, controls and placeholders, on documents written for these
/// tests; every frame here is the one Xcode would store (worked out by hand from the rules).

func storyboardText(tools: String = "17701", device: String = "retina6_1", orientation: String = "portrait", _ scenes: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="\(orientation)"/>
        <scenes>
    \(scenes)
        </scenes>
    </document>
    """
}

/// A xib of these objects (after a File's Owner), saved by Xcode `tools` for `device`.
func xibText(tools: String = "17701", device: String = "retina6_1", _ objects: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="portrait"/>
        <objects>
    \(objects)
        </objects>
    </document>
    """
}

/// A controller whose root view (W × H) holds one view pinned to its safe area's top and its
/// leading margin, 10 high and 50 wide: where that view lands shows the safe area and margins.
func probeScene(_ id: String, width: Double, height: Double, extra: String = "", probeFrame: String) -> String {
    """
    <scene sceneID="s-\(id)"><objects>
        <viewController id="\(id)" sceneMemberID="viewController">
            <view key="view" contentMode="scaleToFill" id="root-\(id)">
                <rect key="frame" x="0.0" y="0.0" width="\(formatNumber(width))" height="\(formatNumber(height))"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="probe-\(id)">
                        <rect key="frame" \(probeFrame)/>
                        <constraints>
                            <constraint firstAttribute="height" constant="10" id="h-\(id)"/>
                            <constraint firstAttribute="width" constant="50" id="w-\(id)"/>
                        </constraints>
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="sa-\(id)"/>
                <constraints>
                    <constraint firstItem="probe-\(id)" firstAttribute="top" secondItem="sa-\(id)" secondAttribute="top" id="t-\(id)"/>
                    <constraint firstItem="probe-\(id)" firstAttribute="leading" secondItem="root-\(id)" secondAttribute="leadingMargin" id="l-\(id)"/>
                </constraints>
            </view>
            \(extra)
        </viewController>
    </objects></scene>
    """
}

func allMatch(_ text: String, placeholders: Bool = true) throws -> FrameCheck {
    let check = try FrameCheck.run(Data(text.utf8), placeholders: placeholders)
    #expect(check.matching == check.counted.count, Comment(rawValue: check.differences.joined(separator: "\n")))
    return check
}

@Test func theStatusBarAndHomeIndicatorComeFromTheDeviceAndTheXcodeVersion() {
    func insets(_ device: String?, _ tools: Double, _ size: (Double, Double)? = nil, landscape: Bool = false) -> EdgeInsets {
        Canvas.of(device: device, orientation: landscape ? "landscape" : "portrait", toolsVersion: tools, rootSize: size).screenInsets
    }
    // No home indicator: 20 before Xcode 11, none on the canvas in Xcode 11 to 14.2, 20 again
    // from Xcode 14.3.
    #expect(insets("retina4_7", 14460) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(insets("retina4_7", 15400) == .zero)
    // Xcode 11's betas saved 148xx (OpenFoodFacts' documents, with Xcode 11's `appearance`).
    #expect(insets("retina4_7", 14490) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(insets("retina4_7", 14868) == .zero)
    // `retina6_0`, Xcode 15's id for the 390-point phones (iPhone 13 and 14), 3x.
    #expect(insets("retina6_0", 22155) == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(Canvas.scale(ofDevice: "retina6_0", toolsVersion: 22155) == 3)
    #expect(insets("retina4_7", 21507) == .zero)
    #expect(insets("retina4_0", 21701) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(insets("retina4_7", 22155) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(insets("retina4_7", 32700) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    // Notched phones by model; a whole screen's stored size wins over the id.
    #expect(insets("retina6_1", 17701) == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    // The XR and 11's status bar is 48 from Xcode 14 (21000); the 11 Pro Max's stays 44.
    #expect(insets("retina6_1", 20037) == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_1", 21701) == EdgeInsets(top: 48, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_1", 23504) == EdgeInsets(top: 48, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_1", 23504, (414, 896)) == EdgeInsets(top: 48, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_5", 23504) == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_1", 21701, landscape: true) == EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
    // Xcode 16.1 to 16.4 doubled a notched phone's insets on the canvas (whole screens only);
    // Xcode 16.0 and 26 did not.
    #expect(insets("retina6_12", 23504) == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_12", 24506) == EdgeInsets(top: 118, left: 0, bottom: 68, right: 0))
    #expect(insets("retina6_1", 24506) == EdgeInsets(top: 96, left: 0, bottom: 68, right: 0))
    #expect(insets("retina6_9", 24000) == EdgeInsets(top: 124, left: 0, bottom: 68, right: 0))
    #expect(insets("retina6_1", 24506, (414, 848)) == EdgeInsets(top: 48, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_12", 32700) == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
    #expect(Canvas.of(device: "retina6_12", orientation: "portrait", toolsVersion: 24506, rootSize: nil).summary()
        == "393 x 852 screen: status bar 118, home indicator 68, twice the device's, as Xcode 16.1 to 16.4 laid it out")
    #expect(insets("retina4_7", 24506) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    #expect(insets("retina6_12", 21507) == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_12", 23504) == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
    #expect(insets("retina4_7", 23504, (393, 852)) == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
    #expect(insets("retina5_9", 16097) == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    #expect(insets("retina5_9", 22505) == EdgeInsets(top: 50, left: 0, bottom: 34, right: 0))
    #expect(insets("retina6_9", 32700) == EdgeInsets(top: 62, left: 0, bottom: 34, right: 0))
    // iPads: rounded ones 24 and 20; others as phones without a home indicator.
    #expect(insets("ipad11_0rounded", 17701) == EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    #expect(insets("ipad9_7", 14000) == EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    // A notched phone in landscape: the sensor housing insets both sides, the indicator 21.
    #expect(insets("retina6_1", 17701, landscape: true) == EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
}

@Test func barsComeThroughContainersAndPushesAndSimulatedMetricsTurnThemOff() throws {
    // nav → a (its root); a pushes b; c sits in a tab bar controller; d turns the status bar
    // off, which from Xcode 9 the canvas's safe area ignores (as in five apps' documents), and
    // e the inherited navigation bar; f is in an opaque navigation bar.
    let scenes = """
    <scene sceneID="s-nav"><objects>
        <navigationController id="nav" sceneMemberID="viewController">
            <navigationBar key="navigationBar" contentMode="scaleToFill" id="navbar"><rect key="frame" x="0.0" y="44" width="414" height="44"/></navigationBar>
            <connections><segue destination="a" kind="relationship" relationship="rootViewController" id="g1"/></connections>
        </navigationController>
    </objects></scene>
    <scene sceneID="s-tab"><objects>
        <tabBarController id="tab" sceneMemberID="viewController">
            <connections><segue destination="c" kind="relationship" relationship="viewControllers" id="g2"/></connections>
        </tabBarController>
    </objects></scene>
    <scene sceneID="s-nav2"><objects>
        <navigationController id="nav2" sceneMemberID="viewController">
            <navigationBar key="navigationBar" contentMode="scaleToFill" translucent="NO" id="navbar2"><rect key="frame" x="0.0" y="44" width="414" height="44"/></navigationBar>
            <connections><segue destination="f" kind="relationship" relationship="rootViewController" id="g3"/></connections>
        </navigationController>
    </objects></scene>
    \(probeScene("a", width: 414, height: 896, extra: #"<connections><segue destination="b" kind="show" id="g4"/><segue destination="e" kind="show" id="g5"/></connections>"#, probeFrame: #"x="20" y="88" width="50" height="10""#))
    \(probeScene("b", width: 414, height: 896, probeFrame: #"x="20" y="88" width="50" height="10""#))
    \(probeScene("c", width: 414, height: 896, probeFrame: #"x="20" y="44" width="50" height="10""#))
    \(probeScene("d", width: 414, height: 896, extra: #"<nil key="simulatedStatusBarMetrics"/>"#, probeFrame: #"x="20" y="44" width="50" height="10""#))
    \(probeScene("e", width: 414, height: 896, extra: #"<nil key="simulatedTopBarMetrics"/>"#, probeFrame: #"x="20" y="44" width="50" height="10""#))
    \(probeScene("f", width: 414, height: 808, probeFrame: #"x="20" y="0.0" width="50" height="10""#))
    """
    let check = try allMatch(storyboardText(scenes))
    #expect(check.counted.count == 12)
    // The containers' own bars are set apart.
    #expect(check.entries.filter { $0.outcome.isApart }.map(\.id) == ["navbar", "navbar2"])
    // A tab bar: 49 over the home indicator's 34.
    let document = try IBDocument.read(Data(storyboardText(scenes).utf8))
    let c = try #require(document.roots.first { $0.id == "root-c" })
    #expect(c.safeArea == EdgeInsets(top: 44, left: 0, bottom: 83, right: 0))
    #expect(check.sizes == ["'view11' at 414 x 808"])
    // Before Xcode 9 a hidden status bar took its inset away; from Xcode 9 it does not.
    var hidden = SimulatedBars()
    hidden.statusBar = false
    let xcode8 = Canvas.of(device: "retina4_7", orientation: "portrait", toolsVersion: 12118, rootSize: nil)
    let xcode10 = Canvas.of(device: "retina4_7", orientation: "portrait", toolsVersion: 14490, rootSize: nil)
    #expect(hidden.safeArea(on: xcode8).top == 0 && hidden.hidesStatusBar(on: xcode8))
    #expect(hidden.safeArea(on: xcode10).top == 20 && !hidden.hidesStatusBar(on: xcode10))
}

@Test func cellsHeadersAndElementsWithoutAnIdComeInWithXcodesFrames() throws {
    // A static table (two sections) with a header and footer view, a collection view with a
    // cell and a section header, a view without an id, in a 320-wide scene from Xcode 10.
    let scene = """
    <scene sceneID="s-t"><objects>
        <tableViewController id="tvc" sceneMemberID="viewController">
            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="static" style="grouped" rowHeight="44" id="table">
                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <view key="tableHeaderView" contentMode="scaleToFill" id="header">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <subviews>
                        <view contentMode="scaleToFill">
                            <rect key="frame" x="8" y="8" width="304" height="44"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES"/>
                        </view>
                    </subviews>
                </view>
                <view key="tableFooterView" contentMode="scaleToFill" id="footer">
                    <rect key="frame" x="0.0" y="300" width="320" height="40"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                </view>
                <sections>
                    <tableViewSection headerTitle="One" id="sec-1">
                        <cells>
                            <tableViewCell contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" accessoryType="disclosureIndicator" id="cell-1">
                                <rect key="frame" x="0.0" y="115" width="320" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <tableViewCellContentView key="contentView" opaque="NO" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cell-1" id="cv-1">
                                    <rect key="frame" x="0.0" y="0.0" width="293" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <subviews>
                                        <label opaque="NO" text="Name" translatesAutoresizingMaskIntoConstraints="NO" id="name">
                                            <rect key="frame" x="16" y="11" width="269" height="22"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        </label>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="name" firstAttribute="leading" secondItem="cv-1" secondAttribute="leadingMargin" id="n1"/>
                                        <constraint firstAttribute="trailingMargin" secondItem="name" secondAttribute="trailing" id="n2"/>
                                        <constraint firstItem="name" firstAttribute="top" secondItem="cv-1" secondAttribute="topMargin" id="n3"/>
                                        <constraint firstAttribute="bottomMargin" secondItem="name" secondAttribute="bottom" id="n4"/>
                                    </constraints>
                                </tableViewCellContentView>
                            </tableViewCell>
                        </cells>
                    </tableViewSection>
                    <tableViewSection headerTitle="Two" id="sec-2">
                        <cells>
                            <tableViewCell contentMode="scaleToFill" id="cell-2">
                                <rect key="frame" x="0.0" y="215" width="320" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                                <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cell-2" id="cv-2">
                                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <subviews>
                                        <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="toggle">
                                            <rect key="frame" x="255" y="6.5" width="51" height="31"/>
                                        </switch>
                                    </subviews>
                                    <constraints>
                                        <constraint firstAttribute="trailingMargin" secondItem="toggle" secondAttribute="trailing" id="s1"/>
                                        <constraint firstItem="toggle" firstAttribute="centerY" secondItem="cv-2" secondAttribute="centerY" id="s2"/>
                                    </constraints>
                                </tableViewCellContentView>
                            </tableViewCell>
                        </cells>
                    </tableViewSection>
                </sections>
            </tableView>
        </tableViewController>
    </objects></scene>
    <scene sceneID="s-c"><objects>
        <collectionViewController id="cvc" sceneMemberID="viewController">
            <collectionView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" id="grid">
                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <cells>
                    <collectionViewCell opaque="NO" contentMode="center" id="gcell">
                        <rect key="frame" x="10" y="60" width="100" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <collectionViewCellContentView key="contentView" opaque="NO" id="gcv">
                            <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </collectionViewCellContentView>
                    </collectionViewCell>
                </cells>
                <collectionReusableView key="sectionHeaderView" opaque="NO" contentMode="center" id="ghead">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="50"/>
                    <autoresizingMask key="autoresizingMask"/>
                </collectionReusableView>
            </collectionView>
        </collectionViewController>
    </objects></scene>
    """
    let text = storyboardText(tools: "14460", device: "retina4_0", scene)
    let check = try allMatch(text)
    #expect(check.counted.count == 14)
    // The element without an id was given one from its line.
    #expect(check.entries.contains { $0.id.hasPrefix("line-") && $0.element == "view" && $0.outcome == .matches })
    // The cell with an accessory: its content view's trailing margin is 8 (the label ends 8
    // before the accessory), its leading 16; the second cell's switch 16 from the edge.
    let engine = LayoutEngine()
    _ = try Importer(engine: engine).run(try IBDocument.read(Data(text.utf8)))
    #expect(engine.hierarchy.allViews.first { $0.ibID == "cv-1" }?.margins == EdgeInsets(top: 11, left: 16, bottom: 11, right: 8))
    #expect(engine.hierarchy.allViews.first { $0.ibID == "cv-2" }?.margins == EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
}

func cellXib(tools: String, width: Double) -> String {
    xibText(tools: tools, """
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
            <tableViewCell contentMode="scaleToFill" id="cell">
                <rect key="frame" x="0.0" y="0.0" width="\(formatNumber(width))" height="44"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cell" id="content">
                    <rect key="frame" x="0.0" y="0.0" width="\(formatNumber(width))" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                </tableViewCellContentView>
            </tableViewCell>
""")
}

/// Xcode 6 wrote prototype cells without frames: each cell is its table's width and its row's
/// height, its content view the cell less a disclosure indicator's 33 points (as every
/// content view beside one is stored in the documents of Xcode 7 to 10), so a label pinned to
/// its margins ends 8 points before the accessory, and a point shorter than the row above the
/// separator's line (none when the table draws no separators), so a view centred in it is
/// half a point higher.
@Test func framelessPrototypeCellsLeaveRoomForADisclosureIndicator() throws {
    func cell(_ id: String, accessory: String) -> String {
        """
                    <tableViewCell contentMode="scaleToFill" accessoryType="\(accessory)" reuseIdentifier="\(id)" id="\(id)">
                        <autoresizingMask key="autoresizingMask"/>
                        <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="\(id)" id="\(id)-cv">
                            <autoresizingMask key="autoresizingMask"/>
                            <subviews>
                                <label opaque="NO" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-title">
                                    <rect key="frame" x="8" y="11" width="\(accessory == "none" ? 304 : 271)" height="21"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstItem="\(id)-title" firstAttribute="leading" secondItem="\(id)-cv" secondAttribute="leadingMargin" id="\(id)-1"/>
                                <constraint firstAttribute="trailingMargin" secondItem="\(id)-title" secondAttribute="trailing" id="\(id)-2"/>
                                <constraint firstItem="\(id)-title" firstAttribute="top" secondItem="\(id)-cv" secondAttribute="top" constant="11" id="\(id)-3"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
        """
    }
    func document(separators: Bool) -> String {
    let scene = """
    <scene sceneID="s-p"><objects>
        <tableViewController id="tvc" sceneMemberID="viewController">
            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" separatorStyle="\(separators ? "default" : "none")" rowHeight="44" id="table">
                <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <prototypes>
    \(cell("more", accessory: "disclosureIndicator"))
    \(cell("plain", accessory: "none"))
                </prototypes>
            </tableView>
        </tableViewController>
    </objects></scene>
    """
    return storyboardText(tools: "6245", device: "retina4", scene).replacingOccurrences(of: "<device id=\"retina4\" orientation=\"portrait\"/>", with: "")
    }
    for separators in [true, false] {
        let text = document(separators: separators)
        let check = try allMatch(text)
        #expect(check.entries.filter { $0.id.hasSuffix("-title") }.map(\.outcome) == [.matches, .matches])
        let engine = LayoutEngine()
        _ = try Importer(engine: engine).run(try IBDocument.read(Data(text.utf8)))
        engine.layoutIfNeeded()
        let views = engine.hierarchy.allViews
        let height: Double = separators ? 43 : 44
        #expect(views.first { $0.ibID == "more-cv" }?.frame == Rect(x: 0, y: 0, width: 287, height: height))
        #expect(views.first { $0.ibID == "more-title" }?.frame == Rect(x: 8, y: 11, width: 271, height: 21))
        #expect(views.first { $0.ibID == "plain-cv" }?.frame == Rect(x: 0, y: 0, width: 320, height: height))
        #expect(views.first { $0.ibID == "plain-title" }?.frame == Rect(x: 8, y: 11, width: 304, height: 21))
    }
}

@Test func aStandaloneCellsContentMarginsDependOnItsWidthAndXcodeVersion() throws {
    func margins(_ tools: String, _ width: Double, device: String = "retina4_7") throws -> EdgeInsets? {
        let engine = LayoutEngine()
        let text = cellXib(tools: tools, width: width).replacingOccurrences(of: "retina6_1", with: device)
        _ = try Importer(engine: engine).run(try IBDocument.read(Data(text.utf8)))
        return engine.hierarchy.allViews.first { $0.ibID == "content" }?.margins
    }
    #expect(try margins("15400", 320) == EdgeInsets(top: 11, left: 15, bottom: 11, right: 15))
    #expect(try margins("15400", 414) == EdgeInsets(top: 11, left: 20, bottom: 11, right: 20))
    // Before Xcode 13 a xib's cell took its device's margins: 20 on a 414-point phone.
    #expect(try margins("15400", 320, device: "retina6_1") == EdgeInsets(top: 11, left: 20, bottom: 11, right: 20))
    #expect(try margins("21701", 320) == EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
    #expect(try margins("21701", 320, device: "retina6_1") == EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
    // Before Xcode 9 (iOS 10 and earlier), a content view's margins were a plain view's 8.
    #expect(try margins("11762", 375) == .standard)
}

@Test func stackViewsTakeStandardSpacingAndArrangeWithinTheMarginsWrittenForThem() throws {
    // In a File's Owner view on a 414 × 896 phone (safe area 44 above): a stack with standard
    // spacing of two 50 × 20 views, and a stack with margins 10 20 10 20 and no
    // layoutMarginsRelativeArrangement around one 50 × 20 view.
    let xib = xibText("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1"><connections><outlet property="view" destination="main" id="o1"/></connections></placeholder>
            <view contentMode="scaleToFill" id="main">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" spacingType="standard" translatesAutoresizingMaskIntoConstraints="NO" id="row">
                        <rect key="frame" x="0.0" y="44" width="108" height="20"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a">
                                <rect key="frame" x="0.0" y="0.0" width="50" height="20"/>
                                <constraints><constraint firstAttribute="width" constant="50" id="aw"/><constraint firstAttribute="height" constant="20" id="ah"/></constraints>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b">
                                <rect key="frame" x="58" y="0.0" width="50" height="20"/>
                                <constraints><constraint firstAttribute="width" constant="50" id="bw"/></constraints>
                            </view>
                        </subviews>
                    </stackView>
                    <stackView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="boxed">
                        <rect key="frame" x="0.0" y="100" width="90" height="40"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="c">
                                <rect key="frame" x="20" y="10" width="50" height="20"/>
                                <constraints><constraint firstAttribute="width" constant="50" id="cw"/><constraint firstAttribute="height" constant="20" id="ch"/></constraints>
                            </view>
                        </subviews>
                        <edgeInsets key="layoutMargins" top="10" left="20" bottom="10" right="20"/>
                    </stackView>
                </subviews>
                <viewLayoutGuide key="safeArea" id="safe"/>
                <constraints>
                    <constraint firstItem="row" firstAttribute="top" secondItem="safe" secondAttribute="top" id="r1"/>
                    <constraint firstItem="row" firstAttribute="leading" secondItem="main" secondAttribute="leading" id="r2"/>
                    <constraint firstItem="boxed" firstAttribute="top" secondItem="main" secondAttribute="top" constant="100" id="r3"/>
                    <constraint firstItem="boxed" firstAttribute="leading" secondItem="main" secondAttribute="leading" id="r4"/>
                </constraints>
            </view>
""")
    let check = try allMatch(xib)
    #expect(check.counted.count == 6)
}

@Test func controlsFramesStickOutOfTheirAlignmentRectangles() throws {
    // A switch, a slider and a segmented control pinned to the edges of a 320 × 200 view, and
    // a date picker with nothing to size it: Xcode's frames are the controls' frames.
    let xib = xibText("""
            <view contentMode="scaleToFill" id="panel">
                <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sw">
                        <rect key="frame" x="20" y="10" width="51" height="31"/>
                    </switch>
                    <slider opaque="NO" contentMode="scaleToFill" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="sl">
                        <rect key="frame" x="18" y="50" width="364" height="31"/>
                    </slider>
                    <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="seg">
                        <rect key="frame" x="20" y="90" width="121" height="32"/>
                    </segmentedControl>
                    <datePicker contentMode="scaleToFill" datePickerMode="time" style="wheels" translatesAutoresizingMaskIntoConstraints="NO" id="dp">
                        <rect key="frame" x="20" y="80" width="320" height="216"/>
                    </datePicker>
                </subviews>
                <constraints>
                    <constraint firstItem="sw" firstAttribute="leading" secondItem="panel" secondAttribute="leading" constant="20" id="k1"/>
                    <constraint firstItem="sw" firstAttribute="top" secondItem="panel" secondAttribute="top" constant="10" id="k2"/>
                    <constraint firstItem="sl" firstAttribute="leading" secondItem="panel" secondAttribute="leading" constant="20" id="k3"/>
                    <constraint firstAttribute="trailing" secondItem="sl" secondAttribute="trailing" constant="20" id="k4"/>
                    <constraint firstItem="sl" firstAttribute="top" secondItem="panel" secondAttribute="top" constant="50" id="k5"/>
                    <constraint firstItem="seg" firstAttribute="leading" secondItem="panel" secondAttribute="leading" constant="20" id="k6"/>
                    <constraint firstItem="seg" firstAttribute="top" secondItem="panel" secondAttribute="top" constant="90" id="k7"/>
                    <constraint firstItem="dp" firstAttribute="leading" secondItem="panel" secondAttribute="leading" constant="20" id="k8"/>
                    <constraint firstItem="dp" firstAttribute="top" secondItem="panel" secondAttribute="top" constant="80" id="k9"/>
                </constraints>
            </view>
""")
    let check = try allMatch(xib)
    #expect(check.counted.count == 5)
    let engine = LayoutEngine()
    _ = try Importer(engine: engine).run(try IBDocument.read(Data(xib.utf8)))
    let views = Dictionary(engine.hierarchy.allViews.compactMap { v in v.ibID.map { ($0, v) } }, uniquingKeysWith: { a, _ in a })
    #expect(views["sw"]?.intrinsicContentSize.width == 49)
    #expect(views["sl"]?.alignmentInsets == EdgeInsets(top: 0, left: 2, bottom: 1, right: 2))
    #expect(views["seg"]?.intrinsicContentSize.height == 31)
    #expect(views["dp"]?.intrinsicContentSize.width == 320 && views["dp"]?.intrinsicContentSize.height == 216)
}

@Test func placeholdersComeInInactiveOrAsOnTheCanvas() throws {
    // A view 100 wide by a placeholder, 60 by an optional constraint.
    let xib = xibText("""
            <view contentMode="scaleToFill" id="panel">
                <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box" userLabel="box">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="10"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="100" placeholder="YES" id="ph"/>
                            <constraint firstAttribute="width" priority="750" constant="60" id="soft"/>
                            <constraint firstAttribute="height" constant="10" id="hh"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="box" firstAttribute="leading" secondItem="panel" secondAttribute="leading" id="k1"/>
                    <constraint firstItem="box" firstAttribute="top" secondItem="panel" secondAttribute="top" id="k2"/>
                </constraints>
            </view>
""")
    let (session, sink, path) = try importSession(xib)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path); layout") == .succeeded)
    #expect(sink.output.contains("placeholder constraint 'placeholder' box.width == 100 (constraint ph, line 12): removed at build time, so inactive"))
    #expect(session.run(line: "expect box.frame == 0 0 60 10") == .succeeded)
    let canvas = Session(sink: sink)
    #expect(canvas.run(line: "import \(path) with placeholders; layout") == .succeeded)
    #expect(sink.output.contains("placeholder constraint 'placeholder' box.width == 100 (constraint ph, line 12): active, as on the canvas"))
    #expect(canvas.run(line: "expect box.frame == 0 0 100 10") == .succeeded)
    // The canvas is what Xcode stored; without placeholders the box is 60 wide.
    #expect(try FrameCheck.run(Data(xib.utf8), placeholders: false).matching == 1)
    _ = try allMatch(xib)
}

@Test func anOldArchiveIsRefusedWithWhatItIsAndNothingChanges() throws {
    let archive = """
    <?xml version="1.0" encoding="UTF-8"?>
    <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10">
        <data><int key="IBDocument.SystemTarget">1056</int></data>
    </archive>
    """
    let (session, sink, path) = try importSession(archive)
    defer { removeScratch(path) }
    let before = StateDump.json(session.engine)
    #expect(session.run(line: "import \(path)") == .failed)
    #expect(sink.errors == "error: cannot read '\(path)': line 2: an Interface Builder 3 archive (the format of Xcode 3 and 4, version 7.10): open it in a newer Xcode and save it, which converts it to the document format strut reads\n")
    #expect(StateDump.json(session.engine) == before)
}

/// A File's Owner view (414 × 896) with a vertical stack 100 below its top, spacing 10: a (20
/// high), h (hidden, 40 high by a required constraint) and b (30 high), b's leading pinned 16
/// in from the view's: `hFrame`, `bFrame` and the stack's height are what Xcode stores.
func hiddenInStackXib(stackHeight: String, hFrame: String, bFrame: String) -> String {
    xibText("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1"><connections><outlet property="view" destination="main" id="o1"/></connections></placeholder>
            <view contentMode="scaleToFill" id="main">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="col" userLabel="col">
                        <rect key="frame" x="0.0" y="100" width="414" height="\(stackHeight)"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a" userLabel="a">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="20"/>
                                <constraints><constraint firstAttribute="height" constant="20" id="ah"/></constraints>
                            </view>
                            <view hidden="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="h" userLabel="h">
                                <rect key="frame" \(hFrame)/>
                                <constraints><constraint firstAttribute="height" constant="40" id="hh"/></constraints>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b" userLabel="b">
                                <rect key="frame" \(bFrame)/>
                                <constraints><constraint firstAttribute="height" constant="30" id="bh"/></constraints>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <viewLayoutGuide key="safeArea" id="safe"/>
                <constraints>
                    <constraint firstItem="col" firstAttribute="top" secondItem="main" secondAttribute="top" constant="100" id="c1"/>
                    <constraint firstItem="col" firstAttribute="leading" secondItem="main" secondAttribute="leading" id="c2"/>
                    <constraint firstAttribute="trailing" secondItem="col" secondAttribute="trailing" id="c3"/>
                    <constraint firstItem="b" firstAttribute="leading" secondItem="main" secondAttribute="leading" constant="16" id="bl"/>
                </constraints>
            </view>
""")
}

@Test func onTheCanvasHiddenArrangedViewsLeaveTheChainAndStackConstraintsGiveWay() throws {
    // Xcode's canvas: a and b one spacing apart, h where a ends at its required 40; b's own
    // leading (16) holds and the stack's alignment of b's leading is what gives way.
    let canvas = hiddenInStackXib(stackHeight: "60", hFrame: #"x="0.0" y="20" width="414" height="40""#,
                                  bFrame: #"x="16" y="30" width="398" height="30""#)
    #expect(try allMatch(canvas).counted.count == 5)
    // UIKit at run time (no placeholders, so no canvas): h stays in the chain, half a spacing
    // on each side of it.
    let runtime = hiddenInStackXib(stackHeight: "100", hFrame: #"x="0.0" y="25" width="414" height="40""#,
                                   bFrame: #"x="16" y="70" width="398" height="30""#)
    #expect(try allMatch(runtime, placeholders: false).counted.count == 5)
    #expect(try FrameCheck.run(Data(canvas.utf8), placeholders: false).differences.count == 3)  // col, h, b

    let (session, sink, path) = try importSession(canvas)
    defer { removeScratch(path) }
    #expect(session.run(line: "import \(path) with placeholders; layout") == .succeeded)
    #expect(sink.output.contains("set canvas = on: hidden arranged views leave their stack's spacing chain, as on Xcode's canvas\n"))
    #expect(session.engine.hierarchy.canvas)
    #expect(session.engine.broken.keys.map { session.engine.name(of: $0) } == ["col.alignment.3"])
    #expect(session.run(line: "expect h.frame == 0 20 414 40; expect b.frame == 16 30 398 30; expect col.frame == 0 100 414 60") == .succeeded)
    // Saved and loaded, the canvas setting comes back with everything else.
    let saved = path + ".strut"
    #expect(session.run(line: "save \(saved)") == .succeeded)
    let script = try String(contentsOfFile: saved, encoding: .utf8)
    #expect(script.contains("\nset canvas = on\n"))
    // The stack's constraints were made after the document's: the script remakes them after
    // the constraints it writes, so that the same one is broken.
    #expect(script.contains("c7: b.height == 30\nremake col\n"))
    let reloaded = Session(sink: BufferSink())
    #expect(reloaded.run(line: "load \(saved); layout") == .succeeded)
    #expect(StateDump.json(reloaded.engine) == StateDump.json(session.engine))
    // A remake since the last layout pass comes after it.
    #expect(session.run(line: "remake col; save \(saved)") == .succeeded)
    #expect(try String(contentsOfFile: saved, encoding: .utf8).hasSuffix("\nlayout\nremake col\n"))
    #expect(session.run(line: "undo; layout") == .succeeded)
    // Off again (and undone): UIKit's chain.
    #expect(session.run(line: "set canvas = off; layout; expect b.frame == 16 70 398 30") == .succeeded)
    #expect(session.run(line: "undo; layout; expect b.frame == 16 30 398 30") == .succeeded)
    #expect(session.run(line: "set canvas = maybe") == .failed)
    #expect(sink.errors.hasSuffix("error: expected on or off for canvas, found 'maybe'\n"))
}

/// Size-class variations that hold for the canvas's size classes are applied: a constant per
/// class, constraints installed per class, a stack's axis per class; the more specific wins.
/// The others are listed. A document without a device (laid out for any size class) keeps its
/// defaults.
@Test func sizeClassVariationsHoldingForTheCanvasAreApplied() throws {
    func imported(device: String, orientation: String = "portrait") throws -> (LayoutEngine, ImportReport) {
        let text = xibText(device: device, """
                <view contentMode="scaleToFill" id="main">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                            <rect key="frame" x="0.0" y="0.0" width="230" height="10"/>
                            <constraints>
                                <constraint firstAttribute="width" constant="230" id="w-1">
                                    <variation key="widthClass=compact" constant="180"/>
                                    <variation key="heightClass=regular-widthClass=compact" constant="150"/>
                                </constraint>
                                <constraint firstAttribute="height" constant="10" id="h-1"/>
                                <constraint firstAttribute="height" constant="20" id="h-2"/>
                            </constraints>
                            <variation key="default">
                                <mask key="constraints"><exclude reference="h-2"/></mask>
                            </variation>
                            <variation key="widthClass=compact">
                                <mask key="constraints"><exclude reference="h-1"/><include reference="h-2"/></mask>
                            </variation>
                        </view>
                        <stackView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                            <rect key="frame" x="0.0" y="100" width="100" height="10"/>
                            <variation key="heightClass=compact" axis="vertical"/>
                        </stackView>
                    </subviews>
                </view>
    """).replacingOccurrences(of: "orientation=\"portrait\"", with: "orientation=\"\(orientation)\"")
        let engine = LayoutEngine()
        let report = try Importer(engine: engine).run(try IBDocument.read(Data(text.utf8)))
        return (engine, report)
    }
    func facts(_ engine: LayoutEngine) -> (width: Double?, heights: [Double], axis: Axis?) {
        let h = engine.hierarchy
        let box = h.allViews.first { $0.ibID == "box" }!.id
        let active = h.userConstraints.map(\.constraint).filter { $0.isActive && $0.first.item == box }
        return (active.first { $0.first.attribute == .width }?.constant,
                active.filter { $0.first.attribute == .height }.map(\.constant),
                h.allViews.first { $0.ibID == "stack" }?.stack.axis)
    }
    // An iPhone in portrait: compact wide, regular high. The two-class variation wins.
    let (phone, phoneReport) = try imported(device: "retina4_7")
    let portrait = facts(phone)
    #expect(portrait.width == 150 && portrait.heights == [20] && portrait.axis == .horizontal)
    #expect(phoneReport.appliedVariations.count == 3)
    #expect(phoneReport.variations.count == 1)
    #expect(phoneReport.variations[0].hasPrefix("stackView stack (line "))
    #expect(phoneReport.variations[0].hasSuffix("heightClass=compact: axis=vertical"))
    // In landscape: compact both ways.
    let landscape = facts(try imported(device: "retina4_7", orientation: "landscape").0)
    #expect(landscape.width == 180 && landscape.heights == [20] && landscape.axis == .vertical)
    // An iPad: regular both ways, none holds.
    let pad = facts(try imported(device: "ipad10_5").0)
    #expect(pad.width == 230 && pad.heights == [10] && pad.axis == .horizontal)
    // No device (Xcode 6 and 7: any size class): the defaults.
    let any = facts(try imported(device: "none-such").0)
    #expect(any.width == 230 && any.heights == [10])
    // A change of device or orientation applies them again for its size classes.
    #expect(try phone.setDevice("iPad mini") == 3)
    let onPad = facts(phone)
    #expect(onPad.width == 230 && onPad.heights == [10] && onPad.axis == .horizontal)
    _ = try phone.setDevice("iPhone 15")
    try phone.setOrientation(.landscape)
    let turned = facts(phone)
    #expect(turned.width == 180 && turned.heights == [20] && turned.axis == .vertical)
}

/// A table's cells by era: 15 at the sides in documents from Xcode 9, 16 later (20 in a table
/// 414 wide), a plain view's 8 before Xcode 9.
@Test func aTablesCellMarginsFollowTheDocumentsEra() throws {
    func margins(_ tools: String) throws -> EdgeInsets? {
        let text = storyboardText(tools: tools, device: "retina4_7", """
        <scene sceneID="s-t"><objects>
            <tableViewController id="tvc" sceneMemberID="viewController">
                <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" rowHeight="44" id="table">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <prototypes>
                        <tableViewCell contentMode="scaleToFill" id="cell">
                            <rect key="frame" x="0.0" y="28" width="375" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <tableViewCellContentView key="contentView" opaque="NO" tableViewCell="cell" id="content">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </tableViewCellContentView>
                        </tableViewCell>
                    </prototypes>
                </tableView>
            </tableViewController>
        </objects></scene>
        """)
        let engine = LayoutEngine()
        _ = try Importer(engine: engine).run(try IBDocument.read(Data(text.utf8)))
        return engine.hierarchy.allViews.first { $0.ibID == "content" }?.margins
    }
    #expect(try margins("13771") == EdgeInsets(top: 11, left: 15, bottom: 11, right: 15))
    #expect(try margins("17701") == EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
    #expect(try margins("11762") == .standard)
}

/// Xcode 8.0 to 8.2 named the device in the default simulated metrics (`retina4_7.fullscreen`),
/// not in a `<device>` element: the canvas is that device's, on its 2× grid.
@Test func anXcode8DocumentNamesItsDeviceInItsSimulatedMetrics() throws {
    let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="11542" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <objects>
            <view contentMode="scaleToFill" id="main">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                        <rect key="frame" x="93.5" y="0.0" width="94" height="10"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="10" id="h"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="box" firstAttribute="width" secondItem="main" secondAttribute="width" multiplier="0.25" id="w"/>
                    <constraint firstItem="box" firstAttribute="leading" secondItem="main" secondAttribute="leading" constant="93.75" id="x"/>
                    <constraint firstItem="box" firstAttribute="top" secondItem="main" secondAttribute="top" id="y"/>
                </constraints>
            </view>
        </objects>
        <simulatedMetricsContainer key="defaultSimulatedMetrics">
            <simulatedStatusBarMetrics key="statusBar"/>
            <simulatedOrientationMetrics key="orientation"/>
            <simulatedScreenMetrics key="destination" type="retina4_7.fullscreen"/>
        </simulatedMetricsContainer>
    </document>
    """
    let document = try IBDocument.read(Data(text.utf8))
    #expect(document.device == "retina4_7")
    let engine = LayoutEngine()
    _ = try Importer(engine: engine).run(document)
    engine.layoutIfNeeded()
    #expect(engine.hierarchy.displayScale == 2 && engine.hierarchy.pixelRounding)
    // 93.75 to 187.5 on the 2× grid: 94 to 187.5, as Xcode stored it.
    #expect(engine.hierarchy.allViews.first { $0.ibID == "box" }?.frame == Rect(x: 94, y: 0, width: 93.5, height: 10))
}

/// Interface Builder's placeholder intrinsic size is the view's intrinsic size on import;
/// `infinite` is none on that axis.
@Test func aPlaceholderIntrinsicSizeIsTheViewsIntrinsicSize() throws {
    let text = xibText("""
            <view contentMode="scaleToFill" id="main">
                <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <scrollView contentMode="scaleToFill" placeholderIntrinsicWidth="337" placeholderIntrinsicHeight="128" translatesAutoresizingMaskIntoConstraints="NO" id="scroll">
                        <rect key="frame" x="0.0" y="0.0" width="337" height="128"/>
                    </scrollView>
                    <view contentMode="scaleToFill" placeholderIntrinsicWidth="infinite" placeholderIntrinsicHeight="40" translatesAutoresizingMaskIntoConstraints="NO" id="strip">
                        <rect key="frame" x="0.0" y="128" width="375" height="40"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="scroll" firstAttribute="top" secondItem="main" secondAttribute="top" id="a"/>
                    <constraint firstItem="scroll" firstAttribute="leading" secondItem="main" secondAttribute="leading" id="b"/>
                    <constraint firstItem="strip" firstAttribute="top" secondItem="scroll" secondAttribute="bottom" id="c"/>
                    <constraint firstItem="strip" firstAttribute="leading" secondItem="main" secondAttribute="leading" id="d"/>
                    <constraint firstItem="strip" firstAttribute="trailing" secondItem="main" secondAttribute="trailing" id="e"/>
                </constraints>
            </view>
""")
    let check = try allMatch(text)
    #expect(check.counted.count == 3)
    let engine = LayoutEngine()
    _ = try Importer(engine: engine).run(try IBDocument.read(Data(text.utf8)))
    let views = engine.hierarchy.allViews
    let scroll = try #require(views.first { $0.ibID == "scroll" }).intrinsicContentSize
    let strip = try #require(views.first { $0.ibID == "strip" }).intrinsicContentSize
    #expect(scroll.width == 337 && scroll.height == 128)
    #expect(strip.width == nil && strip.height == 40)
}

/// The text size a document's canvas laid text styles out at, by the Xcode that saved it:
/// `medium` in Xcode 7 (`toolsVersion` 8000 up to Xcode 8's 11000), the smallest from Xcode
/// 12.5 (18000) up to Xcode 14 (21000), `large` around them; a three-part version (Xcode 26's
/// `32700.99.1234`) read as its build.
@Test func theCanvasTextSizeFollowsTheSavingXcode() throws {
    #expect(Canvas.contentSizeCategory(toolsVersion: 7702) == .large)
    #expect(Canvas.contentSizeCategory(toolsVersion: 8000) == .medium)
    #expect(Canvas.contentSizeCategory(toolsVersion: 10117) == .medium)
    #expect(Canvas.contentSizeCategory(toolsVersion: 11000) == .large)
    #expect(Canvas.textSizeEra(toolsVersion: 9531)?.xcodes == "7")
    #expect(Canvas.textSizeEra(toolsVersion: 18122)?.xcodes == "12.5 to 13")
    #expect(Canvas.textSizeEra(toolsVersion: 14460) == nil)
    #expect(Canvas.contentSizeCategory(toolsVersion: 17701) == .large)
    #expect(Canvas.contentSizeCategory(toolsVersion: 17999.9) == .large)
    #expect(Canvas.contentSizeCategory(toolsVersion: 18000) == .extraSmall)
    #expect(Canvas.contentSizeCategory(toolsVersion: 20999.5) == .extraSmall)
    #expect(Canvas.contentSizeCategory(toolsVersion: 21000) == .large)
    let xcode26 = try #require(IBDocument.toolsVersion("32700.99.1234"))
    #expect(Canvas.contentSizeCategory(toolsVersion: xcode26) == .large)
}

/// San Francisco's tracking by the Xcode that saved a document: iOS 9 to 13's table from Xcode
/// 7 (`toolsVersion` 8000) to Xcode 11, today's from Xcode 12 (17000); before Xcode 7 the
/// system font is Helvetica Neue, which does not track, and the metric stays.
@Test func theCanvasTracksSanFranciscoAsTheSavingXcodesIOS() {
    #expect(Canvas.textMetric(toolsVersion: 7702) == .uikit)
    #expect(Canvas.textMetric(toolsVersion: 8000) == .ios13)
    #expect(Canvas.textMetric(toolsVersion: 16096.5) == .ios13)
    #expect(Canvas.textMetric(toolsVersion: 17000) == .uikit)
    #expect(Canvas.textMetric(toolsVersion: 0) == .uikit)
}
