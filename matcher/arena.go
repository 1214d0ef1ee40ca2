package matcher

import (
	"strconv"
	"strings"
)

// arenaChunk is the size of each block an arena hands strings out of.
const arenaChunk = 32 << 10

// An arena makes many small strings out of a few large blocks: a parse
// makes a normalized pattern, a message or a map key for thousands of
// lines, and one allocation each would dominate its cost. It rests on
// strings.Builder, whose String shares the bytes written so far and never
// changes them afterwards; when a block is full a new builder starts, and
// the strings already handed out keep the old block alive. The zero arena
// is ready; a nil arena allocates each string on its own.
type arena struct {
	b strings.Builder
	// first is the size of the first block when set (see sizedArena).
	first int
}

// sizedArena returns an arena whose first block holds about n bytes: a
// small file needs far less than a whole block.
func sizedArena(n int) arena { return arena{first: max(n, 64)} }

// room makes sure the current block has n more bytes, so that writing n
// bytes does not copy the block.
func (a *arena) room(n int) {
	if a.b.Cap()-a.b.Len() < n {
		size := arenaChunk
		if a.b.Cap() == 0 && a.first > 0 {
			size = min(a.first, arenaChunk)
		}
		a.b = strings.Builder{}
		a.b.Grow(max(size, n))
	}
}

// string returns p as a string.
func (a *arena) string(p []byte) string {
	if a == nil {
		return string(p)
	}
	a.room(len(p))
	start := a.b.Len()
	a.b.Write(p)
	return a.b.String()[start:]
}

// quoted returns prefix, q quoted as %q writes it, and suffix: the common
// diagnostics quote one value, and fmt would box it and allocate.
func (a *arena) quoted(prefix, q, suffix string) string {
	n := len(prefix) + len(q) + 2 + len(suffix)
	if a == nil {
		var b strings.Builder
		b.Grow(n)
		writeQuoted(&b, prefix, q, suffix)
		return b.String()
	}
	// A q that needs escapes can outgrow n: the builder then copies the
	// block, which is slower but still leaves earlier strings intact.
	a.room(n)
	start := a.b.Len()
	writeQuoted(&a.b, prefix, q, suffix)
	return a.b.String()[start:]
}

// writeQuoted writes prefix, q as strconv.Quote (and so %q) writes it, and
// suffix. Printable ASCII other than '"' and '\\' stands for itself;
// anything else goes the long way.
func writeQuoted(b *strings.Builder, prefix, q, suffix string) {
	b.WriteString(prefix)
	plain := true
	for i := 0; i < len(q) && plain; i++ {
		c := q[i]
		plain = c >= ' ' && c <= '~' && c != '"' && c != '\\'
	}
	if plain {
		b.WriteByte('"')
		b.WriteString(q)
		b.WriteByte('"')
	} else {
		b.WriteString(strconv.Quote(q))
	}
	b.WriteString(suffix)
}
