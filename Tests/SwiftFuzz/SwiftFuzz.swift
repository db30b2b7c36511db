import Foundation
import LayoutEngine
import Shell
import SwiftCode

/// The code readers' fuzz target: any text read as a Swift file and as an Objective-C one, run into an engine set
/// up as an iPhone 15. The invariant: nothing crashes or hangs (the evaluator's step and depth
/// limits hold), and code refused leaves the engine as it was (`dump` byte-identical).
///
/// A target of its own, built apart from StrutFuzz (Scripts/fuzz builds it in debug with
/// `-sanitize=fuzzer,address -DFUZZING`): swift-syntax optimised under the sanitizers takes
/// many minutes to build. Built normally, `StrutSwiftFuzz FILE...` replays saved inputs.
enum SwiftFuzz {
    final class Discard: OutputSink {
        func write(_ text: String) {}
        func writeError(_ text: String) {}
        func flush() {}
    }

    nonisolated(unsafe) static var session = fresh()
    nonisolated(unsafe) static var freshDump = session.dumpJSON

    static func fresh() -> Session {
        CodeReader.stepLimit = 20_000
        let session = Session(sink: Discard())
        precondition(session.run(line: "set device = \"iPhone 15\"") == .succeeded)
        return session
    }

    /// Read as Swift, then as Objective-C.
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for file in ["Fuzz.swift", "Fuzz.m"] {
            do {
                _ = try CodeReader.run([(source: text, file: file)], stem: "Fuzz", into: session.engine)
                _ = session.dumpJSON
                session = fresh()
            } catch {
                precondition(session.dumpJSON == freshDump, "a refused input changed the engine: \(error)")
            }
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    SwiftFuzz.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
               _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry as `StrutSwiftFuzz_main`: hand the arguments to libFuzzer.
@_cdecl("StrutSwiftFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOneInput)
}
#else
@main
struct Replay {
    static func main() throws {
        let files = CommandLine.arguments.dropFirst()
        for file in files { SwiftFuzz.run(Array(try Data(contentsOf: URL(fileURLWithPath: file)))) }
        print("ran \(files.count) inputs through the Swift reader")
    }
}
#endif
