package release

import (
	"fmt"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/crawler"
)

func TestReleaseCheck(t *testing.T) {
	old := "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
	new := "User-agent: *\nDisallow: /private\nDisallow: /tmp/\n\nUser-agent: GPTBot\nDisallow: /\n"
	cs, err := crawler.Select("Googlebot,GPTBot,AdsBot-Google")
	if err != nil {
		t.Fatal(err)
	}
	r := New(matcher.Parse(matcher.RFC9309, []byte(old), matcher.ParseOptions{Text: old}), matcher.Parse(matcher.RFC9309, []byte(new), matcher.ParseOptions{Text: new}), cs)
	var got []string
	for _, u := range []string{"/private", "/private-notes", "/tmp/x", "/public", "/private/a"} {
		target, err := matcher.ParseTarget(u)
		if err != nil {
			t.Fatal(err)
		}
		err = r.Check(target, false, func(p Pair) error {
			got = append(got, u+" "+cs[p.Crawler].Name+" "+p.Old.Word()+">"+p.New.Word()+" "+p.Old.Decided()+" | "+p.New.Decided())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"/private Googlebot allowed>disallowed Allowed: no rule of the applying group matches /private. | line 2: Disallow: /private",
		"/private-notes Googlebot allowed>disallowed Allowed: no rule of the applying group matches /private-notes. | line 2: Disallow: /private",
		"/tmp/x Googlebot allowed>disallowed Allowed: no rule of the applying group matches /tmp/x. | line 3: Disallow: /tmp/",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if c := r.Counts[0]; c.NowDisallowed != 3 || c.NowAllowed != 0 || c.Unchanged != 2 {
		t.Errorf("Googlebot counts %+v", c)
	}
	if c := r.Counts[1]; c.Unchanged != 5 || !r.Changed() {
		t.Errorf("GPTBot counts %+v", c)
	}
	// AdsBot ignores * (Google's special-case crawlers): no change either way.
	if c := r.Counts[2]; c.Unchanged != 5 {
		t.Errorf("AdsBot counts %+v", c)
	}
	var marks []string
	for _, d := range r.LineDiff() {
		if d.Op != Same || d.Caused > 0 {
			marks = append(marks, string(d.Op)+d.Text+" "+strings.Repeat("*", d.Caused))
		}
	}
	if got, want := strings.Join(marks, "\n"), "-Disallow: /private/ \n+Disallow: /private **\n+Disallow: /tmp/ *"; got != want {
		t.Errorf("line diff\n%s\nwant\n%s", got, want)
	}
}

// TestForkMerge: URLs checked on forks count as if checked on one Release.
func TestForkMerge(t *testing.T) {
	old, new := "User-agent: *\nDisallow: /a\n", "User-agent: *\nDisallow: /\n"
	cs, _ := crawler.Select("Googlebot,GPTBot")
	one := New(matcher.Parse(matcher.RFC9309, []byte(old), matcher.ParseOptions{Text: old}), matcher.Parse(matcher.RFC9309, []byte(new), matcher.ParseOptions{Text: new}), cs)
	two := New(matcher.Parse(matcher.RFC9309, []byte(old), matcher.ParseOptions{Text: old}), matcher.Parse(matcher.RFC9309, []byte(new), matcher.ParseOptions{Text: new}), cs)
	forks := []*Release{two.Fork(), two.Fork()}
	for i, u := range []string{"/a", "/b", "/c", "/a/x"} {
		target, _ := matcher.ParseTarget(u)
		nop := func(Pair) error { return nil }
		one.Check(target, false, nop)
		forks[i%2].Check(target, false, nop)
	}
	for _, f := range forks {
		two.Merge(f)
	}
	if fmt.Sprint(one.Counts) != fmt.Sprint(two.Counts) || fmt.Sprint(one.LineDiff()) != fmt.Sprint(two.LineDiff()) {
		t.Errorf("one %v %v\nforks %v %v", one.Counts, one.LineDiff(), two.Counts, two.LineDiff())
	}
}

// TestOldDelivered checks a release whose old file was not delivered: its
// delivery decides every old verdict, for every crawler, and none of its
// lines is counted as deciding a change.
func TestOldDelivered(t *testing.T) {
	old := "User-agent: *\nDisallow: /a\n"
	new := "User-agent: *\nDisallow: /b\n"
	cs, err := crawler.Select("Googlebot,AdsBot-Google")
	if err != nil {
		t.Fatal(err)
	}
	r := New(matcher.Parse(matcher.RFC9309, []byte(old), matcher.ParseOptions{Text: old}), matcher.Parse(matcher.RFC9309, []byte(new), matcher.ParseOptions{Text: new}), cs)
	r.OldDelivered = &Verdict{Allowed: false, Reason: ReasonDelivery, Why: "delivery: 503"}
	f := r.Fork()
	var got []string
	for _, u := range []string{"/a", "/b"} {
		target, err := matcher.ParseTarget(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Check(target, true, func(p Pair) error {
			got = append(got, fmt.Sprintf("%s %s %s>%s %s %v", u, cs[p.Crawler].Name, p.Old.Word(), p.New.Word(), p.Old.Decided(), p.Changed))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"/a Googlebot disallowed>allowed delivery: 503 true",
		"/a AdsBot-Google disallowed>allowed delivery: 503 true",
		"/b Googlebot disallowed>disallowed delivery: 503 false",
		"/b AdsBot-Google disallowed>allowed delivery: 503 true",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	r.Merge(f)
	if c := r.Counts[0]; c.NowAllowed != 1 || c.Unchanged != 1 {
		t.Errorf("Googlebot counts %+v", c)
	}
	for _, l := range r.LineDiff() {
		if l.Caused > 0 && l.Op == Removed {
			t.Errorf("an old line is counted as deciding a change: %+v", l)
		}
	}
}
