package matcher

import (
	"fmt"
	"hash/maphash"
	"math/rand"
	"strings"
	"testing"
)

// RFC 9309 §2.2.1: crawlers match the product token without regard to
// case. The set compares ASCII letters only (as the map of byte-lowered
// tokens did before it), so a token with a non-ASCII look-alike names a
// different crawler.
func TestTokenSetRFCCaseInsensitiveASCII(t *testing.T) {
	long := strings.Repeat("x", 100) // past add's buffer on the stack
	tests := []struct {
		tokens []string
		want   []int // per token: the index of the first agent naming it, or -1
	}{
		{[]string{"a", "A", "b", "a"}, []int{-1, 0, -1, 0}},
		{[]string{"Googlebot", "googlebot-news", "GOOGLEBOT"}, []int{-1, -1, 0}},
		{[]string{"k", "\u212a", "K"}, []int{-1, -1, 0}}, // the Kelvin sign
		{[]string{"s", "\u017f", "S"}, []int{-1, -1, 0}}, // the long s
		{[]string{long, strings.ToUpper(long), long + "y"}, []int{-1, 0, -1}},
		{[]string{"a-b", "a_b", "A_B"}, []int{-1, -1, 1}},
	}
	for _, tt := range tests {
		s := newTokenSet(0)
		for i, tok := range tt.tokens {
			first, ok := s.add(tok, i, func(a int) string { return tt.tokens[a] })
			got := -1
			if ok {
				got = first
			}
			if got != tt.want[i] {
				t.Errorf("%q: add(%q) = %d, want %d", tt.tokens, tok, got, tt.want[i])
			}
		}
	}
}

// The set must agree with a map of lower-cased tokens however it grows:
// from a hint far too small, and with many tokens that differ only in case.
func TestTokenSetAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, hint := range []int{0, 10, 5000} {
		var tokens []string
		for range 5000 {
			tok := fmt.Sprintf("bot-%d", rng.Intn(2000))
			if rng.Intn(2) == 0 {
				tok = strings.ToUpper(tok)
			}
			tokens = append(tokens, tok)
		}
		s := newTokenSet(hint)
		firsts := map[string]int{}
		for i, tok := range tokens {
			first, ok := s.add(tok, i, func(a int) string { return tokens[a] })
			want, seen := firsts[strings.ToLower(tok)]
			if !seen {
				firsts[strings.ToLower(tok)] = i
			}
			if ok != seen || ok && first != want {
				t.Fatalf("hint %d: add(%q) = %d, %v; want %d, %v", hint, tok, first, ok, want, seen)
			}
		}
		if s.n != len(firsts) || 2*s.n > len(s.slots) {
			t.Errorf("hint %d: %d tokens in %d slots, want %d in at least twice as many", hint, s.n, len(s.slots), len(firsts))
		}
	}
}

// Two different tokens whose hashes are equal must stay two tokens: the
// set compares a hit with the token itself, not only its hash. (Among a
// few thousand agents such a pair is rare, so the test looks for one.)
func TestTokenSetHashCollision(t *testing.T) {
	byHash := map[uint32]string{}
	var a, b string
	for i := 0; a == ""; i++ {
		tok := fmt.Sprintf("bot-%d", i) // lower-case: hashed as it is
		h := uint32(maphash.String(tokenSeed, tok))
		if prev, ok := byHash[h]; ok {
			a, b = prev, tok
		}
		byHash[h] = tok
	}
	tokens := []string{a, b, strings.ToUpper(b)}
	s := newTokenSet(0)
	for i, want := range []int{-1, -1, 1} {
		first, ok := s.add(tokens[i], i, func(k int) string { return tokens[k] })
		got := -1
		if ok {
			got = first
		}
		if got != want {
			t.Errorf("add(%q) = %d, want %d (%q and %q hash alike)", tokens[i], got, want, a, b)
		}
	}
}
