package matcher

import "fmt"

// Kind classifies a line of a robots.txt file.
type Kind uint8

// The kinds of line.
const (
	KindBlank     Kind = iota // empty or only white space
	KindComment               // only a comment
	KindUserAgent             // user-agent: starts or extends a group
	KindAllow                 // allow rule
	KindDisallow              // disallow rule
	KindOther                 // another record (sitemap, crawl-delay, unknown keys)
	KindInvalid               // a line that is not a record: no key, no colon
)

var kindNames = [...]string{"blank", "comment", "user-agent", "allow", "disallow", "other", "invalid"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// MarshalText makes a Kind read as its name in JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a Kind from its name, so that JSON round-trips.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown kind %q", b)
}

// IsRule reports whether the kind is allow or disallow.
func (k Kind) IsRule() bool { return k == KindAllow || k == KindDisallow }

// A Line is one line of the file as the reading understood it.
type Line struct {
	Number int  // 1-based
	Start  int  // byte offset of the line's first byte in File.Source
	End    int  // byte offset just past the line's last byte, before its terminator
	Kind   Kind // how the reading classified it
	// Key and Value are the record's key and value as written, with white
	// space around them and the comment removed. Value is empty for blank,
	// comment and invalid lines.
	Key   string
	Value string
	// KeyOffset and ValueOffset are byte offsets in File.Source of the key
	// and value (equal to Start when absent).
	KeyOffset   int
	ValueOffset int
	Comment     string // text after '#', if any
	// Group is the index in File.Groups of the group this line belongs to,
	// or -1 when it belongs to none.
	Group int
}

// A Group is a run of user-agent lines and the rules that follow them.
type Group struct {
	Index  int
	Agents []Agent // the user-agent lines that start the group
	Rules  []Rule  // its allow and disallow rules, in file order
	// FirstLine and LastLine are the 1-based numbers of the group's first
	// and last lines that are not blank.
	FirstLine int
	LastLine  int
}

// An Agent is one user-agent line of a group.
type Agent struct {
	Line  int    // 1-based line number
	Value string // the value as written
	// Token is the product token the reading extracted from Value; "*" for
	// the global group.
	Token  string
	Global bool
}

// A Rule is an allow or disallow line of a group.
type Rule struct {
	Line    int    // 1-based line number
	Allow   bool   // allow or disallow
	Pattern string // as written
	// Normalized is the pattern as the reading compares it.
	Normalized string
	Group      int // index in File.Groups
}

// Kind returns KindAllow or KindDisallow.
func (r Rule) Kind() Kind {
	if r.Allow {
		return KindAllow
	}
	return KindDisallow
}

// A File is a robots.txt file parsed under one reading.
type File struct {
	Reading     Reading
	Source      []byte
	Lines       []Line
	Groups      []Group
	Diagnostics DiagnosticList
	// BOM is the number of bytes of a UTF-8 byte-order mark (whole or
	// partial) skipped at the start.
	BOM int

	// ext holds reading-specific data (e.g. compiled patterns).
	ext any
	// selections caches each token's group trace (see selectionFor).
	selections *selections
}

// Text returns the source text of the line with the given 1-based number, or
// "" when there is no such line.
func (f *File) Text(line int) string {
	if line < 1 || line > len(f.Lines) {
		return ""
	}
	l := f.Lines[line-1]
	return string(f.Source[l.Start:l.End])
}
