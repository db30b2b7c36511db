import LayoutEngine

/// Views: `new`, `set`, `delete`, `move`, and the properties they take.
extension Commands {
    static let views: [Command] = [
        Command(name: "new", usage: "new KIND NAME [in PARENT] [PROP=VALUE ...]",
                summary: "add a view (KIND: view label image button stack guide, or a control)",
                details: """
                Adds a view to PARENT (default root), with autoresizing off and margins of 8 (a stack \
                view's and a guide's are 0). A guide is a layout guide owned by PARENT. Properties as in \
                'help set', e.g. new label title text="Hello" font=20. A control (field switch slider \
                segmented stepper spinner progress pageControl datePicker picker searchBar) is a view of \
                its UIKit class (UITextField, UISwitch, …) with UIKit's intrinsic size and alignment \
                insets: a switch is 49 × 31 inside a 51-wide frame, a text field 34 high.
                """, mutates: true, arguments: [.kind, .word([]), .word(["in"]), .view],
                run: { s, a in try newView(s, a); return .succeeded }),
        Command(name: "set", usage: "set NAME.PROP = VALUE  |  set autolayout = on|off  |  set canvas = on|off  |  set contentSizeCategory = C  |  set displayScale = 1|2|3  |  set textMetric = uikit|ios13|fixed  |  set device = NAME|none  |  set orientation = portrait|landscape  |  set layoutDirection = leftToRight|rightToLeft  |  set pixelRounding = on|off",
                summary: "change a view property",
                details: """
                Properties: text "…" (one word needs no quotes) · font N or a text style (largeTitle, \
                title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2, \
                or Swift's .body: its size at the content size category; a button's is 15 by default, a \
                label's 17) · fontName NAME (system, \
                HelveticaNeue, Helvetica, Arial, Avenir, AvenirNext, Georgia, TimesNewRoman, Courier, Menlo, \
                HiraginoSans, PingFangSC, with a weight or Italic after a dash: Avenir-Heavy; or an icon font: \
                MaterialIcons-Regular, FontAwesome, Ionicons, icomoon) · weight \
                ultraLight|thin|light|regular|medium|semibold|bold|heavy|black · italic on|off · \
                contentInsets T L B R (a button's contentEdgeInsets; zero leaves UIKit's 6 above and below \
                its title) · configuration plain|gray|tinted|filled|none (a button's UIButton.Configuration: \
                its title in the body style, rounded to the pixel, inside 7 above and below and 12 on each \
                side while contentInsets are zero) · image W H|none (a button's image, by its size: alone it \
                is the button's content; with a title it leads it, the taller setting the height) · adjustsFont on|off (a text style follows later changes of \
                'set contentSizeCategory = C'; without it the label keeps its size), C one of extraSmall, small, medium, large (the default), \
                extraLarge, extraExtraLarge, extraExtraExtraLarge, accessibilityMedium, \
                accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, \
                accessibilityExtraExtraExtraLarge) · lines N (a label's numberOfLines: 0 for as many as \
                its text needs; it wraps at spaces, between East Asian characters, and inside a word \
                only when the word is wider than a line) · lineBreakMode wordWrap|characterWrap|clip|\
                headTruncation|tailTruncation|middleTruncation (characterWrap breaks between any two \
                characters; the others wrap at words; UIKit's .byWordWrapping … .byTruncatingMiddle are read \
                as these) · preferredMaxLayoutWidth W (the width it \
                wraps at; 0, the default: the width the layout gives it, by a second layout pass) · intrinsic W H | W none | none H | none | \
                auto (measured from the text again) · hugging.h P · \
                hugging.v P · compression.h P · compression.v P · frame X Y W H [within W H] · \
                autoresizing on|off · mask flexibleLeft|flexibleWidth|… or none · margins T L B R · \
                directionalMargins T LEADING B TRAILING · insetsLayoutMarginsFromSafeArea on|off (on: margins \
                are measured from the safe area) · preservesSuperviewLayoutMargins on|off · \
                semanticContentAttribute unspecified|playback|spatial|forceLeftToRight|forceRightToLeft · \
                additionalSafeAreaInsets T L B R (root only) · \
                alignmentInsets T L B R (how far the frame sticks out of the alignment rectangle that \
                constraints place) · \
                hidden true|false · class "UIClass" · ibID "id" · on stack views: axis horizontal|vertical · \
                spacing N|system · distribution fill|fillEqually|fillProportionally|equalSpacing|equalCentering · \
                alignment fill|leading|top|firstBaseline|center|trailing|bottom|lastBaseline · \
                marginsRelative true|false · baselineRelative true|false · on a stack's arranged view: spacingAfter \
                N|system|default (the stack's custom spacing after it, setCustomSpacing(_:after:); default: the stack's \
                spacing; lost when the view leaves the stack) · on a text view (new textView): scrollEnabled on|off \
                (off: sized by its text, wrapped at the width it is given, inside 8 points above and below and \
                5 on each side; on, the default: no intrinsic size) · on a text field (new field): borderStyle \
                none|line|bezel|roundedRect (UITextField's; none, UIKit's default, is a line of its font high, \
                the others 34; new field makes a rounded rect, as Interface Builder does) · on a segmented control \
                (new segmented): segments "Title" "Title" … | none (its titles size it: each in the system font at \
                13 points with 10 on either side, all as wide as the widest; none, or an image's empty title: no \
                width of its own) · apportionsSegmentWidthsByContent on|off (on: each segment as wide as its own \
                title) · on an activity indicator (new spinner): style medium|large (20 × 20 or 37 × 37). UIKit's names \
                of these are read too, each as the shell's: \(uikitNameList); those that move no frame \
                (\(ViewProperty.layoutFreeUIKitNames.prefix(4).joined(separator: ", ")), …) are refused, saying so. Every subview of a stack view that is \
                not a guide is arranged, in order ('move NAME to STACK at INDEX' reorders). \
                Priorities are numbers in (0, 1000] or required, high, low, fitting. With autoresizing on, \
                the frame becomes constraints measured against the superview's frame of the last layout \
                pass (or the size given after 'within'). 'set autolayout = on' lays out after every change. \
                'set canvas = on' lays hidden arranged views out as Interface Builder's canvas draws them: \
                out of the stack's spacing chain, each where the view before it ends (held at 0 by \
                UISV-hiding unless a required size overrules it); off, as UIKit does, they stay in the \
                chain with the gaps beside them shrunk. 'import FILE with placeholders' turns it on. \
                Text is measured as UIKit measures it (docs/text.md): by the font's glyph widths and line \
                height, rounded up to the pixels of 'set displayScale = S' (3, an iPhone's, by default); \
                'set textMetric = fixed' measures by the fixed metric of earlier versions instead (half an em a \
                character, 1.2 ems a line), 'set textMetric = ios13' measures San Francisco as iOS 9 to 13 drew it (its tracking, SF Display from 20 points), \
                'set textMetric = uikit' goes back. 'set device = "iPhone 15"' makes \
                root that device's screen, with its safe area, root margins, size classes and display scale \
                ('devices' lists them; none keeps root as it is); 'set orientation = landscape' turns it; \
                'set layoutDirection = rightToLeft' lays leading and trailing out from the right \
                (docs/devices.md). 'set pixelRounding = on' rounds frames to the pixels of the display scale as \
                UIKit does (a device and an imported document turn it on).
                """, mutates: true, arguments: [.view],
                run: { s, a in try setProperty(s, a); return .succeeded }),
        Command(name: "delete", usage: "delete NAME", summary: "remove a view, its subviews and their constraints",
                mutates: true, arguments: [.view],
                run: { s, a in
                    var c = try a.cursor()
                    let name = try c.name("a view name")
                    try c.expectEnd()
                    try deleteView(s, name)
                    return .succeeded
                }),
        Command(name: "move", usage: "move NAME to PARENT [at INDEX] [keeping]",
                summary: "re-parent or reorder a view; on a re-parent, constraints to views outside its new ancestry go",
                details: """
                As UIKit's addSubview: a view moved to another superview loses the constraints between \
                its subtree and views outside its new ancestry; moved among its own siblings it keeps \
                them all. 'keeping' keeps them on a re-parent too ('save' writes it: a saved script \
                moves views in another order than they moved, and must not lose what the session kept).
                """,
                mutates: true, arguments: [.view, .word(["to"]), .view, .word(["at", "keeping"])],
                run: { s, a in
                    var c = try a.cursor()
                    let name = try c.name("a view name")
                    guard c.acceptWord("to") else { throw c.fail("'to'") }
                    let parent = try c.name("a view name")
                    var index: Int?
                    if c.acceptWord("at") {
                        let number = try c.number("an index (0 is first)")
                        guard number == number.rounded(), abs(number) < 1e9 else {
                            throw ShellError.syntax("expected a whole index, found \(formatNumber(number))", usage: nil)
                        }
                        index = Int(number)
                    }
                    let keeping = c.acceptWord("keeping")
                    try c.expectEnd()
                    try s.engine.moveView(name, to: parent, at: index, keepingConstraints: keeping)
                    return .succeeded
                }),
        Command(name: "remake", usage: "remake STACK ...",
                summary: "make stack views' constraints afresh, the newest, as UIKit does after a nib loads",
                details: """
                UIKit makes a stack view's constraints in the layout pass after a document's constraints \
                are active, so where they conflict, the stack's are the newest and the ones broken. \
                'import' remakes the stacks it brings in; 'save' writes the remake where it happened.
                """, mutates: true, arguments: [.view],
                run: { s, a in
                    var c = try a.cursor()
                    var names = [try c.name("a stack view's name")]
                    while !c.atEnd { names.append(try c.name("a stack view's name")) }
                    try s.engine.remakeStackConstraints(of: names)
                    return .succeeded
                }),
    ]

    /// `delete NAME`: as UIKit's removeFromSuperview, but said: the subviews and constraints
    /// that go with the view.
    static func deleteView(_ s: Session, _ name: String) throws {
        let h = s.engine.hierarchy
        let id = try h.viewID(named: name)
        let doomed = h.subtree(id)
        let inside = Set(doomed)
        let gone = h.userConstraints.filter { $0.1.items.contains(where: inside.contains) }.map(\.1.name)
        try s.engine.deleteView(name)
        var parts: [String] = []
        let subviews = doomed.filter { $0 != id }.map { h.view($0).name }
        if !subviews.isEmpty { parts.append(counted(subviews.count, "subview") + " (" + listed(subviews) + ")") }
        if !gone.isEmpty { parts.append(counted(gone.count, "constraint") + " (" + listed(gone) + ")") }
        s.print("deleted \(name)" + (parts.isEmpty ? "" : ", and with it " + parts.joined(separator: " and ")))
    }

    /// Names, the first eight and how many more.
    static func listed(_ names: [String]) -> String {
        names.count <= 8 ? names.joined(separator: ", ") : names.prefix(8).joined(separator: ", ") + " and \(names.count - 8) more"
    }

    /// The name `new` was given as typed, when it is no name (`a-b`, `1x`, `★`): the error that
    /// says what a name may hold. A character that hides (a control or format character) is
    /// left to the lexer, which points at it.
    static func refusedName(_ a: Arguments) -> ShellError? {
        let words = a.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, !Lexer.isName(words[1]), !words[1].contains("="),
              words[1].unicodeScalars.allSatisfy({ ![.control, .format].contains($0.properties.generalCategory) }) else { return nil }
        return ShellError.syntax("'\(words[1])' cannot be a name: \(Lexer.nameRule)", usage: a.usage)
    }

    /// What `new` makes: the view kinds, then UIKit's controls.
    static let kindWords = ViewKind.allCases.map(\.rawValue) + Control.allCases.map(\.rawValue) + ["textView"]
    static let kindExpected = "a kind (\(kindWords.joined(separator: " ")))"

    /// The kind a UIKit class or an Interface Builder element stands for, by its name in any
    /// case (`UITextField`, `textField` → `field`; `UIActivityIndicatorView` → `spinner`): what
    /// a developer types first, suggested when `new` does not know the word.
    static func kindWord(forClassOrElement word: String) -> String? {
        kindsByClassOrElement[word.lowercased()]
    }

    private static let kindsByClassOrElement: [String: String] = {
        var kinds: [String: String] = ["uitextview": "textView"]
        for kind in ViewKind.allCases { kinds[kind.className.lowercased()] = kind.rawValue }
        for control in Control.allCases { kinds[control.className.lowercased()] = control.rawValue }
        // Interface Builder's element names where they are not the kind's own.
        let elements = ["imageView": ViewKind.image.rawValue, "stackView": ViewKind.stack.rawValue,
                        "layoutGuide": ViewKind.guide.rawValue, "textField": Control.field.rawValue,
                        "segmentedControl": Control.segmented.rawValue, "activityIndicatorView": Control.spinner.rawValue,
                        "progressView": Control.progress.rawValue, "pickerView": Control.picker.rawValue]
        for (element, kind) in elements { kinds[element.lowercased()] = kind }
        return kinds
    }()

    static func newView(_ s: Session, _ a: Arguments) throws {
        var c: Cursor
        do { c = try a.cursor() } catch { throw refusedName(a) ?? error }
        let kindWord = try c.name(Commands.kindExpected)
        // A control is a view of its UIKit class, with the control's size and alignment insets.
        let control = Control(rawValue: kindWord)
        let textView = kindWord == "textView"
        guard let kind = textView ? .label : control == nil ? ViewKind(rawValue: kindWord) : .view else {
            throw ShellError.unknownKind(kindWord, suggestion: Commands.kindWord(forClassOrElement: kindWord) ?? closestMatch(to: kindWord, in: Commands.kindWords))
        }
        // A name the lexer split (`a-b`, `x.y`): a symbol right after it, with no space.
        if let token = c.peek, let next = c.peek(1), token.name != nil, case .symbol = next.kind,
           next.column == token.column + token.text.count, let refused = refusedName(a) {
            throw refused
        }
        let name = try c.name("a name for the new \(kindWord)")
        var parent = "root"
        if c.acceptWord("in") { parent = try c.name("a parent view") }
        var properties: [ViewProperty] = []
        // A UITextView: a label that always wraps inside its insets, scrolling (no intrinsic
        // size) until `scrollEnabled = off`; a view's hugging, not a label's.
        if textView {
            properties += [.documentClass("UITextView"), .textView(.scrolls), .textStyle(.body), .hugging(.horizontal, 250), .hugging(.vertical, 250)]
        }
        if let control {
            properties.append(.documentClass(control.className))
            if control.alignmentInsets != .zero { properties.append(.alignmentInsets(control.alignmentInsets)) }
            if control.hugging != 250 { properties += [.hugging(.horizontal, control.hugging), .hugging(.vertical, control.hugging)] }
        }
        while !c.atEnd {
            let property = try propertyName(&c)
            try c.expect("=", "'=' after '\(property)'")
            properties.append(try propertyValue(property, &c, stopAtNextProperty: true))
        }
        try s.engine.addView(kind: kind, name: name, parent: parent, properties: properties)
        if s.engine.hierarchy.constraint(named: name) != nil {
            s.print("note: '\(name)' is now both a view's and a constraint's name: easy to mistake one for the other")
        }
    }

    static func setProperty(_ s: Session, _ a: Arguments) throws {
        var c = try a.cursor()
        let name = try c.name("NAME.PROPERTY")
        if let setting = sessionSettings[name], c.peek?.isSymbol("=") == true {
            c.position += 1
            try setting(s, &c)
            return
        }
        guard c.accept(".") else { throw c.fail("'.' and a property after '\(name)'") }
        // A view's property: its own usage, not the session settings' as well.
        c.usage = "set NAME.PROP = VALUE ('help set' lists the properties)"
        _ = try s.engine.hierarchy.viewID(named: name)
        let property = try propertyName(&c)
        try c.expect("=", "'=' after '\(name).\(property)'")
        let value = try propertyValue(property, &c, stopAtNextProperty: false)
        try c.expectEnd()
        try s.engine.setProperty(value, of: name)
    }

    /// The session's settings (`set NAME = VALUE`): each reads its value to the end of the
    /// statement, then makes the change.
    static let sessionSettings: [String: @Sendable (Session, inout Cursor) throws -> Void] = [
        "contentSizeCategory": { s, c in
            let list = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
            let category: ContentSizeCategory = try choice(&c, "a content size category (\(list))")
            try c.expectEnd()
            try s.engine.setContentSizeCategory(category)
        },
        "textMetric": { s, c in
            let metric: TextMetric = try choice(&c, "uikit, ios13 or fixed for textMetric")
            try c.expectEnd()
            try s.engine.setTextMetric(metric)
        },
        "displayScale": { s, c in
            let scale = try c.number("1, 2 or 3 (pixels a point)")
            try c.expectEnd()
            try s.engine.setDisplayScale(scale)
        },
        "device": { s, c in
            let device = try deviceName(&c)
            try c.expectEnd()
            let before = s.engine.hierarchy
            let varied = try s.engine.setDevice(device == "none" ? nil : device)
            announceTraits(s, before: before, variations: varied)
        },
        "orientation": { s, c in
            let orientation: Orientation = try choice(&c, "portrait or landscape")
            try c.expectEnd()
            let before = s.engine.hierarchy
            let varied = try s.engine.setOrientation(orientation)
            announceTraits(s, before: before, variations: varied)
        },
        "layoutDirection": { s, c in
            let direction: LayoutDirection = try choice(&c, "leftToRight or rightToLeft")
            try c.expectEnd()
            try s.engine.setLayoutDirection(direction)
        },
        "autolayout": { s, c in try s.engine.setAutolayout(try onOffToEnd(&c, "autolayout")) },
        "canvas": { s, c in try s.engine.setCanvas(try onOffToEnd(&c, "canvas")) },
        "pixelRounding": { s, c in try s.engine.setPixelRounding(try onOffToEnd(&c, "pixelRounding")) },
    ]

    /// One of an enumeration's cases by its name, or "unknown NAME 'word'; one of …" listing them.
    static func oneOf<T: RawRepresentable & CaseIterable>(_ c: inout Cursor, _ name: String) throws -> T where T.RawValue == String {
        let word = try c.name("a \(name)")
        guard let value = T(rawValue: word) else {
            throw ShellError.syntax("unknown \(name) '\(word)'; one of \(T.allCases.map(\.rawValue).joined(separator: " "))", usage: nil)
        }
        return value
    }

    /// One of an enumeration's cases by its name, or "expected WHAT, found 'word'".
    static func choice<T: RawRepresentable>(_ c: inout Cursor, _ what: String) throws -> T where T.RawValue == String {
        let word = try c.name(what)
        guard let value = T(rawValue: word) else { throw ShellError.syntax("expected \(what), found '\(word)'", usage: nil) }
        return value
    }

    /// `on` or `off`, and nothing after it.
    static func onOffToEnd(_ c: inout Cursor, _ name: String) throws -> Bool {
        let on = try onOff(&c, name)
        try c.expectEnd()
        return on
    }

    /// A device's name: a string, or the words up to the end (`iPhone 15 Pro`), or `none`.
    static func deviceName(_ c: inout Cursor) throws -> String {
        guard let token = c.next() else { throw c.fail("a device name (see 'devices') or none") }
        if case let .string(text) = token.kind { return text }
        // (Devices are matched without blanks and punctuation: `iPad Pro 11-inch` however typed.)
        var words = [token.text]
        while let next = c.next() { words.append(next.text) }
        return words.joined(separator: " ")
    }

    /// After a change of device or orientation: what the layout is made for now, and the
    /// traits that changed.
    static func announceTraits(_ s: Session, before: Hierarchy, variations: Int = 0) {
        let h = s.engine.hierarchy
        guard h.device != before.device || h.orientation != before.orientation else { return }
        s.print(traitsLine(h))
        let old = before.traits, new = h.traits
        var changed: [String] = []
        if old.horizontalSizeClass != new.horizontalSizeClass { changed.append("width \(old.horizontalSizeClass.rawValue) → \(new.horizontalSizeClass.rawValue)") }
        if old.verticalSizeClass != new.verticalSizeClass { changed.append("height \(old.verticalSizeClass.rawValue) → \(new.verticalSizeClass.rawValue)") }
        if old.displayScale != new.displayScale { changed.append("display scale \(formatNumber(old.displayScale)) → \(formatNumber(new.displayScale))") }
        if !changed.isEmpty { s.print("changed: " + changed.joined(separator: ", ")) }
        if variations > 0 {
            s.print("size-class variations for the new size classes: \(variations) constraint\(variations == 1 ? " or view" : "s and views") changed")
        }
    }

    /// `iPhone 15, portrait: 393 x 852, safe area 59 0 34 0; width compact, height regular; …`
    static func traitsLine(_ h: Hierarchy) -> String {
        let t = h.traits
        let frame = h.root.frame
        let safe = h.rootSafeArea
        var where_ = "root \(formatNumber(frame.width)) x \(formatNumber(frame.height))"
        if let device = h.device { where_ = "\(device.name), \(h.orientation.rawValue): " + where_ }
        let insets = [safe.top, safe.left, safe.bottom, safe.right].map(formatNumber).joined(separator: " ")
        return "\(where_), safe area \(insets); width \(t.horizontalSizeClass.rawValue), height \(t.verticalSizeClass.rawValue); "
            + "\(t.layoutDirection == .leftToRight ? "left to right" : "right to left"); content size \(t.contentSizeCategory.rawValue); display scale \(formatNumber(t.displayScale))"
    }

    /// `ViewProperty.uikitNames` for help: `isHidden (hidden), …`, by UIKit's name.
    static let uikitNameList = ViewProperty.uikitNames.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")

    static func propertyName(_ c: inout Cursor) throws -> String {
        var name = try c.name("a property")
        if let shellName = ViewProperty.uikitNames[name] { return shellName }
        if name == "hugging" || name == "compression" {
            try c.expect(".", "'.h' or '.v' after '\(name)'")
            let axis = try c.name("'h' or 'v'")
            name += "." + axis
        }
        guard ViewProperty.names.contains(name) else {
            if ViewProperty.layoutFree.contains(name) {
                throw ShellError.notAvailable("'\(name)' does not change a frame: strut keeps only what layout reads")
            }
            throw ShellError.unknownProperty(name, suggestion: closestMatch(to: name, in: ViewProperty.names + ViewProperty.uikitNames.keys.sorted()))
        }
        return name
    }

    /// A property's value; in `new`, it ends where the next `PROP=` begins.
    static func propertyValue(_ property: String, _ c: inout Cursor, stopAtNextProperty: Bool) throws -> ViewProperty {
        switch property {
        case "text":
            guard let token = c.next() else { throw c.fail("a string") }
            switch token.kind {
            case let .string(text): return .text(text)
            case let .name(word):
                // `text=Hello World`: words up to the next `PROP=` (`hugging.h=`) in `new`, or
                // the end, would be the text.
                var words = [word]
                while let more = c.peek, more.name != nil || more.number != nil,
                      !(stopAtNextProperty && (c.peek(1)?.isSymbol("=") == true || c.peek(1)?.isSymbol(".") == true)) {
                    words.append(more.text)
                    c.position += 1
                }
                guard words.count == 1 else {
                    throw ShellError.syntax("a text of several words goes in quotes: text=\"\(words.joined(separator: " "))\"", usage: nil)
                }
                return .text(word)
            default: c.position -= 1; throw c.fail("a string (\"...\")")
            }
        case "font":
            try c.refuseNonFinite()
            // Swift's `.body`.
            if c.peek?.isSymbol(".") == true, let style = c.peek(1)?.name.flatMap(TextStyle.init(name:)) {
                c.position += 2
                return .textStyle(style)
            }
            if let word = c.peek?.name {
                let start = c.position
                c.position += 1
                guard let style = TextStyle(name: word) else {
                    // A font's name where its size goes (`font=Avenir-Heavy 20`): UIFont takes
                    // both, the shell two properties.
                    c.position = start
                    if let name = try? fontName(&c), FontFace(fontName: name) != nil {
                        throw ShellError.syntax("'\(name)' is a font's name: set it with fontName=\(name), and its size with font=N", usage: nil)
                    }
                    let styles = TextStyle.allCases.map(\.rawValue)
                    throw ShellError.syntax("expected a font size or a text style (\(styles.joined(separator: ", "))), found '\(word)'"
                        + didYouMean(closestMatch(to: word, in: styles)), usage: nil)
                }
                return .textStyle(style)
            }
            if let token = c.peek, case let .string(name) = token.kind {
                if let style = TextStyle(name: name) {
                    c.position += 1
                    return .textStyle(style)
                }
                if FontFace(fontName: name) != nil {
                    throw ShellError.syntax("'\(name)' is a font's name: set it with fontName=\"\(name)\", and its size with font=N", usage: nil)
                }
            }
            return .font(try c.number("a font size or a text style"))
        case "adjustsFont":
            return .adjustsFont(try onOff(&c, property))
        case "fontName":
            let name = try fontName(&c)
            if name == "system" { return .fontFace(.system) }
            guard let face = FontFace(fontName: name) else {
                throw ShellError.syntax("no metrics for the font '\(name)'; strut knows system, \(FontFamily.allCases.filter { $0 != .system && $0 != .icons }.map(\.displayName).joined(separator: ", ")), their weights (Avenir-Heavy, Georgia-Italic) and icon fonts (MaterialIcons-Regular, FontAwesome, Ionicons)", usage: nil)
            }
            return .fontFace(face)
        case "weight":
            return .weight(try oneOf(&c, "weight"))
        case "italic":
            return .italic(try onOff(&c, property))
        case "contentInsets":
            let top = try c.number("T L B R")
            let insets = c.atNumber
                ? EdgeInsets(top: top, left: try c.number("T L B R"), bottom: try c.number("T L B R"), right: try c.number("T L B R"))
                : EdgeInsets(top: top, left: top, bottom: top, right: top)
            return .contentInsets(insets)
        case "lines":
            let count = try c.number("a number of lines (0: as many as the text needs)")
            guard count == count.rounded(), count >= 0, count <= 1_000_000 else {
                throw ShellError.syntax("expected a whole number of lines (0: as many as the text needs), found \(formatNumber(count))", usage: nil)
            }
            return .lines(Int(count))
        case "lineBreakMode":
            // UIKit's NSLineBreakMode names are read as Interface Builder's (`.byWordWrapping`).
            _ = c.accept(".")
            if let word = c.peek?.name, let mode = LineBreakMode(uikitName: word) {
                c.position += 1
                return .lineBreakMode(mode)
            }
            return .lineBreakMode(try oneOf(&c, "line break mode"))
        case "preferredMaxLayoutWidth":
            return .preferredMaxLayoutWidth(try c.number("a width (0: the width the layout gives)"))
        case "class", "ibID":
            guard let token = c.next() else { throw c.fail("a string") }
            let text: String
            switch token.kind {
            case let .string(value): text = value
            case let .name(word): text = word
            default: c.position -= 1; throw c.fail("a string (\"...\")")
            }
            return property == "class" ? .documentClass(text) : .ibID(text)
        case "intrinsic":
            if c.acceptWord("auto") { return .intrinsicFromContent }
            if c.acceptWord("none") {
                if c.atNumber { return .intrinsic(nil, try c.number("a height")) }
                if c.acceptWord("none") { return .intrinsic(nil, nil) }
                return .intrinsic(nil, nil)
            }
            let width = try c.number("W H, W none, none H or none")
            if c.acceptWord("none") { return .intrinsic(width, nil) }
            return .intrinsic(width, try c.number("a height (or none)"))
        case "hugging.h", "hugging.v", "compression.h", "compression.v":
            let axis: Axis = property.hasSuffix(".h") ? .horizontal : .vertical
            let priority = try c.priority()
            return property.hasPrefix("hugging") ? .hugging(axis, priority) : .compression(axis, priority)
        case "hugging", "compression":
            throw ShellError.unknownProperty(property, suggestion: property + ".h")
        case "frame":
            let x = try c.number("X Y W H"), y = try c.number("X Y W H")
            let w = try c.number("X Y W H"), h = try c.number("X Y W H")
            var within: EdgeSize?
            if c.acceptWord("within") {
                within = EdgeSize(width: try c.number("W H after 'within'"), height: try c.number("W H after 'within'"))
            }
            return .frame(Rect(x: x, y: y, width: w, height: h), within: within)
        case "autoresizing":
            return .autoresizing(try onOff(&c, property))
        case "mask":
            if c.acceptWord("none") { return .mask([]) }
            var mask: AutoresizingMask = []
            repeat {
                let flag = try c.name("a mask flag (flexibleLeft flexibleWidth flexibleRight flexibleTop flexibleHeight flexibleBottom) or none")
                guard let value = AutoresizingMask.names.first(where: { $0.0 == flag })?.1 else {
                    throw ShellError.syntax("unknown mask flag '\(flag)'" + didYouMean(closestMatch(to: flag, in: AutoresizingMask.names.map(\.0))), usage: nil)
                }
                mask.insert(value)
            } while c.accept("|")
            return .mask(mask)
        case "margins", "alignmentInsets":
            let top = try c.number("T L B R")
            let insets = c.atNumber
                ? EdgeInsets(top: top, left: try c.number("T L B R"), bottom: try c.number("T L B R"), right: try c.number("T L B R"))
                : EdgeInsets(top: top, left: top, bottom: top, right: top)
            return property == "margins" ? .margins(insets) : .alignmentInsets(insets)
        case "directionalMargins", "additionalSafeAreaInsets":
            let top = try c.number(property == "directionalMargins" ? "T LEADING B TRAILING" : "T L B R")
            let insets = c.atNumber
                ? EdgeInsets(top: top, left: try c.number("T L B R"), bottom: try c.number("T L B R"), right: try c.number("T L B R"))
                : EdgeInsets(top: top, left: top, bottom: top, right: top)
            return property == "directionalMargins" ? .directionalMargins(insets) : .additionalSafeAreaInsets(insets)
        case "insetsLayoutMarginsFromSafeArea":
            return .insetsMarginsFromSafeArea(try onOff(&c, property))
        case "preservesSuperviewLayoutMargins":
            return .preservesSuperviewMargins(try onOff(&c, property))
        case "semanticContentAttribute":
            return .semanticContent(try oneOf(&c, "semantic content attribute"))
        case "hidden":
            let word = try c.name("true or false")
            guard word == "true" || word == "false" else { throw ShellError.syntax("expected true or false, found '\(word)'", usage: nil) }
            return .hidden(word == "true")
        case "axis":
            let word = try c.name("horizontal or vertical")
            guard let axis = Axis(rawValue: word) else { throw ShellError.syntax("expected horizontal or vertical, found '\(word)'", usage: nil) }
            return .axis(axis)
        case "spacing":
            // `system` is UIKit's standard spacing between siblings, 8.
            if c.acceptWord("system") { return .spacing(8) }
            return .spacing(try c.number("a spacing (or system)"))
        case "scrollEnabled":
            return .textView(try onOff(&c, property) ? .scrolls : .grows)
        case "borderStyle":
            return .borderStyle(try oneOf(&c, "border style"))
        case "segments":
            // Titles as UISegmentedControl(items:) takes them: strings, commas between them optional.
            if c.acceptWord("none") { return .segments([]) }
            var titles: [String] = []
            repeat {
                guard let token = c.next(), case let .string(title) = token.kind else {
                    c.position -= 1
                    throw c.fail("a segment's title in quotes (\"Day\" \"Week\"), or none")
                }
                titles.append(title)
                _ = c.accept(",")
            } while !c.atEnd
            return .segments(titles)
        case "apportionsSegmentWidthsByContent":
            return .apportionsSegments(try onOff(&c, property))
        case "style":
            return .spinnerStyle(try oneOf(&c, "activity indicator style"))
        case "image":
            if c.acceptWord("none") { return .image(nil) }
            return .image(EdgeSize(width: try c.number("an image's width and height (or none)"), height: try c.number("an image's height")))
        case "configuration":
            if c.acceptWord("none") { return .configuration(nil) }
            return .configuration(try oneOf(&c, "button configuration"))
        case "spacingAfter":
            // UIKit's `setCustomSpacing(_:after:)`; `default` is `spacingUseDefault`.
            if c.acceptWord("default") { return .spacingAfter(nil) }
            if c.acceptWord("system") { return .spacingAfter(8) }
            return .spacingAfter(try c.number("a spacing (or system, or default)"))
        case "marginsRelative", "baselineRelative":
            let word = try c.name("true or false")
            guard word == "true" || word == "false" else { throw ShellError.syntax("expected true or false, found '\(word)'", usage: nil) }
            return property == "marginsRelative" ? .marginsRelative(word == "true") : .baselineRelative(word == "true")
        case "distribution":
            let word = try c.name("a distribution")
            guard StackSettings.distributions.contains(word) else {
                throw ShellError.syntax("unknown distribution '\(word)'; one of \(StackSettings.distributions.joined(separator: " "))", usage: nil)
            }
            return .distribution(word)
        default:  // alignment
            let word = try c.name("an alignment")
            guard StackSettings.alignments.contains(word) else {
                throw ShellError.syntax("unknown alignment '\(word)'; one of \(StackSettings.alignments.joined(separator: " "))", usage: nil)
            }
            return .alignment(word)
        }
    }

    /// A font's name: a string, or a name with its dashed parts typed without spaces
    /// (`Avenir-Heavy`).
    static func fontName(_ c: inout Cursor) throws -> String {
        guard let first = c.next() else { throw c.fail("a font name") }
        switch first.kind {
        case let .string(text): return text
        case let .name(word):
            var name = word
            var end = first.column + first.text.count
            while let dash = c.peek, dash.isSymbol("-"), dash.column == end, let part = c.peek(1), part.column == end + 1,
                  part.name != nil || part.number != nil {
                c.position += 2
                name += "-" + part.text
                end = part.column + part.text.count
            }
            return name
        default:
            c.position -= 1
            throw c.fail("a font name (Avenir-Heavy, \"Georgia-Italic\", system)")
        }
    }

    static func onOff(_ c: inout Cursor, _ what: String) throws -> Bool {
        let word = try c.name("on or off")
        switch word {
        case "on", "true": return true
        case "off", "false": return false
        default: throw ShellError.syntax("expected on or off for \(what), found '\(word)'", usage: nil)
        }
    }
}
