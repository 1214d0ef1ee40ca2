package pattern

import "strings"

// A Step is one normalization step: what went in, what came out, and the
// rule that was applied.
type Step struct {
	Input  string `json:"input"`
	Output string `json:"output"`
	Rule   string `json:"rule"`   // what was done, in a sentence
	Source string `json:"source"` // where the rule comes from (an RFC section, a library)
}

// A NormRule is one normalization step: a pass over the string that changes
// it or leaves it as it is.
type NormRule struct {
	Rule   string
	Source string
	Apply  func(string) string
}

// Normalize runs rules over s. It returns the result and, when steps is
// true, one Step for every rule that changed something.
func Normalize(s string, rules []NormRule, steps bool) (string, []Step) {
	if plain(s, rules) {
		return s, nil
	}
	var out []Step
	for _, r := range rules {
		next := r.Apply(s)
		if next != s && steps {
			out = append(out, Step{Input: s, Output: next, Rule: r.Rule, Source: r.Source})
		}
		s = next
	}
	return s, out
}

// plain reports whether no rule of RFC 9309's can change s: it is ASCII
// with no '%' and no character that must be encoded, no ':', '/', '?' or
// '@' after the first '?' (encodeQueryDelims), and neither '*' nor '$' for
// a path, nor a '$' before the end for a pattern. Most paths and patterns
// are, queries included ("?sort=1&page=2"); they skip the passes.
func plain(s string, rules []NormRule) bool {
	path := &rules[0] == &RFCPathRules[0]
	query := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		k := byteKinds[c]
		switch {
		case k == 0: // most bytes of a path
		case k == kindChanged:
			return false
		case c == '?' && !query:
			query = true
		case k == kindQueryDelim:
			if query {
				return false
			}
		case path || i < len(s)-1: // '*' or '$'
			if path || c == '$' {
				return false
			}
		}
	}
	return true
}

// The kinds of byte plain tells apart; 0 is a byte no pass changes.
const (
	kindChanged    = 1 + iota // not ASCII, '%', or a byte that must be encoded
	kindQueryDelim            // ':', '/', '?' or '@', encoded in a query
	kindWildcard              // '*' or '$'
)

// byteKinds is each byte's kind: a path is read once per evaluation, and a
// table is faster than the tests it stands for.
var byteKinds = func() (k [256]uint8) {
	for c := range 256 {
		switch b := byte(c); {
		case b >= 0x80 || b == '%' || mustEncode(b):
			k[c] = kindChanged
		case b == ':' || b == '/' || b == '?' || b == '@':
			k[c] = kindQueryDelim
		case b == '*' || b == '$':
			k[c] = kindWildcard
		}
	}
	return k
}()

// hasByte reports whether some byte of s satisfies pred.
func hasByte(s string, pred func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if pred(s[i]) {
			return true
		}
	}
	return false
}

const UpperHex = "0123456789ABCDEF"

func IsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func Unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// IsEscape reports whether s[i:] starts with a valid %XX.
func IsEscape(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2])
}

// IsUnreserved reports whether c is in RFC 3986 §2.3's unreserved set.
func IsUnreserved(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// mustEncode reports whether an ASCII byte may not stand raw in a URI
// (RFC 3986 §2: neither reserved, unreserved nor '%').
func mustEncode(c byte) bool {
	switch c {
	case ' ', '"', '<', '>', '\\', '^', '`', '{', '|', '}':
		return true
	}
	return c < 0x20 || c == 0x7F
}

// MapBytes rewrites s byte by byte: repl returns the replacement for s[i]
// and how many bytes it consumes, or ok=false to keep the byte. It
// allocates only when something changes.
func MapBytes(s string, repl func(s string, i int) (string, int, bool)) string {
	var b *strings.Builder
	last := 0
	for i := 0; i < len(s); {
		r, n, ok := repl(s, i)
		if !ok {
			i++
			continue
		}
		if b == nil {
			b = new(strings.Builder)
			b.Grow(len(s) + 16)
		}
		b.WriteString(s[last:i])
		b.WriteString(r)
		i += n
		last = i
	}
	if b == nil {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func EscapeByte(c byte) string {
	return string([]byte{'%', UpperHex[c>>4], UpperHex[c&15]})
}

func encodeStrayPercent(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return MapBytes(s, func(s string, i int) (string, int, bool) {
		if s[i] == '%' && !IsEscape(s, i) {
			return "%25", 1, true
		}
		return "", 0, false
	})
}

func EncodeNonASCII(s string) string {
	if !hasByte(s, func(c byte) bool { return c >= 0x80 }) {
		return s
	}
	return MapBytes(s, func(s string, i int) (string, int, bool) {
		if s[i] >= 0x80 {
			return EscapeByte(s[i]), 1, true
		}
		return "", 0, false
	})
}

func UpperEscapes(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return MapBytes(s, func(s string, i int) (string, int, bool) {
		if IsEscape(s, i) && (s[i+1] >= 'a' || s[i+2] >= 'a') {
			return strings.ToUpper(s[i : i+3]), 3, true
		}
		return "", 0, false
	})
}

func decodeUnreserved(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return MapBytes(s, func(s string, i int) (string, int, bool) {
		if IsEscape(s, i) {
			c := Unhex(s[i+1])<<4 | Unhex(s[i+2])
			if IsUnreserved(c) {
				return string(rune(c)), 3, true
			}
		}
		return "", 0, false
	})
}

func encodeUnsafe(s string) string {
	if !hasByte(s, func(c byte) bool { return c < 0x80 && mustEncode(c) }) {
		return s
	}
	return MapBytes(s, func(s string, i int) (string, int, bool) {
		if s[i] < 0x80 && mustEncode(s[i]) {
			return EscapeByte(s[i]), 1, true
		}
		return "", 0, false
	})
}

// rfcCommon are the steps RFC 9309 applies to a URL and a pattern alike
// (§2.2.2, with RFC 3986 §6.2.2's normalizations where the RFC is silent).
var rfcCommon = []NormRule{
	{"a % that starts no valid %XX escape is written %25", "RFC 3986 §2.4", encodeStrayPercent},
	{"characters outside ASCII are written as their UTF-8 octets, each as %XX", "RFC 9309 §2.2.2", EncodeNonASCII},
	{"hex digits of %XX escapes are upper-cased", "RFC 3986 §6.2.2.1", UpperEscapes},
	{"%XX escapes of unreserved characters (A-Z a-z 0-9 - . _ ~) are decoded", "RFC 3986 §6.2.2.2", decodeUnreserved},
	{"characters that may not stand raw in a URI are percent-encoded", "RFC 3986 §2; RFC 9309 §2.2.2", encodeUnsafe},
	{"in the query, ':', '/', '?' and '@' are compared percent-encoded (https://… as https%3A%2F%2F…)", "RFC 9309 §2.2.2 (table of encoding examples)", encodeQueryDelims},
}

// encodeQueryDelims encodes the delimiters a query may hold raw, so that a
// rule and a URL that spell a URL-in-a-query differently still meet, as
// RFC 9309 §2.2.2's table requires (/foo/bar?baz=https://foo.bar is
// matched as /foo/bar?baz=https%3A%2F%2Ffoo.bar). The path keeps '/' and
// %2F apart.
func encodeQueryDelims(s string) string {
	q := strings.IndexByte(s, '?')
	if q < 0 || !strings.ContainsAny(s[q+1:], ":/?@") {
		return s
	}
	return s[:q+1] + MapBytes(s[q+1:], func(s string, i int) (string, int, bool) {
		switch s[i] {
		case ':', '/', '?', '@':
			return EscapeByte(s[i]), 1, true
		}
		return "", 0, false
	})
}

// RFCPathRules add, for the URL's path, the encoding of '*' and '$': a rule
// matches those characters only by writing them %2A and %24 (RFC 9309
// §2.2.3), so the path is compared in that form.
var RFCPathRules = append(rfcCommon[:len(rfcCommon):len(rfcCommon)], NormRule{
	"'*' and '$' in the path are compared as %2A and %24, the only way a rule can name them", "RFC 9309 §2.2.3",
	func(s string) string {
		if !strings.ContainsAny(s, "*$") {
			return s
		}
		return strings.NewReplacer("*", "%2A", "$", "%24").Replace(s)
	},
})

// RFCPatternRules add, for a pattern, the reading of a '$' that is not the
// last character as a literal '$' (only a final '$' anchors, §2.2.3).
var RFCPatternRules = append(rfcCommon[:len(rfcCommon):len(rfcCommon)], NormRule{
	"a '$' before the end of a pattern is a literal '$', compared as %24", "RFC 9309 §2.2.3",
	func(s string) string {
		i := strings.IndexByte(s, '$')
		if i < 0 || i == len(s)-1 {
			return s
		}
		return strings.ReplaceAll(s[:len(s)-1], "$", "%24") + s[len(s)-1:]
	},
})

// NormalizePath returns the path as RFC 9309 compares it, with its steps.
func NormalizePath(path string) (string, []Step) { return Normalize(path, RFCPathRules, true) }

// NormalizeRule returns a rule's pattern as RFC 9309 compares it, with
// its steps.
func NormalizeRule(pattern string) (string, []Step) {
	return Normalize(pattern, RFCPatternRules, true)
}
