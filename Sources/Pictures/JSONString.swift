/// A string as a JSON string literal, for `dump` and for the data a page carries.
public enum JSONString {
    /// `"…"` with quotes, backslashes and control characters escaped; `forScript` also escapes
    /// `<`, `>`, `&` and the line separators, so that the literal is safe inside `<script>`.
    public static func quoted(_ text: String, forScript: Bool = false) -> String {
        // Most names and texts need nothing escaped: then the literal is the text in quotes.
        // (0xE2 starts U+2028 and U+2029 in UTF-8, among others: those take the long way.)
        let plain = !text.utf8.contains { byte in
            byte < 0x20 || byte == 0x22 || byte == 0x5C || (forScript && (byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2))
        }
        if plain { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let unsafeInScript = scalar == "<" || scalar == ">" || scalar == "&" || scalar.value == 0x2028 || scalar.value == 0x2029
                if scalar.value < 0x20 || (forScript && unsafeInScript) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
