import Testing
import Foundation
@testable import InterfaceBuilder
@testable import Shell
import LayoutEngine

/// A storyboard written for this test, with frames worked out by hand (retina4_7: 375 × 667,
/// status bar 20, the first controller in a navigation controller: safe area from 64):
/// a safe-area guide, a table view with a prototype cell and its content view, a scroll view
/// whose content is pinned to its edges (content edges, not its frame), a legacy `baseline`
/// attribute, a size-class mask, and a second scene with a legacy top layout guide and a 1:1
/// ratio.
let storyboard = """
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14460" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="nav-1">
    <device id="retina4_7" orientation="portrait"><adaptation id="fullscreen"/></device>
    <scenes>
        <scene sceneID="s-1">
            <objects>
                <navigationController id="nav-1" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-1">
                        <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                    </navigationBar>
                    <connections>
                        <segue destination="vc-1" kind="relationship" relationship="rootViewController" id="seg-1"/>
                    </connections>
                </navigationController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="fr-1" sceneMemberID="firstResponder"/>
            </objects>
        </scene>
        <scene sceneID="s-2">
            <objects>
                <viewController id="vc-1" sceneMemberID="viewController">
                    <layoutGuides>
                        <viewControllerLayoutGuide type="top" id="tlg-1"/>
                        <viewControllerLayoutGuide type="bottom" id="blg-1"/>
                    </layoutGuides>
                    <view key="view" contentMode="scaleToFill" id="root-1">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Inbox" translatesAutoresizingMaskIntoConstraints="NO" id="header" userLabel="header">
                                <rect key="frame" x="16" y="72" width="100" height="21"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            </label>
                            <label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="New" translatesAutoresizingMaskIntoConstraints="NO" id="badge" userLabel="badge">
                                <rect key="frame" x="300" y="72" width="59" height="21"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            </label>
                            <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" rowHeight="44" translatesAutoresizingMaskIntoConstraints="NO" id="tv-1">
                                <rect key="frame" x="0.0" y="101" width="375" height="300"/>
                                <prototypes>
                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" reuseIdentifier="Cell" id="cell-1">
                                        <rect key="frame" x="0.0" y="28" width="375" height="44"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell-1" id="cv-1">
                                            <rect key="frame" x="0.0" y="0.0" width="375" height="43.5"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <subviews>
                                                <label opaque="NO" text="Row" translatesAutoresizingMaskIntoConstraints="NO" id="cellLabel" userLabel="cell label">
                                                    <rect key="frame" x="16" y="11" width="200" height="21.5"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                </label>
                                            </subviews>
                                            <constraints>
                                                <constraint firstItem="cellLabel" firstAttribute="leading" secondItem="cv-1" secondAttribute="leading" constant="16" id="k-1"/>
                                                <constraint firstItem="cellLabel" firstAttribute="centerY" secondItem="cv-1" secondAttribute="centerY" id="k-2"/>
                                            </constraints>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                            <scrollView clipsSubviews="YES" translatesAutoresizingMaskIntoConstraints="NO" id="sv-1">
                                <rect key="frame" x="0.0" y="409" width="375" height="200"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="content-1" userLabel="content">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="500"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="500" id="k-3"/>
                                        </constraints>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="content-1" firstAttribute="top" secondItem="sv-1" secondAttribute="top" id="k-4"/>
                                    <constraint firstItem="content-1" firstAttribute="leading" secondItem="sv-1" secondAttribute="leading" id="k-5"/>
                                    <constraint firstAttribute="trailing" secondItem="content-1" secondAttribute="trailing" id="k-6"/>
                                    <constraint firstAttribute="bottom" secondItem="content-1" secondAttribute="bottom" id="k-7"/>
                                    <constraint firstItem="content-1" firstAttribute="width" secondItem="sv-1" secondAttribute="width" id="k-8"/>
                                </constraints>
                            </scrollView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="header" firstAttribute="leading" secondItem="root-1" secondAttribute="leadingMargin" id="k-10"/>
                            <constraint firstItem="header" firstAttribute="top" secondItem="sa-1" secondAttribute="top" constant="8" id="k-11"/>
                            <constraint firstAttribute="trailingMargin" secondItem="badge" secondAttribute="trailing" id="k-12"/>
                            <constraint firstItem="badge" firstAttribute="baseline" secondItem="header" secondAttribute="baseline" id="k-13"/>
                            <constraint firstItem="tv-1" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" id="k-14"/>
                            <constraint firstAttribute="trailing" secondItem="tv-1" secondAttribute="trailing" id="k-15"/>
                            <constraint firstItem="tv-1" firstAttribute="top" secondItem="header" secondAttribute="bottom" constant="8" symbolic="YES" id="k-16"/>
                            <constraint firstItem="tv-1" firstAttribute="height" constant="300" id="k-17"/>
                            <constraint firstItem="sv-1" firstAttribute="top" secondItem="tv-1" secondAttribute="bottom" constant="8" id="k-18"/>
                            <constraint firstItem="sv-1" firstAttribute="leading" secondItem="root-1" secondAttribute="leading" id="k-19"/>
                            <constraint firstAttribute="trailing" secondItem="sv-1" secondAttribute="trailing" id="k-20"/>
                            <constraint firstItem="blg-1" firstAttribute="top" secondItem="sv-1" secondAttribute="bottom" constant="58" id="k-21"/>
                        </constraints>
                        <viewLayoutGuide key="safeArea" id="sa-1"/>
                        <variation key="widthClass=compact">
                            <mask key="subviews"><exclude reference="badge"/></mask>
                        </variation>
                    </view>
                </viewController>
            </objects>
        </scene>
        <scene sceneID="s-3">
            <objects>
                <viewController id="vc-2" sceneMemberID="viewController">
                    <layoutGuides>
                        <viewControllerLayoutGuide type="top" id="tlg-2"/>
                        <viewControllerLayoutGuide type="bottom" id="blg-2"/>
                    </layoutGuides>
                    <view key="view" contentMode="scaleToFill" id="root-2">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box" userLabel="box">
                                <rect key="frame" x="20" y="40" width="100" height="100"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="100" id="k-30"/>
                                    <constraint firstAttribute="width" secondAttribute="height" multiplier="1:1" id="k-31"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="box" firstAttribute="top" secondItem="tlg-2" secondAttribute="bottom" constant="20" id="k-32"/>
                            <constraint firstItem="box" firstAttribute="leading" secondItem="root-2" secondAttribute="leading" constant="20" id="k-33"/>
                        </constraints>
                        <viewLayoutGuide key="layoutMarginsGuide" id="lm-2"/>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""

@Test func aStoryboardGivesBackItsFramesScenesCellsAndScrollContent() throws {
    let check = try FrameCheck.run(Data(storyboard.utf8))
    #expect(check.counted.count == 11)
    #expect(check.matching == 11, Comment(rawValue: check.differences.joined(separator: "\n")))
    // The navigation controller's own bar is no view of a scene.
    #expect(check.entries.filter { $0.outcome == .apart("a navigationController's own navigationBar") }.map(\.id) == ["bar-1"])
    let (session, sink, path) = try importSession(storyboard, file: "Main.storyboard")
    defer { removeScratch(path) }
    #expect(session.run(line: "set root.frame = 0 0 375 667; import \(path); layout") == .succeeded)
    let h = session.engine.hierarchy
    // Each scene's root view is a subview of root; the navigation controller has none.
    #expect(h.root.children.map { h.view($0).name } == ["view", "view2"])
    #expect(h.view(named: "viewSafeArea")!.frame == Rect(x: 0, y: 64, width: 375, height: 603))
    #expect(h.view(named: "view2TopLayoutGuide")!.frame == Rect(x: 0, y: 0, width: 375, height: 20))
    // A root view's margins: 16 at the sides, the status bar on top.
    #expect(h.view(named: "view2LayoutMarginsGuide")!.frame == Rect(x: 16, y: 20, width: 343, height: 647))
    // The scroll view's content is 500 high inside a 200-high scroll view: its edges pin the
    // content guide, its width the frame.
    #expect(h.view(named: "scrollViewContentLayoutGuide")!.frame == Rect(x: 0, y: 0, width: 375, height: 500))
    #expect(session.run(line: "expect box.frame == 20 40 100 100; expect cellLabel.frame == 16 11 200 21.5") == .succeeded)
    #expect(session.run(line: "conflicts") == .succeeded)
    #expect(sink.output.contains("no conflicts"))
    #expect(sink.output.contains("size-class variation, not applied (other size classes): view root-1 (line "))
    #expect(sink.output.contains("widthClass=compact: 0 included and 1 excluded subviews"))
    #expect(session.run(line: "ambiguous") == .succeeded)
    #expect(sink.output.contains("no ambiguous views"))
}
