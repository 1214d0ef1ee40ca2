//go:build !wasm

package capture

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nlnwa/gowarc/v3"

	"robots-explorer/matcher/capture"
)

// Write writes a WARC 1.1 file to w: a warcinfo record naming the file and
// the software that wrote it, then the records. With compress set, each
// record is a gzip member of its own, as in a .warc.gz file. It returns
// the records as written, with the lengths and digests the library
// computed (WARC-Block-Digest, and WARC-Payload-Digest of HTTP messages).
func Write(w io.Writer, name, software string, records []capture.Record, compress bool) ([]capture.Record, error) {
	info := capture.Record{Fields: []capture.Field{{Name: "WARC-Type", Value: capture.TypeWarcinfo}, {Name: "WARC-Record-ID", Value: newID()},
		{Name: "WARC-Filename", Value: name}, {Name: "Content-Type", Value: "application/warc-fields"}}}
	if n := len(records); n > 0 {
		info.Fields = append(info.Fields, capture.Field{Name: "WARC-Date", Value: records[0].Get("WARC-Date")})
	}
	info.Block = []byte("software: " + software + "\r\nformat: WARC File Format 1.1\r\n" +
		"conformsTo: http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/\r\n")
	var out []capture.Record
	for _, r := range append([]capture.Record{info}, records...) {
		written, err := writeRecord(w, r, compress)
		if err != nil {
			return nil, fmt.Errorf("the %s record of %s: %w", r.Type(), r.Target(), err)
		}
		out = append(out, written)
	}
	return out[1:], nil
}

// recordTypes are the types of the records a fetch writes.
var recordTypes = map[string]gowarc.RecordType{capture.TypeWarcinfo: gowarc.Warcinfo, capture.TypeRequest: gowarc.Request,
	capture.TypeResponse: gowarc.Response, capture.TypeMetadata: gowarc.Metadata}

func writeRecord(w io.Writer, r capture.Record, compress bool) (capture.Record, error) {
	// The builder digests the payload of an HTTP message only when it is
	// told the record's type, not when given the WARC-Type field.
	b := gowarc.NewRecordBuilder(recordTypes[r.Type()], gowarc.WithAddMissingDigest(true), gowarc.WithSpecViolationPolicy(gowarc.ErrFail),
		gowarc.WithSyntaxErrorPolicy(gowarc.ErrFail))
	for _, f := range r.Fields {
		if !strings.EqualFold(f.Name, "WARC-Type") {
			b.AddWarcHeader(f.Name, f.Value)
		}
	}
	if _, err := b.Write(r.Block); err != nil {
		return r, err
	}
	rec, _, err := b.Build()
	if err != nil {
		return r, err
	}
	defer rec.Close()
	out := w
	var z *gzip.Writer
	if compress {
		z = gzip.NewWriter(w)
		out = z
	}
	if _, _, err := gowarc.NewMarshaler().Marshal(out, rec, 0); err != nil {
		return r, err
	}
	if z != nil {
		if err := z.Close(); err != nil {
			return r, err
		}
	}
	return capture.Record{Fields: fields(rec), Block: r.Block}, nil
}

// Read reads the WARC file f, named name, plain or gzip-compressed, into a
// Collector: the header of every record, and the blocks of the records it
// wants, up to capture.MaxBlock bytes each, with the digests the library
// checks. It also takes the SHA-256 of the file's bytes.
//
// It reads the file twice. Validating a record's header, the library
// blanks a field it finds malformed, such as a WARC-Target-URI in the
// angle brackets that WARC 1.0 files (wget's) write; not validating it, it
// keeps no more of a block than it parses. So a first pass reads the
// fields as written, and a second reads, validated, only the records the
// first found wanted.
func Read(name string, f io.ReadSeeker) (*capture.Collector, error) {
	sum := sha256.New()
	wanted, err := scan(name, io.TeeReader(f, sum))
	if err != nil {
		return nil, err
	}
	c := &capture.Collector{Source: name, SHA256: hex.EncodeToString(sum.Sum(nil))}
	for _, w := range wanted {
		if w.Block, w.Cut, err = readBlock(f, w.offset); err != nil {
			return nil, fmt.Errorf("%s, the %s record at byte %d: %w", name, w.Type(), w.offset, err)
		}
		c.Add(w.Record)
	}
	return c, nil
}

// A wantedRecord is a record with its fields as written and where it
// starts in the file.
type wantedRecord struct {
	capture.Record
	offset int64
}

// scan reads every record of r and returns those a Collector wants, with
// their fields as written and no block: for a response, the header of its
// HTTP message, from which the Collector learns where a redirect leads.
func scan(name string, r io.Reader) ([]wantedRecord, error) {
	wr, err := gowarc.NewWarcFileReaderFromStream(r, 0, gowarc.WithSyntaxErrorPolicy(gowarc.ErrWarn), gowarc.WithSpecViolationPolicy(gowarc.ErrIgnore))
	if err != nil {
		return nil, err
	}
	defer wr.Close()
	var c capture.Collector
	var out []wantedRecord
	for {
		rec, err := wr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s at byte %d: %w", name, rec.Offset, err)
		}
		w := wantedRecord{Record: capture.Record{Fields: fields(rec.WarcRecord)}, offset: rec.Offset}
		if c.Wants(&w.Record) {
			out = append(out, w)
			if h, ok := rec.WarcRecord.Block().(gowarc.ProtocolHeaderBlock); ok {
				w.Block = h.ProtocolHeaderBytes()
			}
			c.Add(w.Record)
		}
		rec.Close()
	}
	if _, err := io.Copy(io.Discard, r); err != nil { // the rest of the file, for its digest
		return nil, err
	}
	return out, nil
}

// readBlock reads, validated, the record at offset and returns its block,
// at most capture.MaxBlock bytes of it, and whether it holds more.
func readBlock(f io.ReadSeeker, offset int64) ([]byte, bool, error) {
	// The reader closes what it reads when it is closed: f is read again.
	wr, err := gowarc.NewWarcFileReaderFromStream(struct{ io.ReadSeeker }{f}, offset, gowarc.WithSyntaxErrorPolicy(gowarc.ErrWarn), gowarc.WithSpecViolationPolicy(gowarc.ErrWarn))
	if err != nil {
		return nil, false, err
	}
	defer wr.Close()
	rec, err := wr.Next()
	if err != nil {
		return nil, false, err
	}
	defer rec.Close()
	for _, v := range rec.Validation {
		var d *gowarc.DigestError
		var l *gowarc.ContentLengthError
		if errors.As(v, &d) || errors.As(v, &l) {
			return nil, false, v
		}
	}
	raw, err := rec.WarcRecord.Block().RawBytes()
	if err != nil {
		return nil, false, err
	}
	b, err := io.ReadAll(io.LimitReader(raw, capture.MaxBlock+1))
	if err != nil {
		return nil, false, err
	}
	return b[:min(len(b), capture.MaxBlock)], len(b) > capture.MaxBlock, nil
}

func fields(rec gowarc.WarcRecord) []capture.Field {
	var out []capture.Field
	for _, f := range *rec.WarcHeader() {
		out = append(out, capture.Field{Name: f.Name, Value: f.Value})
	}
	return out
}
