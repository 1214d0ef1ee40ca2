// Package record holds the one schema of a verdict: the decision record
// (Record, written as JSON and as Markdown) and its short view, the Row that
// check -json prints per URL, share their rules, steps and diagnostics.
package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"robots-explorer/matcher/internal/words"
	"robots-explorer/matcher/useragent"

	"robots-explorer/matcher"
	"robots-explorer/matcher/delivery"
	"robots-explorer/matcher/escape"
)

// A decision record keeps everything a verdict rests on, so that someone
// else can check it later: the exact bytes (by hash), the token, the exact
// URL, the reading, every rule that matched and why the winner won, the
// delivery facts (or that there were none), the time and the tool. It is a
// crawl decision only.

// SchemaVersion is the version of the record's JSON form. It changes
// when a field is renamed or removed or changes meaning; new fields may be
// added within a version.
const SchemaVersion = 1

// DefaultMax is how many entries a record's lists hold unless check
// -max-matches says otherwise (Input.Max): more than a person reads, and
// few enough that a file of a million user-agent lines makes a record of
// kilobytes.
const DefaultMax = 1000

// HoldsFor says what a verdict is bounded by.
const HoldsFor = "these exact bytes of robots.txt, this product token, and this exact path and query"

// A Record is a verdict with everything it rests on.
type Record struct {
	SchemaVersion int                  `json:"schema_version"`
	Tool          string               `json:"tool"`
	ToolVersion   string               `json:"tool_version"`
	Time          time.Time            `json:"time"` // when the decision was made, UTC, to the second
	Scope         Scope                `json:"scope"`
	File          File                 `json:"file"`
	Token         string               `json:"token"`
	TokenCheck    useragent.TokenCheck `json:"token_check"`
	URL           string               `json:"url"`  // as given
	Path          string               `json:"path"` // path and query of the URL, before normalization
	// MatchedPath is the path and query as the reading compared it.
	MatchedPath string `json:"matched_path"`
	// RobotsURL is the robots.txt URL that governs URL; "" when URL is a
	// path without scheme and host.
	RobotsURL   string          `json:"robots_url"`
	Reading     matcher.Reading `json:"reading"`
	Verdict     string          `json:"verdict"` // of the rules: allowed or disallowed
	Reason      matcher.Reason  `json:"reason"`
	Explanation string          `json:"explanation"`
	Winner      *Rule           `json:"winner"` // the deciding rule, or null
	Matches     []Rule          `json:"matches"`
	// MatchesOmitted counts the matching rules Matches leaves out
	// (check -max-matches); absent when it lists them all.
	MatchesOmitted int            `json:"matches_omitted,omitempty"`
	Normalization  []matcher.Step `json:"normalization"` // of the URL
	Groups         Groups         `json:"groups"`
	Diagnostics    []Diagnostic   `json:"diagnostics"`
	Delivery       Delivery       `json:"delivery"`
	// EffectiveVerdict combines Verdict with the delivery's effect;
	// "" when the delivery facts do not settle it.
	EffectiveVerdict string `json:"effective_verdict"`
}

// Scope says what kind of decision this is and what it holds for.
type Scope struct {
	Decision  string         `json:"decision"` // always "crawl"
	Label     delivery.Scope `json:"label"`
	Statement string         `json:"statement"`
	HoldsFor  string         `json:"holds_for"`
}

// File identifies the exact bytes decided on.
type File struct {
	SHA256 string `json:"sha256"` // hex, of every byte as given
	Size   int    `json:"size"`   // bytes
	Lines  int    `json:"lines"`
}

// Rule is a rule that matched.
type Rule struct {
	Line       int            `json:"line"`
	Kind       matcher.Kind   `json:"kind"`
	Pattern    string         `json:"pattern"`    // as written
	Normalized string         `json:"normalized"` // as compared
	Priority   int            `json:"priority"`
	Text       string         `json:"text"` // the whole line
	Steps      []matcher.Step `json:"steps"`
}

// Groups is the group trace: how the token chose its groups.
type Groups struct {
	Summary  string `json:"summary"`
	Selected []int  `json:"selected"`
	// SelectedOmitted counts the applying groups Selected leaves out;
	// absent when it lists them all.
	SelectedOmitted int     `json:"selected_omitted,omitempty"`
	Global          bool    `json:"global"`
	Merged          bool    `json:"merged"`
	Agents          []Agent `json:"agents"`
	// AgentsOmitted counts the user-agent lines Agents leaves out;
	// absent when it lists them all.
	AgentsOmitted int `json:"agents_omitted,omitempty"`
}

// Agent is one user-agent line and how it compared with the token.
type Agent struct {
	Line    int    `json:"line"`
	Value   string `json:"value"`
	Token   string `json:"token"`
	Group   int    `json:"group"`
	Matched bool   `json:"matched"`
	How     string `json:"how"`
}

// Diagnostic is a diagnostic that bears on the decision.
type Diagnostic struct {
	Line     int              `json:"line"`
	Column   int              `json:"column"`
	Code     matcher.Code     `json:"code"`
	Severity matcher.Severity `json:"severity"`
	Message  string           `json:"message"`
	Source   string           `json:"source"`
}

// Delivery holds the delivery facts, or says there were none.
type Delivery struct {
	Provided bool            `json:"provided"`
	Facts    *delivery.Facts `json:"facts"` // null when none were given
	// RedirectsOmitted counts the redirect hops Facts leaves out; absent
	// when it lists them all. The assessment counts every hop.
	RedirectsOmitted int                 `json:"redirects_omitted,omitempty"`
	Assessment       delivery.Assessment `json:"assessment"`
}

// Input is what a record is built from.
type Input struct {
	File   *matcher.File
	Result *matcher.Result
	// Delivery is what the user observed about fetching the file; nil when
	// nothing was given.
	Delivery    *delivery.Facts
	Time        time.Time
	Tool        string
	ToolVersion string
	// Max is the most entries each list that grows with the input keeps:
	// the matching rules (then only the winner and the runner-up), the
	// user-agent lines, the applying groups and the redirect hops; the
	// record counts what it leaves out. 0 keeps every one. Diagnostics
	// are kept as the parse kept them (matcher.ParseOptions.MaxDiagnostics:
	// so many of each kind, and one that counts the rest).
	Max int
}

// New builds the record of in.Result. The hash and size are of
// in.File.Source, the exact bytes parsed.
func New(in Input) *Record {
	f, res := in.File, in.Result
	sum := sha256.Sum256(f.Source)
	winner, matches, omitted := rules(f, res, in.Max)
	r := &Record{
		SchemaVersion: SchemaVersion, Tool: in.Tool, ToolVersion: in.ToolVersion, Time: in.Time.UTC().Truncate(time.Second),
		Scope: Scope{Decision: "crawl", Label: delivery.ScopeOf(in.Delivery), Statement: delivery.CrawlOnly, HoldsFor: HoldsFor},
		File:  File{SHA256: hex.EncodeToString(sum[:]), Size: len(f.Source), Lines: f.NumLines()},
		Token: res.Token, TokenCheck: useragent.CheckToken(res.Token),
		URL: res.Target.Input, Path: res.Target.Path, MatchedPath: res.Path, RobotsURL: res.Target.RobotsURL,
		Reading: res.Reading, Verdict: res.Verdict(), Reason: res.Reason, Explanation: res.Explanation,
		Winner: winner, Matches: matches, MatchesOmitted: res.Omitted + omitted, Normalization: normalization(res),
		Groups: recordGroups(res.Groups, in.Max), Diagnostics: diagnostics(res),
	}
	r.Delivery = recordDelivery(in.Delivery, res.Target.RobotsURL, len(f.Source), r.Time, in.Max)
	r.EffectiveVerdict = r.Delivery.Assessment.EffectiveVerdict(res.Allowed)
	if res.Reason == matcher.ReasonRobotsTxt {
		r.EffectiveVerdict = "allowed" // fetching /robots.txt itself is how a crawler retries (RFC 9309 §2.2.2)
	}
	return r
}

// rules returns the rules of res that matched, in order, each with its
// whole line of f, and the winner among them (nil when none decided): the
// first max of them (every one when max is 0), then only the winner and
// the runner-up, and how many it leaves out.
func rules(f *matcher.File, res *matcher.Result, max int) (winner *Rule, matches []Rule, omitted int) {
	matches = []Rule{}
	for i, m := range res.Matches {
		if max > 0 && i >= max && i != res.Winner && i != res.RunnerUp {
			omitted++
			continue
		}
		matches = append(matches, ruleOf(f, m))
	}
	if res.Winner >= 0 && res.Winner < len(res.Matches) {
		w := ruleOf(f, res.Matches[res.Winner])
		winner = &w
	}
	return winner, matches, omitted
}

func ruleOf(f *matcher.File, m matcher.Match) Rule {
	return Rule{Line: int(m.Rule.Line), Kind: m.Rule.Kind(), Pattern: m.Pattern, Normalized: m.Normalized,
		Priority: m.Priority, Text: f.RuleText(m.Rule), Steps: append([]matcher.Step{}, m.Steps...)}
}

// capped is the first max entries of list (every one when max is 0), and
// how many it leaves out.
func capped[T any](list []T, max int) ([]T, int) {
	if max <= 0 || len(list) <= max {
		return list, 0
	}
	return list[:max], len(list) - max
}

// normalization is what was done to the URL: its own steps, then the
// reading's.
func normalization(res *matcher.Result) []matcher.Step {
	return append(append([]matcher.Step{}, res.Target.Steps...), res.Steps...)
}

func diagnostics(res *matcher.Result) []Diagnostic {
	out := []Diagnostic{}
	for _, d := range res.Diagnostics {
		out = append(out, Diagnostic{d.Pos.Line, d.Pos.Column, d.Code, d.Severity, d.Message, d.Source})
	}
	return out
}

func recordGroups(g matcher.GroupTrace, max int) Groups {
	selected, selectedOmitted := capped(g.Selected, max)
	agents, agentsOmitted := capped(g.Agents, max)
	out := Groups{Summary: g.Summary, Selected: append([]int{}, selected...), SelectedOmitted: selectedOmitted,
		Global: g.Global, Merged: g.Merged, Agents: []Agent{}, AgentsOmitted: agentsOmitted}
	for _, a := range agents {
		out.Agents = append(out.Agents, Agent{int(a.Agent.Line), a.Agent.Value, a.Agent.Token, a.Group, a.Matched, g.How(a)})
	}
	return out
}

func recordDelivery(d *delivery.Facts, robotsURL string, size int, at time.Time, max int) Delivery {
	if d == nil {
		return Delivery{Assessment: delivery.Assess(nil, size, at)}
	}
	facts := *d
	// UTC, so that the record reads the same wherever it was made (a zero
	// time stays zero).
	facts.ObservedAt = facts.ObservedAt.UTC()
	facts.UnreachableSince = facts.UnreachableSince.UTC()
	if facts.RobotsURL == "" {
		facts.RobotsURL = robotsURL
	}
	out := Delivery{Provided: true, Facts: &facts, Assessment: delivery.Assess(&facts, size, at)}
	redirects, omitted := capped(d.Redirects, max)
	facts.Redirects, out.RedirectsOmitted = append([]string(nil), redirects...), omitted
	return out
}

// JSON returns the record as indented JSON, ending with a newline.
func (r *Record) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Markdown returns the record as a Markdown document. Every text that
// comes from the file, the URL, the token or the delivery facts (and the
// sentences that quote them) is escaped (code, codeCell, prose), so that
// the document renders to its headings, paragraphs, lists, tables and
// code spans only: never to HTML, a link or an image, whatever the input,
// under CommonMark and under GitHub's flavour (with its autolinks) alike.
func (r *Record) Markdown() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# Crawl decision record\n\n")
	w("%s — %s (%s).\n\n", r.headline(), prose(string(r.Scope.Label)), prose(string(r.Reading)))
	w("This is %s. It holds for %s.\n\n", prose(r.Scope.Statement), prose(r.Scope.HoldsFor))
	w("| | |\n|---|---|\n")
	row := func(k, v string) { w("| %s | %s |\n", k, v) }
	row("URL", codeCell(r.URL))
	row("Path and query matched", codeCell(r.MatchedPath))
	row("Governing robots.txt", orNone(codeCell(r.RobotsURL), r.RobotsURL == "", "none: the URL has no scheme and host"))
	row("Product token", codeCell(r.Token))
	row("Reading", codeCell(string(r.Reading)))
	row("Verdict of the rules", prose(r.Verdict))
	if r.Delivery.Provided {
		row("Verdict with delivery", orNone(prose(r.EffectiveVerdict), r.EffectiveVerdict == "", "not settled by the delivery facts"))
	}
	row("robots.txt SHA-256", codeCell(r.File.SHA256))
	row("robots.txt size", fmt.Sprintf("%d bytes, %d lines", r.File.Size, r.File.Lines))
	row("Decided at", r.Time.Format(time.RFC3339))
	row("Tool", fmt.Sprintf("%s %s (record schema %d)", prose(r.Tool), prose(r.ToolVersion), r.SchemaVersion))
	w("\n## Why\n\n%s\n", prose(r.Explanation))
	r.markdownRules(w)
	r.markdownSteps(w)
	r.markdownGroups(w)
	r.markdownDelivery(w)
	r.markdownDiagnostics(w)
	w("\n## Product token\n\n%s\n\n%s\n", prose(r.TokenCheck.Message), prose(r.TokenCheck.NotProof))
	return b.String()
}

// headline is the verdict the record leads with: the effective one when
// delivery facts were given, for a 503 makes a URL the rules allow
// disallowed (RFC 9309 §2.3.1), with the rules' beside it when they differ.
func (r *Record) headline() string {
	if !r.Delivery.Provided || r.EffectiveVerdict == r.Verdict {
		return "**" + prose(words.Capitalize(r.Verdict)) + "**"
	}
	if r.EffectiveVerdict == "" {
		return "**Not settled by the delivery facts** (rules: " + prose(r.Verdict) + ")"
	}
	return "**" + prose(words.Capitalize(r.EffectiveVerdict)) + "** with this delivery (rules: " + prose(r.Verdict) + ")"
}

type writef func(format string, args ...any)

func (r *Record) markdownRules(w writef) {
	w("\n## Winning rule\n\n")
	if r.Winner == nil {
		w("None: no rule decided (%s).\n", prose(string(r.Reason)))
	} else {
		w("Line %d: %s\n", r.Winner.Line, code(r.Winner.Text))
	}
	w("\n## Matching rules\n\n")
	if len(r.Matches) == 0 {
		w("None.\n")
		return
	}
	w("| line | rule | normalized | priority |\n|---|---|---|---|\n")
	for _, m := range r.Matches {
		w("| %d | %s | %s | %d |\n", m.Line, codeCell(m.Text), codeCell(m.Normalized), m.Priority)
	}
	if r.MatchesOmitted > 0 {
		w("\n%d more matching rules are not listed (check -max-matches); none of them is stronger than those above.\n", r.MatchesOmitted)
	}
}

func (r *Record) markdownSteps(w writef) {
	w("\n## Normalization\n\n")
	steps := r.Normalization
	for _, m := range r.Matches {
		steps = append(steps, m.Steps...)
	}
	if len(steps) == 0 {
		w("Nothing was changed: the URL and the patterns were compared as written.\n")
		return
	}
	w("| before | after | rule | source |\n|---|---|---|---|\n")
	for _, s := range steps {
		w("| %s | %s | %s | %s |\n", codeCell(s.Input), codeCell(s.Output), prose(s.Rule), prose(s.Source))
	}
}

func (r *Record) markdownGroups(w writef) {
	w("\n## Group selection\n\n%s\n", prose(r.Groups.Summary))
	if len(r.Groups.Agents) == 0 {
		return
	}
	w("\n| line | user-agent | group | chosen | why |\n|---|---|---|---|---|\n")
	for _, a := range r.Groups.Agents {
		chosen := "no"
		if a.Matched {
			chosen = "yes"
		}
		w("| %d | %s | %d | %s | %s |\n", a.Line, codeCell(a.Value), a.Group, chosen, prose(a.How))
	}
	if r.Groups.AgentsOmitted > 0 {
		w("\n%d more user-agent lines are not listed (check -max-matches).\n", r.Groups.AgentsOmitted)
	}
}

func (r *Record) markdownDelivery(w writef) {
	a := r.Delivery.Assessment
	w("\n## Delivery\n\n")
	if !r.Delivery.Provided {
		w("No delivery facts were given: %s.\n\n", prose(string(a.Scope)))
	} else {
		d := r.Delivery.Facts
		w("| fact | observed |\n|---|---|\n")
		w("| requested | %s |\n", orNone(codeCell(d.RobotsURL), d.RobotsURL == "", "not given"))
		w("| status | %s |\n", orNone(fmt.Sprint(d.Status), d.Status == 0, "no response"))
		for i, h := range d.Redirects {
			w("| redirect %d | %s |\n", i+1, codeCell(h))
		}
		if n := r.Delivery.RedirectsOmitted; n > 0 {
			w("| redirects %d to %d | not listed (check -max-matches) |\n", len(d.Redirects)+1, len(d.Redirects)+n)
		}
		w("| content type | %s |\n", orNone(codeCell(d.ContentType), d.ContentType == "", "not given"))
		if d.Error != "" {
			w("| network error | %s |\n", prose(d.Error))
		}
		w("| observed at | %s |\n", orNone(d.ObservedAt.UTC().Format(time.RFC3339), d.ObservedAt.IsZero(), "not given"))
		if !d.UnreachableSince.IsZero() {
			w("| unreachable since | %s |\n", d.UnreachableSince.UTC().Format(time.RFC3339))
		}
		if d.Size > 0 {
			w("| body size | %d bytes%s |\n", d.Size, orNone(" or more", !d.SizeAtLeast, ""))
		}
		w("\n")
		markdownEvidence(w, d.Capture)
	}
	w("**Effect: %s** (%s). %s\n", prose(string(a.Effect)), prose(a.Section), prose(a.Sentence))
	for _, n := range a.Notes {
		w("\n- %s: %s (%s)", prose(n.Severity.String()), prose(n.Sentence), prose(n.Source))
	}
	if len(a.Notes) > 0 {
		w("\n")
	}
	for _, g := range a.Google {
		differs := ""
		if g.Differs {
			differs = ", differs from RFC 9309"
		}
		w("\n- %s's documented behaviour%s: %s Source: %s.", prose(g.Operator), differs, prose(g.Sentence), prose(g.Source))
	}
	if len(a.Google) > 0 {
		w("\n")
	}
}

// markdownEvidence lists the WARC records captured facts rest on.
func markdownEvidence(w writef, ev *delivery.Evidence) {
	if ev == nil {
		return
	}
	w("Captured in %s (SHA-256 %s)", codeCell(ev.Source), code(ev.SHA256))
	if ev.Software != "" {
		w(", written by %s", code(ev.Software))
	}
	w(", requested as %s (token %s).\n\n", code(ev.UserAgent), code(ev.Token))
	w("| hop | request | status | connected to | TLS | request record | response record | payload digest |\n|---|---|---|---|---|---|---|---|\n")
	for i, h := range ev.Hops {
		status := orNone(fmt.Sprint(h.Status), h.Status == 0, "no response")
		if h.Location != "" {
			status += " to " + codeCell(h.Location)
		}
		if h.Truncated != "" {
			status += ", record truncated (" + prose(h.Truncated) + ")"
		}
		tls := ""
		if h.TLSVersion != "" {
			tls = codeCell(h.TLSVersion + "; " + h.CertSubject + "; issued by " + h.CertIssuer)
		}
		w("| %d | %s | %s | %s | %s | %s | %s | %s |\n", i+1, codeCell(h.Method+" "+h.URL), status, codeCell(h.RemoteAddr), tls,
			codeCell(h.RequestRecord), codeCell(h.ResponseRecord), codeCell(h.PayloadDigest))
	}
	if ev.Metadata != "" {
		w("\nDerived facts: the metadata record %s.\n", code(ev.Metadata))
	}
	w("\n")
}

func (r *Record) markdownDiagnostics(w writef) {
	if len(r.Diagnostics) == 0 {
		return
	}
	w("\n## Diagnostics\n\n")
	for _, d := range r.Diagnostics {
		w("- %d:%d %s %s: %s (%s)\n", d.Line, d.Column, prose(d.Severity.String()), code(string(d.Code)), prose(d.Message), prose(d.Source))
	}
}

// code renders s as a CommonMark code span (spec §6.1): control
// characters and line ends written in matcher/escape's notation, a fence
// of one backtick more than the longest run of backticks in s, and a
// space inside each end when s starts or ends with a backtick (or with
// spaces at both ends, which the renderer strips once).
func code(s string) string {
	if s == "" {
		return "(empty)"
	}
	s = escape.Text(s)
	run, longest := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != '`' {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "" {
		s = " " + s + " "
	}
	fence := strings.Repeat("`", longest+1)
	return fence + s + fence
}

// codeCell is code for a table cell: GFM splits a row at every pipe not
// escaped as \|, even inside a code span, and drops that backslash there.
func codeCell(s string) string { return strings.ReplaceAll(code(s), "|", `\|`) }

// markdownInline holds the characters that start inline markup: code
// spans, emphasis, links and images, raw HTML and autolinks, entity
// references, GFM's strikethrough and table pipes, and the backslash.
const markdownInline = "\\`*_[]<>&!~|"

// prose escapes text for Markdown prose on one line: controls and line
// ends in matcher/escape's notation, every character in markdownInline
// behind a backslash (CommonMark §2.4: any ASCII punctuation may be), and
// what would start a block at the start of a line (a heading, a list, a
// quote, a setext underline, indented code) neutralized, as the text may
// follow a list marker or begin a paragraph. It also keeps what GitHub's
// extended autolinks and linkifiers (markdown-it's linkify) read a link
// from out of any run of text: it escapes a '.' with more after it (a
// domain, www.) and a ':' or '/' before a '/' (http://, //host), which
// they read from the text as written, and writes every '@' as a code
// span, since GitHub finds an e-mail address (and mailto:, xmpp:) in the
// text once its escapes are read.
func prose(s string) string {
	s = strings.Trim(escape.Text(s), " ")
	var b strings.Builder
	b.Grow(len(s) + 8)
	digits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '@' {
			b.WriteString("`@`")
			continue
		}
		switch {
		case strings.IndexByte(markdownInline, c) >= 0,
			i == 0 && strings.IndexByte("#+-=", c) >= 0,
			i == digits && i > 0 && (c == '.' || c == ')'), // an ordered list marker
			autolinks(s, i):
			b.WriteByte('\\')
		}
		if c >= '0' && c <= '9' && i == digits {
			digits++
		}
		b.WriteByte(c)
	}
	return b.String()
}

// autolinks reports whether s[i] is a character that a link GitHub or a
// linkifier finds in text runs through (see prose).
func autolinks(s string, i int) bool {
	next := byte(' ')
	if i+1 < len(s) {
		next = s[i+1]
	}
	switch s[i] {
	case '.':
		return next != ' '
	case ':', '/':
		return next == '/'
	}
	return false
}

func orNone(v string, none bool, instead string) string {
	if none {
		return instead
	}
	return v
}
