import Foundation
import LayoutEngine

/// UIKit's "Unable to simultaneously satisfy constraints." console output (AUTOLAYOUT.md §7),
/// read back into constraints: every description of the list, the one UIKit broke, the
/// superviews the `'|'` legends name, and what could not be read.

/// An item of a description: `UILabel:0x7fb5c8c0a0b0'Hello'`.
public struct LogItem: Hashable, Sendable {
    public var className: String
    /// Without the `0x`; empty when the log gives none.
    public var address: String
    public var label: String?
}

/// One constraint description.
public struct LogConstraint: Sendable {
    public var className: String
    public var address: String
    public var identifier: String?
    /// `h=--& v=--&` of an autoresizing constraint.
    public var accessory: String?
    public var first: LogItem
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    public var second: LogItem?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    /// An `NSContentSizeLayoutConstraint`'s `Hug:` and `CompressionResistance:`.
    public var contentPriorities: (hug: LayoutPriority, compression: LayoutPriority)?
    public var isActive = true
    /// The superview the `'|'` of the legend names.
    public var superview: LogItem?
    public var line: Int
    /// The description as logged.
    public var text: String
}

/// A log, read.
public struct ConsoleLog: Sendable {
    public var constraints: [LogConstraint] = []
    /// The index in `constraints` of the one UIKit broke ("Will attempt to recover by breaking").
    public var broken: Int?
    /// Lines that looked like constraint descriptions but could not be read, and why.
    public var skipped: [(line: Int, reason: String)] = []

    /// Constraint classes read besides every `…LayoutConstraint`.
    static let knownClasses: Set<String> = ["_UISystemBaselineConstraint", "_UILayoutSupportConstraint"]

    /// Reads every description in `text`: timestamps, process prefixes, quotes, commas and the
    /// list's parentheses around them are ignored, and a line may hold several descriptions (a
    /// log whose line breaks were lost).
    public static func read(_ text: String) -> ConsoleLog {
        var log = ConsoleLog()
        var brokenText: String?
        var expectBroken = false
        let marker = "Will attempt to recover by breaking constraint"
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            var brokenPart: Substring?
            if let range = line.range(of: marker) {
                brokenPart = line[range.upperBound...]
                line = line[..<range.lowerBound]
            }
            for description in descriptions(in: line) {
                if expectBroken {
                    brokenText = String(description)
                    expectBroken = false
                    continue
                }
                take(description, line: number + 1, into: &log)
            }
            if let brokenPart {
                if let first = descriptions(in: brokenPart).first { brokenText = String(first) } else { expectBroken = true }
            } else if expectBroken && !line.trimmingCharacters(in: .whitespaces).isEmpty && descriptions(in: line).isEmpty {
                expectBroken = false
            }
        }
        var brokenParser = brokenText.map { DescriptionParser($0, line: 0) }
        if let constraint = try? brokenParser?.parse() {
            log.broken = log.constraints.firstIndex { $0.address == constraint.address }
        }
        return log
    }

    /// The descriptions on a line: each starts at `<Class:0x` or `<Class:<private>` and runs to
    /// the last `>` before the next start (bodies hold `<=` and `>=`, so brackets do not nest).
    static func descriptions(in line: Substring) -> [Substring] {
        var starts: [String.Index] = []
        var index = line.startIndex
        while let open = line[index...].firstIndex(of: "<") {
            let name = line[line.index(after: open)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }
            let after = line[name.endIndex...]
            if !name.isEmpty && (after.hasPrefix(":0x") || after.hasPrefix(":<private>")) { starts.append(open) }
            index = line.index(after: open)
        }
        var result: [Substring] = []
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : line.endIndex
            let segment = line[start..<end]
            if let close = segment.lastIndex(of: ">"), close > segment.index(after: segment.startIndex) {
                result.append(segment[...close])
            } else {
                result.append(segment)  // cut off: no closing bracket
            }
        }
        return result
    }

    private static func take(_ description: Substring, line number: Int, into log: inout ConsoleLog) {
        let head = description.dropFirst().prefix { $0 != " " && $0 != ">" }
        let constraintClass = String(head.prefix { $0 != ":" })
        guard description.hasSuffix(">") else {
            log.skipped.append((number, "the description is cut off"))
            return
        }
        if !ConsoleLog.knownClasses.contains(constraintClass) && !constraintClass.hasSuffix("LayoutConstraint") {
            // Views and other objects print as `<UIView: 0x…; frame = …>` (with a space) and are
            // not matched; this is an object of another class with a pointer.
            if constraintClass.hasSuffix("Constraint") { log.skipped.append((number, "unknown constraint class \(constraintClass)")) }
            return
        }
        if description.contains("<private>") {
            log.skipped.append((number, "redacted (<private>)"))
            return
        }
        do {
            var parser = DescriptionParser(String(description), line: number)
            var constraint = try parser.parse()
            constraint.line = number
            // Listed twice (the broken one, or a log pasted twice): keep the first.
            if log.constraints.contains(where: { $0.address == constraint.address && !$0.address.isEmpty }) { return }
            log.constraints.append(constraint)
        } catch let error as LogError {
            log.skipped.append((number, error.reason))
        } catch {
            log.skipped.append((number, "\(error)"))
        }
    }
}
