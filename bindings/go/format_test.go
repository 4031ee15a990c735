package errorformatter_test

import (
	"reflect"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// The expected texts are the example catalog's, read by hand from Examples/CoreLocation (and
// the same as the Python binding's tests and `errfmt format`).

const clDomain = "kCLErrorDomain"

func cl(code int64) errorformatter.ErrorInfo {
	return errorformatter.ErrorInfo{Domain: clDomain, Code: code}
}

func checkProvenance(t *testing.T, shown errorformatter.Result, field errorformatter.Field,
	want errorformatter.Provenance) {
	t.Helper()
	if got := shown.Provenance[field]; !reflect.DeepEqual(got, want) {
		t.Errorf("%s provenance = %+v, want %+v", field, got, want)
	}
}

func checkTexts(t *testing.T, shown errorformatter.Result, title, message, button string) {
	t.Helper()
	if shown.Title != title || shown.Message != message || shown.Button != button {
		t.Errorf("got (%q, %q, %q), want (%q, %q, %q)", shown.Title, shown.Message, shown.Button,
			title, message, button)
	}
}

func TestEnglishCodeKey(t *testing.T) {
	catalog := open(t, coreLocation)
	shown := format(t, catalog, cl(0), "en")
	checkTexts(t, shown, "Unknown Location", "Couldn't get a good reading. Long tunnel?", "OK")
	checkProvenance(t, shown, errorformatter.Title, keyed(errorformatter.RuleCodeKey, "errors.kCLErrorDomain.0.title", "en"))
	checkProvenance(t, shown, errorformatter.Message, keyed(errorformatter.RuleCodeKey, "errors.kCLErrorDomain.0.message", "en"))
	// The seed has no controls.ok: the built-in label.
	checkProvenance(t, shown, errorformatter.Button, ruleOnly(errorformatter.RuleBuiltin))
	if !reflect.DeepEqual(shown.Stack, []string{"en"}) || shown.Untranslated {
		t.Errorf("stack %q untranslated %v", shown.Stack, shown.Untranslated)
	}
	if shown.Text(errorformatter.Message) != shown.Message || shown.Text(errorformatter.Field(7)) != "" {
		t.Error("Result.Text does not pick the fields")
	}
}

func TestEmptyValuesAndMissingMessages(t *testing.T) {
	catalog := open(t, coreLocation)
	// Code 8's message is defined twice, both times empty: an empty value is a value.
	eight := format(t, catalog, cl(8), "en")
	checkTexts(t, eight, "No results found", "", "OK")
	checkProvenance(t, eight, errorformatter.Message, keyed(errorformatter.RuleCodeKey, "errors.kCLErrorDomain.8.message", "en"))
	// Code 9 has a title and no message at all.
	nine := format(t, catalog, cl(9), "en")
	checkTexts(t, nine, "No results found", "", "OK")
	checkProvenance(t, nine, errorformatter.Message, ruleOnly(errorformatter.RuleEmpty))
}

func TestNoLocalesMeansTheDevelopmentLocale(t *testing.T) {
	catalog := open(t, coreLocation)
	if got, want := format(t, catalog, cl(2)), format(t, catalog, cl(2), "en"); !reflect.DeepEqual(got, want) {
		t.Errorf("no locales gave %+v, en gave %+v", got, want)
	}
	if got := format(t, catalog, cl(2), []string{}...).Title; got != "No Internet" {
		t.Errorf("title %q", got)
	}
}

func TestFrenchCanadianFallsBackToFrenchKeyByKey(t *testing.T) {
	catalog := open(t, coreLocation)
	located := format(t, catalog, cl(0), "fr-CA")
	checkTexts(t, located, "Emplacement inconnu", "Impossible d’obtenir une bonne lecture. Un long tunnel?", "OK")
	if located.Provenance[errorformatter.Title].Locale != "fr-CA" {
		t.Errorf("title from %q", located.Provenance[errorformatter.Title].Locale)
	}
	offline := format(t, catalog, cl(2), "fr-CA")
	checkTexts(t, offline, "Pas d’Internet", "Internet n’est pas accessible ou une erreur est survenue.", "OK")
	checkProvenance(t, offline, errorformatter.Title, keyed(errorformatter.RuleCodeKey, "errors.kCLErrorDomain.2.title", "fr"))
	checkProvenance(t, offline, errorformatter.Message, keyed(errorformatter.RuleCodeKey, "errors.kCLErrorDomain.2.message", "fr-CA"))
	if !reflect.DeepEqual(offline.Stack[:2], []string{"fr-CA", "fr"}) {
		t.Errorf("stack %q", offline.Stack)
	}
	unknown := format(t, catalog, cl(42), "fr-CA")
	checkTexts(t, unknown, "Erreur", "", "OK")
	checkProvenance(t, unknown, errorformatter.Title, keyed(errorformatter.RuleGenericKey, "errors.title", "fr"))
	checkProvenance(t, unknown, errorformatter.Message, ruleOnly(errorformatter.RuleEmpty))
}

func TestMexicanSpanishGoesThroughLatinAmericanThenSpanish(t *testing.T) {
	catalog := open(t, coreLocation)
	shown := format(t, catalog, cl(0), "es-MX")
	checkTexts(t, shown, "Ubicación desconocida", "No se pudo obtener una lectura confiable. ¿Un túnel largo?", "OK")
	if !reflect.DeepEqual(shown.Stack, []string{"es-419", "es", "en"}) {
		t.Errorf("stack %q", shown.Stack)
	}
	if shown.Provenance[errorformatter.Title].Locale != "es" || shown.Provenance[errorformatter.Message].Locale != "es-419" {
		t.Errorf("provenance %+v", shown.Provenance)
	}
	// Spain never sees the Latin American wording.
	spain := format(t, catalog, cl(0), "es-ES")
	if spain.Message != "No se ha podido obtener una lectura fiable. ¿Un túnel largo?" {
		t.Errorf("es-ES message %q", spain.Message)
	}
}

func TestChineseTaiwanIsTraditionalNeverSimplified(t *testing.T) {
	catalog := open(t, coreLocation)
	shown := format(t, catalog, cl(2), "zh-TW")
	if shown.Title != "無法連上網際網路" || shown.Provenance[errorformatter.Title].Locale != "zh-Hant" {
		t.Errorf("zh-TW: %q from %q", shown.Title, shown.Provenance[errorformatter.Title].Locale)
	}
	for _, entry := range shown.Stack {
		if entry == "zh-Hans" {
			t.Errorf("zh-Hans in the stack %q", shown.Stack)
		}
	}
	if got := format(t, catalog, cl(2), "zh-CN").Title; got != "无法连接互联网" {
		t.Errorf("zh-CN title %q", got)
	}
}

func TestFirstPreferenceWithATableWins(t *testing.T) {
	catalog := open(t, coreLocation)
	if got := format(t, catalog, cl(0), "sv-SE", "ja", "fr").Title; got != "位置情報を取得できません" {
		t.Errorf("title %q", got)
	}
	// No Portuguese: the second preference answers.
	if got := format(t, catalog, cl(8), "pt-BR", "es-MX").Title; got != "No se encontraron resultados" {
		t.Errorf("title %q", got)
	}
	// A malformed entry is skipped, never a path.
	if got := format(t, catalog, cl(0), "../../etc", "fr").Title; got != "Position inconnue" {
		t.Errorf("title %q", got)
	}
}

func TestTheErrorsOwnTexts(t *testing.T) {
	catalog := open(t, coreLocation)
	known := format(t, catalog, errorformatter.ErrorInfo{Domain: clDomain, Code: 0, FailureReason: "Antenna"}, "en")
	if known.Title != "Unknown Location" {
		t.Errorf("a code key comes before the failure reason: %q", known.Title)
	}
	unknown := format(t, catalog, errorformatter.ErrorInfo{Domain: clDomain, Code: 42, FailureReason: "Antenna"}, "en")
	checkProvenance(t, unknown, errorformatter.Title, ruleOnly(errorformatter.RuleFailureReason))
	both := format(t, catalog, errorformatter.ErrorInfo{Domain: clDomain, Code: 42,
		RecoverySuggestion: "Go outside.", Description: "No fix."}, "en")
	if both.Message != "Go outside." || both.Provenance[errorformatter.Message].Rule != errorformatter.RuleRecoverySuggestion {
		t.Errorf("message %q by %q", both.Message, both.Provenance[errorformatter.Message].Rule)
	}
	described := format(t, catalog, errorformatter.ErrorInfo{Domain: clDomain, Code: 42, Description: "No fix."}, "en")
	checkProvenance(t, described, errorformatter.Message, ruleOnly(errorformatter.RuleDescription))
	// A TAB and a LF in a caller's text are shown as they are.
	texts := format(t, catalog, errorformatter.ErrorInfo{Domain: "NSCocoaErrorDomain", Code: 4,
		Description: "The file “a\tb” doesn’t exist.\nIt was moved."}, "en")
	if texts.Message != "The file “a\tb” doesn’t exist.\nIt was moved." {
		t.Errorf("message %q", texts.Message)
	}
}

func TestForeignDomainGetsGenericKeys(t *testing.T) {
	catalog := open(t, coreLocation)
	shown := format(t, catalog, errorformatter.ErrorInfo{Domain: "NSURLErrorDomain", Code: -1009}, "en")
	checkTexts(t, shown, "Error", "", "OK")
	checkProvenance(t, shown, errorformatter.Title, keyed(errorformatter.RuleGenericKey, "errors.title", "en"))
}

func TestUntranslatedAndAMissingTable(t *testing.T) {
	catalog := open(t, coreLocation)
	c := format(t, catalog, cl(2), "C")
	if !c.Untranslated || c.Title != "No Internet" || !reflect.DeepEqual(c.Stack, []string{"en"}) {
		t.Errorf("C: %+v", c)
	}
	missing := format(t, catalog, errorformatter.ErrorInfo{Domain: clDomain, Code: 0, Table: "NoSuchTable"}, "en")
	checkTexts(t, missing, "Error", "", "OK")
	checkProvenance(t, missing, errorformatter.Title, ruleOnly(errorformatter.RuleBuiltin))
}

func TestNegativeCodesAndTheInt64Edges(t *testing.T) {
	catalog := fromTables(t, table("en", `"errors.NSURLErrorDomain.-1009.title" = "Offline";
"errors.NSURLErrorDomain.-1009.message" = "";
"errors.message" = "Generic";
"errors.NSURLErrorDomain.-9223372036854775808.title" = "Smallest";
`))
	shown := format(t, catalog, errorformatter.ErrorInfo{Domain: "NSURLErrorDomain", Code: -1009}, "en")
	if shown.Title != "Offline" || shown.Message != "" || shown.Provenance[errorformatter.Message].Rule != errorformatter.RuleCodeKey {
		t.Errorf("%+v", shown)
	}
	smallest := format(t, catalog, errorformatter.ErrorInfo{Domain: "NSURLErrorDomain", Code: -1 << 63}, "en")
	if smallest.Title != "Smallest" || smallest.Message != "Generic" {
		t.Errorf("%+v", smallest)
	}
}

func TestUnlocalizedTableEndsTheStack(t *testing.T) {
	catalog := fromTables(t,
		errorformatter.Table{FileName: "Localizable.strings", Data: []byte(`"controls.ok" = "Okay";`)},
		table("fr", `"errors.title" = "Erreur";`))
	shown := format(t, catalog, errorformatter.ErrorInfo{Domain: "D", Code: 1}, "fr")
	if shown.Title != "Erreur" || shown.Button != "Okay" {
		t.Errorf("%+v", shown)
	}
	checkProvenance(t, shown, errorformatter.Button, keyed(errorformatter.RuleButtonKey, "controls.ok", ""))
	if shown.Stack[len(shown.Stack)-1] != "" {
		t.Errorf("stack %q", shown.Stack)
	}
}

func TestOtherTable(t *testing.T) {
	catalog := fromTables(t, table("en", `"errors.title" = "From Localizable";`),
		errorformatter.Table{Locale: "en", FileName: "Alerts.strings", Data: []byte(`"errors.title" = "From Alerts";`)})
	if got := format(t, catalog, errorformatter.ErrorInfo{Domain: "D", Code: 1}).Title; got != "From Localizable" {
		t.Errorf("title %q", got)
	}
	alert := format(t, catalog, errorformatter.ErrorInfo{Domain: "D", Code: 1, Table: "Alerts"})
	checkProvenance(t, alert, errorformatter.Title, errorformatter.Provenance{Rule: errorformatter.RuleGenericKey,
		FromTable: true, Key: "errors.title", Locale: "en", Table: "Alerts"})
}

func TestResultsAreIndependentCopies(t *testing.T) {
	catalog := open(t, coreLocation)
	first := format(t, catalog, cl(0), "fr-CA")
	first.Stack[0] = "changed"
	second := format(t, catalog, cl(0), "fr-CA")
	if second.Stack[0] != "fr-CA" {
		t.Errorf("a result shares its stack with the next one: %q", second.Stack)
	}
	catalog.Close()
	// Still readable after the catalog is gone (the strings are Go copies).
	if second.Title != "Emplacement inconnu" || second.Provenance[errorformatter.Title].Key != "errors.kCLErrorDomain.0.title" {
		t.Errorf("%+v", second)
	}
}
