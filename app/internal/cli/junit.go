//go:build !wasm

package cli

import (
	"encoding/xml"
	"fmt"
	"os"
	"strings"

	"robots-explorer/matcher"
	"robots-explorer/matcher/escape"
)

// The JUnit XML report of test: one testsuite for the file, one testcase
// per row, so that a CI system lists each expectation as a case of its
// own. The format is the common denominator the JUnit XML readers agree on
// (testsuites > testsuite > testcase, with failure elements).
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr"`
	Line      int           `xml:"line,attr"`
	Failure   *junitFailure `xml:"failure"`
	Error     *junitFailure `xml:"error"` // a row that could not be checked
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// writeJUnitFile writes the report of outcomes to name. Every text is
// escaped first (escape.Text): XML 1.0 cannot carry most control
// characters even as references.
func writeJUnitFile(name string, c *testConfig, f *matcher.File, outcomes []outcome) error {
	suite := junitSuite{Name: escape.Text(c.robots), Tests: len(outcomes),
		Properties: []junitProperty{{"reading", string(c.reading)}, {"expectations", escape.Text(c.exp)}}}
	for i := range outcomes {
		o := &outcomes[i]
		if o.err != "" {
			suite.Errors++
			name := strings.TrimSpace(o.who + " " + o.url)
			if name == "" {
				name = fmt.Sprintf("line %d", o.line)
			}
			suite.Cases = append(suite.Cases, junitCase{Name: escape.Text(name), Classname: "robots.txt",
				File: escape.Text(c.exp), Line: o.line, Error: &junitFailure{Message: escape.Text(o.err), Type: "unchecked"}})
			continue
		}
		tc := junitCase{Name: escape.Text(fmt.Sprintf("%s %s is %s", o.who, o.url, verdictWord(o.expected))),
			Classname: escape.Text("robots.txt." + o.crawler), File: escape.Text(c.exp), Line: o.line,
			SystemOut: escape.Text(decidedBy(f, o))}
		if !o.passed() {
			suite.Failures++
			tc.Failure = &junitFailure{Message: escape.Text(decidedBy(f, o)), Type: "verdict",
				Text: escape.Text(o.res.Explanation)}
		}
		suite.Cases = append(suite.Cases, tc)
	}
	doc := junitSuites{Tests: suite.Tests, Failures: suite.Failures, Errors: suite.Errors, Suites: []junitSuite{suite}}
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	b = append([]byte(xml.Header), append(b, '\n')...)
	return os.WriteFile(name, b, 0o644)
}
