import LayoutEngine
import VisualFormat

/// Constraints: typed as equations or in the Visual Format Language, then activated,
/// deactivated, removed, re-prioritised or given a new constant.
extension Commands {
    static let constraints: [Command] = [
        Command(name: "syntax", form: .constraint,
                usage: "[NAME:] ITEM.ATTR (==|<=|>=) [M *] ITEM.ATTR [(+|-) C] [@P]  or  [NAME:] ITEM.ATTR (==|<=|>=) C [@P]",
                listing: "NAME: ITEM.ATTR == ITEM.ATTR + C @P", summary: "add a constraint (help syntax)",
                details: """
        Constraints:
          [NAME:] ITEM.ATTR RELATION [M *] ITEM.ATTR [(+|-) C] [@PRIORITY]
          [NAME:] ITEM.ATTR RELATION C [@PRIORITY]
        RELATION: == <= >=; ITEM.ATTR * M and ITEM.ATTR / D are accepted; 'super' is the first item's superview.
        ATTR: \(LayoutAttribute.userAttributes.map(\.name).joined(separator: " "))
        (UIKit's anchors are read as these: a.topAnchor == b.bottomAnchor). ITEM is a view or a view's
        guide: VIEW.safeAreaLayoutGuide, VIEW.layoutMarginsGuide, VIEW.readableContentGuide.
        A line of Swift copied from a file is read too, as the shell's lines it stands for (view,
        contentView and self are root unless a view has that name): each constraint of
        a.topAnchor.constraint(equalTo: view.topAnchor, constant: 8).isActive = true, or of
        NSLayoutConstraint.activate([…]) (its lines taken up to the closing bracket); let NAME =
        UILabel() (or another UIKit view)
        is 'new'; VIEW.PROPERTY = VALUE is 'set' (fonts as .systemFont(ofSize:weight:),
        .preferredFont(forTextStyle:) or UIFont(name:size:); insets as UIEdgeInsets(…));
        addSubview, addArrangedSubview and insertArrangedSubview(_:at:) are 'move';
        setContentHuggingPriority(_:for:) and setContentCompressionResistancePriority(_:for:) set
        hugging and compression; setCustomSpacing(_:after:) sets spacingAfter. Other constraint
        calls (SnapKit's makeConstraints block, NSLayoutConstraint(item:…), the visual format,
        PureLayout, TinyConstraints) run as 'import' runs a file, against the session's views.
        Objective-C is read the same way (UILabel *t = [UILabel new]; [self.view addSubview:t];
        t.text = @"Hi"; anchors' messages; Masonry's mas_makeConstraints: blocks).
        PRIORITY: a number in (0, 1000], or required (1000), high (750), low (250), fitting (50); default required.
        Without NAME a constraint is named c1, c2, ... A location cannot equal a constant, a location
        cannot pair with a size, and leading/trailing cannot pair with left/right (UIKit's rules).
        System constraints: VIEW.hugging.h|v and VIEW.compression.h|v (content size),
        VIEW.autoresizing.x|y|width|height (autoresizing masks).
        """, mutates: true,
                run: { s, a in try addConstraint(s, a); return .succeeded }),
        Command(name: "vfl", form: .visualFormat,
                usage: "[NAME:] H:FORMAT|V:FORMAT [options: OPTION...] [metrics: NAME=VALUE...]",
                listing: "NAME: H:|-[a]-[b]-|", summary: "add constraints in the Visual Format Language (help vfl)",
                details: """
        Visual Format Language, as UIKit reads it:
          [NAME:] H:FORMAT|V:FORMAT [options: OPTION...] [metrics: NAME=VALUE...]
        FORMAT: (H:|V:)? (|CONNECTION)? [view(PREDICATES)] (CONNECTION[view])* (CONNECTION|)?
        CONNECTION: nothing (flush, 0), - (standard: 8 between views, the layout margin next to |),
          -N-, -metric-, -(>=8@999,<=20)-.  PREDICATES: 50, >=50, ==other, <=100@750, metric.
        No spaces inside the format; metrics are looked up before views; | is the superview of the
        view next to it. OPTIONS: \(VisualFormatOptions.names.map(\.0).joined(separator: " ")).
        The constraints are listed and named NAME.1, NAME.2, ... (or c1, c2, ...); remove or toggle
        them one by one. A malformed format gets UIKit's message with a caret under the position.
        """, mutates: true, prefixes: ["H:", "V:"],
                run: { s, a in try addVisualFormat(s, a); return .succeeded }),
        Command(name: "activate", usage: "activate NAME...", summary: "activate constraints",
                mutates: true, arguments: [.constraint],
                run: { s, a in try activation(s, a, .activate); return .succeeded }),
        Command(name: "deactivate", usage: "deactivate NAME...", summary: "deactivate constraints (they stay, inactive)",
                mutates: true, arguments: [.constraint],
                run: { s, a in try activation(s, a, .deactivate); return .succeeded }),
        Command(name: "toggle", usage: "toggle NAME...", summary: "activate the inactive ones, deactivate the active ones",
                mutates: true, arguments: [.constraint],
                run: { s, a in try activation(s, a, .toggle); return .succeeded }),
        Command(name: "remove", usage: "remove NAME...", summary: "delete constraints",
                mutates: true, arguments: [.constraint],
                run: { s, a in
                    let names = try constraintNames(a)
                    let h = s.engine.hierarchy
                    let texts = names.map { name in h.constraint(named: name).map { s.say("removed \(name): \(h.text(of: $0))", "\(name) を削除：\(h.text(of: $0))") } }
                    try s.engine.removeConstraints(names)
                    for text in texts.compactMap({ $0 }) { s.print(text) }
                    return .succeeded
                }),
        Command(name: "priority", usage: "priority NAME P", summary: "change a constraint's priority",
                details: """
                P is a number in (0, 1000] or required (1000), high (750), low (250), fitting (50). As on \
                current iOS, a change between required and optional re-adds the constraint (iOS 12 and \
                earlier threw an exception instead).
                """, mutates: true, arguments: [.constraint, .word(LayoutPriority.keywords.map(\.word))],
                run: { s, a in
                    var c = try a.cursor()
                    let name = try c.dottedName("a constraint name")
                    let priority = try c.priority()
                    try c.expectEnd()
                    let old = s.engine.hierarchy.constraint(named: name)?.priority
                    try s.engine.setPriority(name, priority)
                    touched(s, name, was: old.map { "priority \($0)" })
                    return .succeeded
                }),
        Command(name: "constant", usage: "constant NAME C", summary: "change a constraint's constant",
                mutates: true, arguments: [.constraint],
                run: { s, a in
                    var c = try a.cursor()
                    let name = try c.dottedName("a constraint name")
                    let value = try c.number("a constant")
                    try c.expectEnd()
                    let old = s.engine.hierarchy.constraint(named: name)?.constant
                    try s.engine.setConstant(name, value)
                    touched(s, name, was: old.map { "constant \(formatNumber($0))" })
                    return .succeeded
                }),
        Command(name: "multiplier", usage: "multiplier NAME M", summary: "refused: a multiplier is read-only in UIKit",
                details: """
                UIKit's NSLayoutConstraint.multiplier is read-only. To switch between two multipliers, make \
                two constraints and keep one active at a time (deactivate A; activate B).
                """, arguments: [.constraint],
                run: { s, a in
                    var c = try a.cursor()
                    let name = try c.dottedName("a constraint name")
                    let value = try c.number("a multiplier")
                    try c.expectEnd()
                    try s.engine.setMultiplier(name, value)
                    return .succeeded
                }),
    ]

    /// One or more constraint names (dotted for system constraints), commas allowed between.
    static func constraintNames(_ a: Arguments) throws -> [String] {
        var c = try a.cursor()
        var names: [String] = []
        while !c.atEnd {
            names.append(try c.dottedName("a constraint name"))
            _ = c.accept(",")
        }
        guard !names.isEmpty else { throw c.fail("a constraint name") }
        return names
    }

    /// `activate`, `deactivate`, `toggle`, each constraint echoed as it now is (automatic
    /// names hide what they stand for).
    static func activation(_ s: Session, _ a: Arguments, _ change: ActivationChange) throws {
        let names = try constraintNames(a)
        try s.engine.setActive(names, change)
        let h = s.engine.hierarchy
        for name in names {
            guard let constraint = h.constraint(named: name) else { continue }
            s.print(constraint.isActive ? s.say("activated \(name): ", "\(name) を有効化：") + h.text(of: constraint)
                                        : s.say("deactivated \(name): ", "\(name) を無効化：") + h.text(of: constraint))
        }
    }

    /// `c2: a.height == 7 @500 (was constant 5)`.
    static func touched(_ s: Session, _ name: String, was: String?) {
        let h = s.engine.hierarchy
        guard let constraint = h.constraint(named: name) else { return }
        s.print("\(name): \(h.text(of: constraint))\(was.map { s.say(" (was \($0))", "（変更前：\($0)）") } ?? "")")
    }

    /// `[NAME:] ITEM.ATTR RELATION [M *] ITEM.ATTR [* M | / D] [(+|-) C] [@P]`, or a constant.
    static func addConstraint(_ s: Session, _ a: Arguments) throws {
        do {
            try addTypedConstraint(s, a)
        } catch {
            // A line of Swift copied from a file (`a.topAnchor.constraint(…).isActive = true`,
            // `title.numberOfLines = 0`): the shell's lines it stands for.
            guard try runSwift(s, a.text) else { throw error }
        }
    }

    /// A line of Swift that starts with no command's word (`let title = UILabel()`,
    /// `NSLayoutConstraint(item: …)`): a row of no table (help lists it under the constraints'
    /// syntax), reached only when Swift's reader is installed.
    static let swiftStatement = Command(
        name: "swift", usage: "let NAME = UILabel()", summary: "run a line of Swift layout code", mutates: true,
        run: { s, a in
            guard try runSwift(s, a.text) else {
                // Not code after all: the shell's own error for the line (its lexer's, say).
                _ = try row(for: a.text)
                let word = firstWord(a.text)
                guard word == "let" || word == "var" else {
                    throw ShellError.unknownCommand(word, suggestion: closestMatch(to: word, in: all.filter { $0.form == .word }.map(\.name)))
                }
                throw ShellError.syntax("a Swift declaration strut does not read: at the prompt 'let NAME = UILabel()' (or another UIKit view) makes a view", usage: nil)
            }
            return .succeeded
        })

    /// Runs a line of Swift as the shell's lines it stands for (`Session.swiftStatementReader`),
    /// all or none; false when it is none the reader reads.
    static func runSwift(_ s: Session, _ text: String) throws -> Bool {
        guard let reader = Session.swiftStatementReader else { return false }
        let hierarchy = s.engine.hierarchy
        let lines: [String]?
        do {
            lines = try reader(text, hierarchy)
        } catch let failure as SwiftImportFailure {
            throw ShellError.syntax(failure.message, usage: nil)
        }
        guard let lines else { return false }
        try s.engine.allOrNothing {
            for line in lines {
                let (command, arguments) = try classify(line)
                _ = try command.run(s, arguments)
            }
        }
        return true
    }

    /// A constraint in the shell's language: `[NAME:] ITEM.ATTR RELATION …`.
    static func addTypedConstraint(_ s: Session, _ a: Arguments) throws {
        var c = try a.cursor()
        var name: String?
        // `NAME:`, or a dotted `NAME.2:` as save writes for a VFL line's constraints.
        var probe = c
        if let dotted = try? probe.dottedName("a constraint name"), probe.accept(":") {
            name = dotted
            c = probe
        }
        var spec = try constraintSpec(&c, in: s.engine.hierarchy)
        spec.name = name
        try c.expectEnd()
        try s.engine.addConstraint(spec)
        if let name, s.engine.hierarchy.view(named: name) != nil {
            s.print("note: '\(name)' is now both a view's and a constraint's name: easy to mistake one for the other")
        }
    }

    /// `ITEM.ATTR RELATION [M *] ITEM.ATTR [* M | / D] [(+|-) C] [@P]`, or a constant.
    static func constraintSpec(_ c: inout Cursor, in h: Hierarchy) throws -> ConstraintSpec {
        let (firstItem, firstAttribute) = try anchor(&c, in: h)
        let relation: LayoutRelation
        if c.accept("==") { relation = .equal }
        else if c.accept("<=") { relation = .lessThanOrEqual }
        else if c.accept(">=") { relation = .greaterThanOrEqual }
        else if c.peek?.isSymbol("=") == true { throw ShellError.syntax("'=' is not a relation; use '==', '<=' or '>='", usage: nil) }
        else { throw c.fail("a relation ('==', '<=' or '>=')") }

        var spec = ConstraintSpec(name: nil, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation)
        // Right-hand side: a lone constant, or [M *] [-] ITEM.ATTR [* M | / D] [(+|-) C].
        try c.refuseNonFinite()
        if c.atNumber && !(c.peek(c.peek?.number == nil ? 2 : 1)?.isSymbol("*") ?? false) {
            spec.constant = try c.number("a constant")
        } else {
            var multiplier = 1.0
            if c.atNumber {
                multiplier = try c.number()
                try c.expect("*")
            }
            if c.accept("-") { multiplier = -multiplier }
            let (item, attribute) = try anchor(&c, in: h)
            if c.accept("*") { multiplier *= try c.number("a multiplier") }
            else if c.accept("/") {
                let divisor = try c.number("a divisor")
                guard divisor != 0 else { throw ShellError.syntax("division by zero", usage: nil) }
                multiplier /= divisor
            }
            spec.secondItem = item
            spec.secondAttribute = attribute
            spec.multiplier = multiplier
            if c.accept("+") { spec.constant = try c.number("a constant after '+'") }
            else if c.accept("-") { spec.constant = -(try c.number("a constant after '-'")) }
        }
        if c.accept("@") { spec.priority = try c.priority() }
        return spec
    }

    /// `ITEM.ATTR`, with suggestions for unknown attributes.
    static func anchor(_ c: inout Cursor, in h: Hierarchy) throws -> (String, LayoutAttribute) {
        try c.refuseNonFinite()
        var item = try c.name("an item (VIEW.ATTRIBUTE)")
        guard c.accept(".") else {
            if c.atEnd && h.view(named: item) == nil && item != "super" { throw ShellError.layout(.unknownView(item, suggestion: closestMatch(to: item, in: h.viewNames))) }
            throw c.fail("'.' and an attribute after '\(item)'")
        }
        var word = try c.name("an attribute")
        // A system guide: `root.safeAreaLayoutGuide.top` (made when first named).
        if let role = SystemGuide(word: word) {
            try c.expect(".", "'.' and an attribute after '\(item).\(word)'")
            item = Hierarchy.systemGuideName(role, of: item)
            word = try c.name("an attribute")
        }
        guard let attribute = LayoutAttribute(shellWord: word) else {
            // `root.safeArea.top`: a guide meant, by a name that is not UIKit's.
            if c.peek?.isSymbol(".") == true {
                throw ShellError.syntax("unknown guide '\(word)'" + didYouMean(SystemGuide.meant(by: word)?.rawValue,
                    otherwise: "; guides: " + SystemGuide.allCases.map(\.rawValue).joined(separator: " ")), usage: nil)
            }
            throw ShellError.unknownAttribute(word, suggestion: LayoutAttribute.suggestion(for: word))
        }
        return (item, attribute)
    }

    static func addVisualFormat(_ s: Session, _ a: Arguments) throws {
        let statement = a.text
        var text = Substring(statement)
        var name: String?
        let word = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if !(word == "H" || word == "V") || text.dropFirst(word.count).first != ":" {
            // `NAME: H:...`
            name = String(word)
            text = text.dropFirst(word.count).drop { $0 == " " }.dropFirst().drop { $0 == " " }
        }
        // The format runs to ` options:` or ` metrics:`; a blank inside it goes to the parser,
        // which refuses it as UIKit does.
        let whole = String(text)
        var cut = whole.endIndex
        for keyword in [" options:", " metrics:"] {
            if let range = whole.range(of: keyword), range.lowerBound < cut { cut = range.lowerBound }
        }
        let format = String(whole[..<cut]).trimmingWhitespace()
        let rest = String(whole[cut...]).trimmingWhitespace()
        var options: VisualFormatOptions = []
        var metrics: [String: Double] = [:]
        var c = Cursor(try Lexer.tokens(rest, columnOffset: statement.count - rest.count), usage: a.usage)
        var section = ""
        while !c.atEnd {
            if let word = c.peek?.name, c.peek(1)?.isSymbol(":") == true, word == "options" || word == "metrics" {
                section = word
                c.position += 2
                continue
            }
            switch section {
            case "options":
                let option = try c.name("an option")
                guard let value = VisualFormatOptions.names.first(where: { $0.0 == option })?.1 else {
                    throw ShellError.syntax("unknown option '\(option)'"
                        + didYouMean(closestMatch(to: option, in: VisualFormatOptions.names.map(\.0))), usage: nil)
                }
                options.insert(value)
                _ = c.accept(",")
            case "metrics":
                let metric = try c.name("a metric name")
                try c.expect("=", "'=' after '\(metric)'")
                metrics[metric] = try c.number("a value for '\(metric)'")
                _ = c.accept(",")
            default:
                throw c.fail("'options:' or 'metrics:' after the format")
            }
        }
        let hierarchy = s.engine.hierarchy
        let parser = VisualFormatParser(
            format: format, options: options, metrics: metrics, views: Set(hierarchy.viewNames),
            superview: { view in hierarchy.view(named: view)?.parent.map { hierarchy.view($0).name } })
        var specs: [ConstraintSpec]
        do {
            specs = try parser.constraints()
        } catch let error as VisualFormatError {
            throw ShellError.visualFormat(error)
        }
        guard !specs.isEmpty else { throw ShellError.syntax("'\(format)' makes no constraints", usage: a.usage) }
        if let name {
            for k in specs.indices { specs[k].name = "\(name).\(k + 1)" }
        }
        let names = try s.engine.addConstraints(specs)
        let width = names.map(\.count).max() ?? 0
        let h = s.engine.hierarchy
        s.print(names.map { created in
            created.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + h.text(of: h.constraint(named: created)!)
        }.joined(separator: "\n"))
    }
}

extension LayoutAttribute {
    /// The attributes UIKit gives an anchor of their own (`topAnchor`, `centerXAnchor`): the
    /// margins have none (their anchors are `layoutMarginsGuide`'s).
    static let anchored: [LayoutAttribute] = userAttributes.filter { $0.rawValue <= LayoutAttribute.firstBaseline.rawValue }

    /// An attribute as the shell reads it: by its name, or by UIKit's anchor for it, as a
    /// developer copies it from code (`a.topAnchor == root.safeAreaLayoutGuide.topAnchor`).
    init?(shellWord word: String) {
        if let attribute = LayoutAttribute(name: word) {
            self = attribute
            return
        }
        guard word.hasSuffix("Anchor"), let attribute = LayoutAttribute(name: String(word.dropLast("Anchor".count))),
              LayoutAttribute.anchored.contains(attribute) else { return nil }
        self = attribute
    }

    /// The attribute an unknown word may have meant (`topMarginAnchor`: `topMargin`).
    static func suggestion(for word: String, among extra: [String] = []) -> String? {
        let names = extra + userAttributes.map(\.name)
        if word.hasSuffix("Anchor"), word.count > 6, let stem = closestMatch(to: String(word.dropLast(6)), in: names) { return stem }
        return closestMatch(to: word, in: names)
    }
}

extension SystemGuide {
    /// The guide a word that is not UIKit's name for it means: `safeArea`, `safeAreaInsets`,
    /// `margins`, `layoutMargins`, `readableContent`, or a misspelling of a guide's name.
    static func meant(by word: String) -> SystemGuide? {
        let lower = word.lowercased()
        if lower.hasPrefix("safe") { return .safeAreaLayoutGuide }
        if lower.hasPrefix("readable") { return .readableContentGuide }
        if lower.hasPrefix("layoutmargin") || lower.hasPrefix("margin") { return .layoutMarginsGuide }
        return closestMatch(to: word, in: allCases.map(\.rawValue)).flatMap(SystemGuide.init(rawValue:))
    }
}
