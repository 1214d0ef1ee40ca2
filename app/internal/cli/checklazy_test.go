//go:build !wasm

package cli

import (
	"strings"
	"testing"

	"robots-explorer/matcher"
)

// TestEvaluatorSkipsDiagnosticsForText: the text and -urls outputs show
// no diagnostic, so their parse skips them (issue 18), and so does the
// text of -compare of the URLs on the command line (issue 16); -json
// shows them and parses in full, as -compare -urls still does.
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
		{"-compare", checkConfig{compare: true}, false},
		{"-json -compare", checkConfig{json: true, compare: true}, true},
		{"-compare -urls", checkConfig{compare: true, urls: "urls.txt"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.c.reading = matcher.RFC9309
			ev := newEvaluator(&tt.c, body)
			if ev.each { // parses as checkEach will, when it runs
				ev.files = []*matcher.File{ev.parse(tt.c.reading)}
			}
			f := ev.file()
			if f.Diagnosed() != tt.diagnosed || (len(f.Diagnostics) > 0) != tt.diagnosed {
				t.Errorf("Diagnosed() = %v with %d diagnostics, want %v", f.Diagnosed(), len(f.Diagnostics), tt.diagnosed)
			}
		})
	}
}

// TestCompareTextSameWithoutDiagnostics: -compare's text, parsed without
// diagnostics, and its -json, whose output reads a file parsed again
// without them, are byte for byte what the full parses of every reading at
// once print (CompareWith, as -compare -urls does), for files where the
// readings part ways (typos, a byte-order mark, index.html, '$', groups a
// blank line splits, a rule before any group).
func TestCompareTextSameWithoutDiagnostics(t *testing.T) {
	bodies := []string{
		goldenFile,
		"Disallow: /early\nUser-agent: *\nDisallow: /a$\nAllow: /a/index.html\n\nUser-agent: googlebot\nUser-agent: other\nDisallow: /\n",
		"user-agent: Googlebot/2.1\ndisalow /x\nDisallow: /*.PDF$\nallow: /x/y\nUser-agent: *\n\nDisallow: /tmp?\nnoindex: /n\n",
		"\xffUser-agent: *\r\nDisallow: /caf\xc3\xa9\r\nDisallow: /%E2%82%AC\r\nAllow: /$\n",
	}
	urls := []string{"/", "/a", "/a/", "/a/index.html", "/x/y", "/early", "/doc.pdf", "/tmp?q", "/café", "/%e2%82%ac", "/n"}
	for i, body := range bodies {
		for _, token := range []string{"Googlebot", "other", "Bingbot"} {
			for _, asJSON := range []bool{false, true} {
				c := &checkConfig{compare: true, json: asJSON, reading: matcher.Google, token: token, args: urls}
				lazy := newEvaluator(c, body)
				ref := *c
				ref.urls = "urls.txt" // every reading parsed in full at once
				full := newEvaluator(&ref, body)
				var a, b strings.Builder
				errA := checkEach(c, lazy, urls, &a, &tally{})
				errB := checkList(&ref, full, urls, nil, &b, &tally{})
				if !lazy.each || full.each || lazy.file().Diagnosed() || a.Len() == 0 || errA != nil || errB != nil || a.String() != b.String() {
					t.Errorf("file %d, %s, -json %v: one reading at a time (%v)\n%s\nall at once (%v)\n%s", i, token, asJSON, errA, a.String(), errB, b.String())
				}
			}
		}
	}
}
