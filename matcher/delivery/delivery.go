// Package delivery says what the way a robots.txt file was delivered (its
// HTTP status, redirects, content type, age and outages) makes of the
// verdict of its rules, as RFC 9309 §2.3.1, §2.4 and §2.5 say and as
// Google documents doing. It fetches nothing: the facts are what a person
// observed, or what a WARC capture of the fetch holds (matcher/capture).
package delivery

import (
	"errors"
	"fmt"
	"math"
	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/words"
	"strings"
	"time"
)

// A verdict on a pasted file is a local decision: it holds for those bytes,
// that product token and that exact path and query. Whether a crawler ever
// saw those bytes depends on how the file was delivered, which a pasted
// file cannot tell. Facts holds what the user observed; Assess
// says what RFC 9309 §2.3.1 makes of it, and where Google documents other
// production behaviour, what Google does.

// Sources cited by the delivery assessment and the product-token checks.
const (
	SourceGoogleRobotsTxt = "Google Search Central, How Google interprets the robots.txt specification " +
		"(https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt)"
	SourceGoogleHTTPErrors = "Google Search Central, How HTTP status codes, and network and DNS errors affect Google Search " +
		"(https://developers.google.com/search/docs/crawling-indexing/http-network-errors)"
)

// Delivery limits of RFC 9309.
const (
	// MaxRedirects is how many consecutive redirects a crawler should
	// follow at least (RFC 9309 §2.3.1.2).
	MaxRedirects = 5
	// CacheLifetime is how long a crawler should use a cached copy at most,
	// unless the file is unreachable (RFC 9309 §2.4).
	CacheLifetime = 24 * time.Hour
	// LongOutage is the RFC's example of "a reasonably long period" after
	// which an unreachable file may be treated as unavailable (§2.3.1.4).
	LongOutage = 30 * 24 * time.Hour
	// googleFirstPhase is how long Google stops crawling after a server
	// error before it falls back to its cached copy.
	googleFirstPhase = 12 * time.Hour
)

// Facts are what the user observed about fetching a robots.txt file.
// Every field is optional except that a status, a redirect chain or an
// error must be given; none of it is fetched by the matcher.
type Facts struct {
	// RobotsURL is the URL first requested (the governing robots.txt URL of
	// the target, when known).
	RobotsURL string `json:"robots_url,omitempty"`
	// Status is the HTTP status of the last response, 0 when no response
	// came (see Error).
	Status int `json:"status,omitempty"`
	// Redirects are the URLs the crawler was sent to, one per redirect
	// followed, in order.
	Redirects []string `json:"redirects,omitempty"`
	// ContentType is the Content-Type header of the last response.
	ContentType string `json:"content_type,omitempty"`
	// Error is a network error or timeout, in the user's words ("timeout",
	// "connection reset", "DNS failure").
	Error string `json:"error,omitempty"`
	// ObservedAt is when the file was fetched.
	ObservedAt time.Time `json:"observed_at,omitzero"`
	// UnreachableSince is when the file was first found unreachable, for
	// the long-outage exception of RFC 9309 §2.3.1.4.
	UnreachableSince time.Time `json:"unreachable_since,omitzero"`
	// CachedCopy says a previously fetched good copy exists (and is the
	// file being checked).
	CachedCopy bool `json:"cached_copy,omitempty"`
	// Size is the size of the body as served, once decoded, when it is
	// known to be more than the file checked (a capture keeps what a
	// crawler parses, RFC 9309 §2.5); 0 when the file checked is all of
	// it.
	Size int64 `json:"size,omitempty"`
	// SizeAtLeast says the fetch stopped counting at Size: the body is
	// that long or longer.
	SizeAtLeast bool `json:"size_at_least,omitempty"`
	// HTMLBody says the body is an HTML page (it starts with a doctype or
	// an html element), whatever its content type.
	HTMLBody bool `json:"html_body,omitempty"`
	// Capture is where the facts were read from, when they come from a
	// WARC capture rather than from what a person typed.
	Capture *Evidence `json:"capture,omitempty"`
}

// Evidence identifies the WARC records that captured facts are read from,
// so that someone can find them again in the file and check their digests.
type Evidence struct {
	// Source names the WARC file as given, and SHA256 is the hex digest of
	// its bytes.
	Source string `json:"source"`
	SHA256 string `json:"sha256"`
	// Software is what wrote the WARC (its warcinfo record), when it says.
	Software string `json:"software,omitempty"`
	// UserAgent is the User-Agent header of the first request, and Token
	// the product token it carries.
	UserAgent string `json:"user_agent,omitempty"`
	Token     string `json:"token,omitempty"`
	// Hops are the requests of the fetch in order: the first for the
	// robots.txt URL, then one per redirect followed.
	Hops []Hop `json:"hops"`
	// Metadata is the WARC-Record-ID of the record of derived facts that
	// robots-explorer fetch writes; "" in a WARC another tool wrote.
	Metadata string `json:"metadata_record,omitempty"`
}

// A Hop is one request of a captured fetch and its response.
type Hop struct {
	URL    string `json:"url"`
	Method string `json:"method,omitempty"`
	// Status is the response's HTTP status, 0 when no response came.
	Status int `json:"status,omitempty"`
	// Location is the redirect's target, resolved against URL.
	Location string `json:"location,omitempty"`
	// RemoteAddr is the IP address and port connected to.
	RemoteAddr string `json:"remote_addr,omitempty"`
	// TLSVersion and the server certificate's subject and issuer, for
	// HTTPS.
	TLSVersion  string `json:"tls_version,omitempty"`
	CertSubject string `json:"cert_subject,omitempty"`
	CertIssuer  string `json:"cert_issuer,omitempty"`
	// RequestRecord and ResponseRecord are the WARC-Record-IDs of the
	// hop's records; PayloadDigest is the response record's
	// WARC-Payload-Digest.
	RequestRecord  string `json:"request_record,omitempty"`
	ResponseRecord string `json:"response_record,omitempty"`
	PayloadDigest  string `json:"payload_digest,omitempty"`
	// Truncated is the response record's WARC-Truncated reason (length,
	// time, disconnect): the record holds less than the server sent.
	Truncated string `json:"truncated,omitempty"`
}

// Validate reports a delivery that says nothing about the outcome of the
// fetch, or a status that is not an HTTP status.
func (d *Facts) Validate() error {
	if d.Status != 0 && (d.Status < 100 || d.Status > 599) {
		return fmt.Errorf("HTTP status %d is not between 100 and 599", d.Status)
	}
	if d.Status == 0 && d.Error == "" {
		return errors.New("a delivery needs the HTTP status of the last response, or the network error that stopped the fetch")
	}
	if d.Status != 0 && d.Error != "" {
		return errors.New("give either the HTTP status or a network error, not both: an error means no response came")
	}
	return nil
}

// A Scope labels what a verdict rests on.
type Scope string

// The scopes.
const (
	// ScopeLocal is every verdict without delivery facts.
	ScopeLocal Scope = "local rule decision — delivery not verified"
	// ScopeReported is a verdict with delivery facts that the user reported;
	// the tool fetched nothing.
	ScopeReported Scope = "rule decision with reported delivery facts — not fetched by this tool"
	// ScopeCaptured is a verdict on a file and its delivery read from a
	// WARC capture of the fetch.
	ScopeCaptured Scope = "rule decision with captured delivery facts — read from a WARC capture"
)

// CrawlOnly says what a verdict is not.
const CrawlOnly = "a crawl decision only: not an indexing decision, and not access control (RFC 9309 §3)"

// ScopeOf returns the scope of a decision made with d (nil: none).
func ScopeOf(d *Facts) Scope {
	switch {
	case d == nil:
		return ScopeLocal
	case d.Capture != nil:
		return ScopeCaptured
	}
	return ScopeReported
}

// An Effect is what the delivery makes of the file's rules.
type Effect string

// The effects.
const (
	EffectNotVerified Effect = "not-verified" // no delivery facts: the rules are read as if delivered with 2xx
	EffectRulesApply  Effect = "rules-apply"  // the file's rules decide
	EffectAllowAll    Effect = "allow-all"    // the file is unavailable: everything may be crawled
	EffectDisallowAll Effect = "disallow-all" // the file is unreachable: nothing may be crawled
	// EffectCachedCopy: the rules of the last good copy decide (the file
	// checked, when it is that copy).
	EffectCachedCopy Effect = "cached-copy"
	// EffectCachedOrAllowAll: after a long outage a crawler may use its
	// cached copy or treat the file as unavailable.
	EffectCachedOrAllowAll Effect = "cached-copy-or-allow-all"
	EffectUndetermined     Effect = "undetermined" // the facts given do not settle it
)

// A Note is a remark on one fact of the delivery.
type Note struct {
	Topic    string           `json:"topic"` // status, redirects, error, content-type, freshness, size
	Severity matcher.Severity `json:"severity"`
	Sentence string           `json:"sentence"`
	Source   string           `json:"source"`
}

// An OperatorNote is what a crawler operator documents doing with the same
// facts, labelled with the operator's name and its source.
type OperatorNote struct {
	Operator string `json:"operator"`
	Topic    string `json:"topic"`
	// Effect is the operator's effect, when the note is about the outcome.
	Effect Effect `json:"effect,omitempty"`
	// Differs says the operator's behaviour differs from what RFC 9309 says
	// of the same facts.
	Differs  bool   `json:"differs"`
	Sentence string `json:"sentence"`
	Source   string `json:"source"`
}

// An Assessment is what RFC 9309 makes of a delivery.
type Assessment struct {
	Scope    Scope          `json:"scope"`
	Effect   Effect         `json:"effect"`
	Sentence string         `json:"sentence"`
	Section  string         `json:"section"`
	Notes    []Note         `json:"notes"`
	Google   []OperatorNote `json:"google"`
}

// Assess says what RFC 9309 §2.3.1, §2.4 and §2.5 make of d (nil:
// no delivery facts) for a file of size bytes, at time now, and what Google
// documents doing with the same facts.
func Assess(d *Facts, size int, now time.Time) Assessment {
	a := Assessment{Scope: ScopeOf(d), Notes: []Note{}, Google: []OperatorNote{}}
	if d == nil {
		a.Effect, a.Section = EffectNotVerified, "RFC 9309 §2.3.1"
		a.Sentence = "No delivery facts were given: the verdict holds for these exact bytes as if the server " +
			"had delivered them with a 2xx status; the status, redirects, content type and age of the file were not verified."
	} else {
		a.outcome(d, now)
		a.contentType(d)
		a.freshness(d, now)
		size = max(size, int(min(d.Size, math.MaxInt32)))
	}
	a.size(size, d != nil && d.SizeAtLeast)
	return a
}

func (a *Assessment) set(e Effect, section, format string, args ...any) {
	a.Effect, a.Section, a.Sentence = e, section, fmt.Sprintf(format, args...)
}

func (a *Assessment) note(topic string, sev matcher.Severity, source, format string, args ...any) {
	a.Notes = append(a.Notes, Note{Topic: topic, Severity: sev, Sentence: fmt.Sprintf(format, args...), Source: source})
}

func (a *Assessment) google(topic string, e Effect, differs bool, source, format string, args ...any) {
	a.Google = append(a.Google, OperatorNote{Operator: "Google", Topic: topic, Effect: e, Differs: differs,
		Sentence: fmt.Sprintf(format, args...), Source: source})
}

// outcome classifies the fetch by its redirects, error and status.
func (a *Assessment) outcome(d *Facts, now time.Time) {
	hops := len(d.Redirects)
	if d.Status >= 300 && d.Status < 400 && d.Status != 304 {
		hops++ // the last response is a redirect too, not followed
	}
	switch {
	case hops > MaxRedirects:
		a.tooManyRedirects(hops)
	case d.Error != "":
		a.unreachable(d, now, fmt.Sprintf("the fetch failed (%s)", d.Error))
		a.google("status", EffectDisallowAll, false, SourceGoogleRobotsTxt,
			"Google treats a robots.txt it cannot fetch because of DNS or network problems (timeouts, reset connections, invalid responses) as a server error.")
		a.googleServerError(d, now)
	case d.Status >= 200 && d.Status < 300:
		a.success(d)
	case d.Status == 304:
		a.set(EffectCachedCopy, "RFC 9309 §2.4; RFC 9110 §15.4.5",
			"304 Not Modified: the crawler's cached copy is still current, so its rules apply (the file checked here, if it is that copy).")
	case d.Status >= 300 && d.Status < 400:
		a.set(EffectUndetermined, "RFC 9309 §2.3.1.2",
			"%d: the chain stops at a redirect after %d hop(s); a crawler should follow at least five, so the file it reaches decides: give the final response.", d.Status, hops)
	case d.Status == 429:
		a.set(EffectAllowAll, "RFC 9309 §2.3.1.3",
			"429: a 4xx status means the file is unavailable, so a crawler may access any resource on the server.")
		a.google("status", EffectDisallowAll, true, SourceGoogleRobotsTxt+"; "+SourceGoogleHTTPErrors,
			"Google excludes 429 from its 4xx handling and treats it as a server error, like 5xx: it stops crawling rather than crawling everything.")
		a.googleServerError(d, now)
	case d.Status >= 400 && d.Status < 500:
		a.set(EffectAllowAll, "RFC 9309 §2.3.1.3",
			"%d: a 4xx status means the file is unavailable, so a crawler may access any resource on the server; the rules checked here do not apply.", d.Status)
		a.google("status", EffectAllowAll, false, SourceGoogleRobotsTxt,
			"Google treats every 4xx except 429 as if no robots.txt existed: no crawl restrictions (401 and 403 included).")
	case d.Status >= 500:
		a.unreachable(d, now, fmt.Sprintf("%d: a server error", d.Status))
		a.googleServerError(d, now)
	default:
		a.set(EffectUndetermined, "RFC 9309 §2.3.1",
			"%d is an interim (1xx) status, not the outcome of the fetch: give the final response.", d.Status)
	}
}

func (a *Assessment) tooManyRedirects(hops int) {
	a.set(EffectAllowAll, "RFC 9309 §2.3.1.2",
		"%d redirects, more than five: a crawler may assume the file is unavailable (§2.3.1.3) and crawl everything; "+
			"one that follows more hops applies the rules of the file it reaches.", hops)
	a.note("redirects", matcher.Warning, "RFC 9309 §2.3.1.2",
		"Serve robots.txt directly, or within five redirects: past five, crawlers may ignore its rules.")
	a.google("redirects", EffectAllowAll, false, SourceGoogleRobotsTxt,
		"Google follows at least five redirect hops, then stops and treats the robots.txt as a 404: no crawl restrictions.")
}

func (a *Assessment) success(d *Facts) {
	if len(d.Redirects) == 0 {
		a.set(EffectRulesApply, "RFC 9309 §2.3.1.1", "%d: the file was fetched, so a crawler must follow its parseable rules.", d.Status)
		return
	}
	first := "the first authority"
	if d.RobotsURL != "" {
		first = authorityOf(d.RobotsURL)
	}
	a.set(EffectRulesApply, "RFC 9309 §2.3.1.2",
		"%d after %d redirect(s), within five: the rules of the file reached apply to %s, where the fetch began.", d.Status, len(d.Redirects), first)
	if last := authorityOf(d.Redirects[len(d.Redirects)-1]); d.RobotsURL != "" && last != "" && last != first {
		a.note("redirects", matcher.Info, "RFC 9309 §2.3.1.2",
			"The file was served by %s but governs %s: its rules are read for the URLs of %s.", last, first, first)
	}
	a.google("redirects", EffectRulesApply, false, SourceGoogleRobotsTxt,
		"Google follows at least five redirect hops and uses the file it reaches; it does not follow logical redirects (frames, JavaScript, meta refresh).")
}

// unreachable is §2.3.1.4: complete disallow, and after a long outage a
// cached copy or the unavailable treatment.
func (a *Assessment) unreachable(d *Facts, now time.Time, what string) {
	if !d.UnreachableSince.IsZero() && now.Sub(d.UnreachableSince) >= LongOutage {
		a.set(EffectCachedOrAllowAll, "RFC 9309 §2.3.1.4",
			"%s, and the file has been unreachable for %s, past a reasonably long period (30 days in the RFC's example): "+
				"a crawler may keep using its cached copy or treat the file as unavailable and crawl everything.", what, days(now.Sub(d.UnreachableSince)))
		return
	}
	a.set(EffectDisallowAll, "RFC 9309 §2.3.1.4",
		"%s: the file is unreachable, so its content is undefined and a crawler must assume complete disallow.", what)
	if d.UnreachableSince.IsZero() {
		a.note("status", matcher.Info, "RFC 9309 §2.3.1.4",
			"If the file stays unreachable for a reasonably long period (for example 30 days), a crawler may use a cached copy or treat it as unavailable; give the date the outage began to apply that.")
	}
}

// googleServerError is Google's documented timeline for 5xx (and 429 and
// network errors): 12 hours stopped, then the last good copy or no
// restrictions for 30 days, then no restrictions if the site is otherwise
// available.
func (a *Assessment) googleServerError(d *Facts, now time.Time) {
	const src = SourceGoogleRobotsTxt
	if d.UnreachableSince.IsZero() {
		a.googleOutage(EffectDisallowAll, src,
			"Google stops crawling the site for the first 12 hours while it retries; then, for 30 days, it uses the last good copy "+
				"(or crawls without restrictions if it has none); after 30 days it behaves as if there were no robots.txt when the "+
				"rest of the site is available, and keeps crawling stopped when it is not.")
		return
	}
	age := now.Sub(d.UnreachableSince)
	switch {
	case age < googleFirstPhase:
		a.googleOutage(EffectDisallowAll, src,
			"Unreachable for %s, within the first 12 hours: Google stops crawling the site and keeps retrying robots.txt.", hours(age))
	case age < LongOutage && d.CachedCopy:
		a.googleOutage(EffectCachedCopy, src,
			"Unreachable for %s, between 12 hours and 30 days: Google uses its last good copy of the file.", hours(age))
	case age < LongOutage:
		a.googleOutage(EffectAllowAll, src,
			"Unreachable for %s, between 12 hours and 30 days, with no cached copy: Google assumes there are no crawl restrictions.", hours(age))
	default:
		a.googleOutage(EffectAllowAll, src,
			"Unreachable for %s, past 30 days: if the rest of the site is available, Google behaves as if there were no robots.txt; "+
				"if the site has general availability problems, it keeps crawling stopped.", days(age))
	}
}

// googleOutage adds a Google note on an outage, marked as differing when
// its effect is not the RFC's (or not one of the RFC's two choices after a
// long outage).
func (a *Assessment) googleOutage(e Effect, src, format string, args ...any) {
	differs := e != a.Effect
	if a.Effect == EffectCachedOrAllowAll && (e == EffectCachedCopy || e == EffectAllowAll) {
		differs = false
	}
	a.google("status", e, differs, src, format, args...)
}

// contentType is RFC 9309 §2.3: the file is text/plain in UTF-8.
func (a *Assessment) contentType(d *Facts) {
	if a.Effect != EffectRulesApply {
		return
	}
	if d.HTMLBody {
		a.note("content-type", matcher.Warning, "RFC 9309 §2.3",
			"The body is an HTML page, not a robots.txt file: a server that answers every path with a page (or an error page with status 200) gives crawlers no rules to read.")
	}
	if d.ContentType == "" {
		a.note("content-type", matcher.Info, "RFC 9309 §2.3", "The content type was not given; the file must be text/plain.")
		return
	}
	media, params, _ := strings.Cut(d.ContentType, ";")
	media = strings.ToLower(strings.TrimSpace(media))
	if media != "text/plain" {
		a.note("content-type", matcher.Warning, "RFC 9309 §2.3",
			"The server sent %q: RFC 9309 says robots.txt must be text/plain, so a strict crawler may not read these rules; serve it as text/plain.", media)
		a.google("content-type", EffectRulesApply, false, SourceGoogleRobotsTxt,
			"Google reads the content whatever its type (HTML included), keeps the lines that are valid rules and ignores the rest.")
	}
	if cs := charset(params); cs != "" && cs != "utf-8" && cs != "utf8" && cs != "us-ascii" {
		a.note("content-type", matcher.Warning, "RFC 9309 §2.3",
			"The charset is %q: robots.txt must be UTF-8, and characters outside UTF-8 may be misread.", cs)
		a.google("content-type", EffectRulesApply, false, SourceGoogleRobotsTxt,
			"Google may ignore characters that are not UTF-8, which can make rules invalid.")
	}
}

func charset(params string) string {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "charset") {
			return strings.ToLower(strings.Trim(strings.TrimSpace(v), `"`))
		}
	}
	return ""
}

// freshness is RFC 9309 §2.4: a cached copy should not be used for more
// than 24 hours unless the file is unreachable.
func (a *Assessment) freshness(d *Facts, now time.Time) {
	if d.ObservedAt.IsZero() {
		a.note("freshness", matcher.Info, "RFC 9309 §2.4",
			"The time of the fetch was not given, so whether this copy is still current (at most 24 hours old) is unknown.")
		return
	}
	age := now.Sub(d.ObservedAt)
	switch {
	case age < 0:
		a.note("freshness", matcher.Warning, "RFC 9309 §2.4", "The fetch is dated %s after the time of this decision.", hours(-age))
	case age > CacheLifetime && a.Effect != EffectDisallowAll && a.Effect != EffectCachedOrAllowAll:
		a.note("freshness", matcher.Warning, "RFC 9309 §2.4",
			"Fetched %s before this decision: a crawler should not use a copy older than 24 hours unless the file is unreachable; fetch it again before relying on this.", hours(age))
		a.google("freshness", "", false, SourceGoogleRobotsTxt,
			"Google generally caches robots.txt for up to 24 hours, longer when it cannot refresh it (timeouts, 5xx), and may follow Cache-Control max-age.")
	}
}

// size is RFC 9309 §2.5 and Google's 500 KiB cut; atLeast says n is where
// counting stopped.
func (a *Assessment) size(n int, atLeast bool) {
	if n <= matcher.ParseLimit {
		return
	}
	long := fmt.Sprintf("%d bytes", n)
	if atLeast {
		long = "at least " + long
	}
	a.note("size", matcher.Warning, "RFC 9309 §2.5",
		"The file is %s: a crawler must read at least 500 KiB (%d bytes) and may ignore what follows.", long, matcher.ParseLimit)
	a.google("size", "", true, SourceGoogleRobotsTxt,
		"Google reads the first 500 KiB of robots.txt and ignores the content after it.")
}

// EffectiveVerdict combines the delivery's effect with the rule verdict:
// "allowed", "disallowed", or "" when the facts do not settle it.
func (a Assessment) EffectiveVerdict(ruleAllowed bool) string {
	rule := "disallowed"
	if ruleAllowed {
		rule = "allowed"
	}
	switch a.Effect {
	case EffectAllowAll:
		return "allowed"
	case EffectDisallowAll:
		return "disallowed"
	case EffectCachedOrAllowAll:
		if ruleAllowed {
			return "allowed" // allowed either way
		}
		return ""
	case EffectUndetermined:
		return ""
	}
	return rule
}

// authorityOf returns scheme://host[:port] of a URL, or "".
func authorityOf(u string) string {
	t, err := matcher.ParseTarget(u)
	if err != nil || t.Scheme == "" {
		return ""
	}
	s := t.Scheme + "://" + t.Host
	if t.Port != "" {
		s += ":" + t.Port
	}
	return s
}

func hours(d time.Duration) string { return words.Count(int(d.Hours()), "hour") }

func days(d time.Duration) string { return words.Count(int(d.Hours()/24), "day") }
