package matcher

import (
	"hash/maphash"
	"strings"

	"robots-explorer/matcher/pattern"
)

// IsTokenByte reports whether c may stand in a product token:
// product-token = identifier / "*", identifier = 1*(%x2D / %x41-5A / %x5F /
// %x61-7A) (RFC 9309 §2.2.1).
func IsTokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_'
}

// ExtractToken reads the product token a user-agent value names: its
// leading run of token characters, or "*" for the global group. Only '*'
// itself is global (RFC 9309 §2.2.1: product-token = identifier / "*"),
// and "* anything" too, where white space parts the '*' from the rest, as
// in Google's parser; "*bot" is not '*', and since '*' is no token
// character it names the empty token. cut reports that the value went on
// past the token ("Googlebot/2.1" names "Googlebot").
func ExtractToken(value string) (token string, global, cut bool) {
	if starGlobal(value) {
		return "*", true, strings.TrimSpace(value[1:]) != ""
	}
	i := 0
	for i < len(value) && IsTokenByte(value[i]) {
		i++
	}
	return value[:i], false, i < len(value)
}

// starGlobal reports whether a user-agent value names the global group:
// '*' alone, or followed by a space or tab (RFC 9309's WS).
func starGlobal(value string) bool {
	return value != "" && value[0] == '*' && (len(value) == 1 || value[1] == ' ' || value[1] == '\t')
}

// ValidToken reports whether s is a product token as RFC 9309 §2.2.1
// defines it.
func ValidToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !IsTokenByte(s[i]) {
			return false
		}
	}
	return true
}

// isASCIISpace is absl::ascii_isspace, which robots.cc trims with: space,
// \t, \n, \v, \f and \r (RFC 9309's parsers trim only space and tab).
func IsASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// asciiLower lower-cases ASCII letters only, as absl's case-insensitive
// comparisons do (strings.ToLower would also fold, e.g., the Kelvin sign).
func ASCIILower(s string) string {
	// Most tokens are lower-case already: one look, and no call per byte.
	if !hasUpperASCII(s) {
		return s
	}
	return pattern.MapBytes(s, func(s string, i int) (string, int, bool) {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return string(rune(c + 'a' - 'A')), 1, true
		}
		return "", 0, false
	})
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalFoldASCII is absl::EqualsIgnoreCase: equal bytes, ASCII letters
// compared without case.
func EqualFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerByte(a[i]) != lowerByte(b[i]) {
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
			if j := int(uint32(s)) - 1; EqualFoldASCII(f.TokenOf(agents[j]), tok) {
				return j, true
			}
		}
	}
}

// hash hashes tok lower-cased, without a lower-cased copy when it has no
// upper-case letter or fits on the stack.
func (t *firstAgents) hash(tok string) uint32 {
	if hasUpperASCII(tok) {
		var buf [64]byte
		if len(tok) <= len(buf) {
			b := buf[:len(tok)]
			for i := range b {
				b[i] = lowerByte(tok[i])
			}
			return uint32(maphash.Bytes(t.seed, b))
		}
		tok = ASCIILower(tok)
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

func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
