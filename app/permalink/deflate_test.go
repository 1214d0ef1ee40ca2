package permalink

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"robots-explorer"
)

// deflateInputs covers what links hold (percent-encoded robots.txt text)
// and the edges of the format: nothing, one byte, runs longer than a
// match, repeats further back than the window, random bytes, and more
// tokens than one block takes.
func deflateInputs() map[string][]byte {
	rng := rand.New(rand.NewSource(1))
	random := make([]byte, 100<<10)
	rng.Read(random)
	var robots strings.Builder
	for i := 0; robots.Len() < 200<<10; i++ {
		fmt.Fprintf(&robots, "User-agent: bot%d\nDisallow: /private/%d/\nAllow: /private/%d/public*.html$\n\n", i%37, i, i*7)
	}
	far := append(slices.Clone(random[:40<<10]), random[:1000]...) // the repeat is 40 KiB back
	return map[string][]byte{
		"empty":             nil,
		"one byte":          []byte("a"),
		"three bytes":       []byte("abc"),
		"a long run":        bytes.Repeat([]byte("a"), 100000),
		"runs of 258+":      bytes.Repeat([]byte("abcdefgh"), 1000),
		"the RFC example":   []byte(Readable(State{Robots: rfcExample, Token: "foobot", URLs: []string{"/example/page.html", "/x.gif"}})),
		"robots, readable":  []byte(Readable(State{Robots: robots.String(), Token: "bot7", URLs: []string{"/private/3/"}})),
		"random":            random,
		"beyond the window": far,
		"all byte values": func() []byte {
			var b []byte
			for i := 0; i < 3; i++ {
				for c := 0; c < 256; c++ {
					b = append(b, byte(c))
				}
			}
			return b
		}(),
	}
}

// rfcExample is RFC 9309 section 5.1's example file, from the register.
var rfcExample = func() string {
	c, err := register.Lookup(register.RFC9309Example)
	if err != nil {
		panic(err)
	}
	return string(c.Robots)
}()

// flateDecode reads b with compress/flate, at most max bytes of it.
func flateDecode(b []byte, max int) ([]byte, error) {
	r := flate.NewReader(bytes.NewReader(b))
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, int64(max)))
}

// What deflate writes, both its own inflate and Go's compress/flate read
// back unchanged: it is standard DEFLATE (RFC 1951).
func TestDeflateRoundTrip(t *testing.T) {
	for name, in := range deflateInputs() {
		t.Run(name, func(t *testing.T) {
			enc := deflate(in)
			got, err := inflate(enc, len(in))
			if err != nil || !bytes.Equal(got, in) {
				t.Fatalf("inflate: %d bytes back of %d, err %v", len(got), len(in), err)
			}
			got, err = flateDecode(enc, len(in)+1)
			if err != nil || !bytes.Equal(got, in) {
				t.Fatalf("compress/flate: %d bytes back of %d, err %v", len(got), len(in), err)
			}
		})
	}
}

// Links made before this package had its own codec came from
// compress/flate at its best compression; inflate reads what every level
// of it writes (stored, fixed and dynamic blocks).
func TestInflateReadsCompressFlate(t *testing.T) {
	for name, in := range deflateInputs() {
		for level := flate.HuffmanOnly; level <= flate.BestCompression; level++ {
			var buf bytes.Buffer
			w, _ := flate.NewWriter(&buf, level)
			w.Write(in)
			w.Close()
			got, err := inflate(buf.Bytes(), len(in))
			if err != nil || !bytes.Equal(got, in) {
				t.Errorf("%s, level %d: %d bytes back of %d, err %v", name, level, len(got), len(in), err)
			}
		}
	}
}

// A link stays about as short as compress/flate at its best made it: the
// encoder may not grow the links people share.
func TestDeflateKeepsLinksShort(t *testing.T) {
	inputs := deflateInputs()
	for _, name := range []string{"the RFC example", "robots, readable"} {
		in := inputs[name]
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestCompression)
		w.Write(in)
		w.Close()
		ours, theirs := len(deflate(in)), buf.Len()
		t.Logf("%s: %d bytes -> %d (compress/flate level 9: %d)", name, len(in), ours, theirs)
		if ours > theirs+theirs/20 {
			t.Errorf("%s: %d bytes compressed, more than 5%% over compress/flate's %d", name, ours, theirs)
		}
	}
}

// Small inputs go out with the fixed codes, larger ones with their own
// (the three header bits: BFINAL, then BTYPE 01 fixed or 10 dynamic).
func TestDeflateChoosesBlockType(t *testing.T) {
	inputs := deflateInputs()
	if b := deflate([]byte("abc")); b[0]&7 != 1|1<<1 {
		t.Errorf("three bytes: block header %03b, want fixed codes", b[0]&7)
	}
	if b := deflate(inputs["robots, readable"]); b[0]&7 != 1|2<<1 {
		t.Errorf("200 KiB of text: block header %03b, want dynamic codes", b[0]&7)
	}
	// 100 KiB of random bytes are more literals than one block holds.
	if b := deflate(inputs["random"]); b[0]&7 != 0|2<<1 {
		t.Errorf("100 KiB of random bytes: first block header %03b, want dynamic codes, not final", b[0]&7)
	}
}

// fixedStream writes a final block with the fixed codes: each element is a
// symbol, then (for a length symbol) its distance symbol; no extra bits.
func fixedStream(syms ...int) []byte {
	w := &bitWriter{}
	w.write(1|1<<1, 3)
	lit, dist := fixedLiteralLengths(), fixedDistanceLengths()
	codes, distCodes := canonicalCodes(lit[:]), canonicalCodes(dist[:])
	for _, s := range syms {
		if s >= 1000 { // a distance symbol, 5 bits
			w.write(distCodes[s-1000], 5)
			continue
		}
		w.write(codes[s], uint(lit[s]))
	}
	return w.flush()
}

// dynamicStream writes a final dynamic block that holds "a": the header
// gives len(litLen) literal/length and len(distLen) distance code lengths,
// each as one symbol of the code-length code clen (by symbol, 0-18). With
// valid codes it is good data, so a case built from it with one defect is
// refused for that defect alone, not for running out of bits.
func dynamicStream(clen [19]uint8, litLen, distLen []uint8) []byte {
	w := &bitWriter{}
	w.write(1|2<<1, 3)
	w.write(uint32(len(litLen)-257|(len(distLen)-1)<<5|(19-4)<<10), 14)
	for _, sym := range codeLengthOrder {
		w.write(uint32(clen[sym]), 3)
	}
	clCodes := canonicalCodes(clen[:])
	for _, l := range append(slices.Clone(litLen), distLen...) {
		w.write(clCodes[l], uint(clen[l]))
	}
	litCodes := canonicalCodes(litLen)
	w.write(litCodes['a'], uint(litLen['a']))
	w.write(litCodes[256], uint(litLen[256]))
	return w.flush()
}

// validCodes are complete codes for dynamicStream: lengths 0-15 four bits
// each; every byte nine bits and end-of-block one; one unused one-bit
// distance code.
func validCodes() (clen [19]uint8, litLen, distLen []uint8) {
	for sym := 0; sym < 16; sym++ {
		clen[sym] = 4
	}
	litLen = make([]uint8, 257)
	for sym := 0; sym < 256; sym++ {
		litLen[sym] = 9
	}
	litLen[256] = 1
	return clen, litLen, []uint8{1}
}

// Damaged data is refused with an error, never read past or panicked on
// (RFC 1951 sections 3.2.3 to 3.2.7 say what is valid).
func TestInflateRefuses(t *testing.T) {
	dynamic := func(write func(w *bitWriter)) []byte {
		w := &bitWriter{}
		w.write(1|2<<1, 3)
		write(w)
		return w.flush()
	}
	tests := []struct {
		name string
		in   []byte
	}{
		{"no data", nil},
		{"block type 3", []byte{0x07}},
		{"stored, NLEN not LEN's complement", []byte{0x01, 0x03, 0x00, 0x00, 0x00, 'a', 'b', 'c'}},
		{"stored, shorter than LEN", []byte{0x01, 0x05, 0x00, 0xfa, 0xff, 'a'}},
		{"not final, then nothing", []byte{0x00, 0x00, 0x00, 0xff, 0xff}},
		{"a distance before the start", fixedStream('a', 258, 1000+1)},
		{"length symbol 286", fixedStream(286)},
		{"distance symbol 30", fixedStream('a', 'b', 257, 1000+30)},
		{"no end of block", fixedStream('a', 'b')[:1]},
		{"HLIT 287", func() []byte {
			clen, lit, dist := validCodes()
			return dynamicStream(clen, append(lit, make([]uint8, 30)...), dist) // 287 lengths
		}()},
		{"HDIST 31", func() []byte {
			clen, lit, dist := validCodes()
			return dynamicStream(clen, lit, append(dist, make([]uint8, 30)...)) // 31 lengths
		}()},
		{"code-length code over-subscribed", func() []byte {
			clen, lit, dist := validCodes()
			clen[16] = 4 // a seventeenth code of four bits
			return dynamicStream(clen, lit, dist)
		}()},
		{"code-length code incomplete", func() []byte {
			clen, lit, dist := validCodes()
			clen[15] = 0 // fifteen of sixteen four-bit codes; 15 is not used
			return dynamicStream(clen, lit, dist)
		}()},
		{"literal/length code incomplete", func() []byte {
			clen, lit, dist := validCodes()
			lit[255] = 0 // 'a' and end-of-block keep their codes
			return dynamicStream(clen, lit, dist)
		}()},
		{"repeat (16) with nothing before", dynamic(func(w *bitWriter) {
			w.write(0|0<<5|0<<10, 14)
			w.write(1, 3) // 16: one bit
			w.write(0, 3)
			w.write(0, 3)
			w.write(1, 3) // 0: one bit
			w.write(1, 1) // symbol 16 first: 0 has code 0, 16 code 1
			w.write(0, 2)
		})},
	}
	clen, lit, dist := validCodes()
	valid := dynamicStream(clen, lit, dist)
	if got, err := inflate(valid, 10); err != nil || string(got) != "a" {
		t.Fatalf("the undamaged dynamic block: inflate = %q, %v; want \"a\"", got, err)
	}
	if got, err := flateDecode(valid, 10); err != nil || string(got) != "a" {
		t.Fatalf("the undamaged dynamic block: compress/flate = %q, %v; want \"a\"", got, err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := inflate(tt.in, 1<<20); !errors.Is(err, errDeflateData) {
				t.Errorf("inflate = %q, %v; want errDeflateData", got, err)
			}
			if _, err := flateDecode(tt.in, 1<<20); err == nil {
				t.Errorf("compress/flate reads it: the test data is not damaged")
			}
		})
	}
}

// The limit stops a small input that unpacks to a lot (a decompression
// bomb) in each kind of block.
func TestInflateLimit(t *testing.T) {
	zeros := make([]byte, 1<<20)
	var stored bytes.Buffer
	w, _ := flate.NewWriter(&stored, flate.NoCompression)
	w.Write(zeros[:5000])
	w.Close()
	for name, c := range map[string]struct {
		in []byte
		n  int
	}{
		"dynamic": {deflate(zeros), len(zeros)},
		"fixed":   {fixedStream('a', 'b', 'c', 'd', 256), 4},
		"stored":  {stored.Bytes(), 5000},
	} {
		if _, err := inflate(c.in, c.n-1); !errors.Is(err, errInflateSize) {
			t.Errorf("%s: limit one byte short: err %v, want errInflateSize", name, err)
		}
		if got, err := inflate(c.in, c.n); err != nil || len(got) != c.n {
			t.Errorf("%s: limit exactly the size: %d bytes, err %v", name, len(got), err)
		}
	}
}

// Any bytes: inflate never panics, and it reads what compress/flate reads,
// the same way (both stop after the final block).
func FuzzInflate(f *testing.F) {
	for _, in := range deflateInputs() {
		if len(in) < 1000 {
			f.Add(deflate(in))
		}
	}
	f.Add(fixedStream('a', 257, 1000, 256))
	f.Fuzz(func(t *testing.T, in []byte) {
		const limit = 1 << 20
		ours, err := inflate(in, limit)
		theirs, ferr := flateDecode(in, limit+1)
		if errors.Is(err, errInflateSize) {
			if ferr == nil && len(theirs) <= limit {
				t.Fatalf("inflate says too large; compress/flate read %d bytes", len(theirs))
			}
			return
		}
		if (err == nil) != (ferr == nil) || (err == nil && !bytes.Equal(ours, theirs)) {
			t.Fatalf("inflate: %d bytes, %v; compress/flate: %d bytes, %v", len(ours), err, len(theirs), ferr)
		}
	})
}

// Any bytes come back from deflate unchanged, through either decoder.
func FuzzDeflate(f *testing.F) {
	f.Add([]byte("User-agent: *\nDisallow: /\n"))
	f.Add(bytes.Repeat([]byte{0}, 300))
	f.Fuzz(func(t *testing.T, in []byte) {
		enc := deflate(in)
		if got, err := inflate(enc, len(in)); err != nil || !bytes.Equal(got, in) {
			t.Fatalf("inflate: %v", err)
		}
		if got, err := flateDecode(enc, len(in)+1); err != nil || !bytes.Equal(got, in) {
			t.Fatalf("compress/flate: %v", err)
		}
	})
}

func BenchmarkDeflate(b *testing.B) {
	in := deflateInputs()["robots, readable"]
	b.Run("permalink", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			deflate(in)
		}
	})
	b.Run("compress-flate-9", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		for b.Loop() {
			w, _ := flate.NewWriter(io.Discard, flate.BestCompression)
			w.Write(in)
			w.Close()
		}
	})
}

func BenchmarkInflate(b *testing.B) {
	in := deflateInputs()["robots, readable"]
	enc := deflate(in)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		inflate(enc, len(in))
	}
}
