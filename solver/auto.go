package solver

// runAuto picks an algorithm by board and budget.
func runAuto(s *search) {
	runGreedy(s)
}
