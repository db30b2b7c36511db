import LayoutEngine

extension IBDocument {
    /// The bars Xcode simulates over each view controller of a storyboard, by controller id:
    /// a controller's own simulated metrics win; otherwise it inherits the bars of the
    /// navigation and tab bar controllers it sits in (relationship segues) and, through a push
    /// or show segue, the navigation bar of the controller it is pushed from.
    static func simulatedBars(in root: Node) -> [String: SimulatedBars] {
        var own: [String: SimulatedMetrics] = [:]
        var extendsUnderOpaqueBars: Set<String> = []
        var containers: [String: SimulatedBars] = [:]
        var contained: [(from: String, to: String)] = []
        var pushed: [(from: String, to: String)] = []
        for scene in root.child("scenes")?.children("scene") ?? [] {
            for object in scene.child("objects")?.children ?? .empty {
                guard let id = object["id"], object.name != "placeholder" else { continue }
                own[id] = metrics(of: object)
                if object["extendedLayoutIncludesOpaqueBars"] == "YES" { extendsUnderOpaqueBars.insert(id) }
                switch object.name {
                case "navigationController":
                    var bars = SimulatedBars()
                    let bar = object.child("navigationBar", key: "navigationBar")
                    if object["navigationBarHidden"] != "YES" {
                        bars.top = bar?["largeTitles"] == "YES" || bar?["prefersLargeTitles"] == "YES" ? 96 : 44
                        bars.topIsOpaque = bar?["translucent"] == "NO"
                        // Where Xcode drew the bar says what status bar it drew above it.
                        if let y = bar?.child("rect", key: "frame")?["y"].flatMap(Double.init), y > 0, y <= 62 {
                            bars.statusBarHeight = y
                        }
                    }
                    if object["toolbarHidden"] == "NO" {
                        bars.bottom = 44
                        bars.bottomIsOpaque = object.child("toolbar", key: "toolbar")?["translucent"] == "NO"
                    }
                    containers[id] = bars
                case "tabBarController":
                    var bars = SimulatedBars()
                    bars.bottom = 49
                    bars.bottomIsOpaque = object.child("tabBar", key: "tabBar")?["translucent"] == "NO"
                    containers[id] = bars
                default:
                    break
                }
                for segue in object.descendants("segue") {
                    guard let destination = segue["destination"] else { continue }
                    switch segue["kind"] {
                    case "relationship": contained.append((id, destination))
                    case "show", "push": pushed.append((id, destination))
                    default: break
                    }
                }
            }
        }
        // Inherited bars, to a fixed point (chains of containers and pushes are short).
        var inherited: [String: SimulatedBars] = containers
        for _ in 0...(contained.count + pushed.count) {
            var changed = false
            for link in contained + pushed {
                guard let bars = inherited[link.from] else { continue }
                var current = inherited[link.to] ?? SimulatedBars()
                if bars.top > current.top {
                    current.top = bars.top
                    current.topIsOpaque = bars.topIsOpaque
                    current.statusBarHeight = bars.statusBarHeight
                }
                if bars.bottom > current.bottom { current.bottom = bars.bottom; current.bottomIsOpaque = bars.bottomIsOpaque }
                if current != inherited[link.to] { inherited[link.to] = current; changed = true }
            }
            if !changed { break }
        }
        var result: [String: SimulatedBars] = [:]
        for (id, metrics) in own {
            var bars = containers[id] == nil ? (inherited[id] ?? SimulatedBars()) : SimulatedBars()
            bars.statusBar = metrics.status
            if metrics.top != nil { bars.statusBarHeight = nil }
            if let top = metrics.top { bars.top = top; bars.topIsOpaque = metrics.topIsOpaque }
            if let bottom = metrics.bottom { bars.bottom = bottom; bars.bottomIsOpaque = metrics.bottomIsOpaque }
            // `extendedLayoutIncludesOpaqueBars`: the view goes under opaque bars as under
            // translucent ones.
            if extendsUnderOpaqueBars.contains(id) { bars.topIsOpaque = false; bars.bottomIsOpaque = false }
            result[id] = bars
        }
        return result
    }

    /// A controller's (or a xib's) own simulated metrics: the status bar on or off, a top bar's
    /// and a bottom bar's height (0 for a `nil` one), and whether each bar is opaque
    /// (`translucent="NO"`: by UIKit's default, `extendedLayoutIncludesOpaqueBars` off, the
    /// view is laid out beside an opaque bar, not under it); nil where it says nothing.
    static func metrics(of node: Node) -> SimulatedMetrics {
        var result = SimulatedMetrics()
        for child in node.children {
            switch child["key"] {
            case "simulatedStatusBarMetrics", "statusBar":
                result.status = child.name != "nil" && child["statusBarStyle"] != "none"
            case "simulatedTopBarMetrics":
                switch child.name {
                case "nil": result.top = 0
                case "simulatedNavigationBarMetrics": result.top = child["prompted"] == "YES" ? 74 : 44
                default: result.top = 44
                }
                result.topIsOpaque = child["translucent"] == "NO"
            case "simulatedBottomBarMetrics":
                switch child.name {
                case "nil": result.bottom = 0
                case "simulatedTabBarMetrics": result.bottom = 49
                default: result.bottom = 44
                }
                result.bottomIsOpaque = child["translucent"] == "NO"
            default:
                if child.name == "simulatedMetricsContainer" {
                    let inner = metrics(of: child)
                    if let status = inner.status { result.status = status }
                    if let top = inner.top { result.top = top; result.topIsOpaque = inner.topIsOpaque }
                    if let bottom = inner.bottom { result.bottom = bottom; result.bottomIsOpaque = inner.bottomIsOpaque }
                }
            }
        }
        return result
    }

    struct SimulatedMetrics {
        var status: Bool?
        var top: Double?
        var bottom: Double?
        var topIsOpaque = false
        var bottomIsOpaque = false
    }

    /// The view a xib's File's Owner shows (its `view` outlet), which Xcode lays out on the
    /// device with its safe area.
    static func ownersView(in root: Node) -> String? {
        let owner = root.child("objects")?.children("placeholder").first { $0["placeholderIdentifier"] == "IBFilesOwner" }
        return owner?.child("connections")?.children("outlet").first { $0["property"] == "view" }?["destination"]
    }
}

extension Node {
    /// Every element below this one with the name, in document order.
    func descendants(_ name: String) -> [Node] {
        var found: [Node] = []
        func walk(_ node: Node) {
            for child in node.children {
                if child.name == name { found.append(child) }
                walk(child)
            }
        }
        walk(self)
        return found
    }
}
