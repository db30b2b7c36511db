import LayoutEngine
import Shell

/// The views and constraints that running layout code makes, kept in step with a layout engine
/// as the code runs, so that a layout pass in the middle of the code (`layoutIfNeeded()`) lays
/// out what exists by then and its frames can be read. Language-neutral: a reader of any
/// language calls these operations in the order its code makes them.
///
/// A view enters the engine when it reaches the engine's tree (added to a view that is in it);
/// until then it and the subviews added to it wait. A constraint enters the engine at the next
/// layout pass or at the end, once its views are in: by then it has the name of the property
/// that keeps it, and whether it is active.
final class CodeWorld {
    struct ViewRecord {
        var name: String
        var className: String
        var kind: ViewKind
        /// Properties set before it entered the engine, in order.
        var properties: [ViewProperty]
        var parent: String?
        /// When it was added to its superview (its place among the siblings waiting with it).
        var added = 0
        var live = false
        var location: CodeLayout.Location
        /// Made by UIKit, not by the code (a scroll view's layout guides).
        var uikit = false
    }

    struct ConstraintRecord {
        var spec: ConstraintSpec
        var location: CodeLayout.Location
        var active = false
        var live = false
        /// Made by SnapKit for this view (what `remakeConstraints` removes).
        var snapView: String?
        var removed = false
        /// Made by UIKit, not by the code (a scroll view's guide on its edges).
        var uikit = false
    }

    let engine: LayoutEngine
    private(set) var views: [String: ViewRecord] = [:]
    private(set) var viewOrder: [String] = []
    private(set) var constraints: [ConstraintRecord] = []
    var skipped: [CodeLayout.Skipped] = []
    /// What strut decided where UIKit's caller decides (`CodeLayout.notes`).
    var notes: [String] = []
    private var perLine: [String: Int] = [:]
    /// Frames the code gave views (`UIView(frame:)`, `frame = …`): what `bounds` reads before
    /// a layout pass, and what a subview's frame is measured against (a nib's content view).
    private(set) var codeFrames: [String: Rect] = [:]
    private var addCount = 0
    private var nextNumber: [String: Int] = [:]
    /// Views added to one not on screen yet, by that superview, in the order added.
    private var waiting: [String: [String]] = [:]

    init(engine: LayoutEngine) {
        self.engine = engine
    }

    // MARK: - Views

    func isView(_ name: String) -> Bool { name == "root" || views[name] != nil }

    func className(of view: String) -> String? { views[view]?.className }

    /// Whether the code gave a button a configuration (and did not take it off since): its
    /// title's font is then the configuration's, and `titleLabel.font` changes nothing.
    func hasConfiguration(_ view: String) -> Bool {
        if views[view]?.live == true { return engine.hierarchy.view(named: view)?.buttonConfiguration != nil }
        for property in (views[view]?.properties ?? []).reversed() {
            if case let .configuration(style) = property { return style != nil }
        }
        return false
    }

    /// Gives a button a configuration (`UIButton(configuration:)`, `configuration = …`).
    func configure(_ view: String, _ setup: ButtonSetup, at location: CodeLayout.Location) {
        for p in setup.properties { setProperty(p, of: view, at: location) }
    }

    /// A button's `configuration` or `font` (its title label's) assigned in code, either
    /// language: a configuration (or nil) given to a button, a font that a configuration
    /// overrides. Nil for any other assignment; a configuration of another view is nothing.
    func setButtonProperty(_ view: String, _ property: String, _ value: CodeValue, at location: CodeLayout.Location) -> CodeValue? {
        switch property {
        case "font": return hasConfiguration(view) ? .nothing : nil
        case "configuration": break
        default: return nil
        }
        guard views[view]?.kind == .button else { return .nothing }
        switch value {
        case let .buttonConfiguration(setup): configure(view, setup, at: location)
        case .nothing: setProperty(.configuration(nil), of: view, at: location)
        default: return .unknown("a button configuration strut cannot read")
        }
        return .nothing
    }

    /// A `UILayoutGuide` the code made (a view of kind guide here).
    func isGuide(_ name: String) -> Bool { views[name]?.kind == .guide }

    /// Subviews the code added, in the order added.
    func children(of view: String) -> [String] {
        viewOrder.filter { views[$0]?.parent == view }.sorted { abs(views[$0]!.added) < abs(views[$1]!.added) }
    }

    func parent(of view: String) -> String? { views[view]?.parent }

    /// The views on screen, in the order made.
    var liveViews: [String] { viewOrder.filter { views[$0]?.live == true } }

    /// Whether a view the code made is a `UITextView` (a label kind here).
    func isTextView(_ name: String) -> Bool { views[name]?.kind == .label && views[name]?.className == "UITextView" }

    /// A `UITextField` (of UIKit's class: a subclass may draw its own border and size itself).
    func isTextField(_ name: String) -> Bool { controlClass(of: name) == Control.field.className }

    /// The class of a plain-kind view the code made (a control's, or a subclass's), as it
    /// stands: in the engine once the view is on screen (its properties are there then: a
    /// field's border set after it was added was dropped when only the record was read).
    func controlClass(of name: String) -> String? {
        guard let record = views[name], record.kind == .view else { return nil }
        if record.live { return engine.hierarchy.view(named: name)?.documentClass }
        return record.properties.lazy.compactMap { if case let .documentClass(name) = $0 { name } else { nil } }.last
    }

    /// A text field's `font` or `borderStyle` assigned in code, either language: the border's
    /// case named after `borderPrefix` (`UITextBorderStyle` in Objective-C). Nil for any other
    /// assignment; a `borderStyle` of another view is nothing.
    func setTextFieldProperty(_ view: String, _ property: String, _ value: CodeValue, borderPrefix: String,
                              at location: CodeLayout.Location) -> CodeValue? {
        guard property == "font" || property == "borderStyle" else { return nil }
        guard isTextField(view) else { return property == "borderStyle" ? .nothing : nil }
        switch (property, value) {
        case let ("font", .font(properties)):
            // Its size or text style; its face and weight do not change its height here.
            for p in properties {
                switch p {
                case .font, .textStyle: setProperty(p, of: view, at: location)
                default: break
                }
            }
            return .nothing
        case let ("borderStyle", .member(name)) where name.hasPrefix(borderPrefix):
            let word = String(name.dropFirst(borderPrefix.count))
            guard let border = TextFieldBorder(rawValue: word.prefix(1).lowercased() + word.dropFirst()) else { return .unknown("~") }
            setProperty(.borderStyle(border), of: view, at: location)
            return .nothing
        default:
            return nil
        }
    }

    /// The fixed size of a control of UIKit's class that has one (a switch, a stepper).
    func fixedFrameSize(of name: String) -> EdgeSize? {
        controlClass(of: name).flatMap(Control.init(className:))?.fixedFrameSize
    }

    /// A `UIActivityIndicatorView` of UIKit's class.
    func isSpinner(_ name: String) -> Bool { controlClass(of: name) == Control.spinner.className }

    /// An activity indicator's style set in code, either language (`.large`,
    /// `UIActivityIndicatorViewStyleWhiteLarge`); `sized`: by `init(style:)`, which "sizes the
    /// returned instance according to the specified style" (its frame too). Nothing for another
    /// view; a style that is none of UIKit's is said.
    func setSpinnerStyle(_ view: String, _ value: CodeValue, sized: Bool, at location: CodeLayout.Location) -> CodeValue {
        guard isSpinner(view) else { return .nothing }
        guard case let .member(name) = value, let style = SpinnerStyle(uikitName: name) else {
            return .unknown("an activity indicator style strut does not know")
        }
        setProperty(.spinnerStyle(style), of: view, at: location)
        if sized {
            let side = Control.spinnerSize(style)
            setProperty(.frame(Rect(x: 0, y: 0, width: side, height: side), within: nil), of: view, at: location)
        }
        return .nothing
    }

    /// A `UISegmentedControl` of UIKit's class (a subclass may size its segments otherwise).
    func isSegmentedControl(_ name: String) -> Bool { controlClass(of: name) == Control.segmented.className }

    /// A segmented control's segments as the code has made them so far.
    func segments(of name: String) -> [String] {
        if views[name]?.live == true, let view = engine.hierarchy.view(named: name) { return view.segments }
        for case let .segments(titles) in (views[name]?.properties ?? []).reversed() { return titles }
        return []
    }

    /// A segmented control's segments changed in code, either language: `items` (each a title,
    /// an image's segment an empty one), one inserted, removed or retitled (`insert`, `remove`,
    /// `retitle` with its index), all removed, `apportionsSegmentWidthsByContent`. Nothing for a
    /// view that is no UISegmentedControl of UIKit's class; an index out of range is said.
    enum SegmentChange {
        case items([CodeValue]), insert(CodeValue, at: Double?), remove(at: Double?), retitle(CodeValue, at: Double?), removeAll
        case apportions(Bool)
    }

    func changeSegments(_ view: String, _ change: SegmentChange, at location: CodeLayout.Location) -> CodeValue {
        guard isSegmentedControl(view) else { return .nothing }
        func title(_ value: CodeValue) -> String {
            if case let .string(text) = value { return text }
            return ""
        }
        var titles = segments(of: view)
        func index(_ k: Double?, upTo limit: Int) -> Int? {
            guard let k, k >= 0, k == k.rounded(), k <= Double(limit) else { return nil }
            return Int(k)
        }
        switch change {
        case let .items(values):
            titles = values.map(title)
            // UIKit sizes a segmented control made with items to fit them ("automatically sized
            // to fit its content"): its frame, with the point its frame sticks out below.
            // (Without a width, an image's segment among them, it keeps no frame and no insets.)
            let control = Control.segmented
            if let width = View.segmentedWidth(titles, apportions: false, metric: engine.hierarchy.textMetric, scale: engine.hierarchy.displayScale) {
                setProperty(.alignmentInsets(control.alignmentInsets), of: view, at: location)
                let size = control.frameSize(width: width, height: control.intrinsicSize.height!)
                setProperty(.frame(Rect(x: 0, y: 0, width: size.width, height: size.height), within: nil), of: view, at: location)
            }
        case let .insert(value, k):
            // UIKit takes an index past the end as the end.
            let at = k.map { min(max($0, 0), Double(titles.count)) }
            guard let i = index(at, upTo: titles.count) else { return .unknown("a segment's index strut does not know") }
            titles.insert(title(value), at: i)
        case let .remove(k):
            guard let i = index(k, upTo: titles.count - 1) else { return .unknown("a segment's index that is not one of its \(titles.count)") }
            titles.remove(at: i)
        case let .retitle(value, k):
            guard let i = index(k, upTo: titles.count - 1) else { return .unknown("a segment's index that is not one of its \(titles.count)") }
            titles[i] = title(value)
        case .removeAll: titles = []
        case let .apportions(on):
            setProperty(.apportionsSegments(on), of: view, at: location)
            return .nothing
        }
        setProperty(.segments(titles), of: view, at: location)
        return .nothing
    }

    /// Whether strut measures the view's text: labels and buttons (and text views, labels here).
    func measuresText(_ view: String) -> Bool {
        guard let record = views[view] else { return false }
        return record.kind == .label || record.kind == .button
    }

    func isLive(_ name: String) -> Bool {
        if name == "root" { return true }
        if let record = views[name] { return record.live }
        // A system guide (`card.safeAreaLayoutGuide`) lives with its owner.
        if let dot = name.firstIndex(of: ".") { return isLive(String(name[..<dot])) }
        return engine.hierarchy.view(named: name) != nil
    }

    /// A new view or guide, named after what holds it (`titleLabel`), or its class; a second of
    /// the same name gets a number.
    func makeView(className: String, kind: ViewKind, documentClass: String?, name hint: String?, at location: CodeLayout.Location) -> String {
        var base = hint ?? (className.hasPrefix("UI") ? String(className.dropFirst(2)) : className)
        if hint == nil, let first = base.first { base = first.lowercased() + base.dropFirst() }
        var name = base
        // The next number to try for a base name is remembered: code that makes thousands of
        // views of one name stays linear.
        var k = nextNumber[base] ?? 2
        while name == "root" || views[name] != nil || engine.hierarchy.view(named: name) != nil {
            name = "\(base)\(k)"
            k += 1
        }
        nextNumber[base] = k
        var properties: [ViewProperty] = []
        if let documentClass { properties.append(.documentClass(documentClass)) }
        // A UITextView scrolls (no intrinsic size) until the code turns scrolling off; a view's
        // hugging, not a label's.
        if kind == .label, documentClass == "UITextView" {
            properties += [.textView(.scrolls), .textStyle(.body), .hugging(.horizontal, 250), .hugging(.vertical, 250)]
        } else if kind == .label {
            // A label made in code hugs at 250, as every view does; 251 is what Interface
            // Builder gives the labels dropped on its canvas (UIKit logs `Hug:250` for one
            // made with UILabel()).
            properties += [.hugging(.horizontal, 250), .hugging(.vertical, 250)]
        }
        // Made in code, a view translates its autoresizing mask into constraints until told not to.
        if kind != .guide { properties.append(.autoresizing(true)) }
        // A UITextField has no border and the body style's font until the code says otherwise
        // (UIKit's defaults): a line of that font high.
        if kind == .view, documentClass == "UITextField" { properties += [.borderStyle(.none), .textStyle(.body)] }
        // A switch sticks out of its alignment rectangle in code as in documents (its frame is 51
        // wide for the 49 that constraints place), and UIKit makes it, and a stepper, at its
        // size whatever frame it is given (`Control.fixedFrameSize`). (A segmented
        // control made with items is sized to fit them: `changeSegments`. Other controls start
        // with no frame, and their insets would make a frame of nothing smaller than nothing.)
        if kind == .view, let control = documentClass.flatMap(Control.init(className:)), let size = control.fixedFrameSize {
            if control.alignmentInsets != .zero { properties.append(.alignmentInsets(control.alignmentInsets)) }
            properties.append(.frame(Rect(x: 0, y: 0, width: size.width, height: size.height), within: nil))
        }
        views[name] = ViewRecord(name: name, className: className, kind: kind, properties: properties, location: location)
        viewOrder.append(name)
        return name
    }

    func setProperty(_ property: ViewProperty, of view: String, at location: CodeLayout.Location) {
        var property = property
        // A switch or a stepper keeps its size whatever frame it is given; only the origin moves it.
        if case let .frame(rect, within) = property, let size = fixedFrameSize(of: view) {
            property = .frame(Rect(x: rect.x, y: rect.y, width: size.width, height: size.height), within: within)
        }
        if case let .frame(rect, within) = property {
            codeFrames[view] = rect
            if within == nil, let parent = views[view]?.parent, let outer = codeFrames[parent] {
                property = .frame(rect, within: EdgeSize(width: outer.width, height: outer.height))
            }
        }
        if view == "root" || views[view]?.live == true {
            attempt(at: location, "") { try engine.setProperty(property, of: view) }
        } else {
            views[view]?.properties.append(property)
        }
    }

    /// `addSubview`, `addArrangedSubview`, `insertSubview(_:at:)`, `addLayoutGuide`.
    func add(_ child: String, to parent: String, at index: Int? = nil, location: CodeLayout.Location) {
        guard child != "root", child != parent else { return }
        addCount += 1
        if views[child]?.live == true {
            guard isLive(parent) else {
                skipped.append(CodeLayout.Skipped(location: location, code: child, reason: "a view moved under one that is not on screen yet; left where it was"))
                return
            }
            attempt(at: location, "") { try engine.moveView(child, to: parent, at: index, keepingConstraints: true) }
            return
        }
        if let old = views[child]?.parent { waiting[old]?.removeAll { $0 == child } }
        views[child]?.parent = parent
        views[child]?.added = index.map { _ in -addCount } ?? addCount
        waiting[parent, default: []].append(child)
        // A frame given before the view was added is measured against the frame its new
        // superview was given in code.
        if let outer = codeFrames[parent], let k = views[child]?.properties.lastIndex(where: { if case .frame(_, nil) = $0 { true } else { false } }),
           case let .frame(rect, _) = views[child]!.properties[k] {
            views[child]!.properties[k] = .frame(rect, within: EdgeSize(width: outer.width, height: outer.height))
        }
        if isLive(parent) { enter(child, at: index, location: location) }
    }

    private func enter(_ name: String, at index: Int?, location: CodeLayout.Location) {
        guard var record = views[name], let parent = record.parent else { return }
        // Its class and autoresizing as it is made; each other property on its own, so that one
        // strut refuses is said and the view still made.
        let made = record.properties.filter { if case .documentClass = $0 { true } else { false } }
        let done = attempt(at: location, "") {
            try engine.addView(kind: record.kind, name: name, parent: parent, properties: made)
            if let index { try engine.moveView(name, to: parent, at: index, keepingConstraints: true) }
        }
        guard done else { return }
        for property in record.properties where !made.contains(property) {
            attempt(at: location, name) { try engine.setProperty(property, of: name) }
        }
        record.live = true
        record.properties = []
        views[name] = record
        waiting[parent]?.removeAll { $0 == name }
        let children = (waiting.removeValue(forKey: name) ?? []).filter { views[$0]?.parent == name && views[$0]?.live == false }
        for child in children { enter(child, at: nil, location: views[child]!.location) }
    }

    func removeFromSuperview(_ view: String, at location: CodeLayout.Location) {
        guard let record = views[view] else { return }
        if record.live {
            // Its constraints to views outside it go with it, as UIKit removes them.
            for k in constraints.indices where constraints[k].live && involves(constraints[k].spec, view) {
                constraints[k].removed = true
            }
            attempt(at: location, "") { try engine.deleteView(view) }
            var gone = [view]
            while let next = gone.popLast() {
                views[next]?.live = false
                views[next]?.properties = []
                gone += viewOrder.filter { views[$0]?.parent == next }
            }
            views[view]?.parent = nil
        } else {
            views[view]?.parent = nil
        }
    }

    private func involves(_ spec: ConstraintSpec, _ view: String) -> Bool {
        owner(of: spec.firstItem) == view || spec.secondItem.map { owner(of: $0) == view } ?? false
    }

    // MARK: - Constraints

    /// A constraint the code made, named after its line (`File.swift:42`, a second made on the
    /// line `File.swift:42.2`) until a property keeps it.
    func makeConstraint(_ spec: ConstraintSpec, at location: CodeLayout.Location) -> Int {
        let key = location.text
        let count = (perLine[key] ?? 0) + 1
        perLine[key] = count
        var spec = spec
        spec.name = count == 1 ? key : "\(key).\(count)"
        constraints.append(ConstraintRecord(spec: spec, location: location))
        return constraints.count - 1
    }

    func constraint(_ index: Int) -> ConstraintRecord { constraints[index] }

    /// A stored property keeps it: it goes by the property's name, when that name is free.
    func name(_ index: Int, after property: String) {
        guard !constraints[index].live, !constraints.contains(where: { $0.spec.name == property }),
              engine.hierarchy.constraint(named: property) == nil else { return }
        constraints[index].spec.name = property
    }

    func markSnap(_ index: Int, view: String) { constraints[index].snapView = view }

    func setActive(_ index: Int, _ on: Bool, at location: CodeLayout.Location) {
        constraints[index].active = on
        constraints[index].removed = false
        if constraints[index].live, let name = constraints[index].spec.name {
            attempt(at: location, name) { try engine.setActive([name], on ? .activate : .deactivate) }
        }
    }

    func setConstant(_ index: Int, _ constant: Double, at location: CodeLayout.Location) {
        constraints[index].spec.constant = constant
        if constraints[index].live, let name = constraints[index].spec.name {
            attempt(at: location, name) { try engine.setConstant(name, constant) }
        }
    }

    func setPriority(_ index: Int, _ priority: LayoutPriority, at location: CodeLayout.Location) {
        if constraints[index].live, let name = constraints[index].spec.name {
            if attempt(at: location, name, { try engine.setPriority(name, priority) }) { constraints[index].spec.priority = priority }
        } else {
            constraints[index].spec.priority = priority
        }
    }

    func setIdentifier(_ index: Int, _ identifier: String) {
        if !constraints[index].live { constraints[index].spec.identifier = identifier }
    }

    /// SnapKit's constraints for a view (what `remakeConstraints` removes and
    /// `updateConstraints` looks among), active ones.
    func snapConstraints(of view: String) -> [Int] {
        constraints.indices.filter { constraints[$0].snapView == view && constraints[$0].active && !constraints[$0].removed }
    }

    /// `remakeConstraints`: the view's earlier SnapKit constraints go.
    func removeSnap(_ index: Int, at location: CodeLayout.Location) {
        setActive(index, false, at: location)
        constraints[index].removed = true
    }

    // MARK: - Chains (SnapKit's and Masonry's lines)

    /// The constraints of one SnapKit or Masonry line (`make.leading.trailing.equalTo(card).inset(16)`):
    /// one an attribute, against the target's same attribute unless it names its own; a number
    /// for a position is measured from the superview's same edge.
    func make(_ chain: SnapChain) -> [Int] {
        var made: [Int] = []
        guard let target = chain.target else {
            skipped.append(CodeLayout.Skipped(location: chain.location, code: "make", reason: "a line without equalTo: nothing made"))
            return []
        }
        for (n, attribute) in chain.attributes.enumerated() {
            var spec = ConstraintSpec(firstItem: chain.view, firstAttribute: attribute, relation: chain.relation, priority: chain.priority,
                                      identifier: chain.label)
            switch target {
            case let .item(item, attributes):
                spec.secondItem = item
                spec.secondAttribute = attributes.isEmpty ? attribute : attributes.count == chain.attributes.count ? attributes[n] : attributes[0]
            case .superview:
                guard let parent = parent(of: chain.view) ?? (chain.view == "root" ? nil : "root") else { continue }
                spec.secondItem = parent
                spec.secondAttribute = attribute
            case let .constant(c):
                if attribute == .width || attribute == .height {
                    spec.constant = c
                } else {
                    spec.secondItem = parent(of: chain.view) ?? "root"
                    spec.secondAttribute = attribute
                    spec.constant = c
                }
            case let .size(w, h):
                spec.constant = attribute == .width ? w : h
            }
            if spec.secondItem != nil {
                spec.multiplier = chain.multiplier
            }
            spec.constant += chain.offset
            if let inset = chain.inset { spec.constant += SnapChain.inset(inset, attribute) }
            let index = makeConstraint(spec, at: chain.location)
            markSnap(index, view: chain.view)
            made.append(index)
        }
        return made
    }

    /// The view a constraint is installed on (UIKit's nearest common ancestor of its items).
    func installer(of spec: ConstraintSpec) -> String? {
        func ancestors(_ item: String) -> [String] {
            var list = [owner(of: item)]
            while let up = parent(of: list.last!) { list.append(up) }
            if list.last != "root" { list.append("root") }
            return list
        }
        let first = ancestors(spec.firstItem)
        guard let second = spec.secondItem.map(ancestors) else { return first.count > 1 ? first[0] : first.first }
        return first.first { second.contains($0) }
    }

    /// The end of a SnapKit or Masonry block: a remake first removes the view's earlier lines'
    /// constraints; an update changes the constant of a matching one instead of adding it
    /// (same items, attributes and relation); the rest are activated.
    func finishBlock(view: String, made: [Int], remake: Bool, update: Bool, activate: Bool, at here: CodeLayout.Location) {
        if remake { for old in snapConstraints(of: view) where !made.contains(old) { removeSnap(old, at: here) } }
        let existing = update ? snapConstraints(of: view).filter { !made.contains($0) } : []
        for index in made {
            let spec = constraints[index].spec
            if let old = existing.first(where: {
                let o = constraints[$0].spec
                return o.firstItem == spec.firstItem && o.firstAttribute == spec.firstAttribute && o.relation == spec.relation
                    && o.secondItem == spec.secondItem && o.secondAttribute == spec.secondAttribute
            }) {
                setConstant(old, spec.constant, at: constraints[index].location)
                removeSnap(index, at: here)
                continue
            }
            if activate { setActive(index, true, at: constraints[index].location) }
        }
    }

    /// Items are views or their system guides: the view a name belongs to.
    func owner(of item: String) -> String {
        item.firstIndex(of: ".").map { String(item[..<$0]) } ?? item
    }

    /// Whether a view the code made is a `UIScrollView`.
    func isScrollView(_ name: String) -> Bool {
        guard let record = views[name] else { return false }
        return record.className == "UIScrollView" || record.properties.contains { if case .documentClass("UIScrollView") = $0 { true } else { false } }
    }

    /// A scroll view's `contentLayoutGuide` or `frameLayoutGuide`, made under it when first
    /// named, with the constraints UIKit gives it: the content guide's leading and top on the
    /// scroll view's (content offset 0; its size is what the content's constraints make it),
    /// the frame guide on all four edges.
    func scrollGuide(_ role: String, of scroll: String, at location: CodeLayout.Location) -> String {
        let content = role == "contentLayoutGuide"
        let name = scroll + (content ? "ContentLayoutGuide" : "FrameLayoutGuide")
        if views[name] != nil { return name }
        let made = makeView(className: "UILayoutGuide", kind: .guide, documentClass: nil, name: name, at: location)
        views[made]!.uikit = true
        add(made, to: scroll, location: location)
        for edge in content ? [LayoutAttribute.leading, .top] : [.leading, .top, .trailing, .bottom] {
            let spec = ConstraintSpec(name: "\(made).\(edge.name)", firstItem: made, firstAttribute: edge, relation: .equal, secondItem: scroll, secondAttribute: edge)
            constraints.append(ConstraintRecord(spec: spec, location: location, active: true, uikit: true))
        }
        return made
    }

    /// A constraint between a scroll view's edges or margins and a view inside it is on the
    /// scroll view's content, as UIKit reads it; its width, height and centres are its frame's
    /// ("Working with Scroll Views", Auto Layout Guide), so those stay the scroll view's own.
    func onScrollContent(_ spec: ConstraintSpec, at location: CodeLayout.Location) -> ConstraintSpec {
        guard let second = spec.secondItem, let secondAttribute = spec.secondAttribute else { return spec }
        func inside(_ item: String, _ scroll: String) -> Bool {
            var current = views[owner(of: item)]?.parent
            while let view = current { if view == scroll { return true }; current = views[view]?.parent }
            return false
        }
        var spec = spec
        if isScrollView(spec.firstItem), spec.firstAttribute.isEdgeOrMargin, inside(second, spec.firstItem) {
            spec.firstItem = scrollGuide("contentLayoutGuide", of: spec.firstItem, at: location)
        } else if isScrollView(second), secondAttribute.isEdgeOrMargin, inside(spec.firstItem, second) {
            spec.secondItem = scrollGuide("contentLayoutGuide", of: second, at: location)
        }
        return spec
    }

    /// Constraints whose views are all in the engine enter it, with their names and states.
    func flush() {
        // (By index to the end as it grows: a scroll view's guide made on the way brings its
        // own constraints, which enter in this same pass.)
        var k = -1
        while k + 1 < constraints.count {
            k += 1
            guard !constraints[k].live && !constraints[k].removed else { continue }
            if !constraints[k].uikit { constraints[k].spec = onScrollContent(constraints[k].spec, at: constraints[k].location) }
            let spec = constraints[k].spec
            let items = [spec.firstItem] + (spec.secondItem.map { [$0] } ?? [])
            guard items.allSatisfy(isLive) else { continue }
            let location = constraints[k].location
            // The type's own size (`heightAnchor.constraint(equalToConstant:)` on self): root's
            // frame is given, not solved, so a required size is given to root's frame (the other
            // side stays the session's) and any other is said; neither is added.
            if items.allSatisfy({ $0 == "root" }), spec.firstAttribute == .width || spec.firstAttribute == .height {
                constraints[k].removed = true
                let frame = engine.hierarchy.root.frame
                if constraints[k].active, spec.secondItem == nil, spec.relation == .equal, spec.priority.isRequired,
                   spec.constant > 0, spec.constant <= 100_000,
                   attempt(at: location, spec.name ?? "", {
                       let width = spec.firstAttribute == .width ? spec.constant : frame.width
                       let height = spec.firstAttribute == .height ? spec.constant : frame.height
                       try engine.setProperty(.frame(Rect(x: 0, y: 0, width: width, height: height), within: nil), of: "root")
                   }) {
                    let made = engine.hierarchy.root.frame
                    notes.append("\(location.text) sizes the type's own view: root is \(formatNumber(made.width)) x \(formatNumber(made.height)), "
                        + "as the code asks ('set root.frame = …' tries another size)")
                } else {
                    skipped.append(CodeLayout.Skipped(location: location, code: spec.name ?? "", reason:
                        "sizes the type's own view (root), whose frame is the session's here: not added ('set root.frame = …' tries a size)"))
                }
                continue
            }
            let added = attempt(at: location, spec.name ?? "") {
                let name = try engine.addConstraint(spec)
                if !constraints[k].active { try engine.setActive([name], .deactivate) }
            }
            if added { constraints[k].live = true } else { constraints[k].removed = true }
        }
    }

    /// `layoutIfNeeded()`, `super.layoutSubviews()`: a layout pass of what the code made so far.
    func layoutPass() {
        flush()
        engine.layoutIfNeeded()
    }

    /// The frame of the last layout pass (as UIKit's `frame` is until the next).
    func frame(of view: String) -> Rect? {
        let laidOut = isLive(view) ? engine.hierarchy.view(named: view)?.frame : nil
        if let code = codeFrames[view], laidOut.map({ $0.width == 0 && $0.height == 0 }) ?? true { return code }
        return laidOut
    }

    /// A view's `frame` or `bounds` (its size at the origin), as the code reads it in either
    /// language: zero before the view is laid out.
    func rectValue(_ name: String, of view: String) -> CodeValue {
        var rect = frame(of: view) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        if name == "bounds" { rect = Rect(x: 0, y: 0, width: rect.width, height: rect.height) }
        return .rect(rect)
    }

    /// The end of the code: what is ready enters the engine; what never reached the screen is
    /// said, with where it was made.
    func finish() -> (views: [String], constraints: Int, inactive: Int, sources: CodeSources) {
        flush()
        var sources = CodeSources()
        var made: [String] = []
        for name in viewOrder {
            guard let record = views[name], !record.uikit else { continue }
            if record.live {
                made.append(name)
                sources.views[name] = SourceRef(file: record.location.file, line: record.location.line, column: record.location.column)
            } else if record.kind != .guide || record.parent != nil {
                skipped.append(CodeLayout.Skipped(location: record.location, code: name,
                                                  reason: record.parent == nil ? "a view never added to a superview" : "a view added to one never on screen"))
            }
        }
        var count = 0
        var inactive = 0
        for record in constraints where !record.uikit {
            guard let name = record.spec.name else { continue }
            if record.live {
                count += 1
                if engine.hierarchy.constraint(named: name).map({ !$0.isActive }) ?? false { inactive += 1 }
                sources.constraints[name] = SourceRef(file: record.location.file, line: record.location.line, column: record.location.column)
            } else if !record.removed {
                skipped.append(CodeLayout.Skipped(location: record.location, code: name, reason: "a constraint on a view that never reached the screen"))
            }
        }
        sources.skipped = skipped.map { SkippedCode(file: $0.location.file, line: $0.location.line, reason: $0.reason) }
        return (made, count, inactive, sources)
    }

    /// The import's result: what `finish` gives, the sources kept in the engine, a layout pass.
    func conclude(type: String) throws -> CodeLayout {
        var (views, count, inactive, sources) = finish()
        sources.typeName = type
        try engine.addCodeSources(sources)
        engine.layoutIfNeeded()
        return CodeLayout(typeName: type, views: views, constraints: count, inactive: inactive, skipped: skipped, notes: notes,
                          made: constraints.filter { !$0.uikit }.map(\.location))
    }

    /// A table view cell's content view (root) as its table sizes it before the cell's first
    /// layout pass: the table's width (the session's), and the height its constraints fit at
    /// that width, as a table made in code sizes its rows (`rowHeight` is `automaticDimension`
    /// by default since iOS 11). Constraints that fit no height get the standard row's 44
    /// points, as UIKit does ("constraints ambiguously suggest a height of zero").
    func sizeTableCell(_ type: String) {
        flush()
        let root = engine.hierarchy.root.frame
        let fitted = engine.fittingHeightOfRoot() ?? 0
        let height = fitted > 0.001 ? fitted : 44
        guard (try? engine.setProperty(.frame(Rect(x: 0, y: 0, width: root.width, height: height), within: nil), of: "root")) != nil else { return }
        let size = "\(formatNumber(root.width)) x \(formatNumber(height))"
        notes.append(fitted > 0.001
            ? "\(type) is a table view cell: root, its content view, is \(size), the table's width and the height its constraints fit (a self-sizing row); 'set root.frame = 0 0 W H' tries another row"
            : "\(type) is a table view cell: root, its content view, is \(size): its constraints fit no height, so the row takes the standard 44 points, as UIKit does; 'set root.frame = 0 0 W H' tries another row")
    }

    /// Runs an engine change; a refusal is said at the code's line, and the code goes on.
    @discardableResult
    func attempt(at location: CodeLayout.Location, _ code: String, _ change: () throws -> Void) -> Bool {
        do {
            try change()
            return true
        } catch {
            skipped.append(CodeLayout.Skipped(location: location, code: code, reason: ErrorText.message(error)))
        }
        return false
    }
}
