//go:build !wasm

package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

var fixedNow = time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)

func withFixedNow(t *testing.T) {
	t.Helper()
	old := now
	now = func() time.Time { return fixedNow }
	t.Cleanup(func() { now = old })
}

// recordOut is the part of the record the command's tests read.
type recordOut struct {
	SchemaVersion int    `json:"schema_version"`
	Time          string `json:"time"`
	ToolVersion   string `json:"tool_version"`
	Verdict       string `json:"verdict"`
	Effective     string `json:"effective_verdict"`
	Scope         struct {
		Label string `json:"label"`
	} `json:"scope"`
	File struct {
		SHA256 string `json:"sha256"`
		Size   int    `json:"size"`
	} `json:"file"`
	Delivery struct {
		Provided bool `json:"provided"`
		Facts    *struct {
			Status     int      `json:"status"`
			Redirects  []string `json:"redirects"`
			ObservedAt string   `json:"observed_at"`
		} `json:"facts"`
		Assessment struct {
			Effect string `json:"effect"`
		} `json:"assessment"`
	} `json:"delivery"`
}

// decodeOne reads exactly one JSON document from out.
func decodeOne(t *testing.T, out string) recordOut {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	var r recordOut
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		t.Fatalf("more than one JSON document: %v", err)
	}
	return r
}

// hops returns the flags of n followed redirects ending in a 200.
func hops(n int) []string {
	out := []string{"-status", "200"}
	for i := range n {
		out = append(out, "-redirect", "https://hop"+string(rune('a'+i))+".example/robots.txt")
	}
	return out
}

func TestCheckRecordExitStatus(t *testing.T) {
	withFixedNow(t)
	p := writeRobots(t, fishFile)
	tests := []struct {
		name   string
		flags  []string
		urls   []string
		code   int
		effect string
	}{
		{"allowed", []string{}, []string{"/fish"}, exitAllowed, "not-verified"},
		{"disallowed", []string{}, []string{"/a.php"}, exitDisallowed, "not-verified"},
		{"two URLs", []string{}, []string{"/fish", "/a.php"}, ExitUsage, ""},
		{"no URL", []string{}, []string{}, ExitUsage, ""},
		{"with -urls", []string{"-urls", "-"}, []string{"/fish"}, ExitUsage, ""},
		{"with -compare", []string{"-compare"}, []string{"/fish"}, ExitUsage, ""},
		{"unreadable URL", []string{}, []string{"mailto:fish"}, ExitUsage, ""},
		{"bad status", []string{"-status", "ok"}, []string{"/fish"}, ExitUsage, ""},
		{"status out of range", []string{"-status", "700"}, []string{"/fish"}, ExitUsage, ""},
		{"redirects without outcome", []string{"-redirect", "https://a.example/robots.txt"}, []string{"/fish"}, ExitUsage, ""},
		{"bad time", []string{"-status", "200", "-observed", "yesterday"}, []string{"/fish"}, ExitUsage, ""},
		{"status and error", []string{"-status", "200", "-fetch-error", "timeout"}, []string{"/fish"}, ExitUsage, ""},
		// RFC 9309 §2.3.1.4: unreachable is complete disallow, whatever the rules.
		{"5xx disallows an allowed URL", []string{"-status", "503"}, []string{"/fish"}, exitDisallowed, "disallow-all"},
		{"timeout disallows", []string{"-fetch-error", "timeout"}, []string{"/fish"}, exitDisallowed, "disallow-all"},
		// §2.3.1.3: unavailable allows everything.
		{"4xx allows a disallowed URL", []string{"-status", "404"}, []string{"/a.php"}, exitAllowed, "allow-all"},
		// §2.3.1.2: within five redirects the rules apply; past five the file may be unavailable.
		{"five redirects", hops(5), []string{"/a.php"}, exitDisallowed, "rules-apply"},
		{"six redirects", hops(6), []string{"/a.php"}, exitAllowed, "allow-all"},
		// §2.3.1.2: an unfollowed redirect leaves it open; the rules decide the exit.
		{"unsettled: the rules decide", []string{"-status", "302"}, []string{"/a.php"}, exitDisallowed, "undetermined"},
		// A hop is an absolute http or https URL, never a script or a malformed URL.
		{"javascript: hop", []string{"-status", "200", "-redirect", "javascript:alert(1)"}, []string{"/fish"}, ExitUsage, ""},
		{"unclosed IPv6 hop", []string{"-status", "200", "-redirect", "http://[::1"}, []string{"/fish"}, ExitUsage, ""},
		{"bad IPv6 hop", []string{"-status", "200", "-redirect", "http://[gggg::1]/robots.txt"}, []string{"/fish"}, ExitUsage, ""},
		{"port out of range", []string{"-status", "200", "-redirect", "http://a.example:99999/robots.txt"}, []string{"/fish"}, ExitUsage, ""},
		{"relative hop", []string{"-status", "200", "-redirect", "/robots.txt"}, []string{"/fish"}, ExitUsage, ""},
		{"ftp hop", []string{"-status", "200", "-redirect", "ftp://a.example/robots.txt"}, []string{"/fish"}, ExitUsage, ""},
		{"data hop", []string{"-status", "200", "-redirect", "data:text/plain,x"}, []string{"/fish"}, ExitUsage, ""},
		{"upper-case scheme hop", []string{"-status", "200", "-redirect", "HTTPS://A.example/robots.txt"}, []string{"/a.php"}, exitDisallowed, "rules-apply"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"check", "-record"}, tt.flags...), p, "Googlebot")
			args = append(args, tt.urls...)
			code, out, errOut := runArgs("", args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if code == ExitUsage {
				if errOut == "" {
					t.Error("a usage error must say why")
				}
				return
			}
			if r := decodeOne(t, out); r.Delivery.Assessment.Effect != tt.effect {
				t.Errorf("effect %q, want %q", r.Delivery.Assessment.Effect, tt.effect)
			}
		})
	}
}

func TestCheckRecordContents(t *testing.T) {
	withFixedNow(t)
	body := "User-agent: *\r\nDisallow: /*.php\r\nAllow: /fish\r\n"
	p := writeRobots(t, body)
	code, out, _ := runArgs("", "check", "-record", p, "Googlebot", "https://example.com/x.php")
	if code != exitDisallowed {
		t.Fatalf("exit %d", code)
	}
	r := decodeOne(t, out)
	sum := sha256.Sum256([]byte(body))
	if r.SchemaVersion != 1 || r.File.SHA256 != hex.EncodeToString(sum[:]) || r.File.Size != len(body) ||
		r.Time != "2025-03-10T12:00:00Z" || r.ToolVersion == "" || r.Verdict != "disallowed" ||
		r.Scope.Label != "local rule decision — delivery not verified" || r.Delivery.Provided || r.Delivery.Facts != nil {
		t.Errorf("%+v", r)
	}

	code, out, _ = runArgs("", "check", "-record", "-status", "200", "-content-type", "text/plain",
		"-redirect", "https://www.example.com/robots.txt", "-redirect", "https://cdn.example.net/robots.txt",
		"-observed", "2025-03-10", p, "Googlebot", "https://example.com/x.php")
	r = decodeOne(t, out)
	if code != exitDisallowed || !r.Delivery.Provided || r.Delivery.Facts == nil || r.Delivery.Facts.Status != 200 ||
		len(r.Delivery.Facts.Redirects) != 2 || r.Delivery.Facts.ObservedAt != "2025-03-10T00:00:00Z" ||
		r.Delivery.Assessment.Effect != "rules-apply" || r.Effective != "disallowed" ||
		!strings.HasPrefix(r.Scope.Label, "rule decision with reported delivery facts") {
		t.Errorf("exit %d: %+v", code, r)
	}
}

func TestCheckRecordMarkdown(t *testing.T) {
	withFixedNow(t)
	p := writeRobots(t, fishFile)
	code, out, _ := runArgs("", "check", "-record", "-markdown", "-status", "429", p, "Googlebot", "/a.php")
	if code != exitAllowed {
		t.Errorf("429 under RFC 9309 §2.3.1.3 allows: exit %d", code)
	}
	for _, want := range []string{"# Crawl decision record", "| status | 429 |", "Google's documented behaviour, differs from RFC 9309"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	if code, _, errOut := runArgs("", "check", "-markdown", p, "Googlebot", "/a.php"); code != ExitUsage || errOut == "" {
		t.Errorf("-markdown without -record: exit %d", code)
	}
	if code, _, errOut := runArgs("", "check", "-status", "200", p, "Googlebot", "/a.php"); code != ExitUsage || errOut == "" {
		t.Errorf("delivery flags without -record: exit %d", code)
	}
}

// TestCheckScopeLabel: every normal output line carries the label without
// changing its format: a "scope" field in -json, one note on standard error
// after text output.
func TestCheckScopeLabel(t *testing.T) {
	p := writeRobots(t, fishFile)
	_, out, errOut := runArgs("", "check", "-json", p, "bot", "/fish", "/a.php")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%q", out)
	}
	for _, l := range lines {
		var got struct{ Scope string }
		if err := json.Unmarshal([]byte(l), &got); err != nil || got.Scope != "local rule decision — delivery not verified" {
			t.Errorf("%v: %s", err, l)
		}
	}
	if errOut != "" {
		t.Errorf("-json keeps standard error empty: %q", errOut)
	}
	_, out, errOut = runArgs("", "check", p, "bot", "/fish", "/a.php")
	if strings.Count(out, "\n") != 2 || strings.Contains(out, "delivery") {
		t.Errorf("text lines must keep their format: %q", out)
	}
	if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "local rule decision — delivery not verified") ||
		!strings.Contains(errOut, "not an indexing decision") {
		t.Errorf("one note on standard error: %q", errOut)
	}
}
