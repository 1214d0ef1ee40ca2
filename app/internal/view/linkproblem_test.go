package view

import (
	"strings"
	"testing"

	"robots-explorer/app/permalink"
)

// A broken link's notice says its cause once: in the notice's own words,
// then only what the error adds (the decoder's detail), never the
// sentinel's sentence a second time.
func TestLinkProblemSaysTheCauseOnce(t *testing.T) {
	good, err := permalink.Compact(LinkState(RFC9309Example(), 0))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, frag string
		once       string // a word of the cause, which must appear exactly once
		detail     string // what the error adds, "" for nothing
	}{
		{"cut short", good[:len(good)/2], "damaged", "unexpected EOF"},
		{"not base64", "z1=!!!!", "damaged", "illegal base64"},
		{"newer version", "z9=abc", "newer version", ""},
		{"bad escape", "robots=%zz", "parameters", "invalid URL escape"},
		{"bad chosen", "url=%2F&chosen=x", "parameters", `chosen="x" is not a URL number`},
	}
	for _, tt := range tests {
		_, _, err := DecodeLink(tt.frag)
		if err == nil {
			t.Fatalf("%s: the link opened", tt.name)
		}
		msg := LinkProblem(err)
		if n := strings.Count(msg, tt.once); n != 1 {
			t.Errorf("%s: %q is said %d times in %q", tt.name, tt.once, n, msg)
		}
		if strings.Count(msg, "(") > 1 || tt.detail != "" && !strings.Contains(msg, tt.detail) || tt.detail == "" && strings.Contains(msg, "(") {
			t.Errorf("%s: %q should add only %q", tt.name, msg, tt.detail)
		}
	}
}
