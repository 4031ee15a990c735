package errorformatter_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// shownTexts is the title, message and button of a few codes and locales, to compare catalogs.
func shownTexts(t *testing.T, catalog *errorformatter.Catalog) [][3]string {
	t.Helper()
	var texts [][3]string
	for _, code := range []int64{0, 1, 8, 9} {
		for _, locale := range []string{"en", "fr-CA", "es-MX", "zh-TW", "ja"} {
			shown := format(t, catalog, cl(code), locale)
			texts = append(texts, [3]string{shown.Title, shown.Message, shown.Button})
		}
	}
	return texts
}

func TestACompiledCatalogGivesItsDirectorysResults(t *testing.T) {
	directory := open(t, coreLocation)
	path := filepath.Join(t.TempDir(), "CoreLocation.efc")
	if err := directory.Compile(path); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	compiled := open(t, path)
	if compiled.DevelopmentLocale() != "en" || !reflect.DeepEqual(compiled.Localizations(), exampleLocalizations) {
		t.Errorf("compiled: %q, %q", compiled.DevelopmentLocale(), compiled.Localizations())
	}
	if got := format(t, compiled, cl(0), "fr-CA").Title; got != "Emplacement inconnu" {
		t.Errorf("title %q", got)
	}
	if !reflect.DeepEqual(shownTexts(t, compiled), shownTexts(t, directory)) {
		t.Error("the compiled file's results differ from the directory's")
	}
	strict := open(t, path, errorformatter.Strict())
	if !reflect.DeepEqual(shownTexts(t, strict), shownTexts(t, directory)) {
		t.Error("the strict compiled file's results differ from the directory's")
	}
}

func TestCompileErrors(t *testing.T) {
	catalog := open(t, coreLocation)
	err := catalog.Compile(filepath.Join(t.TempDir(), "missing", "CoreLocation.efc"))
	if !isStatus(err, errorformatter.StatusIO) {
		t.Errorf("Compile into a missing directory: %v", err)
	}
	if err := catalog.Compile(""); !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("Compile(\"\"): %v", err)
	}
	if err := catalog.Compile("a\x00b"); !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("Compile of a path with a NUL: %v", err)
	}
	catalog.Close()
	if err := catalog.Compile(filepath.Join(t.TempDir(), "closed.efc")); !errors.Is(err, errorformatter.ErrClosed) {
		t.Errorf("Compile after Close: %v", err)
	}
}

func TestOnDemandGivesTheWholeLoadsResults(t *testing.T) {
	directory := open(t, coreLocation)
	lazy := open(t, coreLocation, errorformatter.OnDemand())
	if got := format(t, lazy, cl(0), "de-AT").Title; got != "Unbekannter Standort" {
		t.Errorf("title %q", got)
	}
	if !reflect.DeepEqual(shownTexts(t, lazy), shownTexts(t, directory)) {
		t.Error("the on-demand catalog's results differ from the whole load's")
	}
	if !reflect.DeepEqual(lazy.Localizations(), exampleLocalizations) ||
		!reflect.DeepEqual(lazy.Diagnostics(), directory.Diagnostics()) {
		t.Errorf("on-demand listings: %q, %v", lazy.Localizations(), lazy.Diagnostics())
	}
	// Closed before its listings were asked for, it lists nothing (and does not fail).
	unlisted := open(t, coreLocation, errorformatter.OnDemand())
	unlisted.Close()
	if got := unlisted.Localizations(); len(got) != 0 {
		t.Errorf("listings after Close: %q", got)
	}
	if _, err := errorformatter.FromTables(nil, errorformatter.OnDemand()); !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("FromTables with OnDemand: %v", err)
	}
}

func TestOnDemandReadsALocalizationWhenFirstNeeded(t *testing.T) {
	// A table rewritten after the open is read as it is then; a whole load keeps what it read.
	root := t.TempDir()
	writeTable(t, root, "fr", `"errors.title" = "Avant";`)
	whole := open(t, root)
	deferred := open(t, root, errorformatter.OnDemand())
	writeTable(t, root, "fr", `"errors.title" = "Après";`)
	if got := format(t, whole, errorformatter.ErrorInfo{Domain: "Any", Code: 1}, "fr").Title; got != "Avant" {
		t.Errorf("whole load: %q", got)
	}
	if got := format(t, deferred, errorformatter.ErrorInfo{Domain: "Any", Code: 1}, "fr").Title; got != "Après" {
		t.Errorf("on demand: %q", got)
	}
}

// isMapped says whether the file at path is one of this process's mappings: a line of
// /proc/self/maps ends in its real path. Without /proc the test is skipped.
func isMapped(t *testing.T, path string) bool {
	t.Helper()
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		t.Fatal(err)
	}
	real, err = filepath.Abs(real)
	if err != nil {
		t.Fatal(err)
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skipf("skipped: cannot read /proc/self/maps to see the mapping: %v", err)
	}
	for _, line := range strings.Split(string(maps), "\n") {
		if strings.HasSuffix(line, " "+real) {
			return true
		}
	}
	return false
}

func TestMappedGivesTheSameResultsAndMapsTheFileUntilClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "CoreLocation.efc")
	if err := open(t, coreLocation).Compile(path); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	read := open(t, path)
	if isMapped(t, path) {
		t.Fatal("the compiled file is mapped without Mapped")
	}
	for _, options := range [][]errorformatter.Option{
		{errorformatter.Mapped()},
		{errorformatter.Mapped(), errorformatter.Strict()},
		{errorformatter.Mapped(), errorformatter.OnDemand()},
	} {
		mapped, err := errorformatter.Open(path, options...)
		if err != nil {
			t.Fatalf("Open(%q) mapped: %v", path, err)
		}
		if got := format(t, mapped, cl(0), "fr-CA").Title; got != "Emplacement inconnu" {
			t.Errorf("title %q", got)
		}
		// The sections read so far (lenient: when first needed) are mapped.
		if !isMapped(t, path) {
			t.Error("the compiled file is not mapped while the catalog is open")
		}
		if !reflect.DeepEqual(shownTexts(t, mapped), shownTexts(t, read)) {
			t.Error("the mapped file's results differ from the read file's")
		}
		if mapped.DevelopmentLocale() != "en" || !reflect.DeepEqual(mapped.Localizations(), exampleLocalizations) ||
			!reflect.DeepEqual(mapped.Diagnostics(), read.Diagnostics()) {
			t.Errorf("mapped: %q, %q, %v", mapped.DevelopmentLocale(), mapped.Localizations(), mapped.Diagnostics())
		}
		mapped.Close()
		if isMapped(t, path) {
			t.Error("the compiled file is still mapped after Close")
		}
	}
	if _, err := errorformatter.FromTables(nil, errorformatter.Mapped()); !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("FromTables with Mapped: %v", err)
	}
}

func TestMappedChangesNothingForADirectory(t *testing.T) {
	directory := open(t, coreLocation)
	mapped := open(t, coreLocation, errorformatter.Mapped())
	if !reflect.DeepEqual(shownTexts(t, mapped), shownTexts(t, directory)) {
		t.Error("Mapped changes a directory's results")
	}
	if mapped.DevelopmentLocale() != directory.DevelopmentLocale() ||
		!reflect.DeepEqual(mapped.Localizations(), directory.Localizations()) ||
		!reflect.DeepEqual(mapped.Diagnostics(), directory.Diagnostics()) {
		t.Errorf("Mapped changes a directory's listings: %q, %q, %v",
			mapped.DevelopmentLocale(), mapped.Localizations(), mapped.Diagnostics())
	}
}
