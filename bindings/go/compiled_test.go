package errorformatter_test

import (
	"errors"
	"path/filepath"
	"reflect"
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
