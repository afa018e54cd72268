#!/usr/bin/env python3
"""notshridhar/chain-reaction-ai's C alpha-beta, speaking chainshot's engine protocol.

An adapter written for chainshot's measurements (BENCHMARKS.md): it drives
the peer's own code, untouched, built outside this repository (see
docs/peers/README.md), and keeps nothing of it here. The peer plays 9x6,
two players; its player 0 (positive orbs) is chainshot's R, the first to
move. Cells are indexed as chainshot indexes them, (row-1)*6 + col-1 with
row 1 at the bottom: the peer's board is the same grid seen upside down,
which its rules and evaluation cannot tell apart.

    chainshot react match --p1 best \\
        --p2 "engine:python3 docs/peers/notshridhar_engine.py --peer /work/peers/notshridhar --depth 3"

--depth is the peer's search depth (3: six plies, its strongest setting in
practice); --randn is its randomness (its best_move picks among the randn
best moves with weights 6, 4, 2, 1, 1; 1 always plays its best move).
"""
import argparse
import random
import sys

ROWS, COLS = 9, 6


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", required=True, help="the peer's checkout, its C extension built in place")
    ap.add_argument("--depth", type=int, default=3, help="the peer's search depth (pairs of plies)")
    ap.add_argument("--randn", type=int, default=1, help="the peer's randomness (1: always its best move)")
    ap.add_argument("--seed", type=int, default=1, help="seeds the peer's random choices (randn > 1)")
    args = ap.parse_args()
    sys.path.insert(0, args.peer)
    import chain_reaction.wrappers.engine as engine
    import chain_reaction.wrappers.minimax as minimax

    engine.init((ROWS, COLS))
    minimax.init("c")
    random.seed(args.seed)

    board, player = [0] * (ROWS * COLS), 0

    def reply(text="", ok=True):
        mark = "=" if ok else "?"
        sys.stdout.write((mark + " " + text if text else mark) + "\n\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        cmd, rest = words[0], words[1:]
        if cmd == "name":
            reply("notshridhar-c-alphabeta")
        elif cmd == "version":
            reply("depth %d randn %d" % (args.depth, args.randn))
        elif cmd == "list_commands":
            reply("\n".join(["name", "version", "boardsize", "players", "clear_board", "play", "genmove", "showboard", "list_commands", "quit"]))
        elif cmd == "quit":
            reply()
            return
        elif cmd == "boardsize":
            if rest != [str(ROWS), str(COLS)]:
                reply("the peer plays 9x6 only", ok=False)
            else:
                board, player = [0] * (ROWS * COLS), 0
                reply()
        elif cmd == "players":
            if rest != ["2"]:
                reply("the peer plays two players only", ok=False)
            else:
                board, player = [0] * (ROWS * COLS), 0
                reply()
        elif cmd == "clear_board":
            board, player = [0] * (ROWS * COLS), 0
            reply()
        elif cmd == "play":
            try:
                r, c = (int(x) for x in " ".join(rest).replace(",", " ").split())
            except ValueError:
                reply("want a move as \"row col\"", ok=False)
                continue
            if not (1 <= r <= ROWS and 1 <= c <= COLS):
                reply("%d %d is off the board" % (r, c), ok=False)
                continue
            i = (r - 1) * COLS + (c - 1)
            if board[i] * (-1 if player else 1) < 0:
                reply("illegal move: the cell belongs to another player", ok=False)
                continue
            engine.interact_inplace(board, i, player)
            player = 1 - player
            reply()
        elif cmd == "genmove":
            i = minimax.best_move(board, player, args.depth, args.randn)
            engine.interact_inplace(board, i, player)
            player = 1 - player
            reply("%d %d" % (i // COLS + 1, i % COLS + 1))
        elif cmd == "showboard":
            rows = []
            for r in range(ROWS, 0, -1):
                cells = board[(r - 1) * COLS:r * COLS]
                rows.append(" ".join("." if v == 0 else "%d%s" % (abs(v), "R" if v > 0 else "G") for v in cells))
            reply("\nplayers: R G\nnext: %s\n%s" % ("RG"[player], "\n".join(rows)))
        else:
            reply("unknown command %r" % cmd, ok=False)


if __name__ == "__main__":
    main()
