package record

import (
	"reflect"
	"slices"
	"testing"

	"robots-explorer/matcher"
)

// A row is a view of the record of the same verdict: every field it shares
// with the record holds the same value, under every reading. Both start
// their normalization with the URL's own steps, so that the RFC 3986 §4.2
// reading of "//b/x" as host b and path /x shows there.
func TestRowIsAViewOfTheRecord(t *testing.T) {
	for _, reading := range matcher.Readings() {
		f := matcher.Parse(reading, []byte(recordFile+"  Disallow: /%7Efish/x  \r\nCrawl-delay: 3\r\n"), matcher.ParseOptions{})
		for _, u := range []string{"/fish", "https://Example.com:443/a.php#f", "/~fish/x", "/robots.txt", "/none", "//b/x"} {
			res, err := f.Evaluate("Googlebot", u)
			if err != nil {
				t.Fatalf("%s %q: %v", reading, u, err)
			}
			rec, row := New(Input{File: f, Result: res}), NewRow(f, res, nil, 0)
			refs := []RuleRef{}
			for _, m := range rec.Matches {
				refs = append(refs, m.Ref())
			}
			var winner *RuleRef
			if rec.Winner != nil {
				w := rec.Winner.Ref()
				winner = &w
			}
			pairs := []struct {
				field     string
				row, want any
			}{
				{"verdict", row.Verdict, rec.Verdict},
				{"scope", row.Scope, rec.Scope.Label},
				{"url", row.URL, rec.URL},
				{"path", row.Path, rec.MatchedPath},
				{"robots_url", row.RobotsURL, rec.RobotsURL},
				{"reason", row.Reason, rec.Reason},
				{"explanation", row.Explanation, rec.Explanation},
				{"winner", row.Winner, winner},
				{"matches", row.Matches, refs},
				{"steps", row.Steps, rec.Normalization},
				{"groups", row.Groups, rec.Groups.Selected},
				{"diagnostics", row.Diagnostics, rec.Diagnostics},
			}
			if u == "//b/x" && !slices.ContainsFunc(rec.Normalization, func(s matcher.Step) bool { return s.Source == "RFC 3986 §4.2" }) {
				t.Errorf("%s: the record's normalization %+v lacks the network-path step", reading, rec.Normalization)
			}
			for _, p := range pairs {
				if !reflect.DeepEqual(p.row, p.want) {
					t.Errorf("%s %q: row %s = %+v, record's %+v", reading, u, p.field, p.row, p.want)
				}
			}
		}
	}
}
