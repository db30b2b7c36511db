import Testing
import Foundation
@testable import ConsoleLog
import CassowaryReference

/// The log reader's byte-level searches and trims give what Foundation's give, which they
/// replace for speed.
struct TextSearchTests {
    static let texts: [String] = [
        "", "a", "<NSLayoutConstraint:0x6000 UIView:0x7f.width == 10   (active)>",
        "  \t> // Will attempt to recover by breaking constraint ", "ünïcödé <UILabel:0x1'Grüße'>.leading",
        "\u{00A0}\u{2003}text\u{3000}\t", "日本語 Unable to simultaneously satisfy constraints.", "**bold** `code` &lt;&amp;lt;",
        "\"\"\"\"\"", "é\u{301}<x", "tail <<", ">.", "ab\r\ncd\nef\r\n\ngh\n",
    ]
    static let phrases = ["Will attempt to recover by breaking constraint", "<<", ">.", ":0x", "\"\"", "Unable to simultaneously satisfy constraints",
                          "`", "**", "&lt;", "&amp;", "x", "gh"]

    @Test func phrasesAreFoundWhereFoundationFindsThem() {
        for text in Self.texts {
            for phrase in Self.phrases {
                let expected = text.range(of: phrase).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
                let found = text.firstRange(ofPhrase: phrase).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
                #expect(found == expected, "\(phrase.debugDescription) in \(text.debugDescription)")
                #expect(text.containsPhrase(phrase) == text.contains(phrase))
            }
        }
        // In a slice, indices are the text's own.
        let line = Substring("prefix Will attempt to recover by breaking constraint <A:0x1>").dropFirst(7)
        let range = line.firstRange(ofPhrase: "breaking")!
        #expect(line[range] == "breaking")
        #expect(line[range.upperBound...] == " constraint <A:0x1>")
    }

    @Test func trimmingTakesOffWhatFoundationsWhitespacesTakeOff() {
        for text in Self.texts + [" \u{2028} a \u{85}", "\u{301} x", "\t\t", "  mid dle  "] {
            #expect(String(text.trimmingSpaces()) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    @Test func replacingAndCountingGoLeftToRight() {
        for text in Self.texts {
            for (phrase, replacement) in [("`", ""), ("**", ""), ("&amp;", "&"), ("\"\"", "<>"), ("x", "xx")] {
                #expect(text.replacingPhrase(phrase, with: replacement) == text.replacingOccurrences(of: phrase, with: replacement))
            }
            #expect(Substring(text).countOfPhrase("\"\"") == text.components(separatedBy: "\"\"").count - 1)
        }
        #expect(LogText.clean("> `<A:0x1 B:0x2.top == C:0x3.top>` &amp;lt;") == "<A:0x1 B:0x2.top == C:0x3.top> &lt;")
    }

    @Test func linesAreSplitAsCharactersSplitThem() {
        for text in Self.texts + ["\n", "\n\n", "\r\n", "a\r\r\nb", "\r", "x\n\u{301}y"] {
            #expect(ConsoleLog.lines(of: text) == text.split(separator: "\n", omittingEmptySubsequences: false), "\(text.debugDescription)")
        }
    }

    @Test func aLegendIsLookedForWhateverItsCase() {
        #expect("<A:0x1 B.top == C.top   (Names: B:0x2 )>".containsPhrase("names:", ignoringCase: true))
        #expect("NAMES:".containsPhrase("names:", ignoringCase: true))
        #expect(!"NAMES:".containsPhrase("names:"))
        #expect(!"name s: names".containsPhrase("names:", ignoringCase: true))
        #expect(!"nam".containsPhrase("names:", ignoringCase: true))
        // Only ASCII letters fold: the Kelvin sign is not a k, and digits and colons stay.
        #expect(!"\u{212A}EY:".containsPhrase("key:", ignoringCase: true))
        #expect("KEY:".containsPhrase("key:", ignoringCase: true))
    }

    /// The search jumps between places where the phrase's first letter is, in either case: on
    /// texts crowded with near misses it finds the first match a byte-by-byte look finds.
    @Test func nearMissesInEitherCaseLeadToTheFirstMatch() {
        var random = SeededGenerator(seed: 21)
        let alphabet: [String] = ["n", "N", "a", "A", "m", "M", ":", "é", " "]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            for phrase in ["nam", "n:", "a", ":n", "mam", "é", "né"] {
                let needle = Array(phrase.utf8)
                for ignoringCase in [false, true] {
                    let fold: (UInt8) -> UInt8 = { ignoringCase && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
                    let expected = bytes.count < needle.count ? nil : (0...(bytes.count - needle.count)).first { k in
                        needle.indices.allSatisfy { fold(bytes[k + $0]) == needle[$0] }
                    }
                    let found = Substring(text).firstRange(ofPhrase: phrase, ignoringCase: ignoringCase).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
                    #expect(found == expected, "\(phrase.debugDescription) in \(text.debugDescription), ignoring case: \(ignoringCase)")
                }
            }
            #expect(text.containsByte(0x3A) == text.contains(":"))
        }
    }
}
