package errorformatter

// #include <errorformatter.h>
import "C"

// keyQuery holds the C copies of what Lookup and Text ask: a table, a key and preferences.
type keyQuery struct {
	texts       *cStrings
	table, key  *C.char
	locales     **C.char
	localeCount C.size_t
}

// newKeyQuery copies the arguments; free the query when the call has returned.
func newKeyQuery(table, key string, locales []string) (*keyQuery, error) {
	query := &keyQuery{texts: newCStrings(len(locales), textBytes(table, key)+textBytes(locales...))}
	var err error
	if query.table, err = query.texts.optional(table, "table"); err == nil {
		if query.key, err = query.texts.text(key, "key"); err == nil {
			query.locales, query.localeCount, err = query.texts.array(locales, "locale")
		}
	}
	if err != nil {
		query.free()
		return nil, err
	}
	return query, nil
}

func (q *keyQuery) free() { q.texts.free() }

// Lookup is the localized value of any key of a table ("" means "Localizable"), rendered with
// arguments, resolved as the rules resolve theirs: key by key down the locale stack negotiated
// from locales, plural variants by the plural rules of the localization that supplied the
// string, strings the arguments cannot satisfy skipped.
//
// A key with no usable value is an answer, not an error: Found is false. It fails with
// ErrClosed after Close, and as Format for bad arguments.
func (c *Catalog) Lookup(table, key string, arguments []Argument, locales ...string) (LookupResult, error) {
	query, err := newKeyQuery(table, key, locales)
	if err != nil {
		return LookupResult{}, err
	}
	defer query.free()
	argumentList, err := newArgumentList(arguments)
	if err != nil {
		return LookupResult{}, err
	}
	defer C.ef_error_info_free(argumentList)

	handle, err := c.acquire()
	if err != nil {
		return LookupResult{}, err
	}
	defer c.release()
	output, err := callPacked(func(length *C.size_t, buffer *C.char, capacity C.size_t,
		details **C.ef_error_details) C.ef_status {
		return C.ef_catalog_lookup_packed_v2(length, buffer, capacity, handle, query.table, query.key,
			query.locales, query.localeCount, argumentList, details)
	}, C.EF_E_KEY_NOT_FOUND)
	if err != nil {
		return LookupResult{}, err
	}
	return parseLookup(output)
}

// Text is the text a key shows with no arguments (the gettext-shaped call): the same
// resolution as Lookup, a value that needs arguments skipped. A key with no such value fails
// with StatusKeyNotFound.
func (c *Catalog) Text(table, key string, locales ...string) (string, error) {
	query, err := newKeyQuery(table, key, locales)
	if err != nil {
		return "", err
	}
	defer query.free()
	handle, err := c.acquire()
	if err != nil {
		return "", err
	}
	defer c.release()
	var text *C.char
	var details *C.ef_error_details
	status := C.ef_catalog_text(&text, handle, query.table, query.key, query.locales, query.localeCount, &details)
	if status != C.EF_OK {
		return "", errorFrom(status, details)
	}
	// Borrowed from the catalog: copied while the catalog is held open.
	return C.GoString(text), nil
}
