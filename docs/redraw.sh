#!/usr/bin/env bash
# Redraws every picture the documents show, from the repository root, with
# the chainshot of this checkout. What each costs on the project's
# two-core machine:
#
#   docs/chainshot-replay.gif    a few seconds   a 10x10 game, largest group first
#   docs/chain-reaction.png      a few seconds   from docs/chain-reaction.txt
#   docs/serve-*.png             about 30 s      the browser test (skipped without Chromium)
#   docs/tournament-ladder.png   about 20 s      the built-in ladder at 2 CPU-s a board
#   docs/seed002/                about 25 min    react experiment seed002, 100 games a matchup
#   docs/anytime.png             about 4 h 12 min on one core: the
#     standard set at 1, 5, 30, 120 and 600 CPU-s a board, seed 1, one worker; its results
#     lines are kept beside it, docs/anytime.jsonl, from which the test
#     TestAnytimeChartIsItsData draws it again. It needs StandardTestset.txt
#     in the current folder (docs/data.md says where to get it).
#
#   bash docs/redraw.sh            all of them: about 4 h 50 min
#   bash docs/redraw.sh quick      the first four: about a minute
#   bash docs/redraw.sh anytime    one of them: replay, chain, screenshots,
#                                  ladder, seed002 or anytime
#
# A stopped anytime run resumes: its results grow in .redraw/ (one fsynced
# line a board); remove that folder to start again.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/chainshot" ./cmd/chainshot
cs="$bin/chainshot"

replay() { go test ./internal/picture -run 'TestReadmePictures$' -count=1 -readme ../../docs; }
chain() { "$cs" react analyze docs/chain-reaction.txt --move '5 2' --png docs/chain-reaction.png --prove 0 >/dev/null; }
screenshots() { go test ./cmd/chainshot -run 'TestBrowser$' -count=1 -update-screenshots; }
ladder() { "$cs" tournament ladder --budget 2s --chart docs/tournament-ladder.png >/dev/null; }
seed002() { "$cs" react experiment seed002 --games 100 --seed 1 --jobs 2 --out-dir docs/seed002; }
anytime() {
	mkdir -p .redraw
	resume=()
	[ -s .redraw/anytime.jsonl ] && resume=(--resume)
	"$cs" bench --budgets 1s,5s,30s,120s,600s -j 1 --speed-time 0 --out .redraw/anytime.jsonl "${resume[@]}" \
		--chart .redraw/anytime.png StandardTestset.txt
	cp .redraw/anytime.jsonl docs/anytime.jsonl
	cp .redraw/anytime.png docs/anytime.png
}

case "${1:-all}" in
all) replay && chain && screenshots && ladder && seed002 && anytime ;;
quick) replay && chain && screenshots && ladder ;;
replay | chain | screenshots | ladder | seed002 | anytime) "$1" ;;
*)
	echo "usage: bash docs/redraw.sh [all|quick|replay|chain|screenshots|ladder|seed002|anytime]" >&2
	exit 2
	;;
esac
