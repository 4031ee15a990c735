package errorformatter

// #include <errorformatter.h>
import "C"

import "unsafe"

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
	return newCatalog(handle, applied), nil
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
