package lesson

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
	_ "robots-explorer/matcher/readings"
)

// Every example verdict a lesson teaches is what the matcher decides under
// RFC 9309.
func TestLessonExamplesTeachTheTruth(t *testing.T) {
	n := 0
	for _, l := range All() {
		for _, ex := range l.Examples {
			if len(ex.Expect) != len(ex.URLs) {
				t.Fatalf("%s: %q has %d URLs but %d expectations", l.ID, ex.Caption, len(ex.URLs), len(ex.Expect))
			}
			reading := matcher.RFC9309
			if ex.Reading != "" {
				var err error
				if reading, err = matcher.ParseReading(ex.Reading); err != nil {
					t.Fatalf("%s: %v", l.ID, err)
				}
			}
			f := matcher.Parse(reading, []byte(ex.Robots), matcher.ParseOptions{})
			for i, u := range ex.URLs {
				res, err := f.Evaluate(ex.Token, u)
				if err != nil {
					t.Fatalf("%s: %v", l.ID, err)
				}
				if res.Verdict() != ex.Expect[i] {
					t.Errorf("lesson %s, example %q: %s is %s, the lesson says %s (%s)", l.ID, ex.Caption, u, res.Verdict(), ex.Expect[i], res.Explanation)
				}
				n++
			}
		}
	}
	t.Logf("%d lessons, %d example verdicts checked", len(All()), n)
}

// Every verdict a lesson states for a crawler's parser is what that
// reading decides; the differential corpus holds each reading to the
// program it mirrors.
func TestLessonExamplesTeachTheOtherReadings(t *testing.T) {
	n := 0
	for _, l := range All() {
		for _, ex := range l.Examples {
			for name, want := range ex.Others {
				r, err := matcher.ParseReading(name)
				if err != nil {
					t.Fatalf("%s, %q: %v", l.ID, ex.Caption, err)
				}
				if len(want) != len(ex.URLs) {
					t.Fatalf("%s, %q: %s has %d verdicts for %d URLs", l.ID, ex.Caption, name, len(want), len(ex.URLs))
				}
				f := matcher.Parse(r, []byte(ex.Robots), matcher.ParseOptions{})
				for i, u := range ex.URLs {
					res, err := f.Evaluate(ex.Token, u)
					if err != nil {
						t.Fatal(err)
					}
					if res.Verdict() != want[i] {
						t.Errorf("lesson %s, example %q: %s says %s is %s, the lesson says %s (%s)", l.ID, ex.Caption, name, u, res.Verdict(), want[i], res.Explanation)
					}
					n++
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d verdicts of other readings stated", n)
	}
	t.Logf("%d verdicts of other readings checked", n)
}

func TestLessonsAreComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range All() {
		if seen[l.ID] || l.ID == "" || strings.ContainsAny(l.ID, " &#=") {
			t.Errorf("bad or duplicate ID %q", l.ID)
		}
		seen[l.ID] = true
		if l.Title == "" || l.Summary == "" || len(l.Body) == 0 || l.Section == "" || len(l.Examples) == 0 {
			t.Errorf("lesson %q is incomplete", l.ID)
		}
		if !strings.HasPrefix(l.SectionURL(), "https://") {
			t.Errorf("lesson %q: %s", l.ID, l.SectionURL())
		}
	}
	for _, id := range []string{"group", "merge", "longest", "tie", "wildcards", "encoding", "robots-txt", "size", "status", "not"} {
		if _, ok := ByID(id); !ok {
			t.Errorf("no lesson %q", id)
		}
	}
}
