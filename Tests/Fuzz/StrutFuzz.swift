import Foundation
import Shell
import LayoutEngine
import VisualFormat
import InterfaceBuilder

/// Fuzz targets for every way input reaches strut, one executable:
///
/// - `shell`: lines of the command language on a live session, statement by statement;
/// - `vfl`: a Visual Format Language string, parsed and added to an engine;
/// - `log`: a pasted console log (`paste`, then the lines);
/// - `ib`: an Interface Builder document, read and imported;
/// - `script`: a saved script's text (a byte-order mark, its lines), run to its end.
///
/// The invariant everywhere: nothing crashes, and a statement or import that fails leaves the
/// state (`dump`) byte-identical. Commands that touch files other than their input (save,
/// record, export, watch, load, import, lessons) are skipped: a fuzzer must not write the disk.
///
/// Speed is what makes fuzzing find things, so each target keeps its session or engine from
/// one input to the next while inputs leave it as it was (they failed: the invariant says so,
/// and it is checked) and starts again after an input that changed it, from an exact copy of a
/// session set up once; an input that leaves the state as it was is therefore run on a state
/// just like a fresh one, and a saved finding replays alone. The state before the first
/// statement is the fresh session's dump, made once; a statement that names no command (most
/// of what a fuzzer writes) is refused before the session is read, so it needs no dump; an
/// input runs at most `statementLimit` statements.
///
/// Built with `-sanitize=fuzzer,address -DFUZZING` (Scripts/fuzz), libFuzzer drives
/// `LLVMFuzzerTestOneInput` and the target is `STRUT_FUZZ_TARGET`; built normally,
/// `StrutFuzz TARGET FILE...` runs saved inputs once each (a crash found becomes a test).
enum Fuzz {
    static let targets = ["shell", "vfl", "log", "ib", "script"]
    static let skipped: Set<String> = ["save", "record", "export", "watch", "load", "import", "lesson", "lessons", "pause", "ask"]
    static let setup = "new view a; new label t text=\"Hi\"; new stack s; new view b in s; new guide g in a; a.width == 10; c2: t.top == a.bottom + 8 @750; layout"
    static let statementLimit = 32

    /// The shell targets' session while inputs leave it as it was, and its dump then.
    nonisolated(unsafe) static var live: Session?
    nonisolated(unsafe) static var freshDump = ""
    /// The VFL and document targets' engine, kept the same way.
    nonisolated(unsafe) static var engine: LayoutEngine?

    static func run(_ target: String, _ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch target {
        case "shell": shell(Session.lines(of: text))
        case "script": shell(Session.lines(of: Session.withoutByteOrderMark(text)))
        case "vfl": vfl(text)
        case "log": log(text)
        case "ib": ib(Data(bytes))
        default: fatalError("unknown fuzz target '\(target)': \(targets.joined(separator: ", "))")
        }
    }

    /// A session with `setup` run, made once: the others are copies of it.
    nonisolated(unsafe) static var pristine: Session = {
        // A challenge solved by chance is remembered nowhere (writing there fails, and says so).
        setenv("STRUT_DATA_HOME", "/dev/null/strut-fuzz", 1)
        let session = Session(sink: Discard())
        precondition(session.run(line: setup) == .succeeded)
        freshDump = session.dumpJSON
        return session
    }()

    /// The live session, or a fresh one: a copy of `pristine`, exactly as if `setup` had run
    /// on it (undo history too).
    static func session() -> Session {
        if let live { return live }
        let session = pristine.copy(sink: Discard())
        live = session
        return session
    }

    /// Each statement alone; one that fails must leave the dump as it was. The dump after a
    /// failure is the dump before the next statement.
    static func shell(_ lines: [String]) {
        let session = session()
        var current: String? = freshDump  // the dump of the state as it is, when known
        var changed = false
        var count = 0
        run: for line in lines {
            for statement in Lexer.statements(line) {
                count += 1
                if count > statementLimit { break run }
                // By the command the session finds: by the statement's first letters, `save挞`
                // was not `save`, and the shell target wrote files named `挞…` where it ran.
                if Session.commandName(of: statement).map(skipped.contains) == true { continue }
                if !session.isPasting && !Session.understands(statement) {
                    session.run(line: statement)  // refused before the state is read
                    continue
                }
                let before = current ?? session.dumpJSON
                guard session.run(line: statement) == .failed else {
                    current = nil
                    changed = true
                    continue
                }
                let after = session.dumpJSON
                if after != before {
                    let difference = zip(before.split(separator: "\n"), after.split(separator: "\n")).first { $0 != $1 }
                    fatalError("a failed statement changed the state: \(statement.debugDescription)\n\(difference.map { "\($0.0)\n→ \($0.1)" } ?? "")")
                }
                current = after
            }
        }
        if changed || session.isPasting { live = nil }
    }

    /// A fresh engine with views a, b and c (kept while lines are refused).
    static func vflEngine() -> LayoutEngine {
        if let engine { return engine }
        let fresh = LayoutEngine()
        for name in ["a", "b", "c"] { try! fresh.addView(kind: .view, name: name, parent: "root") }
        engine = fresh
        return fresh
    }

    static func vfl(_ format: String) {
        let engine = vflEngine()
        let h = engine.hierarchy
        let parser = VisualFormatParser(format: format, views: ["a", "b", "c", "root"], superview: { name in
            h.view(named: name)?.parent.map { h.view($0).name }
        })
        guard let specs = try? parser.constraints() else { return }
        let before = engine.hierarchy.userConstraints.count
        if (try? engine.addConstraints(specs)) == nil {
            if engine.hierarchy.userConstraints.count != before {
                fatalError("a refused VFL line left constraints behind: \(format.debugDescription)")
            }
        } else if !specs.isEmpty {
            Fuzz.engine = nil
        }
    }

    /// The whole input is one paste: blank lines (which may end a paste, the lines after it
    /// then being commands) are left out; two empty lines end it. A paste that fails must
    /// leave the state as it was.
    static func log(_ text: String) {
        let session = session()
        let lines = ["paste"] + Session.lines(of: text).prefix(500).filter { !$0.allSatisfy(\.isWhitespace) } + ["", ""]
        var iterator = lines.makeIterator()
        let outcome = session.run(source: nil, mode: .keepGoing) { iterator.next().map(InputLine.line) ?? .end }
        if outcome.failed && session.dumpJSON != freshDump { fatalError("a failed paste changed the state") }
        if !outcome.failed || session.isPasting { live = nil }
    }

    static func ib(_ data: Data) {
        let engine: LayoutEngine
        if let kept = Fuzz.engine { engine = kept } else {
            engine = LayoutEngine()
            try! engine.addView(kind: .view, name: "a", parent: "root")
            Fuzz.engine = engine
        }
        let before = engine.hierarchy.allViewIDs
        guard let document = try? IBDocument.read(data) else { return }
        if (try? Importer(engine: engine).run(document)) == nil {
            if engine.hierarchy.allViewIDs != before { fatalError("a refused document left views behind") }
        } else {
            Fuzz.engine = nil
        }
    }
}

/// Output nobody reads.
final class Discard: OutputSink {
    func write(_ text: String) {}
    func writeError(_ text: String) {}
}

#if FUZZING
let fuzzTarget = ProcessInfo.processInfo.environment["STRUT_FUZZ_TARGET"] ?? "shell"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    Fuzz.run(fuzzTarget, Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry as `StrutFuzz_main`: hand the arguments to libFuzzer.
@_cdecl("StrutFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOneInput)
}
#else
@main
struct Replay {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let target = arguments.first, Fuzz.targets.contains(target) else {
            print("usage: StrutFuzz \(Fuzz.targets.joined(separator: "|")) FILE...")
            exit(2)
        }
        for file in arguments.dropFirst() {
            Fuzz.run(target, Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        }
        print("ran \(arguments.count - 1) inputs through \(target)")
    }
}
#endif
