package expendibots

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkSolveCases solves every case in ../shared/data/expendibots
// with each algorithm; it reports the positions stored (states/op) and
// the length found (actions/op). bfs and seed run on the LIMIT case with
// a 300,000-state budget (bfs needs 5.7 million states there).
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
				if c.length < 0 && algo != AlgoAStar {
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

// BenchmarkSolveGenerated solves, with astar, the fresh cases "boom gen"
// makes for 2 to 6 white tokens: seeds 1 to 20, seed s with 10 + s%11
// black tokens (10 to 20). It reports states/op and actions/op per case.
//
//	go test ./expendibots -run '^$' -bench SolveGenerated -benchtime 3x
func BenchmarkSolveGenerated(b *testing.B) {
	for w := 2; w <= 6; w++ {
		for seed := uint64(1); seed <= 20; seed++ {
			draws, err := GenerateWinnable(seed, NewGenParams(w, 10+int(seed%11)), Options{}, 20)
			if err != nil {
				b.Fatal(err)
			}
			bd := draws[len(draws)-1].Board
			b.Run(fmt.Sprintf("white%d/seed%d", w, seed), func(b *testing.B) {
				var res Result
				for b.Loop() {
					res, _ = Solve(bd, Options{})
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
