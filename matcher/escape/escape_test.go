package escape

import (
	"bytes"
	"strings"
	"testing"
)

// The robots.txt.esc escapes, as testdata/README.md documents them.
func TestUnescape(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"User-agent: *\n", "User-agent: *\n"},
		{`a\r\` + "\n" + `b\r\` + "\n", "a\rb\r"},       // CR-only line ends
		{`a\r` + "\n" + "b\n", "a\r\nb\n"},              // CRLF
		{`\xEF\xBB\xBFx` + "\n", "\xEF\xBB\xBFx\n"},     // byte-order mark
		{`/caf\xe9\0\t\\` + "\n", "/caf\xe9\x00\t\\\n"}, // bytes, NUL, tab, backslash
		{`\{3|ab}`, "ababab"},                           // repeat
		{`\{2|x\{2|y}\n}`, "xyy\nxyy\n"},                // nested repeat, escapes inside
		{`\{2|\}}`, "}}"},                               // escaped brace
		{`\{0|abc}z`, "z"},                              // zero repeats
		{"no final line end\\\n", "no final line end"},  // joined line
		{"ツ\n", "ツ\n"},                                  // UTF-8 passes through
	}
	for _, tt := range tests {
		got, err := Unescape([]byte(tt.in))
		if err != nil {
			t.Errorf("Unescape(%q): %v", tt.in, err)
			continue
		}
		if !bytes.Equal(got, []byte(tt.want)) {
			t.Errorf("Unescape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestUnescapeErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`a\q`, `line 1: unknown escape \q`},
		{"ok\n" + `\xZ1`, `line 2: \x needs two hex digits`},
		{`\x1`, `line 1: \x needs two hex digits`},
		{`\{3|ab`, `without its closing }`},
		{`\{|ab}`, `must be followed by a count`},
		{`\{99999999|ab}`, `expands past`},
		{`x\`, `a lone \ at the end`},
	}
	for _, tt := range tests {
		_, err := Unescape([]byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Unescape(%q): error %v, want one containing %q", tt.in, err, tt.want)
		}
	}
}
