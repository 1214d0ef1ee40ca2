package matcher

import (
	"strconv"
	"unsafe"
)

// arenaChunk is the size of each block an arena hands strings out of.
const arenaChunk = 32 << 10

// An arena makes many small strings out of a few large blocks: a parse
// makes a normalized pattern, a message or a map key for thousands of
// lines, and one allocation each would dominate its cost. The bytes of a
// block below its length have been handed out as strings and are never
// written again (as strings.Builder does); when a block is full a new one
// starts, and the strings already handed out keep the old block alive. The
// zero arena is ready; a nil arena allocates each string on its own.
type arena struct {
	buf []byte
	// first is the size of the first block when set (see sizedArena).
	first int
}

// sizedArena returns an arena whose first block holds about n bytes: a
// small file needs far less than a whole block.
func sizedArena(n int) arena { return arena{first: max(n, 64)} }

// room makes sure the current block has n more bytes, so that writing n
// bytes does not copy the block.
func (a *arena) room(n int) {
	if cap(a.buf)-len(a.buf) < n {
		size := arenaChunk
		if a.buf == nil && a.first > 0 {
			size = min(a.first, arenaChunk)
		}
		a.buf = make([]byte, 0, max(size, n))
	}
}

// free returns the unused end of the current block, with room for at
// least n bytes, for a caller to append to and then pass to keep.
func (a *arena) free(n int) []byte {
	if a == nil {
		return make([]byte, 0, n)
	}
	a.room(n)
	return a.buf[len(a.buf):]
}

// keep returns b, which was appended to free's slice, as a string; the
// bytes become part of the block. A b that outgrew the block lies
// elsewhere, and is kept there.
func (a *arena) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if a != nil && cap(a.buf)-len(a.buf) >= len(b) && &a.buf[:len(a.buf)+1][len(a.buf)] == &b[0] {
		a.buf = a.buf[:len(a.buf)+len(b)]
	}
	return unsafe.String(&b[0], len(b))
}

// string returns p as a string.
func (a *arena) string(p []byte) string {
	return a.keep(append(a.free(len(p)), p...))
}

// quoted returns prefix, q quoted as %q writes it, and suffix: the common
// diagnostics quote one value, and fmt would box it and allocate.
func (a *arena) quoted(prefix, q, suffix string) string {
	n := len(prefix) + len(q) + 2 + len(suffix)
	if a != nil {
		// The common case, written straight into the block as q is read:
		// a group trace quotes every user-agent of the file, and appends
		// that check their room at each step cost twice as much.
		a.room(n)
		buf := a.buf
		start := len(buf)
		b := buf[start : start+n]
		i := 0
		if prefix != "" { // most callers have none: spare them a copy call
			i = copy(b, prefix)
		}
		if copyPlain(b[i+1:], q) {
			b[i] = '"'
			b[i+1+len(q)] = '"'
			copy(b[i+2+len(q):], suffix)
			a.buf = buf[:start+n]
			return unsafe.String(&b[0], n)
		}
	}
	// A q that needs escapes, or a nil arena, goes the long way. The
	// escapes can outgrow the room asked for: append then moves the bytes
	// elsewhere, which is slower but still leaves earlier strings intact.
	b := strconv.AppendQuote(append(a.free(n), prefix...), q)
	return a.keep(append(b, suffix...))
}

// plainByte marks the bytes that %q writes as they are: printable ASCII
// other than '"' and '\\'.
var plainByte = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// copyPlain copies q to the start of dst, which has room for it, and
// reports whether %q would write q as it is; it stops at the first byte
// that needs an escape, leaving dst partly written.
func copyPlain(dst []byte, q string) bool {
	dst = dst[:len(q)]
	for i := 0; i < len(q); i++ {
		c := q[i]
		if !plainByte[c] {
			return false
		}
		dst[i] = c
	}
	return true
}
