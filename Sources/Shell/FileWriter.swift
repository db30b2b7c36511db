import Foundation
import Pictures
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `write(2)` (inside `FileWriter` the name is its own method's).
#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Writing files for `save`, `record`, `export` and `watch`: through a symbolic link to the file
/// it names (existing or not), never over a directory, a device, a pipe or a socket, and with a
/// reason that says what stopped it (`ShellError.fileWrite`).
enum FileWriter {
    /// The whole file, replaced at once: written beside it under another name, then renamed
    /// over it, so that a reader never sees half of it.
    /// - Throws: `ShellError.fileWrite`.
    static func replace(_ file: String, with text: String) throws {
        try replace(file, with: Array(text.utf8))
    }

    /// The file replaced by `bytes` (written beside it, then renamed over it).
    /// - Throws: `ShellError.fileWrite`.
    static func replace(_ file: String, with bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try replace(file, withBytes: $0) }
    }

    /// The file replaced by a document, written from its buffer.
    static func replace(_ file: String, with document: borrowing Markup) throws {
        try document.withBytes { try replace(file, withBytes: $0) }
    }

    static func replace(_ file: String, withBytes bytes: UnsafeRawBufferPointer) throws {
        let target = try writableTarget(file)
        let folder = PathName.folder(of: target)
        let temporary = PathName.joined(folder, ".\(PathName.lastComponent(of: target)).strut-\(getpid())")
        do {
            try write(bytes, to: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, reportedAs: file, folder: folder)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(file, errno: code, folder: folder)
        }
    }

    /// Lines added at the end of the file (created when missing).
    /// - Throws: `ShellError.fileWrite`.
    static func append(_ file: String, _ text: String) throws {
        let target = try writableTarget(file)
        try write(Array(text.utf8), to: target, flags: O_WRONLY | O_CREAT | O_APPEND, reportedAs: file, folder: PathName.folder(of: target))
    }

    /// The file emptied, then holding `text` (created when missing), written in place: a
    /// recording keeps its file, and a link to it stays a link.
    /// - Throws: `ShellError.fileWrite`.
    static func truncate(_ file: String, to text: String) throws {
        let target = try writableTarget(file)
        try write(Array(text.utf8), to: target, flags: O_WRONLY | O_CREAT | O_TRUNC, reportedAs: file, folder: PathName.folder(of: target))
    }

    /// Opens `path` with `flags`, writes every byte and closes it; a failure is reported under
    /// the name the user gave.
    private static func write(_ bytes: [UInt8], to path: String, flags: Int32, reportedAs file: String, folder: String) throws {
        try bytes.withUnsafeBytes { try write($0, to: path, flags: flags, reportedAs: file, folder: folder) }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String, flags: Int32, reportedAs file: String, folder: String) throws {
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw failure(file, errno: errno, folder: folder) }
        var offset = 0
        var code: Int32 = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                code = errno
                break
            }
            offset += count
        }
        if close(descriptor) != 0 && code == 0 { code = errno }
        if code != 0 { throw failure(file, errno: code, folder: folder) }
    }

    /// The file a path names once symbolic links are followed (a few deep); refused when it is
    /// there and is not a regular file.
    /// - Throws: `ShellError.fileWrite`.
    static func writableTarget(_ file: String) throws -> String {
        var target = file
        for _ in 0..<16 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target) else { break }
            target = destination.hasPrefix("/") ? destination
                : PathName.joined(PathName.folder(of: target), destination)
        }
        var status = stat()
        if stat(target, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { throw ShellError.fileWrite(file, reason: "it is a directory") }
            if type != S_IFREG { throw ShellError.fileWrite(file, reason: "it is not a regular file") }
        }
        return target
    }

    /// Why a write failed, in words.
    private static func failure(_ file: String, errno code: Int32, folder: String) -> ShellError {
        let reason: String
        switch code {
        case ENOENT, ENOTDIR: reason = "the folder '\(folder.isEmpty ? "." : folder)' does not exist"
        case EACCES, EPERM: reason = "permission denied"
        case ENOSPC, EDQUOT: reason = "the disk is full"
        case EROFS: reason = "the file system is read-only"
        case EISDIR: reason = "it is a directory"
        case ENAMETOOLONG: reason = "the name is too long"
        default: reason = String(cString: strerror(code)).lowercased()
        }
        return ShellError.fileWrite(file, reason: reason)
    }
}
