package view

import (
	"testing"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// RFC 9309 §3: robots.txt is not access control, and it controls crawling,
// not indexing. Lines of the deciding groups that seem to rely on it for
// either are surfaced with what to use instead, for the URLs they bear
// on only: a rule that matched the URL, a Noindex: path that covers it.
// Other groups' lines are not.
func TestScopeNotes(t *testing.T) {
	src := "User-agent: *\nDisallow: /admin/\nNoindex: /drafts/\nDisallow: /dl?token=abc\nDisallow: /shop\n\n" +
		"User-agent: otherbot\nDisallow: /private/\n"
	ex := permalink.State{Robots: src, Token: "Googlebot", URLs: []string{"/admin/x", "/drafts/a", "/dl?token=abc", "/shop", "/private/x"}, Reading: string(matcher.RFC9309)}
	a := Analyze(ex, nil, nil)
	tests := []struct {
		row  int
		want map[int]string // line: kind
	}{
		{0, map[int]string{2: "security"}},
		{1, map[int]string{3: "index"}},
		{2, map[int]string{4: "security"}},
		{3, map[int]string{}}, // /shop: none of them bears on it, no box
		{4, map[int]string{}},
	}
	for _, tc := range tests {
		got := scopeNotes(a.File, a.Rows[tc.row].Result)
		if len(got) != len(tc.want) {
			t.Errorf("%s: notes %+v, want lines %v", a.Rows[tc.row].URL, got, tc.want)
			continue
		}
		for _, n := range got {
			if tc.want[n.Line] != n.Kind || n.Advice == "" || n.Source != "RFC 9309 §3" || n.Text == "" {
				t.Errorf("%s: line %d: %+v, want kind %q", a.Rows[tc.row].URL, n.Line, n, tc.want[n.Line])
			}
		}
	}
	if n := scopeNotes(a.File, nil); n != nil {
		t.Errorf("a URL that cannot be read has notes: %+v", n)
	}
	// otherbot's group decides for otherbot: its private path is noted
	// for the URL it matches, the * group's lines are not.
	ex.Token = "otherbot"
	a = Analyze(ex, nil, nil)
	if got := scopeNotes(a.File, a.Rows[4].Result); len(got) != 1 || got[0].Line != 8 {
		t.Errorf("otherbot: %+v", got)
	}
	if got := scopeNotes(a.File, a.Rows[0].Result); len(got) != 0 {
		t.Errorf("otherbot, /admin/x: %+v", got)
	}
}
