package errorformatter

// #include <errorformatter.h>
import "C"

import (
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// The packed calls (ef_format_packed, ef_catalog_lookup_packed) write a whole result into the
// caller's buffer as NUL-terminated items, in one call and with no handle to free. The buffer
// is Go memory lent to the call; the items are copied out as one Go string.

// initialBufferBytes fits the results of ordinary errors; a larger one is asked for again.
const initialBufferBytes = 2048

// largestPooledBuffer: a buffer grown past this for one huge result is not kept.
const largestPooledBuffer = 64 << 10

var buffers = sync.Pool{New: func() any {
	buffer := make([]byte, initialBufferBytes)
	return &buffer
}}

// packedCall is one packed call into a buffer: it writes at most capacity bytes and says how
// many the whole output takes.
type packedCall func(length *C.size_t, buffer *C.char, capacity C.size_t, details **C.ef_error_details) C.ef_status

// callPacked makes a packed call into a pooled buffer, again into a larger one when the output
// did not fit, and returns the output without its last NUL. A status other than EF_OK and
// accept is an error; with accept (a lookup's EF_E_KEY_NOT_FOUND) the output is returned too.
func callPacked(call packedCall, accept C.ef_status) (string, error) {
	pooled := buffers.Get().(*[]byte)
	defer func() {
		if cap(*pooled) <= largestPooledBuffer {
			buffers.Put(pooled)
		}
	}()
	// Formatting is deterministic, so the second call fits; a third is never needed.
	for attempt := 0; attempt < 2; attempt++ {
		buffer := *pooled
		var length C.size_t
		var details *C.ef_error_details
		status := call(&length, (*C.char)(unsafe.Pointer(&buffer[0])), C.size_t(len(buffer)), &details)
		if status != C.EF_OK && status != accept {
			return "", errorFrom(status, details)
		}
		C.ef_error_details_free(details)
		if length == 0 {
			return "", malformedOutput("empty")
		}
		if uint64(length) <= uint64(len(buffer)) {
			return string(buffer[:length-1]), nil
		}
		*pooled = make([]byte, int(length))
	}
	return "", newError(StatusInternal, "the library's packed output changed size between two calls")
}

// malformedOutput is the error for packed output that does not read as the header says it
// should: a library that breaks its own format, reported rather than trusted.
func malformedOutput(what string) error {
	return newError(StatusInternal, "the library's packed output is malformed ("+what+")")
}

// parseHeader reads the space-separated decimal numbers of a packed header item.
func parseHeader(header string, count int) ([]int, bool) {
	parts := strings.Split(header, " ")
	if len(parts) != count {
		return nil, false
	}
	numbers := make([]int, count)
	for index, part := range parts {
		number, err := strconv.Atoi(part)
		if err != nil || number < 0 {
			return nil, false
		}
		numbers[index] = number
	}
	return numbers, true
}

// Item positions in ef_format_packed's output (see the header).
const (
	packedTitle         = 1
	packedProvenance    = 4
	packedPerField      = 4 // rule, key, locale, table
	packedStack         = packedProvenance + fieldCount*packedPerField
	packedPerRejection  = 5 // key, locale, table, code, message
	lookupPackedItems   = 4 // header, value, locale, table
	formatHeaderNumbers = 6 // untranslated, S, Rt, Rm, Rb, null mask
)

// parseResult makes a Result of ef_format_packed's output (without its last NUL).
func parseResult(text string) (Result, error) {
	items := strings.Split(text, "\x00")
	header, ok := parseHeader(items[0], formatHeaderNumbers)
	if !ok {
		return Result{}, malformedOutput("format")
	}
	stackCount, nullMask := header[1], header[5]
	rejectionCount := header[2] + header[3] + header[4]
	if len(items) != packedStack+stackCount+packedPerRejection*rejectionCount {
		return Result{}, malformedOutput("format")
	}
	result := Result{
		Title:        items[packedTitle],
		Message:      items[packedTitle+1],
		Button:       items[packedTitle+2],
		Untranslated: header[0] == 1,
		Stack:        append([]string{}, items[packedStack:packedStack+stackCount]...),
	}
	position := packedStack + stackCount
	for field := Title; field <= Button; field++ {
		start := packedProvenance + int(field)*packedPerField
		origin := Provenance{
			Rule:      Rule(items[start]),
			FromTable: nullMask>>(3*int(field))&1 == 0,
			Key:       items[start+1],
			Locale:    items[start+2],
			Table:     items[start+3],
		}
		for count := header[2+int(field)]; count > 0; count-- {
			origin.Rejections = append(origin.Rejections, rejectionAt(items, position))
			position += packedPerRejection
		}
		result.Provenance[field] = origin
	}
	return result, nil
}

func rejectionAt(items []string, position int) Rejection {
	return Rejection{
		Key:     items[position],
		Locale:  items[position+1],
		Table:   items[position+2],
		Code:    items[position+3],
		Message: items[position+4],
	}
}

// parseLookup makes a LookupResult of ef_catalog_lookup_packed's output.
func parseLookup(text string) (LookupResult, error) {
	items := strings.Split(text, "\x00")
	header, ok := parseHeader(items[0], 2)
	if !ok || len(items) != lookupPackedItems+packedPerRejection*header[1] {
		return LookupResult{}, malformedOutput("lookup")
	}
	found := LookupResult{Found: header[0] == 1, Value: items[1], Locale: items[2], Table: items[3]}
	for position := lookupPackedItems; position < len(items); position += packedPerRejection {
		found.Rejections = append(found.Rejections, rejectionAt(items, position))
	}
	return found, nil
}
