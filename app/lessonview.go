package main

import (
	"robots-explorer/app/lesson"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// An exampleView is one lesson example as the lessons page shows it.
type exampleView struct {
	Caption, Token, Reading string
	Robots                  string // the start of the file (shownRobots)
	Hidden                  int
	Rows                    []exampleRow
	// Compared is set once every URL has been compared under every reading.
	Compared bool
}

// An exampleRow is one URL of an example: the verdict the lesson teaches
// (RFC 9309) and, once compared, every reading's verdict and why they
// disagree.
type exampleRow struct {
	URL, Expect string
	Compare     *comparison
}

func newExampleView(x lesson.Example) exampleView {
	v := exampleView{Caption: x.Caption, Token: x.Token, Reading: x.Reading}
	if v.Reading == "" {
		v.Reading = string(matcher.RFC9309)
	}
	v.Robots, v.Hidden = shownRobots(x.Robots)
	for i, u := range x.URLs {
		row := exampleRow{URL: u}
		if i < len(x.Expect) {
			row.Expect = x.Expect[i]
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// compareExample evaluates every URL of x under every reading (compare.Compare),
// from the example's own reading's point of view.
func compareExample(x lesson.Example, v *exampleView) {
	files := matcher.ParseAllText(x.Robots)
	chosen := matcher.Reading(v.Reading)
	for i := range v.Rows {
		v.Rows[i].Compare = compareURL(files, chosen, x.Token, v.Rows[i].URL)
	}
	v.Compared = true
}

// lessonState is the explorer state of an example, its first URL chosen.
func lessonState(x lesson.Example) permalink.State {
	return permalink.State{Robots: x.Robots, Token: x.Token, URLs: x.URLs, Reading: x.Reading}
}

// disagreeing reports whether the readings disagree on any URL of v.
func (v exampleView) disagreeing() bool {
	for _, r := range v.Rows {
		if r.Compare != nil && r.Compare.Disagree {
			return true
		}
	}
	return false
}
