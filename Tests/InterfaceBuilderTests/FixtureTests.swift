import Testing
import Foundation
@testable import InterfaceBuilder
@testable import Shell
import LayoutEngine

/// The real documents of ../shared/fixtures/ib (skipped when the folder is absent): each imports,
/// and laid out at the document's size gives back the frame Xcode stored for every view.
let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/ib")

let fixtureNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtureFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }.sorted()
}()

/// Views whose stored frame strut does not give back, and why.
let knownDifferences: [String: String] = [
    // CodeExamples-Stacks: the stack's axis is vertical in the wC hR variation that Xcode laid
    // out for its iPhone; strut applies the default configuration (horizontal) and lists it.
    "qh8-42-G2A": "size-class variation axis=vertical", "NaI-Tc-TpP": "in the varied stack",
    "Q8m-kz-QPP": "in the varied stack",
    // UIStackViewPlayground: centred on a UISwitch, whose alignment rectangle's centre is not
    // its frame's; the label is 1 point higher in strut.
    "ZbS-MF-Jjr": "centred on a UISwitch",
]

/// Every view of a document with its stored frame.
func storedFrames(_ document: IBDocument) -> [(id: String, element: String, frame: Rect, misplaced: Bool)] {
    var result: [(String, String, Rect, Bool)] = []
    func walk(_ view: IBView) {
        if let f = view.frame { result.append((view.id, view.element, Rect(x: f.x, y: f.y, width: f.width, height: f.height), view.isMisplaced)) }
        view.subviews.forEach(walk)
    }
    document.roots.forEach(walk)
    return result
}

/// Imports a document at its size and lays it out; the frames that differ by more than 0.5.
func frameDifferences(_ file: String) throws -> (checked: Int, differences: [String]) {
    try frameDifferences(data: try Data(contentsOf: fixtureFolder.appendingPathComponent(file)))
}

func frameDifferences(data: Data) throws -> (checked: Int, differences: [String]) {
    let document = try IBDocument.read(data)
    let engine = LayoutEngine()
    let report = try Importer(engine: engine).run(document)
    let size = try #require(report.documentSize)
    try engine.setProperty(.frame(Rect(x: 0, y: 0, width: size.width, height: size.height), within: nil), of: "root")
    engine.layoutIfNeeded()
    let byID = Dictionary(engine.hierarchy.allViews.compactMap { v in v.ibID.map { ($0, v) } }, uniquingKeysWith: { a, _ in a })
    var differences: [String] = []
    var checked = 0
    for (id, element, stored, misplaced) in storedFrames(document) where !misplaced && knownDifferences[id] == nil {
        guard let view = byID[id] else { differences.append("\(element) \(id): not imported"); continue }
        checked += 1
        var f = view.frame
        // strut places alignment rectangles: a UISwitch's frame is 2 points wider on the trailing side.
        if element == "switch" { f.width += 2 }
        let off = [f.x - stored.x, f.y - stored.y, f.width - stored.width, f.height - stored.height].map(abs).max()!
        if off > 0.5 {
            differences.append("\(element) \(id) '\(view.name)': strut \(f.x) \(f.y) \(f.width) \(f.height), Xcode \(stored.x) \(stored.y) \(stored.width) \(stored.height)")
        }
    }
    return (checked, differences)
}

@Test(.enabled(if: !fixtureNames.isEmpty, "../shared/fixtures/ib is absent"), arguments: fixtureNames)
func everyFixtureGivesBackXcodesFrames(_ file: String) throws {
    let (checked, differences) = try frameDifferences(file)
    #expect(checked > 0)
    #expect(differences.isEmpty, Comment(rawValue: "\(file):\n" + differences.joined(separator: "\n")))
}
