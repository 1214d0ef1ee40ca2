package py

import (
	"strings"

	"robots-explorer/matcher/compare"

	"robots-explorer/matcher"
)

// pyEntry is the record parse() is building (robotparser's Entry).
type Entry struct {
	// Agents and Rules are its lines in the file's arrays (File.AppendAgent,
	// File.AppendRule), which AddTo gives the group.
	Agents matcher.Run
	Rules  matcher.Run
	// First and Last are the numbers of the first and last lines read
	// into it (Read), 0 before any: a list of every line would be
	// garbage the size of the file's lines in a parse.
	First, Last int
}

// Read notes that line n is read into e.
func (e *Entry) Read(n int) {
	if e.First == 0 {
		e.First = n
	}
	e.Last = n
}

// AddTo files e as the next group of the file s reads, as _add_entry
// makes a record of it, and returns the group's index. Every line from the
// entry's first to its last joins the group, except, when keep is set, a
// line already in another one.
func (e Entry) AddTo(s *matcher.Scanner, keep bool) int {
	f := s.File
	gi := f.AddGroup(int32(e.First))
	f.Groups[gi].Agents, f.Groups[gi].Rules, f.Groups[gi].LastLine = e.Agents, e.Rules, int32(e.Last)
	for n := e.First; n <= e.Last; n++ {
		if !keep || f.LineGroup(n-1) < 0 {
			f.SetLineGroup(n-1, int32(gi))
		}
	}
	return gi
}

// cut splits a line's text as parse() does: comment at the first '#',
// strip(), then key and value at the first ':'. Offsets are in the text.
type Cut struct {
	CommentAt      int // index of '#', or -1
	Body           string
	KeyAt, ValueAt int
	Key, Value     string
	Colon          bool
}

func CutLine(text string) Cut {
	c := Cut{CommentAt: strings.IndexByte(text, '#')}
	content := text
	if c.CommentAt >= 0 {
		content = text[:c.CommentAt]
	}
	bodyAt := LeadingSpace(content)
	c.Body = Strip(content)
	k, v, ok := strings.Cut(c.Body, ":")
	c.Colon = ok
	c.Key = Strip(k)
	c.KeyAt = bodyAt + LeadingSpace(k)
	if ok {
		c.Value = Strip(v)
		c.ValueAt = bodyAt + len(k) + 1 + LeadingSpace(v)
	}
	return c
}

// Classify fills the line model of l, the line pl of robotparser's text,
// as parse() cuts it (CutLine): the comment, and the key and value with
// the kind that the key, lowered by lower, names. It returns the cut.
func Classify(l *matcher.Line, pl Line, lower func(string) string) Cut {
	c := CutLine(pl.Text)
	if c.CommentAt >= 0 {
		l.Comment = matcher.SpanOf(pl.Src(c.CommentAt+1), int(l.End))
	}
	switch {
	case c.Body == "" && c.CommentAt >= 0:
		l.Kind = matcher.KindComment
	case c.Body == "":
		l.Kind = matcher.KindBlank
	case !c.Colon:
		l.Kind = matcher.KindInvalid
	default:
		l.Key = matcher.SpanOf(pl.Src(c.KeyAt), pl.Src(c.KeyAt+len(c.Key)))
		l.Value = matcher.SpanOf(pl.Src(c.ValueAt), pl.Src(c.ValueAt+len(c.Value)))
		switch lower(c.Key) {
		case "user-agent":
			l.Kind = matcher.KindUserAgent
		case "allow":
			l.Kind = matcher.KindAllow
		case "disallow":
			l.Kind = matcher.KindDisallow
		default:
			l.Kind = matcher.KindOther
		}
	}
	return c
}

// leadingSpace is how many bytes str.strip() removes at the start of s.
func LeadingSpace(s string) int { return len(s) - len(strings.TrimLeftFunc(s, IsSpace)) }

// pythonLines is python's lexing, which stops where parse() raised.
func ModelLines(f *matcher.File) []compare.ModelLine {
	lines := compare.LinesOf(f)
	for _, d := range f.Diagnostics {
		if d.Code == matcher.CodeRaises && d.Pos.Line >= 1 && d.Pos.Line <= len(lines) {
			lines[d.Pos.Line-1].Stop = true
			break
		}
	}
	return lines
}

// targetInput is the URL as the caller wrote it: python reads it itself.
func TargetInput(t *matcher.Target) string {
	if t == nil {
		return ""
	}
	if t.Input == "" {
		return t.Path
	}
	return t.Input
}

// pyStepper records a Step for each transformation that changes its input.
type Stepper struct {
	S     string
	Steps []matcher.Step
}

func (p *Stepper) Do(rule, source, next string) {
	if next != p.S {
		p.Steps = append(p.Steps, matcher.Step{Input: p.S, Output: next, Rule: rule, Source: source})
	}
	p.S = next
}

const (
	SrcUnquote  = "CPython urllib.parse.unquote"
	SrcSanitize = "CPython urllib.parse.urlsplit (WHATWG URL standard)"
	SrcUnparse  = "CPython urllib.parse.urlparse, urlunparse"
	SrcQuote    = "CPython urllib.parse.quote"
)

// NumberRaises reports whether parse() raises ValueError on a Crawl-delay
// or Request-rate value, and why: it calls int() on what passed number
// (str.isdigit in the classic parser, str.isdecimal since the RFC 9309
// rewrite) after strip(), and int() refuses more than isdigit accepts, more
// than 4300 digits, and (in a Request-rate part, which it does not strip
// first) a few characters that strip() removes.
func NumberRaises(key, value string, number func(string) bool) (bool, string) {
	if key == "crawl-delay" {
		if !number(Strip(value)) {
			return false, ""
		}
		return IntRaises(value)
	}
	nums := strings.Split(value, "/")
	if len(nums) != 2 || !number(Strip(nums[0])) || !number(Strip(nums[1])) {
		return false, ""
	}
	if r, why := IntRaises(nums[0]); r {
		return r, why
	}
	return IntRaises(nums[1])
}

// ReadLines splits the source of s with split (SplitLinesEach, or
// protego's own), and hands read each line as split finds it, with its
// text as Python decoded it; it returns what split said of the bytes that
// did not decode. pause is the parse's ParseOptions.Pause.
func ReadLines(s *matcher.Scanner, pause func(), split func(src []byte, text string, pause func(), emit func(Line)) int,
	read func(l *matcher.Line, pl Line)) int {
	return split(s.File.Source, s.Text, pause, func(pl Line) {
		read(s.BeginLine(int(pl.Start), int(pl.End)), pl)
		s.EndLine()
	})
}
