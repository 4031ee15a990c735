package errorformatter

import (
	"encoding/json"
	"strconv"
)

// Field names one of the three texts of a Result; it indexes Result.Provenance.
type Field int

// The fields, in the library's order (EF_FIELD_*).
const (
	Title Field = iota
	Message
	Button
	fieldCount = 3
)

// String is "title", "message" or "button".
func (f Field) String() string {
	switch f {
	case Title:
		return "title"
	case Message:
		return "message"
	case Button:
		return "button"
	}
	return "field(" + strconv.Itoa(int(f)) + ")"
}

// Rule names the rule that produced a field (README, "The rules").
type Rule string

// The rules.
const (
	RuleCodeKey            Rule = "code-key"            // errors.<domain>.<code>.<field>
	RuleDomainKey          Rule = "domain-key"          // errors.<domain>.<field>
	RuleGenericKey         Rule = "generic-key"         // errors.<field>
	RuleButtonKey          Rule = "button-key"          // controls.ok
	RuleFailureReason      Rule = "failure-reason"      // the error's failure reason
	RuleRecoverySuggestion Rule = "recovery-suggestion" // the error's recovery suggestion
	RuleDescription        Rule = "description"         // the error's description
	RuleBuiltin            Rule = "builtin"             // the built-in "Error" / "OK"
	RuleEmpty              Rule = "empty"               // no rule applied: an empty message
)

// Result is a formatted error: the localized title, message and button label, the lookup
// stack, and where each field came from. It holds copies and outlives the catalog.
type Result struct {
	// Title is the localized title.
	Title string
	// Message is the localized message (may be empty).
	Message string
	// Button is the localized button label.
	Button string
	// Stack lists the localizations searched, most specific first, as spelled in the catalog
	// ("" for the unlocalized tables).
	Stack []string
	// Untranslated is true when the preferences asked for no translation (C or POSIX).
	Untranslated bool
	// Provenance says where each field came from, indexed by Title, Message and Button.
	Provenance [fieldCount]Provenance
}

// Text is the text of a field: Title, Message or Button ("" for another value).
func (r *Result) Text(field Field) string {
	switch field {
	case Title:
		return r.Title
	case Message:
		return r.Message
	case Button:
		return r.Button
	}
	return ""
}

// Provenance is where one field of a Result came from.
type Provenance struct {
	// Rule is the rule that produced the field.
	Rule Rule
	// FromTable is true when the rule read a table key: then Key, Locale and Table say which
	// (Locale "" for an unlocalized table); otherwise the three are "".
	FromTable bool
	// Key is the table key, e.g. "errors.kCLErrorDomain.0.title".
	Key string
	// Locale is the localization the string came from, as spelled in the catalog ("fr", "Base").
	Locale string
	// Table is the table the string came from, e.g. "Localizable".
	Table string
	// Rejections are the table strings found for the field but not shown, because the
	// arguments could not satisfy them, in the order they were tried.
	Rejections []Rejection
}

// Rejection is a table string that was found but not shown: the arguments could not satisfy it.
type Rejection struct {
	// Key is the key whose string was rejected.
	Key string
	// Locale is the localization it came from ("" for an unlocalized table).
	Locale string
	// Table is the table it came from.
	Table string
	// Code is the problem's stable name: "missing-argument", "wrong-argument-type", ...
	Code string
	// Message describes the problem in one line.
	Message string
	// Description is the library's one-line text for the rejection, as the C API's
	// ef_result_rejection gives it: "<key> in <localization>/<table>: <message> [<code>]".
	Description string
}

// String is the library's one-line description (Description); a Rejection made without one
// shows its Message.
func (r Rejection) String() string {
	if r.Description == "" {
		return r.Message
	}
	return r.Description
}

// LookupResult is the rendered value of a key (Catalog.Lookup).
type LookupResult struct {
	// Found is false when no localization has a usable value; then Value and Locale are "".
	Found bool
	// Value is the rendered value.
	Value string
	// Locale is the localization that supplied it ("" for an unlocalized table).
	Locale string
	// Table is the table searched.
	Table string
	// Rejections are the strings skipped because the arguments could not satisfy them.
	Rejections []Rejection
}

// The JSON of errfmt: `errfmt format --json` and `errfmt lookup --json` print these objects.

type jsonRejection struct {
	Key     string `json:"key"`
	Locale  string `json:"locale"`
	Table   string `json:"table"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

type jsonProvenance struct {
	Rule       Rule            `json:"rule"`
	Key        *string         `json:"key"`
	Locale     *string         `json:"locale"`
	Table      *string         `json:"table"`
	Rejections []jsonRejection `json:"rejections"`
}

type jsonResult struct {
	Title        string                    `json:"title"`
	Message      string                    `json:"message"`
	Button       string                    `json:"button"`
	Stack        []string                  `json:"stack"`
	Untranslated bool                      `json:"untranslated"`
	Provenance   map[string]jsonProvenance `json:"provenance"`
}

type jsonLookup struct {
	Value       *string         `json:"value"`
	Locale      *string         `json:"locale"`
	Table       string          `json:"table"`
	Diagnostics []jsonRejection `json:"diagnostics"`
}

func jsonRejections(rejections []Rejection) []jsonRejection {
	made := make([]jsonRejection, 0, len(rejections))
	for _, rejection := range rejections {
		made = append(made, jsonRejection{Key: rejection.Key, Locale: rejection.Locale, Table: rejection.Table,
			Code: rejection.Code, Message: rejection.Message})
	}
	return made
}

// present is &value, or nil (JSON null) when the value is absent.
func present(value string, ok bool) *string {
	if !ok {
		return nil
	}
	return &value
}

// MarshalJSON writes the object `errfmt format --json` prints for the same error: absent keys,
// locales and tables are null.
func (r Result) MarshalJSON() ([]byte, error) {
	made := jsonResult{
		Title: r.Title, Message: r.Message, Button: r.Button,
		Stack: append([]string{}, r.Stack...), Untranslated: r.Untranslated,
		Provenance: map[string]jsonProvenance{},
	}
	for field := Title; field <= Button; field++ {
		origin := r.Provenance[field]
		made.Provenance[field.String()] = jsonProvenance{
			Rule:       origin.Rule,
			Key:        present(origin.Key, origin.FromTable),
			Locale:     present(origin.Locale, origin.FromTable),
			Table:      present(origin.Table, origin.FromTable),
			Rejections: jsonRejections(origin.Rejections),
		}
	}
	return json.Marshal(made)
}

// MarshalJSON writes the object `errfmt lookup --json` prints for the same lookup (its
// rejections under "diagnostics", the name that command gives them).
func (l LookupResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(jsonLookup{
		Value:       present(l.Value, l.Found),
		Locale:      present(l.Locale, l.Found),
		Table:       l.Table,
		Diagnostics: jsonRejections(l.Rejections),
	})
}
