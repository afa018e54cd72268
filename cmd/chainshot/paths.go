package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// checkOutputDir checks, before a long search, that the folder a file is
// to be written in exists.
func checkOutputDir(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot write %s: no folder %s", path, dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	return nil
}
