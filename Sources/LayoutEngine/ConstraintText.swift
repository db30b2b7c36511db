/// Constraint descriptions in the shell's own syntax, which the shell reads back:
/// `title.leading == root.leading + 8`, `a.width == 0.5 * b.width @750`.
extension Hierarchy {
    /// With `exact`, numbers are written so that reading them back gives the same Double
    /// (`save` needs that; the display rounds to six decimals).
    public func text(of constraint: LayoutConstraint, exact: Bool = false) -> String {
        func number(_ value: Double) -> String { exact ? exactNumber(value) : formatNumber(value) }
        // The pieces (short strings, most of them stored inline) are copied into a string made
        // once at its length: `joined` over an array of them, or appending piece by piece to a
        // string that grows, cost twice as much (a page lists 50,000 constraints).
        var right = ""
        var constant = ""
        if let second = constraint.second {
            right = describe(second)
            if constraint.multiplier != 1 { right = number(constraint.multiplier) + " * " + right }
            if constraint.constant != 0 {
                constant = (constraint.constant < 0 ? " - " : " + ") + number(abs(constraint.constant))
            }
        } else {
            right = number(constraint.constant)
        }
        let priority = constraint.isRequired ? "" : " @" + constraint.priority.description
        return concatenate(describe(constraint.first), " ", constraint.relation.description, " ", right, constant, priority)
    }
}

/// The pieces one after another in a string made at its full length.
func concatenate(_ pieces: String...) -> String {
    let length = pieces.reduce(0) { $0 + $1.utf8.count }
    return String(unsafeUninitializedCapacity: length) { buffer in
        var written = 0
        for var piece in pieces {
            piece.withUTF8 { utf8 in
                guard let start = utf8.baseAddress else { return }
                (buffer.baseAddress! + written).initialize(from: start, count: utf8.count)
                written += utf8.count
            }
        }
        return written
    }
}

/// A number as `formatNumber` writes it when that reads back exactly, else in full.
public func exactNumber(_ value: Double) -> String {
    let short = formatNumber(value)
    return Double(short) == value ? short : "\(value)"
}

extension String {
    /// The text with control characters made visible (`\u{1B}`, `\u{0}`), so that a name or a
    /// label's text typed with them cannot move the terminal's cursor, end a C string early or
    /// hide part of a message. Line breaks and tabs are controls too, and so are the invisible
    /// characters that hide or reorder what the terminal shows: a byte-order mark, a zero-width
    /// space, bidirectional marks, overrides and isolates, line and paragraph separators (the
    /// joiners that emoji and scripts need are kept).
    public var visible: String {
        guard unicodeScalars.contains(where: { Self.isHidden($0.value) }) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if Self.isHidden(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isHidden(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x200B || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2060...0x2064).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0xFEFF
    }
}
