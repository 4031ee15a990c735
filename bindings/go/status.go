package errorformatter

// #include <errorformatter.h>
//
// // Library 1.3's status: against an older header the module still builds (that library never
// // returns it).
// #ifndef EF_E_REJECTED
// #define EF_E_REJECTED 9
// #endif
import "C"

import (
	"io/fs"
	"strconv"
)

// Status is the library's status code (ef_status): what went wrong, as a number that never
// changes meaning. A Status is an error value itself, so that errors.Is(err, StatusParse) tests
// the status of an *Error (and fmt prints its name, as String does).
type Status int32

// The statuses of include/errorformatter.h (EF_OK and EF_E_*).
const (
	// StatusOK is success; no *Error carries it.
	StatusOK Status = C.EF_OK
	// StatusInvalidArgument: an argument is missing, out of range or otherwise unusable (also
	// a string holding a NUL byte).
	StatusInvalidArgument Status = C.EF_E_INVALID_ARGUMENT
	// StatusInvalidUTF8: a string argument is not valid UTF-8.
	StatusInvalidUTF8 Status = C.EF_E_INVALID_UTF8
	// StatusNotFound: a path does not exist.
	StatusNotFound Status = C.EF_E_NOT_FOUND
	// StatusIO: a path exists but cannot be read (not a directory, permissions, I/O error).
	StatusIO Status = C.EF_E_IO
	// StatusParse: a table could not be parsed (strict loading); the *Error says where.
	StatusParse Status = C.EF_E_PARSE
	// StatusInvalidLocale: a locale identifier is malformed.
	StatusInvalidLocale Status = C.EF_E_INVALID_LOCALE
	// StatusInternal: the library failed internally (an ICU call or an allocation failed).
	StatusInternal Status = C.EF_E_INTERNAL
	// StatusKeyNotFound: no localization has a usable value for the key (Catalog.Text).
	StatusKeyNotFound Status = C.EF_E_KEY_NOT_FOUND
	// StatusRejected: a string was found that the call's arguments cannot satisfy, on a catalog
	// opened with FailOnRejection; the *Error's message is the rejection's description.
	StatusRejected Status = C.EF_E_REJECTED
)

// String is the status's macro name, e.g. "EF_E_PARSE" ("EF_E_UNKNOWN" for a number the
// library does not know).
func (s Status) String() string {
	return C.GoString(C.ef_status_name(C.ef_status(s)))
}

// Error is String: the status's name.
func (s Status) Error() string {
	return s.String()
}

// Description is the library's one-line English description of the status.
func (s Status) Description() string {
	return C.GoString(C.ef_status_string(C.ef_status(s)))
}

// Is lets errors.Is(StatusNotFound, fs.ErrNotExist) hold, as it does for syscall.ENOENT.
func (s Status) Is(target error) bool {
	return s == StatusNotFound && target == fs.ErrNotExist
}

// Error is a failure reported by the library: its status, its one-line message and, where a
// file is at fault (a strict open of a broken table), the file, line and column.
//
// errors.Is(err, StatusX) is true for an *Error of status X; use errors.As to read the fields.
type Error struct {
	// Status says what went wrong.
	Status Status
	// Message is the library's one-line message.
	Message string
	// File is the file at fault, "" if none.
	File string
	// Line is the 1-based line in File, 0 if unknown.
	Line int
	// Column is the 1-based column in File, in Unicode scalar values, 0 if unknown.
	Column int
}

// Error is "file:line:column: message", or the message alone when no file is at fault.
func (e *Error) Error() string {
	if e.File == "" {
		return e.Message
	}
	position := e.File
	if e.Line > 0 {
		position += ":" + strconv.Itoa(e.Line)
		if e.Column > 0 {
			position += ":" + strconv.Itoa(e.Column)
		}
	}
	return position + ": " + e.Message
}

// Is reports whether target is the error's Status (or fs.ErrNotExist for StatusNotFound).
func (e *Error) Is(target error) bool {
	if status, ok := target.(Status); ok {
		return e.Status == status
	}
	return e.Status.Is(target)
}

// newError is a failure the binding itself detects, worded as the library would.
func newError(status Status, message string) *Error {
	return &Error{Status: status, Message: message}
}

// errorFrom turns a failed call's status and details into an *Error and frees the details.
func errorFrom(status C.ef_status, details *C.ef_error_details) error {
	defer C.ef_error_details_free(details)
	if details == nil {
		// The header promises details on failure; the status text stands in if they are absent.
		return newError(Status(status), Status(status).Description())
	}
	return &Error{
		Status:  Status(status),
		Message: C.GoString(C.ef_error_details_message(details)),
		File:    goString(C.ef_error_details_file(details)),
		Line:    int(C.ef_error_details_line(details)),
		Column:  int(C.ef_error_details_column(details)),
	}
}
