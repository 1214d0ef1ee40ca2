// Package escape is the project's one notation for bytes that may not
// stand as they are: the fixture register's robots.txt.esc sections are
// written in it (Unescape), and every text the command line prints from
// an untrusted source (a URL, a rule, a token) is put in it (Text), so
// that a control character never reaches a terminal and one URL stays one
// line. It depends on nothing but the standard library.
package escape

import (
	"fmt"
	"strconv"
)

// MaxUnescaped bounds what one robots.txt.esc section may expand to, so a
// mistyped repeat count fails instead of filling memory. The largest case
// needs a little over the 500 KiB parse limit.
const MaxUnescaped = 4 << 20

// Unescape decodes a robots.txt.esc section, which spells bytes a plain
// section cannot hold (CR, NUL, bytes that are not UTF-8, no final newline,
// very long lines):
//
//	\n \r \t \0   LF, CR, tab, NUL
//	\xHH          the byte 0xHH
//	\\            a backslash
//	\ at the end  of a line joins it to the next: the line's LF is dropped
//	\{N|TEXT}     TEXT (itself escaped; write } as \}) repeated N times
//
// Any other backslash is an error. Errors carry the 1-based line, counted
// from the section's first line.
func Unescape(src []byte) ([]byte, error) {
	d := unescaper{src: src, line: 1}
	out, err := d.run(false)
	if err != nil {
		return nil, fmt.Errorf("line %d: %v", d.line, err)
	}
	return out, nil
}

type unescaper struct {
	src  []byte
	pos  int
	line int
}

// run decodes until the end of the source, or, inside a repeat, until its
// closing brace.
func (d *unescaper) run(inRepeat bool) ([]byte, error) {
	var out []byte
	for d.pos < len(d.src) {
		c := d.src[d.pos]
		d.pos++
		switch {
		case c == '\n':
			d.line++
			out = append(out, c)
		case c == '}' && inRepeat:
			return out, nil
		case c != '\\':
			out = append(out, c)
		default:
			b, err := d.escape()
			if err != nil {
				return nil, err
			}
			out = append(out, b...)
		}
		if len(out) > MaxUnescaped {
			return nil, fmt.Errorf("expands past %d bytes", MaxUnescaped)
		}
	}
	if inRepeat {
		return nil, fmt.Errorf(`\{ without its closing }`)
	}
	return out, nil
}

// escape decodes what follows a backslash.
func (d *unescaper) escape() ([]byte, error) {
	if d.pos >= len(d.src) {
		return nil, fmt.Errorf(`a lone \ at the end`)
	}
	c := d.src[d.pos]
	d.pos++
	switch c {
	case 'n':
		return []byte{'\n'}, nil
	case 'r':
		return []byte{'\r'}, nil
	case 't':
		return []byte{'\t'}, nil
	case '0':
		return []byte{0}, nil
	case '\\', '}':
		return []byte{c}, nil
	case '\n':
		d.line++
		return nil, nil
	case 'x':
		return d.hexByte()
	case '{':
		return d.repeat()
	}
	return nil, fmt.Errorf(`unknown escape \%c (write \\ for a backslash)`, c)
}

func (d *unescaper) hexByte() ([]byte, error) {
	if d.pos+2 > len(d.src) {
		return nil, fmt.Errorf(`\x needs two hex digits`)
	}
	v, err := strconv.ParseUint(string(d.src[d.pos:d.pos+2]), 16, 8)
	if err != nil {
		return nil, fmt.Errorf(`\x needs two hex digits, not %q`, d.src[d.pos:d.pos+2])
	}
	d.pos += 2
	return []byte{byte(v)}, nil
}

// repeat decodes \{N|TEXT}.
func (d *unescaper) repeat() ([]byte, error) {
	start := d.pos
	for d.pos < len(d.src) && d.src[d.pos] >= '0' && d.src[d.pos] <= '9' {
		d.pos++
	}
	n, err := strconv.Atoi(string(d.src[start:d.pos]))
	if err != nil || d.pos >= len(d.src) || d.src[d.pos] != '|' {
		return nil, fmt.Errorf(`\{ must be followed by a count and |, as in \{3|ab}`)
	}
	d.pos++
	text, err := d.run(true)
	if err != nil {
		return nil, err
	}
	if n > 0 && len(text)*n > MaxUnescaped {
		return nil, fmt.Errorf("repeat expands past %d bytes", MaxUnescaped)
	}
	out := make([]byte, 0, len(text)*n)
	for range n {
		out = append(out, text...)
	}
	return out, nil
}
