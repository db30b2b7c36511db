import Testing
import Foundation
@testable import Shell
import LayoutEngine

/// What a new user broke with files: writes go through links and never over a
/// device, a pipe or a directory, and say why they failed; a recording grows line by line;
/// arguments run in the order given; a script's `load` finds files beside it.
@Suite struct FileTests {
    func session() -> (Session, BufferSink) {
        let sink = BufferSink()
        return (Session(sink: sink), sink)
    }

    @Test func aSaveGoesThroughALinkToItsFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.strut", withDestinationPath: "target.strut")
        let (s, sink) = session()
        #expect(s.run(line: "new view a; save \(folder)/link.strut") == .succeeded)
        #expect(sink.errors == "")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.strut") == "target.strut")
        #expect(try String(contentsOfFile: folder + "/target.strut", encoding: .utf8).contains("new view a"))
    }

    @Test func noWriteReplacesADeviceAPipeOrADirectory() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe", 0o644) == 0)
        #expect(mkfifo(folder + "/pipe.svg", 0o644) == 0)
        let cases: [(String, String?)] = [
            ("save /dev/null", "error: cannot write '/dev/null': it is not a regular file\n"),
            ("record /dev/null", "error: cannot write '/dev/null': it is not a regular file\n"),
            ("export /dev/null", "error: cannot write '/dev/null': export writes a picture (FILE.svg) or a page (FILE.html)\n"),
            ("export \(folder)/pipe.svg", nil),
            ("save \(folder)/pipe", "error: cannot write '\(folder)/pipe': it is not a regular file\n"),
            ("save \(folder)", "error: cannot write '\(folder)': it is a directory\n"),
            ("record \(folder)/missing/r.strut", "error: cannot write '\(folder)/missing/r.strut': the folder '\(folder)/missing' does not exist\n"),
            ("save \(folder)/missing/s.strut", "error: cannot write '\(folder)/missing/s.strut': the folder '\(folder)/missing' does not exist\n"),
        ]
        for (line, message) in cases {
            let (s, sink) = session()
            #expect(s.run(line: line) == .failed, "\(line)")
            #expect(sink.errors == (message ?? "error: cannot write '\(folder)/pipe.svg': it is not a regular file\n"), "\(line)")
        }
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        #expect(stat(folder + "/pipe", &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func noReadTakesADeviceOrAPipe() throws {
        // /dev/zero never ends and a pipe may never be written: both were "permission denied".
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe.strut", 0o644) == 0)
        #expect(mkfifo(folder + "/pipe.log", 0o644) == 0)
        for line in ["load /dev/zero", "load \(folder)/pipe.strut", "import \(folder)/pipe.log", "lesson \(folder)/pipe.strut"] {
            let (s, sink) = session()
            #expect(s.run(line: line) == .failed, "\(line)")
            let file = line.split(separator: " ")[1]
            #expect(sink.errors == "error: cannot read '\(file)': it is not a regular file\n", "\(line)")
        }
        let run = try runStrut(["/dev/zero"])
        #expect(run.status == 2)
        #expect(run.errors == "strut: cannot read '/dev/zero': it is not a regular file\n")
    }

    @Test func aFileInUTF16OrLatin1IsNamedAsSuch() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = "new view a\r\n"
        try Data([0xFF, 0xFE] + script.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: folder + "/le.strut"))
        try Data([0xFE, 0xFF] + script.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).write(to: URL(fileURLWithPath: folder + "/be.log"))
        try Data([0x6E, 0x65, 0x77, 0x20, 0x76, 0x69, 0x65, 0x77, 0x20, 0x63, 0x61, 0x66, 0xE9]).write(to: URL(fileURLWithPath: folder + "/latin1.strut"))
        let cases = [("load \(folder)/le.strut", "le.strut': it is UTF-16 text; save it as UTF-8"),
                     ("import \(folder)/be.log", "be.log': it is UTF-16 text; save it as UTF-8"),
                     ("load \(folder)/latin1.strut", "latin1.strut': it is not UTF-8 text")]
        for (line, message) in cases {
            let (s, sink) = session()
            #expect(s.run(line: line) == .failed, "\(line)")
            #expect(sink.errors == "error: cannot read '\(folder)/\(message)\n", "\(line)")
        }
    }

    @Test func aRecordingGrowsByALineAndLosesOneOnUndo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/r.strut"
        let (s, _) = session()
        #expect(s.run(line: "record \(file); new view a; new view b") == .succeeded)
        // Written by appending: a line put at the end by someone else stays.
        try FileHandle(forWritingAtPath: file).map { handle in
            handle.seekToEndOfFile()
            handle.write(Data("# mark\n".utf8))
            handle.closeFile()
        }
        #expect(s.run(line: "new view c") == .succeeded)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new view a\nnew view b\n# mark\nnew view c\n")
        // An undo takes its line back: the recording is written again.
        #expect(s.run(line: "undo; new view d; undo; redo") == .succeeded)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new view a\nnew view b\nnew view d\n")
    }

    @Test func argumentsRunInTheOrderGiven() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "new view a\n".write(toFile: folder + "/setup.strut", atomically: true, encoding: .utf8)
        let after = try runStrut(["setup.strut", "-c", "constraints a; new view b"], directory: folder)
        #expect(after.status == 0)
        #expect(after.errors == "")
        let before = try runStrut(["-c", "new view a", "setup.strut"], directory: folder)
        #expect(before.status == 1)
        #expect(before.errors == "setup.strut:1: error: a view named 'a' already exists; pick another name\n")
    }

    @Test func standardInputIsAScriptToo() throws {
        // Piped with a byte-order mark: "unexpected character '\u{FEFF}'"; `-` among the files
        // was "cannot read '-': no such file".
        let piped = try runStrut([], stdin: "\u{FEFF}new view a\r\nnew view b\r\nshow b\r\n")
        #expect(piped.errors == "")
        #expect(piped.output.hasSuffix("b view (0, 0, 0, 0) AMBIGUOUS(x, y, width, height)\n"))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "new view a\n".write(toFile: folder + "/setup.strut", atomically: true, encoding: .utf8)
        let dash = try runStrut(["setup.strut", "-", "-c", "constraints b"], stdin: "\u{FEFF}new view b in a\nb.width == 3\n", directory: folder)
        #expect(dash.errors == "")
        #expect(dash.status == 0)
        #expect(dash.output.hasSuffix("c1  b.width == 3  [priority 1000, user, satisfied]\n"))
        let failing = try runStrut(["-"], stdin: "new view a\nnew view a\n")
        #expect(failing.status == 1)
        #expect(failing.errors == "<stdin>:2: error: a view named 'a' already exists; pick another name\n")
    }

    @Test func aCommandStringTakesLinesAsAScriptDoes() throws {
        // As `sh -c` does: a line feed was "unexpected character '\u{A}'" and nothing ran.
        let run = try runStrut(["-c", "new view a\nnew view b; b.width == 4\r\nlayout\nshow b\n", "-c", ""])
        #expect(run.errors == "")
        #expect(run.status == 0)
        #expect(run.output == "b view (0, 0, 4, 0) AMBIGUOUS(x, y, height)\n")
        let failed = try runStrut(["-c", "new view a\nnew view a\nnew view c"])
        #expect(failed.status == 1)
        #expect(failed.errors == "error: a view named 'a' already exists; pick another name\n")
    }

    @Test func aScriptsLoadFindsTheFileBesideTheScript() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try "load inner.strut\n".write(toFile: folder + "/sub/outer.strut", atomically: true, encoding: .utf8)
        try "new view z\n".write(toFile: folder + "/sub/inner.strut", atomically: true, encoding: .utf8)
        // From the command line, from a load, and (the old way) from the current folder.
        try "load sub/inner.strut\n".write(toFile: folder + "/sub/old.strut", atomically: true, encoding: .utf8)
        for arguments in [["sub/outer.strut", "-c", "constraints z"], ["-c", "load sub/outer.strut; constraints z"],
                          ["-c", "load sub/old.strut; constraints z"]] {
            let run = try runStrut(arguments, directory: folder)
            #expect(run.errors == "", "\(arguments)")
            #expect(run.status == 0, "\(arguments)")
        }
        try "load nowhere.strut\n".write(toFile: folder + "/sub/bad.strut", atomically: true, encoding: .utf8)
        let bad = try runStrut(["-c", "load sub/bad.strut"], directory: folder)
        #expect(bad.errors == "sub/bad.strut:1: error: cannot read 'sub/nowhere.strut': no such file\n")
    }

    /// `save` to a name of one non-ASCII character crashed
    /// the shell inside Foundation (`deletingLastPathComponent` traps on it).
    @Test func filesNamedByOneNonASCIICharacterAreWrittenAndRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try runStrut(["-c", "new view a; save é; record ü; new view b; load é"], directory: folder)
        #expect(run.errors == "é:2: error: a view named 'a' already exists; pick another name\n")
        #expect(run.status == 1)
        #expect(try String(contentsOfFile: folder + "/é", encoding: .utf8).contains("new view a"))
        #expect(try String(contentsOfFile: folder + "/ü", encoding: .utf8) == "new view b\n")
        // A script of that name, run from the command line, loads its neighbours beside it.
        try "new view z\n".write(toFile: folder + "/ö", atomically: true, encoding: .utf8)
        let script = try runStrut(["ö", "-c", "constraints z"], directory: folder)
        #expect(script.errors == "")
        #expect(script.status == 0)
    }

    @Test func pathsSplitAsFoundationSplitsThem() {
        let cases: [(path: String, folder: String, name: String)] = [
            ("é", "", "é"), ("a", "", "a"), ("", "", ""), ("/", "/", "/"), ("/é", "/", "é"),
            ("a/b", "a", "b"), ("a/b/", "a", "b"), ("a//b", "a", "b"), ("/a/b/c.strut", "/a/b", "c.strut"),
            ("日本/語", "日本", "語"), ("é/", "", "é"),
        ]
        for (path, folder, name) in cases {
            #expect(PathName.folder(of: path) == folder, "\(path)")
            #expect(PathName.lastComponent(of: path) == name, "\(path)")
        }
        #expect(PathName.joined("", "x") == "x")
        #expect(PathName.joined("/", "x") == "/x")
        #expect(PathName.joined("a", "é") == "a/é")
    }

    @Test func aTildeFirstInABarePathIsTheHomeFolder() throws {
        #expect(PathName.expandingHome("~", home: "/home/ann") == "/home/ann")
        #expect(PathName.expandingHome("~/", home: "/home/ann") == "/home/ann/")
        #expect(PathName.expandingHome("~/a/b.strut", home: "/home/ann") == "/home/ann/a/b.strut")
        #expect(PathName.expandingHome("~/a", home: "/") == "/a")
        #expect(PathName.expandingHome("~bob/a", home: "/home/ann") == "~bob/a")
        #expect(PathName.expandingHome("a/~/b", home: "/home/ann") == "a/~/b")
        #expect(PathName.expandingHome("~/a", home: nil) == "~/a")
        #expect(PathName.expandingHome("~/a", home: "") == "~/a")
        // Through the executable: written, read and imported from the home folder; a quoted
        // path is taken as it is, as a shell takes it.
        let home = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let run = try runStrut(["-c", "new view a; a.width == 7; save ~/card.strut; reset; load ~/card.strut; layout; show a; export ~/card.svg; load \"~/card.strut\""],
                               directory: "/", environment: ["HOME": home])
        #expect(run.output.contains("a view (0, 0, 7, 0) AMBIGUOUS(x, y, height)\n"))
        #expect(run.output.contains("wrote \(home)/card.svg ("))
        #expect(run.errors == "error: cannot read '~/card.strut': no such file\n")
        #expect(FileManager.default.fileExists(atPath: home + "/card.strut"))
        // A lesson's file too (its argument was lexed first: "unexpected character '~'").
        try "#:# Mine\n#: From home.\nnew view v\n".write(toFile: home + "/mine.strut", atomically: true, encoding: .utf8)
        let lesson = try runStrut(["-c", "lesson ~/mine.strut"], directory: "/", environment: ["HOME": home])
        #expect(lesson.errors == "")
        #expect(lesson.output == "\n── Mine ──\nFrom home.\nstrut> new view v\n(end of the lesson; your session is as you left it: 'lesson \(home)/mine.strut keep' keeps the lesson's layout)\n")
    }
}

@Test func aScriptsByteOrderMarkIsIgnoredAndControlCharactersAreShownEscaped() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data([0xEF, 0xBB, 0xBF] + Array("new label t text=\"a\u{1B}[2Jb\"\nshow t\ntrace\n".utf8)).write(to: URL(fileURLWithPath: folder + "/bom.strut"))
    let run = try runStrut(["bom.strut"], directory: folder)
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(!run.output.contains("\u{1B}"))
    #expect(run.output.contains("t label \"a\\u{1B}[2Jb\" (0, 0, 0, 0) AMBIGUOUS(x, y)"))
    #expect(run.output.contains("*UILabel:0x7f8000000100'a\\u{1B}[2Jb'- AMBIGUOUS LAYOUT"))
    // A NUL in a script's line does not end the message that quotes it.
    try Data(Array("new view \u{0}x\n".utf8)).write(to: URL(fileURLWithPath: folder + "/nul.strut"))
    let nul = try runStrut(["nul.strut"], directory: folder)
    #expect(nul.errors == "nul.strut:1: error: unexpected character '\\u{0}' at column 10\n")
}

@Test func aScriptsLinesEndAtLineFeedsWithOrWithoutACarriageReturn() {
    #expect(Session.lines(of: "") == [])
    #expect(Session.lines(of: "\n") == [""])
    #expect(Session.lines(of: "a") == ["a"])
    #expect(Session.lines(of: "a\nb\n") == ["a", "b"])
    #expect(Session.lines(of: "a\n\nb") == ["a", "", "b"])
    #expect(Session.lines(of: "a\r\nb\r\n\r\n") == ["a", "b", ""])
    #expect(Session.lines(of: "a\r\r\nb\rc") == ["a\r", "b\rc"])  // only the CR of a CR LF goes
    #expect(Session.lines(of: "\r\n") == [""])
    #expect(Session.lines(of: "é\n\u{301}x\n😀") == ["é", "\u{301}x", "😀"])  // at the byte, as standard input is read
}

@Test func aScriptSavedOnWindowsRunsLoadsAndTeaches() throws {
    // Split as Characters, CR LF was one and the whole file one line: "unexpected character
    // '\u{D}\u{A}' at column 11" and nothing ran.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = "# made on Windows\r\nnew view a\r\na.width == 10; a.height == 5\r\nlayout\r\nexpect a.width == 10\r\n"
    try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/windows.strut"))
    let run = try runStrut(["windows.strut", "-c", "show a"], directory: folder)
    #expect(run.errors == "")
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("a view (0, 0, 10, 5) AMBIGUOUS(x, y)\n"))
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "load \(folder)/windows.strut") == .succeeded)
    #expect(session.engine.hierarchy.view(named: "a")?.frame.width == 10)
    #expect(sink.errors == "")
    try Data("#:# Crlf\r\n#: A view.\r\nnew view v\r\nexpect v.width == 0\r\n#: Done.\r\n".utf8).write(to: URL(fileURLWithPath: folder + "/lesson.strut"))
    let taught = BufferSink()
    #expect(Session(sink: taught).run(line: "lesson \(folder)/lesson.strut") == .succeeded)
    #expect(taught.output == "\n── Crlf ──\nA view.\nstrut> new view v\nDone.\n(end of the lesson; your session is as you left it: 'lesson \(folder)/lesson.strut keep' keeps the lesson's layout)\n")
    #expect(taught.errors == "")
}

@Test func showAndTraceWalkADeepHierarchyWithoutRecursion() throws {
    // 3,000 deep: a recursive walk overflows a test thread's stack well before this.
    let sink = BufferSink()
    let session = Session(sink: sink)
    try session.engine.addView(kind: .view, name: "v0", parent: "root")
    for k in 1..<3_000 { try session.engine.addView(kind: .view, name: "v\(k)", parent: "v\(k - 1)") }
    #expect(session.run(line: "show v2997") == .succeeded)
    #expect(sink.output.hasSuffix("""
        v2997 view (0, 0, 0, 0) AMBIGUOUS(x, y, width, height)
          v2998 view (0, 0, 0, 0) AMBIGUOUS(x, y, width, height)
            v2999 view (0, 0, 0, 0) AMBIGUOUS(x, y, width, height)

        """))
    #expect(session.run(line: "trace") == .succeeded)
    let last = try #require(sink.output.split(separator: "\n").last)
    #expect(last.hasPrefix(String(repeating: "|   ", count: 3_000) + "*UIView:"))
}

/// A document laid out at its own size is laid out when it is read: what the import says is
/// what `frame` and `draw` show, without a `layout` first.
@Test func aDocumentImportedAtItsSizeIsLaidOut() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "import \(repositoryRoot.path)/Examples/profile.xib") == .succeeded)
    #expect(sink.output.contains("laid out at the document's size, 375 x 200"))
    let before = sink.output.count
    #expect(session.run(line: "frame avatar; frame bio") == .succeeded)
    #expect(String(sink.output.dropFirst(before)) == "avatar (131.5, 0, 80, 80)\nbio (145.5, 120, 52, 18)\n")
}

/// `with measured text`: labels sized by strut's measure of their text, not Xcode's frames
/// (Analyst at 15 points: 7 × 7.5 = 52.5 where Xcode stored 52; frames on the document's 2× grid); a console log refuses it.
@Test func aDocumentImportedWithMeasuredTextSizesItsLabelsByTheMeasure() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "import \(repositoryRoot.path)/Examples/profile.xib with measured text") == .succeeded)
    #expect(sink.output.contains("content sizes from the document's frames: avatar: width 80, height 80\n"))
    let before = sink.output.count
    #expect(session.run(line: "frame bio") == .succeeded)
    #expect(String(sink.output.dropFirst(before)) == "bio (146.5, 120, 50.5, 18)\n")
    #expect(session.run(line: "import \(repositoryRoot.path)/Examples/encapsulated-height.txt with measured text") == .failed)
    #expect(sink.errors.hasSuffix("'with measured text' is for Interface Builder documents\n"))
}

/// The measured labels beside the frames Xcode stored: which land within half a point once
/// laid out at the document's size, and each that does not with both frames.
@Test func aDocumentImportedWithMeasuredTextIsComparedWithXcodesFrames() throws {
    let sink = BufferSink()
    let session = Session(sink: sink)
    #expect(session.run(line: "import \(repositoryRoot.path)/Examples/profile.xib with measured text") == .succeeded)
    #expect(sink.output.contains("\nmeasured text of 2 labels and buttons: 0 on Xcode's frame; off it: "
        + "name 110.5 88 122 24 (Xcode 111.5 88 120 24); bio 146.5 120 50.5 18 (Xcode 145.5 120 52 18)\n"))
    // Not laid out at the document's size (root had a view): nothing to compare.
    #expect(session.run(line: "import \(repositoryRoot.path)/Examples/reminder.xib with measured text") == .succeeded)
    #expect(sink.output.hasSuffix("measured text of 3 labels and buttons: not compared with Xcode's frames, as root keeps its size (imported into an empty session, they are)\n"))
    // Without the option nothing is measured, so nothing is compared.
    let fresh = BufferSink()
    #expect(Session(sink: fresh).run(line: "import \(repositoryRoot.path)/Examples/profile.xib") == .succeeded)
    #expect(!fresh.output.contains("measured text"))
}

/// A quoted file name (one with spaces) takes the options after its closing quote; any other
/// word there is refused with its column, and nothing is imported.
@Test func aQuotedFileNameTakesItsOptionsAfterTheQuote() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strut quoted \(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("My Profile.xib")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Examples/profile.xib"), to: copy)
    let sink = BufferSink()
    let session = Session(sink: sink)
    let quoted = "\"\(copy.path)\""
    #expect(session.run(line: "import \(quoted) with measured text") == .succeeded)
    #expect(sink.output.hasPrefix("imported My Profile.xib: 5 views and guides"))
    #expect(sink.output.contains("measured text of 2 labels and buttons: 0 on Xcode's frame"))
    let views = session.engine.hierarchy.allViews.count
    let column = "import ".count + quoted.count + 2
    #expect(session.run(line: "import \(quoted) with measured") == .failed)
    #expect(sink.errors.hasSuffix("error: unexpected 'with' at column \(column); usage: \(try #require(Commands.find("import")).usage)\n"))
    #expect(session.run(line: "import \(quoted) with pictures") == .failed)
    #expect(sink.errors.hasSuffix("error: unexpected 'pictures' at column \(column + 5); usage: \(try #require(Commands.find("import")).usage)\n"))
    #expect(session.engine.hierarchy.allViews.count == views)
    // A quoted name with placeholders, and with a type for layout code, read the same way.
    let other = BufferSink()
    let reset = Session(sink: other)
    #expect(reset.run(line: "import \(quoted) with placeholders") == .succeeded)
    #expect(other.output.hasPrefix("imported My Profile.xib: 5 views and guides"))
    // `type NAME` is read after the quote too (here refused: a document is no layout code).
    #expect(reset.run(line: "import \(quoted) type ProfileHeader") == .failed)
    #expect(other.errors.hasSuffix("My Profile.xib': 'type NAME' is for layout code (.swift, .m or a folder of it)\n"), "\(other.errors)")
}
