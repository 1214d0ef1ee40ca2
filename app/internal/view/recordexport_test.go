package view

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/record"
)

// The record of the chosen URL is of the exact bytes of the editor's text:
// its SHA-256 and size, the token, the URL, the reading and the delivery
// facts, in both forms.
func TestDecisionRecord(t *testing.T) {
	a := Analyze(RFC9309Example(), nil, nil)
	facts, _ := deliveryFacts(permalink.Delivery{Status: "404"}, "", time.UTC)
	rec, err := DecisionRecord(a, 0, RFC9309Example().Robots, facts, testkit.DeliveryNow, "v9.9.9")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(RFC9309Example().Robots))
	if rec.File.SHA256 != hex.EncodeToString(sum[:]) || rec.File.Size != len(RFC9309Example().Robots) {
		t.Errorf("file %+v", rec.File)
	}
	if rec.Token != "Googlebot" || rec.URL != "/example/page.html" || rec.Reading != matcher.RFC9309 ||
		rec.ToolVersion != "v9.9.9" || rec.Tool != recordTool || rec.Verdict != "disallowed" || rec.EffectiveVerdict != "allowed" {
		t.Errorf("record %+v", rec)
	}
	js, mime, err := RecordText(rec, "json")
	if err != nil || mime != "application/json" {
		t.Fatal(mime, err)
	}
	var back map[string]any
	if err := json.Unmarshal([]byte(js), &back); err != nil || back["schema_version"] != float64(record.SchemaVersion) {
		t.Errorf("JSON: %v %v", err, back["schema_version"])
	}
	md, _, _ := RecordText(rec, "md")
	for _, want := range []string{rec.File.SHA256, "/example/page.html", "Googlebot", "| status | 404 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
	if _, err := DecisionRecord(a, 99, RFC9309Example().Robots, nil, testkit.DeliveryNow, ""); err == nil {
		t.Error("a record of no row")
	}
}

// The page analyses at most AnalysedLimit bytes; the record is still of
// every byte in the editor, and its verdict of the whole file (a rule past
// the cut decides here).
func TestDecisionRecordOfTheWholeText(t *testing.T) {
	long := "User-agent: *\n" + strings.Repeat("# padding padding padding padding padding padding\n", AnalysedLimit/50+10) + "Disallow: /late\n"
	ex := permalink.State{Robots: long, Token: "Googlebot", URLs: []string{"/late"}, Reading: string(matcher.RFC9309)}
	var c InputCheck = CheckInput(long)
	a := Analyze(c.Bound(ex), nil, nil)
	if a.Rows[0].Verdict != "allowed" {
		t.Fatalf("the bounded analysis saw the late rule: %s", a.Rows[0].Verdict)
	}
	rec, err := DecisionRecord(a, 0, long, nil, testkit.DeliveryNow, "")
	if err != nil {
		t.Fatal(err)
	}
	if rec.File.Size != len(long) || rec.Verdict != "disallowed" {
		t.Errorf("size %d verdict %s, want %d disallowed", rec.File.Size, rec.Verdict, len(long))
	}
	if rec.Scope.Label != delivery.ScopeLocal || rec.Delivery.Provided {
		t.Errorf("no delivery facts: %+v", rec.Delivery)
	}
}

// The page's record bounds its lists as check -record does by default,
// though the page's own analysis shows them whole: a file of many groups
// naming the token, each with a rule the URL matches and a line that is
// not a record, lists record.DefaultMax of its user-agent lines, applying
// groups and matching rules, and as many diagnostics of that kind and one
// that counts the rest.
func TestDecisionRecordBoundsItsLists(t *testing.T) {
	const n = 3 * record.DefaultMax
	robots := strings.Repeat("User-agent: bot\nDisallow: /x\nnot a record\n", n)
	a := Analyze(permalink.State{Robots: robots, Token: "bot", URLs: []string{"/x"}, Reading: string(matcher.RFC9309)}, nil, nil)
	rec, err := DecisionRecord(a, 0, robots, nil, testkit.DeliveryNow, "")
	if err != nil {
		t.Fatal(err)
	}
	const max, rest = record.DefaultMax, n - record.DefaultMax
	for _, c := range []struct {
		what                  string
		listed, omitted, want int
	}{
		{"user-agent lines", len(rec.Groups.Agents), rec.Groups.AgentsOmitted, max},
		{"applying groups", len(rec.Groups.Selected), rec.Groups.SelectedOmitted, max},
		{"matching rules", len(rec.Matches), rec.MatchesOmitted, max},
	} {
		if c.listed != max || c.omitted != rest {
			t.Errorf("%s: %d listed, %d omitted; want %d and %d", c.what, c.listed, c.omitted, max, rest)
		}
	}
	if len(rec.Diagnostics) != max+1 {
		t.Errorf("%d diagnostics listed, want %d of their one kind and one that counts the rest", len(rec.Diagnostics), max)
	}
}

func TestRecordFileName(t *testing.T) {
	for url, want := range map[string]string{
		"/example/page.html":                "crawl-decision-example-page.html-20250310T120000Z.md",
		"https://www.Example.com/a?b=c#top": "crawl-decision-www.Example.com-a-b-c-top-20250310T120000Z.md",
		"/":                                 "crawl-decision-root-20250310T120000Z.md",
		"/../../etc/passwd":                 "crawl-decision-etc-passwd-20250310T120000Z.md",
	} {
		got := RecordFileName(&record.Record{URL: url, Time: testkit.DeliveryNow}, "md")
		if got != want {
			t.Errorf("%q: %q, want %q", url, got, want)
		}
		if strings.ContainsAny(got, `/\:`) {
			t.Errorf("%q: unsafe name %q", url, got)
		}
	}
}
