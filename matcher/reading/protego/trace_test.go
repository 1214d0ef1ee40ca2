package protego

import (
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/tracegolden"
)

// protego's trace of every register case and check of this package,
// written on demand (pgAgentHow), reads as a trace whose sentences are
// all made during the selection would (testdata/trace.golden;
// PROTEGO_TRACE_GOLDEN=write writes it again).
func TestTraceSameAsWrittenEagerly(t *testing.T) {
	files := tracegolden.RegisterFiles(t)
	for _, c := range pgChecks {
		files = append(files, tracegolden.File{Name: c.name, Body: []byte(c.Body), Tokens: []string{c.token}})
	}
	parse := func(b []byte) *matcher.File { return matcher.Parse(matcher.Protego, b, matcher.ParseOptions{}) }
	tracegolden.Check(t, "testdata/trace.golden", "PROTEGO_TRACE_GOLDEN", parse, files)
}
