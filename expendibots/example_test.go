package expendibots_test

import (
	"fmt"

	"chainshot/expendibots"
)

func ExampleSolve() {
	p, err := expendibots.ParseJSON([]byte(`{"white": [[1,1,4]], "black": [[1,4,6]]}`), "level1.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := expendibots.Solve(p.Board, expendibots.Options{MaxStates: 100_000})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, len(res.Actions), "actions, shortest:", res.Optimal)
	fmt.Println(res.Actions[len(res.Actions)-1])
	// Output:
	// solved 4 actions, shortest: true
	// BOOM at (3, 5).
}

func ExampleBoard_Step() {
	p, _ := expendibots.ParseJSON([]byte(`{"white": [[2,0,0]], "black": [[1,1,1],[1,2,2],[1,7,7]]}`), "chain.json")
	b := p.Board
	b, _, err := b.Step(expendibots.MoveAction(1, 0, 0, 0, 1))
	if err != nil {
		fmt.Println(err)
		return
	}
	b, exploded, err := b.Step(expendibots.BoomAction(0, 0))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("exploded:", exploded.Squares())
	fmt.Println("left:", b.Stacks())
	_, err = b.Apply(expendibots.MoveAction(2, 0, 1, 0, 3))
	fmt.Println(err)
	// Output:
	// exploded: [(0, 0) (0, 1) (1, 1) (2, 2)]
	// left: [{black 1 7 7}]
	// expendibots: illegal action "MOVE 2 from (0, 1) to (0, 3).": no stack at (0, 1)
}
