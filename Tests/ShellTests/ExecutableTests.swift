import Testing
import Foundation

/// The built `strut` executable: next to this test binary (swift build puts them together).
func strutExecutable() -> URL? {
    var candidates: [URL] = []
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
    candidates.append(testBinary.deletingLastPathComponent().appendingPathComponent("strut"))
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug/strut"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

struct Run {
    var status: Int32
    var output: String
    var errors: String
}

func runStrut(_ arguments: [String], stdin: String? = nil, directory: String? = nil, environment: [String: String] = [:]) throws -> Run {
    let executable = try #require(strutExecutable(), "build strut first (swift build)")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let output = Pipe(), errors = Pipe(), input = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin.data(using: .utf8)!) }
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
               errors: String(decoding: err, as: UTF8.self))
}

func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "strut-e2e-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Test func theSmallestScriptPrintsTheDump() throws {
    let run = try runStrut(["-c", "new view a in root; a.width == 10; a.height == 10; a.left == root.left; a.top == root.top; layout; dump"])
    #expect(run.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as! [String: Any]
    #expect(json["needsLayout"] as? Bool == false)
    let views = json["views"] as! [[String: Any]]
    #expect(views.map { $0["name"] as! String } == ["root", "a"])
    #expect(views[1]["frame"] as? [Double] == [0, 0, 10, 10])
    #expect((json["constraints"] as! [[String: Any]]).map { $0["name"] as! String } == ["c1", "c2", "c3", "c4"])
    #expect((json["conflicts"] as! [Any]).isEmpty)
}

@Test func exitStatusesFollowTheSpec() throws {
    #expect(try runStrut(["-c", "new view a"]).status == 0)
    let failing = try runStrut(["-c", "new view a; bogus; new view b; show"])
    #expect(failing.status == 1)
    #expect(failing.errors == "error: unknown command 'bogus'; type 'help' for the list\n")
    #expect(failing.output == "")
    let expectation = try runStrut(["-c", "new view a; expect a.width == 3"])
    #expect(expectation.status == 1)
    #expect(expectation.errors == "error: expect failed: a.width == 3, but it is 0 (layout pending)\n")
    let badOption = try runStrut(["--frobnicate"])
    #expect(badOption.status == 2)
    #expect(badOption.errors.hasPrefix("strut: unknown option '--frobnicate'\nUsage: strut"))
    let missing = try runStrut(["/nonexistent/script.strut"])
    #expect(missing.status == 2)
    #expect(missing.errors == "strut: cannot read '/nonexistent/script.strut': no such file\n")
    #expect(try runStrut(["-c"]).status == 2)
}

@Test func scriptsReportFileAndLineAndStopAtTheFirstFailure() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "new view a\n\na.left == 4\nframe a\n".write(toFile: folder + "/bad.strut", atomically: true, encoding: .utf8)
    let run = try runStrut(["bad.strut"], directory: folder)
    #expect(run.status == 1)
    #expect(run.errors == "bad.strut:3: error: 'a.left' cannot equal a constant: location attributes must be specified in pairs (e.g. 'a.left == super.left + 8')\n")
    #expect(run.output == "")
    let going = try runStrut(["--keep-going", "bad.strut"], directory: folder)
    #expect(going.status == 1)
    #expect(going.output == "a (0, 0, 0, 0)  (layout pending)\n")
}

@Test func echoPrintsEachCommandBeforeItsOutput() throws {
    let run = try runStrut(["--echo", "-c", "new view a; frame a"])
    #expect(run.output == "strut> new view a; frame a\na (0, 0, 0, 0)  (layout pending)\n")
}

@Test func stdinIsReadWithoutPromptOrEditing() throws {
    let run = try runStrut([], stdin: "new view a\na.width == 5; a.height == 5\na.left == root.left; a.top == root.top\nlayout\nframe a\n")
    #expect(run.status == 0)
    #expect(run.output == "a (0, 0, 5, 5)\n")
    let failing = try runStrut([], stdin: "new view a\nnope\nframe a\n")
    #expect(failing.status == 1)
    #expect(failing.errors == "<stdin>:2: error: unknown command 'nope'; type 'help' for the list\n")
    #expect(failing.output == "")
}

@Test func quitStopsTheRun() throws {
    let run = try runStrut(["-c", "new view a; quit; bogus"])
    #expect(run.status == 0)
    #expect(run.errors == "")
}

@Test func scriptsRunInOrderThenInteractiveReadsStdin() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "new view a\n".write(toFile: folder + "/one.strut", atomically: true, encoding: .utf8)
    try "a.width == 7\n".write(toFile: folder + "/two.strut", atomically: true, encoding: .utf8)
    let run = try runStrut(["one.strut", "two.strut", "-i"], stdin: "layout\nconstraints\n", directory: folder)
    #expect(run.status == 0)
    #expect(run.output == "c1  a.width == 7  [priority 1000, user, satisfied]\n")
}
