package record

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
)

// The file has a BOM and CRLF line ends so that hashing anything but the
// exact bytes would show.
const recordFile = "\xEF\xBB\xBFUser-agent: *\r\nDisallow: /*.php\r\nAllow: /fish\r\n"

// decisionTime is when the test records are made.
var decisionTime = time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)

func newTestRecord(t *testing.T, url string, d *delivery.Facts) *Record {
	t.Helper()
	f := matcher.Parse(matcher.RFC9309, []byte(recordFile), matcher.ParseOptions{})
	res, err := f.Evaluate("Googlebot", url)
	if err != nil {
		t.Fatal(err)
	}
	return New(Input{File: f, Result: res, Delivery: d, Time: decisionTime, Tool: "robots-explorer", ToolVersion: "test-1"})
}

func TestRecordContents(t *testing.T) {
	r := newTestRecord(t, "https://Example.com/fish.php?x=1#top", nil)
	sum := sha256.Sum256([]byte(recordFile))
	checks := []struct {
		name      string
		got, want any
	}{
		{"schema", r.SchemaVersion, SchemaVersion},
		{"sha256 of the exact bytes", r.File.SHA256, hex.EncodeToString(sum[:])},
		{"size", r.File.Size, len(recordFile)},
		{"token", r.Token, "Googlebot"},
		{"url as given", r.URL, "https://Example.com/fish.php?x=1#top"},
		{"path before normalization", r.Path, "/fish.php?x=1"},
		{"matched path", r.MatchedPath, "/fish.php?x=1"},
		{"robots url", r.RobotsURL, "https://example.com/robots.txt"},
		{"reading", r.Reading, matcher.RFC9309},
		{"verdict", r.Verdict, "disallowed"},
		{"winning line", r.Winner.Line, 2},
		{"winning text", r.Winner.Text, "Disallow: /*.php"},
		{"every matching line", len(r.Matches), 2},
		{"label", r.Scope.Label, delivery.ScopeLocal},
		{"crawl only", r.Scope.Decision, "crawl"},
		{"no delivery", r.Delivery.Provided, false},
		{"no facts", r.Delivery.Facts == nil, true},
		{"effect", r.Delivery.Assessment.Effect, delivery.EffectNotVerified},
		{"time", r.Time, decisionTime},
		{"tool version", r.ToolVersion, "test-1"},
		{"selected group", r.Groups.Selected, []int{0}},
		{"global", r.Groups.Global, true},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if len(r.Normalization) == 0 || r.Normalization[0].Rule == "" {
		t.Errorf("the URL's normalization steps (host, fragment) are missing: %+v", r.Normalization)
	}
	if !strings.Contains(r.Scope.Statement, "not an indexing decision") || !strings.Contains(r.Scope.Statement, "not access control") {
		t.Errorf("scope statement: %q", r.Scope.Statement)
	}
}

func TestRecordJSONRoundTrip(t *testing.T) {
	d := &delivery.Facts{Status: 200, ContentType: "text/plain", ObservedAt: decisionTime.Add(-time.Hour),
		Redirects: []string{"https://www.example.com/robots.txt"}}
	r := newTestRecord(t, "https://example.com/fish", d)
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if !reflect.DeepEqual(r, &back) {
		t.Errorf("round trip changed the record:\n%+v\n%+v", r, &back)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["schema_version"] != float64(SchemaVersion) {
		t.Errorf("schema_version: %v", raw["schema_version"])
	}
	if back.Delivery.Facts.RobotsURL != "https://example.com/robots.txt" {
		t.Errorf("the requested URL should default to the governing robots.txt: %q", back.Delivery.Facts.RobotsURL)
	}
	if back.Scope.Label != delivery.ScopeReported || back.EffectiveVerdict != "allowed" {
		t.Errorf("%s %q", back.Scope.Label, back.EffectiveVerdict)
	}
	// Deterministic for a fixed time.
	b2, _ := newTestRecord(t, "https://example.com/fish", d).JSON()
	if !bytes.Equal(b, b2) {
		t.Error("two records of the same decision at the same time differ")
	}
}

func TestRecordDeliveryOverridesRules(t *testing.T) {
	r := newTestRecord(t, "/fish", &delivery.Facts{Status: 503})
	if r.Verdict != "allowed" || r.EffectiveVerdict != "disallowed" {
		t.Errorf("5xx: rules %s, effective %q", r.Verdict, r.EffectiveVerdict)
	}
	r = newTestRecord(t, "/robots.txt", &delivery.Facts{Status: 503})
	if r.EffectiveVerdict != "allowed" {
		t.Errorf("/robots.txt stays allowed (RFC 9309 §2.2.2) even when unreachable: %q", r.EffectiveVerdict)
	}
	r = newTestRecord(t, "/x.php", &delivery.Facts{Status: 404})
	if r.Verdict != "disallowed" || r.EffectiveVerdict != "allowed" {
		t.Errorf("404: rules %s, effective %q", r.Verdict, r.EffectiveVerdict)
	}
}

// New keeps at most Input.Max matching rules of a parse that kept them
// all, then only the winner and the runner-up, and counts the rest.
func TestRecordListsAtMostMaxMatches(t *testing.T) {
	const n = 50
	f := matcher.Parse(matcher.RFC9309, []byte("User-agent: *\nAllow: /a\n"+strings.Repeat("Disallow: /\n", n)+"Disallow: /a/b\n"), matcher.ParseOptions{})
	res, err := f.Evaluate("bot", "/a/b")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		max, listed int
		lines       []int
	}{
		{0, n + 2, nil},
		{5, 6, []int{2, 3, 4, 5, 6, n + 3}},
		{1, 2, []int{2, n + 3}},
	} {
		r := New(Input{File: f, Result: res, Max: c.max})
		var lines []int
		for _, m := range r.Matches {
			lines = append(lines, m.Line)
		}
		if len(r.Matches) != c.listed || r.MatchesOmitted != n+2-c.listed || c.lines != nil && !reflect.DeepEqual(lines, c.lines) || r.Winner.Line != n+3 {
			t.Errorf("Max %d: lines %v (%d omitted), winner %d; want %d listed (%v), winner %d", c.max, lines, r.MatchesOmitted, r.Winner.Line, c.listed, c.lines, n+3)
		}
	}
}

func TestRecordMarkdown(t *testing.T) {
	r := newTestRecord(t, "https://example.com/a|b.php", nil)
	md := r.Markdown()
	for _, want := range []string{
		"# Crawl decision record",
		"local rule decision — delivery not verified",
		"not an indexing decision",
		r.File.SHA256,
		"`Googlebot`",
		"`https://example.com/a\\|b.php`",
		"`https://example.com/robots.txt`",
		"Line 2: `Disallow: /*.php`",
		"## Matching rules",
		"## Normalization",
		"## Group selection",
		"No delivery facts were given",
		"2025-03-10T12:00:00Z",
		"robots-explorer test-1",
		"not proof",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	md = newTestRecord(t, "/fish", &delivery.Facts{Status: 429}).Markdown()
	for _, want := range []string{"| status | 429 |", "**Effect: allow-all**", "Google's documented behaviour, differs from RFC 9309", `developers\.google\.com`,
		"- info: The time of the fetch was not given"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown with delivery lacks %q:\n%s", want, md)
		}
	}
}

func TestMarkdownCode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a", "`a`"},
		{"a`b", "``a`b``"},
		{"`x", "`` `x ``"},
		{"a|b", "`a|b`"},
		{"``", "``` `` ```"},
		{" a ", "`  a  `"},
		{"  ", "`  `"},
		{"a\nb\x1b", "`a\\nb\\x1B`"},
		{"", "(empty)"},
	}
	for _, tt := range tests {
		if got := code(tt.in); got != tt.want {
			t.Errorf("code(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
