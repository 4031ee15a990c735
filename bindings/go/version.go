package errorformatter

// #include <errorformatter.h>
import "C"

// HeaderVersion is the version of include/errorformatter.h this package was compiled against,
// e.g. "1.0.0". The library loaded must have the same major version (LibraryVersionNumber).
func HeaderVersion() string {
	return C.EF_VERSION_STRING
}

// LibraryVersion is the version of the library actually loaded, e.g. "1.0.0".
func LibraryVersion() string {
	return C.GoString(C.ef_version_string())
}

// LibraryVersionNumber is the version of the library actually loaded as EF_VERSION_NUMBER
// spells it (major*10000 + minor*100 + patch): its major must equal the header's.
func LibraryVersionNumber() uint32 {
	return uint32(C.ef_version_number())
}
