package ui

import (
	"encoding/json"
	"sort"

	"robots-explorer/app/internal/view"
	"robots-explorer/matcher"
)

// editorMarks are what the robots.txt editor shows of the analysis for
// the chosen URL (web/editor.js draws them): a symbol beside each line that
// matters (the meaning never rests on colour), the text of every matching
// rule highlighted (the winner apart), the groups that apply marked and
// the others dimmed, and each diagnostic a lint mark with its message.
type editorMarks struct {
	Lines  []lineMark  `json:"lines"`
	Texts  []textMark  `json:"texts"`
	Groups []groupSpan `json:"groups"`
	Diags  []diagMark  `json:"diags"`
	// Winner is the deciding line, 0 when no rule decided.
	Winner int `json:"-"`
}

// A lineMark is the symbol beside a line, the weightiest of its marks; its
// class colours the line, and its label names every mark of the line.
type lineMark struct {
	Line   int    `json:"line"`
	Symbol string `json:"symbol"`
	Class  string `json:"cls"`
	Label  string `json:"label"`
}

// A textMark highlights the rule text of a line: "winner" (with the
// verdict's colour: "winner allowed", "winner disallowed") or "match".
type textMark struct {
	Line  int    `json:"line"`
	Class string `json:"cls"`
	Label string `json:"label"`
}

// A groupSpan is the lines From to To (inclusive) of a group.
type groupSpan struct {
	From    int  `json:"from"`
	To      int  `json:"to"`
	Applies bool `json:"applies"`
}

type diagMark struct {
	Line     int    `json:"line"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Source   string `json:"source,omitempty"`
}

// marksOf computes the editor's marks for the analysis a and the chosen
// URL's detail d (nil: only the diagnostics).
func marksOf(a *view.Analysis, d *view.Detail) editorMarks {
	var m editorMarks
	if a == nil || a.File == nil {
		return m
	}
	type mark struct {
		rank          int
		symbol, class string
		label         string
	}
	byLine := map[int]*mark{}
	add := func(line, rank int, symbol, class, label string) {
		k, ok := byLine[line]
		if !ok {
			k = &mark{rank: rank, symbol: symbol, class: class, label: label}
			byLine[line] = k
			return
		}
		if rank < k.rank {
			k.rank, k.symbol, k.class = rank, symbol, class
		}
		k.label += "; " + label
	}
	var res *matcher.Result
	if d != nil {
		res = d.Row.Result
	}
	if res != nil {
		for i, mt := range res.Matches {
			line := int(mt.Rule.Line)
			if i == res.Winner {
				m.Winner = line
				label := "decides the chosen URL: " + d.Row.Verdict
				add(line, 0, "▶", "winner", label)
				m.Texts = append(m.Texts, textMark{Line: line, Class: "winner-" + d.Row.Verdict, Label: label})
				continue
			}
			add(line, 2, "●", "match", "matches the chosen URL")
			m.Texts = append(m.Texts, textMark{Line: line, Class: "match", Label: "matches the chosen URL"})
		}
		m.Groups = groupSpans(a.File, res.Groups.Selected)
	}
	for line, list := range a.DiagLines {
		for _, dg := range list {
			sev := dg.Severity.String()
			add(line, severityRanks[sev], view.SeverityMark(dg.Severity), sev, sev+": "+view.Clipped(dg.Message))
			m.Diags = append(m.Diags, diagMark{Line: line, Severity: sev, Message: view.Clipped(dg.Message), Source: dg.Source})
		}
	}
	for line, k := range byLine {
		m.Lines = append(m.Lines, lineMark{Line: line, Symbol: k.symbol, Class: k.class, Label: k.label})
	}
	sort.Slice(m.Lines, func(i, j int) bool { return m.Lines[i].Line < m.Lines[j].Line })
	sort.Slice(m.Texts, func(i, j int) bool { return m.Texts[i].Line < m.Texts[j].Line })
	sort.SliceStable(m.Diags, func(i, j int) bool { return m.Diags[i].Line < m.Diags[j].Line })
	return m
}

// severityRanks order a line's marks: the winner first, then an error, a
// match, a warning, a note.
var severityRanks = map[string]int{"error": 1, "warning": 3, "info": 4}

// groupSpans are the runs of lines of each group of f, marked as applying
// when selected holds the group's index.
func groupSpans(f *matcher.File, selected []int) []groupSpan {
	applies := map[int32]bool{}
	for _, g := range selected {
		applies[int32(g)] = true
	}
	var out []groupSpan
	cur := int32(-1)
	for i := 0; i < f.NumLines(); i++ {
		g := f.LineGroup(i)
		switch {
		case g < 0:
		case g == cur && len(out) > 0:
			out[len(out)-1].To = i + 1
		default:
			out = append(out, groupSpan{From: i + 1, To: i + 1, Applies: applies[g]})
		}
		cur = g
	}
	return out
}

// json is the marks as editor.js reads them.
func (m editorMarks) json() string {
	b, _ := json.Marshal(m) // plain structs of strings and numbers
	return string(b)
}
