package errorformatter

// #include <errorformatter.h>
//
// // The null mask's bits (function-like macros, which cgo cannot call), per field.
// enum {
//	efgoNullKeyTitle = EF_PACKED_NULL_KEY(EF_FIELD_TITLE),
//	efgoNullKeyMessage = EF_PACKED_NULL_KEY(EF_FIELD_MESSAGE),
//	efgoNullKeyButton = EF_PACKED_NULL_KEY(EF_FIELD_BUTTON),
// };
import "C"

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// The packed calls (ef_format_packed_reusable, ef_catalog_lookup_packed_v2) write a whole
// result into the caller's buffer as NUL-terminated items, in one call and with no handle to
// free; docs/packed-format.md specifies the output. The buffer is Go memory lent to the call;
// the output is copied out as one Go string, checked, then cut into the result's strings.

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
// did not fit, and returns the whole output (its last NUL included). A status other than EF_OK
// and accept is an error; with accept (a lookup's EF_E_KEY_NOT_FOUND) the output is returned too.
func callPacked(call packedCall, accept C.ef_status) (string, error) {
	pooled := buffers.Get().(*[]byte)
	defer func() {
		if cap(*pooled) <= largestPooledBuffer {
			buffers.Put(pooled)
		}
	}()
	// Formatting is deterministic, so the second call fits; a third is never made.
	for attempt := 0; attempt < 2; attempt++ {
		buffer := *pooled
		var length C.size_t
		var details *C.ef_error_details
		status := call(&length, (*C.char)(unsafe.Pointer(&buffer[0])), C.size_t(len(buffer)), &details)
		if status != C.EF_OK && status != accept {
			return "", errorFrom(status, details)
		}
		C.ef_error_details_free(details)
		if uint64(length) <= uint64(len(buffer)) {
			return string(buffer[:length]), nil
		}
		*pooled = make([]byte, int(length))
	}
	return "", newError(StatusInternal, "the library's packed output changed size between two equal calls")
}

// Positions in the packed outputs: the header's EF_PACKED_* macros.
const (
	packedHeader           = C.EF_PACKED_HEADER
	packedTitle            = C.EF_PACKED_TITLE
	packedMessage          = C.EF_PACKED_MESSAGE
	packedButton           = C.EF_PACKED_BUTTON
	packedProvenance       = C.EF_PACKED_PROVENANCE
	packedProvenanceItems  = C.EF_PACKED_PROVENANCE_ITEMS
	packedStack            = C.EF_PACKED_STACK
	packedRejectionItems   = C.EF_PACKED_REJECTION_ITEMS
	formatHeaderNumbers    = C.EF_PACKED_FORMAT_HEADER_NUMBERS
	packedLookupValue      = C.EF_PACKED_LOOKUP_VALUE
	packedLookupLocale     = C.EF_PACKED_LOOKUP_LOCALE
	packedLookupTable      = C.EF_PACKED_LOOKUP_TABLE
	packedLookupRejections = C.EF_PACKED_LOOKUP_REJECTIONS
	lookupHeaderNumbers    = C.EF_PACKED_LOOKUP_HEADER_NUMBERS
	// A rejection's items in a 1.3 output: its five parts, and its description after them all.
	itemsPerRejection = packedRejectionItems + 1
	// Field f's key, locale and table bits are nullKeyBit(f), << 1 and << 2.
	nullMaskBits = 3 * fieldCount
)

// nullKeyBits are EF_PACKED_NULL_KEY(field); the locale's and table's bits follow each.
var nullKeyBits = [fieldCount]int{C.efgoNullKeyTitle, C.efgoNullKeyMessage, C.efgoNullKeyButton}

// malformedOutput is the error for a packed output the format does not allow (a library that
// breaks its own format): reported, never read past.
func malformedOutput(call, reason string) error {
	return newError(StatusInternal, "the library's packed "+call+" output is malformed: "+reason)
}

// packedItems checks an output (docs/packed-format.md, "What a decoder must refuse") and
// returns its header's numbers and its items. count is how many numbers the header has,
// counted how many of the first ones count items (at most the output's length, as each item
// takes a byte), and items the number of items those numbers give.
func packedItems(output, call string, count, counted int, items func([]int) int) ([]int, []string, error) {
	if output == "" {
		return nil, nil, malformedOutput(call, "it is empty")
	}
	if output[len(output)-1] != 0 {
		return nil, nil, malformedOutput(call, "its last byte is not a NUL")
	}
	if !utf8.ValidString(output) {
		return nil, nil, malformedOutput(call, "it is not UTF-8")
	}
	parts := strings.Split(output[:len(output)-1], "\x00")
	header := parts[packedHeader]
	fields := strings.Split(header, " ")
	if len(fields) != count {
		return nil, nil, malformedOutput(call, "the header "+strconv.Quote(header)+" is not "+strconv.Itoa(count)+" numbers")
	}
	numbers := make([]int, count)
	for index, field := range fields {
		number, ok := headerNumber(field)
		if !ok {
			return nil, nil, malformedOutput(call, "the header "+strconv.Quote(header)+" is not "+strconv.Itoa(count)+" numbers")
		}
		if index < counted && number > len(output) {
			return nil, nil, malformedOutput(call, "the header "+strconv.Quote(header)+" counts more items than the output can hold")
		}
		numbers[index] = number
	}
	if numbers[0] > 1 {
		return nil, nil, malformedOutput(call, "the header "+strconv.Quote(header)+" starts with "+fields[0]+", not 0 or 1")
	}
	if call == "format" && numbers[count-1] >= 1<<nullMaskBits {
		return nil, nil, malformedOutput(call, "the header "+strconv.Quote(header)+" has a null mask past its nine bits")
	}
	if expected := items(numbers); len(parts) != expected {
		return nil, nil, malformedOutput(call, "it has "+strconv.Itoa(len(parts))+" items where its header says "+strconv.Itoa(expected))
	}
	return numbers, parts, nil
}

// headerNumber reads a number of a header item: decimal digits, no sign, no leading zero. More
// than 18 digits are more than any output holds (and might not fit an int): refused.
func headerNumber(text string) (int, bool) {
	if text == "" || len(text) > 18 || (len(text) > 1 && text[0] == '0') {
		return 0, false
	}
	number := 0
	for index := 0; index < len(text); index++ {
		digit := text[index]
		if digit < '0' || digit > '9' {
			return 0, false
		}
		number = number*10 + int(digit-'0')
	}
	return number, true
}

// parseResult makes a Result of ef_format_packed_reusable's whole output.
func parseResult(output string) (Result, error) {
	header, items, err := packedItems(output, "format", formatHeaderNumbers, formatHeaderNumbers-1,
		func(numbers []int) int {
			return packedStack + numbers[1] + itemsPerRejection*(numbers[2]+numbers[3]+numbers[4])
		})
	if err != nil {
		return Result{}, err
	}
	stackCount, nullMask := header[1], header[formatHeaderNumbers-1]
	result := Result{
		Title:        items[packedTitle],
		Message:      items[packedMessage],
		Button:       items[packedButton],
		Untranslated: header[0] == 1,
		Stack:        append([]string{}, items[packedStack:packedStack+stackCount]...),
	}
	position := packedStack + stackCount
	description := position + packedRejectionItems*(header[2]+header[3]+header[4])
	for field := Title; field <= Button; field++ {
		start := packedProvenance + int(field)*packedProvenanceItems
		origin := Provenance{
			Rule:      Rule(items[start]),
			FromTable: nullMask&nullKeyBits[field] == 0,
			Key:       items[start+1],
			Locale:    items[start+2],
			Table:     items[start+3],
		}
		for count := header[2+int(field)]; count > 0; count-- {
			origin.Rejections = append(origin.Rejections, rejectionAt(items, position, description))
			position += packedRejectionItems
			description++
		}
		result.Provenance[field] = origin
	}
	return result, nil
}

// rejectionAt is the rejection whose five items start at position and whose description is
// item description.
func rejectionAt(items []string, position, description int) Rejection {
	return Rejection{
		Key:         items[position],
		Locale:      items[position+1],
		Table:       items[position+2],
		Code:        items[position+3],
		Message:     items[position+4],
		Description: items[description],
	}
}

// parseLookup makes a LookupResult of ef_catalog_lookup_packed_v2's whole output.
func parseLookup(output string) (LookupResult, error) {
	header, items, err := packedItems(output, "lookup", lookupHeaderNumbers, lookupHeaderNumbers,
		func(numbers []int) int { return packedLookupRejections + itemsPerRejection*numbers[1] })
	if err != nil {
		return LookupResult{}, err
	}
	found := LookupResult{Found: header[0] == 1, Value: items[packedLookupValue],
		Locale: items[packedLookupLocale], Table: items[packedLookupTable]}
	description := packedLookupRejections + packedRejectionItems*header[1]
	for index := 0; index < header[1]; index++ {
		found.Rejections = append(found.Rejections,
			rejectionAt(items, packedLookupRejections+index*packedRejectionItems, description+index))
	}
	return found, nil
}
