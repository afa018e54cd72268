package solver

import (
	"context"
	"testing"
	"time"

	"chainshot/cpuclock"
)

// reportCPU adds the process CPU time per operation since c0 to b's
// figures (less sensitive than wall time to other jobs on the machine;
// benchstat compares it like ns/op).
func reportCPU(b *testing.B, c0 time.Duration) {
	b.ReportMetric(float64(cpuclock.Process()-c0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkPlayout15x15 is one NRPA playout (tabu colour, uniform policy)
// on a random 15x15 board of five colours, with move codes of the cells
// a group covers and of its beads (Params.BeadCodes).
func BenchmarkPlayout15x15(b *testing.B) {
	for _, bead := range []bool{false, true} {
		b.Run(map[bool]string{false: "cells", true: "beads"}[bead], func(b *testing.B) {
			bd := randomBoard(b, 15, 15, 5, 3)
			prm := DefaultParams()
			prm.BeadCodes = bead
			s := newSearch(context.Background(), bd, Options{Seed: 1, MemoryMB: 256, Params: &prm}, nil)
			n := newNRPA(s, &s.base, 0, 1, s.newBudget(1))
			b.ReportAllocs()
			c0 := cpuclock.Process()
			for b.Loop() {
				n.playout(n.pols[1])
			}
			reportCPU(b, c0)
		})
	}
}

// BenchmarkAdapt15x15 is one adaptation of a policy toward a playout's
// line on the same board.
func BenchmarkAdapt15x15(b *testing.B) {
	bd := randomBoard(b, 15, 15, 5, 3)
	s := newSearch(context.Background(), bd, Options{Seed: 1, MemoryMB: 256}, nil)
	n := newNRPA(s, &s.base, 0, 1, s.newBudget(1))
	n.playout(n.pols[1])
	pol := newPolicy(12)
	b.ReportAllocs()
	c0 := cpuclock.Process()
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
	c0 := cpuclock.Process()
	for b.Loop() {
		g.analyse(&p)
	}
	reportCPU(b, c0)
}

// BenchmarkDFS15x15 is 20,000 nodes of dfs from a random 15x15 board.
func BenchmarkDFS15x15(b *testing.B) { benchNodes(b, "dfs", 15, 20000) }

// BenchmarkBeam25x25 is 20,000 expanded positions of the beam search
// (--algo beam: each child judged by its groups' potential) from a
// random 25x25 board of five colours.
func BenchmarkBeam25x25(b *testing.B) { benchNodes(b, "beam", 25, 20000) }

// benchNodes runs algo alone for nodes nodes on one goroutine from a
// random size x size board of five colours, and reports its nodes a CPU
// second.
func benchNodes(b *testing.B, algo string, size int, nodes int64) {
	bd := randomBoard(b, size, size, 5, 3)
	b.ReportAllocs()
	c0 := cpuclock.Process()
	for b.Loop() {
		if _, err := solve(context.Background(), bd, algo, Options{MaxNodes: nodes, Seed: 1, Workers: 1}, setup{alone: true}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, c0)
	b.ReportMetric(float64(nodes)*float64(b.N)/(float64(cpuclock.Process()-c0)/1e9), "nodes/cpu-s")
}
