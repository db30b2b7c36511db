import LayoutEngine
import VisualFormat

extension ObjCEvaluator {
    // MARK: - Messages

    func messageValue(_ receiverExpr: ObjCExpr, _ selector: String, _ argumentExprs: [ObjCExpr], _ place: ObjCPlace, naming: String?) -> CodeValue {
        // `[super layoutSubviews]`, `[super initWithFrame:frame]`, `[super viewDidLoad]`.
        if case let .ident(word, _) = receiverExpr, word == "super" {
            let arguments = argumentExprs.map { evaluate($0) }
            if selector == "layoutSubviews" || selector == "viewDidLayoutSubviews" { world.layoutPass(); return .nothing }
            if let owner = frame.className, let type = dynamicClass(of: frame.this) ?? mainClass, let (found, at) = method(selector, of: type, after: owner) {
                return invoke(found, owner: at, this: frame.this, arguments: arguments, at: place)
            }
            return selector.hasPrefix("init") ? frame.this : .nothing
        }
        let receiver = evaluate(receiverExpr, naming: naming)
        let arguments = argumentExprs.map { evaluate($0) }
        // `[constraints addObject:c]`: the array is the variable's.
        if case let .array(items) = receiver, ["addObject:", "addObjectsFromArray:", "removeAllObjects", "removeObject:"].contains(selector) {
            var updated = items
            switch selector {
            case "addObject:": updated.append(arguments[0])
            case "addObjectsFromArray:": updated += arguments[0].arrayItems ?? []
            case "removeAllObjects": updated = []
            default: break
            }
            return store(receiverExpr, .array(updated), place)
        }
        if case let .member(type) = receiver, type.hasPrefix("type:") {
            return classMessage(String(type.dropFirst(5)), selector, arguments, place, naming: naming, argumentExprs: argumentExprs)
        }
        if case let .member(allocated) = receiver, allocated.hasPrefix("alloc:") {
            // `[[UILabel alloc] initWithFrame:…]`.
            return newView(String(allocated.dropFirst(6)), initializer: selector, arguments: arguments, place, naming: naming)
        }
        return send(selector, to: receiver, arguments: arguments, at: place, argumentExprs: argumentExprs)
    }

    /// A message to an object: a method of the files' classes, else UIKit's.
    func send(_ selector: String, to receiver: CodeValue, arguments: [CodeValue], at place: ObjCPlace?, argumentExprs: [ObjCExpr] = []) -> CodeValue {
        if let type = dynamicClass(of: receiver), let (found, owner) = method(selector, of: type) {
            return invoke(found, owner: owner, this: receiver, arguments: arguments, at: place)
        }
        guard let place else { return .nothing }
        let here = self.place(place)
        switch receiver {
        case let .view(view):
            if let result = viewMessage(view, selector, arguments, here) { return result }
            if selector.hasPrefix("mas_") || ["makeConstraints:", "remakeConstraints:", "updateConstraints:"].contains(selector) {
                return masonryBlock(view, selector, arguments, place)
            }
            if view != "root", let pure = PureLayoutCall(objc: selector, values: arguments) {
                switch pure.make(for: view, in: world, reader: self, at: here) {
                case let .success(made): return made.count == 1 ? .constraint(made[0]) : .array(made.map(CodeValue.constraint))
                case let .failure(error): return .unknown("PureLayout's `\(selector)`: \(error.message)")
                }
            }
            if let reason = SwiftEvaluator.otherLibrary(selector.split(separator: ":").first.map(String.init) ?? selector) { return .unknown(reason) }
            if SwiftEvaluator.cosmeticCalls.contains(selector.split(separator: ":").first.map(String.init) ?? "") || selector.hasPrefix("set") {
                return setter(view, selector, arguments, here)
            }
            return .unknown("`\(selector)`: a message strut does not know")
        case .controller:
            return .nothing
        case let .anchor(item, attribute):
            return anchorMessage(item, attribute, selector, arguments, place)
        case let .constraint(index):
            switch selector {
            case "setActive:": world.setActive(index, truth(arguments.first ?? .nothing) == true, at: here)
            case "setConstant:": if let n = arguments.first.flatMap(asNumber) { world.setConstant(index, n, at: here) }
            case "setPriority:": if let p = arguments.first.flatMap(asPriority) { world.setPriority(index, p, at: here) }
            case "setIdentifier:": if case let .string(text)? = arguments.first { world.setIdentifier(index, text) }
            default: return .unknown("`\(selector)`: a constraint message strut does not know")
            }
            return .nothing
        case let .array(items):
            switch selector {
            case "addObject:": return .unknown("~mutating")
            case "addObjectsFromArray:": return .unknown("~mutating")
            case "objectAtIndex:": if let k = arguments.first.flatMap(asNumber), k >= 0, Int(k) < items.count { return items[Int(k)] }
            case "count": return .number(Double(items.count))
            case "firstObject": return items.first ?? .nothing
            case "lastObject": return items.last ?? .nothing
            case "copy", "mutableCopy": return receiver
            default: break
            }
            return .unknown("`\(selector)`: a message to an array strut does not know")
        case .member("cosmetic"), .nothing:
            return .nothing
        case let .unknown(reason):
            return .unknown(reason.hasPrefix("~") || reason.isEmpty ? "`\(selector)` to a value strut does not know" : reason)
        default:
            return .unknown("`\(selector)`: a message strut does not know")
        }
    }

    /// `[UILabel new]`, `[UIButton buttonWithType:…]`, `[NSLayoutConstraint constraintWithItem:…]`, …
    func classMessage(_ type: String, _ selector: String, _ arguments: [CodeValue], _ place: ObjCPlace, naming: String?,
                      argumentExprs: [ObjCExpr] = []) -> CodeValue {
        let here = self.place(place)
        // `[UIButtonConfiguration filledButtonConfiguration]`.
        if type == "UIButtonConfiguration", let style = ButtonSetup.style(ofFactory: selector) { return .buttonConfiguration(ButtonSetup(style: style)) }
        let isView = SwiftEvaluator.uikitViewClasses.contains(type) || classes[type] != nil || SwiftEvaluator.outsideViewClass(type) != nil
        switch selector {
        case "alloc": return .member("alloc:" + type)
        case "new": return isView ? newView(type, initializer: "init", arguments: [], place, naming: naming) : .unknown("~")
        case "buttonWithType:": return newView(type, initializer: "init", arguments: [], place, naming: naming)
        case "buttonWithConfiguration:primaryAction:":
            let made = newView(type, initializer: "init", arguments: [], place, naming: naming)
            if case let .view(button) = made, case let .buttonConfiguration(setup)? = arguments.first { world.configure(button, setup, at: here) }
            return made
        case "mainScreen": return .member("screen")
        case "currentDevice": return .member("device")
        case "array", "dictionary", "arrayWithCapacity:", "dictionaryWithCapacity:": return type.contains("Dictionary") ? .dictionary([]) : .array([])
        case "arrayWithArray:", "arrayWithObject:": return arguments.first.map { $0.arrayItems.map(CodeValue.array) ?? .array([$0]) } ?? .array([])
        case "arrayWithObjects:": return .array(arguments.filter { if case .nothing = $0 { false } else { true } })
        case "dictionaryWithDictionary:": return arguments.first ?? .dictionary([])
        case "dictionaryWithObjectsAndKeys:":
            var pairs: [(String, CodeValue)] = []
            var k = 0
            while k + 1 < arguments.count { if case let .string(keyText) = arguments[k + 1] { pairs.append((keyText, arguments[k])) }; k += 2 }
            return .dictionary(pairs)
        case "activateConstraints:", "deactivateConstraints:":
            for index in constraintIndices(arguments.first ?? .nothing) { world.setActive(index, selector.hasPrefix("activate"), at: here) }
            return .nothing
        case "constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:":
            return itemConstraint(arguments, argumentExprs, place)
        case "constraintsWithVisualFormat:options:metrics:views:":
            return visualFormat(arguments, place)
        case "preferredFontForTextStyle:":
            guard case let .member(name)? = arguments.first, let style = TextStyle(name: name) else { return .unknown("~") }
            return .font([.textStyle(style)])
        case "systemFontOfSize:", "boldSystemFontOfSize:", "italicSystemFontOfSize:", "systemFontOfSize:weight:", "fontWithName:size:",
             "monospacedDigitSystemFontOfSize:weight:", "monospacedSystemFontOfSize:weight:":
            guard let size = arguments.first.flatMap(asNumber) ?? (arguments.count > 1 ? asNumber(arguments[1]) : nil) else { return .unknown("~") }
            // SF Mono for the monospaced system font; digits are the system font's (strut has no
            // figures for its tabular digits).
            var properties: [ViewProperty] = [.fontFace(selector.hasPrefix("monospacedSystem") ? FontFace.systemMonospaced : .system), .font(size)]
            if selector.hasPrefix("bold") { properties.append(.weight(.bold)) }
            if selector.hasPrefix("italic") { properties.append(.italic(true)) }
            if selector.hasSuffix("weight:"), arguments.count > 1, case let .member(name) = arguments[1], let weight = FontWeight(codeName: name) {
                properties.append(.weight(weight))
            }
            if selector == "fontWithName:size:", case let .string(fontName)? = arguments.first, let face = FontFace(fontName: fontName) {
                properties = [.fontFace(face), .font(size)]
            }
            return .font(properties)
        default:
            if let (found, owner) = classMethod(selector, of: type) { return invoke(found, owner: owner, this: .member("type:" + type), arguments: arguments, at: place) }
            if isView, type != "UIView" {
                say(place, type, "`[\(type) \(selector)]`: outside the files read; a plain \(SwiftEvaluator.outsideViewClass(type) ?? type) is made, its autoresizing constraints off")
                let made = newView(type, initializer: "init", arguments: [], place, naming: naming)
                if case let .view(name) = made { world.setProperty(.autoresizing(false), of: name, at: here) }
                return made
            }
            if type.hasPrefix("UI") || type.hasPrefix("NS") { return .member("cosmetic") }
            return .unknown("`[\(type) \(selector)]`: a class outside the files read")
        }
    }

    func classMethod(_ selector: String, of type: String) -> (ObjCMethod, String)? {
        for owner in chain(of: type) {
            if let found = classes[owner]!.methods.first(where: { $0.selector == selector && $0.isClassMethod }) { return (found, owner) }
        }
        return nil
    }

    func constraintIndices(_ value: CodeValue) -> [Int] {
        switch value {
        case let .constraint(index): [index]
        case let .array(items): items.flatMap(constraintIndices)
        default: []
        }
    }

    /// A view of a UIKit class, of the files' (its code run), or of another module's.
    func newView(_ type: String, initializer: String, arguments: [CodeValue], _ place: ObjCPlace, naming: String?) -> CodeValue {
        let uikit = SwiftEvaluator.uikitViewClasses.contains(type) ? type : uikitAncestor(of: type).flatMap {
            SwiftEvaluator.uikitViewClasses.contains($0) ? $0 : SwiftEvaluator.outsideViewClass($0)
        } ?? SwiftEvaluator.outsideViewClass(type)
        guard let uikit else { return .member("cosmetic") }
        var (kind, documentClass) = ViewKind.of(className: uikit)
        if kind == .view, type != uikit { documentClass = type }
        let here = self.place(place)
        let name = world.makeView(className: type, kind: kind, documentClass: documentClass, name: viewNameHint ?? naming, at: here)
        viewNameHint = nil
        if initializer == "initWithFrame:", case let .rect(rect)? = arguments.first, rect.width > 0 || rect.height > 0 {
            world.setProperty(.frame(rect, within: nil), of: name, at: here)
        }
        if initializer == "initWithActivityIndicatorStyle:", let style = arguments.first {
            _ = world.setSpinnerStyle(name, style, sized: true, at: here)
        }
        if initializer == "initWithItems:", case let .array(items)? = arguments.first {
            _ = world.changeSegments(name, .items(items), at: here)
        }
        if classes[type] != nil { construct(type, this: .view(name), initializer: initializer, arguments: arguments) }
        return .view(name)
    }

    // MARK: - UIKit's view messages

    func viewMessage(_ view: String, _ selector: String, _ arguments: [CodeValue], _ here: CodeLayout.Location) -> CodeValue? {
        func child(_ k: Int = 0) -> String? {
            guard k < arguments.count else { return nil }
            switch arguments[k] {
            case let .view(name), let .guide(name): return name
            default: return nil
            }
        }
        switch selector {
        // A segmented control's segments size it.
        case "insertSegmentWithTitle:atIndex:animated:" where world.isSegmentedControl(view):
            return world.changeSegments(view, .insert(arguments.first ?? .nothing, at: arguments.count > 1 ? asNumber(arguments[1]) : nil), at: here)
        case "insertSegmentWithImage:atIndex:animated:" where world.isSegmentedControl(view):
            return world.changeSegments(view, .insert(.nothing, at: arguments.count > 1 ? asNumber(arguments[1]) : nil), at: here)
        case "removeSegmentAtIndex:animated:" where world.isSegmentedControl(view):
            return world.changeSegments(view, .remove(at: arguments.first.flatMap(asNumber)), at: here)
        case "removeAllSegments" where world.isSegmentedControl(view):
            return world.changeSegments(view, .removeAll, at: here)
        case "setTitle:forSegmentAtIndex:" where world.isSegmentedControl(view):
            return world.changeSegments(view, .retitle(arguments.first ?? .nothing, at: arguments.count > 1 ? asNumber(arguments[1]) : nil), at: here)
        case "setApportionsSegmentWidthsByContent:" where world.isSegmentedControl(view):
            guard let on = arguments.first.flatMap(truth) else { return .unknown("~") }
            return world.changeSegments(view, .apportions(on), at: here)
        case "addSubview:", "addArrangedSubview:", "addLayoutGuide:":
            guard let child = child() else { return .unknown(reasonOf(arguments.first ?? .nothing)) }
            if selector == "addArrangedSubview:" { world.setProperty(.autoresizing(false), of: child, at: here) }
            world.add(child, to: view, location: here)
            return .nothing
        case "setCustomSpacing:afterView:":
            guard arguments.count == 2, let arranged = child(1) else { return .unknown("a view strut does not know") }
            return customSpacing(arguments[0], after: arranged, in: view, world: world, at: here)
        case "insertSubview:atIndex:", "insertSubview:belowSubview:", "insertSubview:aboveSubview:", "insertArrangedSubview:atIndex:":
            guard let child = child() else { return .unknown("a view strut does not know") }
            let index = selector.hasSuffix("atIndex:") ? arguments.last.flatMap(asNumber).map(Int.init) : nil
            world.add(child, to: view, at: index, location: here)
            return .nothing
        case "removeFromSuperview":
            world.removeFromSuperview(view, at: here)
            return .nothing
        case "addConstraint:", "addConstraints:", "removeConstraint:", "removeConstraints:":
            let value = arguments.first ?? .nothing
            let indices = constraintIndices(value)
            if case .unknown("") = value { return .unknown("") }
            if indices.isEmpty, value.isUnknown { return .unknown(reasonOf(value)) }
            for index in indices { world.setActive(index, selector.hasPrefix("add"), at: here) }
            return .nothing
        case "layoutIfNeeded":
            layoutPass()
            return .nothing
        case "setNeedsLayout", "setNeedsUpdateConstraints", "updateConstraintsIfNeeded", "sizeToFit", "layoutSubviews", "setNeedsDisplay":
            return .nothing
        case "setContentHuggingPriority:forAxis:", "setContentCompressionResistancePriority:forAxis:":
            guard arguments.count == 2, let priority = asPriority(arguments[0]), case let .member(axisName) = arguments[1] else { return .unknown("~") }
            let axis: Axis = axisName.hasSuffix("Horizontal") ? .horizontal : .vertical
            world.setProperty(selector.hasPrefix("setContentHugging") ? .hugging(axis, priority) : .compression(axis, priority), of: view, at: here)
            return .nothing
        case "setTitle:forState:":
            if case let .string(text)? = arguments.first, world.measuresText(view) { world.setProperty(.text(text), of: view, at: here) }
            return .nothing
        default:
            return nil
        }
    }

    /// `[view setTranslatesAutoresizingMaskIntoConstraints:NO]`, `[label setText:…]`: as the
    /// property.
    func setter(_ view: String, _ selector: String, _ arguments: [CodeValue], _ here: CodeLayout.Location) -> CodeValue {
        guard selector.hasPrefix("set"), selector.hasSuffix(":"), !selector.dropLast().contains(":"), let value = arguments.first else { return .nothing }
        let property = lowerFirst(String(selector.dropFirst(3).dropLast()))
        return setViewProperty(view, property, value, here)
    }

    /// The views' properties that are a `BOOL`, by their Objective-C names, each with what it sets.
    static let flagProperties: [String: @Sendable (Bool) -> ViewProperty] = [
        "hidden": ViewProperty.hidden, "layoutMarginsRelativeArrangement": ViewProperty.marginsRelative,
        "baselineRelativeArrangement": ViewProperty.baselineRelative,
        "preservesSuperviewLayoutMargins": ViewProperty.preservesSuperviewMargins,
        "insetsLayoutMarginsFromSafeArea": ViewProperty.insetsMarginsFromSafeArea,
        "adjustsFontForContentSizeCategory": ViewProperty.adjustsFont,
    ]

    func setViewProperty(_ view: String, _ property: String, _ value: CodeValue, _ here: CodeLayout.Location) -> CodeValue {
        func set(_ p: ViewProperty) -> CodeValue {
            world.setProperty(p, of: view, at: here)
            return .nothing
        }
        // A text field's font and border decide its height (`UITextBorderStyleRoundedRect`).
        if let done = world.setTextFieldProperty(view, property, value, borderPrefix: "UITextBorderStyle", at: here) { return done }
        if let done = world.setButtonProperty(view, property, value, at: here) { return done }
        if ["text", "font", "numberOfLines", "lineBreakMode", "preferredMaxLayoutWidth", "attributedText"].contains(property), !world.measuresText(view) {
            return .nothing
        }
        if property == "activityIndicatorViewStyle" { return world.setSpinnerStyle(view, value, sized: false, at: here) }
        if property == "apportionsSegmentWidthsByContent" {
            guard let on = truth(value) else { return .unknown("~") }
            return world.changeSegments(view, .apportions(on), at: here)
        }
        if let flag = ObjCEvaluator.flagProperties[property] {
            return truth(value).map { set(flag($0)) } ?? .unknown("~")
        }
        switch (property, value) {
        case ("translatesAutoresizingMaskIntoConstraints", _):
            guard view != "root", let on = truth(value) else { return .nothing }
            return set(.autoresizing(on))
        case let ("text", .string(text)): return set(.text(text))
        case ("text", _), ("attributedText", _):
            world.skipped.append(CodeLayout.Skipped(location: here, code: "text", reason: "text strut does not know: a placeholder stands for it"))
            return set(.text("Text"))
        case ("numberOfLines", _):
            guard let n = asNumber(value), n >= 0, n == n.rounded(), n < 1e6 else { return .unknown("~") }
            return set(.lines(Int(n)))
        case let ("lineBreakMode", .member(name)):
            guard let mode = LineBreakMode(uikitName: name) else { return .unknown("~") }
            return set(.lineBreakMode(mode))
        case ("scrollEnabled", _):
            guard world.isTextView(view), let on = truth(value) else { return .nothing }
            return set(.textView(on ? .scrolls : .grows))
        case let ("font", .font(properties)):
            for p in properties { world.setProperty(p, of: view, at: here) }
            return .nothing
        case let ("frame", .rect(rect)): return set(.frame(rect, within: nil))
        case let ("layoutMargins", .insets(e)): return set(.margins(e))
        case let ("directionalLayoutMargins", .directionalInsets(e)): return set(.directionalMargins(e))
        case let ("contentEdgeInsets", .insets(e)) where world.views[view]?.kind == .button: return set(.contentInsets(e))
        // A stack's `UIStackViewAlignmentLeading`, `UIStackViewDistributionFillEqually`.
        case let ("alignment", .member(name)):
            guard let word = constant(name, after: "UIStackViewAlignment"), StackSettings.alignments.contains(word) else {
                return .unknown("`\(name)`: not a stack view alignment")
            }
            return set(.alignment(word))
        case let ("distribution", .member(name)):
            guard let word = constant(name, after: "UIStackViewDistribution"), StackSettings.distributions.contains(word) else {
                return .unknown("`\(name)`: not a stack view distribution")
            }
            return set(.distribution(word))
        case let ("semanticContentAttribute", .member(name)):
            guard let semantic = constant(name, after: "UISemanticContentAttribute").flatMap(SemanticContent.init(rawValue:)) else {
                return .unknown("`\(name)`: not a semantic content attribute")
            }
            return set(.semanticContent(semantic))
        case ("preferredMaxLayoutWidth", _):
            guard let n = asNumber(value), n >= 0 else { return .unknown("~") }
            return set(.preferredMaxLayoutWidth(n))
        case ("spacing", _):
            guard let n = asNumber(value) else { return .unknown("~") }
            return set(.spacing(n))
        case let ("axis", .member(name)): return set(.axis(name.hasSuffix("Horizontal") ? .horizontal : .vertical))
        case ("autoresizingMask", _):
            var mask = AutoresizingMask()
            for case let .member(name) in value.arrayItems ?? [value] {
                let word = lowerFirst(String(name.dropFirst("UIViewAutoresizing".count)))
                if let bit = AutoresizingMask.names.first(where: { $0.0 == word })?.1 { mask.insert(bit) }
            }
            return set(.mask(mask))
        default:
            if ViewProperty.layoutFree.contains(property) || property == "mas_key" { return .nothing }
            if value.isUnknown { return .unknown(reasonOf(value)) }
            return .unknown("`\(property)`: a property strut does not model")
        }
    }

    // MARK: - Assignment

    func assign(_ op: String, _ target: ObjCExpr, _ valueExpr: ObjCExpr, _ place: ObjCPlace) -> CodeValue {
        assign(op, target, valueExpr, place, given: nil)
    }

    /// Stores a value the code computed into a variable, ivar or property.
    func store(_ target: ObjCExpr, _ value: CodeValue, _ place: ObjCPlace) -> CodeValue {
        assign("=", target, .nothing(place), place, given: value)
    }

    func assign(_ op: String, _ target: ObjCExpr, _ valueExpr: ObjCExpr, _ place: ObjCPlace, given: CodeValue?) -> CodeValue {
        var value: CodeValue
        switch target {
        case _ where given != nil:
            value = given!
        case let .ident(word, _):
            value = evaluate(valueExpr, naming: word.hasPrefix("_") ? String(word.dropFirst()) : word)
        case let .member(_, property, _):
            value = evaluate(valueExpr, naming: property)
        default:
            value = evaluate(valueExpr)
        }
        if op != "=" {
            let current = evaluate(target)
            guard let a = asNumber(current), let b = asNumber(value) else { return .unknown("~") }
            switch op {
            case "+=": value = .number(a + b)
            case "-=": value = .number(a - b)
            case "*=": value = .number(a * b)
            case "/=": value = b == 0 ? .unknown("~") : .number(a / b)
            default: return .unknown("~")
            }
        }
        switch target {
        case let .ident(word, _):
            if word == "self" { return frame.this }  // `if (self = [super init…])`
            if let k = frame.scopes.indices.last(where: { frame.scopes[$0][word] != nil }) {
                frame.scopes[k][word] = value
                return .nothing
            }
            // An ivar, or a property's `_name`.
            let name = word.hasPrefix("_") ? String(word.dropFirst()) : word
            fields[key(frame.this), default: [:]][name] = value
            nameConstraint(value, after: name)
            return .nothing
        case let .member(baseExpr, property, _):
            let base = evaluate(baseExpr)
            if case .member("cosmetic") = base { return .nothing }
            if dynamicClass(of: base) != nil, classes[dynamicClass(of: base)!]!.properties.contains(where: { $0.name == property })
                || fields[key(base)]?[property] != nil {
                fields[key(base), default: [:]][property] = value
                nameConstraint(value, after: property)
                return .nothing
            }
            let here = self.place(place)
            switch base {
            case let .view(view): return setViewProperty(view, property, value, here)
            case let .buttonConfiguration(setup):
                // `config.title = @"Go"`: the configuration is a value, kept where it was.
                let changed = setup.setting(property, to: value)
                return changed.isUnknown ? changed : store(baseExpr, changed, place)
            case let .constraint(index):
                switch property {
                case "active": world.setActive(index, truth(value) == true, at: here)
                case "constant": if let n = asNumber(value) { world.setConstant(index, n, at: here) } else { return .unknown(reasonOf(value)) }
                case "priority": if let p = asPriority(value) { world.setPriority(index, p, at: here) } else { return .unknown("~") }
                case "identifier": if case let .string(text) = value { world.setIdentifier(index, text) }
                default: return .unknown("`\(property)`: a constraint property strut does not model")
                }
                return .nothing
            case .controller:
                fields["@controller", default: [:]][property] = value
                nameConstraint(value, after: property)
                return .nothing
            case .nothing: return .nothing
            default: return .unknown(reasonOf(base))
            }
        default:
            return .unknown("an assignment strut does not follow")
        }
    }
}
