package errorformatter

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The packed format's golden vectors (Tests/vectors/packed, docs/packed-format.md): the
// decoders read every output as errfmt prints it, refuse every malformed one, and the same
// calls made through the API give the same values.

var vectorsDirectory = filepath.Join("..", "..", "Tests", "vectors", "packed")

type vectorArgument struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

type vectorCase struct {
	Name               string           `json:"name"`
	Call               string           `json:"call"`
	Catalog            string           `json:"catalog"`
	Preferences        []string         `json:"preferences"`
	Domain             string           `json:"domain"`
	Code               int64            `json:"code"`
	Description        *string          `json:"description"`
	FailureReason      *string          `json:"failure_reason"`
	RecoverySuggestion *string          `json:"recovery_suggestion"`
	Table              *string          `json:"table"`
	Key                string           `json:"key"`
	Arguments          []vectorArgument `json:"arguments"`
}

type vectorManifest struct {
	Cases     []vectorCase `json:"cases"`
	Malformed []struct {
		Name   string `json:"name"`
		Call   string `json:"call"`
		Reason string `json:"reason"`
	} `json:"malformed"`
}

func readVectors(t *testing.T) vectorManifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorsDirectory, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var manifest vectorManifest
	if err := json.Unmarshal(data, &manifest); err != nil {
		t.Fatal(err)
	}
	if len(manifest.Cases) < 26 || len(manifest.Malformed) < 25 {
		t.Fatalf("%d cases and %d malformed outputs: the manifest is not the one specified",
			len(manifest.Cases), len(manifest.Malformed))
	}
	return manifest
}

func vectorFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorsDirectory, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// sameJSON says whether the value marshals to the object errfmt printed for the case.
func sameJSON(t *testing.T, value any, name string) {
	t.Helper()
	made, err := json.Marshal(value)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(made, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(vectorFile(t, name+".json"), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %s\nwant %s", name, made, vectorFile(t, name+".json"))
	}
}

// lastItems are the last count items of an output: its rejections' descriptions.
func lastItems(output []byte, count int) []string {
	items := strings.Split(string(output[:len(output)-1]), "\x00")
	return items[len(items)-count:]
}

func optional(text *string) string {
	if text == nil {
		return ""
	}
	return *text
}

func (c vectorCase) arguments(t *testing.T) []Argument {
	t.Helper()
	var made []Argument
	for _, argument := range c.Arguments {
		switch argument.Kind {
		case "s":
			made = append(made, StringArg(argument.Value))
		case "d":
			value, err := strconv.ParseFloat(argument.Value, 64)
			if err != nil {
				t.Fatal(err)
			}
			made = append(made, Float64Arg(value))
		case "u":
			value, err := strconv.ParseUint(argument.Value, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			made = append(made, Uint64Arg(value))
		default: // "i", and "n": typed by its value
			if value, err := strconv.ParseInt(argument.Value, 10, 64); err == nil {
				made = append(made, Int64Arg(value))
			} else if value, err := strconv.ParseUint(argument.Value, 10, 64); err == nil && argument.Kind == "n" {
				made = append(made, Uint64Arg(value))
			} else {
				t.Fatalf("%s: argument %+v", c.Name, argument)
			}
		}
	}
	return made
}

func (c vectorCase) errorInfo(t *testing.T) ErrorInfo {
	return ErrorInfo{Domain: c.Domain, Code: c.Code, Description: optional(c.Description),
		FailureReason: optional(c.FailureReason), RecoverySuggestion: optional(c.RecoverySuggestion),
		Table: optional(c.Table), Arguments: c.arguments(t)}
}

// writesTheSameRequest: Go leaves empty texts out and never writes 'n'.
func (c vectorCase) writesTheSameRequest() bool {
	for _, text := range []*string{c.Description, c.FailureReason, c.RecoverySuggestion, c.Table} {
		if text != nil && *text == "" {
			return false
		}
	}
	for _, argument := range c.Arguments {
		if argument.Kind == "n" {
			return false
		}
	}
	return true
}

func openVectorCatalogs(t *testing.T, manifest vectorManifest) map[string]*Catalog {
	t.Helper()
	catalogs := map[string]*Catalog{}
	for _, c := range manifest.Cases {
		if catalogs[c.Catalog] == nil {
			catalog, err := Open(filepath.Join("..", "..", filepath.FromSlash(c.Catalog)))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { catalog.Close() })
			catalogs[c.Catalog] = catalog
		}
	}
	return catalogs
}

func TestVectorsFormat(t *testing.T) {
	manifest := readVectors(t)
	catalogs := openVectorCatalogs(t, manifest)
	sameRequests := 0
	for _, c := range manifest.Cases {
		if c.Call != "format" {
			continue
		}
		output := vectorFile(t, c.Name+".out")
		decoded, err := parseResult(string(output))
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		sameJSON(t, decoded, c.Name)
		var descriptions []string
		for _, origin := range decoded.Provenance {
			for _, rejection := range origin.Rejections {
				descriptions = append(descriptions, rejection.String())
			}
		}
		if want := lastItems(output, len(descriptions)); len(descriptions) > 0 && !reflect.DeepEqual(descriptions, want) {
			t.Errorf("%s: descriptions %q, want %q", c.Name, descriptions, want)
		}
		shown, err := catalogs[c.Catalog].Format(c.errorInfo(t), c.Preferences...)
		if err != nil {
			t.Errorf("%s: Format: %v", c.Name, err)
		} else if !reflect.DeepEqual(shown, decoded) {
			t.Errorf("%s: Format gave %+v, the vector %+v", c.Name, shown, decoded)
		}
		if c.writesTheSameRequest() {
			sameRequests++
			request, err := packRequest(c.errorInfo(t))
			if err != nil || !bytes.Equal(request, vectorFile(t, c.Name+".request")) {
				t.Errorf("%s: packRequest gave %q (%v), the vector %q", c.Name, request, err,
					vectorFile(t, c.Name+".request"))
			}
		}
	}
	if sameRequests < 15 {
		t.Errorf("only %d requests compared", sameRequests)
	}
}

func TestVectorsLookup(t *testing.T) {
	manifest := readVectors(t)
	catalogs := openVectorCatalogs(t, manifest)
	for _, c := range manifest.Cases {
		if c.Call != "lookup" {
			continue
		}
		output := vectorFile(t, c.Name+".out")
		decoded, err := parseLookup(string(output))
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		sameJSON(t, decoded, c.Name)
		var descriptions []string
		for _, rejection := range decoded.Rejections {
			descriptions = append(descriptions, rejection.String())
		}
		if want := lastItems(output, len(descriptions)); len(descriptions) > 0 && !reflect.DeepEqual(descriptions, want) {
			t.Errorf("%s: descriptions %q, want %q", c.Name, descriptions, want)
		}
		found, err := catalogs[c.Catalog].Lookup(optional(c.Table), c.Key, c.arguments(t), c.Preferences...)
		if err != nil {
			t.Errorf("%s: Lookup: %v", c.Name, err)
		} else if !reflect.DeepEqual(found, decoded) {
			t.Errorf("%s: Lookup gave %+v, the vector %+v", c.Name, found, decoded)
		}
	}
}

func TestVectorsMalformedAreRefused(t *testing.T) {
	for _, malformed := range readVectors(t).Malformed {
		output := string(vectorFile(t, filepath.Join("malformed", malformed.Name+".out")))
		var err error
		if malformed.Call == "format" {
			_, err = parseResult(output)
		} else {
			_, err = parseLookup(output)
		}
		var failure *Error
		if !errors.As(err, &failure) || failure.Status != StatusInternal ||
			!strings.Contains(failure.Message, "packed "+malformed.Call+" output is malformed") {
			t.Errorf("%s (%s): %v", malformed.Name, malformed.Reason, err)
		}
	}
}

// A Rejection made without the library's description is another value, which shows its message.
func TestRejectionWithoutDescription(t *testing.T) {
	decoded, err := parseLookup(string(vectorFile(t, "lookup-rejection-found.out")))
	if err != nil || len(decoded.Rejections) != 1 {
		t.Fatalf("%+v, %v", decoded, err)
	}
	library := decoded.Rejections[0]
	bare := library
	bare.Description = ""
	if bare == library || bare.String() != library.Message || library.String() != library.Description ||
		!strings.HasSuffix(library.Description, "["+library.Code+"]") {
		t.Errorf("%q / %q", bare.String(), library.String())
	}
}

func TestHeaderNumbers(t *testing.T) {
	for text, want := range map[string]int{"0": 0, "7": 7, "511": 511, "999999999999999999": 999999999999999999} {
		if got, ok := headerNumber(text); !ok || got != want {
			t.Errorf("headerNumber(%q) = %d, %v", text, got, ok)
		}
	}
	for _, text := range []string{"", "-1", "+1", "01", "1a", " 1", "9223372036854775807", "9999999999999999999"} {
		if _, ok := headerNumber(text); ok {
			t.Errorf("headerNumber(%q) accepted", text)
		}
	}
}
