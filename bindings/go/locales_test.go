package errorformatter_test

import (
	"os"
	"reflect"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

func TestNormalizeLocale(t *testing.T) {
	for spelling, want := range map[string]string{
		"fr-CA": "fr_CA", "fr_CA": "fr_CA", "zh-Hant-TW": "zh_Hant_TW", "es-419": "es_419",
		"en_US.UTF-8": "en_US", "und": "", "root": "", "C": "", "POSIX": "",
	} {
		if got, err := errorformatter.NormalizeLocale(spelling); err != nil || got != want {
			t.Errorf("NormalizeLocale(%q) = %q, %v; want %q", spelling, got, err, want)
		}
	}
}

func TestChains(t *testing.T) {
	mexico, err := errorformatter.Chain("es-MX")
	if err != nil {
		t.Fatal(err)
	}
	want := errorformatter.LocaleChain{Normalized: "es_MX", Entries: []errorformatter.ChainEntry{
		{ID: "es_MX", Kind: errorformatter.ChainBundle}, {ID: "es_419", Kind: errorformatter.ChainBundle},
		{ID: "es", Kind: errorformatter.ChainBundle}}}
	if !reflect.DeepEqual(mexico, want) {
		t.Errorf("es-MX: %+v", mexico)
	}
	taiwan, err := errorformatter.Chain("zh-TW")
	if err != nil {
		t.Fatal(err)
	}
	if len(taiwan.Entries) < 3 || !reflect.DeepEqual(taiwan.Entries[:3], []errorformatter.ChainEntry{
		{ID: "zh_TW", Kind: errorformatter.ChainAlias}, {ID: "zh_Hant_TW", Kind: errorformatter.ChainBundle},
		{ID: "zh_Hant", Kind: errorformatter.ChainBundle}}) {
		t.Errorf("zh-TW: %+v", taiwan)
	}
	for _, entry := range taiwan.Entries {
		if entry.ID == "zh" {
			t.Errorf("zh-TW falls back to zh: %+v", taiwan)
		}
	}
	c, err := errorformatter.Chain("C")
	if err != nil || !c.Untranslated || c.Normalized != "" || len(c.Entries) != 0 {
		t.Errorf("C: %+v, %v", c, err)
	}
	if errorformatter.ChainAlias.String() != "alias" || errorformatter.ChainAbstract.String() != "abstract" {
		t.Error("ChainKind.String")
	}
}

func TestAcceptLanguage(t *testing.T) {
	got, err := errorformatter.PreferencesFromAcceptLanguage("en;q=0.5, fr-CA, *;q=0.9, de;q=0, fr;q=0.8, garbage;q=x")
	if err != nil || !reflect.DeepEqual(got, []string{"fr-CA", "fr", "en"}) {
		t.Errorf("%q, %v", got, err)
	}
	if _, err := errorformatter.PreferencesFromAcceptLanguage("fr\xff"); !isStatus(err, errorformatter.StatusInvalidUTF8) {
		t.Errorf("not UTF-8: %v", err)
	}
	catalog := open(t, coreLocation)
	preferences, err := errorformatter.PreferencesFromAcceptLanguage("ja, en;q=0.5")
	if err != nil {
		t.Fatal(err)
	}
	if got := format(t, catalog, cl(2), preferences...).Title; got != "インターネットに接続できません" {
		t.Errorf("title %q", got)
	}
}

// setLocaleEnvironment sets the locale variables for one test (unset where not given).
func setLocaleEnvironment(t *testing.T, values map[string]string) {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"} {
		t.Setenv(name, "") // restores the variable when the test ends
		if value, ok := values[name]; ok {
			os.Setenv(name, value)
		} else {
			os.Unsetenv(name)
		}
	}
}

// Not parallel: the library reads the process environment.
func TestPreferencesFromEnvironment(t *testing.T) {
	cases := []struct {
		environment map[string]string
		want        []string
	}{
		{map[string]string{"LANG": "de_AT.UTF-8"}, []string{"de_AT.UTF-8"}},
		{map[string]string{"LANG": "de_AT.UTF-8", "LANGUAGE": "fr_CA:fr"}, []string{"fr_CA", "fr"}},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_ALL": "C", "LANGUAGE": "fr"}, []string{"C"}},
		{map[string]string{}, []string{}},
	}
	for _, c := range cases {
		setLocaleEnvironment(t, c.environment)
		got, err := errorformatter.PreferencesFromEnvironment()
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v: %q, %v; want %q", c.environment, got, err, c.want)
		}
	}
	setLocaleEnvironment(t, map[string]string{"LANG": "es_MX.UTF-8"})
	preferences, err := errorformatter.PreferencesFromEnvironment()
	if err != nil {
		t.Fatal(err)
	}
	if got := format(t, open(t, coreLocation), cl(1), preferences...).Stack; !reflect.DeepEqual(got, []string{"es-419", "es", "en"}) {
		t.Errorf("stack %q", got)
	}
}
