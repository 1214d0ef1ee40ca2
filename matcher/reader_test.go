package matcher

import (
	"reflect"
	"testing"

	"robots-explorer/matcher/internal/gen"
)

// Line offsets are int32 (file.go), so Parse reads at most maxSource
// bytes. The cut is tried here with a small limit: a 2 GiB source is too
// much to allocate in a test. A source within the limit is read whole,
// with no size diagnostic.
func TestParseWithinCutsAndSaysSo(t *testing.T) {
	head := "User-agent: *\nDisallow: /a\n"
	for _, tc := range []struct {
		name, src string
		limit     int
	}{
		{"over the limit", head + "Disallow: /secret\n", len(head)},
		{"at the limit", head, len(head)},
	} {
		for _, r := range Readings() {
			t.Run(tc.name+"/"+string(r), func(t *testing.T) {
				f := parseWithin(ReaderOf(r), []byte(tc.src), tc.src, tc.limit, ParseOptions{})
				if len(f.Source) != len(head) {
					t.Fatalf("read %d bytes, want %d", len(f.Source), len(head))
				}
				for _, l := range f.Lines() {
					if int(l.End) > len(head) {
						t.Errorf("line %d ends at %d, past the %d bytes read", l.Number, l.End, len(head))
					}
				}
				if len(f.Groups) != 1 || f.Groups[0].Rules.Len() != 1 || f.TextOf(f.RulesOf(f.Groups[0])[0].Pattern) != "/a" {
					t.Errorf("groups = %+v, want one group with the rule /a only", f.Groups)
				}
				if len(tc.src) <= tc.limit {
					if f.Diagnostics.Has(CodeSizeLimit) {
						t.Errorf("diagnostics = %+v, want no size limit", f.Diagnostics)
					}
					return
				}
				var cut *Diagnostic
				for i, d := range f.Diagnostics {
					if d.Code == CodeSizeLimit {
						cut = &f.Diagnostics[i]
					}
				}
				if cut == nil || cut.Severity != Error || cut.Pos.Offset != len(head) {
					t.Errorf("diagnostics = %+v, want a size-limit error at offset %d", f.Diagnostics, len(head))
				}
			})
		}
	}
}

// Parse given the source's string as Text must read it exactly as it
// reads the bytes alone: lines, groups, rules and diagnostics, under every
// reading, for a small file, a large one and hostile bytes.
func TestParseTextIsParseOfBytes(t *testing.T) {
	sources := map[string]string{
		"rfc example": "User-agent: *\nDisallow: /a # note\nAllow: /a/b$\nCrawl-delay: 3\n",
		"large":       string(gen.RealisticFile(300 << 10)),
		"hostile":     "\xEF\xBB\x00User-agent:\r\n\xff\xfe*\rDisallow: %zz\n:\n",
		"empty":       "",
	}
	for name, text := range sources {
		for _, r := range Readings() {
			want, got := Parse(r, []byte(text), ParseOptions{}), Parse(r, []byte(text), ParseOptions{Text: text})
			if string(got.Source) != text {
				t.Fatalf("%s/%s: Source differs from the text", name, r)
			}
			if !reflect.DeepEqual(got.Lines(), want.Lines()) || !reflect.DeepEqual(GroupsOf(got), GroupsOf(want)) ||
				!reflect.DeepEqual(got.Diagnostics, want.Diagnostics) {
				t.Errorf("%s/%s: the file parsed with its Text differs from the file parsed without", name, r)
			}
		}
	}
}

// TestAboutEveryReading: every reading says what it is, so that the UI, the
// CLI and the record can label it with the program and version it mirrors.
func TestAboutEveryReading(t *testing.T) {
	for _, r := range Readings() {
		a := About(r)
		if a.Name != r || a.Title == "" || a.Mirrors == "" {
			t.Errorf("About(%q) = %+v: want its name, a title and what it mirrors", r, a)
		}
	}
	if a := About("no-such-reading"); a != (ReadingInfo{}) {
		t.Errorf("About of an unknown reading = %+v, want the zero value", a)
	}
}

// Parse given Text over the same bytes keeps the caller's bytes as
// Source and answers as without it; given a Text that is not those bytes,
// it reads the bytes.
func TestParseSharedTextAnswersAsBytes(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /a*\nAllow: /a/b$\n")
	for _, r := range Readings() {
		shared, copied := Parse(r, src, ParseOptions{Text: string(src)}), Parse(r, src, ParseOptions{})
		if &shared.Source[0] != &src[0] {
			t.Errorf("%s: Parse copied the source", r)
		}
		for _, u := range []string{"/a", "/a/b", "/c"} {
			a, _ := shared.Evaluate("Googlebot", u)
			b, _ := copied.Evaluate("Googlebot", u)
			if a.Allowed != b.Allowed || a.Explanation != b.Explanation {
				t.Errorf("%s %s: with Text %s, without %s", r, u, a.Verdict(), b.Verdict())
			}
		}
		other := Parse(r, src, ParseOptions{Text: "User-agent: *\nDisallow: /\n"})
		if len(other.Lines()) != len(copied.Lines()) || other.Text(2) != "Disallow: /a*" {
			t.Errorf("%s: Parse with a Text that is not src read the text: line 2 is %q", r, other.Text(2))
		}
	}
}
