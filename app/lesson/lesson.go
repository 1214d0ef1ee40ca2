// Package lesson holds the explorer's lessons: one for each rule of
// RFC 9309 that people get wrong, each with a short explanation, the
// section it rests on, and examples that load into the explorer with one
// click. Every example states the verdicts it teaches, and the tests check
// them against the matcher, so a lesson cannot drift from the code.
package lesson

import (
	"fmt"

	"robots-explorer/app/permalink"
)

// A Lesson teaches one rule.
type Lesson struct {
	ID      string // stable, used in links (#lesson=ID)
	Title   string
	Summary string   // one sentence
	Body    []string // short paragraphs, in our own words
	Section string   // RFC 9309 section, e.g. "2.2.2"
	// Examples load into the explorer.
	Examples []Example
}

// An Example is an input for the explorer (its first URL chosen), with
// the verdicts it teaches under RFC 9309.
type Example struct {
	Caption string
	permalink.State
	// Expect holds, per URL, "allowed" or "disallowed" under rfc9309.
	Expect []string
	// Others holds, for the readings of crawlers' parsers this example
	// sets apart, their verdict per URL (the tests check them against the
	// readings, which the differential corpus holds to the real programs).
	Others map[string][]string
}

// SectionURL links to the RFC section the lesson rests on.
func (l Lesson) SectionURL() string {
	return fmt.Sprintf("https://www.rfc-editor.org/rfc/rfc9309.html#section-%s", l.Section)
}

// ByID returns the lesson with the given ID.
func ByID(id string) (Lesson, bool) {
	for _, l := range All() {
		if l.ID == id {
			return l, true
		}
	}
	return Lesson{}, false
}
