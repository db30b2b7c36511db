// strut: the executable. Reads the arguments, picks a line reader, runs the session, and
// turns the outcome into an exit status (0 all succeeded, 1 a command failed, 2 bad usage).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Shell
import SwiftCode
import StrutMCP
import LineEditing
import CLibEdit
import CMemory

let version = "0.2.0"

// Freed memory stays in the process for the next large array (see CMemory's shim.h).
_ = strut_keep_freed_memory()
// `import FILE.swift` reads with swift-syntax, which only the executable links.
installSwiftReader()

// `strut mcp`: a Model Context Protocol server on standard input and output.
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "mcp" {
    StrutServer.serveForever(version: version)
}

// `strut check FILE…`: every file on every configuration asked, findings reported, exit 0
// (none), 1 (some) or 2 (an input not read, or wrong options).
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "check" {
    if CommandLine.arguments.dropFirst(2).contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(LayoutCheck.usage)
        exit(0)
    }
    do {
        var check = LayoutCheck(options: try LayoutCheck.parse(Array(CommandLine.arguments.dropFirst(2))))
        let status = check.run()
        fputs(check.report(), stdout_stream())
        fflush(stdout_stream())
        exit(status)
    } catch {
        fputs("strut check: \(error)\n\(LayoutCheck.usage)\n", stderr_stream())
        exit(2)
    }
}

/// stdout and stderr, with stdout flushed before every error so that the two interleave as
/// they were written.
final class StandardStreams: OutputSink {
    func write(_ text: String) { fputs(text, stdout_stream()) }
    func writeError(_ text: String) {
        fflush(stdout_stream())
        fputs(text, stderr_stream())
    }
    func flush() { fflush(stdout_stream()) }
}

struct Options {
    /// What to run, in the order the arguments gave it.
    enum Source {
        case command(String)
        case lesson(String)
        case file(String)
    }
    var order: [Source] = []
    var commands: [String] = []
    var files: [String] = []
    var interactive = false
    var echo = false
    var keepGoing = false
    var noColour = false
    var lessons: [String] = []
}

let usage = """
Usage: strut [options] [FILE...]
  -c 'CMD; CMD'      run the commands (a ';' or a new line between), then exit (may be repeated)
  -i, --interactive  after the scripts or -c, stay interactive
  --echo             print each command (prefixed 'strut> ') before its output
  --lesson NAME|FILE run a lesson ('lessons' lists the built-in ones; LANG=ja for Japanese),
                     then, at a terminal, stay for exploring
  --keep-going       in batch mode go on after a failing command
  --no-color         no colour in pictures ('draw'); so does setting NO_COLOR
  --version, --help
  --help-markdown    print the command reference as Markdown (docs/commands.md)
Scripts, -c strings and lessons run in the order given; a FILE '-' is standard input.
       strut check FILE... [options]   lay files out on every device and report what breaks
                                        ('strut check --help' for its options)
       strut mcp                        serve the session's commands as MCP tools on stdin/stdout
"""

func fail(_ message: String) -> Never {
    fputs("strut: \(message)\n\(usage)\n", stderr_stream())
    exit(2)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    var onlyFiles = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
            options.files.append(argument)
            options.order.append(.file(argument))
            continue
        }
        switch argument {
        case "--": onlyFiles = true
        case "-c", "--command":
            guard index < arguments.count else { fail("-c needs a command string") }
            options.commands.append(arguments[index])
            options.order.append(.command(arguments[index]))
            index += 1
        case "-i", "--interactive": options.interactive = true
        case "--echo": options.echo = true
        case "--lesson":
            guard index < arguments.count else { fail("--lesson needs a lesson's name or a file") }
            options.lessons.append(arguments[index])
            options.order.append(.lesson(arguments[index]))
            index += 1
        case "--keep-going": options.keepGoing = true
        case "--no-color": options.noColour = true
        case "--version":
            print("strut \(version)")
            exit(0)
        case "-h", "--help":
            print(usage)
            exit(0)
        case "--help-markdown":
            print(HelpText.markdown(), terminator: "")
            exit(0)
        default: fail("unknown option '\(argument)'")
        }
    }
    return options
}

/// A line reader's result as the session's input.
func input(_ result: ReadResult) -> InputLine {
    switch result {
    case let .line(line): .line(line)
    case .interrupted: .interrupted
    case .end: .end
    case let .pasted(lines): .pasted(lines)
    }
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
let session = Session(sink: StandardStreams())
// Colour and the window's width only when stdout is a terminal (and NO_COLOR is unset).
if isatty(1) == 1 {
    session.colour = !options.noColour && getenv("NO_COLOR") == nil
    let columns = strut_terminal_columns(1)
    if columns > 0 { session.terminalColumns = Int(columns) }
}
let batchMode: RunMode = options.keepGoing ? .keepGoing : .stopAtFirstError

/// libedit at a terminal (stdin and stdout both terminals): the prompt, and a lesson's
/// `pause` and `ask`.
let editor: EditLineReader? = isInteractiveTerminal()
    ? EditLineReader(name: "strut", prompt: "strut> ", historyPath: EditLineReader.defaultHistoryPath(),
                     completer: { session.completions(before: $0) })
    : nil
if let editor {
    session.prompter = { input(editor.readAnswer(prompt: $0)) }
    session.interruptCheck = { EditLineReader.takeInterrupt() }
}

/// The prompt: libedit when stdin and stdout are both terminals, else plain lines.
@MainActor func runInteractive() {
    if let reader = editor {
        session.explainsOpenPaste = true
        // A pasted log's lines get their own prompt, so that it is clear they are not commands.
        _ = session.run(source: nil, mode: .interactive, echo: options.echo) {
            reader.setPrompt(session.prompt)
            // A Ctrl-C pressed while a statement ran stopped what followed it; it does not
            // carry over to the line typed next.
            _ = EditLineReader.takeInterrupt()
            // A log's lines are not commands to recall.
            return input(reader.readLine(remember: !session.isPasting))
        }
        return
    }
    let reader = PlainLineReader()
    _ = session.run(source: nil, mode: .interactive, echo: options.echo) { input(reader.readLine()) }
}

// Scripts named on the command line must all be readable before anything runs; then -c
// strings, lessons and scripts run in the order given, then (with none, or with -i) the prompt
// or a pipe.
var sources: [(name: String?, lines: [String], file: String?)] = []
for source in options.order {
    switch source {
    case let .command(text):
        // Lines as a script's (`strut -c "new view a` and `a.width == 10"` on the next line, as
        // `sh -c` takes them).
        sources.append((nil, Session.lines(of: text), nil))
    case let .lesson(name):
        sources.append((nil, ["lesson " + Session.quoted(name)], nil))
    case let .file(file):
        do {
            if file == "-" {
                // `strut setup.strut - < steps.strut`: standard input, read whole in its place,
                // line by line as a pipe is read.
                let reader = PlainLineReader()
                var lines: [String] = []
                while case let .line(line) = reader.readLine() { lines.append(line) }
                sources.append(("<stdin>", lines, nil))
            } else {
                sources.append((file, Session.lines(of: try Session.readScript(file)), file))
            }
        } catch {
            fputs("strut: \(ErrorText.message(error))\n", stderr_stream())
            exit(2)
        }
    }
}
var anyFailed = false
var quitAsked = false
for source in sources where !quitAsked {
    var iterator = source.lines.makeIterator()
    let outcome = session.run(source: source.name, mode: batchMode, echo: options.echo, scriptFile: source.file) {
        iterator.next().map(InputLine.line) ?? .end
    }
    anyFailed = anyFailed || outcome.failed
    quitAsked = outcome.quit
    if outcome.failed && !options.keepGoing { exit(1) }
}
if !quitAsked {
    if options.commands.isEmpty && options.files.isEmpty && options.lessons.isEmpty {
        if isInteractiveTerminal() {
            runInteractive()
        } else {
            let reader = PlainLineReader()
            let outcome = session.run(source: "<stdin>", mode: batchMode, echo: options.echo) { input(reader.readLine()) }
            anyFailed = anyFailed || outcome.failed
        }
    } else if options.interactive || (!options.lessons.isEmpty && editor != nil) {
        runInteractive()
    }
}
fflush(stdout_stream())
exit(anyFailed ? 1 : 0)
