package errorformatter_test

import (
	"os"
	"path/filepath"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// The project's example catalogs, relative to this package's directory (go test runs there).
var (
	coreLocation = filepath.Join("..", "..", "Examples", "CoreLocation")
	syncCatalog  = filepath.Join("..", "..", "Examples", "Sync")
)

// A French table whose line 3 lacks the '=' between key and value: CoreFoundation stops at the
// second string of that line, "Expected ';' or '=' after key", at line 3, column 15.
const (
	brokenTable  = "\"errors.title\" = \"Erreur\";\n\"errors.message\" = \"Réessayez.\";\n\"controls.ok\" \"OK\";\n"
	brokenLine   = 3
	brokenColumn = 15
)

// open opens a catalog directory, closed when the test ends.
func open(t *testing.T, path string, options ...errorformatter.Option) *errorformatter.Catalog {
	t.Helper()
	catalog, err := errorformatter.Open(path, options...)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	t.Cleanup(func() { catalog.Close() })
	return catalog
}

// fromTables builds a catalog from in-memory tables, closed when the test ends.
func fromTables(t *testing.T, tables ...errorformatter.Table) *errorformatter.Catalog {
	t.Helper()
	catalog, err := errorformatter.FromTables(tables)
	if err != nil {
		t.Fatalf("FromTables: %v", err)
	}
	t.Cleanup(func() { catalog.Close() })
	return catalog
}

// table is an in-memory Localizable.strings of a localization.
func table(locale, text string) errorformatter.Table {
	return errorformatter.Table{Locale: locale, FileName: "Localizable.strings", Data: []byte(text)}
}

// writeTable writes <root>/<locale>.lproj/Localizable.strings and returns its path.
func writeTable(t *testing.T, root, locale, text string) string {
	t.Helper()
	directory := filepath.Join(root, locale+".lproj")
	if err := os.MkdirAll(directory, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(directory, "Localizable.strings")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// format formats an error and fails the test on an error.
func format(t *testing.T, catalog *errorformatter.Catalog, info errorformatter.ErrorInfo,
	locales ...string) errorformatter.Result {
	t.Helper()
	shown, err := catalog.Format(info, locales...)
	if err != nil {
		t.Fatalf("Format(%+v, %q): %v", info, locales, err)
	}
	return shown
}

// keyed is the provenance of a string read from a table key.
func keyed(rule errorformatter.Rule, key, locale string) errorformatter.Provenance {
	return errorformatter.Provenance{Rule: rule, FromTable: true, Key: key, Locale: locale, Table: "Localizable"}
}

// ruleOnly is the provenance of a field no table key produced.
func ruleOnly(rule errorformatter.Rule) errorformatter.Provenance {
	return errorformatter.Provenance{Rule: rule}
}
