package register

import (
	"bytes"
	"strings"
)

// An archive is a txtar file: a comment, then sections each opened by a
// marker line "-- NAME --". The format is the one golang.org/x/tools/txtar
// reads; this small reader keeps the project free of that dependency and
// remembers the line each part starts on, for error messages.
type archive struct {
	comment     []byte
	commentLine int // line of the comment's first line (always 1)
	sections    []section
}

// A section is one named part of an archive.
type section struct {
	name string
	data []byte
	line int // line of the section's marker
}

// parseArchive cuts data into its comment and sections. Every byte belongs
// to one of them, so it cannot fail.
func parseArchive(data []byte) archive {
	a := archive{commentLine: 1}
	cur := &a.comment
	lineNo := 0
	for len(data) > 0 {
		line, rest := cutLine(data)
		lineNo++
		if name, ok := marker(line); ok {
			a.sections = append(a.sections, section{name: name, line: lineNo})
			cur = &a.sections[len(a.sections)-1].data
		} else {
			*cur = append(*cur, line...)
		}
		data = rest
	}
	return a
}

// cutLine returns the first line of data, with its LF, and the rest.
func cutLine(data []byte) (line, rest []byte) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[:i+1], data[i+1:]
	}
	return data, nil
}

// marker reports whether line is "-- NAME --" and returns NAME.
func marker(line []byte) (string, bool) {
	s := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	name := strings.TrimSpace(s[3 : len(s)-3])
	return name, name != ""
}
