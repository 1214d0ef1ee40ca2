package delivery

import (
	"fmt"
	"robots-explorer/matcher"
	"strings"
	"testing"
	"time"
)

var decisionTime = time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)

func hopsTo(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("https://hop%d.example/robots.txt", i+1)
	}
	return out
}

// TestAssessDeliveryStatus checks each status class against RFC 9309
// §2.3.1.1–§2.3.1.4 and the redirect limit of §2.3.1.2.
func TestAssessDeliveryStatus(t *testing.T) {
	fresh := decisionTime.Add(-time.Hour)
	tests := []struct {
		name    string
		d       Facts
		effect  Effect
		section string
		verdict string // effective verdict when the rules disallow
	}{
		{"2xx: rules apply (§2.3.1.1)", Facts{Status: 200}, EffectRulesApply, "RFC 9309 §2.3.1.1", "disallowed"},
		{"206 is 2xx too", Facts{Status: 206}, EffectRulesApply, "RFC 9309 §2.3.1.1", "disallowed"},
		{"five redirects then 2xx: rules apply to the first authority (§2.3.1.2)",
			Facts{RobotsURL: "https://example.com/robots.txt", Status: 200, Redirects: hopsTo(5)}, EffectRulesApply, "RFC 9309 §2.3.1.2", "disallowed"},
		{"six redirects: may be unavailable (§2.3.1.2)", Facts{Status: 200, Redirects: hopsTo(6)}, EffectAllowAll, "RFC 9309 §2.3.1.2", "allowed"},
		{"five followed, the sixth not: too many", Facts{Status: 301, Redirects: hopsTo(5)}, EffectAllowAll, "RFC 9309 §2.3.1.2", "allowed"},
		{"a redirect not followed within five: undetermined", Facts{Status: 302, Redirects: hopsTo(1)}, EffectUndetermined, "RFC 9309 §2.3.1.2", ""},
		{"304: the cached copy applies", Facts{Status: 304}, EffectCachedCopy, "RFC 9309 §2.4; RFC 9110 §15.4.5", "disallowed"},
		{"404: unavailable, allow all (§2.3.1.3)", Facts{Status: 404}, EffectAllowAll, "RFC 9309 §2.3.1.3", "allowed"},
		{"403 is 4xx too (§2.3.1.3)", Facts{Status: 403}, EffectAllowAll, "RFC 9309 §2.3.1.3", "allowed"},
		{"429 under the RFC is 4xx (§2.3.1.3)", Facts{Status: 429}, EffectAllowAll, "RFC 9309 §2.3.1.3", "allowed"},
		{"503: unreachable, disallow all (§2.3.1.4)", Facts{Status: 503}, EffectDisallowAll, "RFC 9309 §2.3.1.4", "disallowed"},
		{"timeout: unreachable (§2.3.1.4)", Facts{Error: "timeout"}, EffectDisallowAll, "RFC 9309 §2.3.1.4", "disallowed"},
		{"5xx for 31 days: cached copy or allow all (§2.3.1.4)",
			Facts{Status: 500, UnreachableSince: decisionTime.Add(-31 * 24 * time.Hour)}, EffectCachedOrAllowAll, "RFC 9309 §2.3.1.4", ""},
		{"5xx for 29 days: still disallow all", Facts{Status: 500, UnreachableSince: decisionTime.Add(-29 * 24 * time.Hour)}, EffectDisallowAll, "RFC 9309 §2.3.1.4", "disallowed"},
		{"1xx is no outcome", Facts{Status: 100}, EffectUndetermined, "RFC 9309 §2.3.1", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.d.ObservedAt = fresh
			a := Assess(&tt.d, 100, decisionTime)
			if a.Effect != tt.effect || a.Section != tt.section {
				t.Errorf("effect %s (%s), want %s (%s): %s", a.Effect, a.Section, tt.effect, tt.section, a.Sentence)
			}
			if a.Scope != ScopeReported {
				t.Errorf("scope %q", a.Scope)
			}
			if a.Sentence == "" {
				t.Error("no sentence")
			}
			if got := a.EffectiveVerdict(false); got != tt.verdict {
				t.Errorf("effective verdict %q, want %q", got, tt.verdict)
			}
		})
	}
}

func TestAssessDeliveryFirstAuthority(t *testing.T) {
	d := Facts{RobotsURL: "https://example.com/robots.txt", Status: 200,
		Redirects: []string{"https://www.example.com/robots.txt", "https://cdn.example.net/robots.txt"}}
	a := Assess(&d, 0, decisionTime)
	if !strings.Contains(a.Sentence, "https://example.com") {
		t.Errorf("the sentence should name the first authority: %s", a.Sentence)
	}
	if !hasNote(a, "redirects", "https://cdn.example.net") {
		t.Errorf("a redirect across authorities should be noted: %+v", a.Notes)
	}
}

// TestAssessDeliveryGoogle checks Google's documented behaviour where it
// differs from the RFC (Google Search Central, robots.txt specification).
func TestAssessDeliveryGoogle(t *testing.T) {
	tests := []struct {
		name    string
		d       Facts
		effect  Effect
		differs bool
	}{
		{"429 is a server error at Google", Facts{Status: 429}, EffectDisallowAll, true},
		{"404: no crawl restrictions, as the RFC", Facts{Status: 404}, EffectAllowAll, false},
		{"5xx, outage start unknown: first 12 hours stopped", Facts{Status: 500}, EffectDisallowAll, false},
		{"5xx for 6 hours: stopped", Facts{Status: 500, UnreachableSince: decisionTime.Add(-6 * time.Hour)}, EffectDisallowAll, false},
		{"5xx for 2 days with a cached copy", Facts{Status: 500, CachedCopy: true, UnreachableSince: decisionTime.Add(-48 * time.Hour)}, EffectCachedCopy, true},
		{"5xx for 2 days without a cached copy", Facts{Status: 500, UnreachableSince: decisionTime.Add(-48 * time.Hour)}, EffectAllowAll, true},
		{"5xx for 40 days", Facts{Status: 503, UnreachableSince: decisionTime.Add(-40 * 24 * time.Hour)}, EffectAllowAll, false},
		{"six redirects: treated as 404", Facts{Status: 200, Redirects: hopsTo(6)}, EffectAllowAll, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Assess(&tt.d, 0, decisionTime)
			var got *OperatorNote
			for i, g := range a.Google {
				if g.Effect != "" && (g.Topic == "status" || g.Topic == "redirects") {
					got = &a.Google[i]
				}
			}
			if got == nil {
				t.Fatalf("no Google note on the outcome: %+v", a.Google)
			}
			if got.Operator != "Google" || !strings.Contains(got.Source, "developers.google.com") {
				t.Errorf("a Google note must be labelled and sourced: %+v", got)
			}
			if got.Effect != tt.effect || got.Differs != tt.differs {
				t.Errorf("Google: %s differs=%v, want %s differs=%v: %s", got.Effect, got.Differs, tt.effect, tt.differs, got.Sentence)
			}
		})
	}
}

// TestAssessDeliveryContentType is RFC 9309 §2.3: text/plain, UTF-8.
func TestAssessDeliveryContentType(t *testing.T) {
	tests := []struct {
		ct   string
		warn bool
	}{
		{"text/plain", false},
		{"Text/Plain; charset=UTF-8", false},
		{"text/html; charset=utf-8", true},
		{"text/plain; charset=iso-8859-1", true},
		{"application/octet-stream", true},
	}
	for _, tt := range tests {
		a := Assess(&Facts{Status: 200, ContentType: tt.ct, ObservedAt: decisionTime}, 0, decisionTime)
		got := false
		for _, n := range a.Notes {
			if n.Topic == "content-type" && n.Severity == matcher.Warning {
				got = true
			}
		}
		if got != tt.warn {
			t.Errorf("%q: warning %v, want %v (%+v)", tt.ct, got, tt.warn, a.Notes)
		}
		if a.Effect != EffectRulesApply {
			t.Errorf("%q: a content type does not change the effect, got %s", tt.ct, a.Effect)
		}
	}
}

// TestAssessDeliveryFreshness is RFC 9309 §2.4: at most 24 hours.
func TestAssessDeliveryFreshness(t *testing.T) {
	tests := []struct {
		name  string
		age   time.Duration
		stale bool
	}{
		{"an hour old", time.Hour, false},
		{"exactly 24 hours", 24 * time.Hour, false},
		{"25 hours old", 25 * time.Hour, true},
		{"a week old", 7 * 24 * time.Hour, true},
	}
	for _, tt := range tests {
		a := Assess(&Facts{Status: 200, ContentType: "text/plain", ObservedAt: decisionTime.Add(-tt.age)}, 0, decisionTime)
		if got := hasWarning(a, "freshness"); got != tt.stale {
			t.Errorf("%s: stale %v, want %v (%+v)", tt.name, got, tt.stale, a.Notes)
		}
	}
	// §2.4: an unreachable file may be served from a cache past 24 hours.
	a := Assess(&Facts{Status: 503, ObservedAt: decisionTime.Add(-48 * time.Hour)}, 0, decisionTime)
	if hasWarning(a, "freshness") {
		t.Errorf("unreachable: no staleness warning expected: %+v", a.Notes)
	}
	a = Assess(&Facts{Status: 200}, 0, decisionTime)
	if !hasNote(a, "freshness", "not given") {
		t.Errorf("a missing observation time should be said: %+v", a.Notes)
	}
}

// TestAssessDeliverySize is RFC 9309 §2.5 and Google's 500 KiB cut.
func TestAssessDeliverySize(t *testing.T) {
	for _, n := range []int{matcher.ParseLimit, matcher.ParseLimit + 1} {
		a := Assess(nil, n, decisionTime)
		want := n > matcher.ParseLimit
		if got := hasWarning(a, "size"); got != want {
			t.Errorf("%d bytes: size warning %v, want %v", n, got, want)
		}
		googleSaid := false
		for _, g := range a.Google {
			googleSaid = googleSaid || g.Topic == "size" && g.Differs
		}
		if googleSaid != want {
			t.Errorf("%d bytes: Google's cut noted %v, want %v", n, googleSaid, want)
		}
	}
}

func TestAssessNoDelivery(t *testing.T) {
	a := Assess(nil, 10, decisionTime)
	if string(a.Scope) != "local rule decision — delivery not verified" || a.Effect != EffectNotVerified {
		t.Errorf("%+v", a)
	}
	if a.EffectiveVerdict(true) != "allowed" || a.EffectiveVerdict(false) != "disallowed" {
		t.Error("without delivery facts the rule verdict stands")
	}
}

func TestDeliveryValidate(t *testing.T) {
	bad := []Facts{{}, {Status: 99}, {Status: 600}, {Status: 500, Error: "timeout"}, {Redirects: hopsTo(2)}}
	for _, d := range bad {
		if d.Validate() == nil {
			t.Errorf("%+v should be refused", d)
		}
	}
	for _, d := range []Facts{{Status: 200}, {Error: "connection reset"}} {
		if err := d.Validate(); err != nil {
			t.Errorf("%+v: %v", d, err)
		}
	}
}

func hasWarning(a Assessment, topic string) bool {
	for _, n := range a.Notes {
		if n.Topic == topic && n.Severity == matcher.Warning {
			return true
		}
	}
	return false
}

// hasNote reports whether a note on topic says text.
func hasNote(a Assessment, topic, text string) bool {
	for _, n := range a.Notes {
		if n.Topic == topic && strings.Contains(n.Sentence, text) {
			return true
		}
	}
	return false
}

// TestAssessCaptured checks what facts read from a capture add: their
// scope, the full size of a body cut at the limit, and an HTML body.
func TestAssessCaptured(t *testing.T) {
	ev := &Evidence{Source: "site.warc.gz"}
	tests := []struct {
		name  string
		d     Facts
		size  int
		topic string
		note  string // a fragment of the note on topic ("": none on it)
	}{
		{"a body cut at the limit, counted in full", Facts{Status: 200, Size: 600 << 10, Capture: ev}, matcher.ParseLimit, "size", "The file is 614400 bytes"},
		{"a body counted to the cap", Facts{Status: 200, Size: 64 << 20, SizeAtLeast: true, Capture: ev}, matcher.ParseLimit, "size", "at least 67108864 bytes"},
		{"a body within the limit", Facts{Status: 200, Capture: ev}, 100, "size", ""},
		{"an HTML page served as text/plain", Facts{Status: 200, ContentType: "text/plain", HTMLBody: true, Capture: ev}, 100, "content-type", "HTML page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.d.ObservedAt = decisionTime
			a := Assess(&tt.d, tt.size, decisionTime)
			if a.Scope != ScopeCaptured {
				t.Errorf("scope %q", a.Scope)
			}
			got := false
			for _, n := range a.Notes {
				got = got || n.Topic == tt.topic
			}
			if tt.note == "" && got || tt.note != "" && !hasNote(a, tt.topic, tt.note) {
				t.Errorf("notes %+v, want one on %s saying %q", a.Notes, tt.topic, tt.note)
			}
		})
	}
}
