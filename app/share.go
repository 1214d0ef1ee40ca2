package main

import (
	"errors"
	"fmt"
	"strings"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
)

// Where the explorer keeps work in the browser's local storage: the
// current work, and the work a link or an example replaced, until it is
// restored or discarded.
const (
	workKey     = "robots-explorer/work"
	previousKey = "robots-explorer/previous"
)

// savedWork is the current work as local storage holds it: the readable
// link form, and whether the person edited it (a loaded example or link
// that nobody changed is not worth keeping when another replaces it).
type savedWork struct {
	Link   string `json:"link"`
	Edited bool   `json:"edited"`
}

// stateOf is the permalink state of an input with row chosen chosen.
func stateOf(in example, chosen int) permalink.State {
	d := in.Delivery
	s := permalink.State{Robots: in.Source, Token: in.Token, URLs: splitURLs(in.URLs), Chosen: chosen,
		Status: strings.TrimSpace(d.Status), Redirects: splitURLs(d.Redirects), ContentType: strings.TrimSpace(d.ContentType),
		FetchError: strings.TrimSpace(d.Error), Observed: strings.TrimSpace(d.Observed)}
	if in.Reading != matcher.RFC9309 {
		s.Reading = string(in.Reading)
	}
	if s.Chosen >= len(s.URLs) {
		s.Chosen = 0
	}
	return s
}

// exampleOf is the input a state describes, and its chosen row. A reading
// the explorer does not know makes the state unusable (a tampered or
// mistyped link); no reading means the default, RFC 9309.
func exampleOf(s permalink.State) (example, int, error) {
	r := matcher.RFC9309
	if s.Reading != "" {
		var err error
		if r, err = matcher.ParseReading(s.Reading); err != nil {
			return example{}, 0, fmt.Errorf("%w: it names the reading %q, which the explorer does not know", permalink.ErrMalformed, s.Reading)
		}
	}
	d := deliveryForm{Status: s.Status, Redirects: strings.Join(s.Redirects, "\n"), ContentType: s.ContentType, Error: s.FetchError, Observed: s.Observed}
	return example{Source: s.Robots, Token: s.Token, URLs: strings.Join(s.URLs, "\n"), Reading: r, Delivery: d}, s.Chosen, nil
}

// decodeLink reads a fragment into an input, or says why it cannot. A
// compact fragment in the browser waits for the decompression stream:
// the UI goes through decodeThen.
func decodeLink(fragment string) (example, int, error) {
	s, err := permalink.Decode(fragment)
	if err != nil {
		return example{}, 0, err
	}
	return exampleOf(s)
}

// sameState compares two states as the explorer would show them. The
// files are compared as they are (the link carries them byte for byte),
// the rest in their readable form: encoding a 10 MiB file twice to
// compare it took the page a second.
func sameState(a, b permalink.State) bool {
	if a.Robots != b.Robots {
		return false
	}
	a.Robots, b.Robots = "", ""
	return permalink.Readable(a) == permalink.Readable(b)
}

// shortLink is the fragment the app's own pages open an example with: the
// readable form while it stays short enough to read, else the compact one.
const shortLink = 1 << 10

// linkFragment compacts, so in the browser it waits for the compression
// stream: call it from a goroutine of its own (openInExplorer does).
func linkFragment(s permalink.State) (string, error) {
	if r := permalink.Readable(s); len(r) <= shortLink {
		return r, nil
	}
	return permalink.Compact(s)
}

// linkProblem says, for a person, why a link or a file could not be opened.
func linkProblem(err error) string {
	var what string
	var cause error
	switch {
	case errors.Is(err, permalink.ErrTooLarge):
		what, cause = "what it holds is larger than the explorer accepts (a link can unpack to at most 8 MiB)", permalink.ErrTooLarge
	case errors.Is(err, permalink.ErrVersion):
		what, cause = "it was made by a newer version of the explorer", permalink.ErrVersion
	case errors.Is(err, permalink.ErrCorrupt):
		what, cause = "it is damaged or was cut short, so its compact state cannot be unpacked", permalink.ErrCorrupt
	case errors.Is(err, permalink.ErrMalformed):
		what, cause = "its parameters cannot be read", permalink.ErrMalformed
	default:
		what = "it cannot be read"
	}
	if d := causeDetail(err, cause); d != "" {
		what += " (" + d + ")"
	}
	return "This link could not be opened: " + what + ". Your work is unchanged."
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

// tooLargeForLink says that a state is too large to share as a link.
func tooLargeForLink(n int) string {
	return fmt.Sprintf("This work is %s as a link, more than the %d KiB a link can safely carry. "+
		"Save it to a file instead (“"+saveStateLabel+"”), and open the file with “"+loadStateLabel+"”.", kib(n), permalink.MaxFragment>>10)
}

func kib(n int) string { return fmt.Sprintf("%.1f KiB", float64(n)/1024) }

// saveFileName is the name a saved state is offered under.
const saveFileName = "robots-explorer-state.txt"

// robotsFileName is the name "Download robots.txt" offers.
const robotsFileName = "robots.txt"

// fileText is what "Save state to file" writes: the readable link form,
// which "Load state from file" (and any link) reads back.
func fileText(s permalink.State) string { return permalink.Readable(s) + "\n" }

// decodeFile reads a saved file back.
func decodeFile(text string) (example, int, error) {
	return decodeLink(strings.TrimSpace(text))
}
