package errorformatter_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

func TestLintFindingsCarryFilePositionAndKey(t *testing.T) {
	root := t.TempDir()
	writeTable(t, root, "en", "\"hello\" = \"Hello %@\";\n\"count\" = \"%d files\";\n")
	french := writeTable(t, root, "fr", "\"count\" = \"%d fichiers\";\n\n  \"hello\" = \"Bonjour %d\";\n")
	report, err := errorformatter.Lint([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	if report.FileCount != 2 {
		t.Errorf("FileCount %d", report.FileCount)
	}
	var mismatches []errorformatter.LintDiagnostic
	for _, finding := range report.Diagnostics {
		if finding.Code == "format-mismatch" {
			mismatches = append(mismatches, finding)
		}
	}
	if len(mismatches) != 1 {
		t.Fatalf("findings %+v", report.Diagnostics)
	}
	found := mismatches[0]
	if found.Severity != errorformatter.SeverityError || found.File != french || found.Line != 3 ||
		found.Column != 3 || found.Key != "hello" {
		t.Errorf("%+v", found)
	}
	if text := found.String(); !strings.HasPrefix(text, french+":3:3: error: ") || !strings.HasSuffix(text, "[format-mismatch]") {
		t.Errorf("String() = %q", text)
	}
}

func TestLintFilesTogetherAndTheDevelopmentLocale(t *testing.T) {
	root := t.TempDir()
	german := writeTable(t, root, "de", "\"a\" = \"%@ Dateien\";\n")
	french := writeTable(t, root, "fr", "\"a\" = \"%d fichiers\";\n")
	report, err := errorformatter.Lint([]string{german, french}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(report.Diagnostics) != 1 || report.Diagnostics[0].Code != "no-development-localization" {
		t.Errorf("%+v", report.Diagnostics)
	}
	report, err = errorformatter.Lint([]string{german, french}, "de")
	if err != nil {
		t.Fatal(err)
	}
	var got [][3]string
	for _, finding := range report.Diagnostics {
		got = append(got, [3]string{finding.Code, finding.File, finding.Key})
	}
	if !reflect.DeepEqual(got, [][3]string{{"format-mismatch", french, "a"}}) {
		t.Errorf("%q", got)
	}
}

func TestLintFailures(t *testing.T) {
	root := t.TempDir()
	writeTable(t, root, "en", "\"a\" = \"A\";\n")
	if report, err := errorformatter.Lint([]string{root}, ""); err != nil || len(report.Diagnostics) != 0 {
		t.Errorf("a clean table: %+v, %v", report, err)
	}
	if _, err := errorformatter.Lint([]string{filepath.Join(root, "missing.strings")}, ""); !isStatus(err, errorformatter.StatusNotFound) {
		t.Errorf("missing: %v", err)
	}
	if _, err := errorformatter.Lint([]string{root}, "not a locale!"); !isStatus(err, errorformatter.StatusInvalidLocale) {
		t.Errorf("development locale: %v", err)
	}
	if _, err := errorformatter.Lint(nil, ""); !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("no paths: %v", err)
	}
}

func TestLintACatalog(t *testing.T) {
	report, err := open(t, coreLocation).Lint()
	if err != nil {
		t.Fatal(err)
	}
	// The seed's duplicated key, as loading found it, without positions in the file.
	duplicates := 0
	for _, finding := range report.Diagnostics {
		if finding.Code == "duplicate-key" && finding.Severity == errorformatter.SeverityWarning {
			duplicates++
			if finding.Key != "errors.kCLErrorDomain.8.message" && !strings.Contains(finding.Message, "errors.kCLErrorDomain.8.message") {
				t.Errorf("%+v", finding)
			}
		}
	}
	if duplicates != 1 {
		t.Errorf("duplicate-key warnings: %d in %+v", duplicates, report.Diagnostics)
	}
}
