/// The bounds every format and rendering obeys, so that hostile strings (translations come from
/// files other people write) are refused quickly and with bounded memory.
///
/// Each limit is far above what a real error message needs; a format that exceeds one fails
/// with the code named in its documentation.
package enum FormatLimits {
    /// Longest format accepted, in UTF-8 bytes (`format-too-long`).
    package static let maximumFormatLength = 65_536
    /// Most specifiers (and variable references) in one format (`too-many-specifiers`).
    package static let maximumSpecifierCount = 1_024
    /// Largest explicit position `%N$` (`position-out-of-range`); rendering also requires
    /// `N <= arguments.count` (`missing-argument`).
    package static let maximumPosition = 64
    /// Largest field width (`width-too-large`).
    package static let maximumWidth = 1_024
    /// Largest precision (`precision-too-large`).
    package static let maximumPrecision = 1_024
    /// Longest rendered result, in UTF-8 bytes (`output-too-large`).
    package static let maximumOutputLength = 1_048_576
    /// Deepest nesting of variables inside variants (`variable-depth-exceeded`).
    package static let maximumVariableDepth = 8
    /// Most variable references substituted while rendering one variable format, counting
    /// nested ones (`too-many-substitutions`): bounds the work of variants that reference
    /// several variables each.
    package static let maximumSubstitutions = 256
}
