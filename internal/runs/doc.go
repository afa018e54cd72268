// Package runs runs ChainShot's solver over data sets, the work behind
// "chainshot solve", "tournament" and "bench": a Plan of data sets (and
// seeds), each solved within its budget, its line replayed before it is
// reported, recorded in the run's results files (a Recorder: --out, a
// journal that grows one fsynced line per finished data set and resumes;
// --csv, rewritten whole), drawn as a replay on request, and shown as the
// command asks; Ctrl-C stops the run with every finished line kept.
//
// A command fills a Plan from its flags and calls Run with the run's
// streams (iostreams.IO): no *cli.Context below this line, so a test
// runs a tournament without the binary.
package runs
