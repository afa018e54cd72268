package match_test

import (
	"context"
	"fmt"

	"chainshot/chainreact/match"
)

// A match alternates seats; wins count per player named.
func ExampleRunMatch() {
	r, err := match.RunMatch(context.Background(), match.MatchConfig{
		Specs: [2]string{"greedy", "random"}, Games: 20, Rows: 5, Cols: 4, Seed: 1, Jobs: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %d, %s %d\n", r.Specs[0], r.Wins[0], r.Specs[1], r.Wins[1])
	// Output:
	// greedy 20, random 0
}
