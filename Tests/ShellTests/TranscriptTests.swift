import Testing
import Foundation
@testable import Shell

/// The golden transcripts and the examples through the built executable, as
/// `Scripts/transcripts` runs them: each `Tests/Transcripts/NAME.strut`, run as
/// `strut --echo --keep-going NAME.strut` in a fresh folder holding a copy of itself and of
/// `Examples/`, prints `NAME.out` exactly (standard output and error in one stream, then
/// `[exit N]`). `Scripts/transcripts --record` re-records them.

let transcriptFolder = repositoryRoot.appendingPathComponent("Tests/Transcripts")

let transcriptNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: transcriptFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".strut") }.map { String($0.dropLast(6)) }.sorted()
}()

/// Runs the executable with standard output and error in one pipe, as `2>&1` does.
func runMerged(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> (status: Int32, text: String) {
    let executable = try #require(strutExecutable(), "build strut first (swift build)")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The first line where two texts differ, for a message that points at it.
func firstDifference(_ expected: String, _ actual: String) -> (line: Int, expected: String, actual: String)? {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for k in 0..<max(a.count, b.count) {
        let x = k < a.count ? String(a[k]) : "(end)", y = k < b.count ? String(b[k]) : "(end)"
        if x != y { return (k + 1, x, y) }
    }
    return nil
}

@Test func thereAreTranscriptsToRun() {
    #expect(transcriptNames.count >= 10)
}

@Test(arguments: transcriptNames)
func aTranscriptPrintsItsRecordedOutput(_ name: String) throws {
    let manager = FileManager.default
    let folder = manager.temporaryDirectory.appendingPathComponent("strut-transcript-\(name)-\(UInt32.random(in: 0...UInt32.max))")
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: folder) }
    try manager.copyItem(at: transcriptFolder.appendingPathComponent("\(name).strut"), to: folder.appendingPathComponent("\(name).strut"))
    try manager.copyItem(at: repositoryRoot.appendingPathComponent("Examples"), to: folder.appendingPathComponent("Examples"))
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = nil
    environment["NO_COLOR"] = nil
    environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
    environment["STRUT_DATA_HOME"] = folder.appendingPathComponent("data").path
    let run = try runMerged(["--echo", "--keep-going", "\(name).strut"], in: folder, environment: environment)
    let actual = run.text + "[exit \(run.status)]\n"
    let expected = try String(contentsOf: transcriptFolder.appendingPathComponent("\(name).out"), encoding: .utf8)
    if let difference = firstDifference(expected, actual) {
        Issue.record("""
            transcript \(name) differs at line \(difference.line) of \(name).out
              expected: \(difference.expected)
              actual:   \(difference.actual)
            (Scripts/transcripts --record re-records; review the diff)
            """)
    }
}

let exampleScripts: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Examples").path)) ?? []
    return names.filter { $0.hasSuffix(".strut") }.sorted()
}()

@Test(arguments: exampleScripts)
func anExampleRunsWithEveryExpectHolding(_ file: String) throws {
    let run = try runMerged(["Examples/\(file)"], in: repositoryRoot, environment: ProcessInfo.processInfo.environment)
    #expect(run.status == 0, "Examples/\(file): \(run.text.suffix(400))")
}

/// Every built-in lesson through the executable, its language taken from `LANG` as a
/// classroom's terminal gives it: in batch it runs to its end, every `expect` holding.
@Test(arguments: LessonLibrary.names.flatMap { name in LessonLibrary.languages.map { (name, $0) } })
func aLessonRunsFromTheCommandLineInTheLanguageOfLANG(_ name: String, _ language: String) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = language == "ja" ? "ja_JP.UTF-8" : "en_US.UTF-8"
    environment["LC_ALL"] = nil
    environment["LC_MESSAGES"] = nil
    let run = try runMerged(["--lesson", name], in: repositoryRoot, environment: environment)
    #expect(run.status == 0, "\(name) (\(language)): \(run.text.suffix(400))")
    // The narration is the language's: Japanese lessons hold kana, English ones none.
    let kana = run.text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
    #expect(kana == (language == "ja"), "\(name) (\(language))")
}
