package permalink

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

var sample = State{
	Robots:  "User-agent: *\nDisallow: /fish # no fish\nAllow: /ツ&=%\n",
	Token:   "Googlebot",
	URLs:    []string{"/fish", "/fish.php?id=3&x=y", "https://Bücher.example/a#frag"},
	Reading: "google",
	Chosen:  2,
}

func TestRoundTripBothForms(t *testing.T) {
	for name, enc := range map[string]func(State) string{"readable": Readable, "compact": func(s State) string { return mustCompact(t, s) }} {
		got, err := Decode("#" + enc(sample))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, sample) {
			t.Errorf("%s: got %+v, want %+v", name, got, sample)
		}
	}
}

func TestReadableByHand(t *testing.T) {
	got, err := Decode("robots=User-agent%3A%20*%0ADisallow%3A%20%2Ffish&token=Googlebot&url=%2Ffish&url=%2Ffish.php&reading=google")
	if err != nil {
		t.Fatal(err)
	}
	want := State{Robots: "User-agent: *\nDisallow: /fish", Token: "Googlebot", URLs: []string{"/fish", "/fish.php"}, Reading: "google"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if s, err := Decode(""); err != nil || !reflect.DeepEqual(s, State{}) {
		t.Errorf("empty fragment: %+v %v", s, err)
	}
	if s, err := Decode("token=a&unknown=1"); err != nil || s.Token != "a" {
		t.Errorf("unknown parameters must be ignored: %+v %v", s, err)
	}
}

// The release check's file in production travels beside the candidate,
// in both forms; a link made before it existed has none.
func TestBeforeTravels(t *testing.T) {
	s := sample
	s.Before = "User-agent: *\nDisallow: /old\n"
	for name, enc := range map[string]func(State) string{"readable": Readable, "compact": func(s State) string { return mustCompact(t, s) }} {
		got, err := Decode(enc(s))
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("%s: got %+v, %v; want %+v", name, got, err, s)
		}
	}
	if r := Readable(s); !strings.HasSuffix(r, "&before=User-agent%3A%20%2A%0ADisallow%3A%20%2Fold%0A") {
		t.Errorf("the readable form %q does not end with before=", r)
	}
	old, err := Decode("robots=User-agent%3A%20*&token=Googlebot")
	if err != nil || old.Before != "" || old.Robots != "User-agent: *" {
		t.Errorf("a link without before: %+v, %v", old, err)
	}
}

// The explorer's choice of crawlers travels as typed, in both forms,
// after the token; a link without it asks about the token alone.
func TestCrawlersTravel(t *testing.T) {
	for _, crawlers := range []string{"ai-training", "GPTBot, Googlebot-Image,ai-search", "Google bot&x=1"} {
		s := sample
		s.Crawlers = crawlers
		for name, enc := range map[string]func(State) string{"readable": Readable, "compact": func(s State) string { return mustCompact(t, s) }} {
			got, err := Decode(enc(s))
			if err != nil || !reflect.DeepEqual(got, s) {
				t.Errorf("%s of %q: got %+v, %v; want %+v", name, crawlers, got, err, s)
			}
		}
	}
	s := sample
	s.Crawlers = "ai-training"
	if r := Readable(s); !strings.Contains(r, "&token=Googlebot&crawlers=ai-training&url=") {
		t.Errorf("the readable form %q does not carry crawlers= after the token", r)
	}
	if old, err := Decode("token=Googlebot&url=%2F"); err != nil || old.Crawlers != "" {
		t.Errorf("a link without crawlers: %+v, %v", old, err)
	}
}

func TestReadableIsReadable(t *testing.T) {
	r := Readable(State{Token: "Googlebot", URLs: []string{"/fish"}})
	if r != "token=Googlebot&url=%2Ffish" {
		t.Errorf("got %q", r)
	}
}

func TestBrokenLinks(t *testing.T) {
	bomb := func() string {
		var buf bytes.Buffer
		w, _ := flate.NewWriter(&buf, flate.BestCompression)
		w.Write([]byte("robots="))
		w.Write(bytes.Repeat([]byte("a"), MaxState+10))
		w.Close()
		return compactPrefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	}()
	good := mustCompact(t, sample)
	tests := []struct {
		name, in string
		want     error
	}{
		{"tampered base64", good[:10] + "!!" + good[12:], ErrCorrupt},
		{"truncated deflate", good[:len(good)/2], ErrCorrupt},
		{"future version", "z9=abc", ErrVersion},
		{"decompression bomb", bomb, ErrTooLarge},
		{"bad escape", "robots=%zz", ErrMalformed},
		{"bad chosen", "url=/a&chosen=x", ErrMalformed},
		{"bad escape in a key", "url=/a&%zz=1", ErrMalformed},
		{"semicolon separator", "url=/a;token=b", ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.in)
			if !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
	if len(bomb) > 20000 {
		t.Errorf("the bomb should be small to be a bomb: %d bytes", len(bomb))
	}
}

// A link holds any number of URLs, in both forms: more than the 10,000
// parameters url.ParseQuery reads, and a hand-written link with as many.
func TestManyURLs(t *testing.T) {
	s := State{Token: "Googlebot", URLs: make([]string, 100_000), Chosen: 99_999}
	for i := range s.URLs {
		s.URLs[i] = "/p/" + strconv.Itoa(i)
	}
	for name, enc := range map[string]func(State) string{"readable": Readable, "compact": func(s State) string { return mustCompact(t, s) }} {
		got, err := Decode(enc(s))
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("%s: %d URLs, chosen %d, %v; want %d URLs, chosen %d", name, len(got.URLs), got.Chosen, err, len(s.URLs), s.Chosen)
		}
	}
	byHand := strings.Repeat("url=%2Fa&", 10_001) + "token=a"
	if got, err := Decode(byHand); err != nil || len(got.URLs) != 10_001 {
		t.Errorf("a hand-written link of 10,001 URLs: %d URLs, %v", len(got.URLs), err)
	}
}

func TestChosenOutOfRange(t *testing.T) {
	s, err := Decode("url=/a&chosen=5")
	if err != nil || s.Chosen != 0 {
		t.Errorf("got %+v %v", s, err)
	}
}

func TestFits(t *testing.T) {
	if !Fits(sample) {
		t.Error("the sample should fit in a link")
	}
	big := State{Robots: randomText(200 << 10)}
	if Fits(big) {
		t.Error("200 KiB of incompressible text should not fit in a link")
	}
}

func randomText(n int) string {
	var b strings.Builder
	x := uint32(1)
	for b.Len() < n {
		x = x*1664525 + 1013904223
		b.WriteByte("abcdefghijklmnopqrstuvwxyz0123456789/*$?=&"[x>>27%42])
	}
	return b.String()
}

func FuzzDecode(f *testing.F) {
	f.Add(mustCompact(f, sample))
	f.Add(Readable(sample))
	f.Add("z1=")
	f.Add("robots=%")
	f.Fuzz(func(t *testing.T, s string) {
		st, err := Decode(s)
		if err != nil {
			return
		}
		again, err := Decode(mustCompact(t, st))
		if err != nil || !reflect.DeepEqual(normalizeState(again), normalizeState(st)) {
			t.Fatalf("decoded %+v, round trip gave %+v (%v)", st, again, err)
		}
	})
}

func normalizeState(s State) State {
	if len(s.URLs) == 0 {
		s.URLs = nil
	}
	return s
}

// The delivery facts are optional parameters: they survive both forms,
// read by hand, and a link without them decodes as before (no facts).
func TestDeliveryFacts(t *testing.T) {
	s := sample
	s.Status, s.Redirects, s.ContentType, s.FetchError, s.Observed = "301", []string{"https://a.example/r1", "https://b.example/robots.txt"},
		"text/plain; charset=utf-8", "", "2025-03-10T12:00"
	for name, enc := range map[string]func(State) string{"readable": Readable, "compact": func(s State) string { return mustCompact(t, s) }} {
		got, err := Decode(enc(s))
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("%s: got %+v %v, want %+v", name, got, err, s)
		}
	}
	got, err := Decode("url=%2Fa&status=404&error=timeout")
	if err != nil || got.Status != "404" || got.FetchError != "timeout" || got.Redirects != nil {
		t.Errorf("by hand: %+v %v", got, err)
	}
	if r := Readable(State{URLs: []string{"/a"}, Delivery: Delivery{Status: "503"}}); r != "url=%2Fa&status=503" {
		t.Errorf("readable with a status: %q", r)
	}
}

// ReadablePaced is Readable cut into slices: the same link for a file of
// several slices whose slice ends fall inside multi-byte characters,
// spaces and plus signs, with a pause between every two slices.
func TestReadablePacedSameLink(t *testing.T) {
	line := "Disallow: /Bücher é+x/*?q=a b&c\n"
	s := State{Robots: strings.Repeat(line, 3*escapeSlice/len(line)+7), Token: "Googlebot", URLs: []string{"/a b"},
		Before: strings.Repeat("ü", escapeSlice)}
	pauses := 0
	got := ReadablePaced(s, func() { pauses++ })
	if want := Readable(s); got != want {
		t.Fatalf("the paced link differs from Readable's (%d and %d bytes)", len(got), len(want))
	}
	if want := (len(s.Robots)-1)/escapeSlice + (len(s.Before)-1)/escapeSlice; pauses != want {
		t.Errorf("%d pauses, want one between every two slices: %d", pauses, want)
	}
}
