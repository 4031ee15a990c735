package errorformatter

// #include <errorformatter.h>
import "C"

// LintReport is what a lint run found: what `errfmt lint` reports, as values.
type LintReport struct {
	// FileCount is the number of table files read.
	FileCount int
	// Diagnostics are the findings, ordered by file (as read), line and column.
	Diagnostics []LintDiagnostic
}

// LintDiagnostic is one finding of a lint run: a Diagnostic plus the table key it is about.
type LintDiagnostic struct {
	Diagnostic
	// Key is the table key the finding is about, "" for findings about whole files.
	Key string
}

// Lint lints table files and catalog directories, as `errfmt lint PATH...` does (docs/lint.md
// lists the checks). Each directory is linted as one catalog; the files named directly are
// linted together, each file's localization taken from its <loc>.lproj directory. Findings
// carry the file as named here and the 1-based line and column of the entry. developmentLocale
// "" means Base, else en.
//
// Findings, even errors, are in the report; the call fails for a path that does not exist
// (StatusNotFound), a file that is not a table or no paths (StatusInvalidArgument), and a
// malformed development locale (StatusInvalidLocale). Nothing is ever written.
func Lint(paths []string, developmentLocale string) (LintReport, error) {
	texts := newCStrings(len(paths), textBytes(paths...)+textBytes(developmentLocale))
	defer texts.free()
	cPaths, pathCount, err := texts.array(paths, "path")
	if err != nil {
		return LintReport{}, err
	}
	cLocale, err := texts.optional(developmentLocale, "development locale")
	if err != nil {
		return LintReport{}, err
	}
	var report *C.ef_lint_report
	var details *C.ef_error_details
	if status := C.ef_lint_paths(&report, cPaths, pathCount, cLocale, &details); status != C.EF_OK {
		return LintReport{}, errorFrom(status, details)
	}
	return copyLintReport(report), nil
}

// Lint lints the catalog: its loading diagnostics, then every check of the package's Lint
// against its development locale. A catalog keeps no positions, so findings about entries name
// the table as <localization>.lproj/<Table> with line and column 0; lint the directory with
// the package's Lint for positions in the files.
func (c *Catalog) Lint() (LintReport, error) {
	handle, err := c.acquire()
	if err != nil {
		return LintReport{}, err
	}
	defer c.release()
	var report *C.ef_lint_report
	var details *C.ef_error_details
	if status := C.ef_lint_catalog(&report, handle, &details); status != C.EF_OK {
		return LintReport{}, errorFrom(status, details)
	}
	return copyLintReport(report), nil
}

// copyLintReport copies a report's findings and frees it.
func copyLintReport(report *C.ef_lint_report) LintReport {
	defer C.ef_lint_report_free(report)
	made := LintReport{FileCount: int(C.ef_lint_file_count(report))}
	count := C.ef_lint_diagnostic_count(report)
	for index := C.size_t(0); index < count; index++ {
		made.Diagnostics = append(made.Diagnostics, LintDiagnostic{
			Diagnostic: newDiagnostic(
				C.ef_lint_diagnostic_severity(report, index), C.ef_lint_diagnostic_code(report, index),
				C.ef_lint_diagnostic_message(report, index), C.ef_lint_diagnostic_file(report, index),
				C.ef_lint_diagnostic_line(report, index), C.ef_lint_diagnostic_column(report, index)),
			Key: goString(C.ef_lint_diagnostic_key(report, index)),
		})
	}
	return made
}
