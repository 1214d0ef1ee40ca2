//go:build !js

package permalink

import (
	"bytes"
	"compress/flate"
	"io"
)

// deflateRaw compresses data into raw DEFLATE, as tightly as
// compress/flate can: links are short, and made once.
func deflateRaw(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// inflateRaw decompresses raw DEFLATE, refusing (errInflateSize) data that
// unpacks to more than limit bytes: a counting reader stops it there, so
// no more than limit+1 bytes are ever held.
func inflateRaw(data []byte, limit int) ([]byte, error) {
	r := &countingReader{r: flate.NewReader(bytes.NewReader(data)), left: limit}
	out, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// countingReader passes on at most left bytes, then fails with
// errInflateSize if the stream holds more.
type countingReader struct {
	r    io.Reader
	left int
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// One byte more than the limit decides between the end and a
		// stream too large.
		var one [1]byte
		if n, err := c.r.Read(one[:]); n > 0 {
			return 0, errInflateSize
		} else if err != nil {
			return 0, err
		}
		return 0, nil
	}
	if len(p) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= n
	return n, err
}
