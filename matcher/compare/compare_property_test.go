//go:build !wasm

package compare

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"robots-explorer/matcher"
	"robots-explorer/matcher/internal/gen"
)

// The factor Compare names must be the one that changes the verdict. These
// tests hold it to that over thousands of generated files (the generator
// of the python differential test, with wildcard and index.html rules
// mixed in): for each pair of readings that disagree, the model reaches
// both real verdicts, undoing the named factor alone makes the two agree,
// and undoing any factor before it in the fixed order does not.

var compareExtraRules = []string{"Allow: /a/index.html", "Disallow: /*.php$", "Allow: /fish*", "Disallow: /fish",
	"Disallow: /a*", "Allow: /a$", "Disallow: /%7Euser/", "Disalow: /a", "Disallow /t", "Allow: /tmp/",
	"User-agent: Googlebot", "User-agent: *", ""}

func genCompareBody(r *rand.Rand) []byte {
	lines := strings.Split(string(gen.PyBody(r)), "\n")
	for range r.IntN(4) {
		at := r.IntN(len(lines) + 1)
		lines = append(lines[:at], append([]string{gen.Pick(r, compareExtraRules)}, lines[at:]...)...)
	}
	return []byte(strings.Join(lines, "\n"))
}

// choiceOf is the choice a single factor names.
func choiceOf(f Factor) (int, bool) {
	if f == FactorLineCut {
		return choiceLines, true
	}
	for c, g := range choiceFactors {
		if g == f {
			return c, true
		}
	}
	return 0, false
}

// undoes reports whether taking the choices in m from the other reading
// makes the pair agree, in either direction.
func undoes(p *pairModel, m mix, a, b *matcher.Result) bool {
	_, ok := p.agreesWithout(m, a.Allowed, b.Allowed)
	return ok
}

func modelOf(files []*matcher.File, a, b *matcher.Result) *pairModel {
	fa, fb := fileOf(files, a.Reading), fileOf(files, b.Reading)
	ca, cb := choicesOf(a.Reading), choicesOf(b.Reading)
	if ca == nil || cb == nil {
		return nil
	}
	return newPairModel(&modelSide{c: ca.withDefaults(), f: fa}, &modelSide{c: cb.withDefaults(), f: fb}, a.Token, a.Target)
}

// checkDifference checks one named factor against the model, from the
// outside: fidelity first, then the claim the factor makes.
func checkDifference(files []*matcher.File, cmp *Comparison, d Difference) error {
	a, b := resultOf(cmp, d.A), resultOf(cmp, d.B)
	p := modelOf(files, a, b)
	if p == nil {
		if d.Factor != FactorInterpretation {
			return fmt.Errorf("a reading without choices, named %s", d.Factor)
		}
		return nil
	}
	va, vb := p.eval(0), p.eval(allMix)
	faithful := va.ok && vb.ok && va.allowed == a.Allowed && vb.allowed == b.Allowed
	single := -1
	for c := range numChoices {
		if undoes(p, mix(1)<<c, a, b) {
			single = c
			break
		}
	}
	switch d.Factor {
	case FactorNoVerdict:
		if a.Reason != matcher.ReasonRaises && b.Reason != matcher.ReasonRaises {
			return fmt.Errorf("no-verdict, but both readings gave one")
		}
		return nil
	case FactorURL:
		if !claims(a, FactorURL) && !claims(b, FactorURL) {
			return fmt.Errorf("url, but neither reading's program fails to read %q", a.Target.Input)
		}
		return nil
	case FactorInterpretation:
		if faithful && single >= 0 {
			return fmt.Errorf("interpretation, but undoing %s alone agrees", choiceFactors[single])
		}
		return nil
	case FactorSeveral:
		if !faithful || single >= 0 || len(d.Factors) != 2 {
			return fmt.Errorf("several %v: faithful %v, single %d", d.Factors, faithful, single)
		}
		c1, _ := choiceOf(d.Factors[0])
		c2, _ := choiceOf(d.Factors[1])
		if !undoes(p, mix(1)<<c1|mix(1)<<c2, a, b) {
			return fmt.Errorf("several %v: undoing both does not agree", d.Factors)
		}
		return nil
	}
	c, ok := choiceOf(d.Factor)
	switch {
	case !ok:
		return fmt.Errorf("unknown factor %s", d.Factor)
	case !faithful:
		return fmt.Errorf("named %s, but the model does not reach the real verdicts (%v %v, %v %v)", d.Factor, va.allowed, a.Allowed, vb.allowed, b.Allowed)
	case single != c:
		return fmt.Errorf("named %s, but the first factor whose undoing alone agrees is %d", d.Factor, single)
	}
	return nil
}

func TestCompareNamedFactorUndoesTheDifference(t *testing.T) {
	r := rand.New(rand.NewPCG(9309, 1415))
	const files = 3000
	var differences, faithfulResults, results int
	byFactor := map[Factor]int{}
	for range files {
		src := genCompareBody(r)
		parsed := ParseAll(string(src))
		for range 3 {
			token, url := gen.Pick(r, gen.Tokens), gen.PyURL(r)
			cmp, err := Compare(parsed, token, url)
			if err != nil {
				continue
			}
			for _, res := range cmp.Results {
				if res.Reason == matcher.ReasonRaises || special(res) {
					continue // no verdict, or one outside the model
				}
				results++
				if faithfulTo(parsed, cmp, res) {
					faithfulResults++
				}
			}
			for _, d := range cmp.Differences {
				differences++
				byFactor[d.Factor]++
				if err := checkDifference(parsed, cmp, d); err != nil {
					t.Fatalf("%s vs %s on %q, token %q, URL %q: %v\nsentence: %s", d.A, d.B, src, token, url, err, d.Sentence)
				}
			}
		}
	}
	t.Logf("%d differences checked in %d files; factors: %v; the model reaches %d of %d real verdicts", differences, files, byFactor, faithfulResults, results)
	if differences < 2000 {
		t.Errorf("only %d differences: the generator no longer makes the readings disagree", differences)
	}
	if named := differences - byFactor[FactorInterpretation] - byFactor[FactorSeveral]; named*10 < differences*9 {
		t.Errorf("a single factor is named for only %d of %d differences", named, differences)
	}
}

// claims reports whether res's reading names f for res outside the model.
func claims(res *matcher.Result, f Factor) bool {
	c := choicesOf(res.Reading)
	if c == nil || c.Special == nil {
		return false
	}
	got, _, ok := c.Special(res, res)
	return ok && got == f
}

func special(res *matcher.Result) bool {
	c := choicesOf(res.Reading)
	if c == nil || c.Special == nil {
		return false
	}
	_, _, ok := c.Special(res, res)
	return ok
}

// faithfulTo reports whether the model, given res's reading's own choices,
// reaches its real verdict.
func faithfulTo(files []*matcher.File, cmp *Comparison, res *matcher.Result) bool {
	p := modelOf(files, res, res)
	if p == nil {
		return false
	}
	v := p.eval(0)
	return v.ok && v.allowed == res.Allowed
}

// The typos factor is also checked without the model: writing the line
// it names with the key Google's parser reads it as makes RFC 9309's real
// reading decide as Google's does.
func TestCompareTyposUndoneByFixingTheLine(t *testing.T) {
	r := rand.New(rand.NewPCG(2019, 7))
	checked := 0
	for range 3000 {
		src := genCompareBody(r)
		parsed := ParseAll(string(src))
		for range 4 {
			token, url := gen.Pick(r, gen.Tokens), gen.PyURL(r)
			cmp, err := CompareWith(parsed, matcher.RFC9309, token, url)
			if err != nil {
				continue
			}
			for _, d := range cmp.Differences {
				var line int
				if d.B != matcher.Google || d.Factor != FactorTypos {
					continue
				}
				if _, err := fmt.Sscanf(d.Sentence, "line %d,", &line); err != nil {
					continue // the sentence names no one line
				}
				g := fileOf(parsed, matcher.Google)
				l := g.Lines()[line-1]
				key := map[matcher.Kind]string{matcher.KindUserAgent: "User-agent", matcher.KindAllow: "Allow", matcher.KindDisallow: "Disallow"}[l.Kind]
				if key == "" {
					continue // Google reads the line as no record: nothing to write
				}
				fixed := string(g.Source[:l.Start]) + key + ": " + g.TextOf(l.Value) + string(g.Source[l.End:])
				res, err := matcher.Parse(matcher.RFC9309, []byte(fixed), matcher.ParseOptions{}).Evaluate(token, url)
				if err != nil {
					t.Fatal(err)
				}
				if got := resultOf(cmp, matcher.Google).Allowed; res.Allowed != got {
					t.Errorf("%q, line %d fixed to %q: rfc9309 says %v, google %v", src, line, fixed, res.Allowed, got)
				}
				checked++
			}
		}
	}
	t.Logf("%d typos differences undone by fixing the line", checked)
	if checked < 100 {
		t.Errorf("only %d typos differences checked", checked)
	}
}

func fileOf(files []*matcher.File, r matcher.Reading) *matcher.File {
	for _, f := range files {
		if f.Reading == r {
			return f
		}
	}
	return nil
}

func resultOf(c *Comparison, r matcher.Reading) *matcher.Result {
	for _, res := range c.Results {
		if res.Reading == r {
			return res
		}
	}
	return nil
}
