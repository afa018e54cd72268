package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// makeFolder makes the folder path and its missing parents, for a flag
// that names an output folder (--gif-dir, --out-dir); its error says what
// is in the way: "not a folder" (path is a file), "x is not a folder" (a
// parent is), or the system's reason.
func makeFolder(path string) error {
	err := os.MkdirAll(path, 0o755)
	if err == nil {
		return nil
	}
	for p := path; ; p = filepath.Dir(p) {
		if st, e := os.Stat(p); e == nil && !st.IsDir() {
			if p == path {
				return fmt.Errorf("not a folder")
			}
			return fmt.Errorf("%s is not a folder", p)
		}
		if filepath.Dir(p) == p {
			break
		}
	}
	return fmt.Errorf("cannot make the folder: %v", reason(err))
}
