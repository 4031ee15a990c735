package errorformatter

// #include <stdlib.h>
// #include <errorformatter.h>
import "C"

import (
	"net/http"
	"strconv"
	"strings"
	"unsafe"
)

// ProblemMembers are the extension members a problem body adds after the standard ones.
type ProblemMembers uint32

const (
	// ProblemCode adds "code": the error's code.
	ProblemCode ProblemMembers = C.EF_PROBLEM_CODE
	// ProblemDomain adds "domain": the error's domain.
	ProblemDomain ProblemMembers = C.EF_PROBLEM_DOMAIN
	// ProblemButton adds "button": the localized label of the button that dismisses the error.
	ProblemButton ProblemMembers = C.EF_PROBLEM_BUTTON
)

// ProblemRequest says what a problem response is for besides the error: the request's
// Accept-Language header (or a preference list), the HTTP status, the problem type's URI
// template, the URI of this occurrence and the extension members.
type ProblemRequest struct {
	// AcceptLanguage holds the request's Accept-Language values as received (r.Header.Values:
	// several are joined as HTTP joins them); nil when the request had none, which means the
	// development locale, as an empty or malformed header does.
	AcceptLanguage []string
	// Locales is a preference list instead of the header (used only when AcceptLanguage is nil).
	Locales []string
	// Status is the HTTP status, 100 to 599; 0 means 500.
	Status int
	// TypeTemplate is the problem type's URI; "{domain}" and "{code}" are replaced by the
	// error's. "" means "about:blank".
	TypeTemplate string
	// Instance is the URI of this occurrence; "" leaves it out.
	Instance string
	// Members are the extension members to add.
	Members ProblemMembers
}

// HeaderField is one header field of a response.
type HeaderField struct {
	Name, Value string
}

// Problem is the HTTP response a service sends for an error: an RFC 9457 problem details
// object whose title and detail are localized for the request, made whole by the library.
type Problem struct {
	// Status is the HTTP status.
	Status int
	// Fields are Content-Type, Content-Language and Vary, in that order.
	Fields []HeaderField
	// Body is the JSON of the problem details object, UTF-8.
	Body []byte
}

// Header returns the fields as an http.Header.
func (p Problem) Header() http.Header {
	header := make(http.Header, len(p.Fields))
	for _, field := range p.Fields {
		header.Add(field.Name, field.Value)
	}
	return header
}

// Problem makes the problem response for info (ef_format_problem, library 1.3). It fails with
// ErrClosed after Close, StatusInvalidArgument for a status outside 100 to 599, unknown members,
// both a header and locales, or a text holding NUL, and StatusInvalidUTF8 for a text that is not
// UTF-8; never because of what the header says.
func (c *Catalog) Problem(info ErrorInfo, request ProblemRequest) (Problem, error) {
	status := request.Status
	if status == 0 {
		status = http.StatusInternalServerError
	}
	if status < -1<<31 || status > 1<<31-1 {
		return Problem{}, newError(StatusInvalidArgument, "status "+strconv.Itoa(status)+" is not an HTTP status from 100 to 599")
	}
	header := strings.Join(request.AcceptLanguage, ", ")
	hasHeader := request.AcceptLanguage != nil
	locales := request.Locales
	if hasHeader {
		// Passed as given: the library refuses a list with a header, as it says.
		if len(locales) > 0 {
			return Problem{}, newError(StatusInvalidArgument, "give AcceptLanguage or Locales, not both")
		}
	}
	texts := newCStrings(len(locales), textBytes(info.Domain, info.Description, info.FailureReason,
		info.RecoverySuggestion, info.Table, request.TypeTemplate, request.Instance)+textBytes(locales...)+
		len(header)+1+argumentTextBytes(info.Arguments))
	defer texts.free()
	cInfo, err := newErrorInfo(texts, info)
	if err != nil {
		return Problem{}, err
	}
	defer C.ef_error_info_free(cInfo)
	var acceptLanguage *C.char
	if hasHeader {
		// A header is bytes: a NUL cannot travel in one, so the value is cut there, as C would.
		if nul := strings.IndexByte(header, 0); nul >= 0 {
			header = header[:nul]
		}
		acceptLanguage, _ = texts.text(header, "Accept-Language")
	}
	preferences, preferenceCount, err := texts.array(locales, "locale")
	if err != nil {
		return Problem{}, err
	}
	typeTemplate, err := texts.optional(request.TypeTemplate, "type template")
	if err != nil {
		return Problem{}, err
	}
	instance, err := texts.optional(request.Instance, "instance")
	if err != nil {
		return Problem{}, err
	}
	handle, err := c.acquire()
	if err != nil {
		return Problem{}, err
	}
	defer c.release()
	buffer := make([]byte, 2048)
	// Grow and retry: the output is deterministic, so the second call fits.
	for attempt := 0; attempt < 2; attempt++ {
		var length C.size_t
		var details *C.ef_error_details
		result := C.ef_format_problem(&length, (*C.char)(unsafe.Pointer(&buffer[0])), C.size_t(len(buffer)),
			handle, cInfo, acceptLanguage, preferences, preferenceCount, C.int32_t(status), typeTemplate,
			instance, C.uint32_t(request.Members), &details)
		if result != C.EF_OK {
			return Problem{}, errorFrom(result, details)
		}
		if uint64(length) <= uint64(len(buffer)) {
			return decodeProblem(buffer[:length])
		}
		buffer = make([]byte, int(length))
	}
	return Problem{}, newError(StatusInternal, "ef_format_problem's output changed size between two calls")
}

// newErrorInfo is the ef_error_info of info, its strings copied through texts; the caller frees it.
func newErrorInfo(texts *cStrings, info ErrorInfo) (*C.ef_error_info, error) {
	domain, err := texts.text(info.Domain, "domain")
	if err != nil {
		return nil, err
	}
	var cInfo *C.ef_error_info
	var details *C.ef_error_details
	if status := C.ef_error_info_new(&cInfo, domain, C.int64_t(info.Code), &details); status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	fail := func(err error) (*C.ef_error_info, error) {
		C.ef_error_info_free(cInfo)
		return nil, err
	}
	setters := []struct {
		value, what string
		set         func(*C.ef_error_info, *C.char, **C.ef_error_details) C.ef_status
	}{
		{info.Description, "description", func(e *C.ef_error_info, t *C.char, d **C.ef_error_details) C.ef_status {
			return C.ef_error_info_set_description(e, t, d)
		}},
		{info.FailureReason, "failure reason", func(e *C.ef_error_info, t *C.char, d **C.ef_error_details) C.ef_status {
			return C.ef_error_info_set_failure_reason(e, t, d)
		}},
		{info.RecoverySuggestion, "recovery suggestion", func(e *C.ef_error_info, t *C.char, d **C.ef_error_details) C.ef_status {
			return C.ef_error_info_set_recovery_suggestion(e, t, d)
		}},
		{info.Table, "table", func(e *C.ef_error_info, t *C.char, d **C.ef_error_details) C.ef_status {
			return C.ef_error_info_set_table(e, t, d)
		}},
	}
	for _, setter := range setters {
		text, err := texts.optional(setter.value, setter.what)
		if err != nil {
			return fail(err)
		}
		if text == nil {
			continue
		}
		if status := setter.set(cInfo, text, &details); status != C.EF_OK {
			return fail(errorFrom(status, details))
		}
	}
	for _, argument := range info.Arguments {
		var status C.ef_status
		switch argument.kind {
		case stringArgument:
			value, err := texts.text(argument.text, "string argument")
			if err != nil {
				return fail(err)
			}
			status = C.ef_error_info_add_string(cInfo, value, &details)
		case int64Argument:
			status = C.ef_error_info_add_int64(cInfo, C.int64_t(argument.signed), &details)
		case uint64Argument:
			status = C.ef_error_info_add_uint64(cInfo, C.uint64_t(argument.unsigned), &details)
		case float64Argument:
			status = C.ef_error_info_add_double(cInfo, C.double(argument.float), &details)
		}
		if status != C.EF_OK {
			return fail(errorFrom(status, details))
		}
	}
	return cInfo, nil
}

// decodeProblem reads ef_format_problem's items: the header (status, F), F name/value pairs, the
// body. Output that is not that is the library's fault, reported as StatusInternal.
func decodeProblem(output []byte) (Problem, error) {
	if len(output) == 0 || output[len(output)-1] != 0 {
		return Problem{}, newError(StatusInternal, "ef_format_problem's output does not end with a NUL")
	}
	items := strings.Split(string(output[:len(output)-1]), "\x00")
	numbers, ok := parseProblemHeader(items[0])
	if !ok || len(items) != 2+2*numbers[1] {
		return Problem{}, newError(StatusInternal, "ef_format_problem's items do not match its header")
	}
	problem := Problem{Status: numbers[0], Body: []byte(items[1+2*numbers[1]])}
	for field := 0; field < numbers[1]; field++ {
		problem.Fields = append(problem.Fields, HeaderField{Name: items[1+2*field], Value: items[2+2*field]})
	}
	return problem, nil
}

// parseProblemHeader reads the two decimal numbers of the header item.
func parseProblemHeader(header string) ([2]int, bool) {
	var numbers [2]int
	parts := strings.Split(header, " ")
	if len(parts) != 2 {
		return numbers, false
	}
	for index, part := range parts {
		value, err := strconv.Atoi(part)
		if err != nil || value < 0 || part != strconv.Itoa(value) {
			return numbers, false
		}
		numbers[index] = value
	}
	return numbers, true
}

// HTTPProblem is an error a handler answers with its problem response (WriteProblem): the
// error, the HTTP status and the URI of this occurrence.
type HTTPProblem struct {
	ErrorInfo
	// Status is the HTTP status; 0 means 500.
	Status int
	// Instance is the URI of this occurrence; "" leaves it out.
	Instance string
}

// Error names the error's domain and code.
func (p *HTTPProblem) Error() string {
	return p.Domain + " " + strconv.FormatInt(p.Code, 10)
}

// ProblemOptions are what a service says once for all its problem responses.
type ProblemOptions struct {
	// TypeTemplate is the problem type's URI, with "{domain}" and "{code}".
	TypeTemplate string
	// Members are the extension members to add.
	Members ProblemMembers
}

// WriteProblem answers r with the problem response for problem, negotiated from r's
// Accept-Language header: the status, the header fields and the body, written to w. It returns
// what Catalog.Problem returns when the response cannot be made (then nothing is written), or
// the error of writing the body.
func WriteProblem(w http.ResponseWriter, r *http.Request, catalog *Catalog, problem *HTTPProblem,
	options ProblemOptions) error {
	made, err := catalog.Problem(problem.ErrorInfo, ProblemRequest{
		AcceptLanguage: r.Header.Values("Accept-Language"), Status: problem.Status,
		TypeTemplate: options.TypeTemplate, Instance: problem.Instance, Members: options.Members,
	})
	if err != nil {
		return err
	}
	header := w.Header()
	for _, field := range made.Fields {
		header.Set(field.Name, field.Value)
	}
	header.Set("Content-Length", strconv.Itoa(len(made.Body)))
	w.WriteHeader(made.Status)
	_, err = w.Write(made.Body)
	return err
}
