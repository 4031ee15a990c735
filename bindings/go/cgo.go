package errorformatter

// #cgo pkg-config: errorformatter
// #include <stdlib.h>
// #include <errorformatter.h>
import "C"

import (
	"strings"
	"unsafe"
)

// cStrings holds the C copies of one call's strings in a single C allocation: the library
// copies whatever it keeps, so they are freed as soon as the call returns. Pointer arrays (a
// preference list) come first in the block, where malloc's alignment holds for them.
type cStrings struct {
	base  unsafe.Pointer
	bytes []byte
	slots int // pointer slots reserved at the start
	used  int // slots handed out so far
	next  int // the next free byte after the slots
}

// textBytes is the room the C copies of texts take, terminators included.
func textBytes(texts ...string) int {
	total := 0
	for _, text := range texts {
		total += len(text) + 1
	}
	return total
}

// newCStrings reserves `slots` pointers and `bytes` bytes of text (see textBytes).
func newCStrings(slots, bytes int) *cStrings {
	size := slots*int(unsafe.Sizeof(uintptr(0))) + bytes
	if size == 0 {
		size = 1
	}
	base := C.malloc(C.size_t(size))
	if base == nil {
		panic("errorformatter: out of memory")
	}
	return &cStrings{
		base:  base,
		bytes: unsafe.Slice((*byte)(base), size),
		slots: slots,
		next:  slots * int(unsafe.Sizeof(uintptr(0))),
	}
}

// free releases the block; every pointer it handed out becomes invalid.
func (s *cStrings) free() {
	C.free(s.base)
	s.base, s.bytes = nil, nil
}

// text is a C copy of value. A NUL byte inside would cut the string short in C, so it is
// refused (what names the argument in the message).
func (s *cStrings) text(value, what string) (*C.char, error) {
	if strings.IndexByte(value, 0) >= 0 {
		return nil, newError(StatusInvalidArgument, what+" contains a NUL byte")
	}
	start := s.next
	copy(s.bytes[start:], value)
	s.bytes[start+len(value)] = 0
	s.next += len(value) + 1
	return (*C.char)(unsafe.Pointer(&s.bytes[start])), nil
}

// optional is text, with "" passed as NULL: the C API's "none" (an empty text and no text
// format the same; an empty table name means "Localizable").
func (s *cStrings) optional(value, what string) (*C.char, error) {
	if value == "" {
		return nil, nil
	}
	return s.text(value, what)
}

// array is a C array of C copies of values (NULL for an empty list) and its length.
func (s *cStrings) array(values []string, what string) (**C.char, C.size_t, error) {
	if len(values) == 0 {
		return nil, 0, nil
	}
	if s.used+len(values) > s.slots {
		panic("errorformatter: cStrings sized for fewer pointers")
	}
	slots := unsafe.Slice((**C.char)(s.base), s.slots)[s.used : s.used+len(values)]
	s.used += len(values)
	for index, value := range values {
		pointer, err := s.text(value, what)
		if err != nil {
			return nil, 0, err
		}
		slots[index] = pointer
	}
	return &slots[0], C.size_t(len(values)), nil
}

// goString copies a NUL-terminated C string ("" for NULL).
func goString(text *C.char) string {
	if text == nil {
		return ""
	}
	return C.GoString(text)
}
