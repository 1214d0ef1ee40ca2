package main

import "robots-explorer/matcher"

// readingFiles keeps one source text parsed under each reading that was
// asked for. The explorer parses the chosen reading at once and the others
// later, one per step, for the side-by-side comparison; a new text empties
// the cache, so switching readings or choosing another URL of the same text
// never parses it twice.
type readingFiles struct {
	source string
	files  map[matcher.Reading]*matcher.File
}

// file returns source parsed under r, parsing it now if needed. A nil
// cache parses every time (the tests' plain analyses).
func (c *readingFiles) file(r matcher.Reading, source string) *matcher.File {
	if c == nil {
		return matcher.ParseText(r, source)
	}
	c.reset(source)
	f := c.files[r]
	if f == nil {
		f = matcher.ParseText(r, source)
		c.files[r] = f
	}
	return f
}

func (c *readingFiles) reset(source string) {
	if c.files == nil || c.source != source {
		c.source, c.files = source, map[matcher.Reading]*matcher.File{}
	}
}

// missing names the first reading, in Readings() order, that source has
// not been parsed under yet.
func (c *readingFiles) missing(source string) (matcher.Reading, bool) {
	c.reset(source)
	for _, r := range matcher.Readings() {
		if c.files[r] == nil {
			return r, true
		}
	}
	return "", false
}

// all returns source parsed under every reading, in Readings() order (the
// order matcher.Compare expects), parsing what is missing.
func (c *readingFiles) all(source string) []*matcher.File {
	var out []*matcher.File
	for _, r := range matcher.Readings() {
		out = append(out, c.file(r, source))
	}
	return out
}

// A comparison is the chosen URL under every reading, with matcher.Compare's
// reason for each pair of readings that disagree.
type comparison struct {
	Readings []readingVerdict
	Disagree bool
	// Others are the disagreements between two readings that are not the
	// chosen one; those with the chosen one sit beside its verdict.
	Others []matcher.Difference
}

// A readingVerdict is what one reading says about the chosen URL.
type readingVerdict struct {
	Reading matcher.Reading
	Verdict string
	Why     string
	Current bool
	Differs bool // from the chosen reading's verdict
	// Factor and Reason say why it differs from the chosen reading.
	Factor matcher.Factor
	Reason string
}

// compareURL evaluates token and url under every reading of files (one per
// reading, in Readings() order) and explains each disagreement. It returns
// nil when the URL cannot be read or when there is one reading only.
func compareURL(files []*matcher.File, chosen matcher.Reading, token, url string) *comparison {
	if len(files) < 2 {
		return nil
	}
	cmp, err := matcher.Compare(files, token, url)
	if err != nil {
		return nil
	}
	out := &comparison{Disagree: !cmp.Agree()}
	withChosen := map[matcher.Reading]matcher.Difference{}
	for _, d := range cmp.Differences {
		switch chosen {
		case d.A:
			withChosen[d.B] = d
		case d.B:
			withChosen[d.A] = d
		default:
			out.Others = append(out.Others, d)
		}
	}
	for _, res := range cmp.Results {
		v := readingVerdict{Reading: res.Reading, Verdict: res.Verdict(), Why: res.Explanation, Current: res.Reading == chosen}
		if d, ok := withChosen[res.Reading]; ok {
			v.Differs, v.Factor, v.Reason = true, d.Factor, d.Sentence
		}
		out.Readings = append(out.Readings, v)
	}
	return out
}
