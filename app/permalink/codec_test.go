package permalink

import (
	"bufio"
	"bytes"
	"errors"
	"math/rand"
	"os"
	"strings"
	"testing"

	"robots-explorer/matcher/register"
)

// rfcExample is RFC 9309 section 5.1's example file, from the register.
var rfcExample = func() string {
	c, err := register.Lookup(register.RFC9309Example)
	if err != nil {
		panic(err)
	}
	return string(c.Robots)
}()

// mustCompact is Compact for states that always compact natively.
func mustCompact(t testing.TB, s State) string {
	t.Helper()
	c, err := Compact(s)
	if err != nil {
		t.Fatalf("Compact: %v", err)
	}
	return c
}

// Every z1= link made so far still loads: testdata/golden-links.txt holds
// links made by the explorer's earlier encoders (its own DEFLATE, and
// compress/flate before it), each with the readable form it stands for.
func TestGoldenLinksStillLoad(t *testing.T) {
	f, err := os.Open("testdata/golden-links.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var lines []string
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "#") {
			lines = append(lines, sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(lines) < 2 || len(lines)%2 != 0 {
		t.Fatalf("the golden file holds %d lines, want pairs of link and readable form", len(lines))
	}
	for i := 0; i < len(lines); i += 2 {
		link, want := lines[i], lines[i+1]
		s, err := Decode(link)
		if err != nil {
			t.Errorf("golden link %d: %v", i/2+1, err)
			continue
		}
		if got := Readable(s); got != want {
			t.Errorf("golden link %d decodes to\n%.200s\nwant\n%.200s", i/2+1, got, want)
		}
	}
}

// codecInputs covers what links hold and the edges of the format: nothing,
// one byte, runs longer than a match, repeats further back than the
// window, random bytes and every byte value.
func codecInputs() map[string][]byte {
	rng := rand.New(rand.NewSource(1))
	random := make([]byte, 100<<10)
	rng.Read(random)
	var all []byte
	for c := 0; c < 256*3; c++ {
		all = append(all, byte(c))
	}
	return map[string][]byte{
		"empty":             nil,
		"one byte":          []byte("a"),
		"a long run":        bytes.Repeat([]byte("a"), 100000),
		"the RFC example":   []byte(Readable(State{Robots: rfcExample, Token: "foobot", URLs: []string{"/example/page.html"}})),
		"random":            random,
		"beyond the window": append(append([]byte{}, random[:40<<10]...), random[:1000]...),
		"all byte values":   all,
	}
}

func TestCodecRoundTrip(t *testing.T) {
	for name, in := range codecInputs() {
		z, err := deflateRaw(in)
		if err != nil {
			t.Fatalf("%s: deflate: %v", name, err)
		}
		out, err := inflateRaw(z, len(in))
		if err != nil || !bytes.Equal(out, in) {
			t.Errorf("%s: round trip gave %d bytes (%v), want %d", name, len(out), err, len(in))
		}
		if len(in) > 0 {
			if _, err := inflateRaw(z, len(in)-1); !errors.Is(err, errInflateSize) {
				t.Errorf("%s: a limit one byte short gave %v, want errInflateSize", name, err)
			}
		}
	}
}

// The RFC example is the kind of text links carry: it must shrink.
func TestCodecKeepsLinksShort(t *testing.T) {
	r := Readable(State{Robots: rfcExample, Token: "foobot"})
	c := mustCompact(t, State{Robots: rfcExample, Token: "foobot"})
	if len(c) >= len(r)*6/10 {
		t.Errorf("compact link %d bytes, readable %d: want less than 60%%", len(c), len(r))
	}
}

func FuzzInflate(f *testing.F) {
	for _, in := range codecInputs() {
		if z, err := deflateRaw(in); err == nil && len(z) < 4096 {
			f.Add(z)
		}
	}
	f.Add([]byte{0x03, 0x00})
	f.Fuzz(func(t *testing.T, z []byte) {
		out, err := inflateRaw(z, 1<<16)
		if err == nil && len(out) > 1<<16 {
			t.Fatalf("inflate gave %d bytes past its limit", len(out))
		}
	})
}
