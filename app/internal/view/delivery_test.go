package view

import (
	"slices"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
)

// chosenResult is the RFC 9309 §5.1 example's row i for Googlebot.
func chosenResult(t *testing.T, i int) *matcher.Result {
	t.Helper()
	a := Analyze(RFC9309Example(), nil, nil)
	if a.Rows[i].Result == nil {
		t.Fatalf("row %d cannot be read", i)
	}
	return a.Rows[i].Result
}

// Each status class is weighed as RFC 9309 §2.3.1 says; an override of the
// rules (4xx, 5xx, more than five redirects) is shown beside the rules'
// verdict. Row 0 (/example/page.html) is disallowed by the rules, row 1
// (/publications/report.html) allowed.
func TestDeliveryViewStatusClasses(t *testing.T) {
	six := []string{"https://a.example/1", "https://a.example/2", "https://a.example/3", "https://a.example/4", "https://a.example/5", "https://a.example/6"}
	five := six[:5]
	tests := []struct {
		name      string
		form      permalink.Delivery
		row       int
		effect    delivery.Effect
		effective string
		text      string
		overrides bool
		noteTopic string // a note that must be there
	}{
		{"2xx: the rules apply (§2.3.1.1)", permalink.Delivery{Status: "200", ContentType: "text/plain"}, 0, delivery.EffectRulesApply, "disallowed", "disallowed", false, ""},
		{"4xx: unavailable, allow all (§2.3.1.3)", permalink.Delivery{Status: "404"}, 0, delivery.EffectAllowAll, "allowed", "allowed (file unavailable)", true, ""},
		{"5xx: unreachable, disallow all (§2.3.1.4)", permalink.Delivery{Status: " 503 "}, 1, delivery.EffectDisallowAll, "disallowed", "disallowed (file unreachable)", true, ""},
		{"network error: unreachable (§2.3.1.4)", permalink.Delivery{FetchError: "timeout"}, 1, delivery.EffectDisallowAll, "disallowed", "disallowed (file unreachable)", true, ""},
		{"five redirects are followed (§2.3.1.2)", permalink.Delivery{Status: "200", Redirects: five}, 0, delivery.EffectRulesApply, "disallowed", "disallowed", false, ""},
		{"six redirects: past five (§2.3.1.2)", permalink.Delivery{Status: "200", Redirects: six}, 0, delivery.EffectAllowAll, "allowed", "allowed (file unavailable)", true, "redirects"},
		{"a 3xx at the end does not settle it", permalink.Delivery{Status: "301"}, 0, delivery.EffectUndetermined, "", "not settled by the delivery facts", false, ""},
		{"stale copy (§2.4)", permalink.Delivery{Status: "200", Observed: "2025-03-08T12:00"}, 1, delivery.EffectRulesApply, "allowed", "allowed", false, "freshness"},
		{"not text/plain (§2.3)", permalink.Delivery{Status: "200", ContentType: "text/html"}, 1, delivery.EffectRulesApply, "allowed", "allowed", false, "content-type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := NewDeliveryView(tc.form, chosenResult(t, tc.row), 100, testkit.DeliveryNow, time.UTC)
			if !v.Provided || v.Problem != "" {
				t.Fatalf("facts not used: %q", v.Problem)
			}
			if v.Scope != delivery.ScopeReported {
				t.Errorf("scope %q", v.Scope)
			}
			if v.Assessment.Effect != tc.effect || v.Effective != tc.effective || v.EffectiveText != tc.text || v.Overrides != tc.overrides {
				t.Errorf("effect %q effective %q (%q) overrides %v; want %q %q (%q) %v",
					v.Assessment.Effect, v.Effective, v.EffectiveText, v.Overrides, tc.effect, tc.effective, tc.text, tc.overrides)
			}
			if tc.noteTopic != "" && !slices.ContainsFunc(v.Assessment.Notes, func(n delivery.Note) bool { return n.Topic == tc.noteTopic }) {
				t.Errorf("no %s note in %+v", tc.noteTopic, v.Assessment.Notes)
			}
		})
	}
}

// Without facts every verdict is a local rule decision; facts that do not
// say how the fetch ended, or cannot be read, are not used, and the
// panel says why.
func TestDeliveryViewWithoutFacts(t *testing.T) {
	res := chosenResult(t, 0)
	blank := NewDeliveryView(permalink.Delivery{Redirects: []string{"", "  "}}, res, 10, testkit.DeliveryNow, time.UTC)
	if blank.Provided || blank.Problem != "" || blank.Scope != delivery.ScopeLocal || blank.Overrides {
		t.Errorf("blank form: %+v", blank)
	}
	if s := blank.SummaryScope(); !strings.Contains(s, "local rule decision — delivery not verified") {
		t.Errorf("summary scope %q", s)
	}
	for _, f := range []permalink.Delivery{
		{Status: "four oh four"},
		{ContentType: "text/plain"},            // no status, no error
		{Status: "200", FetchError: "timeout"}, // both
		{Status: "200", Observed: "yesterday"},
		{Status: "99"},
	} {
		v := NewDeliveryView(f, res, 10, testkit.DeliveryNow, time.UTC)
		if v.Provided || v.Problem == "" || v.Scope != delivery.ScopeLocal {
			t.Errorf("%+v: provided %v, problem %q", f, v.Provided, v.Problem)
		}
	}
}

// The governing robots.txt URL is the one the facts were observed for; a
// bare path has none.
func TestDeliveryFactsCarryTheRobotsURL(t *testing.T) {
	a := Analyze(RFC9309Example(), nil, nil)
	full := a.Rows[3].Result // https://www.Example.com/…
	f, _ := deliveryFacts(permalink.Delivery{Status: "200"}, full.Target.RobotsURL, time.UTC)
	if f.RobotsURL != "https://www.example.com/robots.txt" {
		t.Errorf("robots URL %q", f.RobotsURL)
	}
	if a.Rows[0].Result.Target.RobotsURL != "" {
		t.Errorf("a bare path has a governing robots.txt: %q", a.Rows[0].Result.Target.RobotsURL)
	}
}

// The browser's datetime-local value is read in the browser's zone; RFC
// 3339 keeps its own.
func TestParseObserved(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	for in, want := range map[string]time.Time{
		"2025-03-10T12:00":          time.Date(2025, 3, 10, 11, 0, 0, 0, time.UTC),
		"2025-03-10T12:00:30":       time.Date(2025, 3, 10, 11, 0, 30, 0, time.UTC),
		"2025-03-10T12:00:00Z":      time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC),
		"2025-03-10T12:00:00+02:00": time.Date(2025, 3, 10, 10, 0, 0, 0, time.UTC),
		"":                          {},
	} {
		got, err := parseObserved(in, paris)
		if err != nil || !got.Equal(want) {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
}

// The robots.txt URL itself is always allowed (RFC 9309 §2.2.2), whatever
// the delivery.
func TestDeliveryViewRobotsTxtItself(t *testing.T) {
	ex := RFC9309Example()
	ex.URLs = []string{"https://example.com/robots.txt"}
	res := Analyze(ex, nil, nil).Rows[0].Result
	v := NewDeliveryView(permalink.Delivery{Status: "503"}, res, 10, testkit.DeliveryNow, time.UTC)
	if v.Effective != "allowed" || v.Overrides {
		t.Errorf("robots.txt with 503: effective %q overrides %v", v.Effective, v.Overrides)
	}
}

// The explanation leads with the verdict its row leads with: the
// delivery's when a 404 or a 503 decides (RFC 9309 §2.3.1.3, §2.3.1.4),
// the rules' when the delivery leaves them to decide.
func TestDetailLeadsWithTheRowsVerdict(t *testing.T) {
	for _, c := range []struct {
		status string
		row    int
		want   string
	}{
		{"", 0, "disallowed"},
		{"200", 0, "disallowed"},
		{"404", 0, "allowed"},
		{"503", 1, "disallowed"},
	} {
		in := RFC9309Example()
		in.Delivery = permalink.Delivery{Status: c.status}
		a := Analyze(in, nil, nil).WithDelivery(in.Delivery, testkit.DeliveryNow, time.UTC)
		d := NewDetail(a, c.row)
		if got, row := d.ShownVerdict(), a.Rows[c.row].ShownVerdict(); got != c.want || got != row {
			t.Errorf("status %q, row %d: the explanation leads with %q, the row with %q; want %q", c.status, c.row, got, row, c.want)
		}
	}
}
