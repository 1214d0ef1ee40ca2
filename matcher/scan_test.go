package matcher

import (
	"bytes"
	"reflect"
	"robots-explorer/matcher/internal/lines"
	"testing"
)

// RFC 9309 §2.2: EOL = %x0D / %x0A / %x0D.0A.
func TestSplitLinesRFC9309LineEnds(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"LF", "a\nb\n", []string{"a", "b"}},
		{"CRLF", "a\r\nb\r\n", []string{"a", "b"}},
		{"CR only", "a\rb\r", []string{"a", "b"}},
		{"mixed", "a\r\n\rb\nc", []string{"a", "", "b", "c"}},
		{"no final EOL", "a", []string{"a"}},
		{"LF CR is two ends", "a\n\rb", []string{"a", "", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewScanner(RFC9309, []byte(tt.in), tt.in, ParseOptions{})
			s.SplitLines()
			f := s.File
			var got []string
			for _, l := range f.Lines() {
				got = append(got, string(f.Source[l.Start:l.End]))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("the lines of %q are %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// Google's parser skips a whole or partial UTF-8 byte-order mark
// (robots.cc; conformance suite BOM-characters.textproto).
func TestBOMLengthGoogleSkipsPartialMark(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"\xEF\xBB\xBFUser-agent: *", 3},
		{"\xEF\xBBUser-agent: *", 2},
		{"\xEFUser-agent: *", 1},
		{"\xBB\xBFUser-agent: *", 0},
		{"User-agent: *", 0},
		{"", 0},
	}
	for _, tt := range tests {
		if got := lines.BOM([]byte(tt.in)); got != tt.want {
			t.Errorf("bomLength(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestSplitRecord(t *testing.T) {
	tests := []struct {
		in                    string
		key, value, CommentAt string
		Colon                 bool
	}{
		{"Disallow: /fish # no fish", "Disallow", "/fish", " no fish", true},
		{"  User-agent :\tfoo  ", "User-agent", "foo", "", true},
		{"Disallow /fish", "Disallow /fish", "", "", false},
		{"# only a comment", "", "", " only a comment", false},
		{"Allow: /a:b", "Allow", "/a:b", "", true},
		{":value", "", "value", "", true},
	}
	for _, tt := range tests {
		src := []byte(tt.in)
		r := lines.Split(src, 0, len(src))
		part := func(s, e int) string {
			if s < 0 {
				return ""
			}
			return string(src[s:e])
		}
		comment := ""
		if r.CommentAt >= 0 {
			comment = string(src[r.CommentAt+1:])
		}
		got := []any{part(r.KeyStart, r.KeyEnd), part(r.ValueStart, r.ValueEnd), comment, r.Colon}
		want := []any{tt.key, tt.value, tt.CommentAt, tt.Colon}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("splitRecord(%q) = %q, want %q", tt.in, got, want)
		}
	}
}

// leadingKey must read a line as cutLine and rfcKey do whenever it reads
// it at all, and read every plain standard key, in any case.
func TestLeadingKeyAgreesWithCutLine(t *testing.T) {
	keys := []string{"disallow", "Disallow", "DISALLOW", "allow", "AlLoW", "user-agent", "User-Agent", "USER-AGENT"}
	near := []string{"user\ragent", "user\x0dagent", "usEr_agent", "disallo", "disallowx", "alow", "allow ", " allow",
		"dis@llow", "Disa\x0cllow", "allo\x57", "user-agen", "user-agentx", "#allow", "allow#", "@llow", "a\x0cl\x0cow", ""}
	var lines []string
	for _, k := range append(keys, near...) {
		for _, rest := range []string{":", ": /x", ":/a#c", " : /x", "", "#:", ":\t*  # c"} {
			lines = append(lines, k+rest)
		}
	}
	for _, line := range lines {
		src := []byte(line)
		l := newLine(1, 0, len(src))
		kind, n := leadingKey(src)
		want := l
		cf := newCommentFinder(src)
		wk, wv, wc, wm := cutLine(src, &want, &cf)
		if n == 0 {
			if wc && rfcKey(line[wk.Start:wk.End]) != KindOther && wk == SpanOf(0, int(wk.End)) && int(wk.End) < len(src) && src[wk.End] == ':' {
				t.Errorf("%q: leadingKey missed key %q", line, line[wk.Start:wk.End])
			}
			continue
		}
		got := l
		cf = newCommentFinder(src)
		gk, gv, gm := cutAfterKey(src, &got, n, &cf)
		gc := true
		if gk != wk || gv != wv || gc != wc || gm != wm || got != want || kind != rfcKey(line[wk.Start:wk.End]) {
			t.Errorf("%q: leadingKey reads %v %v %v %v %v kind %v, cutLine %v %v %v %v %v kind %v",
				line, gk, gv, gc, gm, got, kind, wk, wv, wc, wm, want, rfcKey(line[wk.Start:wk.End]))
		}
	}
}

// TestCommentFinderInOrder checks that one commentFinder read over the
// lines of a source in order finds each line's first '#' after its ':',
// as a search of that line alone does.
func TestCommentFinderInOrder(t *testing.T) {
	src := []byte("a:b#c\nd:e\n#f:g\nh:i#j#k\nl:m\r\nn:#\no:p\n\nq:r#")
	cf := newCommentFinder(src)
	ls := lines.NewScanner(src, 0)
	for {
		start, end, ok := ls.Next()
		if !ok {
			break
		}
		colon := bytes.IndexByte(src[start:end], ':')
		if colon < 0 {
			continue
		}
		from := start + colon + 1
		want := bytes.IndexByte(src[from:end], '#')
		if want >= 0 {
			want += from
		}
		if got := cf.in(from, end); got != want {
			t.Errorf("line %q: '#' at %d, want %d", src[start:end], got, want)
		}
	}
}
