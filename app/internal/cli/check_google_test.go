//go:build !wasm

package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// check -reading google decides as google/robotstxt does, where the default
// rfc9309 reading decides otherwise (a typo Google accepts; /robots.txt,
// which RFC 9309 §2.2.2 always allows and robots.cc does not treat apart).
func TestCheckReadingGoogle(t *testing.T) {
	const robots = "User-agent: *\nDisalow: /private\nDisallow: /robots.txt\n"
	tests := []struct {
		reading, url string
		status       int
		verdict      string
	}{
		{"google", "/private/x", exitDisallowed, "disallowed"},
		{"rfc9309", "/private/x", exitAllowed, "allowed"},
		{"google", "/robots.txt", exitDisallowed, "disallowed"},
		{"rfc9309", "/robots.txt", exitAllowed, "allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.reading+tt.url, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := Run([]string{"check", "-reading", tt.reading, "-json", "-", "FooBot", tt.url},
				strings.NewReader(robots), &out, &errOut)
			if status != tt.status {
				t.Fatalf("status = %d, want %d (stderr: %s)", status, tt.status, errOut.String())
			}
			var got struct{ Verdict, Reading string }
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatalf("output %q: %v", out.String(), err)
			}
			if got.Verdict != tt.verdict || got.Reading != tt.reading {
				t.Errorf("got %s under %s, want %s under %s", got.Verdict, got.Reading, tt.verdict, tt.reading)
			}
		})
	}
}
