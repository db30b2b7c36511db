import Shell
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// One statement of anchor code typed at the prompt, as a developer copies it from a file:
/// `a.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8).isActive
/// = true`, or `NSLayoutConstraint.activate([…])` on one line. Read as the shell's own
/// constraint lines (`a.topAnchor == view.safeAreaLayoutGuide.topAnchor + 8`), which the shell
/// then parses and adds as typed ones, all or none.
enum SwiftStatement {
    struct Failure: Error {
        var message: String
    }

    /// The shell's constraint lines for `text`; nil when it is not such a statement (the
    /// shell's own error for the line stands). `isView` says which names are the session's
    /// views: `view` and `contentView`, when no view has that name, are the root view (a view
    /// controller's and a cell's), and `self` is too.
    static func constraintLines(in text: String, isView: @escaping (String) -> Bool) throws(Failure) -> [String]? {
        let parsed = Parser.parse(source: text)
        // `NSLayoutConstraint.activate([` on a line of its own: a statement of several lines.
        let opened = text.reduce(0) { $0 + ($1 == "(" || $1 == "[" ? 1 : $1 == ")" || $1 == "]" ? -1 : 0) }
        if parsed.hasError, opened > 0 {
            throw Failure(message: "a Swift statement left open ('(' or '[' not closed): at the prompt each line is a whole statement")
        }
        guard !parsed.hasError, let file = OperatorTable.standardOperators.foldAll(parsed, errorHandler: { _ in }).as(SourceFileSyntax.self),
              file.statements.count == 1, let folded = file.statements.first?.item.as(ExprSyntax.self) else { return nil }
        let reader = Reader(isView: isView)
        // `NSLayoutConstraint.activate([c1, c2])`
        if let call = folded.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           member.declName.baseName.text == "activate", member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSLayoutConstraint" {
            guard call.arguments.count == 1, let array = call.arguments.first?.expression.as(ArrayExprSyntax.self) else {
                throw Failure(message: "NSLayoutConstraint.activate takes an array of constraints written out: [a.topAnchor.constraint(equalTo: …), …]")
            }
            guard !array.elements.isEmpty else { throw Failure(message: "NSLayoutConstraint.activate([]) activates nothing") }
            return try array.elements.map { element throws(Failure) in
                guard let line = try reader.constraint(element.expression) else {
                    throw Failure(message: "`\(element.expression.trimmedDescription)` is not a constraint strut reads at the prompt: an anchor's constraint(equalTo: …) call, written out")
                }
                return line
            }
        }
        // `….isActive = true`
        if let infix = folded.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
           let member = infix.leftOperand.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isActive",
           let base = member.base, let line = try reader.constraint(base) {
            guard let value = infix.rightOperand.as(BooleanLiteralExprSyntax.self) else {
                throw Failure(message: "isActive = \(infix.rightOperand.trimmedDescription): strut reads true or false here")
            }
            guard value.literal.tokenKind == .keyword(.true) else {
                throw Failure(message: "isActive = false leaves the constraint out: nothing to add")
            }
            return [line]
        }
        if try reader.constraint(folded) != nil {
            throw Failure(message: "this makes a constraint and leaves it inactive, as UIKit does: add .isActive = true, or put it in NSLayoutConstraint.activate([…])")
        }
        return nil
    }

    private struct Reader {
        let isView: (String) -> Bool

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
