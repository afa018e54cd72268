// Package match plays Chain Reaction matches between two players and says
// what they show, as engine testers do (cutechess-cli, fastchess,
// fishtest).
//
// It owns:
//
//   - matches (RunMatch, MatchConfig): games in pairs from one opening
//     with the seats swapped, played on several goroutines, each
//     player's moves timed on its thread's CPU clock, resumed from the
//     records of games already played;
//   - the openings of a match: random ones drawn from its seed, or a
//     file of them (ParseOpenings, FormatOpening, CheckOpening);
//   - the statistics of paired games: Elo with its interval (Penta,
//     EloOf, ScoreOf, Wilson) and the sequential probability ratio test
//     that can end a match early (SPRT, Verdict);
//   - ratings of several players from the results of their pairings
//     (FitRatings);
//   - game records, one JSON line a game: the line written
//     (MatchConfig.RecordLine), its JSON form with the checks of its
//     fields (RecordJSON), and the game a decoded line holds
//     (MatchConfig.CheckRecordJSON, ReadRecordJSON); the strict
//     decoding of a line is the reader's (package internal/matchrun);
//   - the parameters of a test as a command line gives them (ParseSPRT).
//
// It makes players from their spec strings (or with the MatchConfig's
// NewPlayer) and knows no rule: games are played and checked with
// package chainreact's Board. It reads no file and prints nothing: callers hand it readers
// and take lines.
package match
