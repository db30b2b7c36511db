import Foundation
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

/// A document that could not be read: what is wrong and the line it is on.
public struct DocumentError: Error, Equatable, Sendable {
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }
}

/// Reads XML text into a tree of `Node`.
final class TreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [Node] = []
    private(set) var root: Node?
    private weak var parser: XMLParser?

    static func parse(_ data: Data) throws -> Node {
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        builder.parser = parser
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        guard parser.parse(), let root = builder.root, builder.stack.isEmpty else {
            let line = max(parser.lineNumber, 1)
            let reason = parser.parserError.map(TreeBuilder.describe) ?? "the document ends before its elements are closed"
            throw DocumentError(line: line, reason)
        }
        return root
    }

    /// libxml2's error codes as words a person can act on.
    private static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 4: return "this is not XML (no element where the document should start)"
        case 5: return "the document ends in the middle (truncated?)"
        case 76, 77: return "an element is closed by the wrong tag, or not closed (truncated?)"
        default: return "not well-formed XML (parser error \(code))"
        }
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
