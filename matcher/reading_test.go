package matcher

import "testing"

// Line offsets are int32 (file.go), so ParseAs reads at most maxSource
// bytes. The cut is tried here with a small limit: a 2 GiB source is too
// much to allocate in a test.
func TestParseWithinCutsAndSaysSo(t *testing.T) {
	head := "User-agent: *\nDisallow: /a\n"
	src := []byte(head + "Disallow: /secret\n")
	for _, r := range Readings() {
		t.Run(string(r), func(t *testing.T) {
			f := parseWithin(readerFor(r), src, len(head))
			if len(f.Source) != len(head) {
				t.Fatalf("read %d bytes, want %d", len(f.Source), len(head))
			}
			for _, l := range f.Lines {
				if int(l.End) > len(head) {
					t.Errorf("line %d ends at %d, past the %d bytes read", l.Number, l.End, len(head))
				}
			}
			if len(f.Groups) != 1 || len(f.Groups[0].Rules) != 1 || f.Groups[0].Rules[0].Pattern != "/a" {
				t.Errorf("groups = %+v, want one group with the rule /a only", f.Groups)
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

// A source within the limit is read whole, with no size diagnostic.
func TestParseWithinKeepsASourceAtTheLimit(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /a\n")
	for _, r := range Readings() {
		f := parseWithin(readerFor(r), src, len(src))
		if len(f.Source) != len(src) {
			t.Errorf("%s: read %d bytes, want %d", r, len(f.Source), len(src))
		}
		for _, d := range f.Diagnostics {
			if d.Code == CodeSizeLimit {
				t.Errorf("%s: unexpected %+v", r, d)
			}
		}
	}
}
