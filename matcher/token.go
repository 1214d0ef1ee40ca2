package matcher

import (
	"hash/maphash"

	"robots-explorer/matcher/internal/ascii"
)

// ValidToken reports whether s is a product token as RFC 9309 §2.2.1
// defines it: what a caller asks of a token it is given before it decides
// for it.
func ValidToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !ascii.IsTokenByte(s[i]) {
			return false
		}
	}
	return true
}

// A firstAgents finds, for each product token, the first agent naming it,
// tokens compared without ASCII case (RFC 9309 §2.2.1; a token is ASCII).
// It is an open-addressing table of agent indexes beside 32 bits of each
// token's hash, not a map from the lower-cased token: a large file's
// tokens are all different, and the map's probes into its keys' text
// would miss the cache. The hash is seeded at random, as a map's is, so
// that no file can make its tokens collide and the parse quadratic.
type firstAgents struct {
	seed  maphash.Seed
	slots []uint64 // 0 when empty, else hash<<32 | (agent index + 1)
	n     int
}

// first returns the first of f's agents naming the token of agent i, and
// whether it is an earlier one; agent i becomes the first when none is.
func (t *firstAgents) first(f *File, i int) (int, bool) {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	agents := f.agents
	tok := f.TokenOf(agents[i])
	h := t.hash(tok)
	mask := uint32(len(t.slots) - 1)
	for at := h & mask; ; at = (at + 1) & mask {
		s := t.slots[at]
		if s == 0 {
			t.slots[at] = uint64(h)<<32 | uint64(i+1)
			t.n++
			return i, false
		}
		if uint32(s>>32) == h {
			if j := int(uint32(s)) - 1; ascii.EqualFold(f.TokenOf(agents[j]), tok) {
				return j, true
			}
		}
	}
}

// hash hashes tok lower-cased, without a lower-cased copy when it has no
// upper-case letter or fits on the stack.
func (t *firstAgents) hash(tok string) uint32 {
	if ascii.HasUpper(tok) {
		var buf [64]byte
		if len(tok) <= len(buf) {
			b := buf[:len(tok)]
			for i := range b {
				b[i] = ascii.LowerByte(tok[i])
			}
			return uint32(maphash.Bytes(t.seed, b))
		}
		tok = ascii.Lower(tok)
	}
	return uint32(maphash.String(t.seed, tok))
}

// grow doubles the table (from 256 slots), placing each entry again by the
// hash it keeps.
func (t *firstAgents) grow() {
	if t.slots == nil {
		t.seed, t.slots = maphash.MakeSeed(), make([]uint64, 256)
		return
	}
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	mask := uint32(len(t.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		at := uint32(s>>32) & mask
		for t.slots[at] != 0 {
			at = (at + 1) & mask
		}
		t.slots[at] = s
	}
}
