package errorformatter_test

import (
	"errors"
	"reflect"
	"sync"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

const goroutines = 16

type sharedCase struct {
	info    errorformatter.ErrorInfo
	locales []string
}

func sharedCases() []sharedCase {
	var cases []sharedCase
	for _, locales := range [][]string{{"en"}, {"fr-CA"}, {"es-MX"}, {"zh-TW"}, {"ja"}, {"de-AT"}, {"pt-BR", "es-MX"}} {
		for _, code := range []int64{0, 1, 2, 8, 9, 42} {
			cases = append(cases, sharedCase{cl(code), locales})
		}
		// Caller texts and arguments: a result the library cannot have kept from another call.
		cases = append(cases, sharedCase{errorformatter.ErrorInfo{Domain: clDomain, Code: 42,
			Description: "caller text", Arguments: []errorformatter.Argument{str("x"), i64(3)}}, locales})
	}
	return cases
}

// Every goroutine formats on one catalog, and must get exactly what one goroutine alone gets.
func TestGoroutinesShareOneCatalog(t *testing.T) {
	catalog := open(t, coreLocation)
	cases := sharedCases()
	expected := make([]errorformatter.Result, len(cases))
	for index, c := range cases {
		expected[index] = format(t, catalog, c.info, c.locales...)
	}
	var wait sync.WaitGroup
	failures := make(chan string, goroutines)
	for worker := 0; worker < goroutines; worker++ {
		wait.Add(1)
		go func(worker int) {
			defer wait.Done()
			for round := 0; round < 200; round++ {
				index := (worker + round) % len(cases)
				shown, err := catalog.Format(cases[index].info, cases[index].locales...)
				if err != nil || !reflect.DeepEqual(shown, expected[index]) {
					failures <- "a shared format differs"
					return
				}
				if text, err := catalog.Text("", "errors.kCLErrorDomain.0.title", "ja"); err != nil || text != "位置情報を取得できません" {
					failures <- "a shared Text differs"
					return
				}
			}
		}(worker)
	}
	wait.Wait()
	close(failures)
	for failure := range failures {
		t.Error(failure)
	}
}

// Close while goroutines format: it waits for the calls in flight (never frees under one), and
// every later call fails with ErrClosed, never with anything else, never a crash.
func TestCloseWhileGoroutinesFormat(t *testing.T) {
	catalog, err := errorformatter.Open(coreLocation)
	if err != nil {
		t.Fatal(err)
	}
	cases := sharedCases()
	expected := make([]errorformatter.Result, len(cases))
	for index, c := range cases {
		expected[index] = format(t, catalog, c.info, c.locales...)
	}
	var started, finished sync.WaitGroup
	outcomes := make(chan error, goroutines)
	for worker := 0; worker < goroutines; worker++ {
		started.Add(1)
		finished.Add(1)
		go func(worker int) {
			defer finished.Done()
			for round := 0; ; round++ {
				if round == 50 {
					started.Done() // every goroutine is well into its work before Close
				}
				index := (worker + round) % len(cases)
				var err error
				switch round % 3 {
				case 0, 1:
					var shown errorformatter.Result
					shown, err = catalog.Format(cases[index].info, cases[index].locales...)
					if err == nil && !reflect.DeepEqual(shown, expected[index]) {
						err = errors.New("a format differs from the one made alone")
					}
				case 2:
					var found errorformatter.LookupResult
					found, err = catalog.Lookup("", "errors.kCLErrorDomain.2.title", nil, "fr-CA")
					if err == nil && found.Value != "Pas d’Internet" {
						err = errors.New("a lookup differs")
					}
				}
				if err != nil {
					if round < 50 {
						started.Done()
					}
					outcomes <- err
					return
				}
			}
		}(worker)
	}
	started.Wait()
	if err := catalog.Close(); err != nil {
		t.Fatal(err)
	}
	finished.Wait()
	close(outcomes)
	count := 0
	for outcome := range outcomes {
		count++
		if !errors.Is(outcome, errorformatter.ErrClosed) {
			t.Errorf("a goroutine ended with %v, not ErrClosed", outcome)
		}
	}
	if count != goroutines {
		t.Errorf("%d of %d goroutines ended", count, goroutines)
	}
}
