package capture

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The page reads WARC files with ReadWARC rather than with the WARC
// library the program uses (app/internal/capture): linked into the page's
// WebAssembly, the library and the tables it brings would add about
// 400 KB after compression, for a page that needs only to cut records
// apart. ReadWARC checks no digest; the program's reader does.

// maxHeaderLine and maxFields bound a record's header: a file that is not
// a WARC, or a hostile one, must not be read whole as one line.
const (
	maxHeaderLine = 64 << 10
	maxFields     = 256
)

// ReadWARC reads the WARC in r (plain, or gzip-compressed a record at a
// time as .warc.gz files are) into c: every record's header, and the
// block, up to MaxBlock bytes, of each record c wants.
func ReadWARC(r io.Reader, c *Collector) error {
	br := bufio.NewReaderSize(r, 64<<10)
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(br) // reads member after member
		if err != nil {
			return err
		}
		br = bufio.NewReaderSize(z, 64<<10)
	}
	for n := 1; ; n++ {
		rec, length, err := readHeader(br)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s, record %d: %w", c.Source, n, err)
		}
		if c.Wants(&rec) {
			rec.Block = make([]byte, min(length, MaxBlock))
			if _, err := io.ReadFull(br, rec.Block); err != nil {
				return fmt.Errorf("%s, record %d: the block ends early: %w", c.Source, n, err)
			}
			rec.Cut = length > MaxBlock
			length -= int64(len(rec.Block))
			c.Add(rec)
		}
		if _, err := io.CopyN(io.Discard, br, length); err != nil {
			return fmt.Errorf("%s, record %d: the block ends early: %w", c.Source, n, err)
		}
	}
}

// readHeader reads a record's version line and fields, after the blank
// lines that end the record before it, and returns them with its
// Content-Length.
func readHeader(br *bufio.Reader) (Record, int64, error) {
	line, err := readLine(br)
	for err == nil && line == "" {
		line, err = readLine(br)
	}
	if err != nil {
		return Record{}, 0, err
	}
	if !strings.HasPrefix(line, "WARC/") {
		return Record{}, 0, errors.New("not a WARC record: it does not start with WARC/1.0 or WARC/1.1")
	}
	var rec Record
	for {
		if line, err = readLine(br); err != nil {
			return Record{}, 0, noEOF(err)
		}
		if line == "" {
			break
		}
		if len(rec.Fields) == maxFields {
			return Record{}, 0, fmt.Errorf("more than %d header fields", maxFields)
		}
		if (line[0] == ' ' || line[0] == '\t') && len(rec.Fields) > 0 { // a folded line
			rec.Fields[len(rec.Fields)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return Record{}, 0, fmt.Errorf("the header line %q has no colon", line[:min(len(line), 80)])
		}
		rec.Fields = append(rec.Fields, Field{strings.TrimSpace(name), strings.TrimSpace(value)})
	}
	length, err := strconv.ParseInt(rec.Get("Content-Length"), 10, 64)
	if err != nil || length < 0 {
		return Record{}, 0, fmt.Errorf("the Content-Length %q is not a length", rec.Get("Content-Length"))
	}
	return rec, length, nil
}

// readLine reads one line without its CRLF or LF, at most maxHeaderLine
// bytes.
func readLine(br *bufio.Reader) (string, error) {
	var b []byte
	for {
		part, err := br.ReadSlice('\n')
		b = append(b, part...)
		if len(b) > maxHeaderLine {
			return "", fmt.Errorf("a header line is longer than %d bytes", maxHeaderLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(b) > 0 {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
