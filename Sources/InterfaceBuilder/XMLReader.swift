import Foundation

/// Reads an XML document into an `XMLTree` in one pass over its bytes, checking that it is
/// well-formed as XML 1.0 has it (W3C XML 1.0, fifth edition: §2.1 documents, §2.4 character
/// data, §2.5 comments, §2.6 processing instructions, §2.7 CDATA, §3.1 tags, §4.1 references).
///
/// What Interface Builder documents need and no more: UTF-8 text, the five predefined
/// entities and character references; a document type declaration is passed over, and refused
/// when it has an internal subset (which may declare entities). Names are checked in ASCII; every other character is taken as a
/// name character. As libxml2 (under Foundation's `XMLParser`, which strut used before) does:
/// an element's line is the one its start tag ends on, and elements nest at most
/// `maximumDepth` levels below the document's element, so everything that reads the tree
/// recursively stays well inside the stack.
///
/// - Complexity: O(n) in the document's bytes.
struct XMLReader {
    static let maximumDepth = 256

    /// Reads a whole document.
    /// - Throws: `DocumentError` with the line and words for what is wrong: not XML, cut
    ///   short, a malformed tag, a closing tag for another element, an unknown entity.
    static func read(_ data: Data) throws -> XMLTree {
        // Strut reads what Xcode writes, UTF-8; a byte that is not is refused with its line
        // before anything is made a string.
        if let line = firstInvalidUTF8Line(data) {
            throw DocumentError(line: line, "not UTF-8 text (a byte that is not UTF-8 on this line)")
        }
        guard data.count < Int(Int32.max) else {
            throw DocumentError(line: 1, "the document is larger than 2 GB")
        }
        let bytes = [UInt8](data)
        let reader = try bytes.withUnsafeBufferPointer { bytes in
            var reader = XMLReader(bytes: bytes)
            try reader.readDocument()
            return reader
        }
        return XMLTree(bytes: bytes, elements: reader.elements, names: reader.names, attributes: reader.attributes, texts: reader.texts)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var elements: [XMLTree.Element] = []
    private var names: [String] = []
    private var attributes: [XMLTree.Attribute] = []
    private var texts: [XMLTree.TextPiece] = []
    /// The attribute names of the element being read, once it has `attributesComparedInTurn`.
    private var attributeNames: Set<[UInt8]> = []
    private static let attributesComparedInTurn = 16
    private var position = 0
    private var line: Int32 = 1
    /// The elements whose end tags are still to come, innermost last.
    private var open: [Int32] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        open.reserveCapacity(64)
    }

    // MARK: The document (§2.1: prolog, one element, then only comments and instructions)

    private mutating func readDocument() throws {
        // A UTF-8 byte-order mark.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        let start = position
        var sawDoctype = false
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "<"), position + 1 < bytes.count else {
                throw DocumentError(line: Int(line), "this is not XML (no element where the document should start)")
            }
            switch bytes[position + 1] {
            case UInt8(ascii: "?"): try readInstruction(atStart: position == start)
            case UInt8(ascii: "!") where starts(with: "<!--"): try readComment()
            case UInt8(ascii: "!") where starts(with: "<!DOCTYPE") && !sawDoctype:
                sawDoctype = true
                try skipDoctype()
            case UInt8(ascii: "!"): throw malformed("a '<!' that starts no comment")
            default:
                try readElements()
                return try readEnd()
            }
        }
    }

    /// After the document's element: white space, comments and processing instructions only.
    private mutating func readEnd() throws {
        while true {
            skipWhitespace()
            guard position < bytes.count else { return }
            if starts(with: "<?") {
                try readInstruction(atStart: false)
            } else if starts(with: "<!--") {
                try readComment()
            } else {
                throw malformed("something after the end of the document's element")
            }
        }
    }

    // MARK: Elements (§3.1) and content (§2.4)

    /// The document's element and everything in it, without recursion.
    private mutating func readElements() throws {
        try readStartTag()
        while let owner = open.last {
            let start = position
            var plain = true
            // Character data up to the next markup.
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "<") { break }
                switch byte {
                case 0x0A:
                    newLine()
                case 0x0D:
                    plain = false
                case UInt8(ascii: "&"):
                    plain = false
                    try checkReference()
                    continue
                case UInt8(ascii: "]") where starts(with: "]]>"):
                    throw malformed("']]>' outside a CDATA section")
                case 0..<0x20 where byte != 0x09:
                    throw forbidden(byte)
                default:
                    break
                }
                position += 1
            }
            if position > start {
                texts.append(XMLTree.TextPiece(owner: owner, start: Int32(start), end: Int32(position), cdata: false, plain: plain))
            }
            guard position + 1 < bytes.count else { throw truncated() }
            switch bytes[position + 1] {
            case UInt8(ascii: "/"): try readEndTag()
            case UInt8(ascii: "?"): try readInstruction(atStart: false)
            case UInt8(ascii: "!"):
                if starts(with: "<!--") {
                    try readComment()
                } else if starts(with: "<![CDATA[") {
                    try readCDATA(owner: owner)
                } else if bytes.count - position < 9 && "<![CDATA[".utf8.starts(with: bytes[position...]) || bytes.count - position < 4 && "<!--".utf8.starts(with: bytes[position...]) {
                    throw truncated()
                } else {
                    throw malformed("a '<!' that starts no comment or CDATA section")
                }
            default: try readStartTag()
            }
        }
    }

    /// `<name attribute="value" …>` or `<name … />`.
    private mutating func readStartTag() throws {
        position += 1
        guard let name = try readName() else { throw malformed("a '<' that starts no tag") }
        guard open.count <= Self.maximumDepth else {
            throw DocumentError(line: Int(line), "elements nested more than \(Self.maximumDepth) levels deep (no Interface Builder document nests so deep)")
        }
        let index = Int32(elements.count)
        let firstAttribute = Int32(attributes.count)
        var empty = false
        while true {
            let spaced = skipWhitespace()
            guard position < bytes.count else { throw truncated() }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            if bytes[position] == UInt8(ascii: "/") {
                guard position + 1 < bytes.count else { throw truncated() }
                guard bytes[position + 1] == UInt8(ascii: ">") else { throw malformed("a '/' in a tag not followed by '>'") }
                position += 2
                empty = true
                break
            }
            guard spaced else { throw malformed("a malformed tag or attribute") }
            try readAttribute(from: firstAttribute)
        }
        elements.append(XMLTree.Element(
            line: line, parent: open.last ?? -1, nameStart: Int32(name.lowerBound), nameEnd: Int32(name.upperBound),
            firstAttribute: firstAttribute, attributeCount: Int32(attributes.count) - firstAttribute,
            firstText: Int32(texts.count)))
        names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self))
        if empty {
            elements[Int(index)].end = Int32(position)
        } else {
            open.append(index)
        }
    }

    /// `name="value"` (or with single quotes), the value checked for markup and references.
    private mutating func readAttribute(from firstAttribute: Int32) throws {
        guard let name = try readName() else { throw malformed("a malformed tag or attribute") }
        skipWhitespace()
        guard position < bytes.count else { throw truncated() }
        guard bytes[position] == UInt8(ascii: "=") else { throw malformed("a malformed tag or attribute") }
        position += 1
        skipWhitespace()
        guard position < bytes.count else { throw truncated() }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw malformed("a malformed tag or attribute") }
        position += 1
        let start = position
        var plain = true
        while true {
            guard position < bytes.count else { throw truncated() }
            let byte = bytes[position]
            if byte == quote { break }
            switch byte {
            case UInt8(ascii: "<"): throw malformed("a '<' inside an attribute's value (write &lt;)")
            case UInt8(ascii: "&"):
                plain = false
                try checkReference()
                continue
            case 0x0A:
                plain = false
                newLine()
            case 0x09, 0x0D:
                plain = false
            case 0..<0x20:
                throw forbidden(byte)
            default:
                break
            }
            position += 1
        }
        let attribute = XMLTree.Attribute(nameStart: Int32(name.lowerBound), nameEnd: Int32(name.upperBound),
                                          valueStart: Int32(start), valueEnd: Int32(position), plain: plain)
        position += 1
        let given = attributes.count - Int(firstAttribute)
        var repeated = false
        if given < Self.attributesComparedInTurn {
            let base = bytes.baseAddress!
            repeated = attributes[Int(firstAttribute)...].contains { other in
                Int(other.nameEnd - other.nameStart) == name.count && memcmp(base + Int(other.nameStart), base + name.lowerBound, name.count) == 0
            }
        } else {
            // An element with very many attributes (a generated or a hostile document) keeps
            // their names in a set: comparing each with all before it would be quadratic.
            if given == Self.attributesComparedInTurn {
                attributeNames.removeAll(keepingCapacity: true)
                for other in attributes[Int(firstAttribute)...] { attributeNames.insert(Array(bytes[Int(other.nameStart)..<Int(other.nameEnd)])) }
            }
            repeated = !attributeNames.insert(Array(bytes[name])).inserted
        }
        if repeated {
            throw malformed("the attribute '\(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self))' given twice", at: name.lowerBound)
        }
        attributes.append(attribute)
    }

    /// `</name>`, which must close the innermost open element.
    private mutating func readEndTag() throws {
        position += 2
        guard let name = try readName() else { throw malformed("a '</' that starts no closing tag") }
        skipWhitespace()
        guard position < bytes.count else { throw truncated() }
        guard bytes[position] == UInt8(ascii: ">") else { throw malformed("a malformed closing tag") }
        position += 1
        let index = Int(open.removeLast())
        let element = elements[index]
        guard bytes[Int(element.nameStart)..<Int(element.nameEnd)].elementsEqual(bytes[name]) else {
            let closing = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
            throw DocumentError(line: Int(line), "a closing tag does not match the element it closes (</\(closing)> for <\(names[index])> of line \(element.line))")
        }
        elements[index].end = Int32(position)
    }

    // MARK: Comments (§2.5), processing instructions (§2.6), CDATA (§2.7), document types (§2.8)

    private mutating func readComment() throws {
        position += 4
        let dashes = try passCharacters(until: "--")
        guard position < bytes.count else { throw truncated() }
        guard bytes[position] == UInt8(ascii: ">") else { throw malformed("'--' inside a comment", at: dashes) }
        position += 1
    }

    /// Passes the characters before `end` (checking each) and `end` itself.
    /// - Returns: where `end` starts.
    /// - Throws: cut short before `end`.
    private mutating func passCharacters(until end: StaticString) throws -> Int {
        while true {
            guard bytes.count - position >= end.utf8CodeUnitCount else {
                position = bytes.count
                throw truncated()
            }
            if starts(with: end) {
                position += end.utf8CodeUnitCount
                return position - end.utf8CodeUnitCount
            }
            try checkCharacter(bytes[position])
            position += 1
        }
    }

    /// `<?target …?>`; the XML declaration (`<?xml …?>`) only as the document's first thing.
    private mutating func readInstruction(atStart: Bool) throws {
        position += 2
        guard let target = try readName() else { throw malformed("a '<?' without a target name") }
        // Targets that start with `xml` in any case are XML's own (§2.6): the declaration, and
        // the two libxml2 knows of.
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[target]), as: UTF8.self)
        let isDeclaration = name == "xml"
        if isDeclaration && !atStart {
            throw malformed("an XML declaration ('<?xml') that is not at the very start of the document")
        }
        if !isDeclaration && name.lowercased().hasPrefix("xml") && name != "xml-stylesheet" && name != "xml-model" {
            throw malformed("a processing instruction named '\(name)' (names that start with 'xml' are XML's own)")
        }
        let dataStart = position
        if position < bytes.count && !isWhitespace(bytes[position]) && !starts(with: "?>") {
            throw malformed("a processing instruction's target not followed by a space")
        }
        let dataEnd = try passCharacters(until: "?>")
        if isDeclaration { try checkDeclaration(bytes[dataStart..<dataEnd]) }
    }

    /// `version="1.0"` (libxml2 warns of any other, which Foundation's parser reports as an
    /// error), then optionally `encoding="…"` and `standalone="yes|no"` (§2.8, §4.3.3,
    /// §2.9); an encoding, when named, must be UTF-8: the bytes are read as UTF-8.
    private func checkDeclaration(_ text: Slice<UnsafeBufferPointer<UInt8>>) throws {
        var rest = text[...]
        var pairs: [(name: String, value: String)] = []
        while true {
            let spaced = rest.prefix(while: isWhitespace).count
            rest = rest.dropFirst(spaced)
            guard !rest.isEmpty else { break }
            let name = rest.prefix { isNameCharacter($0) }
            rest = rest.dropFirst(name.count)
            rest = rest.drop(while: isWhitespace)
            guard spaced > 0, !name.isEmpty, rest.first == UInt8(ascii: "=") else { throw malformedDeclaration(at: text.endIndex) }
            rest = rest.dropFirst().drop(while: isWhitespace)
            guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                  let close = rest.dropFirst().firstIndex(of: quote) else { throw malformedDeclaration(at: text.endIndex) }
            pairs.append((String(decoding: name, as: UTF8.self), String(decoding: rest[rest.index(after: rest.startIndex)..<close], as: UTF8.self)))
            rest = rest[rest.index(after: close)...]
        }
        let names = pairs.map(\.name)
        guard let version = pairs.first, version.name == "version", version.value == "1.0",
              names.count == Set(names).count,
              names.allSatisfy({ ["version", "encoding", "standalone"].contains($0) }),
              names.firstIndex(of: "standalone") ?? names.count >= names.firstIndex(of: "encoding") ?? 0,
              pairs.first(where: { $0.name == "standalone" }).map({ $0.value == "yes" || $0.value == "no" }) ?? true
        else { throw malformedDeclaration(at: text.endIndex) }
        if let encoding = pairs.first(where: { $0.name == "encoding" })?.value,
           !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.lowercased()) {
            throw DocumentError(line: Int(line), "the document declares the encoding \"\(encoding)\"; strut reads UTF-8, which Xcode writes")
        }
    }

    private func malformedDeclaration(at offset: Int) -> DocumentError {
        malformed("a malformed XML declaration (Xcode writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>)", at: offset)
    }

    private mutating func readCDATA(owner: Int32) throws {
        position += 9
        let start = position
        let end = try passCharacters(until: "]]>")
        // Its bytes as they are, carriage returns too (as libxml2 hands them over).
        texts.append(XMLTree.TextPiece(owner: owner, start: Int32(start), end: Int32(end), cdata: true, plain: true))
    }

    /// `<!DOCTYPE name>`, with a `SYSTEM` or `PUBLIC` identifier or none (§2.8), passed
    /// over. An internal subset (`[…]`), which may declare entities and defaults that change
    /// what the document says, is refused: no Interface Builder document has one.
    private mutating func skipDoctype() throws {
        position += 9
        // libxml2 takes the name without the space before it (`<!DOCTYPEa>`).
        skipWhitespace()
        guard try readName() != nil else { throw malformed("a malformed document type declaration") }
        var literals = 0
        while true {
            let spaced = skipWhitespace()
            guard position < bytes.count else { throw truncated() }
            switch bytes[position] {
            case UInt8(ascii: ">") where literals == 0:
                position += 1
                return
            case UInt8(ascii: "["):
                throw malformed("a document type declaration with an internal subset ('['), which strut does not read")
            case UInt8(ascii: "\"") where spaced && literals > 0, UInt8(ascii: "'") where spaced && literals > 0:
                let quote = bytes[position]
                position += 1
                while position < bytes.count && bytes[position] != quote {
                    try checkCharacter(bytes[position])
                    position += 1
                }
                guard position < bytes.count else { throw truncated() }
                position += 1
                literals -= 1
            default:
                guard spaced, literals == 0 else { throw malformed("a malformed document type declaration") }
                if starts(with: "SYSTEM") {
                    literals = 1
                } else if starts(with: "PUBLIC") {
                    literals = 2
                } else {
                    throw malformed("a malformed document type declaration")
                }
                position += 6
            }
        }
    }

    // MARK: Pieces

    /// A name (§2.3) at the position, nil when none starts there.
    private mutating func readName() throws -> Range<Int>? {
        let start = position
        guard position < bytes.count else { throw truncated() }
        guard isNameStart(bytes[position]) else { return nil }
        position += 1
        while position < bytes.count && isNameCharacter(bytes[position]) { position += 1 }
        guard position < bytes.count else { throw truncated() }
        return start..<position
    }

    /// A reference at the position (`&name;`, `&#digits;`, `&#xhex;`), checked and passed.
    private mutating func checkReference() throws {
        let start = position
        position += 1
        while position < bytes.count && bytes[position] != UInt8(ascii: ";") && position - start < 40 {
            let byte = bytes[position]
            guard isNameCharacter(byte) || byte == UInt8(ascii: "#") else { break }
            position += 1
        }
        guard position < bytes.count else { throw truncated() }
        let body = bytes[(start + 1)..<position]
        guard bytes[position] == UInt8(ascii: ";"), !body.isEmpty else {
            throw malformed("a '&' that starts no entity (write &amp;)", at: start)
        }
        position += 1
        if body.first == UInt8(ascii: "#") {
            guard Self.characterReference(body) != nil else {
                throw malformed("the character reference '&\(String(decoding: UnsafeBufferPointer(rebasing: body), as: UTF8.self));' is no character XML allows", at: start)
            }
        } else if Self.predefinedEntity(body) == nil {
            throw malformed("the entity '&\(String(decoding: UnsafeBufferPointer(rebasing: body), as: UTF8.self));' is not defined (XML defines &lt; &gt; &amp; &quot; &apos;)", at: start)
        }
    }

    /// The character of a reference's body (`#65`, `#x41`), nil when it is malformed or not a
    /// character XML allows (§2.2).
    static func characterReference<Bytes: Collection<UInt8>>(_ body: Bytes) -> Unicode.Scalar? {
        guard body.first == UInt8(ascii: "#") else { return nil }
        var digits = body.dropFirst()
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            let number: UInt32
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): number = UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: number = UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: number = UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * radix + number
            if value > 0x10FFFF { return nil }
        }
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return Unicode.Scalar(value)
        default: return nil
        }
    }

    /// The byte a predefined entity stands for (`lt`, `gt`, `amp`, `quot`, `apos`).
    static func predefinedEntity<Bytes: Collection<UInt8>>(_ name: Bytes) -> UInt8? {
        if name.elementsEqual("lt".utf8) { return UInt8(ascii: "<") }
        if name.elementsEqual("gt".utf8) { return UInt8(ascii: ">") }
        if name.elementsEqual("amp".utf8) { return UInt8(ascii: "&") }
        if name.elementsEqual("quot".utf8) { return UInt8(ascii: "\"") }
        if name.elementsEqual("apos".utf8) { return UInt8(ascii: "'") }
        return nil
    }

    /// Passes white space (§2.3: space, tab, line feed, carriage return); true if there was some.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count && isWhitespace(bytes[position]) {
            if bytes[position] == 0x0A { newLine() }
            position += 1
        }
        return position > start
    }

    /// Counts a line feed passed (inside a comment or an instruction as much as in text).
    private mutating func checkCharacter(_ byte: UInt8) throws {
        if byte == 0x0A {
            newLine()
        } else if byte < 0x20 && byte != 0x09 && byte != 0x0D {
            throw forbidden(byte)
        }
    }

    private mutating func newLine() {
        line += 1
    }

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let pointer = prefix.utf8Start
        for k in 0..<count where bytes[position + k] != pointer[k] { return false }
        return true
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...: return true
        default: return false
        }
    }

    private func isNameCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return true
        default: return isNameStart(byte)
        }
    }

    // MARK: Errors

    /// What is wrong at `offset` (the reader's position when nil), with its line and column.
    /// The offset may lie before the position, lines before it (a repeated attribute's name,
    /// found once its value, which may hold line breaks, has been read).
    private func malformed(_ what: String, at offset: Int? = nil) -> DocumentError {
        let end = min(position, bytes.count)
        let at = min(offset ?? end, end)
        var line = Int(self.line)
        for byte in bytes[at..<end] where byte == 0x0A { line -= 1 }
        var start = at
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var column = 1
        for byte in bytes[start..<at] where byte & 0xC0 != 0x80 { column += 1 }
        return DocumentError(line: line, "not well-formed XML: \(what) (column \(column))")
    }

    /// Cut short: on the document's last line, wherever the reader stopped.
    private func truncated() -> DocumentError {
        let rest = bytes[min(position, bytes.count)...].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return DocumentError(line: Int(line) + rest, "the document ends in the middle (truncated?)")
    }

    private func forbidden(_ byte: UInt8) -> DocumentError {
        let code = String(byte, radix: 16, uppercase: true)
        return malformed("the control character U+\(code.count < 2 ? "000" : "00")\(code), which XML does not allow")
    }
}
