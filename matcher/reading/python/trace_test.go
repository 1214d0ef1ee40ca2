package python

import (
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/tracegolden"
)

// The reading's trace of every register case, written on demand
// (GroupTrace.How), reads as the reading wrote it when it made each line's
// sentence during the selection (testdata/trace.golden; TRACE_GOLDEN=write
// writes it again).
func TestTraceSameAsWrittenEagerly(t *testing.T) {
	parse := func(b []byte) *matcher.File { return matcher.ParseWith(Reader{}, b) }
	tracegolden.Check(t, "testdata/trace.golden", "TRACE_GOLDEN", parse, tracegolden.RegisterFiles(t))
}
