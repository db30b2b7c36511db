import LayoutEngine

/// A document (SVG, HTML, JSON inside it) built as UTF-8 bytes: appending a byte array is a
/// copy, where appending to a `String` checks and updates its counts and flags each time, and
/// interpolation makes a string for every piece. A page of 10,000 views is ~6 MB of small pieces.
struct Markup {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The document as a string (one validation pass; every piece appended was valid UTF-8).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Markup as it is (tags, attribute names, text known to need no escaping).
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// XML text or an attribute value: `& < > " '` as entities, control characters other than
    /// newline and tab (not allowed in XML 1.0) as spaces.
    mutating func add(escaped text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (k, byte) in utf8.enumerated() {
                let entity: StaticString
                switch byte {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                case 0x0A, 0x09: continue
                case ..<0x20: entity = " "
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<k]))
                entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
                start = k + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// A JSON string literal safe inside `<script>` (what `JSONString.quoted(_:forScript: true)`
    /// returns): quotes, backslashes and control characters escaped, and `<`, `>`, `&`, U+2028
    /// and U+2029 as `\\u` escapes.
    mutating func add(json text: String) {
        var text = text
        bytes.append(0x22)
        text.withUTF8 { utf8 in
            var start = 0
            var k = 0
            while k < utf8.count {
                let byte = utf8[k]
                let escape: StaticString?
                var width = 1
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x3C: escape = "\\u003c"
                case 0x3E: escape = "\\u003e"
                case 0x26: escape = "\\u0026"
                case ..<0x20: escape = nil
                case 0xE2 where k + 2 < utf8.count && utf8[k + 1] == 0x80 && (utf8[k + 2] == 0xA8 || utf8[k + 2] == 0xA9):
                    escape = utf8[k + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default:
                    k += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<k]))
                if let escape {
                    escape.withUTF8Buffer { bytes.append(contentsOf: $0) }
                } else {
                    // \u00XX for the other control characters.
                    func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex(byte >> 4), hex(byte & 15)])
                }
                k += width
                start = k
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(0x22)
    }

    /// A coordinate as `SVGPicture.number` writes it: at most two decimals, clamped to ±1e7,
    /// non-finite values as 0, no trailing zeros, `-0` as `0`.
    mutating func add(number value: Double) {
        guard value.isFinite else { bytes.append(0x30); return }
        let clamped = min(max(value, -1e7), 1e7)
        // Hundredths, exactly: |hundredths| ≤ 1e9.
        var hundredths = Int64((clamped * 100).rounded())
        if hundredths < 0 {
            bytes.append(0x2D)
            hundredths = -hundredths
        }
        add(digitsOf: hundredths / 100)
        let fraction = Int(hundredths % 100)
        if fraction != 0 {
            bytes.append(0x2E)
            bytes.append(0x30 + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(0x30 + UInt8(fraction % 10)) }
        }
    }

    /// A non-negative integer in decimal.
    mutating func add(digitsOf value: Int64) {
        if value < 10 {
            bytes.append(0x30 + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = 0x30 + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
