/// What a console log goes through before it is pasted into strut: copied out of a GitHub issue,
/// a blog post, a chat or a source file's comment. `clean` undoes each kind of damage on one
/// line, so that the descriptions read as UIKit printed them.
enum LogText {
    /// One line without block quotes (`> `), comment prefixes (`//`, ` * `), backticks, bold
    /// markers, markdown's backslash escapes and HTML entities; `\U2019` decoded; and a `*` that
    /// markdown made of a leading `_` (`*UIRemoteKeyboardPlaceholderView`) turned back.
    static func clean(_ line: Substring) -> String {
        var text = String(line)
        if text.containsByte(UInt8(ascii: "&")) {
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&amp;", "&")]
            where text.containsPhrase(entity) {
                text = text.replacingPhrase(entity, with: character)
            }
        }
        if text.containsByte(UInt8(ascii: "`")) { text = text.replacingPhrase("`", with: "") }
        if text.containsPhrase("**") { text = text.replacingPhrase("**", with: "") }
        // Strikethrough (`~~`) a chat or markdown editor made of a VFL art's text.
        if text.containsPhrase("~~") { text = text.replacingPhrase("~~", with: "") }
        text = stripPrefixes(text)
        text = unescape(text)
        return restoreUnderscores(text)
    }

    /// Leading spaces, tabs, `>`, `//`, `/**`, `*/` and a doc comment's `* `, repeatedly.
    static func stripPrefixes(_ text: String) -> String {
        var rest = Substring(text)
        while true {
            let before = rest.startIndex
            rest = rest.drop { $0 == " " || $0 == "\t" }
            for prefix in ["/**", "*/", "///", "//", ">"] where rest.hasPrefix(prefix) {
                rest = rest.dropFirst(prefix.count)
                break
            }
            if rest.hasPrefix("* ") || rest == "*" { rest = rest.dropFirst() }
            if rest.startIndex == before { return String(rest) }
        }
    }

    /// `\<` → `<` (markdown escapes any ASCII punctuation; NSArray escapes `"`), `\U2019` → `’`.
    /// `\n` (a label's line break as NSArray prints it) is kept.
    static func unescape(_ text: String) -> String {
        guard text.containsByte(UInt8(ascii: "\\")) else { return text }
        let characters = Array(text)
        var result = ""
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\\", i + 1 < characters.count {
                let next = characters[i + 1]
                if next.isASCII && next.isPunctuation || next.isASCII && next.isSymbol {
                    result.append(next)
                    i += 2
                    continue
                }
                if next == "U" || next == "u", i + 6 <= characters.count {
                    let hex = String(characters[(i + 2)..<(i + 6)])
                    if hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                        result.append(Character(scalar))
                        i += 6
                        continue
                    }
                }
            }
            result.append(c)
            i += 1
        }
        return result
    }

    /// Markdown renders `_a_` as emphasis; pasted back as text, the underscores of private class
    /// names came out as `*`. A `*` that starts a word (not `0.5*View`, a multiplier) was one,
    /// and so is a `*` inside a word that started so (a mangled Swift class name,
    /// `*TtC5UIKitP33*DDE…ButtonWrapper`).
    static func restoreUnderscores(_ text: String) -> String {
        guard text.containsByte(UInt8(ascii: "*")) else { return text }
        var result = ""
        var previous: Character = " "
        var inRestoredWord = false
        var iterator = text.makeIterator()
        var pending = iterator.next()
        while let c = pending {
            let next = iterator.next()
            if c == "*", " [(\"':".contains(previous), let next, next.isLetter {
                result.append("_")
                inRestoredWord = true
            } else if c == "*", inRestoredWord, previous.isLetter || previous.isNumber, let next, next.isLetter || next.isNumber {
                result.append("_")
            } else {
                result.append(c)
                if !(c.isLetter || c.isNumber || c == "_" || c == ".") { inRestoredWord = false }
            }
            previous = c
            pending = next
        }
        return result
    }
}
