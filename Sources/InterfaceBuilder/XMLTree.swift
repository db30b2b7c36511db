import Foundation
import LayoutEngine
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML element with the line it starts on: the document as a tree, read in one pass with
/// Foundation's `XMLParser`, then interpreted by `IBDocument`.
public final class Node {
    public let name: String
    public let attributes: [String: String]
    public let line: Int
    public internal(set) var children: [Node] = []
    public internal(set) var text = ""

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    public subscript(_ key: String) -> String? { attributes[key] }

    /// The first child element of this name (and `key`, when given).
    public func child(_ name: String, key: String? = nil) -> Node? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    public func children(_ name: String) -> [Node] { children.filter { $0.name == name } }
}

/// The line of the first byte sequence that is not UTF-8, nil when it all is.
func firstInvalidUTF8Line(_ data: Data) -> Int? {
    // Over the bytes in place: Data's own iterator cost a fifth of reading a large document.
    data.withUnsafeBytes { raw -> Int? in
        let bytes = raw.bindMemory(to: UInt8.self)
        // Most documents are ASCII throughout.
        if !bytes.contains(where: { $0 >= 0x80 }) { return nil }
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }
}

/// The document with a space put into every processing instruction that has a target and no
/// data (`<?pi?>` becomes `<?pi ?>`): Foundation's XML parser on Linux reads such an
/// instruction's missing data as a C string and crashes (found by fuzzing: `<?xml?>`). Strut
/// reads no processing instruction, so the document means the same; lines stay where they are.
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

/// A document that could not be read: what is wrong and the line it is on.
public struct DocumentError: Error, Equatable, Sendable {
    public var line: Int
    /// What is wrong, or with `cause`, which element the engine refused.
    public var message: String
    /// The engine's refusal of an element (the shell words it).
    public var cause: LayoutError?

    public init(line: Int, _ message: String, cause: LayoutError? = nil) {
        self.line = line
        self.message = message
        self.cause = cause
    }
}

/// Reads XML text into a tree of `Node`.
final class TreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [Node] = []
    private(set) var root: Node?
    private weak var parser: XMLParser?

    /// The first error the parser met (it may go on after one), with its line and column.
    private var firstError: (code: Int, line: Int, column: Int)?

    static func parse(_ data: Data) throws -> Node {
        // Foundation's parser traps on a name that is not UTF-8 (found by fuzzing: `<\xFF`);
        // Xcode writes UTF-8 only, so anything else is refused first, with its line.
        if let line = firstInvalidUTF8Line(data) {
            throw DocumentError(line: line, "not UTF-8 text (a byte that is not UTF-8 on this line)")
        }
        let parser = XMLParser(data: withDataInProcessingInstructions(data))
        let builder = TreeBuilder()
        builder.parser = parser
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        let finished = parser.parse()
        if let error = builder.firstError {
            // An error on the last line of a document cut short is its end, whatever libxml2 says.
            let lastLine = data.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            let code = error.line >= lastLine && data.last != 10 && data.last != 62 ? 5 : error.code
            throw DocumentError(line: max(error.line, 1), describe(code) + (code == 5 ? "" : " (column \(error.column))"))
        }
        guard finished, let root = builder.root, builder.stack.isEmpty else {
            let code = (parser.parserError as NSError?)?.code ?? 5
            throw DocumentError(line: max(parser.lineNumber, 1), describe(code))
        }
        return root
    }

    /// libxml2's error codes as words a person can act on.
    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "this is not XML (no element where the document should start)"
        case 5: return "the document ends in the middle (truncated?)"
        case 76, 77: return "a closing tag does not match the element it closes"
        case 38, 39, 40, 41, 65, 68, 73: return "not well-formed XML: a malformed tag or attribute"
        default: return "not well-formed XML (XML parser error \(code))"
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if firstError == nil { firstError = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let element = Node(name: name, attributes: attributes, line: parser.lineNumber)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}
