import Foundation
import InterfaceBuilder
import LayoutEngine

// ibcheck [-v] [--measured-text] FILE_OR_FOLDER...: imports each Interface Builder document as
// `import` does into an empty hierarchy and prints the share of views that land on the frame
// Xcode stored. Views Xcode marks misplaced or ambiguous are counted apart. -v lists every view
// that differs. --measured-text also imports each with labels and buttons sized by strut's
// measure of their text (`import FILE with measured text`) and prints both figures.
var verbose = false
var measured = false
var samples = false
var paths: [String] = []
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "-v": verbose = true
    case "--measured-text": measured = true
    // Tab-separated, one line per label or button strut measured: what the text measure's
    // fit reads (Scripts/fit-text).
    case "--text-samples": measured = true; samples = true
    default: paths.append(argument)
    }
}
if samples { print(["document", "id", "element", "family", "weight", "size", "lines", "scale", "storedWidth", "storedHeight", "width", "height", "apart", "textWidth", "text", "metric"].joined(separator: "\t")) }
var measuredMatching = 0, measuredCounted = 0
var files: [String] = []
for path in paths {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
    if isFolder.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted().map { path + "/" + $0 }
    } else {
        files.append(path)
    }
}
guard !files.isEmpty else {
    print("ibcheck: no .xib or .storyboard found in \(paths.joined(separator: " "))")
    exit(0)
}
var matching = 0, counted = 0, excused = 0, failed = 0
for file in files {
    let name = (file as NSString).lastPathComponent
    do {
        let check = try FrameCheck.run(try Data(contentsOf: URL(fileURLWithPath: file)))
        matching += check.matching
        counted += check.counted.count
                let apart = check.entries.count - check.counted.count
        if !samples { print("\(check.matching)/\(check.counted.count)\(apart > 0 ? " (+\(apart) apart)" : "")  \(name)") }
        excused += apart
        if verbose { for line in check.differences { print("    " + line) } }
        if measured {
            let text = try FrameCheck.run(try Data(contentsOf: URL(fileURLWithPath: file)), measuredText: true)
            measuredMatching += text.matching
            measuredCounted += text.counted.count
            if verbose { for line in text.differences { print("    measured: " + line) } }
            for sample in text.samples where samples {
                let escaped = sample.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
                let fields: [String] = [name, sample.id, sample.element, sample.face.family.rawValue, sample.face.weight.rawValue,
                                        formatNumber(sample.size), String(sample.lines), formatNumber(sample.scale),
                                        formatNumber(sample.stored.width), formatNumber(sample.stored.height),
                                        formatNumber(sample.measured.width), formatNumber(sample.measured.height),
                                        sample.isApart ? "1" : "0",
                                        // The text's width on one line, unrounded.
                                        String(format: "%.3f", sample.font.width(of: sample.text)), escaped,
                                        sample.isEarly ? "ios13" : "uikit"]
                print(fields.joined(separator: "\t"))
            }
        }
    } catch {
        failed += 1
        print("error  \(name): \(error)")
    }
}
if samples { exit(failed == 0 ? 0 : 1) }
let share = counted == 0 ? 0 : Double(matching) / Double(counted) * 100
print(String(format: "ibcheck: %d of %d views on Xcode's frame (%.1f%%) in %d documents; %d set apart (marked misplaced or ambiguous by Xcode, a container controller's own bar, or a frame for another size class); %d documents not read",
             matching, counted, share, files.count, excused, failed))
if measured {
    let measuredShare = measuredCounted == 0 ? 0 : Double(measuredMatching) / Double(measuredCounted) * 100
    print(String(format: "ibcheck with measured text: %d of %d views on Xcode's frame (%.1f%%), against %.1f%% with Xcode's sizes of text",
                 measuredMatching, measuredCounted, measuredShare, share))
}
