package urllist

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
)

// input is one file's bytes, decompressed, with at most max of them read.
type input struct {
	*bufio.Reader
	lim *limiter
}

func (in *input) err() error { return in.lim.failed }

// limiter fails a read that would go past max bytes.
type limiter struct {
	r      io.Reader
	n, max int64
	what   string
	failed error
}

func (l *limiter) Read(p []byte) (int, error) {
	if l.failed != nil {
		return 0, l.failed
	}
	if rest := l.max + 1 - l.n; int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.n > l.max {
		l.failed = fmt.Errorf("%s more than %d bytes: stopped there (raise the limit to read more)", l.what, l.max)
		return 0, l.failed
	}
	return n, err
}

// open decompresses a gzip file (by its first two bytes, whatever its
// name) and bounds what is read of it.
func open(name string, r io.Reader, max int64) (*input, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	lim := &limiter{r: br, max: max, what: "holds"}
	if head, _ := br.Peek(2); bytes.HasPrefix(head, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("not a readable gzip file: %w", err)
		}
		lim.r, lim.what = zr, "decompresses to"
	} else if strings.HasSuffix(strings.ToLower(name), ".gz") {
		return nil, errors.New("named .gz, but not gzip data")
	}
	return &input{bufio.NewReaderSize(lim, 64<<10), lim}, nil
}

// sniff chooses a format: XML for a file starting with '<' (after a byte
// order mark and white space), CSV for a .csv name or a chosen column,
// else a plain list.
func sniff(name string, in *input, column bool) Format {
	head, _ := in.Peek(512)
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	if t := bytes.TrimLeft(head, " \t\r\n"); len(t) > 0 && t[0] == '<' {
		return Sitemap
	}
	if column || strings.HasSuffix(strings.TrimSuffix(strings.ToLower(name), ".gz"), ".csv") {
		return CSV
	}
	return Plain
}
