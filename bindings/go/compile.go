package errorformatter

// #include <errorformatter.h>
import "C"

// Compile writes the whole catalog to path as a compiled catalog file (ef_catalog_compile,
// library 1.2; docs/compiled-catalog.md), which Open reads with the same results, faster.
// Compiling the same catalog twice writes the same bytes; the file is replaced whole (a new
// file renamed over it).
//
// It fails with StatusIO when the file cannot be written, StatusInvalidArgument for an empty
// path (or a catalog beyond what the format holds), StatusInvalidUTF8, and ErrClosed.
func (c *Catalog) Compile(path string) error {
	texts := newCStrings(0, textBytes(path))
	defer texts.free()
	cPath, err := texts.text(path, "path")
	if err != nil {
		return err
	}
	handle, err := c.acquire()
	if err != nil {
		return err
	}
	defer c.release()
	var details *C.ef_error_details
	if status := C.ef_catalog_compile(handle, cPath, &details); status != C.EF_OK {
		return errorFrom(status, details)
	}
	return nil
}
