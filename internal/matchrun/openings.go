package matchrun

import (
	"os"
	"strings"

	"chainshot/chainreact"
	"chainshot/chainreact/match"
	"chainshot/internal/status"
)

// ReadOpenings reads the openings file of --openings for a match on
// rows×cols boards.
func ReadOpenings(cmd, name string, rows, cols int) ([][]chainreact.Move, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, status.BadInput("%s: --openings: %v", cmd, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, status.BadInput("%s: --openings %s is a folder, not a file of openings", cmd, name)
	}
	o, err := match.ParseOpenings(name, f, rows, cols)
	if err != nil {
		return nil, status.BadInput("%s: --openings: %s", cmd, strings.TrimPrefix(err.Error(), "chainreact: "))
	}
	return o, nil
}
