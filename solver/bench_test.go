package solver

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"chainshot/board"
)

var (
	benchBudget  = flag.Duration("budget", 0, "TestStandardBenchmark: CPU budget per board (the test is skipped when 0)")
	benchAlgo    = flag.String("algo", "auto", "TestStandardBenchmark: algorithm")
	benchBoards  = flag.String("boards", "1-20", "TestStandardBenchmark: boards, e.g. 1-20 or 1,4,7")
	benchWorkers = flag.Int("workers", 0, "TestStandardBenchmark: workers (0: all CPUs)")
	benchSeed    = flag.Uint64("seed", 1, "TestStandardBenchmark: seed")
	benchEval    = flag.Int("eval", 1, "TestStandardBenchmark: beam evaluation (experiments)")
	benchBias    = flag.Float64("bias", 0, "TestStandardBenchmark: NRPA playout bias toward large groups (experiments)")
	benchSuffix  = flag.Int64("suffix", 0, "TestStandardBenchmark: auto's NRPA searches of the end of the best line, percent of the budget (experiments)")
	benchNodes   = flag.Int64("nodes", 0, "TestStandardBenchmark: node budget instead of time")
	benchLevel   = flag.Int("level", 0, "TestStandardBenchmark: NRPA level (experiments)")
	benchIters   = flag.Int("iters", 100, "TestStandardBenchmark: NRPA iterations per level (experiments)")
	benchGuide   = flag.Int64("guide", -1, "TestStandardBenchmark: guidance bead penalty for every worker (experiments; -1: default)")
	benchTop     = flag.Int("top", 0, "TestStandardBenchmark: NRPA top-level iterations before a restart (experiments)")
	benchAlpha   = flag.Float64("alpha", 1, "TestStandardBenchmark: NRPA learning rate (experiments)")
	benchLIters  = flag.String("liters", "", "TestStandardBenchmark: NRPA iterations by level from 1, e.g. 0,0,10 (0: -iters; experiments)")
	benchSelect  = flag.Int("selective", 0, "TestStandardBenchmark: NRPA playouts may take tabu pairs from this move on (0: never; experiments)")
	benchStab    = flag.Int("stab", 1, "TestStandardBenchmark: NRPA playouts per level-1 iteration, the best adapted to (stabilized NRPA; experiments)")
	benchPolish  = flag.Int64("polish", 3, "TestStandardBenchmark: auto's end-of-line search, percent of the budget (experiments)")
)

// parseBoards reads "1-20" or "1,4,7".
func parseBoards(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, found := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, err
		}
		b := a
		if found {
			if b, err = strconv.Atoi(hi); err != nil {
				return nil, err
			}
		}
		for i := a; i <= b; i++ {
			out = append(out, i)
		}
	}
	return out, nil
}

// TestStandardBenchmark runs the 20 standard SameGame boards (15x15, five
// colours) under -budget per board and prints the literature score
// (sum of (n-2)^2, plus 1000 for a cleared board) and beads left:
//
//	go test ./solver -run TestStandardBenchmark -v -args -budget 30s
func TestStandardBenchmark(t *testing.T) {
	if *benchBudget <= 0 && *benchNodes <= 0 {
		t.Skip("set -budget to run the standard benchmark")
	}
	evalMode = *benchEval
	nrpaTopIters = *benchTop
	autoPolish = *benchPolish
	nrpaSelective = *benchSelect
	nrpaStab = *benchStab
	setBias(*benchBias)
	nrpaSuffix = *benchSuffix
	if *benchLIters != "" {
		for i, f := range strings.Split(*benchLIters, ",") {
			v, err := strconv.Atoi(f)
			if err != nil || i+1 >= len(nrpaLevelIters) {
				t.Fatalf("-liters: bad %q", *benchLIters)
			}
			nrpaLevelIters[i+1] = v
		}
	}
	if *benchGuide >= 0 {
		guidePenalties = []int64{*benchGuide}
	}
	nrpaLevelsFixed, nrpaIters, nrpaAlpha = *benchLevel, *benchIters, *benchAlpha
	boards, err := parseBoards(*benchBoards)
	if err != nil {
		t.Fatalf("-boards: %v", err)
	}
	total, cleared, beadsLeft := 0, 0, 0
	var cpuTotal, worst time.Duration
	fmt.Printf("algorithm %s, budget %v per board, workers %d, seed %d, %s/%s, %d CPUs\n",
		*benchAlgo, *benchBudget, *benchWorkers, *benchSeed, runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	fmt.Printf("%-6s %7s %6s %6s %8s %10s %s\n", "board", "lit", "score", "left", "cpu_s", "nodes/s", "algorithm")
	for _, n := range boards {
		b := loadStandard(t, n)
		c0 := ProcessCPU()
		r, err := Solve(context.Background(), b, *benchAlgo, Options{Budget: *benchBudget, MaxNodes: *benchNodes, Seed: *benchSeed, Workers: *benchWorkers})
		cpu := ProcessCPU() - c0
		if err != nil {
			t.Fatal(err)
		}
		end, score, err := board.Replay(b, r.Moves)
		if err != nil || score != r.Score || end.Beads() != r.BeadsLeft {
			t.Fatalf("board %d: result does not replay: %v", n, err)
		}
		lit := r.Score
		if r.BeadsLeft == 0 {
			lit += 1000
			cleared++
		}
		total += lit
		beadsLeft += r.BeadsLeft
		cpuTotal += cpu
		worst = max(worst, cpu-*benchBudget)
		fmt.Printf("sg%02d   %7d %6d %6d %8.2f %10.0f %s\n", n, lit, r.Score, r.BeadsLeft, cpu.Seconds(), float64(r.Nodes)/cpu.Seconds(), r.Algorithm)
	}
	fmt.Printf("total  %7d  cleared %d/%d, beads left %d, cpu %.1f s, worst overrun of the budget %v\n",
		total, cleared, len(boards), beadsLeft, cpuTotal.Seconds(), worst.Round(time.Millisecond))
}

func BenchmarkPlayout15x15(b *testing.B) {
	bd := randomBoard(b, 15, 15, 5, 3)
	s := newSearch(context.Background(), bd, Options{Seed: 1, MemoryMB: 256}, nil)
	n := newNRPA(s, 0, 1, s.newBudget(1))
	b.ReportAllocs()
	for b.Loop() {
		n.playout(n.pols[1])
	}
}

func BenchmarkAnalyse15x15(b *testing.B) {
	bd := randomBoard(b, 15, 15, 5, 3)
	p := fromBoard(&bd)
	var g groups
	for b.Loop() {
		g.analyse(&p)
	}
}

// TestHandoutSamples solves the handout's six sample boards (repaired
// where defective) under -budget each and prints the result:
//
//	go test ./solver -run TestHandoutSamples -v -args -budget 5s
func TestHandoutSamples(t *testing.T) {
	if *benchBudget <= 0 {
		t.Skip("set -budget to run the handout samples")
	}
	dir := filepath.Join(sharedDir(t), "data", "chainshot-samples")
	fmt.Printf("%-8s %5s %6s %6s %5s %8s %10s %s\n", "sample", "size", "score", "left", "opt", "cpu_s", "nodes", "algorithm")
	for i := 1; i <= 6; i++ {
		name := filepath.Join(dir, fmt.Sprintf("sample%d.txt", i))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Skipf("sample: %v", err)
		}
		p, err := board.Parse(data, name, board.Options{Repair: true})
		if err != nil {
			t.Fatal(err)
		}
		b := p.Board
		c0 := ProcessCPU()
		r, err := Solve(context.Background(), b, *benchAlgo, Options{Budget: *benchBudget, Seed: *benchSeed, Workers: *benchWorkers})
		cpu := ProcessCPU() - c0
		if err != nil {
			t.Fatal(err)
		}
		end, score, err := board.Replay(b, r.Moves)
		if err != nil || score != r.Score || end.Beads() != r.BeadsLeft {
			t.Fatalf("sample %d: result does not replay: %v", i, err)
		}
		fmt.Printf("sample%d %2dx%-2d %6d %6d %5v %8.2f %10d %s\n", i, b.Rows(), b.Cols(), r.Score, r.BeadsLeft, r.Optimal, cpu.Seconds(), r.Nodes, r.Algorithm)
	}
}
