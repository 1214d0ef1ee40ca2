package view

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// Where the explorer keeps work in the browser's local storage: the
// current work; the work a link or an example replaced, until it is
// restored or discarded; and saved work the page could not read, until it
// is downloaded or discarded.
const (
	WorkKey     = "robots-explorer/work"
	PreviousKey = "robots-explorer/previous"
	UnreadKey   = "robots-explorer/unread"
)

// SavedWork is the current work as local storage holds it: the readable
// link form, and whether the person edited it (a loaded example or link
// that nobody changed is not worth keeping when another replaces it).
type SavedWork struct {
	Link   string `json:"link"`
	Edited bool   `json:"edited"`
}

// errNotSaved says that what WorkKey holds is no SavedWork.
var errNotSaved = errors.New("it is not in the form the explorer saves")

// ReadSaved reads the work as WorkKey holds it.
func ReadSaved(text string) (SavedWork, error) {
	var w SavedWork
	if err := json.Unmarshal([]byte(text), &w); err != nil {
		return SavedWork{}, fmt.Errorf("%w (%v)", errNotSaved, err)
	}
	return w, nil
}

// UnreadWork is saved work the explorer could not read, as UnreadKey
// holds it: what "Download it" gives (the work's link when its saved form
// could be read, else the text as it was stored) and why it could not be
// read, in words.
type UnreadWork struct {
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

// NewUnreadWork is the unread work stored as text under WorkKey, which
// could not be read for err.
func NewUnreadWork(text string, err error) UnreadWork {
	if w, werr := ReadSaved(text); werr == nil {
		text = w.Link
	}
	return UnreadWork{Text: text, Reason: problem(err)}
}

// LinkState is the state a link or a saved file carries for the input in
// with row chosen chosen: the URLs and redirects without blank lines, the
// facts trimmed, no reading for the default one.
func LinkState(in permalink.State, chosen int) permalink.State {
	d := in.Delivery
	s := permalink.State{Robots: in.Robots, Token: in.Token, Crawlers: strings.TrimSpace(in.Crawlers), URLs: URLLines(in.URLs), Chosen: chosen,
		Delivery: permalink.Delivery{Status: strings.TrimSpace(d.Status), Redirects: URLLines(d.Redirects), ContentType: strings.TrimSpace(d.ContentType),
			FetchError: strings.TrimSpace(d.FetchError), Observed: strings.TrimSpace(d.Observed)},
		Before: in.Before}
	if r := ReadingOf(in); r != matcher.RFC9309 {
		s.Reading = string(r)
	}
	if s.Chosen >= len(s.URLs) {
		s.Chosen = 0
	}
	return s
}

// Open checks a state that came from outside (a link, a saved file, the
// browser's storage) and returns it with its chosen row. A reading the
// explorer does not know makes the state unusable (a tampered or mistyped
// link); no reading means the default, RFC 9309.
func Open(s permalink.State) (permalink.State, int, error) {
	if s.Reading != "" {
		r, err := matcher.ParseReading(s.Reading)
		if err != nil {
			return permalink.State{}, 0, fmt.Errorf("%w: it names the reading %q, which the explorer does not know", permalink.ErrMalformed, s.Reading)
		}
		s.Reading = string(r)
	}
	return s, s.Chosen, nil
}

// DecodeLink reads a fragment into an input, or says why it cannot. A
// compact fragment in the browser waits for the decompression stream:
// the UI goes through decodeThen.
func DecodeLink(fragment string) (permalink.State, int, error) {
	s, err := permalink.Decode(fragment)
	if err != nil {
		return permalink.State{}, 0, err
	}
	return Open(s)
}

// SameState compares two states as the explorer would show them. The
// files are compared as they are (the link carries them byte for byte),
// the rest in their readable form: encoding a large file twice to
// compare it would hold the page up.
func SameState(a, b permalink.State) bool {
	if a.Robots != b.Robots {
		return false
	}
	a.Robots, b.Robots = "", ""
	return permalink.Readable(a) == permalink.Readable(b)
}

// shortLink is the fragment the app's own pages open an example with: the
// readable form while it stays short enough to read, else the compact one.
const shortLink = 1 << 10

// LinkFragment compacts, so in the browser it waits for the compression
// stream: call it from a goroutine of its own (openInExplorer does).
func LinkFragment(s permalink.State) (string, error) {
	if r := permalink.Readable(s); len(r) <= shortLink {
		return r, nil
	}
	return permalink.Compact(s)
}

// LinkProblem says, for a person, why a link or a file could not be opened.
func LinkProblem(err error) string {
	return "This link could not be opened: " + problem(err) + ". Your work is unchanged."
}

// problem says why a state could not be read: its cause in words, and
// what err adds to it.
func problem(err error) string {
	var what string
	var cause error
	switch {
	case errors.Is(err, permalink.ErrTooLarge):
		what, cause = "what it holds is larger than the explorer accepts (a link can unpack to at most 8 MiB)", permalink.ErrTooLarge
	case errors.Is(err, permalink.ErrVersion):
		what, cause = "it was made by a newer version of the explorer", permalink.ErrVersion
	case errors.Is(err, permalink.ErrCorrupt):
		what, cause = "it is damaged or was cut short, so its compact state cannot be unpacked", permalink.ErrCorrupt
	case errors.Is(err, errNotSaved):
		what, cause = errNotSaved.Error(), errNotSaved
	case errors.Is(err, permalink.ErrMalformed):
		what, cause = "its parameters cannot be read", permalink.ErrMalformed
	default:
		what = "it cannot be read"
	}
	if d := causeDetail(err, cause); d != "" {
		what += " (" + d + ")"
	}
	return what
}

// causeDetail is what err says beyond the cause the sentence above already
// gives in words (nil: all of it), so that the cause is said once:
// "invalid DEFLATE data", not the sentinel's sentence again.
func causeDetail(err, cause error) string {
	s := err.Error()
	if cause != nil {
		s = strings.TrimPrefix(s, cause.Error())
	}
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), ":"))
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = s[1 : len(s)-1]
	}
	return s
}

// TooLargeForLink says that a state is too large to share as a link.
func TooLargeForLink(n int) string {
	return fmt.Sprintf("This work is %s as a link, more than the %d KiB a link can safely carry. "+
		"Save it to a file instead (“"+SaveStateLabel+"”), and open the file with “"+LoadStateLabel+"”.", KiB(n), permalink.MaxFragment>>10)
}

func KiB(n int) string { return fmt.Sprintf("%.1f KiB", float64(n)/1024) }

// SaveFileName is the name a saved state is offered under.
const SaveFileName = "robots-explorer-state.txt"

// RobotsFileName is the name "Download robots.txt" offers.
const RobotsFileName = "robots.txt"

// FileText is what "Save state to file" writes: the readable link form,
// which "Load state from file" (and any link) reads back.
func FileText(s permalink.State) string { return permalink.Readable(s) + "\n" }

// decodeFile reads a saved file back.
func decodeFile(text string) (permalink.State, int, error) {
	return DecodeLink(strings.TrimSpace(text))
}

// The share bar's buttons say what they save: the page's whole state (the
// file, the token, the URLs, the reading, the delivery facts) or the
// robots.txt alone.
const (
	SaveStateLabel  = "Save state to file"
	LoadStateLabel  = "Load state from file"
	SaveRobotsLabel = "Download robots.txt"
)
