/// In the development text, an error whose title and message (and their variants) disagree on
/// its arguments: one argument read as two types, or an argument skipped. No call can satisfy
/// both texts, and no typed constructor can be generated (`errfmt codegen` refuses the error
/// with the same finding). A text that is not a format at all is `invalid-format`'s.
enum ErrorArgumentsCheck: LintCheck {
    static let rules = [ErrorSignature.conflictRule, ErrorSignature.gapRule, ErrorSignature.unknownRule]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in context.developmentTexts {
            for (error, texts) in ErrorTexts.errors(in: table) {
                diagnostics += ErrorSignature.analyze(error, texts: texts).problems
                    .filter { $0.code != ErrorSignature.unknownRule.code }
            }
        }
        return diagnostics
    }
}
