package errorformatter

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
)

// packRequest is the request of ef_format_packed_reusable for info (docs/packed-format.md, "The
// request"): the domain and the code in decimal, each ended by a NUL; the description ('D'),
// failure reason ('F'), recovery suggestion ('R') and table ('T') that are not empty, each a
// kind byte, its bytes and a NUL; then each argument, a kind byte and its value ('s' and the
// string and a NUL; 'i', 'u', 'd' and eight little-endian bytes). One run of bytes instead of
// an ef_error_info filled by one cgo call per argument. A text holding a NUL would end early:
// it is refused, naming it.
func packRequest(info ErrorInfo) ([]byte, error) {
	size := len(info.Domain) + 22 + len(info.Description) + len(info.FailureReason) +
		len(info.RecoverySuggestion) + len(info.Table) + 8
	for _, argument := range info.Arguments {
		size += len(argument.text) + 9
	}
	request := make([]byte, 0, size)
	var err error
	if request, err = appendText(request, 0, info.Domain, "domain"); err != nil {
		return nil, err
	}
	request = append(strconv.AppendInt(request, info.Code, 10), 0)
	for _, text := range []struct {
		kind        byte
		value, what string
	}{
		{'D', info.Description, "description"},
		{'F', info.FailureReason, "failure reason"},
		{'R', info.RecoverySuggestion, "recovery suggestion"},
		{'T', info.Table, "table"},
	} {
		// An empty text is no text, as the C API's NULL.
		if text.value == "" {
			continue
		}
		if request, err = appendText(request, text.kind, text.value, text.what); err != nil {
			return nil, err
		}
	}
	for _, argument := range info.Arguments {
		switch argument.kind {
		case stringArgument:
			if request, err = appendText(request, 's', argument.text, "string argument"); err != nil {
				return nil, err
			}
		case int64Argument:
			request = binary.LittleEndian.AppendUint64(append(request, 'i'), uint64(argument.signed))
		case uint64Argument:
			request = binary.LittleEndian.AppendUint64(append(request, 'u'), argument.unsigned)
		case float64Argument:
			request = binary.LittleEndian.AppendUint64(append(request, 'd'), math.Float64bits(argument.float))
		}
	}
	return request, nil
}

// appendText appends kind (none when 0), value and a NUL; a value holding a NUL is refused.
func appendText(request []byte, kind byte, value, what string) ([]byte, error) {
	if strings.IndexByte(value, 0) >= 0 {
		return nil, newError(StatusInvalidArgument, what+" contains a NUL byte")
	}
	if kind != 0 {
		request = append(request, kind)
	}
	return append(append(request, value...), 0), nil
}
