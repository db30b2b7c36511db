import Testing
import Foundation
@testable import Shell
import SwiftCode

/// What users read: the generated command reference is the table's, the README's first session
/// is what strut prints, and nothing a user reads points outside the repository.

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func repositoryText(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

@Test func theCommittedCommandReferenceIsTheOneTheTableGenerates() throws {
    let committed = try repositoryText("docs/commands.md")
    let generated = HelpText.markdown()
    // On a difference, name the first line that differs: regenerate with
    // `strut --help-markdown > docs/commands.md`.
    let (a, b) = (committed.split(separator: "\n", omittingEmptySubsequences: false), generated.split(separator: "\n", omittingEmptySubsequences: false))
    let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(committed == generated, "docs/commands.md differs from the table at line \((first?.offset ?? min(a.count, b.count)) + 1): regenerate it with strut --help-markdown")
}

@Test func theReferenceHasEveryCommandOnceWithItsUsage() {
    let page = HelpText.markdown()
    for command in Commands.all {
        #expect(page.components(separatedBy: "\n### \(command.name)\n").count == 2, "\(command.name)")
        #expect(page.contains("```\n\(command.usage)\n```"), "\(command.name)")
    }
}

@Test func detailsBecomeParagraphsAndCodeBlocks() {
    #expect(HelpText.markdownParagraphs("A grammar:\n  X := Y\n  Y := z\nThen prose\nthat goes on.\nNext.") ==
            "A grammar:\n\n```\n  X := Y\n  Y := z\n```\n\nThen prose\nthat goes on.\n\nNext.")
}

/// Every session the README and docs/ show (a ```text block after `<!-- checked -->`; the
/// blocks of one page run in one session, in order) prints exactly what the page shows.
/// `Scripts/docs` re-records them.
let pagesWithSessions: [String] = {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)) ?? []
    return (["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }).filter { page in
        (try? repositoryText(page))?.contains("<!-- checked -->\n```text") == true
    }
}()

@Test func theReadmeAndTheTutorialShowCheckedSessions() {
    #expect(pagesWithSessions.contains("README.md"))
    #expect(pagesWithSessions.contains("docs/tutorial.md"))
}

@Test(arguments: pagesWithSessions)
func aPagesSessionsPrintWhatThePageShows(_ page: String) throws {
    let text = try repositoryText(page)
    var blocks: [String] = []
    var rest = text[...]
    while let marker = rest.range(of: "<!-- checked -->\n```text\n") {
        let end = try #require(rest.range(of: "\n```", range: marker.upperBound..<rest.endIndex))
        blocks.append(String(rest[marker.upperBound..<end.lowerBound]))
        rest = rest[end.upperBound...]
    }
    #expect(!blocks.isEmpty, "\(page) shows no checked session")
    let sink = BufferSink()
    // As the strut executable does: pages show Swift layout code read.
    installSwiftReader()
    let session = Session(sink: sink)
    for (index, block) in blocks.enumerated() {
        let before = sink.combined.count
        var lines = block.split(separator: "\n").filter { $0.hasPrefix("strut> ") }.map { String($0.dropFirst(7)) }.makeIterator()
        _ = session.run(source: nil, mode: .keepGoing, echo: true) { lines.next().map(InputLine.line) ?? .end }
        var printed = String(sink.combined.dropFirst(before))
        if printed.hasSuffix("\n") { printed.removeLast() }
        #expect(printed == block, "\(page), session block \(index + 1)")
    }
}

/// What users read lives in the repository: the README, docs/, the lessons and the examples name
/// no file of the team's notes and no folder beside the clone.
@Test func userFacingTextPointsNowhereOutsideTheRepository() throws {
    let outside = ["SPEC.md", "SCENARIOS.md", "AUTOLAYOUT.md", "BENCHMARKS.md", "SOLVER-NOTES.md", "STYLE.md", "../shared", "shared/fixtures"]
    var files = ["README.md"]
    let manager = FileManager.default
    for folder in ["docs", "Examples", "Sources/Shell/Lessons/en", "Sources/Shell/Lessons/ja"] {
        let names = try manager.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
        files += names.filter { $0.hasSuffix(".md") || $0.hasSuffix(".strut") }.map { "\(folder)/\($0)" }
    }
    #expect(files.count > 20)
    for file in files {
        let text = try repositoryText(file)
        for name in outside {
            #expect(!text.contains(name), "\(file) names \(name)")
        }
    }
}

/// Every relative link of the README and docs/ reaches a file of the repository.
@Test func theManualsLinksReachFiles() throws {
    var files = ["README.md"]
    files += try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("docs").path)
        .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
    for file in files {
        let text = try repositoryText(file)
        let folder = (file as NSString).deletingLastPathComponent
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close]).split(separator: "#", omittingEmptySubsequences: false)[0]
            rest = rest[close...]
            if target.isEmpty || target.contains("://") { continue }
            let path = folder.isEmpty ? String(target) : "\(folder)/\(target)"
            #expect(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path), "\(file) links to \(target)")
        }
    }
}
