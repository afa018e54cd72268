// Package web is "chainshot serve": one page, embedded in the binary, where a
// person plays ChainShot and Chain Reaction with the mouse, asks the solver
// for a line and watches it, and watches a chain reaction wave by wave.
//
// The page knows no rule of either game. It sends the server what it has
// (a board and the moves played so far) and draws what the server answers:
// the position, the groups and what removing each scores, a Chain Reaction
// move's trace wave by wave. The server is stateless: every request carries
// the whole game (a board file and its move list, or a Chain Reaction size
// and its move list from the empty board) and the server replays it with the
// board and chainreact packages. Nothing is kept between requests, so there
// is no session to expire, no memory that grows with the number of visitors,
// and the page's move list is the game by construction.
//
// # Routes
//
// Every route but the page and its files takes and returns JSON
// (Content-Type: application/json); errors are a 4xx with
// {"error": "..."} and, for a board file defect, "line" and "col", for an
// illegal move its 0-based "index". Moves are [row, col], 1-based, row 1 at
// the bottom, as the command line writes them.
//
//	GET  /                      the page
//	GET  /static/...            its script and style sheet
//	GET  /api/datasets          the built-in ChainShot data sets
//	POST /api/chainshot/load    {"builtin"} | {"text","name"} | {"generate"} → the board file and its state
//	POST /api/chainshot/state   {"board","moves"} → the position after the moves
//	POST /api/chainshot/hint    {"board","moves","budget_seconds"} → a suggested move
//	POST /api/chainshot/solve   {"board","name","moves","budget_seconds","algo","seed","max_nodes"} → JSON lines: the solve's id, progress, then the result
//	POST /api/chainshot/stop    {"id"} → stops that solve, whose answer ends with the best line so far, "partial"
//	GET  /api/limits            the server's limits: the longest solve and hint, the largest board
//	GET  /api/react/players     the Chain Reaction players offered, with their limits
//	POST /api/react/state       {"rows","cols","players","moves"} → the position
//	POST /api/react/move        ... and "move" → the move's trace, wave by wave, and the position after it
//	POST /api/react/ai          ... and "spec","seed" → the AI's move, its trace and the position after it
//
// # Limits
//
// Request bodies are capped (Config.MaxBody); ChainShot boards are at most
// 25x25 (the handout's range), Chain Reaction boards at most 16x16 with 2 to 8
// players. Searches (solves, hints, AI moves) run in a fixed number of slots,
// one per core by default, each searching on one goroutine; a search waits
// at most Config.QueueWait for a slot and is then refused with 429. A solve's
// budget is wall-clock time, at most Config.MaxBudget: the process's CPU
// clock is shared by every search running at once, so a CPU-time budget
// would let one visitor's solve spend another's. A request whose client goes
// away stops its search through the request's context, and its line is
// lost; the page's Cancel stops a solve by its id instead (POST
// /api/chainshot/stop), which keeps the best line found so far, marked
// partial as Ctrl-C marks it on the command line. The running solves' ids
// are the only thing the server holds, each from its solve's start to its
// end.
// AI players are limited to specs whose search fits in about two seconds
// (aiKinds), and every AI move's search is stopped after Config.MaxMoveTime
// whatever its spec; a search stops within milliseconds of its client
// leaving.
package web
