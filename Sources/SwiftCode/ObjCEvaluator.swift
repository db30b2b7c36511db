import LayoutEngine
import VisualFormat

/// Runs Objective-C layout code (ObjCParser's classes) on concrete values into a `CodeWorld`,
/// as the Swift evaluator runs Swift: the main class's entry points in UIKit's order, its
/// methods and lazy getters, C control flow, message sends to UIKit's classes, and the
/// constraint APIs: `constraintWithItem:…`, `constraintsWithVisualFormat:…`, anchors, Masonry.
final class ObjCEvaluator: ValueReading {
    struct Frame {
        var this: CodeValue
        var className: String?
        var scopes: [[String: CodeValue]] = [[:]]
    }

    struct Block {
        var parameters: [String]
        var body: [ObjCStmt]
        var captured: Frame
    }

    let files: [ObjCFile]
    let world: CodeWorld
    var classes: [String: ObjCClass] = [:]
    var globals: [String: ObjCExpr] = [:]
    var frames: [Frame] = []
    var fields: [String: [String: CodeValue]] = [:]
    var blocks: [Block] = []
    var snapChains: [SnapChain] = []
    var depth = 0
    var steps = 0
    var stepLimit = 200_000
    var aborted: CodeError?
    var mainClass: String?
    var fileName = ""
    /// Constraint-making places run (to list those never reached).
    var reached: Set<String> = []
    var said: Set<String> = []
    var viewNameHint: String?
    var inLayout = false
    /// Selectors of the files' methods run so far.
    var ran: Set<String> = []
    /// Where the Masonry line being read starts (its `make`).
    var currentPlace: ObjCPlace?

    init(files: [ObjCFile], world: CodeWorld) {
        self.files = files
        self.world = world
        for file in files {
            for type in file.classes {
                if var existing = classes[type.name] {
                    existing.methods += type.methods
                    existing.properties += type.properties
                    existing.superclass = existing.superclass ?? type.superclass
                    classes[type.name] = existing
                } else {
                    classes[type.name] = type
                }
            }
            for (name, value) in file.globals { globals[name] = value }
        }
    }

    var frame: Frame {
        get { frames[frames.count - 1] }
        set { frames[frames.count - 1] = newValue }
    }

    // MARK: - Classes

    func chain(of name: String) -> [String] {
        var chain: [String] = []
        var next: String? = name
        while let current = next, let type = classes[current], !chain.contains(current) {
            chain.append(current)
            next = type.superclass
        }
        return chain
    }

    /// The UIKit class a class of the files comes from. A `.m` alone lacks its `@interface`
    /// (the header has it): then the class's name and methods say (`…Controller` or
    /// `viewDidLoad`, `…Cell`, else a view), and `guessed` holds it to say so.
    func uikitAncestor(of name: String) -> String? {
        guard let last = chain(of: name).last, let type = classes[last] else { return nil }
        if let superclass = type.superclass { return superclass }
        let selectors = Set(type.methods.map(\.selector))
        if last.hasSuffix("Controller") || selectors.contains("viewDidLoad") || selectors.contains("loadView") { return "UIViewController" }
        if last.hasSuffix("CollectionViewCell") { return "UICollectionViewCell" }
        if last.hasSuffix("Cell") || last.hasSuffix("Cells") || selectors.contains("initWithStyle:reuseIdentifier:")
            || selectors.contains("setSelected:animated:") { return "UITableViewCell" }
        if last.hasSuffix("View") || last.hasSuffix("Bar") || selectors.contains("initWithFrame:") || selectors.contains("layoutSubviews")
            || selectors.contains("awakeFromNib") { return "UIView" }
        return nil
    }

    func isController(_ name: String) -> Bool { uikitAncestor(of: name)?.hasSuffix("Controller") ?? false }

    func mainClass(stem: String) -> String? {
        let candidates = files.flatMap(\.classes).map(\.name).filter { name in
            guard let ancestor = uikitAncestor(of: name) else { return false }
            return ancestor.hasPrefix("UI") || ancestor.hasSuffix("View") || ancestor.hasSuffix("Cell") || ancestor.hasSuffix("Controller")
        }
        var seen: Set<String> = []
        let unique = candidates.filter { seen.insert($0).inserted }
        if stem.hasPrefix("type:") { return unique.first { $0 == stem.dropFirst(5) } }
        if let named = unique.first(where: { stem == $0 || stem.hasSuffix("-" + $0) }) { return named }
        if let controller = unique.first(where: isController) { return controller }
        let subclassed = Set(classes.values.compactMap(\.superclass))
        return unique.first { !subclassed.contains($0) } ?? unique.first
    }

    func method(_ selector: String, of className: String, after superOf: String? = nil) -> (ObjCMethod, String)? {
        var owners = chain(of: className)
        if let superOf, let k = owners.firstIndex(of: superOf) { owners = Array(owners[(k + 1)...]) }
        for owner in owners {
            if let found = classes[owner]!.methods.first(where: { $0.selector == selector && !$0.isClassMethod }) { return (found, owner) }
        }
        return nil
    }

    func dynamicClass(of value: CodeValue) -> String? {
        switch value {
        case .controller: return mainClass
        case let .view(name):
            if name == "root" { return mainClass.flatMap { isController($0) ? nil : $0 } }
            return world.className(of: name).flatMap { classes[$0] != nil ? $0 : nil }
        default: return nil
        }
    }

    func key(_ value: CodeValue) -> String {
        switch value {
        case let .view(name): name
        case .controller: "@controller"
        default: "@other"
        }
    }

    // MARK: - Running

    func runMain(_ name: String) {
        mainClass = name
        let controller = isController(name)
        let this: CodeValue = controller ? .controller : .view("root")
        construct(name, this: this, initializer: nil, arguments: [])
        let entries = controller
            ? ["loadView", "viewDidLoad", "viewWillAppear:", "updateViewConstraints", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear:"]
            : ["updateConstraints", "layoutSubviews"]
        for selector in entries where aborted == nil {
            if selector == "layoutSubviews" || selector == "viewWillLayoutSubviews" { world.flush() }
            if selector == "layoutSubviews", uikitAncestor(of: name)?.hasSuffix("TableViewCell") == true { world.sizeTableCell(name) }
            _ = send(selector, to: this, arguments: [], at: nil)
        }
        // `configure`, `setupViews`, …: called by a superclass outside the files (a form
        // framework's cell), run as it would, and said.
        if classes[name]?.superclass.map({ !$0.hasPrefix("UI") }) ?? true {
            for found in classes[name]!.methods where !found.isClassMethod && !found.selector.contains(":") && !ran.contains(found.selector)
                && ["setup", "setUp", "configure", "layout", "make", "build", "prepare", "update", "init"].contains(where: found.selector.hasPrefix)
                && !entries.contains(found.selector) && found.selector != "init" {
                say(found.place, found.selector, "`\(found.selector)`: called by a superclass outside the files read; run as it would call it")
                _ = invoke(found, owner: name, this: this, arguments: [], at: found.place)
            }
        }
    }

    /// An object of a class of the files: outlets stand in, then the initializer UIKit runs.
    func construct(_ name: String, this: CodeValue, initializer: String?, arguments: [CodeValue]) {
        for owner in chain(of: name).reversed() {
            for property in classes[owner]!.properties where property.outlet {
                let uikit = SwiftEvaluator.uikitViewClasses.contains(property.type) ? property.type : SwiftEvaluator.outsideViewClass(property.type)
                guard let uikit else { continue }
                let (kind, documentClass) = ViewKind.of(className: uikit)
                let location = place(property.place)
                let view = world.makeView(className: property.type, kind: kind, documentClass: documentClass, name: property.name, at: location)
                world.setProperty(.autoresizing(false), of: view, at: location)
                world.add(view, to: "root", location: location)
                say(property.place, property.name, "`\(property.name)`: an outlet a nib makes; it stands under root, placed by this code's constraints only")
                fields[key(this), default: [:]][property.name] = .view(view)
                fields[key(this), default: [:]]["_" + property.name] = .view(view)
            }
        }
        let wanted = initializer.map { [$0] } ?? (isController(name) ? ["init", "initWithNibName:bundle:"]
            : ["initWithFrame:", "initWithStyle:reuseIdentifier:", "initWithReuseIdentifier:", "init"])
        for selector in wanted {
            if method(selector, of: name) != nil {
                _ = send(selector, to: this, arguments: selector == "initWithFrame:" && arguments.isEmpty ? [.rect(Rect(x: 0, y: 0, width: 0, height: 0))] : arguments, at: nil)
                return
            }
        }
        if method("initWithCoder:", of: name) != nil { _ = send("initWithCoder:", to: this, arguments: [.unknown("~")], at: nil) }
        _ = send("awakeFromNib", to: this, arguments: [], at: nil)
    }

    func invoke(_ method: ObjCMethod, owner: String, this: CodeValue, arguments: [CodeValue], at place: ObjCPlace?) -> CodeValue {
        ran.insert(method.selector)
        guard depth < 12 else {
            if let place { say(place, method.selector, "calls nested deeper than 12 (methods calling each other?): not followed") }
            return .unknown("")
        }
        depth += 1
        defer { depth -= 1 }
        var scope: [String: CodeValue] = [:]
        for (k, parameter) in method.parameters.enumerated() { scope[parameter] = k < arguments.count ? arguments[k] : .unknown("~") }
        frames.append(Frame(this: this, className: owner, scopes: [scope]))
        defer { frames.removeLast() }
        if case let .returned(value) = run(method.body) { return value }
        return .nothing
    }

    func callBlock(_ index: Int, _ arguments: [CodeValue]) -> CodeValue {
        guard depth < 12, index < blocks.count else { return .unknown("") }
        depth += 1
        defer { depth -= 1 }
        var inner = blocks[index].captured
        var scope: [String: CodeValue] = [:]
        for (k, name) in blocks[index].parameters.enumerated() where k < arguments.count { scope[name] = arguments[k] }
        inner.scopes.append(scope)
        frames.append(inner)
        defer { frames.removeLast() }
        if case let .returned(value) = run(blocks[index].body) { return value }
        return .nothing
    }

    /// `layoutIfNeeded`: a layout pass, then each view of the files' classes on screen runs its
    /// own `layoutSubviews` (whose `[super layoutSubviews]` lays out again), as UIKit does.
    func layoutPass() {
        world.layoutPass()
        guard !inLayout else { return }
        inLayout = true
        defer { inLayout = false }
        for name in world.liveViews where name != "root" {
            guard let type = world.className(of: name), classes[type] != nil, method("layoutSubviews", of: type) != nil else { continue }
            _ = send("layoutSubviews", to: .view(name), arguments: [], at: nil)
        }
        world.layoutPass()
    }

    // MARK: - Statements

    func run(_ statements: [ObjCStmt]) -> Flow {
        frame.scopes.append([:])
        defer { frame.scopes.removeLast() }
        for statement in statements {
            if aborted != nil { return .broke }
            steps += 1
            if steps > stepLimit {
                aborted = CodeError(message: "\(fileName): the code runs past \(stepLimit) steps (an endless loop?); nothing was imported")
                return .broke
            }
            let flow = run(statement)
            if case .next = flow { continue }
            return flow
        }
        return .next
    }

    func run(_ statement: ObjCStmt) -> Flow {
        switch statement {
        case let .expr(expr, text):
            let value = evaluate(expr)
            if case let .unknown(reason) = value, !reason.isEmpty, !reason.hasPrefix("~") {
                say(expr.place, String(text.prefix(80)), reason)
            }
            return .next
        case let .declare(name, type, value, _):
            frame.scopes[frame.scopes.count - 1][name] = value.map { evaluate($0, naming: name) } ?? (type == "CGFloat" || type == "int" ? .number(0) : .nothing)
            return .next
        case let .ifElse(condition, then, otherwise, place):
            let decided = truth(evaluate(condition))
            if decided == nil { say(place, "if", "a condition strut cannot decide: the first branch is taken") }
            if decided ?? true { return run(then) }
            return otherwise.map { run($0) } ?? .next
        case let .forC(initial, condition, step, body, _):
            frame.scopes.append([:])
            defer { frame.scopes.removeLast() }
            for statement in initial { _ = run(statement) }
            while aborted == nil {
                if let condition, truth(evaluate(condition)) != true { break }
                let flow = run(body)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
                if let step { _ = evaluate(step) }
            }
            return .next
        case let .forIn(name, collection, body, place):
            let items: [CodeValue]
            switch evaluate(collection) {
            case let .array(list): items = list
            case let .dictionary(pairs): items = pairs.map { .string($0.0) }
            default:
                say(place, "for", "a loop over values strut does not know: not run")
                return .next
            }
            for item in items where aborted == nil {
                frame.scopes.append([name: item])
                let flow = run(body)
                frame.scopes.removeLast()
                if case .broke = flow { break }
                if case .returned = flow { return flow }
            }
            return .next
        case let .whileLoop(condition, body, _):
            while aborted == nil, truth(evaluate(condition)) == true {
                let flow = run(body)
                if case .broke = flow { break }
                if case .returned = flow { return flow }
            }
            return .next
        case let .block(list):
            return run(list)
        case let .returnValue(value, _):
            return .returned(value.map { evaluate($0) } ?? .nothing)
        case .breakLoop:
            return .broke
        case .continueLoop:
            return .continued
        case let .unread(why, place):
            say(place, "", why)
            return .next
        }
    }

    func truth(_ value: CodeValue) -> Bool? {
        switch value {
        case let .bool(b): return b
        case let .number(n): return n != 0
        case .nothing: return false
        case .view, .guide, .controller, .constraint, .array, .dictionary, .string, .anchor: return true
        default: return nil
        }
    }

    // MARK: - Bookkeeping

    func place(_ p: ObjCPlace) -> CodeLayout.Location { CodeLayout.Location(file: p.file, line: p.line, column: p.column) }

    func say(_ p: ObjCPlace, _ code: String, _ reason: String) {
        guard said.insert("\(p.line):\(p.column):\(reason)").inserted else { return }
        world.skipped.append(CodeLayout.Skipped(location: place(p), code: code, reason: reason))
    }

    func reasonOf(_ value: CodeValue) -> String {
        if case let .unknown(reason) = value, !reason.hasPrefix("~"), !reason.isEmpty { return reason }
        return "a value strut does not know"
    }

    func nameConstraint(_ value: CodeValue, after property: String) {
        if case let .constraint(index) = value { world.name(index, after: property) }
    }
}
