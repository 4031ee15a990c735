package errorformatter_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// exportedNames lists the package's exported top-level names and methods ("Catalog.Format").
func exportedNames(t *testing.T) []string {
	files := token.NewFileSet()
	packages, err := parser.ParseDir(files, ".", func(info os.FileInfo) bool {
		return !strings.HasSuffix(info.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, file := range packages["errorformatter"].Files {
		for _, declaration := range file.Decls {
			switch declaration := declaration.(type) {
			case *ast.FuncDecl:
				if !declaration.Name.IsExported() {
					continue
				}
				if declaration.Recv == nil {
					names = append(names, declaration.Name.Name)
					continue
				}
				receiver := declaration.Recv.List[0].Type
				if star, ok := receiver.(*ast.StarExpr); ok {
					receiver = star.X
				}
				names = append(names, receiver.(*ast.Ident).Name+"."+declaration.Name.Name)
			case *ast.GenDecl:
				for _, spec := range declaration.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						if spec.Name.IsExported() {
							names = append(names, spec.Name.Name)
						}
					case *ast.ValueSpec:
						for _, name := range spec.Names {
							if name.IsExported() {
								names = append(names, name.Name)
							}
						}
					}
				}
			}
		}
	}
	return names
}

// Every exported name has a doc comment: its declaration's, or for a name in a group (const
// or var block) its own or a trailing one.
func TestEveryExportedNameHasADocComment(t *testing.T) {
	files := token.NewFileSet()
	packages, err := parser.ParseDir(files, ".", func(info os.FileInfo) bool {
		return !strings.HasSuffix(info.Name(), "_test.go")
	}, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range packages["errorformatter"].Files {
		for _, declaration := range file.Decls {
			switch declaration := declaration.(type) {
			case *ast.FuncDecl:
				if declaration.Name.IsExported() && declaration.Doc == nil {
					t.Errorf("%s: %s has no doc comment", files.Position(declaration.Pos()), declaration.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range declaration.Specs {
					var names []*ast.Ident
					documented := declaration.Doc != nil && len(declaration.Specs) == 1
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						names, documented = []*ast.Ident{spec.Name}, documented || spec.Doc != nil
					case *ast.ValueSpec:
						names = spec.Names
						// In a documented group, a name may go without (iota runs, Field's).
						documented = documented || spec.Doc != nil || spec.Comment != nil || declaration.Doc != nil
					}
					for _, name := range names {
						if name.IsExported() && !documented {
							t.Errorf("%s: %s has no doc comment", files.Position(name.Pos()), name.Name)
						}
					}
				}
			}
		}
	}
}

// bindings/go/README.md names every exported name; a method may appear as its type's field
// list does ("`Result.Text(field)`") or, for the methods every value type has (String, Error,
// Is, MarshalJSON), as its name alone.
func TestTheReadmeNamesEveryExportedName(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	for _, name := range exportedNames(t) {
		method := name[strings.IndexByte(name, '.')+1:]
		if strings.Contains(text, "`"+name) || strings.Contains(text, name+"(") ||
			(strings.Contains(name, ".") && strings.Contains(text, method)) {
			continue
		}
		t.Errorf("bindings/go/README.md does not name %s", name)
	}
}

// goSnippet is the first ```go block after heading in a Markdown file.
func goSnippet(t *testing.T, path, heading string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, heading)
	if start < 0 {
		t.Fatalf("%s has no %q", path, heading)
	}
	text = text[start:]
	begin := strings.Index(text, "```go\n")
	end := strings.Index(text[begin+6:], "```")
	if begin < 0 || end < 0 {
		t.Fatalf("%s has no Go block after %q", path, heading)
	}
	return text[begin+6 : begin+6+end]
}

// The programs README.md ("### Go") and bindings/go/README.md show build as a module of their
// own requiring this one, and print what they say.
func TestTheReadmeProgramsRun(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		t.Skipf("no go tool at %s to build the README's program", goTool)
	}
	module, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(module, "..", "..")
	want := "Emplacement inconnu / Impossible d’obtenir une bonne lecture. Un long tunnel? / OK\nfr-CA\n"
	for _, readme := range []struct{ path, heading string }{
		{filepath.Join(root, "README.md"), "\n### Go\n"},
		{"README.md", "# Go binding"},
	} {
		directory := t.TempDir()
		goMod := "module example.com/app\n\ngo 1.19\n\nrequire github.com/errorformatter/errorformatter-go v0.0.0\n\n" +
			"replace github.com/errorformatter/errorformatter-go => " + module + "\n"
		if err := os.WriteFile(filepath.Join(directory, "go.mod"), []byte(goMod), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(directory, "main.go"), []byte(goSnippet(t, readme.path, readme.heading)), 0o644); err != nil {
			t.Fatal(err)
		}
		build := exec.Command(goTool, "build", "-o", "app", ".")
		build.Dir = directory
		build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		if output, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building %s's program: %v\n%s", readme.path, err, output)
		}
		run := exec.Command(filepath.Join(directory, "app"))
		run.Dir = root
		output, err := run.Output()
		if err != nil || string(output) != want {
			t.Errorf("%s's program printed %q (%v), want %q", readme.path, output, err, want)
		}
	}
}
