package matcher

import (
	"math/rand/v2"
	"strings"
	"testing"

	"robots-explorer/matcher/internal/intl"
)

// TestPlainHost names the hosts the LDH shortcut takes and those it leaves
// to the full UTS #46 mapping.
func TestPlainHost(t *testing.T) {
	long := strings.Repeat("a", 63)
	for _, c := range []struct {
		host, want string
		ok         bool
	}{
		{"example.com", "example.com", true},
		{"WWW.Example.COM", "www.example.com", true},
		{"a-b.c9.example", "a-b.c9.example", true},
		{"localhost", "localhost", true},
		{long + ".com", long + ".com", true},
		{long + "a.com", "", false},          // a label over 63 octets (RFC 1034 §3.1)
		{"xn--bcher-kva.example", "", false}, // punycode is decoded and checked
		{"ab--cd.example", "", false},        // "--" at the third octet (UTS #46 CheckHyphens)
		{"-a.example", "", false},            // a leading hyphen
		{"a-.example", "", false},            // a trailing hyphen
		{"example.com.", "", false},          // the root's dot
		{"a..example", "", false},            // an empty label
		{"1.2.3.4", "", false},               // an IPv4 address to the URL parser
		{"example.0x7f", "", false},          // so is a last label of hex
		{"my_host.example", "", false},       // STD3 refuses the underscore
		{"bücher.example", "", false},        // mapped by UTS #46
		{"", "", false},
		{strings.Repeat("a.", 127) + "a", "", false}, // 255 octets
	} {
		got, ok := plainHost(c.host)
		if got != c.want || ok != c.ok {
			t.Errorf("plainHost(%q) = %q, %v; want %q, %v", c.host, got, ok, c.want, c.ok)
		}
	}
}

// TestPlainHostIsUTS46 holds the shortcut to the mapping it stands for:
// every host it takes maps, under UTS #46 lookup, to the same name, over
// random hosts made of the octets where the two could part.
func TestPlainHostIsUTS46(t *testing.T) {
	r := rand.New(rand.NewPCG(9309, 5891))
	const alphabet = "aZx0n9-._-.."
	taken := 0
	for range 200000 {
		b := make([]byte, 1+r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		host := string(b)
		got, ok := plainHost(host)
		if !ok {
			continue
		}
		taken++
		want, err := intl.HostToASCII(host)
		if err != nil || strings.ToLower(want) != got {
			t.Fatalf("plainHost(%q) = %q; UTS #46 gives %q, %v", host, got, want, err)
		}
	}
	if taken < 10000 {
		t.Fatalf("only %d random hosts took the shortcut: the test proves little", taken)
	}
}

func FuzzPlainHost(f *testing.F) {
	for _, s := range []string{"example.com", "A-B.example", "xn--x.y", "1.2.3.4", "a..b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		got, ok := plainHost(host)
		if !ok {
			return
		}
		want, err := intl.HostToASCII(host)
		if err != nil || strings.ToLower(want) != got {
			t.Fatalf("plainHost(%q) = %q; UTS #46 gives %q, %v", host, got, want, err)
		}
	})
}

func BenchmarkParseTargetFullURL(b *testing.B) {
	for range b.N {
		if _, err := ParseTarget("https://www.example.com/shop/item?id=3"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseTargetTwoHosts checks URLs of two hosts in turn, as a
// list of a site's URLs with and without "www." does.
func BenchmarkParseTargetTwoHosts(b *testing.B) {
	urls := []string{"https://www.example.com/shop/item?id=3", "https://example.com/shop/item?id=3"}
	for i := range b.N {
		if _, err := ParseTarget(urls[i%2]); err != nil {
			b.Fatal(err)
		}
	}
}
