import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Shell

/// A card of fixed width inside 20-point margins: it fits a 393-point phone, not a 375-point one.
let narrowCard = """
    # fits 393 points, not 375
    new view card
    card.leading == root.leading + 20
    card.top == root.safeAreaLayoutGuide.top + 20; card.height == 100
    card.trailing <= root.trailing - 20
    wide: card.width == 345

    """

let cleanCard = """
    new view card
    card.leading == root.leading + 20; card.trailing == root.trailing - 20
    card.top == root.safeAreaLayoutGuide.top + 20; card.height == 100

    """

/// A folder with the two scripts, and a file that is not a layout.
func checkFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strut-check-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try narrowCard.write(toFile: folder + "/narrow.strut", atomically: true, encoding: .utf8)
    try cleanCard.write(toFile: folder + "/clean.strut", atomically: true, encoding: .utf8)
    try "hello".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
    return folder
}

@Test func aLayoutThatHoldsOn393PointsButNotOn375IsFoundAtItsLine() throws {
    let folder = try checkFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var check = LayoutCheck(options: try LayoutCheck.parse([folder + "/narrow.strut", "--orientations", "portrait"]))
    #expect(check.run() == 1)
    let conflict = try #require(check.findings.first { $0.kind == "conflict" })
    #expect(conflict.subject == "wide")
    #expect(conflict.line == 6 && conflict.column == 1)
    #expect(conflict.message == "conflict: wide (card.width == 345) is broken: it cannot hold with c1, c4")
    // Exactly the 375-point phones.
    #expect(conflict.configurations == ["iPhone SE (3rd generation) portrait large leftToRight", "iPhone 13 mini portrait large leftToRight"])
    #expect(check.report().hasPrefix("\(folder)/narrow.strut:6:1: error: conflict: wide (card.width == 345) is broken: it cannot hold with c1, c4, on iPhone SE (3rd generation) portrait large leftToRight; iPhone 13 mini portrait large leftToRight\n"))
}

@Test func theExitStatusSaysCleanFoundOrUnreadable() throws {
    let folder = try checkFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let clean = try runStrut(["check", "clean.strut"], directory: folder)
    #expect(clean.status == 0)
    #expect(clean.output == "strut check: no findings in 1 file over 24 configurations\n")
    let found = try runStrut(["check", "narrow.strut", "clean.strut", "--devices", "iPhone 15,iPhone SE (3rd generation)"], directory: folder)
    #expect(found.status == 1)
    #expect(found.output.hasPrefix("narrow.strut:6:1: error: conflict: wide (card.width == 345) is broken: it cannot hold with c1, c4, on iPhone SE (3rd generation) portrait large leftToRight\n"))
    #expect(found.output.hasSuffix("strut check: 2 findings in 2 files over 4 configurations\n"))
    let missing = try runStrut(["check", "gone.strut"], directory: folder)
    #expect(missing.status == 2)
    #expect(missing.output.hasPrefix("error: cannot check gone.strut: cannot read 'gone.strut': no such file\n"))
    // A script's `quit` ends it; a statement that fails is the script's error, at its line.
    try (cleanCard + "quit\nnew view never; never.width == 1\n").write(toFile: folder + "/quits.strut", atomically: true, encoding: .utf8)
    #expect(try runStrut(["check", "quits.strut"], directory: folder).status == 0)
    try "new view a\na.widht == 3\n".write(toFile: folder + "/typo.strut", atomically: true, encoding: .utf8)
    let typo = try runStrut(["check", "typo.strut"], directory: folder)
    #expect(typo.status == 2)
    #expect(typo.output.hasPrefix("error: cannot check typo.strut: line 2: unknown attribute 'widht'; did you mean 'width'?\n"))
    let wrong = try runStrut(["check", "notes.txt"], directory: folder)
    #expect(wrong.status == 2)
    #expect(wrong.output.hasPrefix("error: cannot check notes.txt: not a .strut script, a .xib or .storyboard document, or a .swift or .m file\n"))
    let badOption = try runStrut(["check", "clean.strut", "--devices", "iPhone 99"], directory: folder)
    #expect(badOption.status == 2)
    #expect(badOption.errors.hasPrefix("strut check: --devices: no device named 'iPhone 99'; 'strut -c devices' lists them\n"))
}

@Test func jsonJUnitAndGitHubReportsAreWellFormed() throws {
    let folder = try checkFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["narrow.strut", "--devices", "iPhone 15,iPhone SE (3rd generation)", "--orientations", "portrait"]
    let json = try runStrut(["check"] + arguments + ["--format", "json"], directory: folder)
    #expect(json.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect(object["configurations"] as? [String] == ["iPhone 15 portrait large leftToRight", "iPhone SE (3rd generation) portrait large leftToRight"])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.count == 2)
    #expect(findings[0]["file"] as? String == "narrow.strut" && findings[0]["line"] as? Int == 6 && findings[0]["column"] as? Int == 1)
    #expect(findings[0]["kind"] as? String == "conflict" && findings[0]["subject"] as? String == "wide")
    #expect(findings[0]["configurations"] as? [String] == ["iPhone SE (3rd generation) portrait large leftToRight"])
    #expect(findings[1]["kind"] as? String == "ambiguous" && findings[1]["subject"] as? String == "card" && findings[1]["line"] as? Int == 2)

    let junit = try runStrut(["check"] + arguments + ["--format", "junit"], directory: folder)
    #expect(junit.status == 1)
    final class Counter: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var failureTypes: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements[name, default: 0] += 1
            if name == "failure" { failureTypes.append(attributes["type"] ?? "") }
        }
    }
    let counter = Counter()
    let parser = XMLParser(data: Data(junit.output.utf8))
    parser.delegate = counter
    #expect(parser.parse())
    #expect(counter.elements == ["testsuites": 1, "testsuite": 1, "testcase": 2, "failure": 1])
    #expect(counter.failureTypes == ["conflict"])

    let github = try runStrut(["check"] + arguments + ["--format", "github"], directory: folder)
    #expect(github.output.hasPrefix("::error file=narrow.strut,line=6,col=1,title=strut check%3A conflict::conflict: wide (card.width == 345) is broken: it cannot hold with c1, c4, on iPhone SE (3rd generation) portrait large leftToRight\n"))
}

/// A project adopts check with its known findings written down: those pass, a new one fails.
@Test func aBaselineAcceptsKnownFindings() throws {
    let folder = try checkFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let known = try runStrut(["check", "narrow.strut", "--format", "json"], directory: folder)
    try known.output.write(toFile: folder + "/baseline.json", atomically: true, encoding: .utf8)
    let accepted = try runStrut(["check", "narrow.strut", "clean.strut", "--baseline", "baseline.json"], directory: folder)
    #expect(accepted.status == 0)
    #expect(accepted.output == "strut check: no findings in 2 files over 24 configurations (2 accepted by the baseline)\n")
    try (narrowCard + "new view badge; badge.width == 10\n").write(toFile: folder + "/narrow.strut", atomically: true, encoding: .utf8)
    let added = try runStrut(["check", "narrow.strut", "--baseline", "baseline.json"], directory: folder)
    #expect(added.status == 1)
    #expect(added.output.hasPrefix("narrow.strut:7:1: error: ambiguous: badge (x, y, height not fixed), on every configuration (24)\n"))
    try "{}".write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
    let unreadable = try runStrut(["check", "narrow.strut", "--baseline", "broken.json"], directory: folder)
    #expect(unreadable.status == 2)
}

/// Code and documents point at their own lines: the call that made a constraint, the element a
/// view came from.
@Test func codeAndDocumentsPointAtTheirLines() throws {
    let folder = try checkFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    import UIKit

    final class BannerView: UIView {
        let title = UILabel()

        override init(frame: CGRect) {
            super.init(frame: frame)
            title.translatesAutoresizingMaskIntoConstraints = false
            addSubview(title)
            NSLayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20),
                title.topAnchor.constraint(equalTo: topAnchor, constant: 20),
                title.widthAnchor.constraint(equalToConstant: 345),
                title.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -20),
            ])
        }

        required init?(coder: NSCoder) { fatalError() }
    }

    """.write(toFile: folder + "/BannerView.swift", atomically: true, encoding: .utf8)
    let code = try runStrut(["check", "BannerView.swift", "--devices", "iPhone SE (3rd generation)", "--orientations", "portrait"], directory: folder)
    #expect(code.status == 1)
    // The constraint is named after its line; the column is its `constraint(` call's.
    #expect(code.output.hasPrefix("BannerView.swift:14:34: error: conflict: BannerView.swift:14 (title.trailing <= root.trailing - 20) is broken: it cannot hold with BannerView.swift:11, BannerView.swift:13, on iPhone SE (3rd generation) portrait large leftToRight\n"))
    let examples = repositoryRoot.appendingPathComponent("Examples").path
    let document = try runStrut(["check", "profile.xib", "--devices", "iPhone 15", "--orientations", "portrait"], directory: examples)
    #expect(document.status == 1)
    #expect(document.output.hasPrefix("profile.xib:18:1: error: ambiguous: avatar (height not fixed), on iPhone 15 portrait large leftToRight\n"))
}

/// Text sizes and directions are configurations too: a one-line label in a fixed width fits the
/// default text size and is cut at the largest accessibility size; a badge placed with `left`
/// stays inside either way.
@Test func aLabelCutAtTheLargestTextSizeIsFoundThere() throws {
    let folder = try checkFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    new label title text="Saved" font=body adjustsFont=on
    title.leading == root.leading + 20; title.top == root.safeAreaLayoutGuide.top + 20
    title.width == 60; title.height == 40

    """.write(toFile: folder + "/title.strut", atomically: true, encoding: .utf8)
    var check = LayoutCheck(options: try LayoutCheck.parse([folder + "/title.strut", "--devices", "iPhone 15", "--orientations", "portrait",
                                                           "--content-sizes", "large,accessibilityExtraExtraExtraLarge",
                                                           "--layout-directions", "leftToRight,rightToLeft"]))
    #expect(check.configurations.count == 4)
    #expect(check.run() == 1)
    #expect(check.findings.map(\.kind) == ["truncated"])
    let finding = try #require(check.findings.first)
    #expect(finding.subject == "title" && finding.line == 1 && finding.column == 1)
    #expect(finding.configurations == ["iPhone 15 portrait accessibilityExtraExtraExtraLarge leftToRight",
                                       "iPhone 15 portrait accessibilityExtraExtraExtraLarge rightToLeft"])
    #expect(finding.message.hasPrefix("truncated: title is 60 wide where its content needs "))
}
