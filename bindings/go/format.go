package errorformatter

// #include <errorformatter.h>
import "C"

import "unsafe"

// ErrorInfo is the error to format: an NSError's parts. An empty text is no text, as the C
// API's NULL (the library treats both alike).
type ErrorInfo struct {
	// Domain is the error domain, e.g. "kCLErrorDomain".
	Domain string
	// Code is the error code; keys spell it in decimal ("errors.NSURLErrorDomain.-1009.title").
	Code int64
	// Description is the error's own localized description (message rule 3).
	Description string
	// FailureReason is the error's failure reason (title rule 2).
	FailureReason string
	// RecoverySuggestion is the error's recovery suggestion (message rule 2).
	RecoverySuggestion string
	// Table is the table the rules read; "" means "Localizable". It must not contain '/'.
	Table string
	// Arguments fill the table strings' format specifiers, in order.
	Arguments []Argument
}

// Format formats an error for the user's preferred locales, most preferred first (BCP 47, ICU
// or POSIX spelling: "fr-CA", "fr_CA", "fr_CA.UTF-8"; "C" asks for no translation). No locales
// means the development locale; malformed entries are skipped, and entries past the header's
// limits (EF_MAX_PREFERENCES, EF_MAX_PREFERENCE_BYTES) ignored as the least preferred.
//
// Each field is resolved by the first rule that yields a string (README, "The rules"); keys are
// looked up key by key down the locale stack negotiated from locales. It fails with ErrClosed
// after Close, StatusInvalidUTF8 for a text or locale that is not UTF-8, and
// StatusInvalidArgument for a table name with '/', a string holding NUL or more than 1000
// arguments.
func (c *Catalog) Format(info ErrorInfo, locales ...string) (Result, error) {
	request, err := packRequest(info)
	if err != nil {
		return Result{}, err
	}
	texts := newCStrings(len(locales), textBytes(locales...))
	defer texts.free()
	preferences, preferenceCount, err := texts.array(locales, "locale")
	if err != nil {
		return Result{}, err
	}

	handle, err := c.acquire()
	if err != nil {
		return Result{}, err
	}
	defer c.release()
	// The request is Go memory lent to the call, as the buffer is: it holds no Go pointer.
	output, err := callPacked(func(length *C.size_t, buffer *C.char, capacity C.size_t,
		details **C.ef_error_details) C.ef_status {
		return C.ef_format_packed_reusable(length, buffer, capacity, nil, handle,
			(*C.char)(unsafe.Pointer(&request[0])), C.size_t(len(request)), preferences, preferenceCount, details)
	}, C.EF_OK)
	if err != nil {
		return Result{}, err
	}
	return parseResult(output)
}
