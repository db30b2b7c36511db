import Foundation
import Shell
import SwiftCode

// The Swift reader's benchmark, apart from StrutBench (swift-syntax's optimised build is slow):
//
//   StrutCodeBench [--runs R] import-swift:N ...
//
// `import FILE.swift` then `layout` of a generated view controller that builds the layout of
// StrutBench's import-storyboard:N (N / 4 rows, each a container with three labels in a line,
// pinned the same way) in code: about five lines a view, so N = 200 is a 1,000-line file.
// Prints one JSON object per workload, as StrutBench does: the median of the runs, in ms.

/// The view controller: one method a row, called from `viewDidLoad`.
func viewControllerSource(views: Int) -> String {
    let rows = views / 4
    var calls = ""
    var methods = ""
    for i in 0..<rows {
        calls += "        makeRow\(i)()\n"
        let widths = [60 + (7 * i) % 40, 80 + (13 * i) % 60, 50 + (5 * i) % 30]
        methods += """

            private func makeRow\(i)() {
                let container = UIView()
                container.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(container)
                let first = UILabel()
                let second = UILabel()
                let third = UILabel()
                for (k, label) in [first, second, third].enumerated() {
                    label.text = "Label \(i).\\(k + 1)"
                    label.translatesAutoresizingMaskIntoConstraints = false
                    container.addSubview(label)
                    NSLayoutConstraint.activate([
                        label.centerYAnchor.constraint(equalTo: container.centerYAnchor),
                        label.heightAnchor.constraint(equalToConstant: 20),
                    ])
                }
                first.widthAnchor.constraint(equalToConstant: \(widths[0])).isActive = true
                NSLayoutConstraint.activate([
                    first.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 8),
                    second.leadingAnchor.constraint(greaterThanOrEqualTo: first.trailingAnchor, constant: 10),
                    third.leadingAnchor.constraint(equalTo: second.trailingAnchor, constant: 10),
                    container.trailingAnchor.constraint(equalTo: third.trailingAnchor, constant: 8),
                    container.heightAnchor.constraint(equalToConstant: 44),
                    container.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    container.topAnchor.constraint(equalTo: view.topAnchor, constant: \(44 * i)),
                    container.widthAnchor.constraint(equalToConstant: 320),
                ])
            }

        """
    }
    return """
        import UIKit

        final class BenchViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
        \(calls)    }
        \(methods)}

        """
}

final class Discard: OutputSink {
    func write(_ text: String) {}
    func writeError(_ text: String) {}
    func flush() {}
}

func runImportSwift(views: Int) -> Double {
    let path = NSTemporaryDirectory() + "strutbench-\(views)/BenchViewController.swift"
    if !FileManager.default.fileExists(atPath: path) {
        try! FileManager.default.createDirectory(atPath: NSTemporaryDirectory() + "strutbench-\(views)", withIntermediateDirectories: true)
        try! viewControllerSource(views: views).write(toFile: path, atomically: true, encoding: .utf8)
    }
    let session = Session(sink: Discard())
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = session.run(line: "import \(path); layout")
    let elapsed = clock.now - start
    if outcome != .succeeded { print("import failed") }
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

installSwiftReader()
var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 3
if let k = arguments.firstIndex(of: "--runs"), k + 1 < arguments.count {
    runs = Int(arguments[k + 1]) ?? 3
    arguments.removeSubrange(k...(k + 1))
}
if arguments.isEmpty { arguments = ["import-swift:200", "import-swift:1000"] }
if arguments == ["--lines"] {
    print(viewControllerSource(views: 200).split(separator: "\n", omittingEmptySubsequences: false).count)
    exit(0)
}
for item in arguments {
    let parts = item.split(separator: ":")
    guard parts.first == "import-swift", let n = parts.count > 1 ? Int(parts[1]) : 200 else {
        print("unknown workload '\(item)': import-swift[:N]")
        exit(2)
    }
    let times = (0..<runs).map { _ in runImportSwift(views: n) }.sorted()
    let median = times[times.count / 2]
    print("{\"impl\": \"strut\", \"workload\": \"import-swift\", \"n\": \(n), \"ms\": \((median * 1000).rounded() / 1000)}")
}
