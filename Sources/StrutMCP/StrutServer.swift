import Foundation
import MCP
import Shell

/// `strut mcp`: a Model Context Protocol server on standard input and output whose tools do
/// what a developer does at the prompt. One session for the client, kept between calls; each
/// tool's result is the text the shell prints, with structured content beside it. A bad input
/// is a tool error (`isError`), and the session is as it was.
public enum StrutServer {
    /// Serves until the client closes standard input, then exits.
    public static func serveForever(version: String) -> Never {
        Task {
            do {
                let server = Server(name: "strut", version: version,
                                    instructions: "An Auto Layout engine and debugger: lay out views and constraints, read UIKit's console logs, explain conflicts and ambiguity, check a layout on every device.",
                                    capabilities: .init(tools: .init(listChanged: false)))
                let tools = ToolBox()
                await server.withMethodHandler(ListTools.self) { _ in .init(tools: ToolBox.tools) }
                await server.withMethodHandler(CallTool.self) { params in await tools.call(params.name, params.arguments ?? [:]) }
                try await server.start(transport: LineTransport())
                await server.waitUntilCompleted()
                // Input ended: the calls already read finish, and their answers go out.
                await tools.idle()
                try? await Task.sleep(for: .milliseconds(50))
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("strut mcp: \(error)\n".utf8))
                exit(1)
            }
        }
        dispatchMain()
    }
}

/// Collects what one call prints.
final class CaptureSink: OutputSink, @unchecked Sendable {
    var output = ""
    var errors = ""
    func write(_ text: String) { output += text }
    func writeError(_ text: String) { errors += text }
    func take() -> (String, String) {
        defer { output = ""; errors = "" }
        return (output, errors)
    }
}

/// The client's session and the tools that act on it.
actor ToolBox {
    let sink = CaptureSink()
    let session: Session

    init() {
        session = Session(sink: sink)
    }

    static func schema(_ properties: [String: (String, String)], required: [String]) -> Value {
        var fields: [String: Value] = [:]
        for (name, (type, description)) in properties {
            fields[name] = .object(["type": .string(type), "description": .string(description)])
        }
        return .object(["type": .string("object"), "properties": .object(fields), "required": .array(required.map { .string($0) })])
    }

    static let tools: [Tool] = [
        Tool(name: "run", description: "Run strut commands in this session (one per line, or separated by ';'): add views and constraints in strut's language or VFL, set properties and devices, lay out. Returns what strut prints.",
             inputSchema: schema(["commands": ("string", "strut commands, e.g. 'new view card; card.width == 200; layout'")], required: ["commands"])),
        Tool(name: "diagnose_log", description: "Read UIKit's console output ('Unable to simultaneously satisfy constraints', or what LLDB printed) into this session and explain each conflict: the minimal set, what UIKit broke, whose constraints they are, and the fixes.",
             inputSchema: schema(["log": ("string", "the console text, as copied")], required: ["log"])),
        Tool(name: "import_file", description: "Import a file into this session: a .xib or .storyboard document, Swift or Objective-C layout code, or a console log (.txt).",
             inputSchema: schema(["path": ("string", "the file's path on this machine")], required: ["path"])),
        Tool(name: "frames", description: "Lay out, then return every view's frame (in its superview's coordinates) and whether it is ambiguous.",
             inputSchema: schema([:], required: [])),
        Tool(name: "diagnose", description: "The session's conflicts (with UIKit's message, the chain and the ranked fixes) and its ambiguous views.",
             inputSchema: schema([:], required: [])),
        Tool(name: "explain", description: "The constraints that fix a view's frame, or one attribute of it, as a chain from what is fixed.",
             inputSchema: schema(["view": ("string", "a view's name"), "attribute": ("string", "optional: x, y, width, height, leading, centerY, ...")], required: ["view"])),
        Tool(name: "why", description: "Could a relation hold (e.g. 'title.width == 200')? If not, what forbids it and what would change that; if so, what wins over it now.",
             inputSchema: schema(["relation": ("string", "a constraint in strut's language")], required: ["relation"])),
        Tool(name: "check", description: "Lay files (.strut scripts, .xib/.storyboard, .swift/.m) out on every device and orientation and report conflicts, ambiguity, views outside their superview and truncated text, each with its source line.",
             inputSchema: schema(["paths": ("array", "the files' paths"), "devices": ("string", "optional: 'all' or device names separated by commas"),
                                  "content_sizes": ("string", "optional: content size categories separated by commas, or 'all'")], required: ["paths"])),
    ]

    /// Returns once the calls queued before it have run.
    func idle() {}

    /// Runs one tool; an error is a tool error whose text says what went wrong.
    func call(_ name: String, _ arguments: [String: Value]) -> CallTool.Result {
        func text(_ key: String) -> String? { arguments[key]?.stringValue }
        switch name {
        case "run":
            guard let commands = text("commands") else { return failure("'run' needs 'commands', a string") }
            return shell(commands.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        case "diagnose_log":
            guard let log = text("log") else { return failure("'diagnose_log' needs 'log', a string") }
            return shell(["paste"] + log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["", "conflicts"])
        case "import_file":
            guard let path = text("path") else { return failure("'import_file' needs 'path', a string") }
            return shell(["import " + Session.quoted(path)])
        case "frames":
            var result = shell(["layout", "show"])
            if result.isError != true { result = CallTool.Result(content: result.content, structuredContent: Value?.some(frames()), isError: false) }
            return result
        case "diagnose":
            return shell(["conflicts", "ambiguous"])
        case "explain":
            guard let view = text("view") else { return failure("'explain' needs 'view', a string") }
            return shell(["explain " + view + (text("attribute").map { "." + $0 } ?? "")])
        case "why":
            guard let relation = text("relation") else { return failure("'why' needs 'relation', a string") }
            return shell(["why " + relation])
        case "check":
            let paths = arguments["paths"]?.arrayValue?.compactMap(\.stringValue) ?? text("paths").map { [$0] } ?? []
            guard !paths.isEmpty else { return failure("'check' needs 'paths', the files to check") }
            var words = paths
            if let devices = text("devices") { words += ["--devices", devices] }
            if let sizes = text("content_sizes") { words += ["--content-sizes", sizes] }
            do {
                var check = LayoutCheck(options: try LayoutCheck.parse(words))
                _ = check.run()
                let shown = check.report()
                check.options.format = "json"
                let json = check.report()
                let structured = (try? JSONDecoder().decode(Value.self, from: Data(json.utf8))) ?? .string(json)
                return CallTool.Result(content: [.text(text: shown, annotations: nil, _meta: nil)], structuredContent: Value?.some(structured), isError: !check.errors.isEmpty)
            } catch {
                return failure("check: \(error)")
            }
        default:
            return failure("no tool named '\(name)'; the tools: " + Self.tools.map(\.name).joined(separator: ", "))
        }
    }

    /// Lines run as at the prompt (a failing statement stops its line, the rest go on, as
    /// typed); a call whose statements all failed is a tool error.
    func shell(_ lines: [String]) -> CallTool.Result {
        var next = lines.makeIterator()
        let outcome = session.run(source: nil, mode: .keepGoing) { next.next().map(InputLine.line) ?? .end }
        let (output, errors) = sink.take()
        let text = output + errors
        return CallTool.Result(content: [.text(text: text.isEmpty ? "(nothing printed)" : text, annotations: nil, _meta: nil)],
                               structuredContent: Value?.some(.object(["output": .string(output), "errors": .string(errors), "failed": .bool(outcome.failed)])),
                               isError: outcome.failed)
    }

    func failure(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: "error: " + message, annotations: nil, _meta: nil)], isError: true)
    }

    /// Every view's frame: `{"views": [{"name", "parent", "frame": [x, y, w, h], "ambiguous"}]}`.
    func frames() -> Value {
        let dump = session.dumpJSON
        guard let object = try? JSONDecoder().decode(Value.self, from: Data(dump.utf8)), case let .object(fields) = object,
              let views = fields["views"] else { return .object([:]) }
        return .object(["views": views])
    }

}
