package matcher

import (
	"reflect"
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
			f := NewScanner(RFC9309, []byte(tt.in), tt.in, ParseOptions{}).File
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
		if got := BOMLength([]byte(tt.in)); got != tt.want {
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
		r := SplitRecord(src, 0, len(src))
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
