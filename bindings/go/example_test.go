package errorformatter_test

import (
	"errors"
	"fmt"
	"io/fs"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

func Example() {
	catalog, err := errorformatter.Open("../../Examples/CoreLocation")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer catalog.Close()
	shown, err := catalog.Format(errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Code: 0}, "fr-CA", "en")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(shown.Title, "/", shown.Message, "/", shown.Button)
	title := shown.Provenance[errorformatter.Title]
	fmt.Println(title.Rule, title.Key, title.Locale)
	// Output:
	// Emplacement inconnu / Impossible d’obtenir une bonne lecture. Un long tunnel? / OK
	// code-key errors.kCLErrorDomain.0.title fr-CA
}

func ExampleCatalog_Format_arguments() {
	catalog, err := errorformatter.Open("../../Examples/Sync")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer catalog.Close()
	full := errorformatter.ErrorInfo{Domain: "SyncErrorDomain", Code: 3, Arguments: []errorformatter.Argument{
		errorformatter.Float64Arg(1.5), errorformatter.StringArg("Backup"),
	}}
	shown, err := catalog.Format(full, "de")
	if err != nil {
		fmt.Println(err)
		return
	}
	// German's message wants a third argument: the English one is shown, and the result says why.
	fmt.Println(shown.Message)
	fmt.Println(shown.Provenance[errorformatter.Message].Rejections[0].Code)
	// Output:
	// 1.5 MB more are needed on “Backup”.
	// missing-argument
}

func ExampleCatalog_Lookup() {
	catalog, err := errorformatter.Open("../../Examples/Sync")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer catalog.Close()
	for _, count := range []int64{1, 4} {
		found, err := catalog.Lookup("", "errors.SyncErrorDomain.2.message",
			[]errorformatter.Argument{errorformatter.Int64Arg(count)}, "fr")
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(found.Value)
	}
	// Output:
	// 1 fichier n’a pas pu être synchronisé.
	// 4 fichiers n’ont pas pu être synchronisés.
}

func ExamplePreferencesFromAcceptLanguage() {
	locales, err := errorformatter.PreferencesFromAcceptLanguage("de-AT, en;q=0.5, fr;q=0.8")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(locales)
	// Output: [de-AT fr en]
}

func ExampleChain() {
	chain, err := errorformatter.Chain("zh-TW")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, entry := range chain.Entries {
		fmt.Println(entry.ID, entry.Kind)
	}
	// Output:
	// zh_TW alias
	// zh_Hant_TW bundle
	// zh_Hant bundle
}

func ExampleError() {
	_, err := errorformatter.Open("no/such/catalog")
	var failure *errorformatter.Error
	if errors.As(err, &failure) {
		fmt.Println(failure.Status, failure.File)
	}
	fmt.Println(errors.Is(err, errorformatter.StatusNotFound), errors.Is(err, fs.ErrNotExist))
	// Output:
	// EF_E_NOT_FOUND no/such/catalog
	// true true
}
