package archtest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// importKinds names the three groups of a file's imports, in the order
// they stand: the standard library, outside modules, the module's own.
var importKinds = []string{"the standard library", "outside modules", "the module's packages"}

// importKind returns the index in importKinds of an import path.
func importKind(path string) int {
	switch {
	case path == module || strings.HasPrefix(path, module+"/"):
		return 2
	case isStandard(path):
		return 0
	}
	return 1
}

// TestImportGroups checks that every Go file of the module, tests and
// the command too, groups its imports as gofmt's readers expect: a
// blank line between groups, each group of one kind, the standard
// library first, then outside modules, then the module's packages.
// goimports keeps whatever groups a file has, so a module import added
// to a file without one lands among the standard library's: this test
// says so.
func TestImportGroups(t *testing.T) {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		last, lastLine := -1, 0
		for i, spec := range f.Imports {
			imp, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			k, line := importKind(imp), fset.Position(spec.Pos()).Line
			newGroup := i == 0 || line > lastLine+1
			switch {
			case !newGroup && k != last:
				t.Errorf("%s:%d: %s stands in a group of %s: give %s a group of its own", rel, line, imp, importKinds[last], importKinds[k])
			case newGroup && i > 0 && k <= last:
				t.Errorf("%s:%d: a group of %s after one of %s: the order is %s", rel, line, importKinds[k], importKinds[last], strings.Join(importKinds, ", "))
			}
			last, lastLine = k, fset.Position(spec.End()).Line
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
