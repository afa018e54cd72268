package exact

import "chainshot/chainreact"

// debug returns b as a position file, for a failing test's message.
func debug(b *chainreact.Board) string {
	p := chainreact.Position{Board: *b, Names: chainreact.DefaultNames[:b.Players()]}
	return p.String()
}
