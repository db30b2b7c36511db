import LayoutEngine
import Shell
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// One statement of layout code typed at the prompt, as a developer copies it from a file,
/// read as the shell's own lines, which the shell then runs as typed ones, all or none:
/// `a.topAnchor.constraint(equalTo: view.topAnchor, constant: 8).isActive = true` is
/// `a.topAnchor == root.topAnchor + 8`, `let t = UILabel()` is `new label t` (with code's
/// defaults), `t.numberOfLines = 0` is `set t.numberOfLines = 0`. What this file does not read
/// itself (SnapKit, Masonry, the visual format, `NSLayoutConstraint(item:…)`) runs through the
/// file reader (`runThroughReader`). Objective-C's simple lines are turned into Swift's first.
enum SwiftStatement {
    struct Failure: Error {
        var message: String
    }

    /// The shell's lines for `text`; nil when it is no statement strut reads this way (the
    /// shell's own error for the line stands). `view` and `contentView`, when no view of
    /// `hierarchy` has that name, are the root view (a view controller's and a cell's), and
    /// `self` is too.
    static func shellLines(in text: String, hierarchy: Hierarchy) throws(Failure) -> [String]? {
        let declaration = swiftDeclaration(fromObjectiveC: text)
        if declaration != nil || isObjectiveC(text) {
            if let swift = declaration ?? swiftAssignment(fromObjectiveC: text) ?? swiftMessage(fromObjectiveC: text),
               let lines = try translated(swift, hierarchy: hierarchy) { return lines }
            return try runThroughReader(text, hierarchy: hierarchy)
        }
        if let lines = try translated(text, hierarchy: hierarchy) { return lines }
        if let lines = try runThroughReader(text, hierarchy: hierarchy) { return lines }
        if text.hasPrefix("NSLayoutConstraint.activate(") {
            throw Failure(message: "NSLayoutConstraint.activate: strut runs the calls that make the constraints, written out in it ([a.topAnchor.constraint(equalTo: …), …] or NSLayoutConstraint.constraints(withVisualFormat: …))")
        }
        return nil
    }

    /// The statements read here, line by line, without running the file reader.
    static func translated(_ text: String, hierarchy: Hierarchy) throws(Failure) -> [String]? {
        let isView = { (name: String) in hierarchy.view(named: name) != nil }
        let parsed = Parser.parse(source: text)
        // `NSLayoutConstraint.activate([` on a line of its own: a statement of several lines.
        if parsed.hasError, Lexer.openedBrackets(text) > 0 {
            throw Failure(message: "a Swift statement left open ('(' or '[' not closed): at the prompt each line is a whole statement")
        }
        guard !parsed.hasError, let file = OperatorTable.standardOperators.foldAll(parsed, errorHandler: { _ in }).as(SourceFileSyntax.self),
              file.statements.count == 1, let statement = file.statements.first?.item else { return nil }
        let reader = Reader(isView: isView, isTextField: { hierarchy.view(named: $0)?.isTextField == true },
                            textMetric: hierarchy.textMetric, displayScale: hierarchy.displayScale)
        // `let title = UILabel()`
        if let declaration = statement.as(VariableDeclSyntax.self) { return try reader.newView(declaration) }
        guard let folded = statement.as(ExprSyntax.self) else { return nil }
        // `NSLayoutConstraint.activate([c1, c2])`
        if let call = folded.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           member.declName.baseName.text == "activate", member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSLayoutConstraint" {
            // Anything but anchors written out (`NSLayoutConstraint.constraints(withVisualFormat:…)`)
            // goes to the file reader.
            guard call.arguments.count == 1, let array = call.arguments.first?.expression.as(ArrayExprSyntax.self) else { return nil }
            guard !array.elements.isEmpty else { throw Failure(message: "NSLayoutConstraint.activate([]) activates nothing") }
            var lines: [String] = []
            for element in array.elements {
                guard let line = try reader.constraint(element.expression) else { return nil }
                lines.append(line)
            }
            return lines
        }
        if let infix = folded.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
           let member = infix.leftOperand.as(MemberAccessExprSyntax.self), let base = member.base {
            let property = member.declName.baseName.text
            // `….isActive = true`
            if property == "isActive", let line = try reader.constraint(base) {
                guard let value = infix.rightOperand.as(BooleanLiteralExprSyntax.self) else {
                    throw Failure(message: "isActive = \(infix.rightOperand.trimmedDescription): strut reads true or false here")
                }
                guard value.literal.tokenKind == .keyword(.true) else {
                    throw Failure(message: "isActive = false leaves the constraint out: nothing to add")
                }
                return [line]
            }
            // `title.numberOfLines = 0`; `a.top = b.top` is a mistyped relation, not Swift.
            if let view = reader.view(base) {
                guard LayoutAttribute(name: property) == nil else { return nil }
                return try reader.assignment(property, of: view, value: infix.rightOperand)
            }
        }
        if let call = folded.as(FunctionCallExprSyntax.self), let lines = try reader.method(call) { return lines }
        if try reader.constraint(folded) != nil {
            throw Failure(message: "this makes a constraint and leaves it inactive, as UIKit does: add .isActive = true, or put it in NSLayoutConstraint.activate([…])")
        }
        return nil
    }

    private struct Reader {
        let isView: (String) -> Bool
        let isTextField: (String) -> Bool
        /// How the session measures text: a segmented control made with items is sized by it.
        var textMetric = TextMetric.uikit
        var displayScale = Hierarchy.defaultDisplayScale

        /// `ANCHOR.constraint(…)` as a line of the shell's; nil for any other expression.
        func constraint(_ expression: ExprSyntax) throws(Failure) -> String? {
            guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "constraint",
                  let base = member.base, let first = anchor(base) else { return nil }
            var relation: String?
            var second: String?
            var constant = 0.0
            var multiplier = 1.0
            var systemSpacing = false
            for argument in call.arguments {
                let label = argument.label?.text ?? ""
                for (prefix, symbol) in [("equalTo", "=="), ("lessThanOrEqualTo", "<="), ("greaterThanOrEqualTo", ">=")] where label.hasPrefix(prefix) {
                    let rest = label.dropFirst(prefix.count)
                    guard relation == nil, rest.isEmpty || rest == "Constant" || rest.hasPrefix("SystemSpacing") else { continue }
                    relation = symbol
                    if rest == "Constant" {
                        constant = try number(argument.expression)
                    } else {
                        guard let other = anchor(argument.expression) else {
                            throw Failure(message: "`\(argument.expression.trimmedDescription)` is not an anchor strut reads: VIEW.topAnchor, VIEW.safeAreaLayoutGuide.topAnchor, …")
                        }
                        second = other
                        systemSpacing = rest.hasPrefix("SystemSpacing")
                    }
                }
                switch label {
                case "constant": constant = try number(argument.expression)
                case "multiplier": multiplier = try number(argument.expression)
                default:
                    guard relation != nil, label.hasPrefix("equalTo") || label.hasPrefix("lessThanOrEqualTo") || label.hasPrefix("greaterThanOrEqualTo") else {
                        throw Failure(message: "constraint(\(label.isEmpty ? "_" : label):): not one of UIKit's anchor methods (equalTo:, lessThanOrEqualTo:, greaterThanOrEqualTo:, …Constant:, …SystemSpacingAfter:, constant:, multiplier:)")
                    }
                }
            }
            guard let relation else { throw Failure(message: "constraint(…) needs equalTo:, lessThanOrEqualTo: or greaterThanOrEqualTo:") }
            // System spacing: UIKit's standard space between two views, 8 points, times the multiplier.
            if systemSpacing {
                constant = 8 * multiplier
                multiplier = 1
            }
            guard let second else { return "\(first) \(relation) \(SwiftStatement.text(constant))" }
            var line = "\(first) \(relation) "
            if multiplier != 1 { line += "\(SwiftStatement.text(multiplier)) * " }
            line += second
            if constant > 0 { line += " + \(SwiftStatement.text(constant))" }
            if constant < 0 { line += " - \(SwiftStatement.text(-constant))" }
            return line
        }

        /// `a.topAnchor`, `self.view.safeAreaLayoutGuide.leadingAnchor` as the shell's
        /// `a.topAnchor`, `root.safeAreaLayoutGuide.leadingAnchor`.
        func anchor(_ expression: ExprSyntax) -> String? {
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text.hasSuffix("Anchor"),
                  let base = member.base, var path = names(base) else { return nil }
            if path.first == "self" { path.removeFirst() }
            if let head = path.first, head == "view" || head == "contentView", !isView(head) { path[0] = "root" }
            if path.isEmpty { path = ["root"] }
            return (path + [member.declName.baseName.text]).joined(separator: ".")
        }

        func names(_ expression: ExprSyntax) -> [String]? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
            if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let head = names(base) {
                return head + [member.declName.baseName.text]
            }
            // `view!.topAnchor`, `label?.topAnchor`
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { return names(forced.expression) }
            if let optional = expression.as(OptionalChainingExprSyntax.self) { return names(optional.expression) }
            return nil
        }

        /// A view's name in the shell: `title`, `self.title`; `view` and `contentView` are root
        /// unless a view has that name, and `self` is.
        func view(_ expression: ExprSyntax) -> String? {
            guard var path = names(expression) else { return nil }
            if path.first == "self" { path.removeFirst() }
            if path.isEmpty { return "root" }
            if path.count == 1, path[0] == "view" || path[0] == "contentView", !isView(path[0]) { return "root" }
            return path.count == 1 ? path[0] : nil
        }

        /// `let title = UILabel()`: the view made, as `new`; a stack view's arranged subviews
        /// moved into it.
        func newView(_ declaration: VariableDeclSyntax) throws(Failure) -> [String]? {
            guard declaration.bindings.count == 1, let binding = declaration.bindings.first,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                  let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase == true else { return nil }
            let kind: String
            if let viewKind = ViewKind.allCases.first(where: { $0.className == type && $0 != .guide }) { kind = viewKind.rawValue }
            else if let control = Control(className: type) { kind = control.rawValue }
            else if type == "UITextView" { kind = "textView" }
            else {
                throw Failure(message: "`\(type)` is not a view strut makes at the prompt (UIView, UILabel, UIButton, UIImageView, UIStackView, UITextField, UITextView and UIKit's controls are; import the file of a class of your own)")
            }
            // As code makes it (the import's defaults): translating its autoresizing mask into
            // constraints; a label hugging at 250 (Interface Builder's, and `new label`, 251); a
            // text field without a border, in the body style (`new field` is Interface Builder's
            // rounded rect).
            var lines = ["new \(kind) \(name)", "set \(name).autoresizing = on"]
            if kind == "label" { lines += ["set \(name).hugging.h = 250", "set \(name).hugging.v = 250"] }
            if type == "UITextField" { lines += ["set \(name).borderStyle = none", "set \(name).font = body"] }
            // UIKit makes a switch or a stepper at its size, whatever frame it is given. Other controls that
            // stick out of their alignment rectangles start with no frame, and keep no insets
            // until they have one (as the file reader makes them): a frame of nothing less its
            // insets would be less than nothing.
            if let size = Control(className: type)?.fixedFrameSize {
                lines.insert("set \(name).frame = 0 0 \(formatNumber(size.width)) \(formatNumber(size.height))", at: 1)
            }
            var fitted = false
            for argument in call.arguments where argument.label?.text == "items" && type == "UISegmentedControl" {
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    throw Failure(message: "items: strut reads an array of titles written out here")
                }
                // Each title; an image (`UIImage(…)`) is a segment whose title is empty. UIKit
                // sizes the control to fit them: its frame, 1 point taller than what constraints
                // place.
                var titles: [String] = []
                for element in array.elements {
                    titles.append(try element.expression.as(StringLiteralExprSyntax.self).map { (string) throws(Failure) in try literalText(string) } ?? "")
                }
                lines.append("set \(name).segments = " + (titles.isEmpty ? "none" : titles.map(Session.quoted).joined(separator: " ")))
                if let width = View.segmentedWidth(titles, apportions: false, metric: textMetric, scale: displayScale) {
                    let size = Control.segmented.frameSize(width: width, height: Control.segmented.intrinsicSize.height!)
                    lines.insert("set \(name).frame = 0 0 \(formatNumber(size.width)) \(formatNumber(size.height))", at: 1)
                    fitted = true
                }
            }
            if type == "UISlider" || type == "UISegmentedControl" && !fitted { lines.insert("set \(name).alignmentInsets = 0", at: 1) }
            // `UIActivityIndicatorView(style: .large)`: sized by its style.
            for argument in call.arguments where argument.label?.text == "style" && type == "UIActivityIndicatorView" {
                // (`.large`, or `UIActivityIndicatorView.Style.large` written out.)
                guard let member = argument.expression.as(MemberAccessExprSyntax.self),
                      let style = SpinnerStyle(uikitName: member.declName.baseName.text) else {
                    throw Failure(message: "`\(argument.expression.trimmedDescription)`: not an activity indicator style strut knows (.medium, .large)")
                }
                let side = formatNumber(Control.spinnerSize(style))
                lines.insert("set \(name).frame = 0 0 \(side) \(side)", at: 1)
                lines.append("set \(name).style = \(style.rawValue)")
            }
            for argument in call.arguments where argument.label?.text == "arrangedSubviews" {
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    throw Failure(message: "arrangedSubviews: strut reads an array of views written out here")
                }
                for element in array.elements {
                    guard let arranged = view(element.expression) else {
                        throw Failure(message: "`\(element.expression.trimmedDescription)` is not a view's name")
                    }
                    lines.append("move \(arranged) to \(name)")
                }
            }
            return lines
        }

        /// `title.font = .preferredFont(forTextStyle: .body)`, `card.layoutMargins =
        /// UIEdgeInsets(…)`, `stack.axis = .vertical`: the `set` lines of the value.
        func assignment(_ property: String, of view: String, value: ExprSyntax) throws(Failure) -> [String] {
            if property == "font" {
                // A text field keeps the system font's face, as the import reads its font: only
                // the size or text style changes its height here.
                let lines = try font(value).filter { !isTextField(view) || $0.hasPrefix("font =") }
                return lines.map { "set \(view).\($0)" }
            }
            return ["set \(view).\(property) = \(try self.value(value))"]
        }

        /// A value as `set` reads it: text quoted, numbers, `true`, a member's name
        /// (`.vertical`: vertical), insets and rectangles as their four numbers.
        /// A string literal's text, its escapes read.
        func literalText(_ string: StringLiteralExprSyntax) throws(Failure) -> String {
            guard string.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else {
                throw Failure(message: "text with an interpolation: strut reads a text written out")
            }
            let source = string.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            // Swift's escapes: \n, \t, \", \\ (and any other character as itself).
            var text = "", escaped = false
            for character in source {
                if escaped {
                    text.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    text.append(character)
                }
            }
            return text
        }

        func value(_ expression: ExprSyntax) throws(Failure) -> String {
            if let string = expression.as(StringLiteralExprSyntax.self) { return Session.quoted(try literalText(string)) }
            if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
            // A name `set` may know (`on`), or says it does not.
            if let name = expression.as(DeclReferenceExprSyntax.self), name.argumentNames == nil { return name.baseName.text }
            if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || names(member.base!) != nil {
                if member.declName.baseName.text == "zero" { return "0 0 0 0" }
                return member.declName.baseName.text
            }
            if let call = expression.as(FunctionCallExprSyntax.self),
               let type = (call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                           ?? call.calledExpression.as(MemberAccessExprSyntax.self).map { "." + $0.declName.baseName.text }),
               ["UIEdgeInsets", "NSDirectionalEdgeInsets", "CGRect", ".init"].contains(type), call.arguments.count == 4 {
                var numbers: [String] = []
                for argument in call.arguments { numbers.append(SwiftStatement.text(try number(argument.expression))) }
                return numbers.joined(separator: " ")
            }
            return SwiftStatement.text(try number(expression))
        }

        /// A font's `set` properties: `.systemFont(ofSize: 20, weight: .bold)`, `.boldSystemFont(ofSize:)`,
        /// `.italicSystemFont(ofSize:)`, `.preferredFont(forTextStyle: .body)`, `UIFont(name: "Avenir-Heavy", size: 20)`.
        func font(_ expression: ExprSyntax) throws(Failure) -> [String] {
            var expression = expression
            if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
            let unknown = Failure(message: "`\(expression.trimmedDescription)` is not a font strut reads at the prompt: .systemFont(ofSize:weight:), .boldSystemFont(ofSize:), .preferredFont(forTextStyle:) or UIFont(name:size:)")
            guard let call = expression.as(FunctionCallExprSyntax.self) else { throw unknown }
            func argument(_ label: String) -> ExprSyntax? { call.arguments.first { $0.label?.text == label }?.expression }
            if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIFont",
               let name = argument("name")?.as(StringLiteralExprSyntax.self), let size = argument("size") {
                return ["fontName = \(try value(ExprSyntax(name)))", "font = \(SwiftStatement.text(try number(size)))"]
            }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIFont" else { throw unknown }
            switch member.declName.baseName.text {
            case "preferredFont":
                guard let style = argument("forTextStyle")?.as(MemberAccessExprSyntax.self) else { throw unknown }
                return ["font = \(style.declName.baseName.text)"]
            case "systemFont", "boldSystemFont", "italicSystemFont", "monospacedDigitSystemFont", "monospacedSystemFont":
                guard let size = argument("ofSize") else { throw unknown }
                var weight = member.declName.baseName.text == "boldSystemFont" ? "bold" : "regular"
                if let given = argument("weight") {
                    guard let name = given.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { throw unknown }
                    weight = name
                }
                let family = member.declName.baseName.text == "monospacedSystemFont" ? "SFMono-Regular" : "system"
                return ["fontName = \(family)", "font = \(SwiftStatement.text(try number(size)))", "weight = \(weight)",
                        "italic = \(member.declName.baseName.text == "italicSystemFont" ? "on" : "off")"]
            default:
                throw unknown
            }
        }

        /// UIKit's view methods that change a layout: `addSubview`, `addArrangedSubview`,
        /// `insertArrangedSubview(_:at:)`, a button's `setTitle(_:for: .normal)`, `setContentHuggingPriority(_:for:)`,
        /// `setContentCompressionResistancePriority(_:for:)`, `setCustomSpacing(_:after:)`.
        func method(_ call: FunctionCallExprSyntax) throws(Failure) -> [String]? {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base, let target = view(base) else { return nil }
            let arguments = Array(call.arguments)
            func subview() throws(Failure) -> String {
                guard let first = arguments.first, let name = view(first.expression) else {
                    throw Failure(message: "\(member.declName.baseName.text) takes a view's name here")
                }
                return name
            }
            switch member.declName.baseName.text {
            case "addSubview", "addArrangedSubview":
                return ["move \(try subview()) to \(target)"]
            case "insertArrangedSubview" where arguments.count == 2:
                return ["move \(try subview()) to \(target) at \(SwiftStatement.text(try number(arguments[1].expression)))"]
            case "setContentHuggingPriority", "setContentCompressionResistancePriority":
                guard arguments.count == 2, let axis = arguments[1].expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                      axis == "horizontal" || axis == "vertical" else {
                    throw Failure(message: "\(member.declName.baseName.text)(_:for:) takes a priority and .horizontal or .vertical")
                }
                let which = member.declName.baseName.text == "setContentHuggingPriority" ? "hugging" : "compression"
                return ["set \(target).\(which).\(axis == "horizontal" ? "h" : "v") = \(SwiftStatement.text(try priority(arguments[0].expression)))"]
            case "setTitle" where arguments.count == 2:
                // The title shown: the normal state's (the others show only while touched).
                guard arguments[1].expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "normal" else { return [] }
                return ["set \(target).title = \(try value(arguments[0].expression))"]
            case "setCustomSpacing" where arguments.count == 2:
                guard let after = view(arguments[1].expression) else { throw Failure(message: "setCustomSpacing(_:after:) takes a view's name after:") }
                return ["set \(after).spacingAfter = \(SwiftStatement.text(try number(arguments[0].expression)))"]
            default:
                return nil
            }
        }

        /// A priority: `.required`, `.defaultHigh`, `.defaultLow`, `.fittingSizeLevel`,
        /// `UILayoutPriority(rawValue: 999)`, `.defaultLow + 1`, a number.
        func priority(_ expression: ExprSyntax) throws(Failure) -> Double {
            let named = ["required": 1000.0, "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50,
                         "dragThatCanResizeScene": 510, "sceneSizeStayPut": 500, "dragThatCannotResizeScene": 490]
            if let member = expression.as(MemberAccessExprSyntax.self), let value = named[member.declName.baseName.text] { return value }
            if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let inner = call.arguments.first,
               inner.label == nil || inner.label?.text == "rawValue",
               call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UILayoutPriority"
                || call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "init" {
                return try priority(inner.expression)
            }
            if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
               op == "+" || op == "-" {
                let left = try priority(infix.leftOperand), right = try priority(infix.rightOperand)
                return op == "+" ? left + right : left - right
            }
            return try number(expression)
        }

        /// A number written out: literals, a sign, parentheses, + - * / and CGFloat(…).
        func number(_ expression: ExprSyntax) throws(Failure) -> Double {
            let value = try arithmetic(expression)
            guard value.isFinite else { throw Failure(message: "`\(expression.trimmedDescription)` is not a finite number") }
            return value
        }

        func arithmetic(_ expression: ExprSyntax) throws(Failure) -> Double {
            if let integer = expression.as(IntegerLiteralExprSyntax.self), let value = Double(integer.literal.text.filter { $0 != "_" }) { return value }
            if let float = expression.as(FloatLiteralExprSyntax.self), let value = Double(float.literal.text.filter { $0 != "_" }) { return value }
            if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" { return -(try arithmetic(prefix.expression)) }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first,
               inner.label == nil { return try arithmetic(inner.expression) }
            if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let inner = call.arguments.first, inner.label == nil,
               let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, ["CGFloat", "Double", "Float", "Int"].contains(type) {
                return try arithmetic(inner.expression)
            }
            if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
                let left = try arithmetic(infix.leftOperand), right = try arithmetic(infix.rightOperand)
                switch op.operator.text {
                case "+": return left + right
                case "-": return left - right
                case "*": return left * right
                case "/" where right != 0: return left / right
                default: break
                }
            }
            throw Failure(message: "`\(expression.trimmedDescription)` is not a number strut knows at the prompt: write its value")
        }
    }

    /// A number as the shell reads it: `8`, `0.5`, `-12.25`.
    static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

extension SwiftStatement {
    /// A statement that makes constraints through an API the line reader does not read itself
    /// (SnapKit's `makeConstraints`, `NSLayoutConstraint(item:…)`, the visual format, PureLayout,
    /// TinyConstraints): run by the file reader inside a view controller whose properties are
    /// the session's views, in their hierarchy, on an engine of its own. Its constraints come
    /// back as the shell's lines, and a view whose autoresizing constraints it turned off
    /// (SnapKit does) as a `set`. nil when the statement makes no constraint.
    static func runThroughReader(_ text: String, hierarchy: Hierarchy) throws(Failure) -> [String]? {
        // Every such statement calls something; the shell's own lines never do.
        guard text.contains("(") || text.contains("[") else { return nil }
        for method in ["remakeConstraints", "updateConstraints", "mas_remakeConstraints", "mas_updateConstraints"]
            where text.contains(".snp.\(method)") || text.contains(" \(method):") {
            let library = method.hasPrefix("mas_") ? "Masonry" : "SnapKit"
            throw Failure(message: "\(method) changes the constraints \(library) made before, which the session does not know as \(library)'s: at the prompt \(method.hasPrefix("mas_") ? "mas_makeConstraints" : "makeConstraints") runs (deactivate or remove the old ones by name)")
        }
        let objectiveC = isObjectiveC(text)
        var head: [String], setup: [String] = [], declarations: [String] = [], aliases: [String] = []
        let views = promptViews(hierarchy, named: text)
        for view in views {
            if objectiveC {
                let type = view.isGuide ? "UILayoutGuide" : view.className
                declarations.append("@property (nonatomic, strong) \(type) *\(view.name);")
                setup.append("    self.\(view.name) = [\(type) new];")
                let parent = view.parent == "view" ? "self.view" : "self.\(view.parent)"
                setup.append("    [\(parent) \(view.isGuide ? "addLayoutGuide" : view.arranged ? "addArrangedSubview" : "addSubview"):self.\(view.name)];")
                if !view.isGuide { setup.append("    self.\(view.name).translatesAutoresizingMaskIntoConstraints = \(view.translates ? "YES" : "NO");") }
                aliases.append("    \(type) *\(view.name) = self.\(view.name);")
            } else {
                declarations.append("    let \(view.name) = \(view.isGuide ? "UILayoutGuide" : view.className)()")
                setup.append("        \(view.parent).\(view.isGuide ? "addLayoutGuide" : view.arranged ? "addArrangedSubview" : "addSubview")(\(view.name))")
                if !view.isGuide { setup.append("        \(view.name).translatesAutoresizingMaskIntoConstraints = \(view.translates)") }
            }
        }
        if objectiveC {
            head = ["#import <UIKit/UIKit.h>", "@interface StrutPrompt : UIViewController"] + declarations
                + ["@end", "@implementation StrutPrompt", "- (void)viewDidLoad {", "    [super viewDidLoad];"] + setup + aliases
        } else {
            head = ["import UIKit", "final class StrutPrompt: UIViewController {"] + declarations
                + ["    override func viewDidLoad() {", "        super.viewDidLoad()"] + setup
        }
        let first = head.count + 1
        let tail = objectiveC ? ["}", "@end"] : ["    }", "}"]
        // The shell splits its lines at `;`: the statement's own is put back.
        let statement = objectiveC && ![";", "}"].contains(text.last(where: { !$0.isWhitespace }) ?? ";") ? text + ";" : text
        let source = (head + [statement] + tail).joined(separator: "\n") + "\n"
        let names = Set(views.map(\.name))
        let engine = LayoutEngine()
        let layout: CodeLayout
        do {
            layout = try CodeReader.run([(source: source, file: objectiveC ? "prompt.m" : "prompt.swift")], stem: "StrutPrompt", into: engine)
        } catch let error as CodeError where error.message.contains("runs past") {
            // A loop that does not end: said, not taken for a line of something else.
            throw Failure(message: "the code runs past \(CodeReader.stepLimit) steps (an endless loop?); nothing was added")
        } catch {
            return nil
        }
        let last = first + text.filter { $0 == "\n" }.count
        let mine = { (line: Int) in line >= first && line <= last }
        guard layout.made.contains(where: { mine($0.line) }) else { return nil }
        if let skipped = layout.skipped.first(where: { mine($0.location.line) }) {
            // Nothing is taken in its place here: the statement is refused.
            var reason = skipped.reason
            if reason.hasSuffix("; taken as 0") { reason.removeLast("; taken as 0".count) }
            throw Failure(message: "not run: " + (reason.hasPrefix("`") ? reason : "`\(skipped.code)`: \(reason)"))
        }
        let scratch = engine.hierarchy
        var lines: [String] = []
        for (_, constraint) in scratch.userConstraints {
            guard let source = scratch.codeSources.constraints[constraint.name], mine(source.line) else { continue }
            guard constraint.isActive else {
                throw Failure(message: "this makes a constraint and leaves it inactive, as UIKit does: activate it ("
                    + (objectiveC ? ".active = YES, or [NSLayoutConstraint activateConstraints:…])" : "isActive = true, or NSLayoutConstraint.activate)"))
            }
            lines.append(scratch.text(of: constraint, exact: true))
        }
        for view in scratch.allViews where names.contains(view.name) && !view.translatesAutoresizingMaskIntoConstraints
            && hierarchy.view(named: view.name)?.translatesAutoresizingMaskIntoConstraints == true {
            lines.insert("set \(view.name).autoresizing = off", at: 0)
        }
        return lines
    }

    /// A line of Objective-C: a message (`[card mas_makeConstraints:…]`) or a statement's `;`.
    static func isObjectiveC(_ text: String) -> Bool {
        // The shell took the statement's `;` off: its literals and `YES` say the language too.
        text.first(where: { !$0.isWhitespace }) == "[" || text.last(where: { !$0.isWhitespace }) == ";"
            || ["@\"", "@[", "@(", "^("].contains { text.contains($0) } || text.hasSuffix(" YES") || text.hasSuffix(" NO")
    }

    /// `UILabel *title = [UILabel new];` or `[[UILabel alloc] init]` (`initWithFrame:` too) as
    /// Swift's `let title = UILabel()`; nil for any other line.
    static func swiftDeclaration(fromObjectiveC text: String) -> String? {
        let words = text.split(whereSeparator: { " *=[];:".contains($0) }).map(String.init)
        // UILabel title UILabel new | UILabel title UILabel alloc init(WithFrame CGRectZero)
        guard words.count >= 4, words[2] == words[0], words[0].first?.isUppercase == true,
              words[3] == "new" || words.count >= 5 && words[3] == "alloc" && words[4].hasPrefix("init"),
              text.contains("*"), text.contains("=") else { return nil }
        return "let \(words[1]) = \(words[0])()"
    }

    /// `[self.view addSubview:box]`, `[stack addArrangedSubview:_title]`, `[title
    /// setContentHuggingPriority:UILayoutPriorityDefaultHigh forAxis:UILayoutConstraintAxisVertical]`
    /// as Swift calls them; nil for any other message.
    static func swiftMessage(fromObjectiveC text: String) -> String? {
        var body = Substring(text.drop { $0.isWhitespace })
        while let last = body.last, last.isWhitespace || last == ";" { body.removeLast() }
        guard body.hasPrefix("["), body.hasSuffix("]"), !body.dropFirst().contains("[") else { return nil }
        let words = body.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == ":" }).map { word -> String in
            var word = String(word)
            if word.hasPrefix("self.") { word.removeFirst(5) }
            if word.hasPrefix("_") { word.removeFirst() }
            return word
        }
        let priorities = ["UILayoutPriorityRequired": ".required", "UILayoutPriorityDefaultHigh": ".defaultHigh",
                          "UILayoutPriorityDefaultLow": ".defaultLow", "UILayoutPriorityFittingSizeLevel": ".fittingSizeLevel"]
        let axes = ["UILayoutConstraintAxisHorizontal": ".horizontal", "UILayoutConstraintAxisVertical": ".vertical"]
        switch words.count {
        case 3 where ["addSubview", "addArrangedSubview"].contains(words[1]):
            return "\(words[0]).\(words[1])(\(words[2]))"
        case 5 where ["setContentHuggingPriority", "setContentCompressionResistancePriority"].contains(words[1]) && words[3] == "forAxis":
            guard let axis = axes[words[4]] else { return nil }
            return "\(words[0]).\(words[1])(\(priorities[words[2]] ?? words[2]), for: \(axis))"
        default:
            return nil
        }
    }

    /// `self.title.numberOfLines = 0;`, `_title.text = @"Hi";`, `card.hidden = YES;` as Swift
    /// writes the same assignment; nil for any other line.
    static func swiftAssignment(fromObjectiveC text: String) -> String? {
        var line = Substring(text.drop { $0.isWhitespace })
        while let last = line.last, last.isWhitespace || last == ";" { line.removeLast() }
        if line.hasPrefix("self.") { line = line.dropFirst(5) }
        if line.hasPrefix("_") { line = line.dropFirst() }
        guard let equals = line.firstIndex(of: "="), !line[line.index(after: equals)...].hasPrefix("="),
              !line.contains("["), !line.contains("^") else { return nil }
        var value = String(line[line.index(after: equals)...].drop { $0 == " " })
        switch value {
        case "YES": value = "true"
        case "NO": value = "false"
        default: if value.hasPrefix("@\"") { value.removeFirst() }
        }
        return line[..<equals].trimmingSuffix() + " = " + value
    }

    struct PromptView {
        var name: String
        var className: String
        var parent: String
        var arranged: Bool
        var isGuide: Bool
        var translates: Bool
    }

    /// The session's views a statement can name, parents first: root is `view` (a view
    /// controller's); system guides are named through their views, stack views' helpers are
    /// UIKit's own.
    /// Only the views the statement names and their superviews are written (a session of
    /// thousands of views would be read whole at every statement), and none whose name is a
    /// word of the language.
    static func promptViews(_ hierarchy: Hierarchy, named text: String) -> [PromptView] {
        var words: Set<String> = []
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" { word.append(character); continue }
            if !word.isEmpty { words.insert(word.hasPrefix("_") ? String(word.dropFirst()) : word) }
            word = ""
        }
        var wanted: Set<ViewID> = []
        for name in words {
            guard !keywords.contains(name), var id = hierarchy.viewID(ifNamed: name) else { continue }
            while id != Hierarchy.rootID, wanted.insert(id).inserted, let parent = hierarchy.view(id).parent { id = parent }
        }
        var result: [PromptView] = [], known: Set<String> = ["view"]
        for (id, _) in hierarchy.preorder(from: Hierarchy.rootID) where wanted.contains(id) {
            let view = hierarchy.view(id)
            guard !view.name.contains("."), !keywords.contains(view.name), view.systemGuide == nil, let parentID = view.parent else { continue }
            let parent = parentID == Hierarchy.rootID ? "view" : hierarchy.view(parentID).name
            guard known.contains(parent) else { continue }
            known.insert(view.name)
            let uikit = ["UILabel", "UIButton", "UIImageView", "UIStackView", "UITextView"].contains(view.className)
                || Control(className: view.className) != nil ? view.className : view.kind.className
            result.append(PromptView(name: view.name, className: uikit, parent: parent,
                                     arranged: parentID != Hierarchy.rootID && hierarchy.view(parentID).kind == .stack,
                                     isGuide: view.kind == .guide, translates: view.translatesAutoresizingMaskIntoConstraints))
        }
        return result
    }

    /// Swift's and Objective-C's words a view's name cannot be in code written out.
    static let keywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
        "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let",
        "nil", "operator", "private", "protocol", "public", "repeat", "return", "self", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while", "id", "YES", "NO",
    ]
}

private extension Substring {
    func trimmingSuffix() -> String {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
