package main

import (
	"testing"

	"robots-explorer/app/permalink"
)

// The file in production travels with the candidate: into the state a
// link carries and back, and a state that differs only by it is another
// state (so that editing it is saved and linked).
func TestBeforeInState(t *testing.T) {
	ex := rfc9309Example
	ex.Before = "User-agent: *\nDisallow: /old\n"
	s := stateOf(ex, 0)
	if s.Before != ex.Before {
		t.Fatalf("stateOf keeps Before %q, want %q", s.Before, ex.Before)
	}
	back, _, err := exampleOf(s)
	if err != nil || back.Before != ex.Before || back.Source != ex.Source {
		t.Errorf("exampleOf gives Before %q, Source %q, %v", back.Before, back.Source, err)
	}
	if sameState(s, stateOf(rfc9309Example, 0)) {
		t.Error("states that differ by Before are the same")
	}
	if old, _, err := exampleOf(permalink.State{Robots: "User-agent: *"}); err != nil || old.Before != "" {
		t.Errorf("a state without Before: %+v, %v", old, err)
	}
}
