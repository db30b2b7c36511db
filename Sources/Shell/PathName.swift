import Foundation

/// A file's folder and name, split at its last `/` byte, as `NSString`'s path methods split
/// them. Foundation's `deletingLastPathComponent` traps on a name of one non-ASCII character
/// (`save é`), so the shell splits paths itself.
enum PathName {
    private static let slash = UInt8(ascii: "/")

    /// The path without its last component: "" for a bare name, "/" for one at the root;
    /// trailing slashes and the slashes before the name are dropped (`a//b/` is in `a`).
    static func folder(of path: String) -> String {
        let bytes = trimmed(path)
        guard var end = bytes.lastIndex(of: slash) else { return "" }
        while end > 0 && bytes[end - 1] == slash { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component, trailing slashes dropped ("/" for the root itself).
    static func lastComponent(of path: String) -> String {
        let bytes = trimmed(path)
        if bytes == [slash] { return "/" }
        let start = bytes.lastIndex(of: slash).map { $0 + 1 } ?? 0
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// The path's bytes without trailing slashes (but the root's).
    private static func trimmed(_ path: String) -> [UInt8] {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == slash { bytes.removeLast() }
        return bytes
    }

    /// `name` inside `folder` (the name alone when the folder is "").
    static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The home folder, `$HOME`.
    static var home: String? { ProcessInfo.processInfo.environment["HOME"] }

    /// A bare path as a shell reads it: `~` alone or before the first `/` is the home folder
    /// (`load ~/Desktop/card.strut`); `~user`, a `~` further on, or no home known: as given.
    static func expandingHome(_ path: String, home: String?) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
        return path == "~" ? home : joined(home, String(path.dropFirst(2)))
    }
}
