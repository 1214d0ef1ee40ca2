package java

import (
	"math"
	"testing"
	"unicode/utf8"
)

// new String(bytes, UTF_8) in Java 17 (String.decodeUTF8_UTF16): how many
// U+FFFD a malformed sequence becomes, which changes a pattern's length.
func TestDecodeUTF8(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\xe2\x82Ab", "a\uFFFDAb"},           // a cut three-byte sequence: one U+FFFD
		{"\xed\xa0\x80x", "\uFFFDx"},           // an encoded surrogate: one U+FFFD for three bytes
		{"\xe0\x80\x80", "\uFFFD\uFFFD\uFFFD"}, // E0 needs A0..BF next: each byte alone
		{"\xf0\x9f\x98", "\uFFFD"},             // cut at the end: one U+FFFD
		{"\xf0\x9f\x41", "\uFFFD\x41"},         // cut before ASCII at the end
		{"\xc3", "\uFFFD"},
		{"\xff\xc3\xa9", "\uFFFDé"},
		{"\xf4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
	}
	for _, tt := range tests {
		got := DecodeUTF8([]byte(tt.in), tt.in, 0)
		if got.S != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got.S, tt.want)
		}
		if len(got.off) != len(got.S)+1 || got.At(len(got.S)) != len(tt.in) {
			t.Errorf("%q: offsets %v", tt.in, got.off)
		}
	}
}

// new String(bytes, UTF_16LE) in Java 17: a high surrogate without its low
// one takes both units into one U+FFFD; a lone low one, U+FFFE and an odd
// last byte are one U+FFFD each. Big-endian reads the same units swapped.
func TestDecodeUTF16(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\x00\x3d\xd8\x00\xde", "a\U0001F600"}, // a surrogate pair
		{"\x3d\xd8a\x00b\x00", "\uFFFDb"},        // high, then not a low: both units go
		{"\x00\xdea\x00", "\uFFFDa"},             // a lone low surrogate
		{"\xfe\xffa\x00", "\uFFFDa"},             // U+FFFE
		{"a\x00b", "a\uFFFD"},                    // an odd byte at the end
		{"a\x00\x3d\xd8", "a\uFFFD"},             // a high surrogate at the end
		{"\xe9\x00\x00\x30", "é\u3000"},          // plain units
	}
	for _, tt := range tests {
		src := []byte(tt.in)
		le := DecodeUTF16(src, 0, true)
		swapped := make([]byte, len(src))
		copy(swapped, src)
		for i := 0; i+1 < len(swapped); i += 2 {
			swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
		}
		be := DecodeUTF16(swapped, 0, false)
		if le.S != tt.want || be.S != tt.want {
			t.Errorf("%q: got %q (LE) %q (BE), want %q", tt.in, le.S, be.S, tt.want)
		}
		if le.At(len(le.S)) != len(src) {
			t.Errorf("%q: the text ends at %d, not %d", tt.in, le.At(len(le.S)), len(src))
		}
	}
}

// String.trim removes every character up to U+0020 and nothing above it.
func TestTrim(t *testing.T) {
	tests := []struct {
		in   string
		a, b int
	}{
		{"  x ", 2, 3}, {"\x00\x1fx\x7f\t", 2, 4}, {"\u00a0x", 0, 3}, {" \x01 ", 3, 3}, {"", 0, 0},
	}
	for _, tt := range tests {
		if a, b := Trim(tt.in); a != tt.a || b != tt.b {
			t.Errorf("Trim(%q) = %d, %d, want %d, %d", tt.in, a, b, tt.a, tt.b)
		}
	}
}

// Integer.parseInt: a sign, digits of any script (Character.digit), int32.
func TestParseInt(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"5", 5, true}, {"+5", 5, true}, {"-5", -5, true}, {"５", 5, true}, {"٣", 3, true},
		{"2147483647", math.MaxInt32, true}, {"-2147483648", math.MinInt32, true},
		{"2147483648", 0, false}, {"-2147483649", 0, false}, {"", 0, false}, {"+", 0, false},
		{" 5", 0, false}, {"5s", 0, false}, {"+-5", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseInt(tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("ParseInt(%q) = %d %v, want %d %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// Double.parseDouble: trimmed, a sign, a '.', an exponent, a type suffix,
// or a hexadecimal literal, which needs its 'p' exponent.
func TestParseDouble(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.5", 0.5, true}, {" 1.5 ", 1.5, true}, {"-2.5e2", -250, true}, {"1.5f", 1.5, true},
		{"1.5D", 1.5, true}, {".5", 0.5, true}, {"5.", 5, true}, {"0x1.8p1", 3, true},
		{"1e400", math.Inf(1), true}, {"0x1.8", 0, false}, {".", 0, false}, {"1.2.3", 0, false},
		{"+-1.0", 0, false}, {"1.0e", 0, false}, {"1.0ff", 0, false}, {"", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseDouble(tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("ParseDouble(%q) = %v %v, want %v %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// Math.round(double): floor(x + 0.5), NaN to 0, clamped to a long.
func TestRound(t *testing.T) {
	tests := []struct {
		in   float64
		want int64
	}{
		{2.5, 3}, {-2.5, -2}, {1000.5, 1001}, {-0.4, 0}, {math.NaN(), 0},
		{1e300, math.MaxInt64}, {math.Inf(-1), math.MinInt64},
	}
	for _, tt := range tests {
		if got := Round(tt.in); got != tt.want {
			t.Errorf("Round(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// new URI(url).toURL(), then getPath and getQuery.
func TestURLPath(t *testing.T) {
	tests := []struct {
		in   string
		want URL
		ok   bool
	}{
		{"http://example.com", URL{}, true},
		{"http://example.com?a", URL{Query: "a", HasQuery: true}, true},
		{"http://example.com/a?", URL{Path: "/a", HasQuery: true}, true},
		{"HTTPS://example.com/a/../b#f", URL{Path: "/a/../b"}, true}, // no dot-segment removal for an absolute URL
		{"http://example.com/ツ", URL{Path: "/ツ"}, true},
		{"http://example.com/a?[b]", URL{Path: "/a", Query: "[b]", HasQuery: true}, true}, // brackets may stand in a query
		{"http://example.com/[b]", URL{}, false},                                          // not in a path
		{"http://example.com/a b", URL{}, false},
		{"http://example.com/%zz", URL{}, false},
		{"http://example.com/a#b#c", URL{}, false},
		{"http://example.com/a\u00a0", URL{}, false}, // Character.isSpaceChar
		{"http://example.com/a|b", URL{}, false},
		{"http://", URL{}, false},
		{"/relative", URL{}, false},
		{"mailto:a@example.com", URL{Path: "a@example.com"}, true}, // the mailto handler keeps the address as the path (urls.jsonl)
		{"mailto:a@example.com?subject=x#f", URL{Path: "a@example.com", Query: "subject=x", HasQuery: true}, true},
	}
	for _, tt := range tests {
		got, _, ok := URLPath(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("%q: got %+v %v, want %+v %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// URLPath's bad is the index of the character java.net.URI refuses.
func TestURLPathRefused(t *testing.T) {
	for in, want := range map[string]int{
		"http://example.com/a b": 20, "http://ex ample.com/": 9, "h_ttp://x/": 1, "http://x/a?b c": 12, "/relative": -1,
	} {
		if _, bad, ok := URLPath(in); ok || bad != want {
			t.Errorf("%q: bad %d ok %v, want %d false", in, bad, ok, want)
		}
	}
}

// A Builder keeps each piece's source offsets.
func TestBuilderKeep(t *testing.T) {
	src := "ab\xffcd"
	text := DecodeUTF8([]byte(src), src, 0) // "ab\uFFFDcd": bytes 2..4 come from 2
	b := NewBuilder(0)
	b.Keep(text, 0, 1)
	b.Keep(text, 2, 7)
	got := b.Text(text.At(len(text.S)))
	if got.S != "a\uFFFDcd" {
		t.Fatalf("got %q", got.S)
	}
	for i, want := range []int{0, 2, 2, 2, 3, 4, 5} {
		if at := got.At(i); at != want {
			t.Errorf("byte %d comes from %d, want %d", i, at, want)
		}
	}
	if s := text.Slice(2, 5); s.S != "\uFFFD" || s.At(0) != 2 || s.At(3) != 3 {
		t.Errorf("Slice(2, 5) = %q from %d to %d", s.S, s.At(0), s.At(3))
	}
}

// FuzzDecode: the decoders never panic; every offset is inside the input
// and in order, and the text is valid UTF-8.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"\xff\xfeU\x00s\x00\x00\xd8", "\xfe\xff\xd8\x00\xdc\x00x", "\xe2\x82\xed\xa0\x80\xf0\x9f\x98", "a\u2028b"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, d := range []Text{DecodeUTF8(src, string(src), 0), DecodeUTF16(src, 0, true), DecodeUTF16(src, 0, false)} {
			prev := 0
			for i := 0; i <= len(d.S); i++ {
				if at := d.At(i); at < prev || at > len(src) {
					t.Fatalf("offset %d of %q is %d after %d", i, d.S, at, prev)
				}
				prev = d.At(i)
			}
			if !utf8.ValidString(d.S) {
				t.Fatalf("decoded text %q is not UTF-8", d.S)
			}
		}
	})
}
