package runs

import (
	"fmt"

	"chainshot/datasets"
	"chainshot/internal/iostreams"
	"chainshot/internal/shard"
)

// Work returns the work of a run: each data set once for each seed, the
// seeds of one data set side by side (so that shards share out each data
// set's seeds), and the seed of each; with no seeds, the data sets and
// nil.
func Work(sets []datasets.Set, seeds []uint64) ([]datasets.Set, []uint64) {
	if seeds == nil {
		return sets, nil
	}
	var work []datasets.Set
	var workSeeds []uint64
	for _, set := range sets {
		for _, seed := range seeds {
			work = append(work, set)
			workSeeds = append(workSeeds, seed)
		}
	}
	return work, workSeeds
}

// WorkName names a run's unit of work, for a count.
func WorkName(seeds []uint64) string {
	if seeds != nil {
		return "(data set, seed) pair"
	}
	return "data set"
}

// Shard returns shard sh of sets and their seeds (nil for none): every
// N-th from the K-th.
func Shard(sets []datasets.Set, seeds []uint64, sh shard.Shard) ([]datasets.Set, []uint64) {
	var mine []datasets.Set
	var mineSeeds []uint64
	for i, set := range sets {
		if sh.Picks(i) {
			mine = append(mine, set)
			if seeds != nil {
				mineSeeds = append(mineSeeds, seeds[i])
			}
		}
	}
	return mine, mineSeeds
}

// OnceEach drops the data sets named a second time ("ladder
// ladder03-10x10-3c", "multi.txt#3 multi.txt"), with a note: a run
// records one line a data set.
func OnceEach(io *iostreams.IO, sets []datasets.Set) []datasets.Set {
	seen := map[string]bool{}
	var out []datasets.Set
	for _, set := range sets {
		if seen[set.Name] {
			fmt.Fprintf(io.Err, "note: %s is named twice; it runs once\n", set.Name)
			continue
		}
		seen[set.Name] = true
		out = append(out, set)
	}
	return out
}
