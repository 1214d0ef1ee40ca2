// Package capture reads the delivery of a robots.txt file from the WARC
// records of its fetch (ISO 28500, WARC 1.1): the request and response of
// each hop, and the record of derived facts that robots-explorer fetch
// writes beside them. A Collector keeps, of a WARC's records, those a
// fetch of a robots.txt file needs; Find follows one fetch from its
// robots.txt URL through its redirects to the last response and returns
// its delivery.Facts, with the WARC records they rest on, and the file a
// crawler would parse. It reads WARCs written by other crawlers too (wget,
// Heritrix, Browsertrix), which lack the derived facts.
//
// The package reads records that a WARC reader has already cut apart: the
// program reads WARC files with a WARC library (app/internal/capture);
// the page, where that library would weigh hundreds of kilobytes, with
// ReadWARC, which reads no more than this package needs.
package capture

import (
	"strings"
	"time"
)

// A Field is one named field of a record's WARC header.
type Field struct{ Name, Value string }

// A Record is one WARC record: its header fields and its content block,
// or the start of it.
type Record struct {
	Fields []Field
	Block  []byte
	// Cut says the reader kept only the start of the block.
	Cut bool
}

// The record types and the fields the package reads.
const (
	TypeWarcinfo = "warcinfo"
	TypeRequest  = "request"
	TypeResponse = "response"
	TypeMetadata = "metadata"
)

// Get returns the value of the first field named name (case-insensitive,
// as WARC field names are), or "".
func (r *Record) Get(name string) string {
	for _, f := range r.Fields {
		if strings.EqualFold(f.Name, name) {
			return f.Value
		}
	}
	return ""
}

// Type is the record's WARC-Type, lower-cased.
func (r *Record) Type() string { return strings.ToLower(r.Get("WARC-Type")) }

// ID is the record's WARC-Record-ID, with its angle brackets.
func (r *Record) ID() string { return r.Get("WARC-Record-ID") }

// Target is the record's WARC-Target-URI. WARC 1.0 files (wget's among
// them) write it in angle brackets, which are no part of the URI.
func (r *Record) Target() string {
	return strings.TrimSuffix(strings.TrimPrefix(r.Get("WARC-Target-URI"), "<"), ">")
}

// Date is the record's WARC-Date, the zero time when it does not read.
func (r *Record) Date() time.Time {
	t, _ := time.Parse(time.RFC3339Nano, r.Get("WARC-Date"))
	return t
}
