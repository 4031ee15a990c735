package errorformatter_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// The locale oracle of ../shared (ICU 72.1's own resource-bundle chains for every available
// locale), beside the project's checkout.
var localeOracle = filepath.Join("..", "..", "..", "shared", "oracles", "locale")

// Through the Go binding, every available locale's chain (its bundle entries, then root) is
// ICU's own ures_open chain.
func TestChainsAreICUs(t *testing.T) {
	for file, rowCount := range map[string]int{"chains.tsv": 805, "chains_with_legacy_aliases.tsv": 856} {
		data, err := os.ReadFile(filepath.Join(localeOracle, file))
		if err != nil {
			t.Skipf("the shared locale oracle (../shared/oracles/locale) is not beside the checkout: %v", err)
		}
		var header []string
		rows, mismatches := 0, 0
		for _, line := range strings.Split(string(data), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			cells := strings.Split(line, "\t")
			if header == nil {
				header = cells
				continue
			}
			row := map[string]string{}
			for index, name := range header {
				if index < len(cells) {
					row[name] = cells[index]
				}
			}
			rows++
			chain, err := errorformatter.Chain(row["locale"])
			if err != nil {
				t.Errorf("%s: %v", row["locale"], err)
				continue
			}
			var ours []string
			for _, entry := range chain.Entries {
				if entry.Kind == errorformatter.ChainBundle {
					ours = append(ours, entry.ID)
				}
			}
			ours = append(ours, "root")
			if got, want := strings.Join(ours, " > "), row["chain"]; got != want {
				if mismatches++; mismatches <= 20 {
					t.Errorf("%s: %s, ICU %s", row["locale"], got, want)
				}
			}
		}
		if rows != rowCount {
			t.Errorf("%s: %d rows, expected %d", file, rows, rowCount)
		}
	}
}
