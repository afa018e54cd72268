// Package filekinds lists every kind of file the program reads or
// writes, each with the cap, the format check or the record rules that
// the mechanisms apply to it: the capped reader (input.Kind), the output
// gate (outfile.Kind) and the journal (journal.Kind). A command names
// the kind of each of its files from here, so that what a kind promises
// is said once, and a test walks this list.
package filekinds

import (
	"chainshot/chainreact/exact"
	"chainshot/datasets"
	"chainshot/internal/input"
	"chainshot/internal/journal"
	"chainshot/internal/outfile"
	"chainshot/results"
)

// Inputs.
var (
	// DataSet is a ChainShot data-set file (see package datasets).
	DataSet = datasets.FileKind
	// Position is a Chain Reaction position file.
	Position = input.Kind{Name: "a Chain Reaction position", Max: 64 << 10, MaxLine: 4 << 10, Holds: "at most 16x16 cells"}
	// Openings is a file of Chain Reaction openings, one a line.
	Openings = input.Kind{Name: "an openings file", Max: 16 << 20, MaxLine: 64 << 10, Holds: "openings of a few moves each"}
	// Case is an Expendibots case (the course's JSON).
	Case = input.Kind{Name: "an Expendibots case", Max: 64 << 10, MaxLine: 64 << 10, Holds: "at most 24 tokens on 8x8 squares"}
	// Actions is a file of Expendibots actions, one a line.
	Actions = input.Kind{Name: "an actions file", Max: 1 << 20, MaxLine: 1 << 10, Holds: "one action a line, each under 40 bytes"}
)

// Record files: journals.
var (
	// Results is a results file: one JSON line per data set solved.
	Results = journal.Kind{Name: "results", Line: "a results line", MaxLine: results.MaxLineBytes,
		Holds: "a 32x32 board's line takes under 8 KiB", Resume: "rerun with --resume to continue that run"}
	// GameRecords is a Chain Reaction match's records: one JSON line a
	// game (react match --out, read by react replay).
	GameRecords = journal.Kind{Name: "game records", Line: "a game record", MaxLine: 64 << 10,
		Holds:  "a 16x16 game of at most 705 moves, with specs of at most 1 KiB, takes under 32 KiB",
		Resume: "rerun with --resume to continue that match"}
	// Ratings is a rating list's pairings: one JSON line a pairing (react
	// rate --out).
	Ratings = journal.Kind{Name: "ratings", Line: "a pairing", MaxLine: 8 << 10,
		Holds: "two specs of at most 1 KiB and the pairing's counts", Resume: "rerun with --resume to continue that list"}
	// Proof is a proof by lines: a header line, then one JSON line a line
	// solved (react solve --proof, read by react merge).
	Proof = journal.Kind{Name: "proof lines", Line: "a proof line", MaxLine: 64 << 10,
		Holds:  "a 16x16 line's principal variation of at most 705 moves takes under 8 KiB",
		Resume: "add --resume to continue that proof"}
	// ProofChecks is a proof checked line by line: a header line, then
	// one JSON line a line checked (react check --out).
	ProofChecks = journal.Kind{Name: "proof checks", Line: "a checked line", MaxLine: 4 << 10,
		Holds:  "a line's index, winner, plies and counts take under 512 bytes",
		Resume: "add --resume to continue those checks"}
)

// Whole files.
var (
	// ResultsCSV is the results as a CSV table, rewritten whole.
	ResultsCSV = outfile.Kind{Name: "a results table (CSV)", Own: outfile.Prefix("file,rows,cols,")}
	// Merged is the results file "results merge" writes: a new file,
	// never one that holds anything (results are not replaced).
	Merged  = outfile.Kind{Name: "merged results"}
	PNG     = outfile.PNG
	GIF     = outfile.GIF
	SVG     = outfile.SVG
	Profile = outfile.Profile
)

// The record files as outputs of the gate: Grows, their content the
// journal's to check.
var (
	ResultsOut     = outfile.Kind{Name: Results.Name, Grows: true}
	GameRecordsOut = outfile.Kind{Name: GameRecords.Name, Grows: true}
	RatingsOut     = outfile.Kind{Name: Ratings.Name, Grows: true}
	ProofOut       = outfile.Kind{Name: Proof.Name, Grows: true, ReadBack: "a proof file is read back to resume"}
	ProofChecksOut = outfile.Kind{Name: ProofChecks.Name, Grows: true}
)

// SolverTable is the exact solver's transposition table between sittings
// of a proof (react solve --table): rewritten whole, read back by the
// next sitting. Its reader (exact.ReadSolveTable) checks the header
// before it makes the table, which must be the size --memory gives: that
// is its cap.
var SolverTable = outfile.Kind{Name: "a solver table", Own: outfile.Prefix(exact.TableMagic),
	ReadBack: "a solver table is read back by the next sitting"}

// MergedProof is the proof file "react merge" writes: a new file.
var MergedProof = outfile.Kind{Name: "a merged proof"}

// The tables of seed 002's experiment (react experiment --out-dir),
// rewritten whole by a later run.
var (
	ExperimentTable = outfile.Kind{Name: "a table of seed 002's experiment (CSV)", Own: outfile.Prefix("agent,spec,", "heuristic_1,heuristic_2,")}
	ExperimentJSON  = outfile.Kind{Name: "seed 002's experiment (JSON)", Own: outfile.Prefix("{\n  \"experiment\": \"seed002\"")}
)
