package crawler

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
	_ "robots-explorer/matcher/readings"
)

func TestPlanEvaluate(t *testing.T) {
	const (
		imageAndStar = "User-agent: Googlebot-Image\nDisallow: /img\n\nUser-agent: *\nDisallow: /\n"
		googleOnly   = "User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n"
		starOnly     = "User-agent: *\nDisallow: /\n"
		applebotBoth = "User-agent: Applebot\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /\n"
	)
	tests := []struct {
		name     string
		robots   string
		crawler  string // a directory name, or a bare token
		url      string
		allowed  bool
		token    string // the deciding token
		sentence string // a fragment of the plan's sentence; "" for none
	}{
		// RFC 9309 §2.2.1: a group naming the crawler's own token decides.
		{"own group decides", imageAndStar, "Googlebot-Image", "/img/a.png", false, "Googlebot-Image", ""},
		{"own group, other paths allowed", imageAndStar, "Googlebot-Image", "/page", true, "Googlebot-Image", ""},
		// Google's overview: Googlebot-Image obeys Googlebot where no group names it.
		{"image falls back to Googlebot", googleOnly, "Googlebot-Image", "/private/x", false, "Googlebot",
			"No group names Googlebot-Image; Google documents that this crawler then obeys the Googlebot group (the operator's behaviour, not the parser's"},
		{"fallback group, not the star group", googleOnly, "Googlebot-Image", "/page", true, "Googlebot", "obeys the Googlebot group"},
		{"news falls back too", googleOnly, "Googlebot-News", "/private/x", false, "Googlebot", "Googlebot-News"},
		{"no chain token named: star", starOnly, "Googlebot-Video", "/x", false, "Googlebot-Video", "the * group applies"},
		// Special-case crawlers ignore *.
		{"AdsBot ignores star", starOnly, "AdsBot-Google", "/x", true, "AdsBot-Google", "ignores the * group, so no rules apply"},
		{"AdsBot obeys its own group", "User-agent: AdsBot-Google\nDisallow: /x\n", "AdsBot-Google", "/x", false, "AdsBot-Google", ""},
		// About Applebot: Googlebot's instructions where Applebot is not named.
		{"Applebot's own group first", applebotBoth, "Applebot", "/x", true, "Applebot", ""},
		{"Applebot follows Googlebot", googleOnly, "Applebot", "/private/a", false, "Googlebot", "Apple documents"},
		// A bare token keeps RFC 9309's meaning: its own group, else *.
		{"bare token, star", googleOnly, "Fishbot", "/private/a", false, "Fishbot", ""},
		{"bare Googlebot-Image token is not chained", googleOnly, "", "/private/a", false, "Googlebot-Image", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := matcher.Parse(matcher.RFC9309, []byte(tt.robots), matcher.ParseOptions{Text: tt.robots})
			c, ok := Lookup(tt.crawler)
			if !ok {
				c = Bare(tt.crawler)
				if tt.crawler == "" {
					c = Bare("Googlebot-Image")
				}
			}
			p := PlanFor(f, c)
			target, err := matcher.ParseTarget(tt.url)
			if err != nil {
				t.Fatal(err)
			}
			res := p.Evaluate(f, target)
			if res.Allowed != tt.allowed || p.Token != tt.token {
				t.Errorf("allowed %v by %s, want %v by %s (%s)", res.Allowed, p.Token, tt.allowed, tt.token, res.Explanation)
			}
			if tt.sentence == "" && p.Sentence != "" || !strings.Contains(p.Sentence, tt.sentence) {
				t.Errorf("sentence %q, want it to hold %q", p.Sentence, tt.sentence)
			}
		})
	}
}

// TestPlanNoRulesResult: the Result of a crawler that ignores * has no
// rule and no selected group, whatever the * group holds.
func TestPlanNoRulesResult(t *testing.T) {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: *\nDisallow: /\n"), matcher.ParseOptions{Text: "User-agent: *\nDisallow: /\n"})
	c, _ := Lookup("APIs-Google")
	p := PlanFor(f, c)
	target, _ := matcher.ParseTarget("/a")
	res := p.Evaluate(f, target)
	if !res.Allowed || res.Reason != matcher.ReasonNoGroup || len(res.Matches) != 0 || res.Winner != -1 || len(res.Groups.Selected) != 0 {
		t.Fatalf("got %+v", res)
	}
	for _, a := range res.Groups.Agents {
		if a.Matched {
			t.Errorf("line %d still marked as matched", a.Agent.Line)
		}
	}
	// The file's own cached trace is untouched.
	if again := f.EvaluateTarget("APIs-Google", target); again.Allowed || !again.Groups.Agents[0].Matched {
		t.Errorf("the parser's own reading changed: %+v", again.Groups)
	}
}

// TestPlanUnderOtherReadings: the chain works on any reading's groups.
func TestPlanUnderOtherReadings(t *testing.T) {
	for _, r := range matcher.Readings() {
		f := matcher.Parse(r, []byte("User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n"), matcher.ParseOptions{Text: "User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n"})
		c, _ := Lookup("Googlebot-Image")
		p := PlanFor(f, c)
		target, _ := matcher.ParseTarget("/page")
		if res := p.Evaluate(f, target); !res.Allowed {
			t.Errorf("%s: /page disallowed for Googlebot-Image (token %s): %s", r, p.Token, res.Explanation)
		}
	}
}

// TestMatrixSharesSelections: crawlers that select the same groups are
// evaluated once, and every crawler still gets its own plan's verdict.
func TestMatrixSharesSelections(t *testing.T) {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n"), matcher.ParseOptions{Text: "User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n"})
	cs, err := Select("Googlebot,bingbot,Googlebot-Image,Applebot,GPTBot,CCBot,AdsBot-Google")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMatrix(f, cs)
	distinct := 0 // the evaluations one URL costs
	for i, r := range m.rep {
		if r == i {
			distinct++
		}
	}
	if distinct != 3 { // the Googlebot/bingbot group, *, no rules
		t.Errorf("%d distinct selections, want 3", distinct)
	}
	target, _ := matcher.ParseTarget("/b")
	out := make([]*matcher.Result, len(cs))
	m.Evaluate(target, out)
	for i, p := range m.Plans {
		want := p.Evaluate(f, target)
		if out[i].Allowed != want.Allowed || out[i].Winner != want.Winner || len(out[i].Matches) != len(want.Matches) {
			t.Errorf("%s: shared result %v, its own %v", p.Crawler.Name, out[i].Allowed, want.Allowed)
		}
	}
}

// TestMatrixExplained: a shared Result is handed on only where its
// sentence is the plan's own; elsewhere the plan is evaluated itself.
func TestMatrixExplained(t *testing.T) {
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /a\n\nUser-agent: GPTBot\nUser-agent: CCBot\n"), matcher.ParseOptions{Text: "User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /a\n\nUser-agent: GPTBot\nUser-agent: CCBot\n"})
	cs, _ := Select("Googlebot,bingbot,GPTBot,CCBot,AdsBot-Google,APIs-Google")
	m := NewMatrix(f, cs)
	out := make([]*matcher.Result, len(cs))
	for _, u := range []string{"/a", "/b", "/robots.txt"} {
		target, _ := matcher.ParseTarget(u)
		m.Evaluate(target, out)
		for i, p := range m.Plans {
			got, want := m.Explained(i, target, out[i]), p.Evaluate(f, target)
			if got.Allowed != want.Allowed || got.Explanation != want.Explanation {
				t.Errorf("%s %s: %q, want %q", p.Crawler.Name, u, got.Explanation, want.Explanation)
			}
		}
	}
}

// Matrix.Decide, as diff and check's text decide, gives every plan
// Evaluate's verdict, deciding line and sentence (AppendExplanation), on
// every reading, with its Results reused from URL to URL.
func TestMatrixDecide(t *testing.T) {
	text := siteFile("User-agent: Googlebot\nUser-agent: bingbot\nDisallow: /a\nAllow: /a/b\nDisallow: /*.pdf$\n\nUser-agent: GPTBot\n")
	cs, _ := Select(benchCrawlers)
	appendText := func(b []byte, s string) []byte { return append(b, s...) }
	line := func(r *matcher.Result) int {
		if m, ok := r.WinningRule(); ok {
			return int(m.Rule.Line)
		}
		return 0
	}
	for _, r := range matcher.Readings() {
		f := matcher.Parse(r, []byte(text), matcher.ParseOptions{Text: text})
		m := NewMatrix(f, cs)
		out := make([]*matcher.Result, len(cs))
		for i := range 60 {
			u := []string{"/a", "/a/b", "/a/x.pdf", "/b", "/robots.txt", "/cart/1"}[i%6]
			if i >= 6 {
				u = benchURL(i)
			}
			target, _ := matcher.ParseTarget(u)
			m.Decide(target, out)
			for j, p := range m.Plans {
				got, want := m.Explained(j, target, out[j]), p.Evaluate(f, target)
				why := string(matcher.AppendExplanation(nil, f, got, appendText))
				if got.Allowed != want.Allowed || got.Reason != want.Reason || line(got) != line(want) || why != want.Explanation {
					t.Errorf("%s, %s %s: %s %s line %d %q, want %s %s line %d %q", r, p.Crawler.Name, u,
						got.Verdict(), got.Reason, line(got), why, want.Verdict(), want.Reason, line(want), want.Explanation)
				}
			}
		}
	}
}
