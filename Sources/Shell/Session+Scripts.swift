import Foundation
import LayoutEngine
import ConsoleLog

/// A line from a reader: the terminal, a pipe, a file, `-c`.
public enum InputLine: Equatable, Sendable {
    case line(String)
    /// Ctrl-C dropped the line being typed.
    case interrupted
    case end
    /// Text pasted at the terminal, as lines: a console log is imported as with `paste`,
    /// anything else runs line by line as typed.
    case pasted([String])
}

/// What a run does when a command fails.
public enum RunMode: Equatable, Sendable {
    /// Report it and stop (a script named on the command line, `-c`, a pipe).
    case stopAtFirstError
    /// Report it and go on with the next statement (`--keep-going`).
    case keepGoing
    /// Report it, drop the rest of its line, and go on (the prompt).
    case interactive
    /// Stop and throw it, naming the line, for the caller to undo the whole run (`load`).
    case allOrNothing
}

/// How a run ended: whether any command failed, and whether `quit` was asked.
public struct RunOutcome: Equatable, Sendable {
    public var failed = false
    public var quit = false
}

/// The one script runner: the command line's scripts, `-c`, a pipe, the prompt and `load` all
/// run lines through here, with a pasted log finished at the end of the input.
extension Session {
    /// Runs lines from `next` until the end or `quit`.
    /// - Parameters:
    ///   - source: the name put before line numbers in messages (`file.strut:12: error: …`);
    ///     nil for none.
    ///   - echo: print each line after a prompt before running it (a replay that reads like a
    ///     live session).
    public func run(source: String?, mode: RunMode, echo: Bool = false, scriptFile: String? = nil, next: () -> InputLine) -> RunOutcome {
        if let scriptFile { running.scriptFolders.append(PathName.folder(of: scriptFile)) }
        defer { if scriptFile != nil { running.scriptFolders.removeLast() } }
        do {
            return try runLines(locate: { number in source.map { "\($0):\(number)" } }, mode: mode, echo: echo, next: next)
        } catch {
            // Only `.allOrNothing` throws; from here it is reported like any failure.
            report(error)
            return RunOutcome(failed: true, quit: false)
        }
    }

    /// Runs one line (statements separated by `;`). `location` (`file.strut:12`) is put in
    /// front of error messages. Stops at the first failing statement of the line unless
    /// `keepGoing`.
    @discardableResult
    public func run(line: String, location: String? = nil, keepGoing: Bool = false) -> LineOutcome {
        var given = false
        let outcome = try? runLines(locate: { _ in location }, mode: keepGoing ? .keepGoing : .interactive, echo: false, atEnd: false) {
            if given { return .end }
            given = true
            return .line(line)
        }
        guard let outcome else { return .failed }
        return outcome.quit ? .quit : outcome.failed ? .failed : .succeeded
    }

    /// The loop: echo, lines a command collects, statements, what a failure does in each
    /// mode. `atEnd` finishes a collection when the input ends (not for a single line); an
    /// error for which `endsTheRun` is true ends the run and is thrown to its caller (a
    /// lesson left at a pause).
    func runLines(locate: (Int) -> String?, mode: RunMode, echo: Bool, atEnd: Bool = true,
                  endsTheRun: (Error) -> Bool = { _ in false },
                  next: () -> InputLine) throws -> RunOutcome {
        var outcome = RunOutcome()
        var number = 0

        /// Reports (or, all or nothing, throws) a failure; false when the run must stop.
        func failed(_ error: Error) throws -> Bool {
            if mode == .allOrNothing {
                if case ShellError.scriptFailed = error { throw error }
                throw ShellError.scriptFailed(location: running.location ?? "", message: ErrorText.message(error))
            }
            report(error)
            outcome.failed = true
            return mode != .stopAtFirstError
        }

        // The lines of a paste, taken before the next line is read.
        var queued: [String] = []
        while true {
            let input = queued.isEmpty ? next() : .line(queued.removeFirst())
            number += 1
            running.location = locate(number)
            switch input {
            case .interrupted:
                // Ctrl-C abandons a collection (a paste): the next line is a command again.
                if let collecting = collector {
                    collector = nil
                    print(collecting.abandonedMessage)
                }
                continue
            case .end:
                // A log pasted at the very end, without its empty line, is read all the same;
                // at the prompt, Ctrl-D ends the paste, not the session.
                if atEnd, let collecting = collector {
                    do { try collecting.finish(session: self) } catch { _ = try failed(error) }
                    if mode == .interactive { continue }
                }
                return outcome
            case let .pasted(lines):
                // A paste is text: a console log (or what LLDB printed) pasted at the prompt is
                // read as one, without typing `paste` first; anything else runs as if typed.
                number -= 1
                if collector == nil, let first = lines.first(where: { !$0.trimmingWhitespace().isEmpty }),
                   ConsoleLog.isLogLine(first) || DebuggerText.startsDebuggerOutput(first) {
                    if echo { sink.write(lines.map { "strut> \($0)\n" }.joined()) }
                    do { try PastedLog(lines: lines).finish(session: self) } catch { _ = try failed(error) }
                    number += lines.count
                    sink.flush()
                    continue
                }
                queued = lines
            case let .line(line):
                if echo { sink.write("strut> \(line)\n") }
                defer { sink.flush() }
                if let collecting = collector {
                    var consumed = true
                    do { consumed = try collecting.take(line, session: self) } catch { if try !failed(error) { return outcome } }
                    if consumed { continue }
                }
                if line.trimmingWhitespace().hasPrefix("#:") {
                    narrate(line)
                    continue
                }
                // `NSLayoutConstraint.activate([`: Swift over several lines, taken as one statement.
                if SwiftStatementLines.starts(line) {
                    collector = SwiftStatementLines(lines: [line], open: Lexer.openedBrackets(line))
                    continue
                }
                for statement in Lexer.statements(line) {
                    do {
                        if let interruptCheck, interruptCheck() { throw ShellError.interrupted }
                        if try execute(statement) == .quit {
                            outcome.quit = true
                            return outcome
                        }
                    } catch where endsTheRun(error) {
                        throw error
                    } catch {
                        guard try failed(error) else { return outcome }
                        if mode != .keepGoing { break }
                    }
                }
            }
        }
    }

    /// `load FILE`: runs a script as one step; if a line fails, everything the script did is
    /// undone and the error names the line. The script has its own undo history.
    func load(_ given: String) throws -> LineOutcome {
        let file = resolve(given)
        let lines = Session.lines(of: try Session.readScript(file))
        guard running.loadDepth < 16 else { throw ShellError.notAvailable("load: scripts nested more than 16 deep") }
        running.scriptFolders.append(PathName.folder(of: file))
        defer { running.scriptFolders.removeLast() }
        let before = engine.hierarchy
        let savedLocation = running.location
        let savedStacks = (history.undoStack, history.redoStack)
        history.undoStack = []
        history.redoStack = []
        running.loadDepth += 1
        defer {
            running.loadDepth -= 1
            running.location = savedLocation
            (history.undoStack, history.redoStack) = savedStacks
        }
        var iterator = lines.makeIterator()
        do {
            _ = try runLines(locate: { "\(file):\($0)" }, mode: .allOrNothing, echo: false) {
                iterator.next().map(InputLine.line) ?? .end
            }
        } catch {
            engine.restore(before)
            throw error
        }
        return .succeeded
    }

    /// A file a script reads (`load`, `import`), found beside the script when it is there
    /// (a relative name), else as given (from the current folder, as before); outside scripts,
    /// as given. Files a script writes are as given.
    func resolve(_ path: String) -> String {
        guard let folder = running.scriptFolders.last, !folder.isEmpty, !path.hasPrefix("/") else { return path }
        let beside = PathName.joined(folder, path)
        return FileManager.default.fileExists(atPath: beside) || !FileManager.default.fileExists(atPath: path) ? beside : path
    }

    /// Whether a statement names a command or is a constraint or a VFL line, so that running it
    /// reaches the session at all (a statement that does not is refused before anything is
    /// read or changed). The fuzz targets skip their check of the state for the others.
    public static func understands(_ statement: String) -> Bool {
        ((try? Commands.row(for: statement)) ?? nil) != nil || Commands.isSwiftStatement(statement)
    }

    /// The name in the command table of the command a statement runs (`layout` for
    /// `layoutIfNeeded`), read as the session reads it; nil for a constraint, a VFL line or a
    /// statement that names no command. The fuzz targets skip the commands that touch files
    /// by it: by its letters, `save挞` was not `save`, but the session runs `save` on `挞`.
    public static func commandName(of statement: String) -> String? {
        guard let (command, _) = (try? Commands.row(for: statement.trimmingWhitespace())) ?? nil, command.form == .word else { return nil }
        return command.name
    }

    /// A script's lines: the text split at each line feed, as a script read from standard
    /// input is, a carriage return just before it dropped (an editor on Windows ends lines with
    /// both; split as `Character`s, a CR LF is one and was not split, so the whole script was
    /// one line of errors). A last empty line, the end of the last one, is not a line. Found in
    /// the bytes: a line feed is never part of a longer UTF-8 sequence.
    public static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for k in bytes.indices where bytes[k] == 0x0A {
                let end = k > start && bytes[k - 1] == 0x0D ? k - 1 : k
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = k + 1
            }
            if start < bytes.count { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
        }
        return lines
    }

    /// A script's text, or a clear error.
    public static func readScript(_ file: String) throws -> String {
        withoutByteOrderMark(try readText(file))
    }

    /// A script's text without the byte-order mark an editor on Windows puts first (it is not
    /// part of the first line).
    public static func withoutByteOrderMark(_ text: String) -> String {
        text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// A file's contents as UTF-8 text, or a clear error.
    static func readText(_ file: String) throws -> String {
        let data = try readFile(file)
        guard let text = String(data: data, encoding: .utf8) else {
            // Windows editors and PowerShell's `>` write UTF-16 with a byte-order mark first.
            let utf16 = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
            throw ShellError.file(file, reason: utf16 ? "it is UTF-16 text; save it as UTF-8" : "it is not UTF-8 text")
        }
        return text
    }

    /// A file's contents, or a clear error: no such file, a directory, not a regular file (a
    /// device, a pipe: `/dev/zero` never ends; these were "permission denied"), permission denied.
    static func readFile(_ file: String) throws -> Data {
        // One look at what the path names (through links, as the read goes).
        var status = stat()
        guard stat(file, &status) == 0 else { throw ShellError.file(file, reason: "no such file") }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw ShellError.file(file, reason: "it is a directory") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw ShellError.file(file, reason: "it is not a regular file") }
        guard let data = FileManager.default.contents(atPath: file) else { throw ShellError.file(file, reason: "permission denied") }
        return data
    }
}
