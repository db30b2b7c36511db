import Foundation
import LayoutEngine

/// A document's elements as `XMLReader` found them, kept as offsets into its bytes: names,
/// attributes and texts become strings only when they are asked for.
///
/// Interface Builder documents are read once and walked once; a tree of objects with a
/// dictionary of strings per element (as Foundation's `XMLParser` hands them over) cost more to
/// build and to free than everything strut then did with the document.
final class XMLTree {
    let bytes: [UInt8]
    let elements: [Element]
    /// Each element's name (short names are stored inline, so this allocates little).
    let names: [String]
    let attributes: [Attribute]
    /// Children's indices, grouped by parent, in document order (`Element.firstChild`).
    let children: [Int32]
    /// Character data in document order, each piece with the element it is directly in.
    let texts: [TextPiece]

    struct Element {
        var line: Int32
        var parent: Int32
        var nameStart: Int32
        var nameEnd: Int32
        var firstAttribute: Int32
        var attributeCount: Int32
        var firstChild: Int32 = 0
        var childCount: Int32 = 0
        /// The first of `texts` that may be this element's.
        var firstText: Int32
        /// The offset just past the element's end tag (or its `/>`).
        var end: Int32 = 0
    }

    struct Attribute {
        var nameStart: Int32
        var nameEnd: Int32
        var valueStart: Int32
        var valueEnd: Int32
        /// No entity, tab or line break in the value: its bytes are its text.
        var plain: Bool
    }

    struct TextPiece {
        var owner: Int32
        var start: Int32
        var end: Int32
        /// Inside `<![CDATA[ ]]>`: no entities.
        var cdata: Bool
        var plain: Bool
    }

    /// All that `XMLReader` found; the elements' `firstChild` and `childCount` are filled here.
    /// (Constants once made: the reader builds these in arrays of its own, where appending
    /// needs no check for overlapping access as a class's variables do.)
    /// - Complexity: O(elements).
    init(bytes: [UInt8], elements: [Element], names: [String], attributes: [Attribute], texts: [TextPiece]) {
        var elements = elements
        var children: [Int32] = []
        if elements.count > 1 {
            for index in 1..<elements.count { elements[Int(elements[index].parent)].childCount += 1 }
            var next: Int32 = 0
            for index in elements.indices {
                elements[index].firstChild = next
                next += elements[index].childCount
                elements[index].childCount = 0
            }
            children = Array(repeating: 0, count: Int(next))
            for index in 1..<elements.count {
                let parent = Int(elements[index].parent)
                children[Int(elements[parent].firstChild + elements[parent].childCount)] = Int32(index)
                elements[parent].childCount += 1
            }
        }
        self.bytes = bytes
        self.elements = elements
        self.names = names
        self.attributes = attributes
        self.children = children
        self.texts = texts
    }

    var root: Node { Node(tree: self, index: 0) }

    /// The text of `bytes[start..<end]`: entities replaced unless `cdata`; line ends as XML
    /// reads them (CR LF and a lone CR are a line feed), and in an attribute's value (`attribute`)
    /// every tab and line feed a space, as XML's attribute-value normalization has it.
    func decode(_ start: Int32, _ end: Int32, plain: Bool, cdata: Bool = false, attribute: Bool = false) -> String {
        bytes.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[Int(start)..<Int(end)])
            if plain { return String(decoding: slice, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(slice.count)
            var k = 0
            while k < slice.count {
                let byte = slice[k]
                k += 1
                switch byte {
                case 0x0D:
                    if k < slice.count && slice[k] == 0x0A { k += 1 }
                    out.append(attribute ? 0x20 : 0x0A)
                case 0x0A where attribute, 0x09 where attribute:
                    out.append(0x20)
                case UInt8(ascii: "&") where !cdata:
                    // The reader checked every reference, so each ends in `;` and is one of these.
                    var semicolon = k
                    while slice[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
                    let name = slice[k..<semicolon]
                    k = semicolon + 1
                    if let scalar = XMLReader.characterReference(name) {
                        out.append(contentsOf: String(Character(scalar)).utf8)
                    } else if let replacement = XMLReader.predefinedEntity(name) {
                        out.append(replacement)
                    }
                default:
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// One XML element of a document, with the line its start tag ends on.
struct Node {
    let tree: XMLTree
    let index: Int32

    private var element: XMLTree.Element { tree.elements[Int(index)] }

    var name: String { tree.names[Int(index)] }
    var line: Int { Int(element.line) }

    /// The attribute's value, nil when the element has none of that name.
    subscript(_ key: String) -> String? {
        var key = key
        let element = element
        let found = key.withUTF8 { key -> XMLTree.Attribute? in
            tree.bytes.withUnsafeBufferPointer { bytes in
                var k = Int(element.firstAttribute)
                let end = k + Int(element.attributeCount)
                while k < end {
                    let attribute = tree.attributes[k]
                    k += 1
                    guard Int(attribute.nameEnd - attribute.nameStart) == key.count else { continue }
                    var same = true
                    var at = Int(attribute.nameStart)
                    for byte in key {
                        if bytes[at] != byte {
                            same = false
                            break
                        }
                        at += 1
                    }
                    if same { return attribute }
                }
                return nil
            }
        }
        guard let found else { return nil }
        return tree.decode(found.valueStart, found.valueEnd, plain: found.plain, attribute: true)
    }

    /// Every attribute, in the order the document gives them.
    var attributes: [(key: String, value: String)] {
        let element = element
        return tree.attributes[Int(element.firstAttribute)..<Int(element.firstAttribute + element.attributeCount)].map { attribute in
            (tree.decode(attribute.nameStart, attribute.nameEnd, plain: true),
             tree.decode(attribute.valueStart, attribute.valueEnd, plain: attribute.plain, attribute: true))
        }
    }

    var children: NodeList {
        let element = element
        return NodeList(tree: tree, range: Int(element.firstChild)..<Int(element.firstChild + element.childCount))
    }

    /// The character data directly inside the element (not its children's), entities replaced.
    var text: String {
        let element = element
        var text = ""
        var k = Int(element.firstText)
        while k < tree.texts.count && tree.texts[k].start < element.end {
            let piece = tree.texts[k]
            if piece.owner == index { text += tree.decode(piece.start, piece.end, plain: piece.plain, cdata: piece.cdata) }
            k += 1
        }
        return text
    }

    /// The first child element of this name (and `key`, when given).
    func child(_ name: String, key: String? = nil) -> Node? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    func children(_ name: String) -> [Node] { children.filter { $0.name == name } }
}

/// An element's children, in document order.
struct NodeList: RandomAccessCollection {
    let tree: XMLTree?
    let range: Range<Int>

    /// No children (for a parent that is not there).
    static var empty: NodeList { NodeList(tree: nil, range: 0..<0) }

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }

    subscript(position: Int) -> Node {
        let tree = tree!
        return Node(tree: tree, index: tree.children[range.lowerBound + position])
    }
}

/// The line of the first byte sequence that is not UTF-8, nil when it all is.
func firstInvalidUTF8Line(_ data: Data) -> Int? {
    // Over the bytes in place: Data's own iterator is slow on a large document.
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
