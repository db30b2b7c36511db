// strut: the executable. The interactive shell (issue 3) is not built yet; until it lands,
// this entry point only reports its version and exits with status 2 ("bad usage"), so that no
// script mistakes it for a working shell.
import CLibEdit
#if canImport(Glibc)
import Glibc
#endif

let version = "0.1.0"
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments == ["--version"] {
    print("strut \(version)")
} else {
    var standardError = StandardError()
    print("strut \(version): the command shell is not built yet; only the Cassowary solver library is.",
          to: &standardError)
    exit(2)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        fputs(string, stderr_stream())
    }
}
