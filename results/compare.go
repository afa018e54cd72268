package results

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"chainshot/board"
)

// Column is one results file of a comparison: a label for it and its
// records, several a data set when the file holds several seeds. Records
// of one data set share its File.
type Column struct {
	Label string
	Recs  []Record
}

// Half is a number of halves: the median of an even count of whole
// numbers is the mean of the middle two, which may end in .5.
type Half int

// Median returns the median of vals: the middle one, or the mean of the
// middle two of an even count (the one meaning of "median" everywhere
// chainshot prints one).
func Median(vals []int) Half {
	s := slices.Clone(vals)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return Half(2 * s[n/2])
	}
	return Half(s[n/2-1] + s[n/2])
}

// Float returns h as a number.
func (h Half) Float() float64 { return float64(h) / 2 }

// String writes h with thousands separators and .5 where it has a Half:
// "38,134.5".
func (h Half) String() string {
	s := thousands(int(h) / 2)
	if h%2 != 0 {
		if h < 0 && int(h)/2 == 0 {
			s = "-0"
		}
		s += ".5"
	}
	return s
}

// Entry is one column's lines of one data set, in seed order, and their
// medians.
type Entry struct {
	Lines []Record
	// Literature and BeadsLeft are the medians of the lines' literature
	// scores and beads left, each twice its value (see Half).
	Literature, BeadsLeft Half
	CPU                   float64 // the median CPU seconds
}

// Better reports whether e ranks above o by the game's rule
// (board.Better on the medians: fewer beads left, then the higher score),
// or, when every line of both ranked by the literature's score (--rank
// score), by the median literature score.
func (e *Entry) Better(o *Entry) bool {
	if e.rankedByScore() && o.rankedByScore() {
		return e.Literature > o.Literature
	}
	return board.Better(int(e.BeadsLeft), int(e.Literature), int(o.BeadsLeft), int(o.Literature))
}

// rankedByScore reports whether every line of e ranked by the literature's
// score.
func (e *Entry) rankedByScore() bool {
	for _, r := range e.Lines {
		if r.Rank != RankScore {
			return false
		}
	}
	return len(e.Lines) > 0
}

// Comparison is several results files side by side, one row a data set.
type Comparison struct {
	Labels []string
	// Seeds are the seeds each column holds, in order.
	Seeds [][]uint64
	Rows  []ComparisonRow
}

// ComparisonRow is one data set: each column's entry, nil where that
// column has no line of it.
type ComparisonRow struct {
	File    string
	Entries []*Entry
}

// Compare puts the columns side by side: one row a data set (sorted by
// name), each column's lines of it and their medians over seeds.
// Interrupted lines (Partial) are left out.
func Compare(cols []Column) Comparison {
	c := Comparison{Seeds: make([][]uint64, len(cols))}
	rows := map[string]*ComparisonRow{}
	for i, col := range cols {
		c.Labels = append(c.Labels, col.Label)
		for _, r := range col.Recs {
			if r.Partial {
				continue
			}
			row := rows[r.File]
			if row == nil {
				row = &ComparisonRow{File: r.File, Entries: make([]*Entry, len(cols))}
				rows[r.File] = row
			}
			if row.Entries[i] == nil {
				row.Entries[i] = &Entry{}
			}
			row.Entries[i].Lines = append(row.Entries[i].Lines, r)
			if !slices.Contains(c.Seeds[i], r.Seed) {
				c.Seeds[i] = append(c.Seeds[i], r.Seed)
			}
		}
		slices.Sort(c.Seeds[i])
	}
	for _, row := range rows {
		for _, e := range row.Entries {
			if e == nil {
				continue
			}
			sort.SliceStable(e.Lines, func(a, b int) bool { return e.Lines[a].Seed < e.Lines[b].Seed })
			var lit, beads []int
			var cpu []float64
			for _, r := range e.Lines {
				lit = append(lit, r.LiteratureScore())
				beads = append(beads, r.BeadsLeft)
				cpu = append(cpu, r.CPU)
			}
			e.Literature, e.BeadsLeft = Median(lit), Median(beads)
			slices.Sort(cpu)
			n := len(cpu)
			e.CPU = (cpu[(n-1)/2] + cpu[n/2]) / 2
		}
		c.Rows = append(c.Rows, *row)
	}
	sort.Slice(c.Rows, func(a, b int) bool { return c.Rows[a].File < c.Rows[b].File })
	return c
}

// PairSummary is the first column against another, over the data sets
// both hold.
type PairSummary struct {
	Sets                 int
	Ahead, Level, Behind int
	// Literature and BeadsLeft are the sums of each side's medians
	// (twice their values, see Half): [0] the first column, [1] the
	// other.
	Literature, BeadsLeft [2]Half
	// MoreBeads counts the data sets where the first column leaves more
	// beads (median) than the other.
	MoreBeads int
	// Worst is the lowest ratio of the first column's median literature
	// score to the other's, and WorstFile its data set ("" when no data
	// set has a ratio).
	Worst     float64
	WorstFile string
}

// Summary compares the first column with column j.
func (c Comparison) Summary(j int) PairSummary {
	var p PairSummary
	for _, row := range c.Rows {
		a, b := row.Entries[0], row.Entries[j]
		if a == nil || b == nil {
			continue
		}
		p.Sets++
		switch {
		case a.Better(b):
			p.Ahead++
		case b.Better(a):
			p.Behind++
		default:
			p.Level++
		}
		p.Literature[0] += a.Literature
		p.Literature[1] += b.Literature
		p.BeadsLeft[0] += a.BeadsLeft
		p.BeadsLeft[1] += b.BeadsLeft
		if a.BeadsLeft > b.BeadsLeft {
			p.MoreBeads++
		}
		if r, ok := ratio(a, b); ok && (p.WorstFile == "" || r < p.Worst) {
			p.Worst, p.WorstFile = r, row.File
		}
	}
	return p
}

// ratio is a's median literature score over b's; false when b's is not
// positive.
func ratio(a, b *Entry) (float64, bool) {
	if b.Literature <= 0 {
		return 0, false
	}
	return float64(a.Literature) / float64(b.Literature), true
}

// multi reports whether column i holds more than one line of some data
// set: then its table shows each seed and the median.
func (c Comparison) multi(i int) bool {
	for _, row := range c.Rows {
		if e := row.Entries[i]; e != nil && len(e.Lines) > 1 {
			return true
		}
	}
	return false
}

// partial reports whether some column, or some seed of one, has no line
// of some data set: its total is then over fewer data sets.
func (c Comparison) partial() bool {
	for i := range c.Labels {
		for _, row := range c.Rows {
			if e := row.Entries[i]; e == nil || len(e.Lines) < len(c.Seeds[i]) {
				return true
			}
		}
	}
	return false
}

// CompareOptions choose what WriteComparison prints.
type CompareOptions struct {
	// Markdown prints the table as a Markdown table, the summaries as
	// paragraphs.
	Markdown bool
	// CPU adds each column's CPU seconds (the median over its seeds).
	CPU bool
}

// WriteComparison prints c: one row a data set with each column's
// literature score for each seed and their median (beads left beside a
// score that did not clear the board), the first column's ratio to each
// other column and which of the two is ahead; a total row; then one
// summary a column after the first.
func WriteComparison(w io.Writer, c Comparison, opt CompareOptions) error {
	var head []string
	head = append(head, "data set")
	for i, label := range c.Labels {
		if c.multi(i) {
			head = append(head, fmt.Sprintf("%s (%s)", label, seedList(c.Seeds[i])), label+" median")
		} else {
			head = append(head, label)
		}
		if opt.CPU {
			head = append(head, label+" CPU s")
		}
	}
	for _, label := range c.Labels[1:] {
		head = append(head, c.Labels[0]+" / "+label, "ahead")
	}
	var body [][]string
	for _, row := range c.Rows {
		cells := []string{row.File}
		for i, e := range row.Entries {
			cells = append(cells, c.entryCells(i, e, opt)...)
		}
		for j := 1; j < len(c.Labels); j++ {
			a, b := row.Entries[0], row.Entries[j]
			if a == nil || b == nil {
				cells = append(cells, "—", "—")
				continue
			}
			r, ok := ratio(a, b)
			rs := "—"
			if ok {
				rs = strconv.FormatFloat(r, 'f', 3, 64)
			}
			ahead := "level"
			if a.Better(b) {
				ahead = c.Labels[0]
			} else if b.Better(a) {
				ahead = c.Labels[j]
			}
			cells = append(cells, rs, ahead)
		}
		body = append(body, cells)
	}
	body = append(body, c.totalCells(opt))
	if err := writeGrid(w, head, body, opt.Markdown); err != nil {
		return err
	}
	var notes []string
	note := "Scores are literature scores (+1000 for a cleared board), \"(N left)\" the beads left; " +
		"a median is over a file's seeds; ahead: fewer beads left, then the higher score (medians)."
	if c.partial() {
		note += " [N]: a total over the N data sets a file or seed has a line of."
	}
	notes = append(notes, note)
	for j := 1; j < len(c.Labels); j++ {
		notes = append(notes, c.summaryText(j))
	}
	sep := "\n"
	if opt.Markdown {
		sep = "\n\n"
	}
	_, err := io.WriteString(w, "\n"+strings.Join(notes, sep)+"\n")
	return err
}

// entryCells are column i's cells of one row.
func (c Comparison) entryCells(i int, e *Entry, opt CompareOptions) []string {
	var cells []string
	if c.multi(i) {
		if e == nil {
			cells = append(cells, "—", "—")
		} else {
			var each []string
			for _, s := range c.Seeds[i] {
				each = append(each, lineOf(e, s))
			}
			cells = append(cells, strings.Join(each, " / "), scoreText(e.Literature, e.BeadsLeft))
		}
	} else if e == nil {
		cells = append(cells, "—")
	} else {
		cells = append(cells, scoreText(e.Literature, e.BeadsLeft))
	}
	if opt.CPU {
		if e == nil {
			cells = append(cells, "—")
		} else {
			cells = append(cells, strconv.FormatFloat(e.CPU, 'f', 1, 64))
		}
	}
	return cells
}

// lineOf is the figure of e's line of seed s, "—" when it has none.
func lineOf(e *Entry, s uint64) string {
	for _, r := range e.Lines {
		if r.Seed == s {
			return scoreText(Half(2*r.LiteratureScore()), Half(2*r.BeadsLeft))
		}
	}
	return "—"
}

// totalCells is the total row: each column's total of each seed and of
// the medians, over the data sets it holds (their number beside a total
// of fewer data sets than the table has).
func (c Comparison) totalCells(opt CompareOptions) []string {
	cells := []string{fmt.Sprintf("total (%d)", len(c.Rows))}
	for i := range c.Labels {
		var med, beads Half
		n := 0
		seedLit := make([]int, len(c.Seeds[i]))
		seedBeads := make([]int, len(c.Seeds[i]))
		seedN := make([]int, len(c.Seeds[i]))
		var cpu float64
		for _, row := range c.Rows {
			e := row.Entries[i]
			if e == nil {
				continue
			}
			n++
			med += e.Literature
			beads += e.BeadsLeft
			cpu += e.CPU
			for _, r := range e.Lines {
				k := slices.Index(c.Seeds[i], r.Seed)
				seedLit[k] += r.LiteratureScore()
				seedBeads[k] += r.BeadsLeft
				seedN[k]++
			}
		}
		of := func(m int) string {
			if m == len(c.Rows) {
				return ""
			}
			return fmt.Sprintf(" [%d]", m)
		}
		if c.multi(i) {
			var each []string
			for k := range c.Seeds[i] {
				each = append(each, scoreText(Half(2*seedLit[k]), Half(2*seedBeads[k]))+of(seedN[k]))
			}
			cells = append(cells, strings.Join(each, " / "))
		}
		cells = append(cells, scoreText(med, beads)+of(n))
		if opt.CPU {
			cells = append(cells, strconv.FormatFloat(cpu, 'f', 1, 64))
		}
	}
	for range c.Labels[1:] {
		cells = append(cells, "", "")
	}
	return cells
}

// summaryText is the first column against column j, in one sentence.
func (c Comparison) summaryText(j int) string {
	a, b := c.Labels[0], c.Labels[j]
	p := c.Summary(j)
	if p.Sets == 0 {
		return fmt.Sprintf("%s against %s: no data set in both.", a, b)
	}
	pct := "—"
	if p.Literature[1] > 0 {
		pct = fmt.Sprintf("%+.1f%%", 100*(float64(p.Literature[0])/float64(p.Literature[1])-1))
	}
	worst := ""
	if p.WorstFile != "" {
		worst = fmt.Sprintf("; worst ratio %.3f (%s)", p.Worst, p.WorstFile)
	}
	return fmt.Sprintf("%s against %s, %s in both: total %s against %s (%s); ahead on %d, level on %d, behind on %d%s; "+
		"beads left %s against %s, more than %s on %s.",
		a, b, setsText(p.Sets), p.Literature[0], p.Literature[1], pct, p.Ahead, p.Level, p.Behind, worst,
		p.BeadsLeft[0], p.BeadsLeft[1], b, setsText(p.MoreBeads))
}

func setsText(n int) string {
	if n == 1 {
		return "1 data set"
	}
	return fmt.Sprintf("%d data sets", n)
}

// scoreText is a literature score with the beads left beside it when
// there are any: "2,479 (28 left)".
func scoreText(lit, beads Half) string {
	if beads == 0 {
		return lit.String()
	}
	return fmt.Sprintf("%s (%s left)", lit, beads)
}

func seedList(seeds []uint64) string {
	var s []string
	for _, sd := range seeds {
		s = append(s, strconv.FormatUint(sd, 10))
	}
	word := "seed "
	if len(seeds) > 1 {
		word = "seeds "
	}
	return word + strings.Join(s, ", ")
}

// writeGrid prints a header and rows, aligned (the first column to the
// left, the others to the right) or as a Markdown table.
func writeGrid(w io.Writer, head []string, rows [][]string, markdown bool) error {
	if markdown {
		var sb strings.Builder
		line := func(cells []string) {
			sb.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
		line(head)
		rule := make([]string, len(head))
		for i := range rule {
			rule[i] = "---"
		}
		line(rule)
		for _, r := range rows {
			line(r)
		}
		_, err := io.WriteString(w, sb.String())
		return err
	}
	// tabwriter aligns every column right; the first is padded by hand
	// to its widest name, so that the names read as a list.
	width := utf8.RuneCountInString(head[0])
	for _, r := range rows {
		width = max(width, utf8.RuneCountInString(r[0]))
	}
	var sb strings.Builder
	tw := tabwriter.NewWriter(&sb, 0, 4, 2, ' ', tabwriter.AlignRight)
	line := func(cells []string) {
		for len(cells) > 1 && cells[len(cells)-1] == "" {
			cells = cells[:len(cells)-1]
		}
		first := cells[0] + strings.Repeat(" ", width-utf8.RuneCountInString(cells[0]))
		fmt.Fprintf(tw, "%s\t\n", strings.Join(append([]string{first}, cells[1:]...), "\t"))
	}
	line(head)
	for _, r := range rows {
		line(r)
	}
	tw.Flush()
	// The padding tabwriter puts before the first column goes.
	var out strings.Builder
	for l := range strings.Lines(sb.String()) {
		out.WriteString(strings.TrimPrefix(l, "  "))
	}
	_, err := io.WriteString(w, out.String())
	return err
}
