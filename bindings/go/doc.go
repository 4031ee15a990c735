// Package errorformatter formats errors (a domain, a code, optional texts and typed
// arguments) into a localized title, message and button label, looked up in Apple-style string
// tables (<loc>.lproj/<Table>.strings, .stringsdict, .json, .xcstrings) with ICU-exact locale
// fallback. It is the Go binding of liberrorformatter, whose C interface
// (include/errorformatter.h) documents every call this package makes.
//
//	catalog, err := errorformatter.Open("Examples/CoreLocation")
//	if err != nil {
//		return err
//	}
//	defer catalog.Close()
//	shown, err := catalog.Format(errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Code: 0}, "fr-CA", "en")
//	if err != nil {
//		return err
//	}
//	fmt.Println(shown.Title, shown.Message, shown.Button)
//	fmt.Println(shown.Provenance[errorformatter.Title].Locale) // "fr-CA": which table answered
//
// In Go terms:
//
//   - A *Catalog is immutable and safe for concurrent use by any number of goroutines. Close
//     frees it; it waits for the calls in flight and makes later ones fail with ErrClosed. A
//     catalog that is never closed is freed by the garbage collector.
//   - Results (Result, LookupResult, LintReport, LocaleChain, Diagnostic) are plain Go values
//     holding copies of the library's strings: they outlive the catalog that made them.
//   - Failures are *Error values carrying the library's Status, message and the file, line and
//     column at fault. errors.Is(err, StatusParse) tests the status; errors.Is(err,
//     fs.ErrNotExist) holds for a catalog path that does not exist.
//   - Strings go to the library as UTF-8 bytes, unchanged: a string that is not valid UTF-8
//     fails with StatusInvalidUTF8 (the library checks it, nothing is repaired), and a string
//     holding a NUL byte, which C cannot receive whole, fails with StatusInvalidArgument.
//
// The package is built with cgo against the library found by pkg-config (errorformatter.pc):
// set PKG_CONFIG_PATH for a library installed outside the system's directories, and make it
// findable at run time (ldconfig, LD_LIBRARY_PATH or CGO_LDFLAGS=-Wl,-rpath,<libdir>).
package errorformatter
