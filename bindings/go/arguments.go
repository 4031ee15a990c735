package errorformatter

// #include <errorformatter.h>
import "C"

import (
	"strconv"
)

// Argument is one typed argument for a string's format specifiers. The C ABI is typed, and so
// is this: make one with StringArg, Int64Arg, Uint64Arg or Float64Arg. Arguments are positional
// (%1$@ is the first). A table string that the arguments cannot satisfy is never shown: the
// next localization's, then the next rule's, is used, and the result says why (Rejection).
type Argument struct {
	kind     argumentKind
	text     string
	signed   int64
	unsigned uint64
	float    float64
}

type argumentKind int

const (
	stringArgument argumentKind = iota
	int64Argument
	uint64Argument
	float64Argument
)

// StringArg is a string argument (for %@, %s).
func StringArg(value string) Argument { return Argument{kind: stringArgument, text: value} }

// Int64Arg is a signed integer argument (for %d, %lld, %@, plural variables).
func Int64Arg(value int64) Argument { return Argument{kind: int64Argument, signed: value} }

// Uint64Arg is an unsigned integer argument (for %u, %llu, %x).
func Uint64Arg(value uint64) Argument { return Argument{kind: uint64Argument, unsigned: value} }

// Float64Arg is a floating-point argument (for %f, %e, %g, %@).
func Float64Arg(value float64) Argument { return Argument{kind: float64Argument, float: value} }

// String shows the argument with its type, e.g. `int64(3)` or `string("a.pdf")`.
func (a Argument) String() string {
	switch a.kind {
	case int64Argument:
		return "int64(" + strconv.FormatInt(a.signed, 10) + ")"
	case uint64Argument:
		return "uint64(" + strconv.FormatUint(a.unsigned, 10) + ")"
	case float64Argument:
		return "float64(" + strconv.FormatFloat(a.float, 'g', -1, 64) + ")"
	}
	return "string(" + strconv.Quote(a.text) + ")"
}

// newArgumentList is an ef_error_info holding arguments (the packed calls read only its
// arguments), or NULL for none. The caller frees it with ef_error_info_free.
func newArgumentList(arguments []Argument) (*C.ef_error_info, error) {
	if len(arguments) == 0 {
		return nil, nil
	}
	texts := newCStrings(0, textBytes("")+argumentTextBytes(arguments))
	defer texts.free()
	empty, _ := texts.text("", "domain")
	var info *C.ef_error_info
	var details *C.ef_error_details
	if status := C.ef_error_info_new(&info, empty, 0, &details); status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	for _, argument := range arguments {
		var status C.ef_status
		switch argument.kind {
		case stringArgument:
			value, err := texts.text(argument.text, "string argument")
			if err != nil {
				C.ef_error_info_free(info)
				return nil, err
			}
			status = C.ef_error_info_add_string(info, value, &details)
		case int64Argument:
			status = C.ef_error_info_add_int64(info, C.int64_t(argument.signed), &details)
		case uint64Argument:
			status = C.ef_error_info_add_uint64(info, C.uint64_t(argument.unsigned), &details)
		case float64Argument:
			status = C.ef_error_info_add_double(info, C.double(argument.float), &details)
		}
		if status != C.EF_OK {
			C.ef_error_info_free(info)
			return nil, errorFrom(status, details)
		}
	}
	return info, nil
}

func argumentTextBytes(arguments []Argument) int {
	total := 0
	for _, argument := range arguments {
		if argument.kind == stringArgument {
			total += len(argument.text) + 1
		}
	}
	return total
}
