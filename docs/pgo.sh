#!/usr/bin/env bash
# Makes cmd/chainshot/default.pgo anew: the CPU profile that `go build`
# reads to optimise the program where it spends its time (Go's
# profile-guided optimisation; https://go.dev/doc/pgo). Each build of the
# program takes it by itself; the moves every search plays do not change,
# only how fast it plays them (BENCHMARKS.md, "Speed").
#
# The profile is of the three searches that take CPU hours: ChainShot's
# NRPA on a 15x15 board of five colours, Chain Reaction's exact solver
# (2x7, the winner only) and a match of its `best` player. About a minute
# on the project's two-core machine, from the repository root:
#
#   bash docs/pgo.sh
#
# Redo it when the searches' hot code has changed much; a stale profile
# is still read (Go matches what it can), it only helps less.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Built without the profile, so that the new one does not measure the
# old one's choices.
go build -pgo=off -o "$tmp/chainshot" ./cmd/chainshot
cs="$tmp/chainshot"
"$cs" solve ladder08-15x15-5c --budget 20s -j 1 --json --cpuprofile "$tmp/solve.prof" >/dev/null
"$cs" react solve --size 2x7 --winner-only --memory 1024 --json --cpuprofile "$tmp/exact.prof" >/dev/null
"$cs" react match --p1 best:time=0.05s --p2 best:time=0.05s --games 4 --size 9x6 --cpuprofile "$tmp/match.prof" >/dev/null
go tool pprof -proto "$tmp/solve.prof" "$tmp/exact.prof" "$tmp/match.prof" >"$tmp/default.pgo"
mv "$tmp/default.pgo" cmd/chainshot/default.pgo
echo "cmd/chainshot/default.pgo: $(wc -c <cmd/chainshot/default.pgo) bytes"
