package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"robots-explorer/app/internal/testkit"
	"robots-explorer/app/internal/view"
	"robots-explorer/app/permalink"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// When the delivery decides (RFC 9309 §2.3.1.3: a 4xx or more than five
// redirects allow all; §2.3.1.4: a 5xx or a network error disallow all),
// every row leads with the effective verdict and the summary counts it;
// when the rules decide (2xx, or facts that settle nothing), the rows keep
// the rules' verdicts. The default example's rules: 3 allowed, 2
// disallowed.
func TestRowsFollowDeliveryThatDecides(t *testing.T) {
	six := slices.Repeat([]string{"https://a.example/hop"}, 6)
	tests := []struct {
		name    string
		form    permalink.Delivery
		shown   string // every row's leading verdict, "" for the rules'
		summary string
	}{
		{"no facts: the rules", permalink.Delivery{}, "", "5 URLs: 3 allowed, 2 disallowed."},
		{"200: the rules (§2.3.1.1)", permalink.Delivery{Status: "200"}, "", "5 URLs: 3 allowed, 2 disallowed."},
		{"301 at the end settles nothing (§2.3.1.2)", permalink.Delivery{Status: "301"}, "", "5 URLs: 3 allowed, 2 disallowed."},
		{"503: disallow all (§2.3.1.4)", permalink.Delivery{Status: "503"}, "disallowed",
			"5 URLs with this delivery: 0 allowed, 5 disallowed (by the rules alone: 3 allowed, 2 disallowed)."},
		{"timeout: disallow all (§2.3.1.4)", permalink.Delivery{FetchError: "timeout"}, "disallowed",
			"5 URLs with this delivery: 0 allowed, 5 disallowed (by the rules alone: 3 allowed, 2 disallowed)."},
		{"404: allow all (§2.3.1.3)", permalink.Delivery{Status: "404"}, "allowed",
			"5 URLs with this delivery: 5 allowed, 0 disallowed (by the rules alone: 3 allowed, 2 disallowed)."},
		{"six redirects: allow all (§2.3.1.2)", permalink.Delivery{Status: "200", Redirects: six}, "allowed",
			"5 URLs with this delivery: 5 allowed, 0 disallowed (by the rules alone: 3 allowed, 2 disallowed)."},
	}
	base := view.Analyze(view.RFC9309Example(), nil, nil)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := base.WithDelivery(tc.form, testkit.DeliveryNow, time.UTC)
			if got := a.Summary(); got != tc.summary {
				t.Errorf("summary %q\n    want %q", got, tc.summary)
			}
			for i, r := range a.Rows {
				want := tc.shown
				if want == "" {
					want = base.Rows[i].Verdict
				}
				if r.ShownVerdict() != want || r.Verdict != base.Rows[i].Verdict {
					t.Errorf("row %d (%s): leads with %q, rules %q; want %q, rules %q", i, r.URL, r.ShownVerdict(), r.Verdict, want, base.Rows[i].Verdict)
				}
				html := app.HTMLString(renderRow(r, i, false, nil, nil))
				hasRules := strings.Contains(html, "rules: "+r.Verdict)
				if hasRules != (tc.shown != "") || !strings.Contains(html, `data-verdict="`+want+`"`) {
					t.Errorf("row %d shows the rules' verdict beside it: %v; want %v\n%s", i, hasRules, tc.shown != "", html)
				}
			}
		})
	}
	// Clearing the form gives the rules back, and the first analysis is
	// never changed.
	a := base.WithDelivery(permalink.Delivery{Status: "503"}, testkit.DeliveryNow, time.UTC).WithDelivery(permalink.Delivery{}, testkit.DeliveryNow, time.UTC)
	if a.Summary() != base.Summary() || a.Rows[1].Effective != "" || base.Rows[1].Effective != "" {
		t.Errorf("after clearing: %q, row 1 effective %q; first analysis row 1 effective %q", a.Summary(), a.Rows[1].Effective, base.Rows[1].Effective)
	}
}

// An empty token decides nothing (RFC 9309 §2.2.1: the token chooses the
// group): no row is left from the last token, and the summary asks for one.
func TestAnalyzeEmptyTokenClearsVerdicts(t *testing.T) {
	for _, token := range []string{"", "  "} {
		ex := view.RFC9309Example()
		ex.Token = token
		a := view.Analyze(ex, nil, nil)
		if len(a.Rows) != 0 || view.NewDetail(a, 0) != nil || !strings.Contains(a.Summary(), "Type a product token") {
			t.Errorf("token %q: %d rows, summary %q", token, len(a.Rows), a.Summary())
		}
	}
	ex := view.RFC9309Example()
	ex.Token, ex.URLs = "", nil
	if s := view.Analyze(ex, nil, nil).Summary(); !strings.Contains(s, "Type a URL") {
		t.Errorf("no token and no URL: %q", s)
	}
}
