package permalink

import (
	"math/bits"
	"slices"
)

// The encoder: LZ77 with hash chains and one step of lazy matching, then
// each block with the fixed codes or its own Huffman codes, whichever is
// shorter (RFC 1951). Links made before it, by compress/flate, decode the
// same.

const (
	windowSize = 1 << 15
	minMatch   = 3
	maxMatch   = 258
	hashBits   = 15
	// maxChain is how many earlier positions with the same hash are tried;
	// more finds slightly longer matches, slower.
	maxChain = 256
	// blockTokens ends a block, so that its codes follow the data.
	blockTokens = 1 << 15
)

// token is a literal byte (dist 0) or a back-reference of length bytes,
// dist bytes back.
type token struct {
	length uint16 // or the literal
	dist   uint16
}

// deflate compresses data into raw DEFLATE.
func deflate(data []byte) []byte {
	w := &bitWriter{}
	tokens := lz77(data)
	for len(tokens) > blockTokens {
		writeBlock(w, tokens[:blockTokens], false)
		tokens = tokens[blockTokens:]
	}
	writeBlock(w, tokens, true)
	return w.flush()
}

// lz77 turns data into literals and back-references. A match found at i
// is held back one byte: when the match at i+1 is longer, i goes out as a
// literal instead (lazy matching).
func lz77(data []byte) []token {
	c := newChains()
	var tokens []token
	held, heldLen, heldDist := false, 0, 0 // the position i-1 waits
	for i := 0; i < len(data); i++ {
		n, d := c.longest(data, i, c.insert(data, i))
		if held && heldLen >= minMatch && n <= heldLen {
			tokens = append(tokens, token{uint16(heldLen), uint16(heldDist)})
			for k := i + 1; k < i-1+heldLen; k++ {
				c.insert(data, k)
			}
			i += heldLen - 2 // the loop's i++ moves past the match
			held = false
			continue
		}
		if held {
			tokens = append(tokens, token{uint16(data[i-1]), 0})
		}
		held, heldLen, heldDist = true, n, d
	}
	switch {
	case held && heldLen >= minMatch:
		tokens = append(tokens, token{uint16(heldLen), uint16(heldDist)})
	case held:
		tokens = append(tokens, token{uint16(data[len(data)-1]), 0})
	}
	return tokens
}

// chains finds earlier occurrences of three bytes: head holds the latest
// position of each hash, prev the one before each position in the window.
type chains struct {
	head []int32
	prev []int32
}

func newChains() *chains {
	c := &chains{head: make([]int32, 1<<hashBits), prev: make([]int32, windowSize)}
	for i := range c.head {
		c.head[i] = -1
	}
	return c
}

// insert adds position i to its chain and returns the latest earlier
// position with the same hash (-1: none).
func (c *chains) insert(data []byte, i int) int {
	if i+minMatch > len(data) {
		return -1
	}
	h := (uint32(data[i])<<16 | uint32(data[i+1])<<8 | uint32(data[i+2])) * 2654435761 >> (32 - hashBits)
	cand := c.head[h]
	c.prev[i&(windowSize-1)] = cand
	c.head[h] = int32(i)
	return int(cand)
}

// longest follows the chain from cand and returns the longest match for
// the bytes at i. A position less than a window back still owns its slot
// of prev, so the chain is never stale.
func (c *chains) longest(data []byte, i, cand int) (length, dist int) {
	limit := min(maxMatch, len(data)-i)
	for chain := 0; cand >= 0 && i-cand < windowSize && chain < maxChain && length < limit; chain++ {
		if data[cand+length] == data[i+length] {
			n := 0
			for n < limit && data[cand+n] == data[i+n] {
				n++
			}
			if n > length {
				length, dist = n, i-cand
			}
		}
		cand = int(c.prev[cand&(windowSize-1)])
	}
	if length < minMatch {
		return 0, 0
	}
	return length, dist
}

// lengthCode and distCode find a length's or a distance's symbol (RFC 1951
// section 3.2.5): the last one whose base is not above it.
func lengthCode(n int) int {
	c := len(lengthBase) - 1
	for int(lengthBase[c]) > n {
		c--
	}
	return c
}

func distCode(d int) int {
	c := len(distBase) - 1
	for int(distBase[c]) > d {
		c--
	}
	return c
}

// writeBlock writes one block with the fixed codes or with its own,
// whichever takes fewer bits.
func writeBlock(w *bitWriter, tokens []token, final bool) {
	var litFreq [286]int
	var distFreq [30]int
	for _, t := range tokens {
		if t.dist == 0 {
			litFreq[t.length]++
		} else {
			litFreq[257+lengthCode(int(t.length))]++
			distFreq[distCode(int(t.dist))]++
		}
	}
	litFreq[256] = 1
	litLen := huffmanLengths(litFreq[:], maxCodeBits)
	distLen := huffmanLengths(distFreq[:], maxCodeBits)
	header := newDynamicHeader(litLen, distLen)

	// The fixed codes are canonical over all 288 and 32 symbols, though
	// 286, 287, 30 and 31 never occur.
	fixedLit, fixedDist := fixedLiteralLengths(), fixedDistanceLengths()
	dynBits := header.bits() + dataBits(litFreq[:], distFreq[:], litLen, distLen)
	fixedBits := dataBits(litFreq[:], distFreq[:], fixedLit[:], fixedDist[:])

	last := uint32(0)
	if final {
		last = 1
	}
	if fixedBits <= dynBits {
		w.write(last|1<<1, 3)
		writeTokens(w, tokens, fixedLit[:], fixedDist[:])
		return
	}
	w.write(last|2<<1, 3)
	header.write(w)
	writeTokens(w, tokens, litLen, distLen)
}

// dataBits is the size of a block's symbols and extra bits under the
// given code lengths.
func dataBits(litFreq, distFreq []int, litLen, distLen []uint8) int {
	n := 0
	for sym, f := range litFreq {
		n += f * int(litLen[sym])
		if sym >= 257 {
			n += f * int(lengthExtra[sym-257])
		}
	}
	for sym, f := range distFreq {
		n += f * (int(distLen[sym]) + int(distExtra[sym]))
	}
	return n
}

func writeTokens(w *bitWriter, tokens []token, litLen, distLen []uint8) {
	litCodes, distCodes := canonicalCodes(litLen), canonicalCodes(distLen)
	for _, t := range tokens {
		if t.dist == 0 {
			w.write(litCodes[t.length], uint(litLen[t.length]))
			continue
		}
		lc := lengthCode(int(t.length))
		w.write(litCodes[257+lc], uint(litLen[257+lc]))
		w.write(uint32(int(t.length)-int(lengthBase[lc])), uint(lengthExtra[lc]))
		dc := distCode(int(t.dist))
		w.write(distCodes[dc], uint(distLen[dc]))
		w.write(uint32(int(t.dist)-int(distBase[dc])), uint(distExtra[dc]))
	}
	w.write(litCodes[256], uint(litLen[256]))
}

// canonicalCodes assigns the codes of RFC 1951 section 3.2.2, bit-reversed
// because Huffman codes go into the stream most significant bit first.
func canonicalCodes(lengths []uint8) []uint32 {
	var count, next [maxCodeBits + 1]uint32
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	code := uint32(0)
	for n := 1; n <= maxCodeBits; n++ {
		code = (code + count[n-1]) << 1
		next[n] = code
	}
	codes := make([]uint32, len(lengths))
	for sym, l := range lengths {
		if l != 0 {
			codes[sym] = bits.Reverse32(next[l]) >> (32 - l)
			next[l]++
		}
	}
	return codes
}

// huffmanLengths gives each symbol with a frequency a code length of at
// most limit bits. While the optimal code is too deep, the frequencies are
// flattened (halved, kept above zero) and the code built again. A single
// symbol gets one bit, since a code of zero bits cannot be written; a
// distance code with no symbol gets one unused one-bit code, which every
// decoder reads.
func huffmanLengths(freq []int, limit int) []uint8 {
	f := slices.Clone(freq)
	for {
		lengths, depth := huffmanTree(f)
		if depth <= limit {
			return lengths
		}
		for i := range f {
			if f[i] > 0 {
				f[i] = f[i]/2 + 1
			}
		}
	}
}

// huffmanTree builds an optimal prefix code with two queues (the leaves
// sorted by frequency, and the merged nodes, which come out in order).
func huffmanTree(freq []int) ([]uint8, int) {
	lengths := make([]uint8, len(freq))
	var leaves []int
	for sym, f := range freq {
		if f > 0 {
			leaves = append(leaves, sym)
		}
	}
	switch len(leaves) {
	case 0:
		lengths[0] = 1
		return lengths, 1
	case 1:
		lengths[leaves[0]] = 1
		return lengths, 1
	}
	for i := 1; i < len(leaves); i++ { // insertion sort by frequency: at most 286 symbols
		for j := i; j > 0 && freq[leaves[j]] < freq[leaves[j-1]]; j-- {
			leaves[j], leaves[j-1] = leaves[j-1], leaves[j]
		}
	}
	// Nodes 0..n-1 are the leaves, n.. the merged ones; parent links them.
	n := len(leaves)
	weight := make([]int, n, 2*n-1)
	for i, sym := range leaves {
		weight[i] = freq[sym]
	}
	parent := make([]int, 2*n-1)
	li, mi := 0, n // next unused leaf, next unused merged node
	take := func() int {
		if li < n && (mi >= len(weight) || weight[li] <= weight[mi]) {
			li++
			return li - 1
		}
		mi++
		return mi - 1
	}
	for len(weight) < 2*n-1 {
		a, b := take(), take()
		parent[a], parent[b] = len(weight), len(weight)
		weight = append(weight, weight[a]+weight[b])
	}
	depth := make([]int, 2*n-1) // the root, last, has depth 0
	maxDepth := 0
	for i := 2*n - 3; i >= 0; i-- {
		depth[i] = depth[parent[i]] + 1
		if i < n {
			lengths[leaves[i]] = uint8(min(depth[i], 255))
			maxDepth = max(maxDepth, depth[i])
		}
	}
	return lengths, maxDepth
}

// dynamicHeader is what a dynamic block says before its data: the code
// lengths, run-length encoded, and the code-length code that encodes them
// (RFC 1951 section 3.2.7).
type dynamicHeader struct {
	nlit, ndist, nclen int
	clLen              []uint8
	runs               []token // symbol 0-18 in length, its extra bits in dist
}

func newDynamicHeader(litLen, distLen []uint8) *dynamicHeader {
	h := &dynamicHeader{nlit: 257, ndist: 1, nclen: 4}
	for i := range litLen {
		if litLen[i] != 0 {
			h.nlit = max(h.nlit, i+1)
		}
	}
	for i := range distLen {
		if distLen[i] != 0 {
			h.ndist = max(h.ndist, i+1)
		}
	}
	all := append(slices.Clone(litLen[:h.nlit]), distLen[:h.ndist]...)
	var clFreq [19]int
	add := func(sym, extra int) {
		h.runs = append(h.runs, token{uint16(sym), uint16(extra)})
		clFreq[sym]++
	}
	for i := 0; i < len(all); {
		l, run := int(all[i]), 1
		for i+run < len(all) && int(all[i+run]) == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 { // 18: 11-138 zeros
				k := min(run, 138)
				add(18, k-11)
				run -= k
			}
			if run >= 3 { // 17: 3-10 zeros
				add(17, run-3)
				run = 0
			}
		} else {
			add(l, 0)
			run--
			for run >= 3 { // 16: the previous length 3-6 more times
				k := min(run, 6)
				add(16, k-3)
				run -= k
			}
		}
		for ; run > 0; run-- {
			add(l, 0)
		}
	}
	h.clLen = huffmanLengths(clFreq[:], 7)
	for i, sym := range codeLengthOrder {
		if h.clLen[sym] != 0 {
			h.nclen = max(h.nclen, i+1)
		}
	}
	return h
}

var runExtraBits = [19]uint8{16: 2, 17: 3, 18: 7}

func (h *dynamicHeader) bits() int {
	n := 14 + 3*h.nclen
	for _, r := range h.runs {
		n += int(h.clLen[r.length]) + int(runExtraBits[r.length])
	}
	return n
}

func (h *dynamicHeader) write(w *bitWriter) {
	w.write(uint32(h.nlit-257|(h.ndist-1)<<5|(h.nclen-4)<<10), 14)
	for _, sym := range codeLengthOrder[:h.nclen] {
		w.write(uint32(h.clLen[sym]), 3)
	}
	codes := canonicalCodes(h.clLen)
	for _, r := range h.runs {
		w.write(codes[r.length], uint(h.clLen[r.length]))
		w.write(uint32(r.dist), uint(runExtraBits[r.length]))
	}
}

// bitWriter writes DEFLATE's bit stream, least significant bit first.
type bitWriter struct {
	out   []byte
	acc   uint64
	nbits uint
}

// write is not inlined: the encoder calls it in many places, and each
// inlined copy grew app.wasm more than the call costs in time.
//
//go:noinline
func (w *bitWriter) write(v uint32, n uint) {
	w.acc |= uint64(v) << w.nbits
	w.nbits += n
	for w.nbits >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nbits -= 8
	}
}

func (w *bitWriter) flush() []byte {
	if w.nbits > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	return w.out
}
