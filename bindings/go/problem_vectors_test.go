package errorformatter

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The problem responses' golden vectors (Tests/vectors/problem, docs/packed-format.md, "A
// problem response"): the same calls made through Catalog.Problem give each output's status,
// header fields and body, byte for byte, on a fresh catalog and again on one that has answered
// them.

var problemVectorsDirectory = filepath.Join("..", "..", "Tests", "vectors", "problem")

type problemVectorCase struct {
	Name               string           `json:"name"`
	Catalog            string           `json:"catalog"`
	Domain             string           `json:"domain"`
	Code               int64            `json:"code"`
	AcceptLanguageHex  *string          `json:"accept_language_hex"`
	Locales            []string         `json:"locales"`
	Status             int              `json:"status"`
	TypeTemplate       *string          `json:"type_template"`
	Instance           *string          `json:"instance"`
	Members            []string         `json:"members"`
	Description        *string          `json:"description"`
	FailureReason      *string          `json:"failure_reason"`
	RecoverySuggestion *string          `json:"recovery_suggestion"`
	Arguments          []vectorArgument `json:"arguments"`
	Length             int              `json:"length"`
	Items              int              `json:"items"`
}

// expectedProblem reads the case's output as the format says.
func expectedProblem(t *testing.T, c problemVectorCase) Problem {
	t.Helper()
	output, err := os.ReadFile(filepath.Join(problemVectorsDirectory, c.Name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	if len(output) != c.Length || !bytes.HasSuffix(output, []byte{0}) {
		t.Fatalf("%s: %d bytes, the manifest says %d", c.Name, len(output), c.Length)
	}
	items := bytes.Split(output[:len(output)-1], []byte{0})
	numbers := strings.Split(string(items[0]), " ")
	if len(numbers) != 2 {
		t.Fatalf("%s: header item %q", c.Name, items[0])
	}
	status, err1 := strconv.Atoi(numbers[0])
	fields, err2 := strconv.Atoi(numbers[1])
	if err1 != nil || err2 != nil || len(items) != 2+2*fields || len(items) != c.Items {
		t.Fatalf("%s: header item %q and %d items", c.Name, items[0], len(items))
	}
	problem := Problem{Status: status, Body: items[1+2*fields]}
	for i := 0; i < fields; i++ {
		problem.Fields = append(problem.Fields, HeaderField{Name: string(items[1+2*i]), Value: string(items[2+2*i])})
	}
	return problem
}

func TestProblemVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(problemVectorsDirectory, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct {
		Cases []problemVectorCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		t.Fatal(err)
	}
	if len(manifest.Cases) < 11 {
		t.Fatalf("%d cases: the manifest is not the one specified", len(manifest.Cases))
	}
	members := map[string]ProblemMembers{"code": ProblemCode, "domain": ProblemDomain, "button": ProblemButton}
	for _, c := range manifest.Cases {
		catalog, err := Open(filepath.Join("..", "..", filepath.FromSlash(c.Catalog)))
		if err != nil {
			t.Fatal(err)
		}
		arguments := vectorCase{Name: c.Name, Arguments: c.Arguments}.arguments(t)
		info := ErrorInfo{Domain: c.Domain, Code: c.Code, Description: optional(c.Description),
			FailureReason: optional(c.FailureReason), RecoverySuggestion: optional(c.RecoverySuggestion),
			Arguments: arguments}
		request := ProblemRequest{Locales: c.Locales, Status: c.Status, TypeTemplate: optional(c.TypeTemplate),
			Instance: optional(c.Instance)}
		if c.AcceptLanguageHex != nil {
			header, err := hex.DecodeString(*c.AcceptLanguageHex)
			if err != nil {
				t.Fatal(err)
			}
			request.AcceptLanguage = []string{string(header)}
		}
		for _, member := range c.Members {
			request.Members |= members[member]
		}
		want := expectedProblem(t, c)
		// Twice: the second call is answered by what the catalog kept of the first.
		for round := 0; round < 2; round++ {
			got, err := catalog.Problem(info, request)
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s (call %d): got %d %v %s, want %d %v %s", c.Name, round+1, got.Status, got.Fields,
					got.Body, want.Status, want.Fields, want.Body)
			}
		}
		catalog.Close()
	}
}
