package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

func noticeKinds(c view.InputCheck) string {
	var k []string
	for _, n := range c.Notices {
		k = append(k, n.Kind)
	}
	return strings.Join(k, ",")
}

// The hostile inputs of the project's corpus each get their notice, and an
// ordinary file none.
func TestCheckInputNotices(t *testing.T) {
	for _, c := range []struct {
		name, src, kinds string
	}{
		{"ordinary file (RFC 9309 §5.1)", view.RFC9309Example().Robots, ""},
		{"empty", "", ""},
		{"exactly the limit", strings.Repeat("# comment line\n", view.AnalysedLimit/15) + strings.Repeat("#", view.AnalysedLimit%15), ""},
		{"10 MiB file", testkit.ManyRules(10 << 20), "size"},
		// RFC 9309 §2.5: a crawler may stop past 500 KiB; Google's robots.cc
		// reads at most kMaxLineLen bytes of a line.
		{"1 MiB single line", "User-agent: *\nDisallow: /" + strings.Repeat("a", 1<<20) + "\n", "size,long-line"},
		{"100,000 * in one pattern", "User-agent: *\nDisallow: /" + strings.Repeat("*", 100000) + "\n", "long-line"},
		{"line at Google's limit", "Disallow: /" + strings.Repeat("a", matcher.GoogleLineLimit-11), ""},
		{"line one byte past Google's limit", "Disallow: /" + strings.Repeat("a", matcher.GoogleLineLimit-10), "long-line"},
		{"one NUL byte", "User-agent: *\nDisallow: /\x00\n", "binary"},
		{"control characters", strings.Repeat("\x01\x02\x03ab", 100), "binary"},
		{"tabs, form feeds and CR LF are text", "User-agent:\t*\r\n\fDisallow: /\r\n", ""},
		// RFC 9309 §2.2: EOL = CR / LF / CR LF.
		{"CR-only line ends", "User-agent: *\rDisallow: /private/\r", "cr"},
	} {
		got := view.CheckInput(c.src)
		if k := noticeKinds(got); k != c.kinds {
			t.Errorf("%s: notices %q, want %q: %v", c.name, k, c.kinds, got.Notices)
		}
		if len(got.Bounded) > view.AnalysedLimit || !strings.HasPrefix(c.src, got.Bounded) {
			t.Errorf("%s: bounded to %d bytes, not a prefix within %d", c.name, len(got.Bounded), view.AnalysedLimit)
		}
	}
}

// The bound keeps whole lines, so no rule is cut in two, and leaves a
// file within the limit untouched.
func TestBoundSource(t *testing.T) {
	big := testkit.ManyRules(3 << 20)
	b := view.BoundSource(big)
	if len(b) > view.AnalysedLimit || len(b) < view.AnalysedLimit-200 || !strings.HasSuffix(b, "\n") || !strings.HasPrefix(big, b) {
		t.Errorf("bounded to %d bytes ending %q", len(b), b[max(0, len(b)-20):])
	}
	if s := view.RFC9309Example().Robots; view.BoundSource(s) != s {
		t.Error("a short file was changed")
	}
	if b := view.BoundSource(strings.Repeat("x", view.AnalysedLimit+5)); len(b) != view.AnalysedLimit {
		t.Errorf("one huge line bounded to %d bytes, want %d", len(b), view.AnalysedLimit)
	}
	// CR alone ends a line too (RFC 9309 §2.2).
	cr := strings.Repeat("Disallow: /a\r", view.AnalysedLimit/13+10)
	if b := view.BoundSource(cr); !strings.HasSuffix(b, "\r") || len(b) > view.AnalysedLimit {
		t.Errorf("CR-only file bounded to %d bytes ending %q", len(b), b[len(b)-5:])
	}
}

// The analysis of a bounded file is the analysis of its first part: the
// rules past the cut do not count.
func TestBoundedAnalysis(t *testing.T) {
	src := testkit.ManyRules(view.AnalysedLimit) + "User-agent: *\nDisallow: /only-past-the-cut\n" + testkit.ManyRules(view.AnalysedLimit)
	var c view.InputCheck
	ex := c.Bound(permalink.State{Robots: src, Token: "Googlebot", URLs: []string{"/only-past-the-cut"}, Reading: string(matcher.RFC9309)})
	if noticeKinds(c) != "size" || len(ex.Robots) > view.AnalysedLimit {
		t.Fatalf("notices %q, %d bytes analysed", noticeKinds(c), len(ex.Robots))
	}
	if a := view.Analyze(ex, &view.ReadingFiles{}, nil); a.Rows[0].Verdict != "allowed" {
		t.Errorf("a rule past the cut decided: %+v", a.Rows[0])
	}
	// The check is redone only when the file changes.
	before := c.Notices
	c.Bound(ex)
	if noticeKinds(c) != "" {
		t.Errorf("the bounded file itself still has notices %q", noticeKinds(c))
	}
	c.Bound(permalink.State{Robots: src})
	if len(c.Notices) != len(before) {
		t.Error("the check was not redone for a changed file")
	}
}

func TestLongestLine(t *testing.T) {
	for _, c := range []struct {
		src        string
		line, size int
	}{
		{"", 0, 0},
		{"a", 1, 1},
		{"a\nbbb\ncc", 2, 3},
		{"a\r\nbbb\r\ncc", 2, 3},
		{"aaaa\rbbb\rcc", 1, 4},
		{"a\n\nccc\n", 3, 3},
	} {
		if line, n := view.LongestLine(c.src); line != c.line || n != c.size {
			t.Errorf("longestLine(%q) = %d, %d; want %d, %d", c.src, line, n, c.line, c.size)
		}
	}
}

func TestClipped(t *testing.T) {
	if s := "short"; view.Clipped(s) != s {
		t.Error("a short text was clipped")
	}
	long := strings.Repeat("é", view.ShownLimit) // two bytes each
	got := view.Clipped(long)
	if !strings.HasPrefix(got, strings.Repeat("é", view.ShownLimit/2)+"…") || !strings.Contains(got, "more") {
		t.Errorf("clipped to %q…", got[len(got)-40:])
	}
}

// The notices are text on the page, in a live region.
func TestRenderInputNotices(t *testing.T) {
	html := app.HTMLString(renderInputNotices(view.CheckInput("User-agent: *\nDisallow: /<b>\x00\n"), nil))
	if !strings.Contains(html, `aria-live="polite"`) || !strings.Contains(html, `data-notice="binary"`) {
		t.Errorf("notices render as %s", html)
	}
}
