package errorformatter_test

import (
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// Texts outside the Basic Multilingual Plane, combining sequences, CJK and right-to-left
// scripts (with their directional marks) cross the C boundary byte for byte, both ways.
var unicodeTexts = []string{
	"👩‍👩‍👧‍👦 🇫🇷 🏳️‍🌈",              // ZWJ sequences, a flag, variation selectors
	"漢字かなカナ한국어𠀋",                   // CJK, a supplementary-plane ideograph
	"\u200fשלום עולם\u200f",        // Hebrew between right-to-left marks
	"مرحبا بالعالم \u202bنص\u202c", // Arabic, an embedding
	"e\u0301 n\u0303 \u1e9b\u0323", // combining marks, left unnormalized
}

func TestUnicodeRoundTrips(t *testing.T) {
	var table strings.Builder
	for index, text := range unicodeTexts {
		table.WriteString(`"errors.U.` + string(rune('0'+index)) + `.title" = "` + text + `";` + "\n")
		table.WriteString(`"errors.U.` + string(rune('0'+index)) + `.message" = "` + text + ` %@";` + "\n")
	}
	table.WriteString(`"ключ 🔑" = "значение 🔑";` + "\n")
	catalog := fromTables(t, errorformatter.Table{Locale: "ar", FileName: "Localizable.strings", Data: []byte(table.String())})
	for index, text := range unicodeTexts {
		shown := format(t, catalog, errorformatter.ErrorInfo{Domain: "U", Code: int64(index),
			Arguments: []errorformatter.Argument{str(text)}}, "ar")
		if shown.Title != text || shown.Message != text+" "+text {
			t.Errorf("%q: got (%q, %q)", text, shown.Title, shown.Message)
		}
		// The caller's own texts too.
		described := format(t, catalog, errorformatter.ErrorInfo{Domain: text, Code: 1, Description: text, FailureReason: text}, "ar")
		if described.Title != text || described.Message != text {
			t.Errorf("%q: caller texts came back as (%q, %q)", text, described.Title, described.Message)
		}
	}
	if found, err := catalog.Lookup("", "ключ 🔑", nil, "ar"); err != nil || found.Value != "значение 🔑" {
		t.Errorf("a non-ASCII key: %+v, %v", found, err)
	}
}

// Invalid UTF-8 anywhere is StatusInvalidUTF8 (the library checks; nothing is repaired), a NUL
// byte StatusInvalidArgument (C would cut the string there); never a crash, and the catalog
// keeps working.
func TestInvalidStringsAreRejectedWithTheirStatus(t *testing.T) {
	catalog := open(t, coreLocation)
	for _, bad := range []struct {
		text   string
		status errorformatter.Status
	}{
		{"bad \xff text", errorformatter.StatusInvalidUTF8},
		{"\xed\xa0\x80", errorformatter.StatusInvalidUTF8}, // an encoded surrogate
		{"\xc0\xaf", errorformatter.StatusInvalidUTF8},     // an overlong '/'
		{"cut\x00short", errorformatter.StatusInvalidArgument},
	} {
		calls := map[string]func() error{
			"domain": func() error { _, err := catalog.Format(errorformatter.ErrorInfo{Domain: bad.text}); return err },
			"description": func() error {
				_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "D", Description: bad.text})
				return err
			},
			"failure reason": func() error {
				_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "D", FailureReason: bad.text})
				return err
			},
			"recovery suggestion": func() error {
				_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "D", RecoverySuggestion: bad.text})
				return err
			},
			"table": func() error {
				_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "D", Table: bad.text})
				return err
			},
			"locale": func() error {
				_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "D"}, "fr", bad.text)
				return err
			},
			"string argument": func() error {
				_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "D", Arguments: []errorformatter.Argument{str(bad.text)}})
				return err
			},
			"lookup key":      func() error { _, err := catalog.Lookup("", bad.text, nil, "en"); return err },
			"lookup table":    func() error { _, err := catalog.Lookup(bad.text, "k", nil, "en"); return err },
			"text key":        func() error { _, err := catalog.Text("", bad.text, "en"); return err },
			"path":            func() error { _, err := errorformatter.Open(bad.text); return err },
			"normalize":       func() error { _, err := errorformatter.NormalizeLocale(bad.text); return err },
			"chain":           func() error { _, err := errorformatter.Chain(bad.text); return err },
			"accept-language": func() error { _, err := errorformatter.PreferencesFromAcceptLanguage(bad.text); return err },
			"lint path":       func() error { _, err := errorformatter.Lint([]string{bad.text}, ""); return err },
			"table file name": func() error {
				_, err := errorformatter.FromTables([]errorformatter.Table{{Locale: "en", FileName: bad.text + ".strings"}})
				return err
			},
		}
		for what, call := range calls {
			if err := call(); !isStatus(err, bad.status) {
				t.Errorf("%s %q: %v, want %v", what, bad.text, err, bad.status)
			}
		}
	}
	// Invalid UTF-8 inside a table is the table's problem: left out with an error diagnostic
	// (lenient), as CoreFoundation rejects the whole file.
	broken := fromTables(t, table("en", "\"errors.title\" = \"a\xffb\";"))
	diagnostics := broken.Diagnostics()
	if len(diagnostics) != 1 || diagnostics[0].Code != "invalid-utf8" || diagnostics[0].Severity != errorformatter.SeverityError {
		t.Errorf("diagnostics %+v", diagnostics)
	}
	if got := format(t, broken, errorformatter.ErrorInfo{Domain: "D", Code: 1}, "en"); got.Title != "Error" ||
		got.Provenance[errorformatter.Title].Rule != errorformatter.RuleBuiltin {
		t.Errorf("%+v", got)
	}
	if got := format(t, catalog, cl(0), "fr").Title; got != "Position inconnue" {
		t.Errorf("the catalog after rejected calls: %q", got)
	}
}
