package errorformatter_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// errfmtPath is the CLI the results are compared with: $ERRFMT (make test-go sets it), else
// the build tree's.
func errfmtPath(t *testing.T) string {
	path := os.Getenv("ERRFMT")
	if path == "" {
		path = filepath.Join("..", "..", "build", "bin", "errfmt")
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("errfmt not found at %s (set ERRFMT, or make cli): the comparison needs it", path)
	}
	return path
}

// sameJSON reports whether two JSON texts hold the same values.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var first, second any
	if err := json.Unmarshal(a, &first); err != nil {
		t.Fatalf("%v in %s", err, a)
	}
	if err := json.Unmarshal(b, &second); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	return reflect.DeepEqual(first, second)
}

// Result's JSON is the object `errfmt format --json` prints for the same error, and the same
// values: the binding and the CLI go through one core.
func TestResultJSONIsErrfmts(t *testing.T) {
	errfmt := errfmtPath(t)
	cases := []struct {
		catalog string
		flags   []string
		info    errorformatter.ErrorInfo
		locales []string
	}{
		{coreLocation, []string{"--domain", "kCLErrorDomain", "--code", "0", "--locale", "fr-CA"}, cl(0), []string{"fr-CA"}},
		{coreLocation, []string{"--domain", "kCLErrorDomain", "--code", "8", "--locale", "pt-BR,es-MX"}, cl(8), []string{"pt-BR", "es-MX"}},
		{coreLocation, []string{"--domain", "kCLErrorDomain", "--code", "2", "--locale", "C"}, cl(2), []string{"C"}},
		{coreLocation, []string{"--domain", "NSURLErrorDomain", "--code", "-1001", "--locale", "ja",
			"--description", "The request timed out.", "--failure-reason", "Timed Out"},
			errorformatter.ErrorInfo{Domain: "NSURLErrorDomain", Code: -1001, Description: "The request timed out.", FailureReason: "Timed Out"}, []string{"ja"}},
		{coreLocation, []string{"--domain", "kCLErrorDomain", "--code", "0", "--table", "NoSuchTable"},
			errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Table: "NoSuchTable"}, nil},
		{syncCatalog, []string{"--domain", "SyncErrorDomain", "--code", "3", "--locale", "de", "--arg-double", "1.5", "--arg", "Backup"},
			syncError(3, f64(1.5), str("Backup")), []string{"de"}},
		{syncCatalog, []string{"--domain", "SyncErrorDomain", "--code", "2", "--locale", "fr", "--arg-uint", "18446744073709551615"},
			syncError(2, u64(1<<64-1)), []string{"fr"}},
		{syncCatalog, []string{"--domain", "SyncErrorDomain", "--code", "3", "--locale", "en", "--arg", "Backup", "--arg-int", "-42"},
			syncError(3, str("Backup"), i64(-42)), []string{"en"}},
	}
	for _, c := range cases {
		arguments := append([]string{"format", "--catalog", c.catalog, "--json", "--quiet"}, c.flags...)
		want, err := exec.Command(errfmt, arguments...).Output()
		if err != nil {
			t.Fatalf("errfmt %q: %v", arguments, err)
		}
		shown := format(t, open(t, c.catalog), c.info, c.locales...)
		got, err := json.Marshal(shown)
		if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(t, got, want) {
			t.Errorf("errfmt %q:\n got %s\nwant %s", c.flags, got, want)
		}
	}
}

func TestLookupJSONIsErrfmts(t *testing.T) {
	errfmt := errfmtPath(t)
	catalog := open(t, syncCatalog)
	cases := []struct {
		flags     []string
		key       string
		arguments []errorformatter.Argument
		locales   []string
	}{
		{[]string{"--locale", "fr", "--arg-int", "3"}, "errors.SyncErrorDomain.2.message", []errorformatter.Argument{i64(3)}, []string{"fr"}},
		{[]string{"--locale", "de", "--arg-double", "2", "--arg", "USB"}, "errors.SyncErrorDomain.3.message", []errorformatter.Argument{f64(2), str("USB")}, []string{"de"}},
		{[]string{"--locale", "en"}, "no.such.key", nil, []string{"en"}},
	}
	for _, c := range cases {
		arguments := append(append([]string{"lookup", "--catalog", syncCatalog, "--json", "--quiet"}, c.flags...), c.key)
		// Exit status 1 is "not found", still with its JSON.
		want, err := exec.Command(errfmt, arguments...).Output()
		if exit, ok := err.(*exec.ExitError); err != nil && !(ok && exit.ExitCode() == 1) {
			t.Fatalf("errfmt %q: %v", arguments, err)
		}
		found, err := catalog.Lookup("", c.key, c.arguments, c.locales...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(found)
		if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(t, got, want) {
			t.Errorf("errfmt lookup %q %s:\n got %s\nwant %s", c.flags, c.key, got, want)
		}
	}
}
