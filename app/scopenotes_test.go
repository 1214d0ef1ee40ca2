package main

import (
	"testing"

	"robots-explorer/matcher"
)

// RFC 9309 §3: robots.txt is not access control, and it controls crawling,
// not indexing. Lines of the deciding groups that seem to rely on it for
// either are surfaced with what to use instead; other groups' lines are
// not.
func TestScopeNotes(t *testing.T) {
	src := "User-agent: *\nDisallow: /admin/\nNoindex: /drafts/\nDisallow: /dl?token=abc\nDisallow: /shop\n\n" +
		"User-agent: otherbot\nDisallow: /private/\n"
	ex := example{Source: src, Token: "Googlebot", URLs: "/admin/x\n/shop", Reading: matcher.RFC9309}
	a := analyze(ex, nil, nil)
	got := scopeNotes(a.file, a.rows[0].Result)
	want := map[int]string{2: "security", 3: "index", 4: "security"}
	if len(got) != len(want) {
		t.Fatalf("notes %+v, want lines %v", got, want)
	}
	for _, n := range got {
		if want[n.Line] != n.Kind || n.Advice == "" || n.Source != "RFC 9309 §3" || n.Text == "" {
			t.Errorf("line %d: %+v, want kind %q", n.Line, n, want[n.Line])
		}
	}
	if n := scopeNotes(a.file, nil); n != nil {
		t.Errorf("a URL that cannot be read has notes: %+v", n)
	}
	// otherbot's group decides for otherbot: its private path is noted,
	// the * group's lines are not.
	ex.Token = "otherbot"
	a = analyze(ex, nil, nil)
	if got := scopeNotes(a.file, a.rows[0].Result); len(got) != 1 || got[0].Line != 8 {
		t.Errorf("otherbot: %+v", got)
	}
}
