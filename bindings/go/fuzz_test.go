package errorformatter_test

import (
	"errors"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// Any bytes in any string argument give a result or an *Error of a status the header lists
// for the call, never a panic or a crash. `go test` runs the seeds; `go test -fuzz
// FuzzStrings` (by hand, GOCACHE under build/) explores further.
func FuzzStrings(f *testing.F) {
	for _, seed := range []string{"", "fr-CA", "kCLErrorDomain", "\xff", "a\x00b", "\xed\xa0\x80",
		"../../etc", "*;q=0.5, fr", "errors.title", "Localizable", "👩‍👩‍👧", "C", "x%@%d%n%999999$@"} {
		f.Add(seed, int64(0))
	}
	catalog, err := errorformatter.Open(coreLocation)
	if err != nil {
		f.Fatal(err)
	}
	known := func(err error, statuses ...errorformatter.Status) bool {
		if err == nil {
			return true
		}
		var failure *errorformatter.Error
		if !errors.As(err, &failure) || failure.Message == "" {
			return false
		}
		for _, status := range statuses {
			if failure.Status == status {
				return true
			}
		}
		return false
	}
	invalid := []errorformatter.Status{errorformatter.StatusInvalidArgument, errorformatter.StatusInvalidUTF8}
	f.Fuzz(func(t *testing.T, text string, code int64) {
		info := errorformatter.ErrorInfo{Domain: text, Code: code, Description: text, FailureReason: text,
			RecoverySuggestion: text, Arguments: []errorformatter.Argument{errorformatter.StringArg(text), errorformatter.Int64Arg(code)}}
		if _, err := catalog.Format(info, text, "fr"); !known(err, invalid...) {
			t.Errorf("Format(%q): %v", text, err)
		}
		if _, err := catalog.Format(errorformatter.ErrorInfo{Domain: "D", Table: text}); !known(err, invalid...) {
			t.Errorf("Format with table %q: %v", text, err)
		}
		if _, err := catalog.Lookup(text, text, info.Arguments, text); !known(err, invalid...) {
			t.Errorf("Lookup(%q): %v", text, err)
		}
		if _, err := catalog.Text("", text, text); !known(err, append(invalid, errorformatter.StatusKeyNotFound)...) {
			t.Errorf("Text(%q): %v", text, err)
		}
		if _, err := errorformatter.Chain(text); !known(err, append(invalid, errorformatter.StatusInvalidLocale)...) {
			t.Errorf("Chain(%q): %v", text, err)
		}
		if _, err := errorformatter.PreferencesFromAcceptLanguage(text); !known(err, invalid...) {
			t.Errorf("PreferencesFromAcceptLanguage(%q): %v", text, err)
		}
		tables := []errorformatter.Table{{Locale: "en", FileName: "Localizable.strings", Data: []byte(text)}}
		if built, err := errorformatter.FromTables(tables); err == nil {
			built.Close()
		} else {
			t.Errorf("FromTables of %q (lenient): %v", text, err)
		}
	})
}
