package datasets

// rung is one board of the built-in ladder, from very easy to extremely
// hard, as the handout's tournament promises.
type rung struct {
	name               string
	rows, cols, colors int
	seed               uint64
	level              string
}

// ladder lists the generated built-in boards. Their files under builtin/
// were made by Generate with these parameters; a test checks that they
// still are.
var ladder = []rung{
	{"ladder01-5x5-3c", 5, 5, 3, 1, "very easy"},
	{"ladder02-6x6-3c", 6, 6, 3, 2, "very easy"},
	{"ladder03-8x8-3c", 8, 8, 3, 3, "easy"},
	{"ladder04-10x10-3c", 10, 10, 3, 4, "easy"},
	{"ladder05-10x10-4c", 10, 10, 4, 5, "medium"},
	{"ladder06-12x12-4c", 12, 12, 4, 6, "medium"},
	{"ladder07-15x15-4c", 15, 15, 4, 7, "hard"},
	{"ladder08-15x15-5c", 15, 15, 5, 8, "hard"},
	{"ladder09-20x20-5c", 20, 20, 5, 9, "very hard"},
	{"ladder10-25x25-5c", 25, 25, 5, 10, "extremely hard"},
}
