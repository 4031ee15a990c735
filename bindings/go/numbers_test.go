package errorformatter_test

import (
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// Localized numbers and pseudo-locales (library 1.3): the catalog's options and an error's own
// choice. The digits themselves are checked against Foundation by the Swift suite.

const (
	numbersEnglish = "\"errors.Sync.1.title\" = \"%lld files\";\n\"errors.Sync.2.title\" = \"Sync failed\";\n"
	numbersGerman  = "\"errors.Sync.1.title\" = \"%lld Dateien\";\n" +
		"\"errors.Sync.2.title\" = \"Synchronisierung fehlgeschlagen\";\n"
)

func numbersCatalog(t *testing.T, options ...errorformatter.Option) *errorformatter.Catalog {
	t.Helper()
	catalog, err := errorformatter.FromTables(
		[]errorformatter.Table{table("en", numbersEnglish), table("de", numbersGerman)}, options...)
	if err != nil {
		t.Fatalf("FromTables: %v", err)
	}
	t.Cleanup(func() { catalog.Close() })
	return catalog
}

func TestNumbersFollowTheCatalogUnlessTheErrorChooses(t *testing.T) {
	plain := numbersCatalog(t)
	localized := numbersCatalog(t, errorformatter.LocalizedNumbers())
	cases := []struct {
		catalog *errorformatter.Catalog
		numbers errorformatter.NumberStyle
		locale  string
		value   int64
		want    string
	}{
		{plain, errorformatter.NumbersCatalog, "de", 1234567, "1234567 Dateien"},
		{plain, errorformatter.NumbersLocalized, "de", 1234567, "1.234.567 Dateien"},
		{plain, errorformatter.NumbersCLocale, "de", -1234567, "-1234567 Dateien"},
		{localized, errorformatter.NumbersCatalog, "de", 1234567, "1.234.567 Dateien"},
		{localized, errorformatter.NumbersCatalog, "en", 1234567, "1,234,567 files"},
		{localized, errorformatter.NumbersCLocale, "de", 1234567, "1234567 Dateien"},
		{localized, errorformatter.NumbersLocalized, "de", -1234567, "-1.234.567 Dateien"},
	}
	// Three rounds: the library's memos and plans answer the later ones, never across choices.
	for round := 0; round < 3; round++ {
		for _, c := range cases {
			info := errorformatter.ErrorInfo{Domain: "Sync", Code: 1, Numbers: c.numbers,
				Arguments: []errorformatter.Argument{errorformatter.Int64Arg(c.value)}}
			if got := format(t, c.catalog, info, c.locale).Title; got != c.want {
				t.Errorf("round %d, %v in %s: %q, want %q", round, c.numbers, c.locale, got, c.want)
			}
		}
	}
	bad := errorformatter.ErrorInfo{Domain: "Sync", Code: 1, Numbers: errorformatter.NumberStyle(7)}
	if _, err := plain.Format(bad, "de"); !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("Numbers 7: %v", err)
	}
	opened := open(t, syncCatalog, errorformatter.LocalizedNumbers(), errorformatter.PseudoLocales())
	if len(opened.Localizations()) == 0 {
		t.Error("Open with LocalizedNumbers and PseudoLocales lists no localization")
	}
}

func TestPseudoLocalesOnlyWhenAsked(t *testing.T) {
	plain := numbersCatalog(t)
	pseudo := numbersCatalog(t, errorformatter.PseudoLocales())
	info := errorformatter.ErrorInfo{Domain: "Sync", Code: 2}
	accented := format(t, pseudo, info, "en-XA")
	if !strings.HasPrefix(accented.Title, "[") || !strings.HasSuffix(accented.Title, "]") ||
		len(accented.Title) <= len("Sync failed") || accented.Provenance[errorformatter.Title].Locale != "en-XA" {
		t.Errorf("en-XA: %q from %+v", accented.Title, accented.Provenance[errorformatter.Title])
	}
	if got := format(t, plain, info, "en-XA").Title; got != "Sync failed" {
		t.Errorf("en-XA without PseudoLocales: %q", got)
	}
	if got := format(t, pseudo, info, "de-AT").Title; got != "Synchronisierung fehlgeschlagen" {
		t.Errorf("de-AT with PseudoLocales: %q", got)
	}
	if len(pseudo.Localizations()) != len(plain.Localizations()) {
		t.Errorf("pseudo-locales listed: %q", pseudo.Localizations())
	}
}
