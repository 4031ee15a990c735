package errorformatter_test

// The mistakes of a first hour with the binding, and what each says (docs/conventions.md,
// "Failures across bindings"): a wrong catalog path, a POSIX locale with a codeset, a number
// where a text takes a string and a string where it takes a number, an integer for %.1f, and a
// call after close.

import (
	"errors"
	"io/fs"
	"path/filepath"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

const rejectedSize = "errors.SyncErrorDomain.3.message in en/Localizable: '%f' needs a floating-point " +
	"argument but argument 1 is a string [wrong-argument-type]"

func sizeError(size errorformatter.Argument) errorformatter.ErrorInfo {
	return errorformatter.ErrorInfo{Domain: "SyncErrorDomain", Code: 3,
		Arguments: []errorformatter.Argument{size, errorformatter.StringArg("Backup")}}
}

func TestAWrongPathNamesItOnce(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "CoreLocaton")
	_, err := errorformatter.Open(missing)
	var failure *errorformatter.Error
	if !errors.As(err, &failure) || failure.Status != errorformatter.StatusNotFound {
		t.Fatalf("Open(%q) = %v, want an *Error of StatusNotFound", missing, err)
	}
	if failure.Message != "no such catalog directory" || failure.File != missing {
		t.Errorf("message %q, file %q", failure.Message, failure.File)
	}
	if err.Error() != missing+": no such catalog directory" || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Error() = %q, errors.Is(fs.ErrNotExist) = %v", err.Error(), errors.Is(err, fs.ErrNotExist))
	}
}

func TestAPOSIXLocaleWithACodesetIsTheLocaleItNames(t *testing.T) {
	catalog := open(t, coreLocation)
	shown, err := catalog.Format(errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Code: 0}, "fr_FR.UTF-8")
	if err != nil || shown.Title != "Position inconnue" || shown.Provenance[errorformatter.Title].Locale != "fr" {
		t.Errorf("Format = %q from %q, %v", shown.Title, shown.Provenance[errorformatter.Title].Locale, err)
	}
}

func TestAnIntegerFillsAFloatingPointTextAndATextPlaceholder(t *testing.T) {
	var seen []errorformatter.Rejection
	catalog := open(t, syncCatalog, errorformatter.OnRejection(func(r errorformatter.Rejection) { seen = append(seen, r) }))
	for _, size := range []errorformatter.Argument{errorformatter.Int64Arg(12), errorformatter.Float64Arg(12)} {
		shown, err := catalog.Format(sizeError(size), "en")
		if err != nil || shown.Message != "12.0 MB more are needed on “Backup”." {
			t.Errorf("Format(%v) = %q, %v", size, shown.Message, err)
		}
	}
	shown, err := catalog.Format(errorformatter.ErrorInfo{Domain: "SyncErrorDomain", Code: 1,
		Arguments: []errorformatter.Argument{errorformatter.Int64Arg(42)}}, "en")
	if err != nil || shown.Message != "“42” is open in another app." {
		t.Errorf("an integer for %%@: %q, %v", shown.Message, err)
	}
	shown, err = catalog.Format(errorformatter.ErrorInfo{Domain: "SyncErrorDomain", Code: 2,
		Arguments: []errorformatter.Argument{errorformatter.Float64Arg(3)}}, "en")
	if err != nil || shown.Message != "3 files could not be synced." {
		t.Errorf("a float64 holding an integer for %%d: %q, %v", shown.Message, err)
	}
	if len(seen) != 0 {
		t.Errorf("rejections reported: %v", seen)
	}
}

func TestAStringWhereANumberIsExpectedIsReportedWhenAsked(t *testing.T) {
	// By default: recorded in the result, nothing else.
	plain := open(t, syncCatalog)
	shown, err := plain.Format(sizeError(errorformatter.StringArg("12")), "en")
	if err != nil || shown.Message != "Please try again later." {
		t.Fatalf("Format = %q, %v", shown.Message, err)
	}
	if got := shown.Provenance[errorformatter.Message].Rejections; len(got) != 1 || got[0].String() != rejectedSize {
		t.Errorf("rejections %v", got)
	}
	// A hook sees each one; FailOnRejection makes it the call's error.
	var seen []string
	hooked := open(t, syncCatalog, errorformatter.OnRejection(func(r errorformatter.Rejection) { seen = append(seen, r.String()) }))
	if _, err := hooked.Format(sizeError(errorformatter.StringArg("12")), "en"); err != nil {
		t.Fatal(err)
	}
	if _, err := hooked.Lookup("", "errors.SyncErrorDomain.3.message", []errorformatter.Argument{errorformatter.StringArg("12"),
		errorformatter.StringArg("Backup")}, "en"); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != rejectedSize || seen[1] != rejectedSize {
		t.Errorf("hook saw %q", seen)
	}
	strict := open(t, syncCatalog, errorformatter.FailOnRejection())
	_, err = strict.Format(sizeError(errorformatter.StringArg("12")), "en")
	var failure *errorformatter.Error
	if !errors.As(err, &failure) || failure.Status != errorformatter.StatusRejected || failure.Message != rejectedSize {
		t.Errorf("FailOnRejection: %v", err)
	}
	if !errors.Is(err, errorformatter.StatusRejected) || errorformatter.StatusRejected.String() != "EF_E_REJECTED" {
		t.Errorf("errors.Is(err, StatusRejected) is false, or the name is %q", errorformatter.StatusRejected)
	}
	if _, err := strict.Format(sizeError(errorformatter.Int64Arg(12)), "en"); err != nil {
		t.Errorf("what passes still answers: %v", err)
	}
}

func TestACallAfterCloseIsAnInvalidArgument(t *testing.T) {
	catalog := open(t, syncCatalog)
	catalog.Close()
	_, err := catalog.Format(errorformatter.ErrorInfo{Domain: "SyncErrorDomain", Code: 1}, "en")
	var failure *errorformatter.Error
	if !errors.As(err, &failure) || failure.Status != errorformatter.StatusInvalidArgument ||
		failure.Message != "the catalog is closed" {
		t.Errorf("Format after Close = %v", err)
	}
	if !errors.Is(err, errorformatter.ErrClosed) || !errors.Is(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("errors.Is(ErrClosed) = %v", errors.Is(err, errorformatter.ErrClosed))
	}
	if _, err := catalog.Lookup("", "errors.title", nil, "en"); !errors.Is(err, errorformatter.ErrClosed) {
		t.Errorf("Lookup after Close = %v", err)
	}
}

func TestACallAfterCloseOfALiveCatalogIsTheCatalogsFailure(t *testing.T) {
	live, err := errorformatter.OpenLive(syncCatalog, errorformatter.LiveSettings{})
	if err != nil {
		t.Fatal(err)
	}
	live.Close()
	calls := map[string]func() error{
		"Format": func() error {
			_, err := live.Format(errorformatter.ErrorInfo{Domain: "SyncErrorDomain", Code: 1}, "en")
			return err
		},
		"Lookup": func() error {
			_, err := live.Lookup("", "errors.title", nil, "en")
			return err
		},
		"Current": func() error {
			_, err := live.Current()
			return err
		},
		"Reload":    live.Reload,
		"LastError": live.LastError,
	}
	for name, call := range calls {
		err := call()
		var failure *errorformatter.Error
		if !errors.As(err, &failure) || failure.Status != errorformatter.StatusInvalidArgument ||
			failure.Message != "the catalog is closed" || !errors.Is(err, errorformatter.ErrClosed) {
			t.Errorf("%s after Close = %v", name, err)
		}
	}
	if generation := live.Generation(); generation != 0 {
		t.Errorf("Generation after Close = %d", generation)
	}
	live.Close()
}
