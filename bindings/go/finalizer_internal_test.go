package errorformatter

import (
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// A catalog nobody closes is freed once unreachable. Finalizers run on their own goroutine
// after a collection, so the test collects and yields until they have run (bounded: it fails
// rather than waits forever).
func TestUnreachableCatalogsAreFreed(t *testing.T) {
	const catalogs = 10
	before := catalogsFreed.Load()
	for index := 0; index < catalogs; index++ {
		catalog, err := Open(filepath.Join("..", "..", "Examples", "CoreLocation"))
		if err != nil {
			t.Fatal(err)
		}
		if shown, err := catalog.Format(ErrorInfo{Domain: "kCLErrorDomain"}, "fr"); err != nil || shown.Title != "Position inconnue" {
			t.Fatalf("%+v, %v", shown, err)
		}
	}
	for round := 0; round < 200 && catalogsFreed.Load()-before < catalogs; round++ {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
	if freed := catalogsFreed.Load() - before; freed < catalogs {
		t.Errorf("%d of %d unreachable catalogs freed", freed, catalogs)
	}
}

// A closed catalog is freed once, however often Close is called.
func TestCloseFreesOnce(t *testing.T) {
	catalog, err := Open(filepath.Join("..", "..", "Examples", "CoreLocation"))
	if err != nil {
		t.Fatal(err)
	}
	before := catalogsFreed.Load()
	for index := 0; index < 3; index++ {
		catalog.Close()
	}
	if freed := catalogsFreed.Load() - before; freed != 1 {
		t.Errorf("freed %d times", freed)
	}
}

// Packed output that does not read as its header says is an error, never a panic (the golden
// vectors' malformed outputs, vectors_test.go, are the systematic check).
func TestMalformedPackedOutputIsAnError(t *testing.T) {
	for _, text := range []string{"", "\x00", "0 1 0 0 0\x00", "0 1 0 0 0 0\x00t\x00", "0 x 0 0 0 0\x00",
		"0 -1 0 0 0 0\x00", "0 0 1 0 0 0" + "\x00t\x00m\x00b" +
			"\x00r\x00k\x00l\x00t\x00r\x00k\x00l\x00t\x00r\x00k\x00l\x00t\x00"} {
		if _, err := parseResult(text); err == nil {
			t.Errorf("parseResult(%q) accepted", text)
		}
	}
	for _, text := range []string{"", "1\x00", "1 1\x00v\x00l\x00t\x00", "1 0\x00v\x00l\x00"} {
		if _, err := parseLookup(text); err == nil {
			t.Errorf("parseLookup(%q) accepted", text)
		}
	}
}
