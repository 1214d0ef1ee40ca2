package jstext

import "testing"

// TestJSLower: toLowerCase where Go's tables differ (Node 20: Unicode 17).
func TestJSLower(t *testing.T) {
	for in, want := range map[string]string{
		"ABC": "abc", "İ": "i\u0307", "ΣΑΣ": "σας", "Σ": "σ", "ΑΣ.": "ας.", "ΑΣΑ": "ασα",
		"\u1c89": "\u1c8a", "\ua7dc": "\u019b", "\U00010D50": "\U00010D70", "\xff": "\ufffd",
	} {
		if got := Lower(in); got != want {
			t.Errorf("jsLower(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Trim("\ufeff\u00a0x\u3000\u2028"); got != "x" {
		t.Errorf("jsTrim = %q", got)
	}
	if got := Trim("\u0085x\x1c"); got != "\u0085x\x1c" {
		t.Errorf("jsTrim removed NEL or U+001C: %q", got)
	}
}
