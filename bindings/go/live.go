package errorformatter

// #include <errorformatter.h>
import "C"

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

// LiveSettings are what a live catalog adds to the options of an open: how often the path is
// looked at, how long its files must be left alone before a change is opened, and whether a
// version must be lint-clean.
type LiveSettings struct {
	// CheckInterval is how often the library's thread looks at the path (sooner when inotify
	// reports a change), in whole milliseconds; 0: no thread, changes are taken only by Reload.
	CheckInterval time.Duration
	// Debounce is how long the files must be quiet before a change is opened; 0: the check
	// interval. Below 20 ms counts as 20 ms.
	Debounce time.Duration
	// LintClean refuses a version in which lint finds an error.
	LintClean bool
}

// LiveCatalog serves the newest good version of a catalog directory or compiled file, never a
// broken one, while any number of goroutines format with it.
//
// A change is taken once the files have been left alone for the debounce interval, opened as
// Open opens it (Strict refuses a broken table), and refused if it holds no entry or, with
// LintClean, if lint finds an error; a refused version is never served and LastError says why.
//
// Current is the version served now, a Catalog of its own that stays valid and unchanged after
// newer versions replace it; Format and Lookup take the newest version per call. A LiveCatalog
// is safe for concurrent use; Close frees it (a live catalog never closed is freed when the
// garbage collector finds it unreachable).
type LiveCatalog struct {
	// mu guards handle: every call holds it for reading, Close for writing.
	mu     sync.RWMutex
	handle *C.ef_live_catalog
	// versions are how each version taken is wrapped: the open's options, listed when first
	// asked for, as a catalog opened OnDemand (a version per request costs the reference).
	versions catalogOptions
}

// OpenLive opens a live catalog on a catalog directory or compiled catalog file and starts
// following it. options are Open's, applied to every version (DevelopmentLocale, Strict, Mapped,
// LocalizedNumbers, PseudoLocales, OnRejection, FailOnRejection; OnDemand is refused with
// StatusInvalidArgument: a version is read whole when taken). It fails as Open fails when the
// path's version now is not good (StatusParse also for an empty catalog or a lint error), and
// with StatusInvalidArgument for an interval or debounce out of 0 ... 2^32-1 ms.
func OpenLive(path string, settings LiveSettings, options ...Option) (*LiveCatalog, error) {
	interval, err := milliseconds(settings.CheckInterval, "check interval")
	if err != nil {
		return nil, err
	}
	debounce, err := milliseconds(settings.Debounce, "debounce")
	if err != nil {
		return nil, err
	}
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
	flags := applied.flags()
	if settings.LintClean {
		flags |= C.EF_LIVE_CATALOG_LINT_CLEAN
	}
	var handle *C.ef_live_catalog
	var details *C.ef_error_details
	var status C.ef_status
	if settings.Debounce == 0 {
		status = C.ef_live_catalog_open(&handle, cPath, developmentLocale, flags, interval, &details)
	} else {
		status = C.ef_live_catalog_open_with_debounce(&handle, cPath, developmentLocale, flags, interval,
			debounce, &details)
	}
	if status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	versions := applied
	versions.onDemand = true
	live := &LiveCatalog{handle: handle, versions: versions}
	runtime.SetFinalizer(live, (*LiveCatalog).Close)
	return live, nil
}

// milliseconds is d in whole milliseconds as the C calls take them.
func milliseconds(d time.Duration, what string) (C.uint32_t, error) {
	ms := d.Milliseconds()
	if ms < 0 || ms > 0xFFFFFFFF {
		return 0, newError(StatusInvalidArgument, fmt.Sprintf("the %s %v is out of 0 ... 4294967295 ms", what, d))
	}
	return C.uint32_t(ms), nil
}

// Current is the newest good version, a Catalog of its own: Close it when done (or leave it to
// the garbage collector). It never waits: no lock a reload holds, no I/O.
func (l *LiveCatalog) Current() (*Catalog, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.handle == nil {
		return nil, ErrClosed
	}
	return newCatalog(C.ef_live_catalog_current(l.handle), l.versions), nil
}

// Format is Catalog.Format on the newest good version.
func (l *LiveCatalog) Format(info ErrorInfo, locales ...string) (Result, error) {
	catalog, err := l.Current()
	if err != nil {
		return Result{}, err
	}
	defer catalog.Close()
	return catalog.Format(info, locales...)
}

// Lookup is Catalog.Lookup on the newest good version.
func (l *LiveCatalog) Lookup(table, key string, arguments []Argument, locales ...string) (LookupResult, error) {
	catalog, err := l.Current()
	if err != nil {
		return LookupResult{}, err
	}
	defer catalog.Close()
	return catalog.Lookup(table, key, arguments, locales...)
}

// Reload looks at the path now and serves what is there if it is a good version, without
// waiting for it to be quiet: call it when a change is known to be complete. It fails with why
// what is there was refused (StatusNotFound for a deleted path, StatusParse, StatusIO,
// StatusInvalidLocale); the version served stays.
func (l *LiveCatalog) Reload() error {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.handle == nil {
		return ErrClosed
	}
	var details *C.ef_error_details
	if status := C.ef_live_catalog_reload(l.handle, &details); status != C.EF_OK {
		return errorFrom(status, details)
	}
	return nil
}

// Generation counts the versions served: 1 for the first, one more for each taken since (0
// after Close).
func (l *LiveCatalog) Generation() uint64 {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return uint64(C.ef_live_catalog_generation(l.handle))
}

// LastError is why the newest state of the path is not the version served (an *Error: its
// Status, message, file and position); nil when it is. ErrClosed after Close.
func (l *LiveCatalog) LastError() error {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if l.handle == nil {
		return ErrClosed
	}
	var details *C.ef_error_details
	if status := C.ef_live_catalog_last_error(l.handle, &details); status != C.EF_OK {
		return errorFrom(status, details)
	}
	return nil
}

// Close stops following the path and frees the live catalog, after the calls in flight on other
// goroutines return. Catalogs from Current stay valid until closed. Later calls fail with
// ErrClosed, as a closed Catalog's do (Generation gives 0). Closing again does nothing.
func (l *LiveCatalog) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.handle != nil {
		C.ef_live_catalog_free(l.handle)
		l.handle = nil
		runtime.SetFinalizer(l, nil)
	}
	return nil
}
