package permalink

import (
	"errors"
	"sync"
)

// The compact form is raw DEFLATE (RFC 1951). The package reads and writes
// it itself rather than through compress/flate: that package, with every
// compression level, its block writers and the bufio it needs, was 35 KB
// of app.wasm after gzip; links need one decoder and one encoder.

var (
	errDeflateData = errors.New("invalid DEFLATE data")
	errInflateSize = errors.New("DEFLATE data larger than the limit")
)

// RFC 1951 section 3.2.5: the base and the extra bits of the length
// symbols 257..285 and of the distance symbols 0..29.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// codeLengthOrder is the order in which a dynamic block lists the lengths
// of the code-length code (RFC 1951 section 3.2.7).
var codeLengthOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

const maxCodeBits = 15

// bitReader reads DEFLATE's bit stream: bits are taken from the least
// significant end of each byte.
type bitReader struct {
	in    []byte
	acc   uint32
	nbits uint
}

func (r *bitReader) bits(n uint) (uint32, error) {
	for r.nbits < n {
		if len(r.in) == 0 {
			return 0, errDeflateData
		}
		r.acc |= uint32(r.in[0]) << r.nbits
		r.in = r.in[1:]
		r.nbits += 8
	}
	v := r.acc & (1<<n - 1)
	r.acc >>= n
	r.nbits -= n
	return v, nil
}

// huffman decodes one canonical Huffman code (RFC 1951 section 3.2.2):
// count[n] codes have n bits, and symbols lists the symbols by code.
type huffman struct {
	count   [maxCodeBits + 1]uint16
	symbols []uint16
}

// newHuffman builds the decoder for the code lengths (0: unused symbol).
// The code must be complete, except for the two cases RFC 1951 allows: no
// symbol at all (a block without distances) and a single one-bit code.
func newHuffman(lengths []uint8) (*huffman, error) {
	h := &huffman{}
	for _, l := range lengths {
		h.count[l]++
	}
	left, used := 1, 0
	for n := 1; n <= maxCodeBits; n++ {
		left = left<<1 - int(h.count[n])
		used += int(h.count[n])
		if left < 0 {
			return nil, errDeflateData // more codes than bits
		}
	}
	if left > 0 && !(used == 0 || (used == 1 && h.count[1] == 1)) {
		return nil, errDeflateData
	}
	var offset [maxCodeBits + 2]uint16
	for n := 1; n <= maxCodeBits; n++ {
		offset[n+1] = offset[n] + h.count[n]
	}
	h.symbols = make([]uint16, used)
	for sym, l := range lengths {
		if l != 0 {
			h.symbols[offset[l]] = uint16(sym)
			offset[l]++
		}
	}
	return h, nil
}

// decode reads one symbol, a bit at a time: codes of n bits are
// consecutive numbers, so one comparison per length finds the code.
func (h *huffman) decode(r *bitReader) (int, error) {
	code, first, index := 0, 0, 0
	for n := 1; n <= maxCodeBits; n++ {
		b, err := r.bits(1)
		if err != nil {
			return 0, err
		}
		code |= int(b)
		count := int(h.count[n])
		if code-first < count {
			return int(h.symbols[index+code-first]), nil
		}
		index += count
		first = (first + count) << 1
		code <<= 1
	}
	return 0, errDeflateData
}

// inflate decodes raw DEFLATE data, and fails once the output would
// exceed limit bytes, so that a small link cannot fill the memory.
// Bytes after the final block are ignored.
func inflate(in []byte, limit int) ([]byte, error) {
	r := &bitReader{in: in}
	var out []byte
	for {
		header, err := r.bits(3)
		if err != nil {
			return nil, err
		}
		switch header >> 1 {
		case 0:
			out, err = inflateStored(r, out, limit)
		case 1:
			lit, dist := fixedCodes()
			out, err = inflateBlock(r, out, limit, lit, dist)
		case 2:
			var lit, dist *huffman
			if lit, dist, err = readDynamicCodes(r); err == nil {
				out, err = inflateBlock(r, out, limit, lit, dist)
			}
		default:
			err = errDeflateData
		}
		if err != nil {
			return nil, err
		}
		if header&1 == 1 {
			return out, nil
		}
	}
}

// inflateStored copies a stored block: after the byte boundary, LEN and
// its complement NLEN, then LEN bytes (RFC 1951 section 3.2.4).
func inflateStored(r *bitReader, out []byte, limit int) ([]byte, error) {
	r.acc, r.nbits = 0, 0 // the rest of the current byte
	if len(r.in) < 4 {
		return nil, errDeflateData
	}
	n := int(r.in[0]) | int(r.in[1])<<8
	if n != int(^(uint16(r.in[2])|uint16(r.in[3])<<8)) || len(r.in) < 4+n {
		return nil, errDeflateData
	}
	if len(out)+n > limit {
		return nil, errInflateSize
	}
	out = append(out, r.in[4:4+n]...)
	r.in = r.in[4+n:]
	return out, nil
}

// The fixed codes of RFC 1951 section 3.2.6, built on first use rather
// than when the program starts: only a link's state needs them, and every
// process, the check command's too, would pay for them.
var (
	fixedOnce                     sync.Once
	fixedLiterals, fixedDistances *huffman
)

func fixedCodes() (*huffman, *huffman) {
	fixedOnce.Do(func() {
		lengths := fixedLiteralLengths()
		fixedLiterals, _ = newHuffman(lengths[:])
		d := fixedDistanceLengths()
		fixedDistances, _ = newHuffman(d[:])
	})
	return fixedLiterals, fixedDistances
}

func fixedLiteralLengths() (l [288]uint8) {
	for i := range l {
		switch {
		case i < 144:
			l[i] = 8
		case i < 256:
			l[i] = 9
		case i < 280:
			l[i] = 7
		default:
			l[i] = 8
		}
	}
	return l
}

// fixedDistanceLengths gives all 32 distance symbols five bits: 30 and 31
// have codes though they never occur.
func fixedDistanceLengths() (l [32]uint8) {
	for i := range l {
		l[i] = 5
	}
	return l
}

// readDynamicCodes reads a dynamic block's header: the code-length code,
// then the lengths of the literal/length and distance codes, run-length
// encoded with symbols 16, 17 and 18 (RFC 1951 section 3.2.7).
func readDynamicCodes(r *bitReader) (lit, dist *huffman, err error) {
	v, err := r.bits(14)
	if err != nil {
		return nil, nil, err
	}
	nlit, ndist, nclen := int(v&31)+257, int(v>>5&31)+1, int(v>>10)+4
	if nlit > 286 || ndist > 30 {
		return nil, nil, errDeflateData
	}
	var clen [19]uint8
	for _, sym := range codeLengthOrder[:nclen] {
		l, err := r.bits(3)
		if err != nil {
			return nil, nil, err
		}
		clen[sym] = uint8(l)
	}
	cl, err := newHuffman(clen[:])
	if err != nil {
		return nil, nil, err
	}
	lengths := make([]uint8, nlit+ndist)
	for i := 0; i < len(lengths); {
		sym, err := cl.decode(r)
		if err != nil {
			return nil, nil, err
		}
		if sym < 16 {
			lengths[i] = uint8(sym)
			i++
			continue
		}
		repeat, extra, base := uint8(0), uint(2), 3 // 16: the previous length 3-6 times
		switch sym {
		case 16:
			if i == 0 {
				return nil, nil, errDeflateData
			}
			repeat = lengths[i-1]
		case 17: // zeros, 3-10 times
			extra = 3
		case 18: // zeros, 11-138 times
			extra, base = 7, 11
		}
		n, err := r.bits(extra)
		if err != nil {
			return nil, nil, err
		}
		if i+base+int(n) > len(lengths) {
			return nil, nil, errDeflateData
		}
		for k := 0; k < base+int(n); k++ {
			lengths[i] = repeat
			i++
		}
	}
	if lengths[256] == 0 {
		return nil, nil, errDeflateData // no end-of-block code
	}
	if lit, err = newHuffman(lengths[:nlit]); err != nil {
		return nil, nil, err
	}
	if dist, err = newHuffman(lengths[nlit:]); err != nil {
		return nil, nil, err
	}
	return lit, dist, nil
}

// inflateBlock decodes a compressed block's literals and back-references
// up to its end-of-block symbol.
func inflateBlock(r *bitReader, out []byte, limit int, lit, dist *huffman) ([]byte, error) {
	for {
		sym, err := lit.decode(r)
		if err != nil {
			return nil, err
		}
		switch {
		case sym < 256:
			if len(out) >= limit {
				return nil, errInflateSize
			}
			out = append(out, byte(sym))
			continue
		case sym == 256:
			return out, nil
		case sym > 285:
			return nil, errDeflateData
		}
		n, err := readExtra(r, lengthBase[sym-257], lengthExtra[sym-257])
		if err != nil {
			return nil, err
		}
		dsym, err := dist.decode(r)
		if err != nil || dsym >= 30 {
			return nil, errDeflateData
		}
		d, err := readExtra(r, distBase[dsym], distExtra[dsym])
		if err != nil {
			return nil, err
		}
		if d > len(out) {
			return nil, errDeflateData // refers to before the start
		}
		if len(out)+n > limit {
			return nil, errInflateSize
		}
		for from := len(out) - d; n > 0; n-- { // may overlap what it writes
			out = append(out, out[from])
			from++
		}
	}
}

func readExtra(r *bitReader, base uint16, extra uint8) (int, error) {
	v, err := r.bits(uint(extra))
	return int(base) + int(v), err
}
