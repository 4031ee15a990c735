package errorformatter_test

import (
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// Benchmarks (go test -bench .): not run by go test alone, and never asserting a time.

func BenchmarkFormat(b *testing.B) {
	catalog, err := errorformatter.Open(coreLocation)
	if err != nil {
		b.Fatal(err)
	}
	defer catalog.Close()
	info := cl(0)
	for index := 0; index < b.N; index++ {
		if _, err := catalog.Format(info, "fr-CA", "en"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatWithArguments(b *testing.B) {
	catalog, err := errorformatter.Open(syncCatalog)
	if err != nil {
		b.Fatal(err)
	}
	defer catalog.Close()
	info := syncError(3, f64(12.5), str("Backup"))
	for index := 0; index < b.N; index++ {
		if _, err := catalog.Format(info, "fr-CA"); err != nil {
			b.Fatal(err)
		}
	}
}

// Every goroutine of GOMAXPROCS formats on the same catalog.
func BenchmarkFormatParallel(b *testing.B) {
	catalog, err := errorformatter.Open(coreLocation)
	if err != nil {
		b.Fatal(err)
	}
	defer catalog.Close()
	info := cl(0)
	b.RunParallel(func(each *testing.PB) {
		for each.Next() {
			if _, err := catalog.Format(info, "fr-CA", "en"); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
