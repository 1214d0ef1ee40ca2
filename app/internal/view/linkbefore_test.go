package view

import (
	"testing"

	"robots-explorer/app/permalink"
)

// The release check's file in production travels with the candidate:
// into the state a link carries and back, and a state that differs only by
// it is another state (so that editing it is saved and linked).
func TestBeforeInLinkState(t *testing.T) {
	in := RFC9309Example()
	in.Before = "User-agent: *\nDisallow: /old\n"
	s := LinkState(in, 0)
	if s.Before != in.Before {
		t.Fatalf("LinkState keeps Before %q, want %q", s.Before, in.Before)
	}
	back, _, err := Open(s)
	if err != nil || back.Before != in.Before || back.Robots != in.Robots {
		t.Errorf("Open gives Before %q, Robots %q, %v", back.Before, back.Robots, err)
	}
	if SameState(s, LinkState(RFC9309Example(), 0)) {
		t.Error("states that differ by Before are the same")
	}
	if old, _, err := Open(permalink.State{Robots: "User-agent: *"}); err != nil || old.Before != "" {
		t.Errorf("a state without Before: %+v, %v", old, err)
	}
}
