package errorformatter_test

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// isStatus reports whether err is an *Error of the status, checked both ways a caller would.
func isStatus(err error, status errorformatter.Status) bool {
	var failure *errorformatter.Error
	return errors.As(err, &failure) && failure.Status == status && errors.Is(err, status)
}

func TestMissingPath(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-catalog")
	_, err := errorformatter.Open(missing)
	var failure *errorformatter.Error
	if !errors.As(err, &failure) {
		t.Fatalf("Open of a missing path: %v", err)
	}
	if failure.Status != errorformatter.StatusNotFound || failure.Status.String() != "EF_E_NOT_FOUND" {
		t.Errorf("status %v", failure.Status)
	}
	if failure.File != missing || failure.Message == "" || !strings.HasPrefix(err.Error(), missing+": ") {
		t.Errorf("%+v / %q", failure, err)
	}
	if !errors.Is(err, errorformatter.StatusNotFound) || !errors.Is(err, fs.ErrNotExist) || errors.Is(err, errorformatter.StatusIO) {
		t.Errorf("errors.Is does not follow the status: %v", err)
	}
	// Wrapped, as callers do.
	if wrapped := fmt.Errorf("loading: %w", err); !errors.Is(wrapped, errorformatter.StatusNotFound) {
		t.Error("errors.Is through a wrapper")
	}
}

func TestFileInsteadOfDirectory(t *testing.T) {
	path := writeTable(t, t.TempDir(), "en", `"a" = "b";`)
	_, err := errorformatter.Open(path)
	if !isStatus(err, errorformatter.StatusIO) || errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open of a file: %v", err)
	}
}

func TestStrictOpenOfABrokenTableSaysWhere(t *testing.T) {
	root := t.TempDir()
	writeTable(t, root, "en", `"errors.title" = "Problem";`)
	writeTable(t, root, "fr", brokenTable)
	_, err := errorformatter.Open(root, errorformatter.Strict())
	var failure *errorformatter.Error
	if !errors.As(err, &failure) || failure.Status != errorformatter.StatusParse {
		t.Fatalf("strict open: %v", err)
	}
	if !strings.HasSuffix(failure.File, filepath.Join("fr.lproj", "Localizable.strings")) ||
		failure.Line != brokenLine || failure.Column != brokenColumn {
		t.Errorf("%+v", failure)
	}
	if want := failure.File + ":3:15: " + failure.Message; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	// Lenient: the broken table is left out with an error diagnostic; the others keep working.
	lenient := open(t, root)
	var errorsFound []errorformatter.Diagnostic
	for _, diagnostic := range lenient.Diagnostics() {
		if diagnostic.Severity == errorformatter.SeverityError {
			errorsFound = append(errorsFound, diagnostic)
		}
	}
	if len(errorsFound) != 1 || errorsFound[0].File != "fr.lproj/Localizable.strings" || errorsFound[0].Line != brokenLine {
		t.Errorf("diagnostics %+v", lenient.Diagnostics())
	}
	if got := format(t, lenient, errorformatter.ErrorInfo{Domain: "D", Code: 1}, "fr").Title; got != "Problem" {
		t.Errorf("title %q", got)
	}
}

func TestStrictBuilderRejectsABrokenTable(t *testing.T) {
	_, err := errorformatter.FromTables([]errorformatter.Table{table("fr", brokenTable)}, errorformatter.Strict())
	var failure *errorformatter.Error
	if !errors.As(err, &failure) || failure.Status != errorformatter.StatusParse ||
		failure.Line != brokenLine || failure.Column != brokenColumn {
		t.Errorf("strict builder: %+v", err)
	}
}

func TestBuilderArgumentErrors(t *testing.T) {
	_, err := errorformatter.FromTables([]errorformatter.Table{{Locale: "en", FileName: "Localizable.txt", Data: []byte(`"a" = "b";`)}})
	if !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("unknown extension: %v", err)
	}
	_, err = errorformatter.FromTables([]errorformatter.Table{{Locale: "en", FileName: "Localizable\xff.strings"}})
	if !isStatus(err, errorformatter.StatusInvalidUTF8) {
		t.Errorf("file name not UTF-8: %v", err)
	}
	_, err = errorformatter.FromTables([]errorformatter.Table{table("../fr", `"a" = "b";`)})
	if !isStatus(err, errorformatter.StatusInvalidLocale) {
		t.Errorf("a path as a locale: %v", err)
	}
	_, err = errorformatter.FromTables(nil, errorformatter.DevelopmentLocale("not a locale!"))
	if !isStatus(err, errorformatter.StatusInvalidLocale) {
		t.Errorf("development locale: %v", err)
	}
}

func TestMalformedLocalesNeverNameALocalization(t *testing.T) {
	for _, locale := range []string{"../../etc", "..", "../fr", "./fr", "fr/../../etc", strings.Repeat("x", 300), "fr\u00e9"} {
		if _, err := errorformatter.NormalizeLocale(locale); !isStatus(err, errorformatter.StatusInvalidLocale) {
			t.Errorf("NormalizeLocale(%q): %v", locale, err)
		}
		if _, err := errorformatter.Chain(locale); !isStatus(err, errorformatter.StatusInvalidLocale) {
			t.Errorf("Chain(%q): %v", locale, err)
		}
		if _, err := errorformatter.Open(coreLocation, errorformatter.DevelopmentLocale(locale)); !isStatus(err, errorformatter.StatusInvalidLocale) {
			t.Errorf("Open with development locale %q: %v", locale, err)
		}
	}
}

func TestTableNameWithASlash(t *testing.T) {
	catalog := open(t, coreLocation)
	_, err := catalog.Format(errorformatter.ErrorInfo{Domain: clDomain, Table: "../Localizable"}, "en")
	if !isStatus(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("table with '/': %v", err)
	}
}

func TestStatusNamesAndTexts(t *testing.T) {
	names := map[errorformatter.Status]string{
		errorformatter.StatusOK: "EF_OK", errorformatter.StatusInvalidArgument: "EF_E_INVALID_ARGUMENT",
		errorformatter.StatusInvalidUTF8: "EF_E_INVALID_UTF8", errorformatter.StatusNotFound: "EF_E_NOT_FOUND",
		errorformatter.StatusIO: "EF_E_IO", errorformatter.StatusParse: "EF_E_PARSE",
		errorformatter.StatusInvalidLocale: "EF_E_INVALID_LOCALE", errorformatter.StatusInternal: "EF_E_INTERNAL",
		errorformatter.StatusKeyNotFound: "EF_E_KEY_NOT_FOUND", errorformatter.Status(99): "EF_E_UNKNOWN",
	}
	for status, name := range names {
		if status.String() != name || status.Error() != name || status.Description() == "" || fmt.Sprint(status) != name {
			t.Errorf("%d: %q / %q / %q", int32(status), status.String(), status.Error(), status.Description())
		}
	}
	if (&errorformatter.Error{Status: errorformatter.StatusIO, Message: "m"}).Error() != "m" {
		t.Error("an error without a file is its message")
	}
}
