/// A string as a JSON string literal, for `dump` and for the data a page carries.
public enum JSONString {
    /// `"…"` with quotes, backslashes and control characters escaped; `forScript` also escapes
    /// `<`, `>`, `&` and the line separators, so that the literal is safe inside `<script>`.
    public static func quoted(_ text: String, forScript: Bool = false) -> String {
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
