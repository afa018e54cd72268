// Command chainshot plays, solves and analyses chain-explosion games:
// ChainShot (SameGame rules), Chain Reaction and Expendibots part A.
//
// Run "chainshot help" for the commands; README.md at the repository root
// has a tour.
package main

import "os"

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
