package view

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"robots-explorer/app/permalink"
	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
)

// A verdict on a pasted file holds for those bytes only: whether a crawler
// ever read them depends on how the file was delivered. The delivery panel
// takes what the person observed and shows what RFC 9309 §2.3.1 makes of
// it (delivery.Assess); this file is its view model, built outside
// Render.

// blank reports whether nothing was entered in the delivery panel.
func blank(f permalink.Delivery) bool {
	return strings.TrimSpace(f.Status+strings.Join(f.Redirects, "")+f.ContentType+f.FetchError+f.Observed) == ""
}

// deliveryFacts reads the delivery panel into delivery facts for the file at robotsURL.
// It returns nil, with the reason, while the form does not yet say how the
// fetch ended (a status or an error is needed) or holds something that
// cannot be read; nil and "" for a blank form. Times without a zone are in
// loc, the browser's zone.
func deliveryFacts(f permalink.Delivery, robotsURL string, loc *time.Location) (*delivery.Facts, string) {
	if blank(f) {
		return nil, ""
	}
	d := &delivery.Facts{RobotsURL: robotsURL, ContentType: strings.TrimSpace(f.ContentType), Error: strings.TrimSpace(f.FetchError)}
	if s := strings.TrimSpace(f.Status); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Sprintf("The HTTP status %q is not a number such as 200, 404 or 503.", s)
		}
		d.Status = n
	}
	d.Redirects = URLLines(f.Redirects)
	at, err := parseObserved(f.Observed, loc)
	if err != nil {
		return nil, sentence(err.Error())
	}
	d.ObservedAt = at
	if err := d.Validate(); err != nil {
		return nil, sentence(err.Error())
	}
	return d, ""
}

// observedLayouts are the forms a time may be typed in: the browser's
// datetime-local value (with or without seconds), RFC 3339, a date.
var observedLayouts = []string{"2006-01-02T15:04", "2006-01-02T15:04:05", time.RFC3339, time.DateOnly, time.DateTime}

func parseObserved(s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range observedLayouts {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("the time %q could not be read: write it as 2025-03-10T12:00 (your time zone) or 2025-03-10T12:00:00Z", s)
}

// sentence starts s with a capital and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// A DeliveryView is what the page shows about the delivery of the file,
// for the chosen URL.
type DeliveryView struct {
	// Provided says delivery facts were read from the form.
	Provided bool
	// Problem says why the form's facts were not used ("" when they were,
	// or when the form is blank).
	Problem    string
	Scope      delivery.Scope
	Assessment delivery.Assessment
	// Rule is the chosen URL's verdict by the rules ("" for no URL or one
	// that cannot be read); Effective is what the delivery makes of it,
	// "" when the facts do not settle it.
	Rule      string
	Effective string
	// Overrides says the delivery sets the verdict whatever the rules say
	// (4xx and more than five redirects: allow all; 5xx and network
	// errors: disallow all).
	Overrides bool
	// EffectiveText is the effective verdict in words, with the reason
	// ("allowed (file unavailable)").
	EffectiveText string
	// Facts is what was read from the form, for the record.
	Facts *delivery.Facts
}

// NewDeliveryView assesses the form for the file of size bytes and the
// chosen result res (nil when no URL is chosen or it cannot be read).
func NewDeliveryView(f permalink.Delivery, res *matcher.Result, size int, now time.Time, loc *time.Location) DeliveryView {
	robotsURL := ""
	if res != nil {
		robotsURL = res.Target.RobotsURL
	}
	facts, problem := deliveryFacts(f, robotsURL, loc)
	return FactsView(facts, problem, res, size, now)
}

// FactsView assesses delivery facts (nil: none; problem says why the form
// gave none) for the file of size bytes and the chosen result res: the
// form's, or a capture's.
func FactsView(facts *delivery.Facts, problem string, res *matcher.Result, size int, now time.Time) DeliveryView {
	v := DeliveryView{Provided: facts != nil, Problem: problem, Scope: delivery.ScopeOf(facts), Facts: facts,
		Assessment: delivery.Assess(facts, size, now)}
	if res == nil {
		return v
	}
	v.Rule = res.Verdict()
	v.Effective = v.Assessment.EffectiveVerdict(res.Allowed)
	if res.Reason == matcher.ReasonRobotsTxt {
		v.Effective = "allowed" // fetching /robots.txt itself is how a crawler retries (RFC 9309 §2.2.2)
	}
	e := v.Assessment.Effect
	v.Overrides = v.Provided && (e == delivery.EffectAllowAll || e == delivery.EffectDisallowAll) && res.Reason != matcher.ReasonRobotsTxt
	v.EffectiveText = effectiveText(e, v.Effective)
	return v
}

// effectiveText says the verdict with delivery and why, in a few words.
func effectiveText(e delivery.Effect, verdict string) string {
	switch {
	case verdict == "":
		return "not settled by the delivery facts"
	case e == delivery.EffectAllowAll:
		return verdict + " (file unavailable)"
	case e == delivery.EffectDisallowAll:
		return verdict + " (file unreachable)"
	case e == delivery.EffectCachedCopy:
		return verdict + " (cached copy)"
	case e == delivery.EffectCachedOrAllowAll:
		return verdict + " (cached copy or file unavailable)"
	}
	return verdict
}

// SummaryScope is the line under the results' count: what every verdict
// rests on, and what the delivery makes of them when it overrides the
// rules.
func (v DeliveryView) SummaryScope() string {
	s := "Every verdict: " + string(v.Scope) + "."
	switch {
	case !v.Provided:
	case v.Assessment.Effect == delivery.EffectAllowAll:
		s += " With this delivery every URL may be crawled: the file counts as unavailable (" + v.Assessment.Section + ")."
	case v.Assessment.Effect == delivery.EffectDisallowAll:
		s += " With this delivery no URL may be crawled: the file counts as unreachable (" + v.Assessment.Section + ")."
	}
	return s
}

// EffectLabel names an effect for people. The small tables of this
// package are switches, not maps: a map literal is built when the program
// starts, and every check process would pay for it.
func EffectLabel(e delivery.Effect) string {
	switch e {
	case delivery.EffectNotVerified:
		return "not verified"
	case delivery.EffectRulesApply:
		return "the rules apply"
	case delivery.EffectAllowAll:
		return "allow all: the file counts as unavailable"
	case delivery.EffectDisallowAll:
		return "disallow all: the file counts as unreachable"
	case delivery.EffectCachedCopy:
		return "the cached copy's rules apply"
	case delivery.EffectCachedOrAllowAll:
		return "the cached copy, or allow all"
	case delivery.EffectUndetermined:
		return "not settled by these facts"
	}
	return string(e)
}
