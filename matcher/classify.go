package matcher

import (
	"robots-explorer/matcher/exposure"
	"robots-explorer/matcher/pattern"
)

// exposingPairs marks the letter pairs of exposure.Pairs by pairIndex:
// a pattern without one is too short to walk for exposure (exposure.Of).
// Each entry is 1 or 0, so that classifyRule ORs it in without a branch.
var exposingPairs = func() (t [1024]uint8) {
	for _, p := range exposure.Pairs() {
		t[pairIndex(p[0], p[1])] = 1
	}
	return t
}()

// pairIndex folds two bytes to ten bits: a letter to its place in the
// alphabet, from 1, without case; any other byte to 0, which no pair holds.
// (Folding every byte by its low five bits would take '/' for 'o', '$' for
// 'd' and the digits for letters: "/area5/" would hold "au" and be walked.)
func pairIndex(a, b byte) int { return int(letterIndex[a])<<5 | int(letterIndex[b]) }

var letterIndex = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = uint8(c-'a'+1), uint8(c-'a'+1)
	}
	return t
}()

// classifyRule returns the union of the classes of the bytes of a rule's
// pattern, and whether it holds one of exposingPairs: one pass tells which
// of the slower steps (normalization, the checks, the RFC 9309 §3 exposure
// walk) the pattern needs.
func classifyRule(s string) (cls pattern.Class, exposing bool) {
	var pairs uint8
	prev := 0 // the last byte's letter index, shifted as pairIndex does
	for i := 0; i < len(s); i++ {
		c := s[i]
		cls |= pattern.ByteClass(c)
		l := int(letterIndex[c])
		pairs |= exposingPairs[(prev|l)&(len(exposingPairs)-1)]
		prev = l << 5
	}
	return cls, pairs != 0
}
