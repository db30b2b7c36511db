#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searches and trims on a log's text through its UTF-8 bytes. Foundation's `range(of:)`,
/// `contains`, `replacingOccurrences` and `trimmingCharacters(in:)` bridge each line to an
/// NSString and back: they were three fifths of reading a pasted log. The phrases searched for
/// are ASCII, and an ASCII byte of UTF-8 is always a whole scalar, so a match found in the bytes
/// starts and ends on scalar boundaries.
extension Substring {
    /// The first occurrence of `phrase` (ASCII), as indices of the text; with `ignoringCase`,
    /// an ASCII letter of the text matches the phrase's in either case (the phrase lowercase).
    func firstRange(ofPhrase phrase: String, ignoringCase: Bool = false) -> Range<Index>? {
        var phrase = phrase
        let offset = phrase.withUTF8 { needle in
            utf8.withContiguousStorageIfAvailable { Substring.offset(of: needle, in: $0, ignoringCase: ignoringCase) }
                ?? Array(utf8).withUnsafeBufferPointer { Substring.offset(of: needle, in: $0, ignoringCase: ignoringCase) }
        }
        guard let offset else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: phrase.utf8.count)
    }

    /// The offset of the first `needle` in `text` (0 for an empty needle). Places where it may
    /// start are found with libc's `memchr` (the first letter's two cases each, with
    /// `ignoringCase`), which skips the bytes between many at a time and, in a fuzzing build,
    /// without reporting each comparison.
    static func offset(of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>,
                       ignoringCase: Bool) -> Int? {
        guard let first = needle.first else { return 0 }
        guard text.count >= needle.count else { return nil }
        let lastStart = text.count - needle.count
        let capital: UInt8? = ignoringCase && first >= 0x61 && first <= 0x7A ? first - 0x20 : nil
        var next = offset(of: first, in: text, from: 0)
        var nextCapital = capital.flatMap { offset(of: $0, in: text, from: 0) }
        while true {
            let k: Int
            switch (next, nextCapital) {
            case (nil, nil): return nil
            case let (a?, nil): k = a
            case let (nil, b?): k = b
            case let (a?, b?): k = Swift.min(a, b)
            }
            if k > lastStart { return nil }
            if matches(needle, in: text, at: k, ignoringCase: ignoringCase) { return k }
            if k == next { next = offset(of: first, in: text, from: k + 1) } else { nextCapital = offset(of: capital!, in: text, from: k + 1) }
        }
    }

    /// Whether `needle` is in `text` at `start`, its first byte already found there.
    private static func matches(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, at start: Int,
                                ignoringCase: Bool) -> Bool {
        for j in 1..<needle.count {
            let byte = text[start + j]
            let folded = ignoringCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if folded != needle[j] { return false }
        }
        return true
    }

    /// The offset of the first `byte` at or after `start` in `text`.
    static func offset(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < text.count, let base = text.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), text.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the text holds `phrase` (ASCII; with `ignoringCase`, lowercase, matched in
    /// either case).
    func containsPhrase(_ phrase: String, ignoringCase: Bool = false) -> Bool {
        firstRange(ofPhrase: phrase, ignoringCase: ignoringCase) != nil
    }

    /// Whether the text holds the ASCII byte.
    func containsByte(_ byte: UInt8) -> Bool { firstIndex(ofByte: byte, from: startIndex) != nil }

    /// The first place at or after `start` where the ASCII byte is.
    func firstIndex(ofByte byte: UInt8, from start: Index) -> Index? {
        let bytes = utf8[start...]
        let offset = bytes.withContiguousStorageIfAvailable { Substring.offset(of: byte, in: $0, from: 0) }
        guard let offset else { return bytes.firstIndex(of: byte) }
        return offset.map { bytes.index(start, offsetBy: $0) }
    }

    /// The text without leading and trailing tabs and space separators (Unicode's Zs), what
    /// Foundation's `trimmingCharacters(in: .whitespaces)` takes off.
    func trimmingSpaces() -> Substring {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start != end && Self.isSpace(scalars[start]) { scalars.formIndex(after: &start) }
        while start != end {
            let last = scalars.index(before: end)
            guard Self.isSpace(scalars[last]) else { break }
            end = last
        }
        return self[start..<end]
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
    }

    /// Every occurrence of `phrase` (ASCII, not empty) replaced by `replacement`, left to right.
    func replacingPhrase(_ phrase: String, with replacement: String) -> String {
        precondition(!phrase.isEmpty, "an empty phrase is found everywhere")
        var result = ""
        var rest = self
        while let found = rest.firstRange(ofPhrase: phrase) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        result += rest
        return result
    }

    /// The number of times `phrase` (ASCII, not empty) occurs, not overlapping.
    func countOfPhrase(_ phrase: String) -> Int {
        precondition(!phrase.isEmpty, "an empty phrase is found everywhere")
        var count = 0
        var rest = self
        while let found = rest.firstRange(ofPhrase: phrase) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}

/// The same on a whole string (a substring of all of it shares its storage).
extension String {
    func firstRange(ofPhrase phrase: String) -> Range<Index>? { Substring(self).firstRange(ofPhrase: phrase) }
    func containsPhrase(_ phrase: String, ignoringCase: Bool = false) -> Bool {
        Substring(self).containsPhrase(phrase, ignoringCase: ignoringCase)
    }
    func containsByte(_ byte: UInt8) -> Bool { Substring(self).containsByte(byte) }
    func trimmingSpaces() -> Substring { Substring(self).trimmingSpaces() }
    func replacingPhrase(_ phrase: String, with replacement: String) -> String {
        Substring(self).replacingPhrase(phrase, with: replacement)
    }
}
