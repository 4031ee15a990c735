package errorformatter

// #include <errorformatter.h>
import "C"

import "strconv"

// Severity is how serious a Diagnostic is (EF_SEVERITY_*).
type Severity int

// The severities, most serious first.
const (
	// SeverityError: something was left out (a broken table, an unreadable file).
	SeverityError Severity = C.EF_SEVERITY_ERROR
	// SeverityWarning: something is probably wrong (a duplicate key, a skipped directory).
	SeverityWarning Severity = C.EF_SEVERITY_WARNING
	// SeverityNote: more about the finding before it (where a duplicate key was first defined).
	SeverityNote Severity = C.EF_SEVERITY_NOTE
)

// String is "error", "warning" or "note", as errfmt prints it.
func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityNote:
		return "note"
	}
	return "severity(" + strconv.Itoa(int(s)) + ")"
}

// Diagnostic is a problem found while loading a catalog or linting tables.
type Diagnostic struct {
	// Severity says how serious it is.
	Severity Severity
	// Code is a stable kebab-case name ("duplicate-key"): match on it, never on Message.
	Code string
	// Message is a one-line English description.
	Message string
	// File is the file at fault ("" if none): relative to the catalog's root for a catalog's
	// diagnostics, as named in the call for Lint's.
	File string
	// Line is the 1-based line in File, 0 if unknown.
	Line int
	// Column is the 1-based column in File (Unicode scalar values), 0 if unknown.
	Column int
}

// String is "file:line:column: severity: message [code]", as errfmt lint prints it (the parts
// that are unknown left out).
func (d Diagnostic) String() string {
	location := ""
	if d.File != "" {
		location += d.File + ":"
	}
	if d.Line > 0 {
		location += strconv.Itoa(d.Line) + ":"
		if d.Column > 0 {
			location += strconv.Itoa(d.Column) + ":"
		}
	}
	if location != "" {
		location += " "
	}
	return location + d.Severity.String() + ": " + d.Message + " [" + d.Code + "]"
}

// newDiagnostic copies a diagnostic's parts as the ef_catalog_diagnostic_* and
// ef_lint_diagnostic_* readers return them.
func newDiagnostic(severity C.int32_t, code, message, file *C.char, line, column C.int32_t) Diagnostic {
	return Diagnostic{
		Severity: Severity(severity),
		Code:     goString(code),
		Message:  goString(message),
		File:     goString(file),
		Line:     int(line),
		Column:   int(column),
	}
}
