//go:build !wasm

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"robots-explorer/matcher"
)

// Exit statuses of check: usable in CI pipelines and by conformance runners.
const (
	exitAllowed    = 0
	exitDisallowed = 1
	exitUsage      = 2
)

const checkUsage = `usage: robots-explorer check [-reading NAME] [-json] [-urls FILE] ROBOTS_FILE TOKEN [URL...]

Decides whether TOKEN may crawl each URL under the robots.txt in ROBOTS_FILE
("-" reads standard input). A URL is a path with query (/fish?id=3) or a full
URL; an empty URL means /. Exit status: 0 when every URL is allowed, 1 when
any is disallowed, 2 on a usage or input error.

flags:
`

type checkConfig struct {
	reading matcher.Reading
	json    bool
	urls    string
	file    string
	token   string
	args    []string
}

func parseCheckFlags(args []string, stderr io.Writer) (*checkConfig, error) {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, checkUsage); fs.PrintDefaults() }
	readingName := fs.String("reading", string(matcher.RFC9309), "the reading: "+readingList())
	asJSON := fs.Bool("json", false, "print one JSON object per URL")
	urls := fs.String("urls", "", "read URLs one per line from `FILE` (\"-\" is standard input)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	r, err := matcher.ParseReading(*readingName)
	if err != nil {
		return nil, err
	}
	rest := fs.Args()
	if len(rest) < 2 {
		return nil, errors.New("check needs ROBOTS_FILE and TOKEN")
	}
	c := &checkConfig{reading: r, json: *asJSON, urls: *urls, file: rest[0], token: rest[1], args: rest[2:]}
	if c.urls == "-" && c.file == "-" {
		return nil, errors.New("standard input cannot be both ROBOTS_FILE and -urls")
	}
	if c.urls == "" && len(c.args) == 0 {
		return nil, errors.New("check needs at least one URL, or -urls FILE")
	}
	return c, nil
}

func readingList() string {
	var names []string
	for _, r := range matcher.Readings() {
		names = append(names, string(r))
	}
	return strings.Join(names, ", ")
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c, err := parseCheckFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer check: %v\n", err)
		return exitUsage
	}
	body, err := readInput(c.file, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "robots-explorer check: %v\n", err)
		return exitUsage
	}
	f := matcher.ParseAs(c.reading, body)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := exitAllowed
	each := func(u string) error {
		res, err := f.Evaluate(c.token, u)
		if err != nil {
			return err
		}
		if !res.Allowed {
			status = exitDisallowed
		}
		return writeResult(out, f, res, c.json)
	}
	if err := forEachURL(c, stdin, each); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "robots-explorer check: %v\n", err)
		return exitUsage
	}
	return status
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// forEachURL calls fn for the URLs on the command line, then for those of
// the -urls file, streaming it line by line.
func forEachURL(c *checkConfig, stdin io.Reader, fn func(string) error) error {
	for _, u := range c.args {
		if err := fn(u); err != nil {
			return err
		}
	}
	if c.urls == "" {
		return nil
	}
	r := stdin
	if c.urls != "-" {
		fh, err := os.Open(c.urls)
		if err != nil {
			return err
		}
		defer fh.Close()
		r = fh
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	n := 0
	for sc.Scan() {
		n++
		if err := fn(strings.TrimRight(sc.Text(), "\r")); err != nil {
			return fmt.Errorf("%s:%d: %w", c.urls, n, err)
		}
	}
	return sc.Err()
}

func writeResult(w io.Writer, f *matcher.File, res *matcher.Result, asJSON bool) error {
	if asJSON {
		b, err := json.Marshal(newCheckJSON(f, res))
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	_, err := fmt.Fprintf(w, "%s\t%s\t%s\n", res.Verdict(), res.Target.Input, why(f, res))
	return err
}

// why is the short form of the reason: the winning line, or what decided.
func why(f *matcher.File, res *matcher.Result) string {
	if m, ok := res.WinningRule(); ok {
		return fmt.Sprintf("line %d: %s", m.Rule.Line, f.Text(m.Rule.Line))
	}
	return res.Explanation
}
