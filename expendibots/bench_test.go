package expendibots

import (
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkSolveCases solves every case in ../shared/data/expendibots
// with each algorithm; it reports the positions stored (states/op) and
// the length found (actions/op). The LIMIT case runs with a 300,000-state
// budget.
//
//	go test ./expendibots -run '^$' -bench SolveCases -count 5
func BenchmarkSolveCases(b *testing.B) {
	dir, cases := sharedData(b)
	for _, c := range cases {
		p := loadCase(b, filepath.Join(dir, c.file))
		for _, algo := range Algos() {
			name := strings.TrimSuffix(c.file, ".json") + "/" + algo
			b.Run(name, func(b *testing.B) {
				opt := Options{Algo: algo}
				if c.length < 0 {
					opt.MaxStates = 300_000
				}
				var res Result
				for b.Loop() {
					res, _ = Solve(p.Board, opt)
				}
				b.ReportMetric(float64(res.States), "states/op")
				b.ReportMetric(float64(len(res.Actions)), "actions/op")
			})
		}
	}
}

// BenchmarkAppendActions generates the actions of a start position.
func BenchmarkAppendActions(b *testing.B) {
	bd := loadFixture(b, "jump.json")
	buf := make([]Action, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = bd.AppendActions(buf[:0])
	}
}

// BenchmarkChildren makes every position one action away from a start
// position in compact form, as the searches do.
func BenchmarkChildren(b *testing.B) {
	bd := loadFixture(b, "chain.json")
	p := compact(&bd)
	var st stackList
	buf := make([]child, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		p.stacks(&st)
		buf = p.appendChildren(&st, buf[:0])
	}
}
