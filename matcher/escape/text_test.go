package escape

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// What a terminal would obey or a line-based reader would split on is
// written in the robots.txt.esc notation; printable text, including
// non-ASCII letters, stays as it is.
func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/fish?id=3", "/fish?id=3"},
		{"/Bücher/ツ", "/Bücher/ツ"},
		{"/private\nallowed\t/private\tforged", `/private\nallowed\t/private\tforged`}, // a forged result line
		{"\x1b]0;owned\a\x1b[2J", `\x1B]0;owned\x07\x1B[2J`},                           // title set, screen cleared
		{"a\x00b\rc\x7f", `a\0b\rc\x7F`},                                               // NUL, CR, DEL
		{"\u009b2J", `\xC2\x9B2J`},                                                     // C1 CSI as UTF-8
		{"/caf\xe9", `/caf\xE9`},                                                       // not UTF-8
		{`C:\temp\n`, `C:\\temp\\n`},                                                   // a backslash is escaped too
		{"\u00a0\u2028", "\u00a0\u2028"},                                               // not controls: kept
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(AppendText([]byte("prefix\t"), tt.in)); got != "prefix\t"+tt.want {
			t.Errorf("AppendText(prefix, %q) = %q, want the prefix and %q", tt.in, got, tt.want)
		}
	}
}

// firstUnsafe reads eight bytes at a time where it can: every byte value,
// at every position of a run of printable ASCII, is found where the byte
// by byte reading finds it.
func TestFirstUnsafeEveryByteAndPlace(t *testing.T) {
	const safe = "/abcdefghijklmnopqrstuvwxyz0123456789"
	for c := range 256 {
		for at := range len(safe) {
			s := safe[:at] + string([]byte{byte(c)}) + safe[at:]
			want := -1
			if byte(c) < 0x20 || c == 0x7F || c == '\\' || c >= 0x80 {
				want = at // alone, a byte of 0x80 and up is not UTF-8
			}
			if got := firstUnsafe(s); got != want {
				t.Fatalf("firstUnsafe(%q) = %d, want %d", s, got, want)
			}
		}
	}
}

// FuzzText: whatever the bytes, the escaped form is one line of
// printable UTF-8 without C0, DEL or C1 controls, and Unescape reads it
// back to the same bytes.
func FuzzText(f *testing.F) {
	for _, s := range []string{"", "/a\nb", "\x1b[31m", "\u0085", "\\{3|x}", "\xff\xfe", "\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Text(s)
		if !utf8.ValidString(e) {
			t.Fatalf("Text(%q) = %q is not UTF-8", s, e)
		}
		for _, r := range e {
			if r < 0x20 || r == 0x7F || r >= 0x80 && r <= 0x9F {
				t.Fatalf("Text(%q) = %q holds control %U", s, e, r)
			}
		}
		if a := AppendText([]byte{'>'}, s); string(a) != ">"+e {
			t.Fatalf("AppendText(>, %q) = %q, want >%q", s, a, e)
		}
		back, err := Unescape([]byte(e))
		if err != nil || string(back) != s {
			t.Fatalf("Unescape(Text(%q)) = %q, %v", s, back, err)
		}
		if !strings.ContainsAny(s, "\\") && firstUnsafe(s) < 0 && e != s {
			t.Fatalf("Text(%q) changed a safe string to %q", s, e)
		}
	})
}
