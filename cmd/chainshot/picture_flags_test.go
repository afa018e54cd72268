package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// pictureNeeds are the flags a command needs beside its valid arguments
// before it draws a picture.
var pictureNeeds = map[string][]string{"react analyze": {"--move", "2 2"}}

// pictureMagic is how each picture format's files begin.
var pictureMagic = map[string][]string{".png": {"\x89PNG"}, ".gif": {"GIF8"}, ".svg": {"<?xml", "<svg"}}

// TestPictureFlags: one rule for every picture flag of the command tree
// (issue 26, item 11: --gif x.png wrote a GIF and --png out.jpg a PNG
// without a word, while --chart x.jpg was refused). Every flag that
// writes a picture is in pictureExtensions; a file name with another
// extension is refused before anything runs (exit status 2, naming the
// flag and what it wants, no file written); each extension it takes gets
// a file of that format.
func TestPictureFlags(t *testing.T) {
	dir := t.TempDir()
	for name, data := range hostileFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	drawsPictures := regexp.MustCompile(`(?i)\b(png|gif|svg|jpe?g|picture|image|chart|animated)\b`)
	tried := 0
	for path, cmd := range leaves("", commands()) {
		valid := validArgs[path]
		for _, f := range cmd.Flags {
			name := f.Names()[0]
			df, _ := f.(cli.DocGenerationFlag)
			exts, registered := pictureExtensions[name]
			if df != nil && firstBackquoted(df.GetUsage()) == "FILE" && drawsPictures.MatchString(df.GetUsage()) && !registered {
				t.Errorf("chainshot %s --%s writes a picture (%q) but is not in pictureExtensions", path, name, df.GetUsage())
			}
			if !registered {
				continue
			}
			run := func(file string) (int, string) {
				argv := append(append(append(strings.Fields(path), valid.flags...), pictureNeeds[path]...), "--"+name, file)
				code, _, stderr := runChainshot(t, dir, append(argv, valid.args...))
				return code, stderr
			}
			tried++
			for _, wrong := range []string{"pic.jpg", "pic", "pic.png.txt"} {
				if slicesHas(exts, filepath.Ext(wrong)) {
					continue
				}
				code, stderr := run(wrong)
				want := "chainshot " + path + ": --" + name + ": " + wrong + ": want a file name ending in " + orList(exts) + "\n"
				if code != 2 || stderr != want {
					t.Errorf("chainshot %s --%s %s: exit status %d, stderr %q; want 2 and %q", path, name, wrong, code, stderr, want)
				}
				if _, err := os.Stat(filepath.Join(dir, wrong)); err == nil {
					t.Errorf("chainshot %s --%s %s wrote the file it refused", path, name, wrong)
				}
			}
			for _, ext := range exts {
				for _, file := range []string{"pic-" + name + ext, "PIC-" + name + strings.ToUpper(ext)} {
					if code, stderr := run(file); code != 0 {
						t.Errorf("chainshot %s --%s %s: exit status %d: %s", path, name, file, code, stderr)
						continue
					}
					data, err := os.ReadFile(filepath.Join(dir, file))
					if err != nil {
						t.Errorf("chainshot %s --%s %s wrote nothing: %v", path, name, file, err)
						continue
					}
					ok := false
					for _, magic := range pictureMagic[ext] {
						ok = ok || bytes.HasPrefix(data, []byte(magic))
					}
					if !ok {
						t.Errorf("chainshot %s --%s %s: the file is not a %s: it begins %q", path, name, file, ext, data[:min(len(data), 8)])
					}
				}
			}
		}
	}
	if tried < 6 {
		t.Errorf("tried %d picture flags: the tree has more", tried)
	}
}

func slicesHas(s []string, v string) bool {
	for _, x := range s {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}
