import Testing
import Foundation
import MCP
import SystemPackage

/// `strut mcp` through the MCP Swift SDK's own client, over the server's standard input and
/// output: initialise, the tools listed, a real console log diagnosed, a script laid out with
/// its frames as structured content, and a bad input answered as a tool error by a server that
/// goes on answering.
@Test func anAssistantDiagnosesARealLogThroughStrutMCP() async throws {
    let executable = try #require(strutExecutable(), "build strut first (swift build)")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["mcp"]
    let toServer = Pipe(), fromServer = Pipe()
    process.standardInput = toServer
    process.standardOutput = fromServer
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { process.terminate() }
    let transport = StdioTransport(input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
                                   output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
    let client = Client(name: "strut-tests", version: "1.0")
    let initialised = try await client.connect(transport: transport)
    #expect(initialised.serverInfo.name == "strut")
    let (tools, _) = try await client.listTools()
    #expect(tools.map(\.name) == ["run", "diagnose_log", "import_file", "frames", "diagnose", "explain", "why", "check"])

    // UIKit's own message, as a developer pastes it (Examples/encapsulated-height.txt).
    let log = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/encapsulated-height.txt"), encoding: .utf8)
    let (diagnosis, failed) = try await client.callTool(name: "diagnose_log", arguments: ["log": .string(log)])
    #expect(failed == false)
    guard case let .text(text, _, _) = try #require(diagnosis.first) else { Issue.record("not text"); return }
    #expect(text.contains("UIKit broke "))
    #expect(text.contains("'UIView-Encapsulated-Layout-Height'"))
    #expect(text.contains("let it win by lowering one of your constraints to 999:"))

    // A bad input: a tool error, the session as it was, the server still there.
    let (bad, badFailed) = try await client.callTool(name: "explain", arguments: ["view": .string("nobody")])
    #expect(badFailed == true)
    guard case let .text(badText, _, _) = try #require(bad.first) else { Issue.record("not text"); return }
    #expect(badText == "error: no view named 'nobody'\n")
    let (unknown, unknownFailed) = try await client.callTool(name: "teleport", arguments: [:])
    #expect(unknownFailed == true)
    guard case let .text(unknownText, _, _) = try #require(unknown.first) else { Issue.record("not text"); return }
    #expect(unknownText.hasPrefix("error: no tool named 'teleport'; the tools: run, diagnose_log"))

    // A layout of its own, then its frames as structured content.
    _ = try await client.callTool(name: "run", arguments: ["commands": .string("reset; set root.frame = 0 0 390 300; new view card; card.leading == root.leading + 20; card.trailing == root.trailing - 20; card.top == root.top + 40; card.height == 120")])
    let context: RequestContext<CallTool.Result> = try await client.callTool(name: "frames", arguments: [:])
    let framesResult = try await context.value
    let views = framesResult.structuredContent?.objectValue?["views"]?.arrayValue ?? []
    let card = views.first { $0.objectValue?["name"]?.stringValue == "card" }?.objectValue
    #expect(card?["frame"]?.arrayValue?.compactMap { $0.doubleValue ?? $0.intValue.map(Double.init) } == [20, 40, 350, 120])
    await client.disconnect()
}
