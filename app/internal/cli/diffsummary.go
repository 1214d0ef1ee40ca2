//go:build !wasm

package cli

import (
	"fmt"
	"io"

	"robots-explorer/app/internal/release"
	"robots-explorer/app/internal/urllist"
	"robots-explorer/app/internal/view"
	"robots-explorer/matcher/crawler"
	"robots-explorer/matcher/escape"
)

// summary prints the counts, how each crawler read the files where its
// operator's behaviour decided, and the line diff: after the pairs on
// standard output, or on stderr for -csv.
func (w *diffWriter) summary(r *release.Release, list *urllist.List, stderr io.Writer) error {
	if w.json {
		return w.writeJSON(map[string]diffSummaryJSON{"summary": newDiffSummary(r, list)})
	}
	out := w.out
	if w.csv != nil {
		out = stderr
	}
	total, changed := 0, 0
	fmt.Fprintln(out)
	for _, c := range r.Counts {
		total += c.NowAllowed + c.NowDisallowed + c.Unchanged
		changed += c.NowAllowed + c.NowDisallowed
		if c.NowDisallowed > 0 {
			fmt.Fprintf(out, "%s now disallowed for %s\n", view.Plural(c.NowDisallowed, "URL"), c.Crawler)
		}
		if c.NowAllowed > 0 {
			fmt.Fprintf(out, "%s now allowed for %s\n", view.Plural(c.NowAllowed, "URL"), c.Crawler)
		}
	}
	fmt.Fprintf(out, "%d of %d verdicts changed (%s × %s)\n", changed, total, view.Plural(list.Count, "URL"), view.Plural(len(r.Counts), "crawler"))
	if n := list.Counts[urllist.Malformed]; n > 0 {
		fmt.Fprintf(out, "%s could not be checked (each has its error row)\n", view.Plural(n, "line"))
	}
	if list.Truncated {
		fmt.Fprintf(out, "warning: the URL list was cut at %d URLs (-max-urls)\n", list.Count)
	}
	writeChains(out, r)
	return writeLineDiff(out, r.LineDiff())
}

// writeChains says, for each crawler that a file decides by its
// operator's documented behaviour rather than by its own group, what
// decided.
func writeChains(out io.Writer, r *release.Release) {
	for _, ch := range chains(r) {
		fmt.Fprintf(out, "%s (%s): %s\n", ch.Crawler, ch.File, escape.Text(ch.Sentence))
	}
}

// chains lists the plans decided by an operator's documented behaviour:
// once for both files when they read alike.
func chains(r *release.Release) []chainJSON {
	out := []chainJSON{}
	for i := range r.Old.Plans {
		o, n := &r.Old.Plans[i], &r.New.Plans[i]
		documented := func(p *crawler.Plan) bool { return p.Fallback || p.NoRules }
		switch {
		case documented(o) && documented(n) && o.Sentence == n.Sentence:
			out = append(out, chainJSON{o.Crawler.Name, "old and new", o.Token, o.Sentence})
		default:
			if documented(o) {
				out = append(out, chainJSON{o.Crawler.Name, "old", o.Token, o.Sentence})
			}
			if documented(n) {
				out = append(out, chainJSON{n.Crawler.Name, "new", n.Token, n.Sentence})
			}
		}
	}
	return out
}

// writeLineDiff prints the lines that changed, and kept lines that decided
// changed verdicts, each with the count.
func writeLineDiff(out io.Writer, lines []release.DiffLine) error {
	header := false
	for _, d := range lines {
		if d.Op == release.Same && d.Caused == 0 {
			continue
		}
		if !header {
			fmt.Fprintln(out, "\nline diff (old -> new; * marks a line that decided changed verdicts):")
			header = true
		}
		mark, note := " ", ""
		if d.Caused > 0 {
			mark, note = "*", fmt.Sprintf("\t(decided %s)", view.Plural(d.Caused, "changed verdict"))
		}
		if _, err := fmt.Fprintf(out, "%c%s %s\t%s%s\n", d.Op, mark, lineNumbers(d.Edit), escape.Text(d.Text), note); err != nil {
			return err
		}
	}
	if !header {
		_, err := fmt.Fprintln(out, "\nthe files have the same lines")
		return err
	}
	return nil
}

func lineNumbers(e release.Edit) string {
	num := func(n int) string {
		if n == 0 {
			return "-"
		}
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%4s %4s", num(e.Old), num(e.New))
}

type diffSummaryJSON struct {
	Changed bool `json:"changed"`
	URLs    int  `json:"urls"`
	// Unchecked counts the lines that could not be checked, each with
	// its error row.
	Unchecked int             `json:"unchecked"`
	Truncated bool            `json:"truncated"`
	Counts    []release.Count `json:"counts"`
	Chains    []chainJSON     `json:"chains"`
	LineDiff  []lineDiffJSON  `json:"line_diff"`
	// Problems are the first of each kind (urllist.MaxProblems);
	// ProblemCounts counts them all.
	Problems      []urllist.Problem    `json:"problems"`
	ProblemCounts map[urllist.Kind]int `json:"problem_counts"`
}

type chainJSON struct {
	Crawler  string `json:"crawler"`
	File     string `json:"file"` // old, new, or old and new
	Token    string `json:"token"`
	Sentence string `json:"sentence"`
}

type lineDiffJSON struct {
	Op     string `json:"op"` // "-", "+" or " "
	Old    int    `json:"old,omitempty"`
	New    int    `json:"new,omitempty"`
	Text   string `json:"text"`
	Caused int    `json:"caused"`
}

func newDiffSummary(r *release.Release, list *urllist.List) diffSummaryJSON {
	s := diffSummaryJSON{Changed: r.Changed(), URLs: list.Count, Unchecked: list.Counts[urllist.Malformed], Truncated: list.Truncated, Counts: r.Counts,
		Chains: []chainJSON{}, LineDiff: []lineDiffJSON{}, Problems: list.Problems, ProblemCounts: list.Counts}
	if s.Problems == nil {
		s.Problems = []urllist.Problem{}
	}
	s.Chains = chains(r)
	for _, d := range r.LineDiff() {
		if d.Op != release.Same || d.Caused > 0 {
			s.LineDiff = append(s.LineDiff, lineDiffJSON{string(d.Op), d.Old, d.New, d.Text, d.Caused})
		}
	}
	return s
}
