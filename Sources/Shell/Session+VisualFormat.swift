import Foundation
import LayoutEngine
import VisualFormat

/// `[NAME:] H:|-[a]-[b]-| [options: alignAllCenterY ...] [metrics: gap=8 ...]`.
extension Session {
    static let visualFormatUsage = "[NAME:] H:FORMAT|V:FORMAT [options: OPTION...] [metrics: NAME=VALUE...]"

    func addVisualFormat(_ statement: String) throws {
        var text = Substring(statement)
        var name: String?
        let word = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if !(word == "H" || word == "V") || text.dropFirst(word.count).first != ":" {
            // `NAME: H:...`
            name = String(word)
            text = text.dropFirst(word.count).drop { $0 == " " }.dropFirst().drop { $0 == " " }
        }
        // The format runs to ` options:` or ` metrics:`; a blank inside it goes to the parser,
        // which refuses it as UIKit does.
        let whole = String(text)
        var cut = whole.endIndex
        for keyword in [" options:", " metrics:"] {
            if let range = whole.range(of: keyword), range.lowerBound < cut { cut = range.lowerBound }
        }
        let format = String(whole[..<cut]).trimmingWhitespace()
        let rest = String(whole[cut...]).trimmingWhitespace()
        var options: VisualFormatOptions = []
        var metrics: [String: Double] = [:]
        var c = Cursor(try Lexer.tokens(rest, columnOffset: statement.count - rest.count), usage: Session.visualFormatUsage)
        var section = ""
        while !c.atEnd {
            if let word = c.peek?.name, c.peek(1)?.isSymbol(":") == true, word == "options" || word == "metrics" {
                section = word
                c.position += 2
                continue
            }
            switch section {
            case "options":
                let option = try c.name("an option")
                guard let value = VisualFormatOptions.names.first(where: { $0.0 == option })?.1 else {
                    throw ShellError.syntax("unknown option '\(option)'"
                        + didYouMean(closestMatch(to: option, in: VisualFormatOptions.names.map(\.0))), usage: nil)
                }
                options.insert(value)
                _ = c.accept(",")
            case "metrics":
                let metric = try c.name("a metric name")
                try c.expect("=", "'=' after '\(metric)'")
                metrics[metric] = try c.number("a value for '\(metric)'")
                _ = c.accept(",")
            default:
                throw c.fail("'options:' or 'metrics:' after the format")
            }
        }
        let hierarchy = h
        let parser = VisualFormatParser(
            format: format, options: options, metrics: metrics, views: Set(hierarchy.viewNames),
            superview: { view in hierarchy.view(named: view)?.parent.map { hierarchy.view($0).name } })
        var specs: [ConstraintSpec]
        do {
            specs = try parser.constraints()
        } catch let error as VisualFormatError {
            throw ShellError.visualFormat(error)
        }
        guard !specs.isEmpty else { throw ShellError.syntax("'\(format)' makes no constraints", usage: Session.visualFormatUsage) }
        if let name {
            for k in specs.indices { specs[k].name = "\(name).\(k + 1)" }
        }
        let names = try engine.addConstraints(specs)
        let width = names.map(\.count).max() ?? 0
        print(names.map { created in
            created.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + h.text(of: h.constraint(named: created)!)
        }.joined(separator: "\n"))
    }
}
