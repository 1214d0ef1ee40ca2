package release

import (
	"math/rand"
	"strings"
	"testing"
)

// apply checks that edits turn a into b and returns the number of
// changed lines.
func apply(t *testing.T, a, b []string, edits []Edit) int {
	t.Helper()
	i, j, changed := 0, 0, 0
	for _, e := range edits {
		switch e.Op {
		case Same:
			if e.Old != i+1 || e.New != j+1 || a[i] != b[j] {
				t.Fatalf("bad same edit %+v at %d,%d", e, i, j)
			}
			i, j = i+1, j+1
		case Removed:
			if e.Old != i+1 || e.New != 0 {
				t.Fatalf("bad removal %+v at %d", e, i)
			}
			i, changed = i+1, changed+1
		case Added:
			if e.New != j+1 || e.Old != 0 {
				t.Fatalf("bad addition %+v at %d", e, j)
			}
			j, changed = j+1, changed+1
		}
	}
	if i != len(a) || j != len(b) {
		t.Fatalf("edits end at %d,%d of %d,%d", i, j, len(a), len(b))
	}
	return changed
}

func TestLines(t *testing.T) {
	tests := []struct {
		a, b    string
		changed int // the shortest edit script's length
		script  string
	}{
		{"", "", 0, ""},
		{"a b c", "a b c", 0, "   "},
		{"a b c", "a c", 1, " - "},
		{"a c", "a b c", 1, " + "},
		{"a b c a b b a", "c b a b a c", 5, ""}, // Myers' paper's example: D = 5
		{"x", "y", 2, "-+"},
		{"a b", "", 2, "--"},
		{"", "a b", 2, "++"},
	}
	for _, tt := range tests {
		a, b := strings.Fields(tt.a), strings.Fields(tt.b)
		edits := Lines(a, b)
		if got := apply(t, a, b, edits); got != tt.changed {
			t.Errorf("%q -> %q: %d changed lines, want %d", tt.a, tt.b, got, tt.changed)
		}
		if tt.script != "" {
			var ops []byte
			for _, e := range edits {
				ops = append(ops, byte(e.Op))
			}
			if string(ops) != tt.script {
				t.Errorf("%q -> %q: script %q, want %q", tt.a, tt.b, ops, tt.script)
			}
		}
	}
}

// TestLinesRandom: every script is a valid one, and no longer than the
// trivial remove-all, add-all.
func TestLinesRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 500; n++ {
		a := make([]string, rng.Intn(30))
		for i := range a {
			a[i] = string(rune('a' + rng.Intn(4)))
		}
		b := append([]string(nil), a...)
		for e := rng.Intn(8); e > 0 && len(b) > 0; e-- {
			i := rng.Intn(len(b))
			switch rng.Intn(3) {
			case 0:
				b = append(b[:i], b[i+1:]...)
			case 1:
				b = append(b[:i], append([]string{"z"}, b[i:]...)...)
			default:
				b[i] = "y"
			}
		}
		changed := apply(t, a, b, Lines(a, b))
		if changed > len(a)+len(b) {
			t.Fatalf("%q -> %q: %d changes", a, b, changed)
		}
	}
}

// TestLinesFarApart: past the edit-distance bound the diff is still
// correct.
func TestLinesFarApart(t *testing.T) {
	a, b := make([]string, 5000), make([]string, 5000)
	for i := range a {
		a[i], b[i] = "a"+string(rune(i)), "b"+string(rune(i))
	}
	if got := apply(t, a, b, Lines(a, b)); got != 10000 {
		t.Errorf("%d changed lines", got)
	}
}
