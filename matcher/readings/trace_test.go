package readings

import (
	"path/filepath"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/tracegolden"
	"robots-explorer/matcher/reading/google"
	"robots-explorer/matcher/reading/koster1996"
	"robots-explorer/matcher/reading/python"
	"robots-explorer/matcher/reading/pythonrfc"
)

// Each reading's trace of every register case, written on demand
// (GroupTrace.How), reads as the reading wrote it when it made each line's
// sentence during the selection: the golden file beside each
// reading, testdata/trace.golden, which TRACE_GOLDEN=write writes again.
// protego's, with cases of its own, is in its package.
func TestTraceSameAsWrittenEagerly(t *testing.T) {
	files := tracegolden.RegisterFiles(t)
	for _, c := range []struct {
		dir    string
		reader matcher.Reader
	}{
		{"google", google.Reader{}},
		{"python", python.Reader{}},
		{"pythonrfc", pythonrfc.Reader{}},
		{"koster1996", koster1996.Reader{}},
	} {
		t.Run(c.dir, func(t *testing.T) {
			parse := func(b []byte) *matcher.File { return matcher.Parse(c.reader.Info().Name, b, matcher.ParseOptions{}) }
			tracegolden.Check(t, filepath.Join("..", "reading", c.dir, "testdata", "trace.golden"), "TRACE_GOLDEN", parse, files)
		})
	}
}
