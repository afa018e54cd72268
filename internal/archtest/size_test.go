package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The command layer stays thin: package main parses flags, calls one
// run function in internal/, prints and exits. These are its limits, and
// the one limit every function of the module keeps.
const (
	mainShareMax    = 0.20 // of the module's lines of code (tests aside)
	mainFileMaxLine = 400
	mainFuncMaxLine = 60
	anyFuncMaxLine  = 110
)

// goFile is one file of code (not a test) of the module.
type goFile struct {
	path  string // from the module's root
	main  bool   // a file of the command, cmd/chainshot
	lines int
	funcs []goFunc
}

type goFunc struct {
	name  string
	line  int
	lines int
}

// codeFiles parses every file of code of the module, tests and testdata
// aside.
func codeFiles(t *testing.T) []goFile {
	t.Helper()
	var files []goFile
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "docs") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		gf := goFile{path: filepath.ToSlash(rel), main: f.Name.Name == "main", lines: fset.File(f.Pos()).LineCount()}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				from, to := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
				name := fd.Name.Name
				if fd.Recv != nil && len(fd.Recv.List) > 0 {
					name = recvName(fd.Recv.List[0].Type) + "." + name
				}
				gf.funcs = append(gf.funcs, goFunc{name, from, to - from + 1})
			}
		}
		files = append(files, gf)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("found %d files of code: the walk is broken", len(files))
	}
	return files
}

func recvName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return recvName(x.X)
	case *ast.IndexExpr:
		return recvName(x.X)
	case *ast.IndexListExpr:
		return recvName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return "?"
}

// TestCommandLayerIsThin: package main is at most a fifth of the code,
// each of its files at most mainFileMaxLine lines and each of its
// functions at most mainFuncMaxLine; no function of the module passes
// anyFuncMaxLine. A command whose work grows moves it into internal/,
// where it is tested without a terminal.
func TestCommandLayerIsThin(t *testing.T) {
	var mainLines, all int
	for _, f := range codeFiles(t) {
		all += f.lines
		if f.main {
			mainLines += f.lines
			if f.lines > mainFileMaxLine {
				t.Errorf("%s: %d lines, more than %d for a file of the command: move its work into internal/", f.path, f.lines, mainFileMaxLine)
			}
		}
		for _, fn := range f.funcs {
			switch {
			case f.main && fn.lines > mainFuncMaxLine:
				t.Errorf("%s:%d: %s has %d lines, more than %d for a function of the command: move its work into internal/", f.path, fn.line, fn.name, fn.lines, mainFuncMaxLine)
			case fn.lines > anyFuncMaxLine:
				t.Errorf("%s:%d: %s has %d lines, more than %d: split it", f.path, fn.line, fn.name, fn.lines, anyFuncMaxLine)
			}
		}
	}
	share := float64(mainLines) / float64(all)
	t.Logf("package main: %d of %d lines of code (%.1f%%)", mainLines, all, 100*share)
	if share > mainShareMax {
		t.Errorf("package main is %d of the module's %d lines of code (%.1f%%), more than %.0f%%: move work into internal/", mainLines, all, 100*share, 100*mainShareMax)
	}
}
