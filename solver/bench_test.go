package solver

import (
	"context"
	"encoding/json"
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
	"chainshot/datasets"
)

var (
	benchBudget  = flag.Duration("budget", 0, "TestStandardBenchmark: CPU budget per board (the test is skipped when 0 and -nodes is 0)")
	benchAlgo    = flag.String("algo", "auto", "TestStandardBenchmark: algorithm")
	benchBoards  = flag.String("boards", "1-20", "TestStandardBenchmark: standard boards, e.g. 1-20 or 1,4,7")
	benchGen     = flag.String("gen", "", "TestStandardBenchmark: generated boards instead, RxCxK:SEEDS, e.g. 15x15x4:101-110")
	benchWorkers = flag.Int("workers", 0, "TestStandardBenchmark: workers (0: all CPUs)")
	benchSeed    = flag.String("seed", "1", "TestStandardBenchmark: seeds, e.g. 1 or 1-3")
	benchNodes   = flag.Int64("nodes", 0, "TestStandardBenchmark: node budget instead of time")
	benchParams  = flag.String("params", "", `TestStandardBenchmark: JSON of Params fields to change, e.g. {"Penalties":[5]} (experiments)`)
	benchOut     = flag.String("out", "", "TestStandardBenchmark: append one JSON line per board to this file")
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

// benchBoard is a board of a benchmark run.
type benchBoard struct {
	name string
	b    board.Board
}

// benchSet returns the boards -boards or -gen names.
func benchSet(t *testing.T) []benchBoard {
	var out []benchBoard
	if *benchGen != "" {
		size, seeds, ok := strings.Cut(*benchGen, ":")
		var r, c, k int
		if _, err := fmt.Sscanf(size, "%dx%dx%d", &r, &c, &k); err != nil || !ok {
			t.Fatalf("-gen: want RxCxK:SEEDS, got %q", *benchGen)
		}
		list, err := parseBoards(seeds)
		if err != nil {
			t.Fatalf("-gen: %v", err)
		}
		for _, seed := range list {
			b, err := datasets.Generate(r, c, k, uint64(seed))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, benchBoard{fmt.Sprintf("g%dx%dx%d-%d", r, c, k, seed), b})
		}
		return out
	}
	list, err := parseBoards(*benchBoards)
	if err != nil {
		t.Fatalf("-boards: %v", err)
	}
	for _, n := range list {
		out = append(out, benchBoard{"sg" + twoDigits(n), loadStandard(t, n)})
	}
	return out
}

// benchParamsValue returns DefaultParams with -params applied.
func benchParamsValue(t *testing.T) Params {
	prm := DefaultParams()
	if *benchParams != "" {
		dec := json.NewDecoder(strings.NewReader(*benchParams))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&prm); err != nil {
			t.Fatalf("-params: %v", err)
		}
	}
	return prm
}

// TestStandardBenchmark runs the 20 standard SameGame boards (15x15, five
// colours), or generated ones (-gen), under -budget per board and prints
// the literature score (sum of (n-2)^2, plus 1000 for a cleared board)
// and beads left, after replaying every line:
//
//	go test ./solver -run TestStandardBenchmark -v -args -budget 30s
//	go test ./solver -run TestStandardBenchmark -v -args -budget 5s -seed 1-3 -gen 15x15x4:101-110
func TestStandardBenchmark(t *testing.T) {
	if *benchBudget <= 0 && *benchNodes <= 0 {
		t.Skip("set -budget or -nodes to run the standard benchmark")
	}
	prm := benchParamsValue(t)
	seeds, err := parseBoards(*benchSeed)
	if err != nil {
		t.Fatalf("-seed: %v", err)
	}
	boards := benchSet(t)
	var out *os.File
	if *benchOut != "" {
		if out, err = os.OpenFile(*benchOut, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err != nil {
			t.Fatal(err)
		}
		defer out.Close()
	}
	pj, _ := json.Marshal(prm)
	for _, seed := range seeds {
		total, cleared, beadsLeft := 0, 0, 0
		var cpuTotal, worst time.Duration
		fmt.Printf("algorithm %s, budget %v, nodes %d per board, workers %d, seed %d, %s/%s, %d CPUs, params %s\n",
			*benchAlgo, *benchBudget, *benchNodes, *benchWorkers, seed, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), pj)
		fmt.Printf("%-14s %7s %6s %6s %8s %10s %s\n", "board", "lit", "score", "left", "cpu_s", "nodes/s", "algorithm")
		for _, bb := range boards {
			c0 := ProcessCPU()
			r, err := Solve(context.Background(), bb.b, *benchAlgo, Options{Budget: *benchBudget, MaxNodes: *benchNodes, Seed: uint64(seed), Workers: *benchWorkers, Params: &prm})
			cpu := ProcessCPU() - c0
			if err != nil {
				t.Fatal(err)
			}
			end, score, err := board.Replay(bb.b, r.Moves)
			if err != nil || score != r.Score || end.Beads() != r.BeadsLeft {
				t.Fatalf("%s: result does not replay: %v", bb.name, err)
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
			fmt.Printf("%-14s %7d %6d %6d %8.2f %10.0f %s\n", bb.name, lit, r.Score, r.BeadsLeft, cpu.Seconds(), float64(r.Nodes)/cpu.Seconds(), r.Algorithm)
			if out != nil {
				line, _ := json.Marshal(map[string]any{"board": bb.name, "seed": seed, "budget": benchBudget.Seconds(), "nodes_budget": *benchNodes,
					"lit": lit, "score": r.Score, "left": r.BeadsLeft, "cpu": cpu.Seconds(), "nodes": r.Nodes, "algorithm": r.Algorithm, "params": json.RawMessage(pj)})
				fmt.Fprintf(out, "%s\n", line)
			}
		}
		fmt.Printf("total  %7d  cleared %d/%d, beads left %d, cpu %.1f s, worst overrun of the budget %v (seed %d)\n",
			total, cleared, len(boards), beadsLeft, cpuTotal.Seconds(), worst.Round(time.Millisecond), seed)
	}
}

// reportCPU adds the process CPU time per operation since c0 to b's
// figures (less sensitive than wall time to other jobs on the machine;
// benchstat compares it like ns/op).
func reportCPU(b *testing.B, c0 time.Duration) {
	b.ReportMetric(float64(ProcessCPU()-c0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkPlayout15x15 is one NRPA playout (tabu colour, uniform policy)
// on a random 15x15 board of five colours.
func BenchmarkPlayout15x15(b *testing.B) {
	bd := randomBoard(b, 15, 15, 5, 3)
	s := newSearch(context.Background(), bd, Options{Seed: 1, MemoryMB: 256}, nil)
	n := newNRPA(s, 0, 1, s.newBudget(1))
	b.ReportAllocs()
	c0 := ProcessCPU()
	for b.Loop() {
		n.playout(n.pols[1])
	}
	reportCPU(b, c0)
}

// BenchmarkAdapt15x15 is one adaptation of a policy toward a playout's
// line on the same board.
func BenchmarkAdapt15x15(b *testing.B) {
	bd := randomBoard(b, 15, 15, 5, 3)
	s := newSearch(context.Background(), bd, Options{Seed: 1, MemoryMB: 256}, nil)
	n := newNRPA(s, 0, 1, s.newBudget(1))
	n.playout(n.pols[1])
	pol := newPolicy(12)
	b.ReportAllocs()
	c0 := ProcessCPU()
	for b.Loop() {
		n.adapt(pol, &n.cur)
	}
	reportCPU(b, c0)
}

// BenchmarkAnalyse15x15 finds every group of a full 15x15 board.
func BenchmarkAnalyse15x15(b *testing.B) {
	bd := randomBoard(b, 15, 15, 5, 3)
	p := fromBoard(&bd)
	var g groups
	b.ReportAllocs()
	c0 := ProcessCPU()
	for b.Loop() {
		g.analyse(&p)
	}
	reportCPU(b, c0)
}

// BenchmarkDFS15x15 is 20,000 nodes of dfs from a random 15x15 board.
func BenchmarkDFS15x15(b *testing.B) {
	bd := randomBoard(b, 15, 15, 5, 3)
	b.ReportAllocs()
	c0 := ProcessCPU()
	for b.Loop() {
		if _, err := solve(context.Background(), bd, "dfs", Options{MaxNodes: 20000, Seed: 1, Workers: 1}, setup{alone: true}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, c0)
	b.ReportMetric(20000*float64(b.N)/(float64(ProcessCPU()-c0)/1e9), "nodes/cpu-s")
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
		r, err := Solve(context.Background(), b, *benchAlgo, Options{Budget: *benchBudget, Seed: 1, Workers: *benchWorkers})
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
