import LayoutEngine

/// A document (SVG, HTML, JSON inside it) built as UTF-8 bytes: appending a byte array is a
/// copy, where appending to a `String` checks and updates its counts and flags each time, and
/// interpolation makes a string for every piece. A page of 10,000 views is ~20 MB of small pieces
/// (two million appends), so the bytes are kept in a buffer of its own: an array's append checks
/// that it is unique and goes through its generic copy each time. Not copyable: the buffer has
/// one owner, freed with it. A finished document is written out from its buffer
/// (`withBytes`), not made into an array first, which would copy it once more.
public struct Markup: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    public init(capacity: Int = 0) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// How many bytes were written.
    public var byteCount: Int { count }

    /// Calls `body` with the bytes written, in place.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The document as a string (one validation pass; every piece appended was valid UTF-8).
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let start = piece.baseAddress, piece.count > 0 else { return }
        reserve(piece.count)
        (base + count).initialize(from: start, count: piece.count)
        count += piece.count
    }

    /// Markup known when the program was built: every string literal given to `add` comes
    /// here, its bytes copied from the program's image (through `add(_: String)`, each
    /// small piece of a page would be a string made and freed).
    public mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Markup as it is (tags, attribute names, text known to need no escaping). Disfavoured,
    /// so that a literal goes to `add(_: StaticString)`.
    @_disfavoredOverload
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
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
                append(UnsafeBufferPointer(rebasing: utf8[start..<k]))
                add(entity)
                start = k + 1
            }
            append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// A JSON string literal, what `JSONString.quoted(_:forScript:)` returns (with the same
    /// default): quotes, backslashes and control characters escaped, and for a script (the
    /// page's data) `<`, `>`, `&`, U+2028 and U+2029 as `\\u` escapes too.
    public mutating func add(json text: String, forScript: Bool = false) {
        var text = text
        append(0x22)
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
                case 0x3C where forScript: escape = "\\u003c"
                case 0x3E where forScript: escape = "\\u003e"
                case 0x26 where forScript: escape = "\\u0026"
                case ..<0x20: escape = nil
                case 0xE2 where forScript && k + 2 < utf8.count && utf8[k + 1] == 0x80 && (utf8[k + 2] == 0xA8 || utf8[k + 2] == 0xA9):
                    escape = utf8[k + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default:
                    k += 1
                    continue
                }
                append(UnsafeBufferPointer(rebasing: utf8[start..<k]))
                if let escape {
                    add(escape)
                } else {
                    // \u00XX for the other control characters.
                    func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
                    add("\\u00")
                    append(hex(byte >> 4))
                    append(hex(byte & 15))
                }
                k += width
                start = k
            }
            append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        append(0x22)
    }

    /// A coordinate as `SVGPicture.number` writes it: at most two decimals, clamped to ±1e7,
    /// non-finite values as 0, no trailing zeros, `-0` as `0`.
    mutating func add(number value: Double) {
        guard value.isFinite else { append(0x30); return }
        let clamped = min(max(value, -1e7), 1e7)
        // Hundredths, exactly: |hundredths| ≤ 1e9.
        var hundredths = Int64((clamped * 100).rounded())
        if hundredths < 0 {
            append(0x2D)
            hundredths = -hundredths
        }
        add(digitsOf: hundredths / 100)
        let fraction = Int(hundredths % 100)
        if fraction != 0 {
            append(0x2E)
            append(0x30 + UInt8(fraction / 10))
            if fraction % 10 != 0 { append(0x30 + UInt8(fraction % 10)) }
        }
    }

    /// A non-negative integer in decimal, written in place from its last digit.
    mutating func add(digitsOf value: Int64) {
        var length = 1
        var power: Int64 = 10
        while length < 19 && value >= power {
            length += 1
            if length < 19 { power *= 10 }
        }
        reserve(length)
        // Unsigned, each digit made without a checked conversion: an SVG of 10,000 views has
        // half a million numbers.
        var rest = UInt64(value)
        var k = count + length - 1
        repeat {
            base[k] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            k -= 1
        } while rest > 0
        count += length
    }
}
