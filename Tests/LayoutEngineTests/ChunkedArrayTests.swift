import Testing
@testable import LayoutEngine

/// What a copy of a chunked array tells about the writes since (`changedRanges(since:)`),
/// and prefixes compared by shared leaves (`starts(withShared:)`).
@Test func aChunkedArraySaysWhichChunksWereWrittenSinceACopy() {
    var array = ChunkedArray(0..<100)
    let copy = array
    #expect(array.changedRanges(since: copy).isEmpty)
    array[3] = 3          // written back as it was: still a written chunk
    array[40] = -1
    array.append(100)
    #expect(array.changedRanges(since: copy) == [0..<16, 32..<48, 96..<101])
    #expect(array.starts(withShared: copy) == false)
    array[40] = 40
    #expect(array.starts(withShared: copy))
    #expect(copy.starts(withShared: array) == false)
    var longer = ChunkedArray(0..<2_000)
    let before = longer
    longer[1_500] = 0
    #expect(longer.changedRanges(since: before) == [1_488..<1_504])
    #expect(ChunkedArray(0..<2_000).changedRanges(since: before) == [0..<2_000])
}
