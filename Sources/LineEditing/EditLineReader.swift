#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibEdit

/// libedit's line editor: a prompt, emacs keys, a history file, and tab completion through a
/// function that maps the text before the cursor to the candidates for its last word.
public final class EditLineReader: LineReader {
    /// The text left of the cursor → (the word being completed, its candidates).
    public typealias Completer = (String) -> (word: String, candidates: [String])

    let editLine: OpaquePointer
    let history: OpaquePointer
    let historyPath: String?
    let completer: Completer
    var promptStorage: UnsafeMutablePointer<CChar>
    /// Whether the terminal is asked to bracket pastes while a line is read.
    var bracketedPaste = false
    /// The lines of a paste that ended the line being read.
    var pastedLines: [String]?

    /// - Parameters:
    ///   - name: the program name libedit uses for its settings (`~/.editrc`).
    ///   - historyPath: the file to load history from and save it to (nil: none).
    public init?(name: String, prompt: String, historyPath: String?, completer: @escaping Completer) {
        strut_set_locale()
        guard let editLine = el_init(name, stdin_stream(), stdout_stream(), stderr_stream()) else { return nil }
        guard let history = strut_history_init() else {
            el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.historyPath = historyPath
        self.completer = completer
        self.promptStorage = strdup(prompt)!
        strut_history_set_size(history, 1000)
        strut_history_set_unique(history, 1)
        if let historyPath { _ = strut_history_load(history, historyPath) }
        strut_el_set_history(editLine, history)
        strut_el_set_editor(editLine, "emacs")
        strut_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        strut_el_set_prompt(editLine) { el in
            guard let el, let data = strut_el_get_clientdata(el) else { return nil }
            return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().promptStorage
        }
        strut_el_add_function(editLine, "strut-complete", "complete the word before the cursor") { el, _ in
            guard let el, let data = strut_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().complete()
        }
        strut_el_bind(editLine, "^I", "strut-complete")
        // Bracketed paste: the terminal wraps pasted text in ESC [200~ … ESC [201~, so that
        // it arrives as text, not as keys (a tab is a tab, not completion).
        strut_el_add_function(editLine, "strut-paste", "take pasted text as text") { el, _ in
            guard let el, let data = strut_el_get_clientdata(el) else { return UInt8(CC_ERROR) }
            return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue().takePaste()
        }
        strut_el_bind(editLine, "\\e[200~", "strut-paste")
        bracketedPaste = getenv("TERM").map { String(cString: $0) != "dumb" } ?? false
        strut_install_interrupt_handler()
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(promptStorage)
    }

    /// Whether Ctrl-C was pressed since the last prompt (or the last time this was asked), for
    /// a long run of statements to stop at the next one.
    public static func takeInterrupt() -> Bool {
        strut_take_interrupt() != 0
    }

    /// Shows another prompt from the next line on.
    public func setPrompt(_ prompt: String) {
        free(promptStorage)
        promptStorage = strdup(prompt)!
    }

    /// A line with another prompt, kept out of the history (an answer, not a command).
    public func readAnswer(prompt: String) -> ReadResult {
        let saved = String(cString: promptStorage)
        setPrompt(prompt)
        defer { setPrompt(saved) }
        return readLine(remember: false)
    }

    public func readLine() -> ReadResult {
        readLine(remember: true)
    }

    /// A line; `remember`: whether it goes into the history (a command, not a log's line).
    public func readLine(remember: Bool) -> ReadResult {
        var count: Int32 = 0
        errno = 0
        if bracketedPaste { emit("\u{1B}[?2004h") }
        let got = el_gets(editLine, &count)
        if bracketedPaste { emit("\u{1B}[?2004l") }
        if let lines = pastedLines {
            // The first line was shown as the line being edited; the rest follow it as pasted.
            pastedLines = nil
            if lines.count > 1 { emit(lines.dropFirst().map { Self.shown($0) + "\n" }.joined()) }
            return .pasted(lines)
        }
        guard let raw = got else {
            if count == -1 && (errno == EINTR || strut_take_interrupt() != 0) {
                _ = strut_take_interrupt()
                fputs("^C\n", stdout_stream())
                fflush(stdout_stream())
                return .interrupted
            }
            return .end
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        if remember && !line.allSatisfy(\.isWhitespace) {
            strut_history_enter(history, line)
            if let historyPath { _ = strut_history_save(history, historyPath) }
        }
        return .line(line)
    }

    /// The text on the line being edited.
    func currentLine() -> String {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer else { return "" }
        let length = info.lastchar - start
        return String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: length), as: UTF8.self)
    }

    /// After ESC [200~: reads the terminal up to ESC [201~. Text without a line break goes
    /// into the line being edited; text with one ends the line, and `readLine` returns the
    /// lines (the text already typed in front of the first).
    func takePaste() -> UInt8 {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while !(bytes.count >= end.count && bytes.suffix(end.count).elementsEqual(end)) {
            let n = read(0, &byte, 1)
            if n == 1 { bytes.append(byte); continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        if bytes.count >= end.count && bytes.suffix(end.count).elementsEqual(end) { bytes.removeLast(end.count) }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = Self.lines(of: text)
        guard lines.count > 1 || text.hasSuffix("\n") || text.hasSuffix("\r") else {
            el_insertstr(editLine, text)
            return UInt8(CC_REFRESH)
        }
        var all = lines
        all[0] = currentLine() + all[0]
        pastedLines = all
        // Shown as the line ends: the first line, tabs as spaces.
        if let info = el_line(editLine)?.pointee, let start = info.buffer, info.lastchar > start {
            // libedit counts characters, not bytes.
            func characters(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 {
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(from).assumingMemoryBound(to: UInt8.self), count: to - from)
                return Int32(String(decoding: bytes, as: UTF8.self).unicodeScalars.count)
            }
            el_cursor(editLine, characters(info.cursor, info.lastchar))
            el_deletestr(editLine, characters(start, info.lastchar))
        }
        el_insertstr(editLine, Self.shown(all[0]))
        return UInt8(CC_NEWLINE)
    }

    /// Pasted text's lines (a terminal sends a return for each line break); a last line
    /// break ends the last line rather than starting an empty one.
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var afterReturn = false
        for c in text.unicodeScalars {
            if c == "\n" && afterReturn { afterReturn = false; continue }
            afterReturn = c == "\r"
            if c == "\n" || c == "\r" {
                lines.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(c)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// A pasted line as shown: tabs as four spaces, other control characters left out.
    static func shown(_ line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.flatMap { c -> [Unicode.Scalar] in
            c == "\t" ? Array(repeating: " ", count: 4) : (c.value < 0x20 || c.value == 0x7F ? [] : [c])
        }))
    }

    /// Text to the terminal, now.
    func emit(_ text: String) {
        fputs(text, stdout_stream())
        fflush(stdout_stream())
    }

    /// Tab: complete the common prefix of the candidates; list them when there is more than one.
    func complete() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
        let length = info.cursor - start
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: length)
        let before = String(decoding: bytes, as: UTF8.self)
        let (word, candidates) = completer(before)
        guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        var common = candidates[0]
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        if common.count > word.count && common.hasPrefix(word) {
            var insertion = String(common.dropFirst(word.count))
            // A view's `a.` and a folder's `dir/` go on; anything else is a whole word.
            if candidates.count == 1 && !insertion.hasSuffix(".") && !insertion.hasSuffix("/") { insertion += " " }
            el_insertstr(editLine, insertion)
            return UInt8(CC_REFRESH)
        }
        if candidates.count == 1 {
            if candidates[0] == word && !word.hasSuffix(".") && !word.hasSuffix("/") { el_insertstr(editLine, " ") }
            return UInt8(CC_REFRESH)
        }
        fputs("\n" + candidates.joined(separator: "  ") + "\n", stdout_stream())
        fflush(stdout_stream())
        return UInt8(CC_REDISPLAY)
    }

    /// `$XDG_STATE_HOME/strut/history`, else `~/.local/state/strut/history`; the folder is made.
    public static func defaultHistoryPath() -> String? {
        var base: String
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), !state.isEmpty {
            base = state
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        base += "/strut"
        var path = ""
        for part in base.split(separator: "/") {
            path += "/" + part
            mkdir(path, 0o755)
        }
        return base + "/history"
    }
}
