import Foundation
import LayoutEngine
import Pictures

/// `strut check FILE…`: each file laid out on every configuration asked (device, orientation,
/// content size category, layout direction); conflicts, ambiguous views, views outside their
/// superview and truncated text found, each said once with the configurations it occurs in and
/// the line that made it. Exit status 0 when nothing is found, 1 when something is, 2 when an
/// input cannot be read or the options are wrong.
public struct LayoutCheck {
    public struct Options: Equatable {
        public var files: [String] = []
        public var devices: [String] = Device.all.map(\.name)
        public var orientations: [Orientation] = [.portrait, .landscape]
        public var contentSizes: [ContentSizeCategory] = [.large]
        public var directions: [LayoutDirection] = [.leftToRight]
        public var format = "text"
        public var baseline: String?
    }

    /// One configuration: `iPhone 15 portrait large leftToRight`.
    public struct Configuration: Hashable {
        public var device: String
        public var orientation: Orientation
        public var contentSize: ContentSizeCategory
        public var direction: LayoutDirection
        public var label: String { "\(device) \(orientation.rawValue) \(contentSize.rawValue) \(direction.rawValue)" }
    }

    /// What was found, where it was made, and where it happens.
    public struct Finding {
        public var file: String
        public var line: Int?
        public var column: Int?
        /// conflict, ambiguous, outside, truncated
        public var kind: String
        /// The constraint's or view's name.
        public var subject: String
        public var message: String
        public var configurations: [String]
        public var baselined = false
        var key: String { "\(file)\u{1}\(kind)\u{1}\(subject)" }
    }

    public var options: Options
    public private(set) var findings: [Finding] = []
    /// Inputs that could not be read: `FILE: why`.
    public private(set) var errors: [String] = []

    public init(options: Options) { self.options = options }

    public static let usage = """
        usage: strut check FILE... [--devices all|NAME,...] [--orientations portrait,landscape]
                           [--content-sizes C,...|all] [--layout-directions leftToRight,rightToLeft]
                           [--format text|json|junit|github] [--baseline FILE.json]
        """

    /// The options of `strut check`'s arguments (those after `check`).
    public static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var k = 0
        func value(_ flag: String) throws -> [String] {
            k += 1
            guard k < arguments.count else { throw CheckError("\(flag) needs a value") }
            return arguments[k].split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        func each<T>(_ flag: String, _ words: [String], all: [T], _ make: (String) -> T?) throws -> [T] {
            if words == ["all"] { return all }
            return try words.map { word in
                guard let made = make(word) else { throw CheckError("\(flag): unknown value '\(word)'") }
                return made
            }
        }
        while k < arguments.count {
            let argument = arguments[k]
            switch argument {
            case "--devices":
                let words = try value(argument)
                options.devices = try words == ["all"] ? Device.all.map(\.name) : words.map { word in
                    guard let device = Device.named(word) else {
                        throw CheckError("--devices: no device named '\(word)'; 'strut -c devices' lists them")
                    }
                    return device.name
                }
            case "--orientations":
                options.orientations = try each(argument, try value(argument), all: Orientation.allCases, Orientation.init(rawValue:))
            case "--content-sizes":
                options.contentSizes = try each(argument, try value(argument), all: ContentSizeCategory.allCases, ContentSizeCategory.init(rawValue:))
            case "--layout-directions":
                options.directions = try each(argument, try value(argument), all: LayoutDirection.allCases, LayoutDirection.init(rawValue:))
            case "--format":
                let words = try value(argument)
                guard words.count == 1, ["text", "json", "junit", "github"].contains(words[0]) else {
                    throw CheckError("--format is text, json, junit or github")
                }
                options.format = words[0]
            case "--baseline":
                k += 1
                guard k < arguments.count else { throw CheckError("--baseline needs a file") }
                options.baseline = arguments[k]
            default:
                guard !argument.hasPrefix("--") else { throw CheckError("unknown option '\(argument)'") }
                options.files.append(argument)
            }
            k += 1
        }
        guard !options.files.isEmpty else { throw CheckError("no file to check") }
        guard !options.devices.isEmpty, !options.orientations.isEmpty, !options.contentSizes.isEmpty, !options.directions.isEmpty else {
            throw CheckError("an empty list of configurations")
        }
        return options
    }

    public struct CheckError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public var configurations: [Configuration] {
        options.devices.flatMap { device in
            options.orientations.flatMap { orientation in
                options.contentSizes.flatMap { size in
                    options.directions.map { Configuration(device: device, orientation: orientation, contentSize: size, direction: $0) }
                }
            }
        }
    }

    /// Checks every file; returns the exit status.
    public mutating func run() -> Int32 {
        var accepted = Set<String>()
        if let baseline = options.baseline {
            do {
                accepted = try LayoutCheck.baselineKeys(baseline)
            } catch {
                errors.append("\(baseline): \(error)")
                return 2
            }
        }
        for file in options.files {
            do {
                let (session, sources) = try LayoutCheck.load(file)
                findings += check(session, file: file, sources: sources)
            } catch {
                errors.append("\(file): \(ErrorText.message(error))")
            }
        }
        for k in findings.indices where accepted.contains(findings[k].key) { findings[k].baselined = true }
        if !errors.isEmpty { return 2 }
        return findings.contains { !$0.baselined } ? 1 : 0
    }

    /// Where each view and constraint was made: `name → (line, column)`.
    typealias Sources = [String: (line: Int, column: Int)]

    /// The file in a session of its own, with where it made each view and constraint.
    static func load(_ file: String) throws -> (Session, Sources) {
        let session = Session(sink: BufferSink())
        let lowered = file.lowercased()
        if lowered.hasSuffix(".strut") {
            return (session, try runScript(file, in: session))
        }
        guard [".xib", ".storyboard", ".swift", ".m", ".mm"].contains(where: lowered.hasSuffix) else {
            throw CheckError("not a .strut script, a .xib or .storyboard document, or a .swift or .m file")
        }
        guard FileManager.default.fileExists(atPath: file) else { throw CheckError("no such file") }
        let sink = BufferSink()
        let importer = session.copy(sink: sink)
        guard importer.run(line: "import " + Session.quoted(file)) == .succeeded else {
            throw CheckError(sink.errors.split(separator: "\n").first.map { String($0.dropFirst("error: ".count)) } ?? "cannot be read")
        }
        var sources: Sources = [:]
        let code = importer.engine.hierarchy.codeSources
        for (name, place) in code.views { sources[name] = (place.line, place.column) }
        for (name, place) in code.constraints { sources[name] = (place.line, place.column) }
        for (name, line) in importer.documentLines { sources[name] = (line, 1) }
        return (importer, sources)
    }

    /// A script run statement by statement (its `expect` lines left out: they check the
    /// script's own screen), noting the line and column where each view and constraint was made.
    static func runScript(_ file: String, in session: Session) throws -> Sources {
        let lines = Session.lines(of: try Session.readScript(file))
        session.running.scriptFolders.append(PathName.folder(of: file))
        var sources: Sources = [:]
        // Views and constraints are appended to the hierarchy's lists: what a statement made is
        // past where the lists ended before it.
        var (views, constraints) = (session.engine.hierarchy.views.count, session.engine.hierarchy.constraints.count)
        for (k, line) in lines.enumerated() {
            var searchFrom = line.startIndex
            for statement in Lexer.statements(line) {
                let column: Int
                if let range = line.range(of: statement, range: searchFrom..<line.endIndex) {
                    column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                    searchFrom = range.upperBound
                } else {
                    column = 1
                }
                let word = statement.trimmingWhitespace().prefix { $0.isLetter }
                if word == "expect" { continue }
                let sink = session.sink as? BufferSink
                let before = sink?.errors.count ?? 0
                let outcome = session.run(line: statement, location: "\(file):\(k + 1)")
                // `quit` ends the script, as it ends a run.
                if outcome == .quit { return sources }
                guard outcome == .succeeded else {
                    // `FILE:LINE: error: what`, said as `line LINE: what`.
                    let first = sink.flatMap { $0.errors.dropFirst(before).split(separator: "\n").first }.map(String.init) ?? "failed"
                    throw CheckError("line \(k + 1): " + (first.range(of: "error: ").map { String(first[$0.upperBound...]) } ?? first))
                }
                let h = session.engine.hierarchy
                for id in min(views, h.views.count)..<h.views.count { if let view = h.views[id] { sources[view.name] = (k + 1, column) } }
                for id in min(constraints, h.constraints.count)..<h.constraints.count {
                    if let constraint = h.constraints[id] { sources[constraint.name] = (k + 1, column) }
                }
                (views, constraints) = (h.views.count, h.constraints.count)
            }
        }
        return sources
    }

    /// The findings of one file over every configuration, each once.
    func check(_ loaded: Session, file: String, sources: Sources) -> [Finding] {
        var found: [Finding] = []
        var index: [String: Int] = [:]
        for configuration in configurations {
            let session = loaded.copy(sink: BufferSink())
            session.run(line: "set device = \"\(configuration.device)\"; set orientation = \(configuration.orientation.rawValue); "
                        + "set contentSizeCategory = \(configuration.contentSize.rawValue); set layoutDirection = \(configuration.direction.rawValue); layout")
            for (kind, subject, message) in LayoutCheck.problems(in: session.engine) {
                // A constraint UIKit makes for a view (`row.spacing.1`, `card.hugging.h`) is
                // where its view was made.
                let place = sources[subject] ?? sources[String(subject.prefix { $0 != "." })]
                var finding = Finding(file: file, line: place?.line, column: place?.column, kind: kind, subject: subject,
                                      message: message, configurations: [configuration.label])
                if let k = index[finding.key] {
                    found[k].configurations.append(configuration.label)
                } else {
                    index[finding.key] = found.count
                    finding.configurations = [configuration.label]
                    found.append(finding)
                }
            }
        }
        return found
    }

    /// What is wrong with a laid-out engine: `(kind, subject, message)`.
    static func problems(in engine: LayoutEngine) -> [(String, String, String)] {
        let h = engine.hierarchy
        var result: [(String, String, String)] = []
        for (ref, set) in engine.conflicts {
            guard let constraint = h.constraint(ref) else { continue }
            let others = set.filter { $0 != ref }.map(engine.name)
            let listed = DiagnosisText(engine: engine).listed(others)
            result.append(("conflict", constraint.name, "conflict: \(constraint.name) (\(h.text(of: constraint))) is broken: it cannot hold with \(listed)"))
        }
        for id in h.allViewIDs where id != Hierarchy.rootID && h.view(id).kind != .guide {
            let free = engine.freeComponents(of: id)
            guard !free.isEmpty else { continue }
            let name = h.view(id).name
            result.append(("ambiguous", name, "ambiguous: \(name) (\(free.map(\.rawValue).joined(separator: ", ")) not fixed)"))
        }
        for warning in engine.diagnostics.warnings() {
            switch warning {
            case let .outside(id, _):
                result.append(("outside", h.view(id).name, Commands.warningText(warning, in: h)))
            case let .truncated(id, _, _):
                result.append(("truncated", h.view(id).name, Commands.warningText(warning, in: h)))
            case .overlap:
                continue
            }
        }
        return result
    }

    /// The findings a previous `--format json` report lists: accepted, not failures.
    static func baselineKeys(_ file: String) throws -> Set<String> {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let findings = object["findings"] as? [[String: Any]] else {
            throw CheckError("not a report of 'strut check --format json'")
        }
        return Set(findings.compactMap { entry in
            guard let file = entry["file"] as? String, let kind = entry["kind"] as? String, let subject = entry["subject"] as? String else { return nil }
            return "\(file)\u{1}\(kind)\u{1}\(subject)"
        })
    }

    // MARK: - Reports

    /// `FILE:LINE:COLUMN` (or `FILE` when the line is not known).
    static func place(_ f: Finding) -> String {
        guard let line = f.line else { return f.file }
        return "\(f.file):\(line):\(f.column ?? 1)"
    }

    func whereText(_ f: Finding) -> String {
        f.configurations.count == configurations.count && configurations.count > 1 ? "on every configuration (\(configurations.count))"
            : "on " + (f.configurations.count <= 4 ? f.configurations.joined(separator: "; ")
                       : f.configurations.prefix(3).joined(separator: "; ") + "; and \(f.configurations.count - 3) more")
    }

    public func report() -> String {
        switch options.format {
        case "json": return jsonReport()
        case "junit": return junitReport()
        case "github": return githubReport()
        default: return textReport()
        }
    }

    func textReport() -> String {
        var lines = errors.map { "error: cannot check \($0)" }
        let shown = findings.filter { !$0.baselined }
        for f in shown { lines.append("\(LayoutCheck.place(f)): error: \(f.message), \(whereText(f))") }
        let accepted = findings.count - shown.count
        let summary = shown.isEmpty ? "no findings" : "\(shown.count) finding\(shown.count == 1 ? "" : "s")"
        lines.append("strut check: \(summary) in \(options.files.count) file\(options.files.count == 1 ? "" : "s") over \(configurations.count) configuration\(configurations.count == 1 ? "" : "s")"
                     + (accepted > 0 ? " (\(accepted) accepted by the baseline)" : ""))
        return lines.joined(separator: "\n") + "\n"
    }

    func githubReport() -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func property(_ text: String) -> String { escaped(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        var lines = errors.map { "::error title=strut check::\(escaped("cannot check " + $0))" }
        for f in findings where !f.baselined {
            var place = "file=\(property(f.file))"
            if let line = f.line { place += ",line=\(line),col=\(f.column ?? 1)" }
            lines.append("::error \(place),title=\(property("strut check: " + f.kind))::\(escaped(f.message + ", " + whereText(f)))")
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    func jsonReport() -> String {
        func quoted(_ text: String) -> String { JSONString.quoted(text) }
        var out = "{\n  \"version\": 1,\n  \"files\": [" + options.files.map(quoted).joined(separator: ", ") + "],\n"
        out += "  \"configurations\": [" + configurations.map { quoted($0.label) }.joined(separator: ", ") + "],\n"
        out += "  \"errors\": [" + errors.map(quoted).joined(separator: ", ") + "],\n"
        out += "  \"findings\": ["
        out += findings.map { f in
            var fields = ["\"file\": \(quoted(f.file))"]
            if let line = f.line { fields += ["\"line\": \(line)", "\"column\": \(f.column ?? 1)"] }
            fields += ["\"kind\": \(quoted(f.kind))", "\"subject\": \(quoted(f.subject))", "\"message\": \(quoted(f.message))",
                       "\"configurations\": [" + f.configurations.map(quoted).joined(separator: ", ") + "]",
                       "\"baselined\": \(f.baselined)"]
            return "\n    {" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ",")
        out += findings.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    func junitReport() -> String {
        func xml(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let configurations = self.configurations
        var suites: [String] = []
        var failures = 0
        for file in options.files {
            var cases: [String] = []
            var failed = 0
            if let error = errors.first(where: { $0.hasPrefix(file + ": ") }) {
                cases.append("    <testcase classname=\"\(xml(file))\" name=\"read\">\n      <error message=\"\(xml(error))\"/>\n    </testcase>")
            }
            for configuration in configurations {
                let here = findings.filter { $0.file == file && !$0.baselined && $0.configurations.contains(configuration.label) }
                var body = ""
                if !here.isEmpty {
                    failed += 1
                    let text = here.map { "\(LayoutCheck.place($0)): \($0.message)" }.joined(separator: "\n")
                    body = "\n      <failure message=\"\(xml(here[0].message))\" type=\"\(xml(here[0].kind))\">\(xml(text))</failure>\n    "
                }
                cases.append("    <testcase classname=\"\(xml(file))\" name=\"\(xml(configuration.label))\">\(body)</testcase>")
            }
            failures += failed
            let errorCount = errors.contains { $0.hasPrefix(file + ": ") } ? 1 : 0
            suites.append("  <testsuite name=\"\(xml(file))\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"\(errorCount)\">\n" + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"strut check\" tests=\"\(options.files.count * configurations.count)\" failures=\"\(failures)\" errors=\"\(errors.count)\">\n"
            + suites.joined(separator: "\n") + "\n</testsuites>\n"
    }
}
