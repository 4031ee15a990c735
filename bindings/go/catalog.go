package errorformatter

// #include <errorformatter.h>
import "C"

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// catalogsFreed counts the catalogs freed, by Close or the finalizer: the tests read it to see
// that an unreachable catalog is freed.
var catalogsFreed atomic.Int64

// ErrClosed is returned by a call on a Catalog after Close: an *Error of StatusInvalidArgument
// whose message is "the catalog is closed", the status and message every binding gives a call
// after close (docs/conventions.md), so that errors.Is(err, ErrClosed) and errors.Is(err,
// StatusInvalidArgument) both hold.
var ErrClosed error = newError(StatusInvalidArgument, "the catalog is closed")

// Catalog is an immutable set of string tables in every localization, plus the development
// locale. Make one with Open (a directory) or FromTables (tables held in memory).
//
// A Catalog is safe for concurrent use by any number of goroutines. Close frees it; a catalog
// that is never closed is freed when the garbage collector finds it unreachable.
type Catalog struct {
	// mu guards handle: every call on the library holds it for reading, Close for writing,
	// so the catalog is never freed under a call that is still running.
	mu     sync.RWMutex
	handle *C.ef_catalog

	// Read once: the catalog never changes. The listings are read when made, or, for a catalog
	// opened OnDemand, when first asked for (listing reads every localization); listOnce
	// guards that first read.
	developmentLocale string
	// What Format and Lookup do with a rejected string (OnRejection, FailOnRejection).
	rejections    rejectionPolicy
	listOnce      sync.Once
	localizations []string
	diagnostics   []Diagnostic
}

// Open opens a catalog directory: <path>/<loc>.lproj/<Table>.strings (and .stringsdict, .json),
// the unlocalized <path>/<Table>.strings, String Catalogs <path>/<Table>.xcstrings and flat JSON
// tables <path>/<loc>.json. Since library 1.2, path may also be a compiled catalog file
// (Catalog.Compile, errfmt compile), with the same results as its directory; without
// DevelopmentLocale it keeps the development locale it was compiled with.
//
// It fails with StatusNotFound (also fs.ErrNotExist) when path does not exist, StatusIO when it
// is not a readable directory nor a compiled catalog, StatusInvalidLocale for a malformed
// development locale, StatusInvalidUTF8, StatusParse for a broken compiled file, and with
// Strict, StatusParse for a broken table.
func Open(path string, options ...Option) (*Catalog, error) {
	applied := applyOptions(options)
	texts := newCStrings(0, textBytes(path)+applied.developmentLocaleBytes())
	defer texts.free()
	cPath, err := texts.text(path, "path")
	if err != nil {
		return nil, err
	}
	developmentLocale, err := applied.developmentLocaleArgument(texts)
	if err != nil {
		return nil, err
	}
	var handle *C.ef_catalog
	var details *C.ef_error_details
	status := C.ef_catalog_open(&handle, cPath, developmentLocale, applied.flags(), &details)
	if status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	return newCatalog(handle, applied), nil
}

// newCatalog takes ownership of handle and reads the catalog's unchanging properties; the
// listings too, unless opened OnDemand.
func newCatalog(handle *C.ef_catalog, applied catalogOptions) *Catalog {
	catalog := &Catalog{
		handle:            handle,
		developmentLocale: C.GoString(C.ef_catalog_development_locale(handle)),
		rejections:        applied.rejections,
	}
	if !applied.onDemand {
		catalog.listOnce.Do(func() { catalog.list(handle) })
	}
	runtime.SetFinalizer(catalog, (*Catalog).Close)
	return catalog
}

// list reads the localizations and diagnostics of handle.
func (c *Catalog) list(handle *C.ef_catalog) {
	count := C.ef_catalog_localization_count(handle)
	c.localizations = make([]string, 0, int(count))
	for index := C.size_t(0); index < count; index++ {
		c.localizations = append(c.localizations, goString(C.ef_catalog_localization_name(handle, index)))
	}
	count = C.ef_catalog_diagnostic_count(handle)
	for index := C.size_t(0); index < count; index++ {
		c.diagnostics = append(c.diagnostics, newDiagnostic(
			C.ef_catalog_diagnostic_severity(handle, index), C.ef_catalog_diagnostic_code(handle, index),
			C.ef_catalog_diagnostic_message(handle, index), C.ef_catalog_diagnostic_file(handle, index),
			C.ef_catalog_diagnostic_line(handle, index), C.ef_catalog_diagnostic_column(handle, index)))
	}
}

// listed reads the listings of a catalog opened OnDemand the first time they are asked for
// (a no-op for the others, listed when made). A catalog closed before that lists nothing.
func (c *Catalog) listed() {
	c.listOnce.Do(func() {
		handle, err := c.acquire()
		if err != nil {
			return
		}
		defer c.release()
		c.list(handle)
	})
}

// Close frees the catalog. It waits for the calls in flight on other goroutines to return;
// later calls fail with ErrClosed. Closing again does nothing. Results already returned stay
// valid, and so do DevelopmentLocale, Localizations and Diagnostics, the catalog's properties
// read when it was made (as os.File's Name answers after Close; of a catalog opened OnDemand:
// if they were asked for before Close; else they are empty).
func (c *Catalog) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handle != nil {
		C.ef_catalog_free(c.handle)
		c.handle = nil
		runtime.SetFinalizer(c, nil)
		catalogsFreed.Add(1)
	}
	return nil
}

// acquire holds the catalog open for one call: the handle, or ErrClosed. Every successful
// acquire is paired with a release.
func (c *Catalog) acquire() (*C.ef_catalog, error) {
	c.mu.RLock()
	if c.handle == nil {
		c.mu.RUnlock()
		return nil, ErrClosed
	}
	return c.handle, nil
}

func (c *Catalog) release() { c.mu.RUnlock() }

// DevelopmentLocale is the catalog's development locale, e.g. "en".
func (c *Catalog) DevelopmentLocale() string { return c.developmentLocale }

// Localizations are the catalog's localizations as spelled on disk ("fr-CA", "zh_TW", "Base"),
// sorted. The slice is the caller's.
func (c *Catalog) Localizations() []string {
	c.listed()
	return append([]string(nil), c.localizations...)
}

// Diagnostics are the problems recorded while loading: duplicate keys, broken tables left
// out, directories skipped. The slice is the caller's.
func (c *Catalog) Diagnostics() []Diagnostic {
	c.listed()
	return append([]Diagnostic(nil), c.diagnostics...)
}
