// Command demo formats the cross-binding cases through the Go binding of liberrorformatter.
//
//	usage: demo <cases file>          (Examples/cases.tsv)
//
// It reads the cases (Examples/README.md, "Cases") and prints one record per case in the format
// of Examples/README.md, identical to the C demo's (Examples/c/demo.c), so that they can be
// diffed; the catalogs' diagnostics go to standard error.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

// The fixed fields of a case, before its arguments.
const (
	fieldCatalog = iota
	fieldLocales
	fieldDomain
	fieldCode
	fieldDescription
	fieldFailureReason
	fieldRecoverySuggestion
	fieldTable
	fixedFields
)

// escaper writes \, TAB, LF and CR escaped, so that one record's lines never split.
var escaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

// unescape replaces \\, \t, \n and \r; an unknown escape is an error.
func unescape(field string) (string, error) {
	var out strings.Builder
	for index := 0; index < len(field); index++ {
		if field[index] != '\\' {
			out.WriteByte(field[index])
			continue
		}
		index++
		if index == len(field) {
			return "", fmt.Errorf("unknown escape in %q", field)
		}
		switch field[index] {
		case '\\':
			out.WriteByte('\\')
		case 't':
			out.WriteByte('\t')
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		default:
			return "", fmt.Errorf("unknown escape in %q", field)
		}
	}
	return out.String(), nil
}

// optional is a text field: "-" is absent.
func optional(field string) string {
	if field == "-" {
		return ""
	}
	return field
}

// parseArgument reads a typed argument: s:text, i:-1, u:1, d:2.5.
func parseArgument(field string) (errorformatter.Argument, error) {
	if len(field) < 2 || field[1] != ':' {
		return errorformatter.Argument{}, fmt.Errorf("argument %q has no type (s:, i:, u: or d:)", field)
	}
	text := field[2:]
	switch field[0] {
	case 's':
		return errorformatter.StringArg(text), nil
	case 'i':
		if value, err := strconv.ParseInt(text, 10, 64); err == nil {
			return errorformatter.Int64Arg(value), nil
		}
	case 'u':
		if value, err := strconv.ParseUint(text, 10, 64); err == nil {
			return errorformatter.Uint64Arg(value), nil
		}
	case 'd':
		if value, err := strconv.ParseFloat(text, 64); err == nil {
			return errorformatter.Float64Arg(value), nil
		}
	}
	return errorformatter.Argument{}, fmt.Errorf("malformed argument %q", field)
}

// origin writes one provenance value: absent is "-", the unlocalized tables' "" is
// "(unlocalized)".
func origin(out *bufio.Writer, label, value string, present, isLocale bool) {
	fmt.Fprintf(out, "\t%s=", label)
	switch {
	case !present:
		out.WriteString("-")
	case isLocale && value == "":
		out.WriteString("(unlocalized)")
	default:
		out.WriteString(escaper.Replace(value))
	}
}

func printRecord(out *bufio.Writer, localesField, domain, code string, shown errorformatter.Result) {
	fmt.Fprintf(out, "%s\t%s\t%s\ttitle=%s\tmessage=%s\tbutton=%s\n", localesField,
		escaper.Replace(domain), code, escaper.Replace(shown.Title),
		escaper.Replace(shown.Message), escaper.Replace(shown.Button))
	for field := errorformatter.Title; field <= errorformatter.Button; field++ {
		from := shown.Provenance[field]
		fmt.Fprintf(out, "\t%s", field)
		origin(out, "rule", string(from.Rule), true, false)
		origin(out, "key", from.Key, from.FromTable, false)
		origin(out, "locale", from.Locale, from.FromTable, true)
		origin(out, "table", from.Table, from.FromTable, false)
		out.WriteString("\n")
	}
	stack := make([]string, len(shown.Stack))
	for index, entry := range shown.Stack {
		if entry == "" {
			entry = "(unlocalized)"
		}
		stack[index] = escaper.Replace(entry)
	}
	fmt.Fprintf(out, "\tstack\t%s\n", strings.Join(stack, ","))
	for field := errorformatter.Title; field <= errorformatter.Button; field++ {
		for _, rejection := range shown.Provenance[field].Rejections {
			fmt.Fprintf(out, "\trejected\t%s\t%s\n", field, escaper.Replace(rejection.String()))
		}
	}
}

func printDiagnostics(catalog *errorformatter.Catalog) {
	for _, diagnostic := range catalog.Diagnostics() {
		file := diagnostic.File
		if file == "" {
			file = "(catalog)"
		}
		fmt.Fprintf(os.Stderr, "%s:%d:%d: %s: %s [%s]\n", file, diagnostic.Line, diagnostic.Column,
			diagnostic.Severity, diagnostic.Message, diagnostic.Code)
	}
}

// runCase formats one case (a line split at TABs) and prints its record.
func runCase(out *bufio.Writer, catalogs map[string]*errorformatter.Catalog, directory string,
	fields []string) error {
	if len(fields) < fixedFields {
		return fmt.Errorf("a case with %d fields, at least %d expected", len(fields), fixedFields)
	}
	// The record repeats the locales as written; every other field is used unescaped.
	localesField := fields[fieldLocales]
	for index := range fields {
		if index == fieldLocales {
			continue
		}
		unescaped, err := unescape(fields[index])
		if err != nil {
			return err
		}
		fields[index] = unescaped
	}
	// Each catalog is opened once, when a case first names it, and its diagnostics printed then.
	catalog, ok := catalogs[fields[fieldCatalog]]
	if !ok {
		opened, err := errorformatter.Open(filepath.Join(directory, fields[fieldCatalog]),
			errorformatter.DevelopmentLocale("en"))
		if err != nil {
			return fmt.Errorf("cannot open the catalog: %w", err)
		}
		catalog = opened
		catalogs[fields[fieldCatalog]] = catalog
		printDiagnostics(catalog)
	}
	var locales []string
	if localesField != "-" {
		locales = strings.Split(localesField, ",")
	}
	code, err := strconv.ParseInt(fields[fieldCode], 10, 64)
	if err != nil {
		return fmt.Errorf("code %q is not a 64-bit integer", fields[fieldCode])
	}
	info := errorformatter.ErrorInfo{
		Domain:             fields[fieldDomain],
		Code:               code,
		Description:        optional(fields[fieldDescription]),
		FailureReason:      optional(fields[fieldFailureReason]),
		RecoverySuggestion: optional(fields[fieldRecoverySuggestion]),
		Table:              optional(fields[fieldTable]),
	}
	for _, field := range fields[fixedFields:] {
		argument, err := parseArgument(field)
		if err != nil {
			return err
		}
		info.Arguments = append(info.Arguments, argument)
	}
	shown, err := catalog.Format(info, locales...)
	if err != nil {
		return fmt.Errorf("cannot format: %w", err)
	}
	printRecord(out, localesField, fields[fieldDomain], fields[fieldCode], shown)
	return nil
}

func run(casesPath string) error {
	if errorformatter.LibraryVersionNumber()/10000 != 1 {
		return fmt.Errorf("built for ABI 1, loaded liberrorformatter %s", errorformatter.LibraryVersion())
	}
	cases, err := os.Open(casesPath)
	if err != nil {
		return err
	}
	defer cases.Close()
	out := bufio.NewWriter(os.Stdout)
	catalogs := map[string]*errorformatter.Catalog{}
	defer func() {
		for _, catalog := range catalogs {
			catalog.Close()
		}
	}()
	lines := bufio.NewScanner(cases)
	for lines.Scan() {
		line := lines.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := runCase(out, catalogs, filepath.Dir(casesPath), strings.Split(line, "\t")); err != nil {
			return err
		}
	}
	if err := lines.Err(); err != nil {
		return err
	}
	return out.Flush()
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintf(os.Stderr, "usage: %s <cases file>\n", os.Args[0])
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		var failure *errorformatter.Error
		if errors.As(err, &failure) {
			fmt.Fprintf(os.Stderr, "demo: %v (%s)\n", err, failure.Status)
		} else {
			fmt.Fprintf(os.Stderr, "demo: %v\n", err)
		}
		os.Exit(1)
	}
}
