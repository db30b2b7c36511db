/// An array stored in chunks of 64, so that a copy shares its chunks and a change to one
/// element of a shared copy copies one chunk, not the whole array. Undo keeps a copy of the
/// hierarchy per command; with chunks each command costs O(n / 64 + 64), not O(n).
public struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    static var shift: Int { 6 }
    static var chunkSize: Int { 1 << shift }

    var chunks: [[Element]] = []
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
            return chunks[index >> Self.shift][index & (Self.chunkSize - 1)]
        }
        set {
            precondition(index >= 0 && index < count, "ChunkedArray index \(index) out of range 0..<\(count)")
            chunks[index >> Self.shift][index & (Self.chunkSize - 1)] = newValue
        }
    }

    public mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
