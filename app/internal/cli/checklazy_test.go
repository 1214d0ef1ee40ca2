//go:build !wasm

package cli

import (
	"testing"

	"robots-explorer/matcher"
)

// TestEvaluatorSkipsDiagnosticsForText: the text and -urls outputs show
// no diagnostic, so their parse skips them (issue 18); -json and -compare
// show them and parse in full.
func TestEvaluatorSkipsDiagnosticsForText(t *testing.T) {
	body := "User-agent: *\nDisallow: /admin\nDisalow: /x\n" // a typo and a private path to report
	tests := []struct {
		name      string
		c         checkConfig
		diagnosed bool
	}{
		{"text", checkConfig{}, false},
		{"text -urls", checkConfig{urls: "urls.txt"}, false},
		{"-json", checkConfig{json: true}, true},
		{"-json -urls", checkConfig{json: true, urls: "urls.txt"}, true},
		{"-compare", checkConfig{compare: true}, true},
		{"-compare -urls", checkConfig{compare: true, urls: "urls.txt"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.c.reading = matcher.RFC9309
			f := newEvaluator(&tt.c, body).file()
			if f.Diagnosed() != tt.diagnosed || (len(f.Diagnostics) > 0) != tt.diagnosed {
				t.Errorf("Diagnosed() = %v with %d diagnostics, want %v", f.Diagnosed(), len(f.Diagnostics), tt.diagnosed)
			}
		})
	}
}
