package matcher

import (
	"fmt"
	"strings"
	"testing"
)

// TestArenaQuotedIsFmtQ: the diagnostics that quote a value without fmt
// must read exactly as fmt's %q would write them (strconv.Quote), for
// plain ASCII and for every kind of byte that %q escapes.
func TestArenaQuotedIsFmtQ(t *testing.T) {
	values := []string{"", "Googlebot/2.1", "/admin/", `a"b`, `a\b`, "tab\there", "ツ", "\xff\xfe", "\x00", "\x7f", "~ ", strings.Repeat("x", 40000)}
	var a arena
	for _, v := range values {
		want := fmt.Sprintf("pre %q post", v)
		if got := a.quoted("pre ", v, " post"); got != want {
			t.Errorf("arena: %q: got %q, want %q", v, got, want)
		}
		if got := (*arena)(nil).quoted("pre ", v, " post"); got != want {
			t.Errorf("nil arena: %q: got %q, want %q", v, got, want)
		}
	}
}

// TestArenaStringsStay: strings handed out keep their bytes while later
// ones fill and replace blocks, including one that outgrows its block.
func TestArenaStringsStay(t *testing.T) {
	var a arena
	var got, want []string
	for i := 0; i < 5000; i++ {
		w := fmt.Sprintf("pattern-%d-%s", i, strings.Repeat("z", i%50))
		want = append(want, w)
		got = append(got, a.string([]byte(w)))
		if i%97 == 0 {
			q := "\x01" + strings.Repeat("é", 3000) // escapes make it longer than room asked for
			want = append(want, fmt.Sprintf("%q!", q))
			got = append(got, a.quoted("", q, "!"))
		}
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("string %d changed: %.40q, want %.40q", i, got[i], want[i])
		}
	}
}

// TestPosNearIsPosition: the line-hint shortcut gives the binary search's
// answer for every offset and every hint, with LF, CR, CRLF, a BOM and an
// empty line.
func TestPosNearIsPosition(t *testing.T) {
	src := []byte("\xef\xbb\xbfUser-agent: a\r\n\rDisallow: /x\rAllow: /\n\nz")
	s := newScanner(RFC9309, src, string(src))
	for near := -1; near <= len(s.f.Lines); near++ {
		s.near = near
		for off := 0; off <= len(src); off++ {
			if got, want := s.pos(off), position(s.f.Lines, off); got != want {
				t.Errorf("near %d, offset %d: %+v, want %+v", near, off, got, want)
			}
		}
	}
}
