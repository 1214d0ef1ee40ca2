package view

import (
	"testing"

	"robots-explorer/app/lesson"
	"robots-explorer/matcher"
)

// Every lesson example, compared under every reading, gives under RFC 9309
// the verdict the lesson teaches; some examples make the readings disagree,
// and those carry compare.Compare's reasons for the page to show.
func TestLessonExamplesCompared(t *testing.T) {
	disagreeing := 0
	for _, l := range lesson.All() {
		for _, x := range l.Examples {
			v := NewExampleView(x)
			CompareExample(x, &v)
			if len(v.Rows) != len(x.URLs) || !v.Compared {
				t.Fatalf("%s %q: %d rows for %d URLs", l.ID, x.Caption, len(v.Rows), len(x.URLs))
			}
			for _, r := range v.Rows {
				if r.Compare == nil {
					t.Errorf("%s %q %s: not compared", l.ID, x.Caption, r.URL)
					continue
				}
				for _, rv := range r.Compare.Readings {
					if rv.Reading == matcher.RFC9309 && rv.Verdict != r.Expect {
						t.Errorf("%s %q %s: rfc9309 says %s, the lesson teaches %s", l.ID, x.Caption, r.URL, rv.Verdict, r.Expect)
					}
					if rv.Differs && rv.Reason == "" {
						t.Errorf("%s %q %s: %s differs without a reason", l.ID, x.Caption, r.URL, rv.Reading)
					}
				}
			}
			if v.Disagreeing() {
				disagreeing++
			}
		}
	}
	if disagreeing == 0 {
		t.Error("no lesson example makes the readings disagree, so the page would never show a disagreement")
	}
}

// An example opens in the explorer with its file, token and URLs.
func TestLessonStateOpensInTheExplorer(t *testing.T) {
	x := lesson.All()[0].Examples[0]
	f, err := LinkFragment(x.State)
	if err != nil {
		t.Fatal(err)
	}
	ex, chosen, err := DecodeLink(f)
	if err != nil || chosen != 0 || ex.Robots != x.Robots || ex.Token != x.Token {
		t.Fatalf("%+v %d %v", ex, chosen, err)
	}
	a := Analyze(ex, nil, nil)
	for i, r := range a.Rows {
		if r.Verdict != x.Expect[i] {
			t.Errorf("%s: %s, the lesson teaches %s", r.URL, r.Verdict, x.Expect[i])
		}
	}
}
