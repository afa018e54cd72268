#!/usr/bin/env python3
"""L0laapk3/ChainReaction-bot's bitboard negamax, speaking chainshot's engine protocol.

An adapter written for chainshot's measurements: it drives the peer's own
search, built outside this repository with a small patch that only lets it
be driven through stdin/stdout and times its search by CPU time (see
docs/peers/README.md); nothing of the peer is kept here. The peer plays one
board, 6 cells wide (files a to f, left to right) and 5 high (ranks 1 to 5,
bottom to top), two players, and names a move like e2.

chainshot's boards are rows x columns, row 1 at the bottom, column 1 at the
left. Both orientations of the peer's board are accepted:

    5x6 (5 rows, 6 columns): chainshot's "r c" is the peer's file c, rank r
    6x5 (6 rows, 5 columns): chainshot's "r c" is the peer's file r, rank c
                             (the board seen across its diagonal, which the
                             rules cannot tell apart)

    chainshot react match --size 6x5 --p1 best:time=0.25s \\
        --p2 "engine:python3 docs/peers/l0laapk3_engine.py --peer /work/peers/l0laapk3/crbot --time 0.1"

--time is the peer's own time target a move (its -t, in CPU seconds with
the patch); its iterative deepening starts no new depth once the last one
took longer than what is left, so it spends more than the target: about
twice it on the mean, with a long tail. --depth limits its depth instead
(its -d, in plies). The adapter keeps its own copy of the game (to refuse
illegal moves the way chainshot does and for showboard) and passes the
peer every move.
"""
import argparse
import subprocess
import sys

FILES, RANKS = 6, 5  # the peer's board: width (a..f) and height (1..5)


class Game:
    """A two-player Chain Reaction board, rows x cols, row 1 at the bottom."""

    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.count = [0] * (rows * cols)
        self.owner = [-1] * (rows * cols)
        self.player, self.plies, self.winner = 0, 0, -1

    def neighbours(self, i):
        r, c = divmod(i, self.cols)
        out = []
        if r > 0:
            out.append(i - self.cols)
        if r < self.rows - 1:
            out.append(i + self.cols)
        if c > 0:
            out.append(i - 1)
        if c < self.cols - 1:
            out.append(i + 1)
        return out

    def legal(self, i):
        return self.winner < 0 and self.owner[i] in (-1, self.player)

    def play(self, i):
        p = self.player
        self.count[i] += 1
        self.owner[i] = p
        self.plies += 1
        wave = [i] if self.count[i] >= len(self.neighbours(i)) else []
        while wave and self.winner < 0:
            nxt = []
            for c in wave:
                n = self.neighbours(c)
                if self.count[c] < len(n):
                    continue
                self.count[c] -= len(n)
                if self.count[c] == 0:
                    self.owner[c] = -1
                for d in n:
                    self.count[d] += 1
                    self.owner[d] = p
                    if self.count[d] >= len(self.neighbours(d)):
                        nxt.append(d)
            wave = nxt
            if self.plies >= 2 and all(o in (-1, p) for o in self.owner):
                self.winner = p
        if self.plies >= 2 and all(o in (-1, p) for o in self.owner):
            self.winner = p
        self.player = 1 - p


class Peer:
    """The patched peer, run with --pipe: one command a line, one reply a line."""

    def __init__(self, binary, time, depth):
        cmd = [binary, "--pipe"]
        if time is not None:
            cmd += ["-t", repr(time)]
        if depth is not None:
            cmd += ["-d", str(depth)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.depths = []
        self.read("ready")

    def read(self, *wanted):
        """Returns the words of the first line that starts with one of wanted
        (the search's own "Depth: ..." lines are skipped)."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                code = self.proc.wait()
                raise RuntimeError("the peer ended (exit status %d)" % code)
            words = line.split()
            if words and words[0] in wanted:
                return words

    def send(self, line, *wanted):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.read(*wanted)

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="the patched peer's binary (docs/peers/README.md)")
    ap.add_argument("--time", type=float, default=None, help="the peer's time target a move, CPU seconds (its -t; default 0.5)")
    ap.add_argument("--depth", type=int, default=None, help="the peer's depth limit in plies (its -d)")
    args = ap.parse_args()
    peer = Peer(args.peer, args.time, args.depth)
    rows, cols = 6, 5
    game = Game(rows, cols)

    def to_peer(i):
        r, c = divmod(i, game.cols)
        f, k = (c, r) if game.cols == FILES else (r, c)
        return "%s%d" % ("abcdef"[f], k + 1)

    def from_peer(s):
        f, k = "abcdef".index(s[0]), int(s[1:]) - 1
        r, c = (k, f) if game.cols == FILES else (f, k)
        return r * game.cols + c

    def new_game(r, c):
        nonlocal game
        peer.send("new", "ok")
        game = Game(r, c)

    def reply(text="", ok=True):
        mark = "=" if ok else "?"
        sys.stdout.write((mark + " " + text if text else mark) + "\n\n")
        sys.stdout.flush()

    try:
        for line in sys.stdin:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            cmd, rest = words[0], words[1:]
            if cmd == "name":
                reply("l0laapk3-chainreaction-bot")
            elif cmd == "version":
                reply("time %s depth %s" % (args.time, args.depth))
            elif cmd == "list_commands":
                reply("\n".join(["name", "version", "boardsize", "players", "clear_board", "play", "genmove", "showboard", "list_commands", "quit"]))
            elif cmd == "quit":
                reply()
                break
            elif cmd == "boardsize":
                if rest not in (["6", "5"], ["5", "6"]):
                    reply("the peer plays 6x5 or 5x6 only", ok=False)
                else:
                    new_game(int(rest[0]), int(rest[1]))
                    reply()
            elif cmd == "players":
                if rest != ["2"]:
                    reply("the peer plays two players only", ok=False)
                else:
                    new_game(game.rows, game.cols)
                    reply()
            elif cmd == "clear_board":
                new_game(game.rows, game.cols)
                reply()
            elif cmd == "play":
                try:
                    r, c = (int(x) for x in " ".join(rest).replace(",", " ").split())
                except ValueError:
                    reply("want a move as \"row col\"", ok=False)
                    continue
                if not (1 <= r <= game.rows and 1 <= c <= game.cols):
                    reply("%d %d is off the board" % (r, c), ok=False)
                    continue
                i = (r - 1) * game.cols + (c - 1)
                if not game.legal(i):
                    reply("illegal move: the cell belongs to another player", ok=False)
                    continue
                answer = peer.send(to_peer(i), "ok", "illegal")
                if answer[0] != "ok":
                    reply("the peer refuses %s (%d %d)" % (to_peer(i), r, c), ok=False)
                    continue
                game.play(i)
                reply()
            elif cmd == "genmove":
                if game.winner >= 0:
                    reply("the game is over", ok=False)
                    continue
                answer = peer.send("go", "bestmove", "nomove")
                if answer[0] != "bestmove":
                    reply("the peer found no move", ok=False)
                    continue
                i = from_peer(answer[1])
                if not game.legal(i):
                    reply("the peer played %s, illegal here" % answer[1], ok=False)
                    continue
                game.play(i)
                reply("%d %d" % (i // game.cols + 1, i % game.cols + 1))
            elif cmd == "showboard":
                rows = []
                for r in range(game.rows, 0, -1):
                    cells = range((r - 1) * game.cols, r * game.cols)
                    rows.append(" ".join("." if game.count[i] == 0 else "%d%s" % (game.count[i], "RG"[game.owner[i]]) for i in cells))
                reply("\nplayers: R G\nnext: %s\n%s" % ("RG"[game.player], "\n".join(rows)))
            else:
                reply("unknown command %r" % cmd, ok=False)
    except RuntimeError as err:
        reply(str(err), ok=False)
        sys.exit(1)
    finally:
        peer.close()


if __name__ == "__main__":
    main()
