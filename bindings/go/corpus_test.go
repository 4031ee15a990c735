package errorformatter_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// The shared corpus of real .strings files and Foundation's parse of each, beside the checkout.
var corpus = filepath.Join("..", "..", "..", "shared", "corpus")

// Every .strings file of the corpus Foundation accepted, handed to FromTables as its bytes
// (UTF-8 or UTF-16, BOMs and CRLFs kept), gives Foundation's values back through Lookup:
// every value without a format specifier (which a lookup without arguments renders as is) and
// without U+0000 (which cannot cross a C string).
func TestCorpusValuesAreFoundations(t *testing.T) {
	results, err := os.ReadFile(filepath.Join(corpus, "foundation-results.tsv"))
	if err != nil {
		t.Skipf("the shared corpus (../shared/corpus) is not beside the checkout: %v", err)
	}
	files, compared := 0, 0
	for _, line := range strings.Split(string(results), "\n")[1:] {
		cells := strings.Split(line, "\t")
		if len(cells) < 2 || cells[1] != "OK" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(corpus, "data", cells[0]))
		if err != nil {
			t.Fatal(err)
		}
		expectedJSON, err := os.ReadFile(filepath.Join(corpus, "expected", cells[0]+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var expected map[string]string
		if err := json.Unmarshal(expectedJSON, &expected); err != nil {
			t.Fatalf("%s: %v", cells[0], err)
		}
		catalog, err := errorformatter.FromTables([]errorformatter.Table{{Locale: "en", FileName: "Localizable.strings", Data: data}})
		if err != nil {
			t.Errorf("%s: %v", cells[0], err)
			continue
		}
		files++
		for key, want := range expected {
			if strings.ContainsAny(want, "%\x00") || strings.ContainsRune(key, 0) {
				continue
			}
			found, err := catalog.Lookup("", key, nil, "en")
			if err != nil || !found.Found || found.Value != want {
				t.Errorf("%s: %q = %q (%v), Foundation %q", cells[0], key, found.Value, err, want)
			}
			compared++
		}
		catalog.Close()
	}
	if files != 2472 {
		t.Errorf("%d files read, the corpus has 2,472 that Foundation accepts", files)
	}
	t.Logf("%d values of %d files compared", compared, files)
}
