package main

import (
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"chainshot/internal/web"
)

// TestPageStartsTheCLIsBoard: the page's Chain Reaction board starts at
// the size every react command starts at, so a game begun in one is the
// same game in the other.
func TestPageStartsTheCLIsBoard(t *testing.T) {
	ts := httptest.NewServer(web.New(web.Config{LoopbackHosts: true}))
	defer ts.Close()
	resp, err := ts.Client().Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	page, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	value := func(id string) string {
		m := regexp.MustCompile(`id="` + id + `"[^>]*value="(\d+)"`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("the page has no %s with a value", id)
		}
		return string(m[1])
	}
	size := value("cr-rows") + "x" + value("cr-cols")
	n := 0
	for path, cmd := range leaves("", commands()) {
		for _, f := range cmd.Flags {
			if s, ok := f.(*cli.StringFlag); ok && s.Name == "size" && s.Value != "" && strings.HasPrefix(path, "react") {
				n++
				if s.Value != size {
					t.Errorf("chainshot %s --size starts at %s, the page at %s", path, s.Value, size)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no react command has --size: the walk missed them")
	}
}
