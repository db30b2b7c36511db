#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibEdit

/// What reading a line came to.
public enum ReadResult: Equatable, Sendable {
    case line(String)
    /// Ctrl-C: the line being typed is dropped.
    case interrupted
    /// End of input (Ctrl-D on an empty line, or the end of a pipe).
    case end
    /// Text pasted at the terminal (bracketed paste) that holds a line break: its lines, as
    /// pasted (tabs and all), the text typed before it in front of the first.
    case pasted([String])
}

/// Where the shell's lines come from.
public protocol LineReader: AnyObject {
    func readLine() -> ReadResult
}

/// Lines from stdin without editing or prompt: pipes, files, non-terminals.
public final class PlainLineReader: LineReader {
    private var first = true

    public init() {}

    public func readLine() -> ReadResult {
        guard var line = Swift.readLine(strippingNewline: true) else { return .end }
        // A byte-order mark before the first line (a script saved on Windows, piped in) is not
        // part of it, as in a script named on the command line.
        if first && line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        first = false
        return .line(line)
    }
}

/// Whether stdin and stdout are both terminals (the condition for line editing).
public func isInteractiveTerminal() -> Bool {
    isatty(0) == 1 && isatty(1) == 1
}
