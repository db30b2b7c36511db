import Foundation
import Shell

/// Issue 55: `strut check` of a storyboard of N scenes (Examples/settings.storyboard's table
/// scene, each copy with ids of its own) on every device × both orientations × two text sizes
/// (48 configurations): milliseconds, reading the file included.
func runCheckStoryboard(scenes: Int) -> Double {
    let example = try! String(contentsOfFile: "Examples/settings.storyboard", encoding: .utf8)
    let lines = example.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = lines.firstIndex { $0.contains("<scene sceneID=\"set-scn\">") }!
    let end = lines[start...].firstIndex { $0.contains("</scene>") }!
    let scene = lines[start...end].joined(separator: "\n")
    let ids = try! NSRegularExpression(pattern: "\"([a-z]{3}-[a-z]{3}|settings)\"")
    var body = ""
    for k in 0..<scenes {
        body += ids.stringByReplacingMatches(in: scene, range: NSRange(scene.startIndex..., in: scene), withTemplate: "\"$1-\(k)\"") + "\n"
    }
    let head = lines[..<lines.firstIndex { $0.contains("<scenes>") }!].joined(separator: "\n")
        .replacingOccurrences(of: "initialViewController=\"nav-ctl\"", with: "")
    let document = head + "\n    <scenes>\n" + body + "    </scenes>\n</document>\n"
    let path = NSTemporaryDirectory() + "strutbench-check-\(scenes).storyboard"
    try! document.write(toFile: path, atomically: true, encoding: .utf8)
    var options = try! LayoutCheck.parse([path, "--content-sizes", "large,accessibilityExtraExtraExtraLarge"])
    options.format = "json"
    var check = LayoutCheck(options: options)
    let elapsed = timed { _ = check.run(); _ = check.report() }
    if !check.errors.isEmpty { print("check-storyboard: \(check.errors)") }
    return elapsed
}
