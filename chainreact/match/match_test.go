package match

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chainshot/chainreact"
	"chainshot/chainreact/ai"
)

// TestSPRTBounds checks Wald's bounds: log(β/(1-α)) and log((1-β)/α),
// ±2.944 for α = β = 0.05 as cutechess-cli and OpenBench print them.
func TestSPRTBounds(t *testing.T) {
	lo, hi := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Bounds()
	if math.Abs(lo+2.944) > 5e-4 || math.Abs(hi-2.944) > 5e-4 {
		t.Fatalf("bounds %.4f, %.4f, want ∓2.944", lo, hi)
	}
	lo, hi = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.1, Beta: 0.01}.Bounds()
	if math.Abs(lo-math.Log(0.01/0.9)) > 1e-12 || math.Abs(hi-math.Log(0.99/0.1)) > 1e-12 {
		t.Fatalf("bounds %.4f, %.4f", lo, hi)
	}
}

// TestLLRBinomial checks the generalized LLR on games without draws,
// where the most likely distribution of mean s is Bernoulli(s), against
// Wald's formula for a binomial: W·log(s1/s0) + L·log((1-s1)/(1-s0)).
func TestLLRBinomial(t *testing.T) {
	for _, tc := range []struct{ w, l int }{{10, 10}, {30, 10}, {5, 40}, {120, 80}, {400, 380}, {1, 0}} {
		for _, e := range [][2]float64{{0, 5}, {0, 50}, {-20, 20}, {100, 200}} {
			s0, s1 := ScoreOf(e[0]), ScoreOf(e[1])
			want := float64(tc.w)*math.Log(s1/s0) + float64(tc.l)*math.Log((1-s1)/(1-s0))
			got := gsprtLLR([]float64{0, 1}, []float64{float64(tc.l), float64(tc.w)}, s0, s1)
			// the 1e-3 floor on each count moves the ratio by about that much
			if math.Abs(got-want) > 0.01 {
				t.Errorf("%d-%d, Elo %v: LLR %.5f, Wald's formula %.5f", tc.w, tc.l, e, got, want)
			}
		}
	}
}

// pentaLLRByHand is the pentanomial LLR without draws computed another
// way: the distribution (p0, p½, p1) of mean s is p1 - p0 = 2s - 1, one
// free parameter, over which the log-likelihood of the counts is
// maximised by a golden-section search.
func pentaLLRByHand(p Penta, s0, s1 float64) float64 {
	n := [3]float64{}
	for i, c := range p {
		n[i] = math.Max(float64(c), 1e-3)
	}
	ll := func(s float64) float64 {
		// p0 = x, p1 = x + 2s - 1, p½ = 2 - 2s - 2x, all positive
		lo, hi := math.Max(0, 1-2*s), 1-s
		f := func(x float64) float64 {
			return n[0]*math.Log(x) + n[1]*math.Log(2-2*s-2*x) + n[2]*math.Log(x+2*s-1)
		}
		g := (math.Sqrt(5) - 1) / 2
		a, b := lo, hi
		for k := 0; k < 300; k++ {
			c, d := b-g*(b-a), a+g*(b-a)
			if f(c) > f(d) {
				b = d
			} else {
				a = c
			}
		}
		return f((a + b) / 2)
	}
	return ll(s1) - ll(s0)
}

// TestLLRPentanomial checks the match's LLR over pairs against the same
// ratio computed by hand, and the verdicts at the bounds.
func TestLLRPentanomial(t *testing.T) {
	for _, p := range []Penta{{10, 20, 10}, {3, 30, 17}, {40, 50, 10}, {0, 7, 30}, {0, 0, 12}, {25, 0, 0}, {100, 210, 120}} {
		for _, e := range [][2]float64{{0, 5}, {0, 50}, {-10, 40}, {150, 250}} {
			test := SPRT{Elo0: e[0], Elo1: e[1], Alpha: 0.05, Beta: 0.05}
			got, want := test.LLR(p), pentaLLRByHand(p, ScoreOf(e[0]), ScoreOf(e[1]))
			if math.Abs(got-want) > 1e-6*(1+math.Abs(want)) {
				t.Errorf("%v, Elo %v: LLR %.6f, by hand %.6f", p, e, got, want)
			}
		}
	}
	test := SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	if v := test.Verdict(test.LLR(Penta{0, 0, 12})); v != AcceptH1 {
		t.Errorf("12 pairs won outright against elo1 100: %v", v)
	}
	if v := test.Verdict(test.LLR(Penta{12, 0, 0})); v != AcceptH0 {
		t.Errorf("12 pairs lost outright: %v", v)
	}
	if v := test.Verdict(test.LLR(Penta{2, 4, 2})); v != Continue {
		t.Errorf("8 even pairs: %v", v)
	}
}

// TestElo checks the Elo estimate and its interval on counts worked out
// by hand.
func TestElo(t *testing.T) {
	// 10 pairs at 0, 20 at ½, 10 at 1: score ½, Elo 0; variance of a pair
	// score (10·¼ + 10·¼)/40 = 1/8, standard error sqrt(1/8/40) = 0.0559
	elo, lo, hi := Penta{10, 20, 10}.Elo()
	se := math.Sqrt(1.0 / 8 / 40)
	if math.Abs(elo) > 1e-9 || math.Abs(hi-EloOf(0.5+1.959964*se)) > 1e-3 || math.Abs(lo+hi) > 1e-9 {
		t.Errorf("Elo %v [%v, %v]", elo, lo, hi)
	}
	// three quarters of the points: -400·log10(1/0.75 - 1) = +190.85
	if elo, _, _ := (Penta{0, 10, 10}).Elo(); math.Abs(elo-190.849) > 1e-3 {
		t.Errorf("score 0.75: Elo %v, want 190.849", elo)
	}
	// every game won: +inf, and the low end Wilson's for 10 of 10
	// (0.7225): +166.2
	if elo, lo, hi := (Penta{0, 0, 5}).Elo(); !math.IsInf(elo, 1) || !math.IsInf(hi, 1) || math.Abs(lo-166.2) > 0.05 {
		t.Errorf("every game won: Elo %v [%v, %v], want +inf [+166.2, +inf]", elo, lo, hi)
	}
	if s := ScoreOf(EloOf(0.3)); math.Abs(s-0.3) > 1e-12 {
		t.Errorf("ScoreOf(EloOf(0.3)) = %v", s)
	}
}

// TestPairedGames checks the pairing: both games of a pair start from
// the same opening, the seats swapped, the players seeded alike; pairs
// differ from each other; the pentanomial counts add the pairs up.
func TestPairedGames(t *testing.T) {
	for _, openings := range [][][]chainreact.Move{nil, {{0, 5}, {7, 8, 7}}} {
		cfg := MatchConfig{Specs: [2]string{"best:nodes=300", "greedy"}, Games: 12, Rows: 5, Cols: 4, Seed: 7, Jobs: 2, OpeningPlies: 3, Openings: openings}
		r, err := RunMatch(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Records) != 12 {
			t.Fatalf("%d records", len(r.Records))
		}
		var p Penta
		seen := map[string]bool{}
		for k := 0; k < 6; k++ {
			a, b := r.Records[2*k], r.Records[2*k+1]
			if a.Game != 2*k || b.Game != 2*k+1 || a.First != 0 || b.First != 1 {
				t.Fatalf("pair %d: games %d and %d, first movers %d and %d", k+1, a.Game, b.Game, a.First, b.First)
			}
			want, _ := cfg.Opening(k)
			if openings != nil && !slices.Equal(want, openings[k%2]) {
				t.Fatalf("pair %d opens with %v, want line %d of the list", k+1, want, k%2+1)
			}
			if len(want) == 0 || a.Opening != len(want) || b.Opening != len(want) ||
				!slices.Equal(a.Moves[:a.Opening], want) || !slices.Equal(b.Moves[:b.Opening], want) {
				t.Fatalf("pair %d: openings %v and %v, want %v", k+1, a.Moves[:a.Opening], b.Moves[:b.Opening], want)
			}
			seen[FormatOpening(5, 4, want)] = true
			p[boolInt(a.Winner == 0)+boolInt(b.Winner == 0)]++
		}
		if openings == nil && len(seen) < 5 {
			t.Errorf("6 pairs drew only %d different openings", len(seen))
		}
		if p != r.Penta {
			t.Errorf("pentanomial %v, the records say %v", r.Penta, p)
		}
	}
	// each player has the same seed in both games of a pair, and another
	// in the next pair
	seeds := map[string][]uint64{}
	var mu sync.Mutex
	cfg := MatchConfig{Specs: [2]string{"random", "greedy"}, Games: 6, Rows: 4, Cols: 4, Seed: 3, Jobs: 1, OpeningPlies: 1,
		NewPlayer: func(spec string, seed uint64) (ai.Player, error) {
			p, err := ai.NewPlayer(spec, seed)
			return &seedRecorder{Player: p, spec: spec, seeds: seeds, mu: &mu}, err
		}}
	if _, err := RunMatch(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	for spec, got := range seeds {
		g := got // one Reset a game
		if len(g) != 6 || g[0] != g[1] || g[2] != g[3] || g[4] != g[5] || g[0] == g[2] || g[2] == g[4] {
			t.Errorf("%s: seeds game by game %v, want one a pair", spec, g)
		}
	}
	if seeds["random"][0] == seeds["greedy"][0] {
		t.Errorf("both players have seed %d", seeds["random"][0])
	}
}

// seedRecorder is a player that notes the seeds it is reset with.
type seedRecorder struct {
	ai.Player
	spec  string
	seeds map[string][]uint64
	mu    *sync.Mutex
}

func (r *seedRecorder) Reset(seed uint64) {
	r.mu.Lock()
	r.seeds[r.spec] = append(r.seeds[r.spec], seed)
	r.mu.Unlock()
	r.Player.Reset(seed)
}

// TestSPRTStopsMatch checks a match with an SPRT stops at the first
// pair whose LLR crosses a bound, and reports that LLR.
func TestSPRTStopsMatch(t *testing.T) {
	for _, tc := range []struct {
		specs [2]string
		want  Verdict
	}{
		{[2]string{"greedy", "random"}, AcceptH1},
		{[2]string{"random", "greedy"}, AcceptH0},
	} {
		test := SPRT{Elo0: 0, Elo1: 150, Alpha: 0.05, Beta: 0.05}
		cfg := MatchConfig{Specs: tc.specs, Games: 400, Rows: 5, Cols: 5, Seed: 2, Jobs: 1, OpeningPlies: 2, SPRT: &test}
		r, err := RunMatch(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != tc.want || r.Games >= 400 || r.Games%2 != 0 {
			t.Fatalf("%v: %v after %d games", tc.specs, r.Verdict, r.Games)
		}
		if llr := test.LLR(r.Penta); llr != r.LLR || test.Verdict(llr) != tc.want {
			t.Fatalf("%v: reported LLR %v, the pairs give %v", tc.specs, r.LLR, llr)
		}
		// one pair fewer had not decided
		last := r.Records[len(r.Records)-1]
		before := r.Penta
		before[boolInt(r.Records[len(r.Records)-2].Winner == 0)+boolInt(last.Winner == 0)]--
		if v := test.Verdict(test.LLR(before)); v != Continue {
			t.Fatalf("%v: already %v one pair earlier", tc.specs, v)
		}
	}
}

// TestResumeMatch plays a match, then the same match again from the
// records of its first games: the games recorded are not played again,
// and the result is the same games.
func TestResumeMatch(t *testing.T) {
	cfg := MatchConfig{Specs: [2]string{"best:nodes=200", "seed001"}, Games: 9, Rows: 5, Cols: 4, Seed: 4, Jobs: 2, OpeningPlies: 2}
	var lines [][]byte
	cfg.Record = func(r GameRecord) error {
		lines = append(lines, cfg.RecordLine(r))
		return nil
	}
	full, err := RunMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 9 {
		t.Fatalf("%d records written", len(lines))
	}
	resumed := cfg
	played := 0
	resumed.Record = func(GameRecord) error { played++; return nil }
	for _, l := range lines[:5] {
		r, err := parseLine(cfg, bytes.TrimSpace(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		resumed.Played = append(resumed.Played, r)
	}
	again, err := RunMatch(context.Background(), resumed)
	if err != nil {
		t.Fatal(err)
	}
	if played != 4 {
		t.Errorf("the resumed match played %d games, want the 4 not recorded", played)
	}
	if again.Wins != full.Wins || again.Penta != full.Penta || again.Games != 9 {
		t.Errorf("resumed: %v %v in %d games, straight: %v %v", again.Wins, again.Penta, again.Games, full.Wins, full.Penta)
	}
	for i := range full.Records {
		if !slices.Equal(full.Records[i].Moves, again.Records[i].Moves) {
			t.Errorf("game %d differs once resumed", i+1)
		}
	}
	// a game recorded twice, or of another match, is refused
	dup := resumed
	dup.Played = append(slices.Clone(resumed.Played), resumed.Played[0])
	if _, err := RunMatch(context.Background(), dup); err == nil || !strings.Contains(err.Error(), "recorded twice") {
		t.Errorf("a game given twice: %v", err)
	}
}

// TestRecordLines checks a record line reads back to the same game, and
// that a line of another match or a doctored one is refused.
func TestRecordLines(t *testing.T) {
	cfg := MatchConfig{Specs: [2]string{"greedy", "random"}, Games: 2, Rows: 4, Cols: 4, Seed: 5, Jobs: 1, OpeningPlies: 2}
	var recs []GameRecord
	cfg.Record = func(r GameRecord) error { recs = append(recs, r); return nil }
	if _, err := RunMatch(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	line := bytes.TrimSpace(cfg.RecordLine(recs[1]))
	got, err := parseLine(cfg, line)
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != 1 || got.First != 1 || got.Winner != recs[1].Winner || !slices.Equal(got.Moves, recs[1].Moves) {
		t.Fatalf("read back %+v, wrote %+v", got, recs[1])
	}
	var l RecordJSON
	if err := json.Unmarshal(line, &l); err != nil {
		t.Fatal(err)
	}
	info, rec, err := ReadRecordJSON(&l)
	if err != nil || info.Specs != cfg.Specs || info.Rows != 4 || !slices.Equal(rec.Moves, recs[1].Moves) {
		t.Fatalf("ReadRecord: %+v %v", info, err)
	}
	other := cfg
	other.Seed = 6
	flip := map[string]string{`"winner":"p1"`: `"winner":"p2"`, `"winner":"p2"`: `"winner":"p1"`}
	var flipped []byte
	for a, b := range flip {
		if bytes.Contains(line, []byte(a)) {
			flipped = bytes.Replace(line, []byte(a), []byte(b), 1)
		}
	}
	for _, tc := range []struct {
		name string
		cfg  MatchConfig
		line []byte
		want string
	}{
		{"another seed", other, line, `seed "5", this match's is "6"`},
		{"the winner flipped", cfg, flipped, "the moves make"},
		{"a move cut", cfg, bytes.Replace(line, []byte(`"moves":[[`), []byte(`"moves":[[1,1],[`), 1), "plies"},
		{"game 0", cfg, bytes.Replace(line, []byte(`"game":2,"pair":1`), []byte(`"game":0,"pair":0`), 1), `"game" is 0: want 1 to 1000000`},
		{"the wrong pair", cfg, bytes.Replace(line, []byte(`"pair":1`), []byte(`"pair":2`), 1), `"pair" is 2: game 2 is in pair 1`},
		{"a size off the rules", cfg, bytes.Replace(line, []byte(`"size":"4x4"`), []byte(`"size":"1000000x1000000"`), 1), `"size" is "1000000x1000000": want RxC`},
	} {
		if _, err := parseLine(tc.cfg, tc.line); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestParseOpening reads openings and refuses bad ones with the column.
func TestParseOpening(t *testing.T) {
	var o [][]chainreact.Move
	for _, line := range []string{"# two openings", "1 1, 9 6", "", "  5 3,5 4 , 2 2"} {
		if !IsOpening(line) {
			continue
		}
		moves, err := ParseOpening(line, 9, 6)
		if err != nil {
			t.Fatal(err)
		}
		o = append(o, moves)
	}
	if len(o) != 2 || FormatOpening(9, 6, o[0]) != "1 1, 9 6" || FormatOpening(9, 6, o[1]) != "5 3, 5 4, 2 2" {
		t.Fatalf("openings %v", o)
	}
	for _, tc := range []struct{ in, want string }{
		{"1 1, 1 1", "6: move 2, 1 1: cell 1 1 belongs to another player"},
		{"1 1, 10 1", "6: move 2: 10 1 is off the 9x6 board"},
		{"1 1 9 6", "1: move 1: want a move as"},
	} {
		if _, err := ParseOpening(tc.in, 9, 6); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
	if _, err := ParseOpening("1 1, 1 2, 1 1", 2, 2); err == nil || !strings.Contains(err.Error(), "ends the game") {
		t.Errorf("an opening that ends the game: %v", err)
	}
}

// FuzzParseOpening: any line is read or refused, never a panic, and
// what is read is legal and formats back to itself.
func FuzzParseOpening(f *testing.F) {
	f.Add("1 1, 9 6")
	f.Add("1,1")
	f.Add("0 0")
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseOpening(s, 9, 6)
		if err != nil {
			var oe *OpeningError
			if !errors.As(err, &oe) || strings.Contains(err.Error(), "strconv") {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if err := CheckOpening(9, 6, moves); err != nil {
			t.Fatalf("%q: read an illegal opening: %v", s, err)
		}
		back, err := ParseOpening(FormatOpening(9, 6, moves), 9, 6)
		if err != nil || !slices.Equal(back, moves) {
			t.Fatalf("%q: does not format back: %v", s, err)
		}
	})
}

// parseLine decodes a record line (plainly: the strict decoder is the
// reader's, package matchrun) and checks it as a game of cfg's match.
func parseLine(cfg MatchConfig, line []byte) (GameRecord, error) {
	var l RecordJSON
	if err := json.Unmarshal(line, &l); err != nil {
		return GameRecord{}, err
	}
	return cfg.CheckRecordJSON(&l)
}

// TestSPRTVerdictStays plays an SPRT with pairs under way at the verdict
// (two jobs): the verdict and the ratio that reached it stay, though the
// pairs that finish after it change the ratio over all pairs.
func TestSPRTVerdictStays(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 150, Alpha: 0.05, Beta: 0.05}
	for seed := uint64(1); seed <= 4; seed++ {
		cfg := MatchConfig{Specs: [2]string{"greedy", "random"}, Games: 400, Rows: 5, Cols: 5, Seed: seed, Jobs: 2, OpeningPlies: 2, SPRT: &test}
		r, err := RunMatch(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		_, upper := test.Bounds()
		if r.Verdict != AcceptH1 || r.LLR < upper || r.DecidedPairs < 1 || r.DecidedPairs > r.Penta.Pairs() {
			t.Fatalf("seed %d: %v with LLR %.3f after %d pairs of %d", seed, r.Verdict, r.LLR, r.DecidedPairs, r.Penta.Pairs())
		}
		if got := test.LLR(r.Penta); got != r.FinalLLR {
			t.Fatalf("seed %d: final LLR %v, the pairs give %v", seed, r.FinalLLR, got)
		}
	}
}

// TestSPRTVerdictKeepsItsRatio drives decide by hand: pairs won until the
// test accepts H1, then pairs lost that bring the ratio over all pairs
// back below the upper bound (as pairs under way at the verdict may).
// The verdict and the ratio that reached it stay; the ratio over all
// pairs is reported apart.
func TestSPRTVerdictKeepsItsRatio(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	const games = 400
	m := &matchRun{cfg: MatchConfig{Games: games, SPRT: &test}, records: make([]GameRecord, games), have: make([]bool, games)}
	pair := func(firstWins int) {
		g := 2 * m.decided
		for !(g+1 < games) || m.have[g] {
			g += 2
		}
		for k := 0; k < 2; k++ {
			m.have[g+k] = true
			m.records[g+k].Winner = 1
			if k < firstWins {
				m.records[g+k].Winner = 0
			}
		}
	}
	for m.verdict == Continue {
		pair(2)
		m.decide()
	}
	if m.verdict != AcceptH1 {
		t.Fatalf("verdict %v after pairs all won", m.verdict)
	}
	atVerdict, decided := m.llr, m.decided
	_, upper := test.Bounds()
	for i := 0; i < 20 && m.final >= upper; i++ {
		pair(0)
		m.decide()
	}
	if m.final >= upper {
		t.Fatalf("20 pairs lost left the ratio at %.3f", m.final)
	}
	if m.verdict != AcceptH1 || m.llr != atVerdict || m.decided != decided {
		t.Errorf("after pairs finished late: %v, LLR %.3f after %d pairs; want H1 accepted, LLR %.3f after %d", m.verdict, m.llr, m.decided, atVerdict, decided)
	}
	if got := test.LLR(m.penta()); got != m.final {
		t.Errorf("ratio over all pairs %v, the pairs give %v", m.final, got)
	}
}

// TestRunMatchStopsWithItsContext: a match stops soon after its context
// ends, even between players that would think an hour a move, and says
// why; a match whose context has ended plays no game.
func TestRunMatchStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := MatchConfig{Specs: [2]string{"best:nodes=0,time=1h", "mcts:playouts=0,time=1h"}, Games: 100, Rows: 9, Cols: 6, Seed: 1, Jobs: 2}
	time.AfterFunc(200*time.Millisecond, cancel)
	t0 := time.Now()
	_, err := RunMatch(ctx, cfg)
	if took := time.Since(t0); !errors.Is(err, context.Canceled) || took > 5*time.Second {
		t.Fatalf("cancelled after 200ms: %v after %v, want context.Canceled within seconds", err, took)
	}
	if runtime.GOOS != "windows" {
		// an engine deep in a long move is ended, and the match says it
		// was stopped, not that the engine failed
		cfg = MatchConfig{Specs: [2]string{`engine:sh -c 'while read l; do case "$l" in genmove) sleep 3600;; *) echo "=";; esac; echo; done'`, "random"},
			Games: 2, Rows: 3, Cols: 3, Seed: 1, Jobs: 2}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		t0 = time.Now()
		_, err := RunMatch(ctx, cfg)
		var pe *ErrPlayer
		if took := time.Since(t0); !errors.Is(err, context.DeadlineExceeded) || errors.As(err, &pe) || took > 5*time.Second {
			t.Fatalf("an engine stopped after 300ms: %v after %v, want the match stopped within seconds", err, took)
		}
	}
	played := 0
	cfg = MatchConfig{Specs: [2]string{"greedy", "random"}, Games: 4, Rows: 4, Cols: 4, Seed: 1, Jobs: 1,
		Record: func(GameRecord) error { played++; return nil }}
	if _, err := RunMatch(ctx, cfg); !errors.Is(err, context.Canceled) || played != 0 {
		t.Fatalf("a match whose context has ended: %v, %d games played", err, played)
	}
}

// TestStoppedMatchKeepsItsGames: a match stopped through its context
// returns the games finished by then with an error that says why, and
// every game it recorded is in the result.
func TestStoppedMatchKeepsItsGames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := MatchConfig{Specs: [2]string{"best:nodes=2000", "seed001"}, Games: 400, Rows: 6, Cols: 6, Seed: 1, Jobs: 2, OpeningPlies: 2}
	recorded := 0
	cfg.Record = func(GameRecord) error {
		recorded++
		if recorded == 5 {
			cancel()
		}
		return nil
	}
	r, err := RunMatch(ctx, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped: %v", err)
	}
	if r.Games != recorded || r.Games < 5 || r.Games >= 400 || r.Wins[0]+r.Wins[1] != r.Games || r.Specs != cfg.Specs {
		t.Errorf("stopped after %d games recorded: the result counts %d games, wins %v", recorded, r.Games, r.Wins)
	}
}

// FuzzParseSPRT: any --sprt text is read or refused, never a panic; an
// error says what is wrong in the flag's terms (no Go error); a test
// read passes Check and writes back (String) to the same test.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"0,10", "elo0=0,elo1=10,alpha=0.05,beta=0.05", "5,0", "0", "elo0=0 elo1=5", "elo0=1,elo0=2", "x,y", "1e400,2", "NaN,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSPRT(s, 0.05, 0.05)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "strconv") || strings.Contains(msg, "parsing") {
				t.Fatalf("%q: %v", s, msg)
			}
			return
		}
		if err := sp.Check(); err != nil {
			t.Fatalf("%q: read %+v, which Check refuses: %v", s, sp, err)
		}
		back, err := ParseSPRT(sp.String(), 0.3, 0.3)
		if err != nil || back != sp {
			t.Fatalf("%q: %+v writes back as %q, read %+v (%v)", s, sp, sp.String(), back, err)
		}
	})
}
