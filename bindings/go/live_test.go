package errorformatter_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// How long a test waits for what it expects (a hang guard, not a measurement).
const livePatience = 30 * time.Second

func eventually(condition func() bool) bool {
	deadline := time.Now().Add(livePatience)
	for time.Now().Before(deadline) {
		if condition() {
			return true
		}
		time.Sleep(2 * time.Millisecond)
	}
	return false
}

// replaceFile writes text beside path and renames it over path.
func replaceFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".new", []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".new", path); err != nil {
		t.Fatal(err)
	}
}

func versionText(version int, french bool) string {
	suffix := ""
	if french {
		suffix = " fr"
	}
	return fmt.Sprintf("\"errors.Live.1.title\" = \"Version %d%s\";\n", version, suffix)
}

func servedBy(t *testing.T, live *errorformatter.LiveCatalog, locale string) string {
	result, err := live.Format(errorformatter.ErrorInfo{Domain: "Live", Code: 1}, locale)
	if err != nil {
		t.Errorf("Format: %v", err)
	}
	return result.Title
}

func refusedWith(live *errorformatter.LiveCatalog, status errorformatter.Status) bool {
	return errors.Is(live.LastError(), status)
}

func TestLiveCatalogOfTheExample(t *testing.T) {
	live, err := errorformatter.OpenLive(coreLocation, errorformatter.LiveSettings{})
	if err != nil {
		t.Fatal(err)
	}
	if live.Generation() != 1 || live.LastError() != nil {
		t.Errorf("generation %d, last error %v", live.Generation(), live.LastError())
	}
	kept, err := live.Current()
	if err != nil {
		t.Fatal(err)
	}
	defer kept.Close()
	live.Close()
	// The live catalog is closed; the version taken from it is not.
	result, err := kept.Format(errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Code: 0}, "fr-CA")
	if err != nil || result.Title != "Emplacement inconnu" {
		t.Errorf("a version after its live catalog: %q, %v", result.Title, err)
	}
	if _, err := live.Current(); err != errorformatter.ErrClosed {
		t.Errorf("Current after Close: %v", err)
	}
	if _, err := errorformatter.OpenLive(coreLocation, errorformatter.LiveSettings{}, errorformatter.OnDemand()); !errors.Is(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("OnDemand: %v", err)
	}
	if _, err := errorformatter.OpenLive(coreLocation, errorformatter.LiveSettings{CheckInterval: -time.Millisecond}); !errors.Is(err, errorformatter.StatusInvalidArgument) {
		t.Errorf("a negative interval: %v", err)
	}
}

func TestLiveCatalogReloads(t *testing.T) {
	root := t.TempDir()
	catalog := filepath.Join(root, "catalog")
	table := filepath.Join(catalog, "en.lproj", "Localizable.strings")
	replaceFile(t, table, versionText(1, false))
	live, err := errorformatter.OpenLive(catalog, errorformatter.LiveSettings{}, errorformatter.Strict())
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()

	replaceFile(t, table, versionText(2, false))
	if err := live.Reload(); err != nil || live.Generation() != 2 || servedBy(t, live, "en") != "Version 2" {
		t.Errorf("after a change: %v, generation %d", err, live.Generation())
	}
	replaceFile(t, table, versionText(3, false)+"\"b\" = \"never closed\n")
	var refusal *errorformatter.Error
	if err := live.Reload(); !errors.As(err, &refusal) || refusal.Status != errorformatter.StatusParse ||
		refusal.File != "en.lproj/Localizable.strings" || refusal.Line != 2 {
		t.Errorf("a broken table: %v", err)
	}
	if !refusedWith(live, errorformatter.StatusParse) || servedBy(t, live, "en") != "Version 2" {
		t.Errorf("after a broken table: %v, %q", live.LastError(), servedBy(t, live, "en"))
	}
	if err := os.Rename(catalog, filepath.Join(root, "gone")); err != nil {
		t.Fatal(err)
	}
	if err := live.Reload(); !errors.Is(err, errorformatter.StatusNotFound) || servedBy(t, live, "en") != "Version 2" {
		t.Errorf("a deleted path: %v", err)
	}
	if err := os.Rename(filepath.Join(root, "gone"), catalog); err != nil {
		t.Fatal(err)
	}
	replaceFile(t, table, versionText(4, false))
	if err := live.Reload(); err != nil || live.Generation() != 3 || servedBy(t, live, "en") != "Version 4" ||
		live.LastError() != nil {
		t.Errorf("the path back: %v, generation %d", err, live.Generation())
	}
}

// Open's options reach every version, the first and those reloaded after it.
func TestLiveCatalogAppliesOpenOptions(t *testing.T) {
	catalog := t.TempDir()
	replaceFile(t, filepath.Join(catalog, "en.lproj", "Localizable.strings"), "\"errors.Live.1.title\" = \"%lld files\";\n")
	german := filepath.Join(catalog, "de.lproj", "Localizable.strings")
	replaceFile(t, german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n")
	live, err := errorformatter.OpenLive(catalog, errorformatter.LiveSettings{}, errorformatter.LocalizedNumbers(),
		errorformatter.PseudoLocales(), errorformatter.FailOnRejection())
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	count := errorformatter.ErrorInfo{Domain: "Live", Code: 1,
		Arguments: []errorformatter.Argument{errorformatter.Int64Arg(1234567)}}
	for generation := uint64(1); generation <= 2; generation++ {
		if live.Generation() != generation {
			t.Fatalf("generation %d, want %d", live.Generation(), generation)
		}
		if result, err := live.Format(count, "de"); err != nil || result.Title != "1.234.567 Dateien" {
			t.Errorf("localized numbers: %q, %v", result.Title, err)
		}
		if result, err := live.Format(count, "en-XA"); err != nil || !strings.HasPrefix(result.Title, "[") ||
			result.Provenance[errorformatter.Title].Locale != "en-XA" {
			t.Errorf("a pseudo-locale: %q, %v", result.Title, err)
		}
		if _, err := live.Format(errorformatter.ErrorInfo{Domain: "Live", Code: 1}, "en"); !errors.Is(err, errorformatter.StatusRejected) {
			t.Errorf("a missing argument: %v", err)
		}
		replaceFile(t, german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n\"other\" = \"x\";\n")
		if generation == 1 {
			if err := live.Reload(); err != nil {
				t.Fatalf("Reload: %v", err)
			}
		}
	}
}

// The load test of the C suite (Tests/Live/live_load.c) from Go: four goroutines format while
// the catalog is replaced (in place with pauses mid-file, a link swap, corrupt, deleted and back)
// EF_LIVE_SWAPS times (120 by default, a few seconds).
func TestLiveCatalogUnderLoad(t *testing.T) {
	swaps := 120
	if text := os.Getenv("EF_LIVE_SWAPS"); text != "" {
		var err error
		if swaps, err = strconv.Atoi(text); err != nil {
			t.Fatal(err)
		}
	}
	root := t.TempDir()
	directories := []string{filepath.Join(root, "catalog-a"), filepath.Join(root, "catalog-b")}
	link := filepath.Join(root, "catalog")
	writeVersion := func(directory string, version int) {
		replaceFile(t, filepath.Join(directory, "en.lproj", "Localizable.strings"), versionText(version, false))
		replaceFile(t, filepath.Join(directory, "fr.lproj", "Localizable.strings"), versionText(version, true))
	}
	// The first byte broken first and made whole last: no state between is a version.
	rewriteInPlace := func(path, text string) {
		file, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer file.Close()
		steps := []func() error{
			func() error { _, err := file.WriteAt([]byte(";"), 0); return err },
			func() error { _, err := file.WriteAt([]byte(text[1:]), 1); return err },
			func() error { return file.Truncate(int64(len(text))) },
			func() error { _, err := file.WriteAt([]byte(text[:1]), 0); return err },
		}
		for _, step := range steps {
			if err := step(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Millisecond)
		}
	}
	writeVersion(directories[0], 1)
	if err := os.Symlink("catalog-a", link); err != nil {
		t.Fatal(err)
	}
	live, err := errorformatter.OpenLive(link,
		errorformatter.LiveSettings{CheckInterval: 5 * time.Millisecond, Debounce: 30 * time.Millisecond},
		errorformatter.Strict())
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()

	var goodMu sync.Mutex
	good := map[int]bool{1: true}
	isGood := func(version int) bool {
		goodMu.Lock()
		defer goodMu.Unlock()
		return good[version]
	}
	english := regexp.MustCompile(`^Version (\d+)$`)
	french := regexp.MustCompile(`^Version (\d+) fr$`)
	number := func(pattern *regexp.Regexp, title string) int {
		if match := pattern.FindStringSubmatch(title); match != nil {
			value, _ := strconv.Atoi(match[1])
			return value
		}
		return -1
	}
	var stop atomic.Bool
	var failures sync.Map
	var failureCount atomic.Int64
	var readers sync.WaitGroup
	for reader := 0; reader < 4; reader++ {
		readers.Add(1)
		go func(reader int) {
			defer readers.Done()
			newest := 0
			for round := 0; !stop.Load(); round++ {
				var en, fr int
				consistent := true
				if round%2 == 0 {
					// One version taken: both texts are its own.
					taken, err := live.Current()
					if err != nil {
						failures.Store(failureCount.Add(1), err.Error())
						continue
					}
					enResult, err1 := taken.Format(errorformatter.ErrorInfo{Domain: "Live", Code: 1}, "en")
					frResult, err2 := taken.Format(errorformatter.ErrorInfo{Domain: "Live", Code: 1}, "fr")
					taken.Close()
					if err1 != nil || err2 != nil {
						failures.Store(failureCount.Add(1), fmt.Sprint(err1, err2))
						continue
					}
					en, fr = number(english, enResult.Title), number(french, frResult.Title)
					consistent = en == fr
				} else {
					// Format takes the newest version per call: the second may be newer.
					en = number(english, servedBy(t, live, "en"))
					fr = number(french, servedBy(t, live, "fr"))
					consistent = fr >= en
				}
				if !consistent || !isGood(en) || !isGood(fr) || en < newest {
					failures.Store(failureCount.Add(1), fmt.Sprintf("reader %d: versions %d / %d after %d", reader, en, fr, newest))
				}
				if en > newest {
					newest = en
				}
			}
		}(reader)
	}
	active, version := 0, 1
	for swap := 0; swap < swaps && !t.Failed(); swap++ {
		version++
		switch swap % 6 {
		case 4: // corrupt, in place: refused, the version served stays
			rewriteInPlace(filepath.Join(directories[active], "en.lproj", "Localizable.strings"),
				fmt.Sprintf("\"errors.Live.1.title\" = \"Version %d\";\n\"b\" = \"", 1000000000+version))
			if !eventually(func() bool { return refusedWith(live, errorformatter.StatusParse) }) {
				t.Errorf("swap %d: a corrupt version never refused", swap)
			}
			continue
		case 3: // the link swapped to the other directory
			goodMu.Lock()
			good[version] = true
			goodMu.Unlock()
			active = 1 - active
			writeVersion(directories[active], version)
			swapped := filepath.Join(root, "catalog.new")
			if err := os.Symlink(filepath.Base(directories[active]), swapped); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(swapped, link); err != nil {
				t.Fatal(err)
			}
		case 5: // deleted, then back with a new version
			goodMu.Lock()
			good[version] = true
			goodMu.Unlock()
			if err := os.Remove(link); err != nil {
				t.Fatal(err)
			}
			if !eventually(func() bool { return refusedWith(live, errorformatter.StatusNotFound) }) {
				t.Errorf("swap %d: a deleted path never reported", swap)
			}
			writeVersion(directories[active], version)
			if err := os.Symlink(filepath.Base(directories[active]), link); err != nil {
				t.Fatal(err)
			}
		default: // both tables rewritten in place, French broken first
			goodMu.Lock()
			good[version] = true
			goodMu.Unlock()
			frenchTable := filepath.Join(directories[active], "fr.lproj", "Localizable.strings")
			file, err := os.OpenFile(frenchTable, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			_, err = file.WriteAt([]byte(";"), 0)
			file.Close()
			if err != nil {
				t.Fatal(err)
			}
			rewriteInPlace(filepath.Join(directories[active], "en.lproj", "Localizable.strings"), versionText(version, false))
			rewriteInPlace(frenchTable, versionText(version, true))
		}
		expected := fmt.Sprintf("Version %d", version)
		if !eventually(func() bool {
			return servedBy(t, live, "en") == expected && servedBy(t, live, "fr") == expected+" fr"
		}) {
			t.Errorf("swap %d: version %d never served", swap, version)
		}
	}
	stop.Store(true)
	readers.Wait()
	shown := 0
	failures.Range(func(_, failure any) bool {
		if shown < 5 {
			t.Error(failure)
		}
		shown++
		return true
	})
	if shown > 0 {
		t.Errorf("%d reads were not a good version", shown)
	}
}
