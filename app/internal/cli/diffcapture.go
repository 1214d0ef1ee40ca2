//go:build !wasm

package cli

import (
	"errors"
	"io"
	"slices"
	"strings"

	"robots-explorer/app/internal/release"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/escape"
)

// loadDiffCapture reads diff's -capture, the file in production as a
// crawler fetched it, in OLD's place, and says on standard error what it
// holds.
func loadDiffCapture(c *diffConfig, stdin io.Reader, stderr io.Writer) (string, error) {
	if c.capture == "-" && (c.new == "-" || slices.Contains(c.urls.names, "-")) {
		return "", errors.New("standard input cannot be both the capture and NEW or -urls")
	}
	got, err := readCapture(c.capture, firstRobotsURL(c.args), stdin)
	if err != nil {
		return "", err
	}
	c.captured = got
	var b strings.Builder
	b.WriteString("robots-explorer diff: OLD is the capture " + escape.Text(c.capture) + ", which holds:\n")
	writeCapture(&b, got.capture, now())
	_, err = io.WriteString(stderr, b.String())
	return string(got.capture.Body), err
}

// deliverOld lets the capture's delivery decide the old verdicts when it
// decides every URL whatever the rules say (a 4xx, a 5xx, a network
// error): what crawlers do today is what the edit changes.
func deliverOld(c *diffConfig, r *release.Release) {
	if c.captured == nil {
		return
	}
	f := &c.captured.capture.Facts
	a := delivery.Assess(f, len(c.captured.capture.Body), now())
	if overrides(a) {
		r.OldDelivered = &release.Verdict{Allowed: a.EffectiveVerdict(true) == "allowed", Reason: release.ReasonDelivery,
			Why: "delivery: " + deliveryOutcome(f) + ": " + string(a.Effect) + " (" + a.Section + ")"}
	}
}
