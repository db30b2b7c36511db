import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import InterfaceBuilder
import CassowaryReference

/// `XMLReader` against Foundation's `XMLParser` (libxml2), the parser strut used before: the
/// same elements, attributes, texts and lines for every document both read, and a refusal
/// from one wherever the other refuses. The reference is here only, for the tests.

/// Every element in document order: depth, name, line, attributes (sorted), text.
func outline(_ root: Node) -> [String] {
    var lines: [String] = []
    var stack: [(Node, Int)] = [(root, 0)]
    while let (node, depth) = stack.popLast() {
        let attributes = node.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" }
        lines.append("\(depth) <\(node.name)> line \(node.line) \(attributes.joined(separator: " ")) text=\(node.text.debugDescription)")
        for child in node.children.reversed() { stack.append((child, depth + 1)) }
    }
    return lines
}

/// The same outline through Foundation's `XMLParser`, nil when it refuses the document.
final class ReferenceOutline: NSObject, XMLParserDelegate {
    private var lines: [String] = []
    private var open: [(line: Int, text: String)] = []
    private var pending: [(index: Int, depth: Int)] = []
    private var failed = false

    static func outline(_ data: Data) -> [String]? {
        let parser = XMLParser(data: withDataInProcessingInstructions(data))
        let builder = ReferenceOutline()
        parser.delegate = builder
        guard parser.parse(), !builder.failed, builder.open.isEmpty, !builder.lines.isEmpty else { return nil }
        return builder.lines
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { failed = true }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let sorted = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" }
        lines.append("\(open.count) <\(name)> line \(parser.lineNumber) \(sorted.joined(separator: " ")) text=")
        pending.append((lines.count - 1, open.count))
        open.append((parser.lineNumber, ""))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let (_, text) = open.popLast(), let (index, _) = pending.popLast() else { return }
        lines[index] += text.debugDescription
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !open.isEmpty { open[open.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if !open.isEmpty { open[open.count - 1].text += String(decoding: block, as: UTF8.self) }
    }
}


/// The document with a space put into every processing instruction that has a target and no
/// data (`<?pi?>` becomes `<?pi ?>`): Foundation's XML parser on Linux reads such an
/// instruction's missing data as a C string and crashes (`<?xml?>`), so the
/// reference is given this instead; lines stay where they are.
func withDataInProcessingInstructions(_ data: Data) -> Data {
    data.withUnsafeBytes { raw -> Data in
        let bytes = raw.bindMemory(to: UInt8.self)
        let (open, question, close) = (UInt8(ascii: "<"), UInt8(ascii: "?"), UInt8(ascii: ">"))
        func isNameByte(_ b: UInt8) -> Bool {
            b != question && b != close && b != open && b != 0x20 && b != 0x09 && b != 0x0A && b != 0x0D
        }
        // The offsets of the `?>` right after a target.
        var bare: [Int] = []
        var k = 0
        while k + 1 < bytes.count {
            guard bytes[k] == open && bytes[k + 1] == question else {
                k += 1
                continue
            }
            var end = k + 2
            while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
            if end > k + 2 && end + 1 < bytes.count && bytes[end] == question && bytes[end + 1] == close { bare.append(end) }
            k = end
        }
        guard !bare.isEmpty else { return data }
        var out = Data(capacity: bytes.count + bare.count)
        var from = 0
        for at in bare {
            out.append(contentsOf: bytes[from..<at])
            out.append(0x20)
            from = at
        }
        out.append(contentsOf: bytes[from...])
        return out
    }
}

/// Documents for the comparison: every form XML allows that the reader handles.
let wellFormedSamples: [String] = [
    "<a/>",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a b=\"1\" c='2'>\n  <d/>\n</a>\n",
    "\u{FEFF}<?xml version=\"1.0\"?><a/>",
    "<a t=\"&lt;&gt;&amp;&quot;&apos; &#65;&#x42;&#10;x\"/>",
    "<a t=\"tab\there\nline\r\nend\"/>",
    "<a>one &amp; two<b/>three<![CDATA[ <four> & ]]>five</a>",
    "<a>line\r\nbreak\rcr</a>",
    "<!-- before --><?pi data?>\n<!DOCTYPE a>\n<a><!-- inside --><?pi?></a>\n<!-- after -->\n",
    "<?xml version='1.0' standalone='yes'?><!DOCTYPE a SYSTEM \"a.dtd\"><a/>",
    "<?xml version = '1.0' encoding = 'utf-8' standalone = \"no\" ?><a><![CDATA[x\r\ny\rz]]>x\r\ny\rz</a>",
    "<!DOCTYPE a PUBLIC \"-//A//B\" 'b.dtd' ><a/>",
    "<a\n  b=\"1\"\n  c=\"2\"><b\n/></a>",
    "<a x:y=\"1\" xmlns:x=\"urn:x\"><x:b/></a>",
    "<a t=\"ラベル &#x1F600; café\">テキスト</a>",
    "<a><b><c><d>deep</d></c></b></a>",
    String(repeating: "<a>", count: 257) + String(repeating: "</a>", count: 257),
    "<a   >  <b  t = \"spaced\"  /> </a  >",
]

/// Documents both refuse, with the reader's words.
let malformedSamples: [(text: String, message: String)] = [
    ("", "line 1: this is not XML (no element where the document should start)"),
    ("hello", "line 1: this is not XML (no element where the document should start)"),
    ("<?xml version=\"1.0\"?>\n\n", "line 3: this is not XML (no element where the document should start)"),
    ("<a>\n<b>\n</a>", "line 3: a closing tag does not match the element it closes (</a> for <b> of line 2)"),
    ("<a>\n<b>text", "line 2: the document ends in the middle (truncated?)"),
    ("<a t=\"1\n\n", "line 3: the document ends in the middle (truncated?)"),
    ("<a><!-- open", "line 1: the document ends in the middle (truncated?)"),
    ("<a t=1/>", "line 1: not well-formed XML: a malformed tag or attribute (column 6)"),
    ("<a t=\"1\"u=\"2\"/>", "line 1: not well-formed XML: a malformed tag or attribute (column 9)"),
    ("<a t=\"1\" t=\"2\"/>", "line 1: not well-formed XML: the attribute 't' given twice (column 10)"),
    ("<a t=\"<\"/>", "line 1: not well-formed XML: a '<' inside an attribute's value (write &lt;) (column 7)"),
    ("<a>x &nbsp; y</a>", "line 1: not well-formed XML: the entity '&nbsp;' is not defined (XML defines &lt; &gt; &amp; &quot; &apos;) (column 6)"),
    ("<a>fish & chips</a>", "line 1: not well-formed XML: a '&' that starts no entity (write &amp;) (column 9)"),
    ("<a>&#0;</a>", "line 1: not well-formed XML: the character reference '&#0;' is no character XML allows (column 4)"),
    ("<a>]]></a>", "line 1: not well-formed XML: ']]>' outside a CDATA section (column 4)"),
    ("<a>\u{1}</a>", "line 1: not well-formed XML: the control character U+0001, which XML does not allow (column 4)"),
    ("<a><!-- a -- b --></a>", "line 1: not well-formed XML: '--' inside a comment (column 11)"),
    ("<a/>\n<b/>", "line 2: not well-formed XML: something after the end of the document's element (column 1)"),
    ("<a/>text", "line 1: not well-formed XML: something after the end of the document's element (column 5)"),
    ("<a><?xml version=\"1.0\"?></a>", "line 1: not well-formed XML: an XML declaration ('<?xml') that is not at the very start of the document (column 9)"),
    ("<?xml?><a/>", "line 1: not well-formed XML: a malformed XML declaration (Xcode writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>) (column 6)"),
    ("<?xml encoding=\"UTF-8\" version=\"1.0\"?><a/>", "line 1: not well-formed XML: a malformed XML declaration (Xcode writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>) (column 37)"),
    ("<?xml version=\"1.1\"?><a/>", "line 1: not well-formed XML: a malformed XML declaration (Xcode writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>) (column 20)"),
    ("<?xml version=\"1.0\"encoding=\"UTF-8\"?><a/>", "line 1: not well-formed XML: a malformed XML declaration (Xcode writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>) (column 36)"),
    ("<!DOCTYPE a SYSTEM><a/>", "line 1: not well-formed XML: a malformed document type declaration (column 19)"),
    ("<!DOCTYPE><a/>", "line 1: not well-formed XML: a malformed document type declaration (column 10)"),
    ("<?xmlx a?><a/>", "line 1: not well-formed XML: a processing instruction named 'xmlx' (names that start with 'xml' are XML's own) (column 7)"),
    ("<?XML version=\"1.0\"?><a/>", "line 1: not well-formed XML: a processing instruction named 'XML' (names that start with 'xml' are XML's own) (column 6)"),
    ("< a/>", "line 1: not well-formed XML: a '<' that starts no tag (column 2)"),
    ("<a></ a>", "line 1: not well-formed XML: a '</' that starts no closing tag (column 6)"),
    ("<a><!x></a>", "line 1: not well-formed XML: a '<!' that starts no comment or CDATA section (column 4)"),
    ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>", "line 1: the document declares the encoding \"UTF-16\"; strut reads UTF-8, which Xcode writes"),
]

/// An internal subset may declare entities and defaults that change what the document says:
/// refused, though Foundation's parser reads it.
@Test func aDocumentTypeWithAnInternalSubsetIsRefused() throws {
    let text = "<!DOCTYPE a [ <!ENTITY e \"x\"> ]>\n<a>&e;</a>"
    #expect(ReferenceOutline.outline(Data(text.utf8)) != nil)
    #expect(throws: DocumentError(line: 1, "not well-formed XML: a document type declaration with an internal subset ('['), which strut does not read (column 13)")) {
        try XMLReader.read(Data(text.utf8))
    }
}

@Test(arguments: wellFormedSamples)
func theReaderReadsWhatFoundationsParserReads(_ text: String) throws {
    let data = Data(text.utf8)
    let reference = try #require(ReferenceOutline.outline(data))
    #expect(outline(try XMLReader.read(data).root) == reference)
}

@Test(arguments: malformedSamples.indices)
func aMalformedDocumentIsRefusedWithItsLineAndWhatIsWrong(_ index: Int) throws {
    let (text, message) = malformedSamples[index]
    let data = Data(text.utf8)
    #expect(ReferenceOutline.outline(data) == nil, "Foundation's parser reads \(text.debugDescription)")
    do {
        _ = try XMLReader.read(data)
        Issue.record("read \(text.debugDescription)")
    } catch let error as DocumentError {
        #expect("line \(error.line): \(error.message)" == message)
    }
}

/// An element with 20,000 attributes is read (past 16, their names are kept in a set rather
/// than each compared with all before it), and a name given twice among them is found.
@Test func manyAttributesAreReadAndARepeatedOneIsFound() throws {
    let many = (0..<20_000).map { " a\($0)=\"\($0)\"" }.joined()
    let tree = try XMLReader.read(Data("<a\(many)/>".utf8))
    #expect(tree.root.attributes.count == 20_000)
    #expect(tree.root["a19999"] == "19999")
    #expect(throws: DocumentError(line: 1, "not well-formed XML: the attribute 'a7' given twice (column \(many.utf8.count + 4))")) {
        try XMLReader.read(Data("<a\(many) a7=\"x\"/>".utf8))
    }
    #expect(throws: DocumentError(line: 1, "not well-formed XML: the attribute 'b' given twice (column 16)")) {
        try XMLReader.read(Data("<a b=\"1\" c=\"2\" b=\"3\"/>".utf8))
    }
}

/// An
/// attribute given twice whose value holds a line break was reported at its name, on the line
/// before, and working out the column from the line's start, which lay after the name,
/// trapped. Each is reported where it starts, line and column.
@Test func anErrorIsReportedWhereItStartsThoughTheReaderHasReadOnPastLines() throws {
    #expect(throws: DocumentError(line: 2, "not well-formed XML: the attribute 'id' given twice (column 8)")) {
        try XMLReader.read(Data("<a\nid=\"1\" id=\"x\ny\n\"/>".utf8))
    }
    #expect(throws: DocumentError(line: 1, "not well-formed XML: the attribute 'id' given twice (column 11)")) {
        try XMLReader.read(Data("<a id=\"1\" id=\"two\nlines\"/>".utf8))
    }
    #expect(throws: DocumentError(line: 3, "not well-formed XML: the entity '&no;' is not defined (XML defines &lt; &gt; &amp; &quot; &apos;) (column 3)")) {
        try XMLReader.read(Data("<a\nb=\"\nxy&no;\"/>".utf8))
    }
    // The document the fuzzer wrote, in short: refused, not a crash.
    let found = "<document>\n<placeholder id=\"-1\" userLabel=\"File\" id=\"lsd-Kh-tz2*/>\n  ThankYou\" width=\"336\"/>\n</document>\n"
    #expect(throws: DocumentError(line: 2, "not well-formed XML: the attribute 'id' given twice (column 39)")) {
        try IBDocument.read(Data(found.utf8))
    }
}

/// Foundation's parser stops at 257 levels too (its answer for deeper ones varies from run to
/// run: refused in a program of its own, read in the tests' process).
@Test func elementsNestAtMost257LevelsDeep() throws {
    let deepest = String(repeating: "<a>", count: 257) + String(repeating: "</a>", count: 257)
    #expect(outline(try XMLReader.read(Data(deepest.utf8)).root).count == 257)
    let deeper = "<b>" + deepest + "</b>"
    #expect(throws: DocumentError(line: 1, "elements nested more than 256 levels deep (no Interface Builder document nests so deep)")) {
        try XMLReader.read(Data(deeper.utf8))
    }
}

/// The reader's outline of a document, `.some(nil)` when it refuses it, and nil when it
/// refuses what Foundation's parser reads, on purpose: a declared encoding that is not UTF-8
/// (libxml2 reads on in an encoding it does not know, or reads UTF-8 bytes as the one
/// declared) and an internal subset.
func comparableOutline(_ data: Data) -> [String]?? {
    do {
        return .some(outline(try XMLReader.read(data).root))
    } catch let error as DocumentError where error.message.hasPrefix("the document declares the encoding")
                || error.message.contains("internal subset") {
        return nil
    } catch {
        return .some(nil)
    }
}

/// The fixtures, the examples and this target's documents read as Foundation's parser reads
/// them; so does every document of a folder named in `STRUT_XML_CORPUS` (a fuzzer's corpus:
/// there the two must agree on whether the document is XML, and on its tree when it is).
@Test func everyDocumentAtHandReadsAsFoundationReadsIt() throws {
    var files: [URL] = []
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")
    for folder in [fixtureFolder, fixtureFolder.appendingPathComponent("apps"), examples] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        files += names.filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.map { folder.appendingPathComponent($0) }
    }
    var corpus: [URL] = []
    if let folder = ProcessInfo.processInfo.environment["STRUT_XML_CORPUS"] {
        corpus = try FileManager.default.contentsOfDirectory(atPath: folder).map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
    }
    var documents = [cardXib, header + "\n</objects>\n</document>\n"].map { Data($0.utf8) }
    documents += try files.map { try Data(contentsOf: $0) }
    for data in documents {
        let reference = try #require(ReferenceOutline.outline(data))
        #expect(outline(try XMLReader.read(data).root) == reference)
    }
    var (agreed, bothRefused) = (0, 0)
    for file in corpus {
        let data = try Data(contentsOf: file)
        // Foundation's parser traps on names that are not UTF-8: both refuse those, unasked.
        if firstInvalidUTF8Line(data) != nil { continue }
        let reference = ReferenceOutline.outline(data)
        guard let mine = comparableOutline(data) else { continue }
        if mine == nil && reference == nil { bothRefused += 1 } else { agreed += 1 }
        #expect(mine == reference, "\(file.lastPathComponent)")
    }
    if !corpus.isEmpty { print("XML corpus: \(agreed) read alike, \(bothRefused) refused by both, of \(corpus.count)") }
}

/// Documents broken at random the way a hand edit or a cut breaks them (a byte of markup put
/// in, taken out or changed; a cut): the reader and Foundation's parser agree on each, on
/// whether it is XML at all and on its tree when it is. Seeded; the seed is in any failure.
@Test(arguments: 0..<UInt64(ProcessInfo.processInfo.environment["STRUT_XML_SEEDS"].flatMap { Int($0) } ?? 4))
func randomlyBrokenDocumentsReadAsFoundationReadsThem(_ seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let pieces: [[UInt8]] = ["<", ">", "/", "\"", "'", "=", "&", ";", "&amp;", "&#", "\n", " ", "<!--", "-->", "<?", "?>",
                             "<![CDATA[", "]]>", "</a>", "<b>", "x", "\r"].map { Array($0.utf8) }
    let originals = [cardXib, header + "\n</objects>\n</document>\n", wellFormedSamples[5], wellFormedSamples[7]].map { Array($0.utf8) }
    var (read, refused) = (0, 0)
    for round in 0..<500 {
        var bytes = originals[round % originals.count]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
            case 1 where at < bytes.count: bytes.remove(at: at)
            case 2 where at < bytes.count: bytes[at] = pieces.randomElement(using: &random)![0]
            default: bytes.removeSubrange(at...)
            }
        }
        let data = Data(bytes)
        let reference = ReferenceOutline.outline(data)
        guard let mine = comparableOutline(data) else { continue }
        if mine == nil { refused += 1 } else { read += 1 }
        #expect(mine == reference, "seed \(seed), round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
    #expect(read > 50 && refused > 50, "seed \(seed): \(read) read, \(refused) refused")
}
