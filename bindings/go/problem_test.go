package errorformatter_test

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"testing"

	errorformatter "github.com/errorformatter/errorformatter-go"
)

const problemTemplate = "https://errors.example.com/{domain}/{code}"

// errfmtProblem is errfmt problem's output for the same call.
func errfmtProblem(t *testing.T, args ...string) errorformatter.Problem {
	t.Helper()
	printed, err := exec.Command(errfmtPath(t), append([]string{"problem", "--catalog", coreLocation}, args...)...).Output()
	if err != nil {
		t.Fatalf("errfmt problem %v: %v", args, err)
	}
	head, body, _ := bytes.Cut(printed, []byte("\n\n"))
	lines := strings.Split(string(head), "\n")
	status, _ := strconv.Atoi(strings.TrimPrefix(lines[0], "Status: "))
	problem := errorformatter.Problem{Status: status, Body: bytes.TrimSuffix(body, []byte("\n"))}
	for _, line := range lines[1:] {
		name, value, _ := strings.Cut(line, ": ")
		problem.Fields = append(problem.Fields, errorformatter.HeaderField{Name: name, Value: value})
	}
	return problem
}

func TestProblemIsErrfmts(t *testing.T) {
	catalog := open(t, coreLocation)
	for _, header := range [][]string{nil, {""}, {"fr-CA, fr;q=0.8"}, {"de;q=0.5", "ja"}, {"*"}, {"i-klingon"},
		{"\xff\xfe garbage"}, {"zh-TW"}} {
		for _, code := range []int64{0, 2, 9} {
			made, err := catalog.Problem(errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Code: code},
				errorformatter.ProblemRequest{AcceptLanguage: header, Status: 404, TypeTemplate: problemTemplate,
					Members: errorformatter.ProblemCode | errorformatter.ProblemButton})
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"--domain", "kCLErrorDomain", "--code", strconv.FormatInt(code, 10), "--status", "404",
				"--type-template", problemTemplate, "--member", "code,button"}
			if header != nil {
				args = append(args, "--accept-language", strings.Join(header, ", "))
			}
			if expected := errfmtProblem(t, args...); !reflect.DeepEqual(made, expected) {
				t.Errorf("header %q, code %d:\n%+v\nerrfmt:\n%+v", header, code, made, expected)
			}
		}
	}
}

func TestProblemByHand(t *testing.T) {
	catalog := open(t, coreLocation)
	made, err := catalog.Problem(errorformatter.ErrorInfo{Domain: "kCLErrorDomain", Code: 2},
		errorformatter.ProblemRequest{AcceptLanguage: []string{"fr-CA"}, Status: 503, Instance: "/r/1"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"about:blank","title":"Pas d’Internet","status":503,` +
		`"detail":"Internet n’est pas accessible ou une erreur est survenue.","instance":"/r/1"}`
	if made.Status != 503 || string(made.Body) != want || made.Header().Get("Content-Language") != "fr, fr-CA" ||
		made.Header().Get("Vary") != "Accept-Language" {
		t.Errorf("got %+v (%s)", made, made.Body)
	}
	for _, bad := range []errorformatter.ProblemRequest{{Status: 99}, {Members: 8},
		{AcceptLanguage: []string{"fr"}, Locales: []string{"de"}}} {
		if _, err := catalog.Problem(errorformatter.ErrorInfo{Domain: "kCLErrorDomain"}, bad); !errors.Is(err, errorformatter.StatusInvalidArgument) {
			t.Errorf("%+v: %v, want StatusInvalidArgument", bad, err)
		}
	}
}

func TestWriteProblem(t *testing.T) {
	catalog := open(t, coreLocation)
	request := httptest.NewRequest(http.MethodGet, "/orders/7", nil)
	request.Header.Add("Accept-Language", "de")
	recorder := httptest.NewRecorder()
	problem := &errorformatter.HTTPProblem{ErrorInfo: errorformatter.ErrorInfo{Domain: "kCLErrorDomain"}, Status: 404,
		Instance: "/orders/7"}
	if err := errorformatter.WriteProblem(recorder, request, catalog, problem,
		errorformatter.ProblemOptions{TypeTemplate: problemTemplate}); err != nil {
		t.Fatal(err)
	}
	expected, _ := catalog.Problem(problem.ErrorInfo, errorformatter.ProblemRequest{AcceptLanguage: []string{"de"},
		Status: 404, Instance: "/orders/7", TypeTemplate: problemTemplate})
	if recorder.Code != 404 || recorder.Body.String() != string(expected.Body) ||
		recorder.Header().Get("Content-Type") != "application/problem+json" ||
		recorder.Header().Get("Content-Language") != "de" {
		t.Errorf("got %d %v %s", recorder.Code, recorder.Header(), recorder.Body)
	}
}
