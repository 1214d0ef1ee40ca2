package view

import (
	"time"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
)

// When the delivery facts decide the verdict whatever the rules say (a 4xx
// or more than five redirects: allow all; a 5xx or a network error:
// disallow all; RFC 9309 §2.3.1), every row of the table shows that
// verdict first and the rules' beside it, and the summary counts it: a
// person reading the table after entering a 503 must not see "allowed".

// rowDelivery is what the delivery makes of the table as a whole.
type rowDelivery struct {
	// decides says the delivery sets every verdict; allowed and denied
	// then count the effective verdicts of the rows that can be read.
	decides bool
	allowed int
	denied  int
	// section is the RFC 9309 section the delivery's effect rests on.
	section string
}

// WithDelivery is a with every row's effective verdict under the delivery
// form f. Only the verdicts are recomputed: no URL is evaluated again, so
// typing a status into the delivery panel costs nothing per rule.
func (a *Analysis) WithDelivery(f permalink.Delivery, now time.Time, loc *time.Location) *Analysis {
	facts, _ := deliveryFacts(f, "", loc)
	return a.WithFacts(facts, now)
}

// WithFacts is a with every row's effective verdict under the delivery
// facts (nil: none), the form's or a capture's.
func (a *Analysis) WithFacts(facts *delivery.Facts, now time.Time) *Analysis {
	out := *a
	out.Rows = append([]ResultRow(nil), a.Rows...)
	out.delivered = rowDelivery{}
	as := delivery.Assess(facts, len(a.In.Robots), now)
	if facts == nil || (as.Effect != delivery.EffectAllowAll && as.Effect != delivery.EffectDisallowAll) {
		for i := range out.Rows {
			out.Rows[i].Effective = ""
		}
		return &out
	}
	out.delivered = rowDelivery{decides: true, section: as.Section}
	for i := range out.Rows {
		r := &out.Rows[i]
		r.Effective = ""
		if r.Result == nil {
			continue
		}
		r.Effective = as.EffectiveVerdict(r.Result.Allowed)
		if r.Result.Reason == matcher.ReasonRobotsTxt {
			r.Effective = "allowed" // fetching /robots.txt itself is how a crawler retries (RFC 9309 §2.2.2)
		}
		if r.Effective == "allowed" {
			out.delivered.allowed++
		} else {
			out.delivered.denied++
		}
	}
	return &out
}

// ShownVerdict is the verdict a row leads with: the delivery's when it
// decides, else the rules'.
func (r ResultRow) ShownVerdict() string {
	if r.Effective != "" {
		return r.Effective
	}
	return r.Verdict
}
