package strictjson

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

type inner struct {
	X int `json:"x" strict:"required"`
}

type rec struct {
	Name   string  `json:"name" strict:"required"`
	Games  int     `json:"games"`
	Rate   float64 `json:"rate"`
	On     bool    `json:"on"`
	Moves  [][2]int
	Inner  *inner  `json:"inner"`
	Inners []inner `json:"inners"`
}

func (r *rec) Check() error {
	if r.Games < 0 || r.Games > 100 {
		return &FieldError{Field: "games", Msg: "is too many: want 0 to 100"}
	}
	return nil
}

func TestDecode(t *testing.T) {
	tests := []struct {
		text string
		want string // "" for no error; else a substring of the error
		cut  bool
	}{
		{`{"name":"a","games":3,"rate":0.5,"on":true,"Moves":[[1,2]],"inner":{"x":1},"inners":[{"x":2}]}`, "", false},
		{`  {"name":"a"}  `, "", false},
		{``, "empty: want a JSON object", false},
		{`[1]`, "1: not a JSON object", false},
		{`{"name":"a","name":"b"}`, `13: "name" is there twice`, false},
		{`{"name":"a","Games":1}`, `13: "Games" is no field of a JSON object`, false},
		{`{"games":1}`, `1: "name" is missing`, false},
		{`{"name":"a","games":"x"}`, `21: "games" is a string: want a whole number`, false},
		{`{"name":"a","games":1e400}`, `"games" is 1e400: want a whole number`, false},
		{`{"name":"a","games":99999999999999999999}`, `is 99999999999999999999: want a whole number from`, false},
		{`{"name":"a","games":1.5}`, `"games" is 1.5: want a whole number`, false},
		{`{"name":"a","games":101}`, `21: "games" is too many: want 0 to 100`, false},
		{`{"name":"a","on":1}`, `"on" is the number 1: want true or false`, false},
		{`{"name":"a","Moves":{"a":1}}`, `"Moves" is an object: want a list`, false},
		{`{"name":"a","inner":{"y":1}}`, `"inner.y" is no field of "inner"`, false},
		{`{"name":"a","inner":{}}`, `"inner.x" is missing`, false},
		{`{"name":"a","inners":[{"x":1},{"x":"q"}]}`, `"inners[1].x" is a string: want a whole number`, false},
		{`{"name":"a","inner":{"x":1,"x":2}}`, `"inner.x" is there twice`, false},
		{`{"name":"a"} {"name":"b"}`, "more than one JSON value", false},
		{`{"name":"a",`, "ends early", true},
		{`{"name":"ab`, "ends early", true},
		{`{"name":"a","games":12`, "ends early", true},
		{`{"name": x}`, "not JSON", false},
		{`hello`, "not JSON", false},
		{`{"name":"a","inner":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, "", false}, // filled below
	}
	tests[len(tests)-1].want = "nested too deeply"
	for _, tt := range tests {
		var r rec
		err := Decode([]byte(tt.text), &r, Options{})
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Decode(%.60q) = %v, want no error", tt.text, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("Decode(%.60q) = %v, want %q", tt.text, err, tt.want)
		case IsCut(err) != tt.cut:
			t.Errorf("Decode(%.60q): IsCut = %v, want %v", tt.text, IsCut(err), tt.cut)
		}
		if err != nil {
			for _, goWord := range []string{"Go struct", "int64", "float64", "main.", "strictjson.", "unmarshal"} {
				if strings.Contains(err.Error(), goWord) {
					t.Errorf("Decode(%.60q) = %v: speaks Go (%q)", tt.text, err, goWord)
				}
			}
		}
	}
}

func TestDecodeUnknownReported(t *testing.T) {
	var unknown []string
	var r rec
	err := Decode([]byte(`{"name":"a","extra":1,"more":[1,2]}`), &r, Options{Unknown: &unknown})
	if err != nil || strings.Join(unknown, ",") != "extra,more" {
		t.Fatalf("got %v, %q", err, unknown)
	}
}

func TestDecodeValues(t *testing.T) {
	var r rec
	err := Decode([]byte(`{"name":"a","games":3,"rate":0.5,"on":true,"Moves":[[1,2],[3,4]],"inner":{"x":7},"inners":[{"x":8},{"x":9}]}`), &r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Name != "a" || r.Games != 3 || r.Rate != 0.5 || !r.On || len(r.Moves) != 2 || r.Moves[1] != [2]int{3, 4} ||
		r.Inner == nil || r.Inner.X != 7 || len(r.Inners) != 2 || r.Inners[1].X != 9 {
		t.Fatalf("decoded %+v", r)
	}
	var e *Error
	if err := Decode([]byte(`{"name":1}`), &r, Options{}); !errors.As(err, &e) || e.Field != "name" || e.Col != 9 {
		t.Fatalf("got %#v", err)
	}
	// The column counts characters: three é of two bytes each before it.
	if err := Decode([]byte(`{"name":"ééé","games":"x"}`), &r, Options{}); !errors.As(err, &e) || e.Field != "games" || e.Col != 23 {
		t.Fatalf("got %#v, want column 23", err)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"name":"a","games":3,"inner":{"x":1},"inners":[{"x":2}]}`))
	f.Add([]byte(`{"name":"a",`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r rec
		err := Decode(data, &r, Options{})
		if err == nil {
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%T is not an *Error: %v", err, err)
		}
		if n := utf8.RuneCount(data); e.Col < 0 || e.Col > n+1 {
			t.Fatalf("column %d outside a text of %d characters", e.Col, n)
		}
	})
}
