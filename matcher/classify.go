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

// pairIndex folds two bytes to ten bits. Letters keep their identity
// without case (the low five bits); other bytes share slots with letters,
// which only makes classifyRule flag more patterns.
func pairIndex(a, b byte) int { return int(a&0x1F)<<5 | int(b&0x1F) }

// classifyRule returns the union of the classes of the bytes of a rule's
// pattern, and whether it holds one of exposingPairs: one pass tells which
// of the slower steps (normalization, the checks, the RFC 9309 §3 exposure
// walk) the pattern needs.
func classifyRule(s string) (cls pattern.Class, exposing bool) {
	var pairs uint8
	prev := 0 // the last byte's letter bits, shifted as pairIndex does
	for i := 0; i < len(s); i++ {
		c := s[i]
		cls |= pattern.ByteClass(c)
		pairs |= exposingPairs[(prev|int(c&0x1F))&(len(exposingPairs)-1)]
		prev = int(c&0x1F) << 5
	}
	return cls, pairs != 0
}
