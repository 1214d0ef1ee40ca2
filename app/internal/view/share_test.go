package view

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// An input survives the trip through a link in both forms, and through a
// saved file.
func TestStateRoundTrip(t *testing.T) {
	ex := RFC9309Example()
	ex.Reading = string(matcher.Google)
	ex.Delivery = permalink.Delivery{Status: "200", Redirects: []string{"https://a.example/1", "https://a.example/2"}, ContentType: "text/plain", Observed: "2025-03-10T12:00"}
	s := LinkState(ex, 3)
	want := ex
	want.Chosen = 3
	for name, frag := range map[string]string{
		"readable": permalink.Readable(s),
		"compact":  testkit.CompactLink(t, s),
	} {
		got, chosen, err := DecodeLink(frag)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) || chosen != 3 {
			t.Errorf("%s: got %+v chosen %d, want %+v chosen 3", name, got, chosen, want)
		}
	}
	got, chosen, err := decodeFile(FileText(s))
	if err != nil || !reflect.DeepEqual(got, want) || chosen != 3 {
		t.Errorf("file: %+v %d %v", got, chosen, err)
	}
}

// A link written by hand: every parameter optional, url repeated;
// the default reading is rfc9309 and is left out of links.
func TestHandWrittenLink(t *testing.T) {
	ex, chosen, err := DecodeLink("#robots=User-agent%3A%20*%0ADisallow%3A%20%2Ffish%0A&token=Googlebot&url=%2Ffish&url=%2Ffish.php&reading=google")
	if err != nil {
		t.Fatal(err)
	}
	want := permalink.State{Robots: "User-agent: *\nDisallow: /fish\n", Token: "Googlebot", URLs: []string{"/fish", "/fish.php"}, Reading: string(matcher.Google)}
	if !reflect.DeepEqual(ex, want) || chosen != 0 {
		t.Errorf("got %+v %d, want %+v", ex, chosen, want)
	}
	if ex, _, err := DecodeLink("url=%2Fa"); err != nil || ReadingOf(ex) != matcher.RFC9309 || ex.Robots != "" {
		t.Errorf("a link with a URL only: %+v %v", ex, err)
	}
	if s := LinkState(RFC9309Example(), 0); s.Reading != "" || strings.Contains(permalink.Readable(s), "reading=") {
		t.Errorf("the default reading is written into the link: %q", permalink.Readable(s))
	}
}

// A tampered link is refused with a message a person can act on, whatever
// part of it was damaged.
func TestBrokenLinksAreRefused(t *testing.T) {
	good := testkit.CompactLink(t, LinkState(RFC9309Example(), 0))
	tests := []struct {
		name, frag string
		is         error
		says       string
	}{
		{"cut short", good[:len(good)/2], permalink.ErrCorrupt, "damaged"},
		{"not base64", "z1=!!!!", permalink.ErrCorrupt, "damaged"},
		{"newer version", "z9=abc", permalink.ErrVersion, "newer version"},
		{"bad escape", "robots=%zz", permalink.ErrMalformed, "parameters"},
		{"unknown reading", "url=%2F&reading=bingbot", permalink.ErrMalformed, "bingbot"},
		{"bad chosen", "url=%2F&chosen=x", permalink.ErrMalformed, "parameters"},
	}
	for _, tt := range tests {
		_, _, err := DecodeLink(tt.frag)
		if !errors.Is(err, tt.is) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.is)
			continue
		}
		msg := LinkProblem(err)
		if !strings.Contains(msg, tt.says) || !strings.Contains(msg, "Your work is unchanged") {
			t.Errorf("%s: message %q", tt.name, msg)
		}
	}
}

// Saved work that cannot be read is kept as a file could give it back: its
// link when the saved form reads, else the text as stored; with the reason
// in words.
func TestNewUnreadWork(t *testing.T) {
	for _, tt := range []struct {
		name, stored, text, reason string
	}{
		{"a link that cannot be read", `{"link":"url=%zz","edited":true}`, "url=%zz", `its parameters cannot be read (invalid URL escape "%zz")`},
		{"not the saved form", `{"link":"url=`, `{"link":"url=`, "it is not in the form the explorer saves (unexpected end of JSON input)"},
	} {
		w, err := ReadSaved(tt.stored)
		if err == nil {
			_, _, err = DecodeLink(w.Link)
		}
		if got := NewUnreadWork(tt.stored, err); got != (UnreadWork{Text: tt.text, Reason: tt.reason}) {
			t.Errorf("%s: %+v, want text %q and reason %q", tt.name, got, tt.text, tt.reason)
		}
	}
}

// The app's own pages open short examples with readable links and large
// ones (the 500 KiB lesson) compacted.
func TestLinkFragment(t *testing.T) {
	short := LinkState(RFC9309Example(), 0)
	if f, err := LinkFragment(short); err != nil || !strings.HasPrefix(f, "robots=") {
		t.Errorf("a short state gets %q (%v)", f, err)
	}
	big := short
	big.Robots = strings.Repeat("# a comment that repeats\n", 200)
	if f, _ := LinkFragment(big); !strings.HasPrefix(f, "z1=") {
		t.Errorf("a long state gets a readable link of %d bytes", len(f))
	}
}

func TestTooLargeForLinkSaysWhatToDo(t *testing.T) {
	msg := TooLargeForLink(40 << 10)
	for _, want := range []string{"40.0 KiB", "32 KiB", "Save it to a file", SaveStateLabel, LoadStateLabel} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %q", msg, want)
		}
	}
}

func TestSameState(t *testing.T) {
	a := permalink.State{Robots: "User-agent: *\nDisallow: /x\n", Token: "Googlebot", URLs: []string{"/x"}}
	b := a
	b.URLs = []string{"/x"}
	if !SameState(a, b) {
		t.Error("equal states differ")
	}
	for name, change := range map[string]func(*permalink.State){
		"file":  func(s *permalink.State) { s.Robots += "Allow: /y\n" },
		"token": func(s *permalink.State) { s.Token = "Bingbot" },
		"urls":  func(s *permalink.State) { s.URLs = []string{"/y"} },
	} {
		c := a
		change(&c)
		if SameState(a, c) {
			t.Errorf("states with another %s are the same", name)
		}
	}
}
