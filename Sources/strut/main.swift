// strut: the executable. Reads the arguments, picks a line reader, runs the session, and
// turns the outcome into an exit status (0 all succeeded, 1 a command failed, 2 bad usage).
#if canImport(Glibc)
import Glibc
#endif
import Shell
import LineEditing
import CLibEdit

let version = "0.2.0"

/// stdout and stderr, with stdout flushed before every error so that the two interleave as
/// they were written; `echo` prints each line before running it.
final class StandardStreams: OutputSink {
    func write(_ text: String) { fputs(text, stdout_stream()) }
    func writeError(_ text: String) {
        fflush(stdout_stream())
        fputs(text, stderr_stream())
    }
}

struct Options {
    var commands: [String] = []
    var files: [String] = []
    var interactive = false
    var echo = false
    var keepGoing = false
}

let usage = """
Usage: strut [options] [FILE...]
  -c 'CMD; CMD'      run the commands, then exit (may be repeated)
  -i, --interactive  after the scripts or -c, stay interactive
  --echo             print each command (prefixed 'strut> ') before its output
  --keep-going       in batch mode go on after a failing command
  --no-color         plain output (strut prints no colour)
  --version, --help
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
            continue
        }
        switch argument {
        case "--": onlyFiles = true
        case "-c", "--command":
            guard index < arguments.count else { fail("-c needs a command string") }
            options.commands.append(arguments[index])
            index += 1
        case "-i", "--interactive": options.interactive = true
        case "--echo": options.echo = true
        case "--keep-going": options.keepGoing = true
        case "--no-color": break
        case "--version":
            print("strut \(version)")
            exit(0)
        case "-h", "--help":
            print(usage)
            exit(0)
        default: fail("unknown option '\(argument)'")
        }
    }
    return options
}

/// Runs lines from a reader until the end or `quit`; in batch mode stops at the first failure
/// unless `--keep-going`. Returns (any failure, quit was asked).
func runLines(_ session: Session, _ options: Options, batch: Bool, source: String?,
              next: () -> ReadResult) -> (failed: Bool, quit: Bool) {
    var failed = false
    var number = 0
    while true {
        let result = next()
        number += 1
        switch result {
        case .end:
            // A log pasted at the very end, without its empty line, is read all the same.
            if session.isPasting && session.run(line: "", location: source.map { "\($0):\(number)" }) == .failed { failed = true }
            return (failed, false)
        case .interrupted: continue
        case let .line(line):
            if options.echo {
                fputs("strut> \(line)\n", stdout_stream())
            }
            let outcome = session.run(line: line, location: source.map { "\($0):\(number)" }, keepGoing: batch && options.keepGoing)
            fflush(stdout_stream())
            switch outcome {
            case .quit: return (failed, true)
            case .failed:
                failed = true
                if batch && !options.keepGoing { return (true, false) }
            case .succeeded: break
            }
        }
    }
}

func runInteractive(_ session: Session, _ options: Options) -> Bool {
    if isInteractiveTerminal(),
       let reader = EditLineReader(name: "strut", prompt: "strut> ", historyPath: EditLineReader.defaultHistoryPath(),
                                   completer: { session.completions(before: $0) }) {
        let (failed, _) = runLines(session, options, batch: false, source: nil, next: reader.readLine)
        return failed
    }
    let reader = PlainLineReader()
    return runLines(session, options, batch: false, source: nil, next: reader.readLine).failed
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
let session = Session(sink: StandardStreams())
var anyFailed = false

// Scripts named on the command line must all be readable before anything runs.
var scripts: [(String, [String])] = []
for file in options.files {
    do {
        let text = try Session.readScript(file)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        scripts.append((file, lines))
    } catch {
        fputs("strut: \((error as? ShellError)?.message ?? "\(error)")\n", stderr_stream())
        exit(2)
    }
}

var quitAsked = false
for command in options.commands where !quitAsked {
    var given = false
    let (failed, quit) = runLines(session, options, batch: true, source: nil) {
        if given { return .end }
        given = true
        return .line(command)
    }
    anyFailed = anyFailed || failed
    quitAsked = quit
    if failed && !options.keepGoing { exit(1) }
}
for (file, lines) in scripts where !quitAsked {
    var iterator = lines.makeIterator()
    let (failed, quit) = runLines(session, options, batch: true, source: file) {
        iterator.next().map { .line($0) } ?? .end
    }
    anyFailed = anyFailed || failed
    quitAsked = quit
    if failed && !options.keepGoing { exit(1) }
}
if !quitAsked {
    if options.commands.isEmpty && options.files.isEmpty {
        if isInteractiveTerminal() {
            anyFailed = runInteractive(session, options) && false
        } else {
            let reader = PlainLineReader()
            let (failed, _) = runLines(session, options, batch: true, source: "<stdin>", next: reader.readLine)
            anyFailed = anyFailed || failed
        }
    } else if options.interactive {
        _ = runInteractive(session, options)
    }
}
fflush(stdout_stream())
exit(anyFailed ? 1 : 0)
