// Package compare explains why two readings decide one URL differently:
// CompareWith evaluates the URL under every reading and, for each reading
// that disagrees with the chosen one, names the factor (typos, group
// boundaries, token matching, wildcards, normalization, ...) by
// counterfactual evaluation of the readings' Choices (choices.go,
// counterfactual.go). It stands above the core and the readings: each
// reading describes itself in its own file, as the Choices its Reader
// returns (Chooser).
package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/words"
)

// A Factor names what makes two readings decide differently.
type Factor string

// The factors. CompareWith names one by counterfactual evaluation (see
// choices.go): the first choice, in this order, whose swap alone makes the
// two readings agree on the URL.
const (
	FactorNoVerdict     Factor = "no-verdict"     // one reading's program gives no verdict for the URL
	FactorWholeFile     Factor = "whole-file"     // one reading decides for every URL (crawler-commons: Crawl-delay, HTML page)
	FactorURL           Factor = "url"            // one reading's program cannot read the URL string and checks another path
	FactorRobotsTxt     Factor = "robots-txt"     // /robots.txt is always allowed under one only
	FactorTypos         Factor = "typos"          // a line is a record under one reading only (keys, typos)
	FactorLineCut       Factor = "line-cut"       // Google cuts long lines
	FactorGroupBoundary Factor = "group-boundary" // the readings end groups at different lines
	FactorTokenMatching Factor = "token-matching" // a user-agent line names the token under one only
	FactorMerging       Factor = "merging"        // one reading merges groups the other leaves out
	FactorIndexHTML     Factor = "index-html"     // Google's index.html rule
	FactorWildcards     Factor = "wildcards"      // '*' and '$' are special under one reading only
	FactorNormalization Factor = "normalization"  // the URL or a pattern is compared in another form
	FactorEmptyRule     Factor = "empty-rule"     // an empty Disallow allows everything under one only
	FactorFirstMatch    Factor = "first-match"    // the first rule in file order decides under one
	FactorPriority      Factor = "priority"       // priority is counted differently
	// FactorSeveral: no one choice alone changes the verdict; the two in
	// Difference.Factors together do.
	FactorSeveral Factor = "several"
	// FactorInterpretation: the choices as modelled do not account for the
	// difference (or a reading describes no choices); see each explanation.
	FactorInterpretation Factor = "interpretation"
)

// A Difference explains why two readings disagree on one URL.
type Difference struct {
	A      matcher.Reading `json:"a"`
	B      matcher.Reading `json:"b"`
	Factor Factor          `json:"factor"`
	// Factors are the factors that together explain a FactorSeveral.
	Factors  []Factor `json:"factors,omitempty"`
	Sentence string   `json:"sentence"`
}

// A Comparison is one URL evaluated under every reading.
type Comparison struct {
	Files       []*matcher.File   // the files compared, one per reading
	Results     []*matcher.Result // one per reading, in Readings() order
	Differences []Difference
	// Winning holds, by result, the text of the line of its winning
	// rule, "" when no rule decided: what a table of readings shows,
	// kept so that it needs no File (CompareEach lets each go).
	Winning []string
}

// ParseAll parses text under every registered reading, in Readings()
// order, as CompareWith takes the files: their strings are slices of
// text, and they share one copy of its bytes as Source.
func ParseAll(text string) []*matcher.File {
	src := []byte(text)
	rs := matcher.Readings()
	files := make([]*matcher.File, len(rs))
	for i, r := range rs {
		files[i] = matcher.Parse(r, src, matcher.ParseOptions{Text: text})
	}
	return files
}

// CompareWith evaluates token and rawURL against files (one per reading,
// as ParseAll returns) and explains the differences between the chosen
// reading and each other one, in Readings() order, each with the chosen
// reading as A: what a table of the other readings shows.
func CompareWith(files []*matcher.File, chosen matcher.Reading, token, rawURL string) (*Comparison, error) {
	ci := slices.IndexFunc(files, func(f *matcher.File) bool { return f.Reading == chosen })
	if ci < 0 {
		return nil, fmt.Errorf("no file is read under %q", chosen)
	}
	own, err := files[ci].Evaluate(token, rawURL)
	if err != nil {
		return nil, err
	}
	c := &Comparison{Files: files}
	for i, f := range files {
		res := own
		if i != ci {
			res = evaluate(f, token, rawURL)
		}
		c.Results, c.Winning = append(c.Results, res), append(c.Winning, winningText(f, res))
	}
	ss := sides{}
	for j, b := range c.Results {
		if a := c.Results[ci]; b.Allowed != a.Allowed {
			c.Differences = append(c.Differences, explainDifference(ss, files[ci], a, files[j], b))
		}
	}
	return c, nil
}

// Agree reports whether every reading gave the same verdict.
func (c *Comparison) Agree() bool {
	for _, r := range c.Results {
		if r.Allowed != c.Results[0].Allowed {
			return false
		}
	}
	return true
}

// explainDifference names the factor of a disagreement: a decision one
// reading makes outside the model first, then the counterfactual swaps.
func explainDifference(ss sides, fa *matcher.File, a *matcher.Result, fb *matcher.File, b *matcher.Result) Difference {
	d := Difference{A: a.Reading, B: b.Reading}
	ca, cb := choicesOf(a.Reading), choicesOf(b.Reading)
	for _, x := range []struct {
		c          *Choices
		res, other *matcher.Result
	}{{ca, a, b}, {cb, b, a}} {
		if x.c != nil && x.c.Special != nil {
			if f, s, ok := x.c.Special(x.res, x.other); ok {
				d.Factor, d.Sentence = f, s
				return d
			}
		}
		if x.res.Reason == matcher.ReasonRaises || x.res.Reason == matcher.ReasonNoVerdict {
			d.Factor, d.Sentence = FactorNoVerdict, x.res.Explanation
			return d
		}
	}
	if ca == nil || cb == nil {
		d.Factor, d.Sentence = FactorInterpretation, interpretationSentence(a, b, "")
		return d
	}
	p := newPairModel(ss.of(ca, fa), ss.of(cb, fb), a.Token, a.Target)
	d.Factor, d.Factors, d.Sentence = p.explain(a, b)
	return d
}

// evaluate decides rawURL under f's reading, which reads the URL as its
// program does (matcher.TargetReader). A URL the reading refuses gets no
// verdict, with the refusal as its explanation, so that the other readings
// of a comparison still show theirs.
func evaluate(f *matcher.File, token, rawURL string) *matcher.Result {
	res, err := f.Evaluate(token, rawURL)
	if err != nil {
		return &matcher.Result{Reading: f.Reading, Reason: matcher.ReasonNoVerdict, Token: token,
			Target: &matcher.Target{Input: rawURL}, Winner: -1, RunnerUp: -1,
			Explanation: "No verdict: " + err.Error() + "; shown as disallowed, since a crawler fetches nothing there."}
	}
	return res
}

func interpretationSentence(a, b *matcher.Result, why string) string {
	return fmt.Sprintf("%s%s: %s %s: %s", why, a.Reading, a.Explanation, b.Reading, b.Explanation)
}

// Explain runs the counterfactual: the model must first reach each
// reading's real verdict from its own choices; then each choice is swapped
// alone, in order, and then each pair of choices.
func (p *pairModel) explain(a, b *matcher.Result) (Factor, []Factor, string) {
	va, vb := p.eval(0), p.eval(allMix)
	if !va.ok || !vb.ok || va.allowed != a.Allowed || vb.allowed != b.Allowed {
		return FactorInterpretation, nil, interpretationSentence(a, b,
			"the choices these readings are described by do not reproduce both verdicts here, so no single factor is named. ")
	}
	for c := range numChoices {
		if base, ok := p.agreesWithout(mix(1)<<c, a.Allowed, b.Allowed); ok {
			f, s := p.sentence(c, base)
			return f, nil, s
		}
	}
	for c1 := range numChoices {
		for c2 := c1 + 1; c2 < numChoices; c2++ {
			if _, ok := p.agreesWithout(mix(1)<<c1|mix(1)<<c2, a.Allowed, b.Allowed); ok {
				f1, f2 := choiceFactors[c1], choiceFactors[c2]
				return FactorSeveral, []Factor{f1, f2}, fmt.Sprintf("neither %s nor %s alone changes the verdict, both together do. %s: %s %s, %s %s. %s: %s %s, %s %s.",
					f1, f2, words.Capitalize(string(f1)), p.name(0), p.says(0, f1), p.name(1), p.says(1, f1),
					words.Capitalize(string(f2)), p.name(0), p.says(0, f2), p.name(1), p.says(1, f2))
			}
		}
	}
	return FactorInterpretation, nil, interpretationSentence(a, b, "no one or two of the described choices account for the difference. ")
}

// agreesWithout reports whether taking the choices in m from the other
// reading makes one reading decide as the other does: reading 0 with
// reading 1's choices (base 0), or reading 1 with reading 0's (base
// allMix).
func (p *pairModel) agreesWithout(m mix, a, b bool) (mix, bool) {
	if v := p.eval(m); v.ok && v.allowed == b {
		return 0, true
	}
	if v := p.eval(allMix ^ m); v.ok && v.allowed == a {
		return allMix, true
	}
	return 0, false
}

func (p *pairModel) name(i int) matcher.Reading { return p.side[i].f.Reading }

// Says is what reading i does about factor f, in words.
func (p *pairModel) says(i int, f Factor) string {
	if s, ok := p.side[i].c.Says[f]; ok {
		return s
	}
	return "makes its own choice of " + string(f)
}

// sentence says why the readings differ, given that swapping choice c of
// the reading at base for the other's makes them agree.
func (p *pairModel) sentence(c int, base mix) (Factor, string) {
	x, y := base.of(0), 1-base.of(0) // x the reading swapped, y the other
	f := choiceFactors[c]
	both := fmt.Sprintf("%s %s; %s %s", p.name(0), p.says(0, f), p.name(1), p.says(1, f))
	v0, v1 := p.eval(base), p.eval(base.flip(c))
	switch c {
	case choiceRobotsTxt:
		if p.side[x].c.RobotsTxt == nil {
			x, y = y, x
		}
		return f, fmt.Sprintf("%s always allows /robots.txt itself (RFC 9309 §2.2.2); %s treats it like any other path.", p.name(x), p.name(y))
	case choiceLines:
		return p.linesSentence()
	case choiceBounds:
		return f, fmt.Sprintf("%s: the rules that apply are on %s as %s groups them, on %s as %s does.", both,
			lineList(p.applied(base)), p.name(x), lineList(p.applied(base.flip(c))), p.name(y))
	case choiceAgent:
		return f, fmt.Sprintf("for the token %q, %s: %s applies with %s's matching, %s applies with %s's.", p.token, both,
			p.firstAgent(base), p.name(x), p.firstAgent(base.flip(c)), p.name(y))
	case choiceMatch, choiceEmpty:
		if l := firstDifferent(v0.matched, v1.matched); l > 0 {
			return f, fmt.Sprintf("line %d, `%s`: %s.", l, p.side[x].f.Text(int(l)), both)
		}
	case choiceNormalize:
		return f, p.normalizationSentence(x, y, v0, v1)
	case choiceDecide, choicePriority:
		return f, fmt.Sprintf("%s: %s decides as %s chooses, %s as %s does.", both, winnerWords(v0.winner), p.name(x), winnerWords(v1.winner), p.name(y))
	}
	return f, both + "."
}

// linesSentence finds the line whose lexing alone changes the verdict and
// Says how each reading reads it; a line longer than Google's cut names
// the line cut.
func (p *pairModel) linesSentence() (Factor, string) {
	la, lb := p.side[0].linesOf(), p.side[1].linesOf()
	want := p.eval(allMix).allowed
	var differing []int
	if len(la) == len(lb) {
		for i := range la {
			if la[i].Kind != lb[i].Kind || la[i].Value != lb[i].Value {
				differing = append(differing, i)
			}
		}
	}
	for n, i := range differing {
		if n == 32 {
			break // a search over a file that reads many lines differently stops here
		}
		over := append([]ModelLine(nil), la...)
		over[i] = lb[i]
		p.override, p.overrideAt = over, i
		v := p.eval(0)
		p.override = nil
		if !v.ok || v.allowed != want {
			continue
		}
		line := int(la[i].Line)
		if la[i].Long || lb[i].Long {
			return FactorLineCut, fmt.Sprintf("line %d is longer than %d bytes: Google's parser reads only its start, so %s and %s read different records there.",
				line, matcher.GoogleLineLimit, p.name(0), p.name(1))
		}
		return FactorTypos, fmt.Sprintf("line %d, `%s`: %s reads it as %s, %s as %s.", line, clip(p.side[0].f.Text(line)),
			p.name(0), kindWords(la[i].Kind), p.name(1), kindWords(lb[i].Kind))
	}
	return FactorTypos, fmt.Sprintf("%s %s; %s %s: they read different lines as records, and together those lines change the verdict.",
		p.name(0), p.says(0, FactorTypos), p.name(1), p.says(1, FactorTypos))
}

func (p *pairModel) normalizationSentence(x, y int, vx, vy modelVerdict) string {
	px, py := p.path(mix(0)), p.path(allMix)
	if x == 1 {
		px, py = py, px
	}
	if l := firstDifferent(vx.matched, vy.matched); l > 0 {
		if r, ok := ruleLine(p.lines(0), l); ok {
			pa, pb := p.formOf(x, r.Value, px.path), p.formOf(y, r.Value, py.path)
			return fmt.Sprintf("line %d matches under one reading only: %s compares the path %q with the pattern %q; %s compares %q with %q.",
				l, p.name(x), px.path, pa, p.name(y), py.path, pb)
		}
	}
	return fmt.Sprintf("%s compares the URL as %q, %s as %q.", p.name(x), px.path, p.name(y), py.path)
}

// formOf is the form of a rule's value reading i compares with path: an
// alternate form when only that one matches.
func (p *pairModel) formOf(i int, value, path string) string {
	c := p.side[i].c
	form, _ := c.Pattern(value)
	if c.Alternates != nil && !c.Match(form, path) {
		for _, alt := range c.Alternates(value) {
			if c.Match(alt, path) {
				return alt
			}
		}
	}
	return form
}

// firstAgent quotes the first user-agent value of the groups that apply
// under mix m, or says that none does.
func (p *pairModel) firstAgent(m mix) string {
	groups := p.groupsOf(m)
	for _, gi := range p.selected(m, groups) {
		if len(groups[gi].Agents) > 0 {
			return strconv.Quote(groups[gi].Agents[0].Value)
		}
	}
	return "no group"
}

func ruleLine(lines []ModelLine, n int32) (ModelLine, bool) {
	for _, l := range lines {
		if l.Line == n {
			return l, l.Kind.IsRule()
		}
	}
	return ModelLine{}, false
}

// firstDifferent returns the first line in one list and not the other,
// or 0: each list sorted once and walked beside the other.
func firstDifferent(x, y []int32) int32 {
	x, y = slices.Compact(slices.Sorted(slices.Values(x))), slices.Compact(slices.Sorted(slices.Values(y)))
	for len(x) > 0 && len(y) > 0 && x[0] == y[0] {
		x, y = x[1:], y[1:]
	}
	switch {
	case len(x) == 0 && len(y) == 0:
		return 0
	case len(y) == 0 || len(x) > 0 && x[0] < y[0]:
		return x[0]
	}
	return y[0]
}

// lineList writes a few line numbers: "line 4", "lines 2, 4", "no line".
func lineList(v []int32) string {
	switch len(v) {
	case 0:
		return "no line"
	case 1:
		return "line " + strconv.Itoa(int(v[0]))
	}
	parts := make([]string, 0, 6)
	for i, n := range v {
		if i == 5 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, strconv.Itoa(int(n)))
	}
	return "lines " + strings.Join(parts, ", ")
}

func winnerWords(n int32) string {
	if n == 0 {
		return "no rule"
	}
	return "line " + strconv.Itoa(int(n))
}

func kindWords(k matcher.Kind) string {
	switch k {
	case matcher.KindOther:
		return "a record it does not know"
	case matcher.KindInvalid:
		return "a line that is not a record"
	default:
		return articled(k.String()) + " line"
	}
}

func articled(s string) string {
	if s != "" && strings.IndexByte("aeiou", s[0]) >= 0 {
		return "an " + s
	}
	return "a " + s
}

// clip keeps a sentence short when it quotes a long line.
func clip(s string) string {
	if len(s) <= 80 {
		return s
	}
	cut := 80
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
