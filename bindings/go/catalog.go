package errorformatter

// #include <stdlib.h>
// #include <errorformatter.h>
import "C"

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// catalogsFreed counts the catalogs freed, by Close or the finalizer: the tests read it to see
// that an unreachable catalog is freed.
var catalogsFreed atomic.Int64

// ErrClosed is returned by a call on a Catalog after Close.
var ErrClosed = errors.New("errorformatter: operation on a closed catalog")

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

	// Read once when made: the catalog never changes.
	developmentLocale string
	localizations     []string
	diagnostics       []Diagnostic
}

// Option changes how Open and FromTables make a catalog.
type Option func(*catalogOptions)

type catalogOptions struct {
	developmentLocale *string
	strict            bool
}

// DevelopmentLocale sets the development localization, searched after Base (an Apple bundle's
// CFBundleDevelopmentRegion). Without this option it is "en".
func DevelopmentLocale(locale string) Option {
	return func(options *catalogOptions) { options.developmentLocale = &locale }
}

// Strict makes a broken table fail the whole call with StatusParse (and the file, line and
// column at fault). Without it a broken table is left out and recorded as an error Diagnostic.
func Strict() Option {
	return func(options *catalogOptions) { options.strict = true }
}

func applyOptions(options []Option) catalogOptions {
	var applied catalogOptions
	for _, option := range options {
		option(&applied)
	}
	return applied
}

func (o catalogOptions) flags() C.uint32_t {
	if o.strict {
		return C.EF_CATALOG_STRICT
	}
	return C.EF_CATALOG_LENIENT
}

// developmentLocaleArgument is the C copy of the development locale, NULL (the library's "en")
// when none was set.
func (o catalogOptions) developmentLocaleArgument(texts *cStrings) (*C.char, error) {
	if o.developmentLocale == nil {
		return nil, nil
	}
	return texts.text(*o.developmentLocale, "development locale")
}

func (o catalogOptions) developmentLocaleBytes() int {
	if o.developmentLocale == nil {
		return 0
	}
	return textBytes(*o.developmentLocale)
}

// Open opens a catalog directory: <path>/<loc>.lproj/<Table>.strings (and .stringsdict, .json),
// the unlocalized <path>/<Table>.strings, String Catalogs <path>/<Table>.xcstrings and flat JSON
// tables <path>/<loc>.json.
//
// It fails with StatusNotFound (also fs.ErrNotExist) when path does not exist, StatusIO when it
// is not a readable directory, StatusInvalidLocale for a malformed development locale,
// StatusInvalidUTF8, and with Strict, StatusParse for a broken table.
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
	return newCatalog(handle), nil
}

// newCatalog takes ownership of handle and reads the catalog's unchanging properties.
func newCatalog(handle *C.ef_catalog) *Catalog {
	catalog := &Catalog{
		handle:            handle,
		developmentLocale: C.GoString(C.ef_catalog_development_locale(handle)),
	}
	count := C.ef_catalog_localization_count(handle)
	catalog.localizations = make([]string, 0, int(count))
	for index := C.size_t(0); index < count; index++ {
		catalog.localizations = append(catalog.localizations,
			goString(C.ef_catalog_localization_name(handle, index)))
	}
	count = C.ef_catalog_diagnostic_count(handle)
	for index := C.size_t(0); index < count; index++ {
		catalog.diagnostics = append(catalog.diagnostics, Diagnostic{
			Severity: Severity(C.ef_catalog_diagnostic_severity(handle, index)),
			Code:     goString(C.ef_catalog_diagnostic_code(handle, index)),
			Message:  goString(C.ef_catalog_diagnostic_message(handle, index)),
			File:     goString(C.ef_catalog_diagnostic_file(handle, index)),
			Line:     int(C.ef_catalog_diagnostic_line(handle, index)),
			Column:   int(C.ef_catalog_diagnostic_column(handle, index)),
		})
	}
	runtime.SetFinalizer(catalog, (*Catalog).Close)
	return catalog
}

// Close frees the catalog. It waits for the calls in flight on other goroutines to return;
// later calls fail with ErrClosed. Closing again does nothing. Results already returned stay
// valid, and so do DevelopmentLocale, Localizations and Diagnostics.
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
	return append([]string(nil), c.localizations...)
}

// Diagnostics are the problems recorded while loading: duplicate keys, broken tables left
// out, directories skipped. The slice is the caller's.
func (c *Catalog) Diagnostics() []Diagnostic {
	return append([]Diagnostic(nil), c.diagnostics...)
}

// Table is one table file held in memory, for FromTables.
type Table struct {
	// Locale is the localization ("fr-CA", "Base"), or "" for an unlocalized table (and for a
	// String Catalog, which holds every language).
	Locale string
	// FileName says the table and its format: "Localizable.strings", ".stringsdict", ".json"
	// or ".xcstrings".
	FileName string
	// Data is the file's bytes, in any encoding CoreFoundation accepts.
	Data []byte
}

// FromTables builds a catalog from tables held in memory, each parsed exactly as if read from
// its file. It fails with StatusInvalidArgument (an unknown file extension, for one),
// StatusInvalidLocale, StatusInvalidUTF8, and with Strict, StatusParse for a broken table.
func FromTables(tables []Table, options ...Option) (*Catalog, error) {
	applied := applyOptions(options)
	var builder *C.ef_catalog_builder
	var details *C.ef_error_details
	if status := C.ef_catalog_builder_new(&builder, applied.flags(), &details); status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	defer C.ef_catalog_builder_free(builder)
	for _, table := range tables {
		if err := addTable(builder, table); err != nil {
			return nil, err
		}
	}
	texts := newCStrings(0, applied.developmentLocaleBytes())
	defer texts.free()
	developmentLocale, err := applied.developmentLocaleArgument(texts)
	if err != nil {
		return nil, err
	}
	var handle *C.ef_catalog
	if status := C.ef_catalog_builder_finish(&handle, builder, developmentLocale, &details); status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	return newCatalog(handle), nil
}

func addTable(builder *C.ef_catalog_builder, table Table) error {
	texts := newCStrings(0, textBytes(table.Locale, table.FileName))
	defer texts.free()
	locale, err := texts.optional(table.Locale, "locale")
	if err != nil {
		return err
	}
	fileName, err := texts.text(table.FileName, "file name")
	if err != nil {
		return err
	}
	// The bytes are Go memory lent for the call (cgo allows it: they hold no Go pointers);
	// the library copies what it keeps. A NUL among them is data, not an end.
	var data unsafe.Pointer
	if len(table.Data) > 0 {
		data = unsafe.Pointer(&table.Data[0])
	}
	var details *C.ef_error_details
	status := C.ef_catalog_builder_add_table(builder, locale, fileName, data, C.size_t(len(table.Data)), &details)
	if status != C.EF_OK {
		return errorFrom(status, details)
	}
	return nil
}
