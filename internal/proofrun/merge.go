package proofrun

import (
	"encoding/json"
	"fmt"
	"io"

	"chainshot/internal/iostreams"
	"chainshot/internal/outfile"
	"chainshot/internal/status"
	"chainshot/internal/words"
)

// MergeOptions are the settings of "react merge".
type MergeOptions struct {
	Cmd string // "chainshot react merge", for messages
	// Paths are the proof files to join.
	Paths []string
	// Out is the merged file, Claim its claim through the run's gate
	// (held from before the inputs are read until it is written).
	Out   string
	Claim *outfile.Claim
}

// Merge joins the proof files of one split proof (shards, or sittings)
// into a new file: each file is checked to prove the same position with
// the same split, every line to replay, and every solved line is written
// once. It then says what the lines prove.
func Merge(io *iostreams.IO, o MergeOptions) error {
	cmd := o.Cmd
	var all *File
	for _, path := range o.Paths {
		pf, err := ReadFile(io.Inputs, cmd, path)
		if err != nil {
			return err
		}
		if pf.Empty {
			return status.BadInput("%s: %s holds no proof", cmd, path)
		}
		if pf.Cut != nil {
			io.Warnf("%s", pf.Cut.Warning())
		}
		if all == nil {
			all = pf
			continue
		}
		if err := all.join(pf); err != nil {
			return status.BadInput("%s: %v", cmd, err)
		}
	}
	if err := o.Claim.WriteFile(all.write); err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	res, err := all.Split.Combine(all.Results)
	if err != nil {
		return status.Fail("%s: %v", cmd, err)
	}
	fmt.Fprintf(io.Out, "%s: %s of %s solved\n", o.Out, words.Thousands(uint64(all.Solved)), words.Plural(len(all.Lines), "line"))
	switch {
	case res.Exact:
		fmt.Fprintf(io.Out, "proved: %c wins on ply %d\n", all.Names[res.Winner], res.Plies)
	case res.Winner >= 0:
		fmt.Fprintf(io.Out, "proved so far: %c wins, the last move on ply %d to %d\n", all.Names[res.Winner], res.PliesMin, res.PliesMax)
	default:
		fmt.Fprintf(io.Out, "who wins is not proved yet\n")
	}
	return nil
}

// join adds the lines of pf, a proof of the same position and split, to
// all's.
func (all *File) join(pf *File) error {
	if pf.Header != all.Header {
		return fmt.Errorf("%s and %s are not proofs of the same position and split", all.Path, pf.Path)
	}
	for i, l := range pf.Lines {
		if l != nil {
			if err := all.keep(l, pf.Results[i]); err != nil {
				return fmt.Errorf("%s and %s: %v", all.Path, pf.Path, err)
			}
		}
	}
	all.Nodes += pf.Nodes
	all.CPU += pf.CPU
	all.Seconds += pf.Seconds
	return nil
}

// write writes the proof file: its header, then every solved line once.
func (all *File) write(w io.Writer) error {
	data, _ := json.Marshal(all.Header)
	if _, err := w.Write(append(data, '\n')); err != nil {
		return err
	}
	for _, l := range all.Lines {
		if l == nil {
			continue
		}
		data, _ := json.Marshal(l)
		if _, err := w.Write(append(data, '\n')); err != nil {
			return err
		}
	}
	return nil
}
