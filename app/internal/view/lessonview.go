package view

import (
	"robots-explorer/app/lesson"
	"robots-explorer/matcher"
	"robots-explorer/matcher/compare"
)

// An ExampleView is one lesson example as the lessons page shows it.
type ExampleView struct {
	Caption, Token, Reading string
	Robots                  string // the start of the file (shownRobots)
	Hidden                  int
	Rows                    []ExampleRow
	// Compared is set once every URL has been compared under every reading.
	Compared bool
}

// An ExampleRow is one URL of an example: the verdict the lesson teaches
// (RFC 9309) and, once compared, every reading's verdict and why they
// disagree.
type ExampleRow struct {
	URL, Expect string
	Compare     *comparison
}

func NewExampleView(x lesson.Example) ExampleView {
	v := ExampleView{Caption: x.Caption, Token: x.Token, Reading: x.Reading}
	if v.Reading == "" {
		v.Reading = string(matcher.RFC9309)
	}
	v.Robots, v.Hidden = shownRobots(x.Robots)
	for i, u := range x.URLs {
		row := ExampleRow{URL: u}
		if i < len(x.Expect) {
			row.Expect = x.Expect[i]
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// CompareExample evaluates every URL of x under every reading (compare.CompareWith),
// from the example's own reading's point of view.
func CompareExample(x lesson.Example, v *ExampleView) {
	files := compare.ParseAll(x.Robots)
	chosen := matcher.Reading(v.Reading)
	for i := range v.Rows {
		v.Rows[i].Compare = CompareURL(files, chosen, x.Token, v.Rows[i].URL)
	}
	v.Compared = true
}

// Disagreeing reports whether the readings disagree on any URL of v.
func (v ExampleView) Disagreeing() bool {
	for _, r := range v.Rows {
		if r.Compare != nil && r.Compare.Disagree {
			return true
		}
	}
	return false
}
