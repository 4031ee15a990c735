package errorformatter_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

var exampleLocalizations = []string{"de", "en", "es", "es-419", "fr", "fr-CA", "ja", "zh-Hans", "zh-Hant"}

func TestLocalizationsAndDevelopmentLocale(t *testing.T) {
	catalog := open(t, coreLocation)
	if got := catalog.Localizations(); !reflect.DeepEqual(got, exampleLocalizations) {
		t.Errorf("localizations %q", got)
	}
	if catalog.DevelopmentLocale() != "en" {
		t.Errorf("development locale %q", catalog.DevelopmentLocale())
	}
	// The slices are the caller's.
	catalog.Localizations()[0] = "changed"
	if catalog.Localizations()[0] != "de" {
		t.Error("Localizations shares its slice")
	}
	french := open(t, coreLocation, errorformatter.DevelopmentLocale("fr"))
	if french.DevelopmentLocale() != "fr" {
		t.Errorf("development locale %q", french.DevelopmentLocale())
	}
	if got := format(t, french, cl(0), "sv").Title; got != "Position inconnue" {
		t.Errorf("title %q", got)
	}
}

func TestTheSeedsDuplicateKeyIsADiagnostic(t *testing.T) {
	lines := readLines(t, filepath.Join(coreLocation, "en.lproj", "Localizable.strings"))
	var definitions []int
	for number, text := range lines {
		if strings.HasPrefix(text, `"errors.kCLErrorDomain.8.message"`) {
			definitions = append(definitions, number+1)
		}
	}
	if len(definitions) != 2 {
		t.Fatalf("the seed changed: %v", definitions)
	}
	var warnings []errorformatter.Diagnostic
	for _, diagnostic := range open(t, coreLocation).Diagnostics() {
		if diagnostic.File != "en.lproj/Localizable.strings" {
			t.Errorf("a translation has a diagnostic: %v", diagnostic)
		}
		if diagnostic.Code == "duplicate-key" && diagnostic.Severity == errorformatter.SeverityWarning {
			warnings = append(warnings, diagnostic)
		}
	}
	// One warning, at the definition that wins (the later one).
	if len(warnings) != 1 || warnings[0].Line != definitions[1] || warnings[0].Column != 1 ||
		!strings.Contains(warnings[0].Message, "errors.kCLErrorDomain.8.message") {
		t.Errorf("warnings %+v", warnings)
	}
	if got := warnings[0].String(); !strings.HasPrefix(got, "en.lproj/Localizable.strings:10:1: warning: ") {
		t.Errorf("String() = %q", got)
	}
}

func readLines(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}

func TestFromTablesMatchesOpen(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(coreLocation, "*.lproj", "*.strings"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("%v %v", paths, err)
	}
	sort.Strings(paths)
	var tables []errorformatter.Table
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, errorformatter.Table{
			Locale:   strings.TrimSuffix(filepath.Base(filepath.Dir(path)), ".lproj"),
			FileName: filepath.Base(path), Data: data,
		})
	}
	inMemory, onDisk := fromTables(t, tables...), open(t, coreLocation)
	if !reflect.DeepEqual(inMemory.Localizations(), onDisk.Localizations()) {
		t.Errorf("%q vs %q", inMemory.Localizations(), onDisk.Localizations())
	}
	for _, locales := range [][]string{{"fr-CA"}, {"es-MX"}, {"zh-TW"}, {"ja"}, {"de-AT"}, {"en"}} {
		for _, code := range []int64{0, 1, 8, 42} {
			if a, b := format(t, inMemory, cl(code), locales...), format(t, onDisk, cl(code), locales...); !reflect.DeepEqual(a, b) {
				t.Errorf("%q %d: %+v vs %+v", locales, code, a, b)
			}
		}
	}
}

func TestTablesInUTF16WithAByteOrderMark(t *testing.T) {
	// "errors.title" = "Café"; in UTF-16LE with a BOM: NUL bytes are data here.
	text := `"errors.title" = "Café";`
	data := []byte{0xFF, 0xFE}
	for _, r := range text {
		data = append(data, byte(r), byte(r>>8))
	}
	catalog := fromTables(t, table("fr", string(data)))
	if got := format(t, catalog, errorformatter.ErrorInfo{Domain: "D", Code: 1}, "fr").Title; got != "Café" {
		t.Errorf("title %q", got)
	}
	if len(catalog.Diagnostics()) != 0 {
		t.Errorf("diagnostics %v", catalog.Diagnostics())
	}
}

func TestUseAfterCloseAndClosingTwice(t *testing.T) {
	catalog, err := errorformatter.Open(coreLocation)
	if err != nil {
		t.Fatal(err)
	}
	if err := catalog.Close(); err != nil {
		t.Fatal(err)
	}
	if err := catalog.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := catalog.Format(cl(0), "en"); !errors.Is(err, errorformatter.ErrClosed) {
		t.Errorf("Format after Close: %v", err)
	}
	if _, err := catalog.Lookup("", "errors.title", nil); !errors.Is(err, errorformatter.ErrClosed) {
		t.Errorf("Lookup after Close: %v", err)
	}
	if _, err := catalog.Text("", "errors.title"); !errors.Is(err, errorformatter.ErrClosed) {
		t.Errorf("Text after Close: %v", err)
	}
	if _, err := catalog.Lint(); !errors.Is(err, errorformatter.ErrClosed) {
		t.Errorf("Lint after Close: %v", err)
	}
	// What was read when it opened stays.
	if !reflect.DeepEqual(catalog.Localizations(), exampleLocalizations) || catalog.DevelopmentLocale() != "en" {
		t.Error("properties lost on Close")
	}
}

func TestTheZeroCatalogIsClosed(t *testing.T) {
	var catalog errorformatter.Catalog
	if _, err := catalog.Format(cl(0), "en"); !errors.Is(err, errorformatter.ErrClosed) {
		t.Errorf("Format on a zero Catalog: %v", err)
	}
	if err := catalog.Close(); err != nil {
		t.Errorf("Close of a zero Catalog: %v", err)
	}
}

func TestTheHeadersLimits(t *testing.T) {
	catalog := open(t, coreLocation)
	// Of a preference list, the first EF_MAX_PREFERENCES (256) entries are read, and of those
	// the ones within EF_MAX_PREFERENCE_BYTES (16,384): the rest, least preferred, is ignored.
	unmatched := make([]string, 255)
	for index := range unmatched {
		unmatched[index] = "sv" // no Swedish table
	}
	if got := format(t, catalog, cl(0), append(unmatched, "fr")...).Title; got != "Position inconnue" {
		t.Errorf("French as the 256th preference: %q", got)
	}
	if got := format(t, catalog, cl(0), append(unmatched, "sv", "fr")...).Title; got != "Unknown Location" {
		t.Errorf("French as the 257th preference is ignored, the development locale answers: %q", got)
	}
	if got := format(t, catalog, cl(0), strings.Repeat("x", 16382), "fr").Title; got != "Position inconnue" {
		t.Errorf("French within 16,384 bytes: %q", got)
	}
	if got := format(t, catalog, cl(0), strings.Repeat("x", 16383), "fr").Title; got != "Unknown Location" {
		t.Errorf("French past 16,384 bytes is ignored: %q", got)
	}
	// EF_MAX_KEY_BYTES is 65536.
	if _, err := catalog.Lookup("", strings.Repeat("k", 65537), nil); !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("a key of 65,537 bytes: %v", err)
	}
	// A caller's text is not limited: shown whole.
	long := strings.Repeat("é", 1<<20)
	if got := format(t, catalog, errorformatter.ErrorInfo{Domain: "D", Description: long}).Message; got != long {
		t.Errorf("a 2 MiB description came back with %d bytes", len(got))
	}
}
