package capture

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"robots-explorer/matcher/delivery"
)

// MetadataType is the Content-Type of the metadata record robots-explorer
// fetch writes: its derived facts as named fields (application/warc-fields,
// as crawlers write their metadata records), marked by Format.
const MetadataType = "application/warc-fields"

// Format names the fields of Metadata; it changes when a field is renamed
// or changes meaning.
const Format = "robots-explorer capture 1"

// Metadata are the facts a fetch derives that its request and response
// records cannot hold: the robots.txt URL it was asked for, the error
// that stopped it, the full size of a body cut at the limit, and for each
// hop the address connected to and the TLS session.
type Metadata struct {
	RobotsURL  string
	ObservedAt time.Time
	UserAgent  string
	Token      string
	// Error is the network error, timeout or refused redirect that
	// stopped the fetch; "" when it ended with a response.
	Error string
	// Limit is how many bytes of the decoded body the fetch kept; Size
	// how many it counted, and SizeAtLeast that it stopped counting there.
	Limit       int
	Size        int64
	SizeAtLeast bool
	// Hops hold each hop's URL, method, address, TLS session and record
	// ids; its status and location are read from its response record.
	Hops []delivery.Hop
}

// MetadataRecord is the metadata record of m, with the fields given
// (its id, date and the record it is concurrent to). A hop is one field,
// its JSON on one line.
func MetadataRecord(m *Metadata, fields ...Field) (Record, error) {
	var b strings.Builder
	add := func(name, value string) {
		// A value is one line: an error may quote what a server sent.
		b.WriteString(name + ": " + strings.NewReplacer("\r", " ", "\n", " ").Replace(value) + "\r\n")
	}
	add("format", Format)
	add("robots-url", m.RobotsURL)
	add("observed-at", m.ObservedAt.UTC().Format(time.RFC3339Nano))
	add("user-agent", m.UserAgent)
	add("token", m.Token)
	if m.Error != "" {
		add("error", m.Error)
	}
	add("body-limit", strconv.Itoa(m.Limit))
	add("body-size", strconv.FormatInt(m.Size, 10))
	if m.SizeAtLeast {
		add("body-size-at-least", "true")
	}
	for _, h := range m.Hops {
		j, err := json.Marshal(h)
		if err != nil {
			return Record{}, err
		}
		add("hop", string(j))
	}
	fields = append([]Field{{"WARC-Type", TypeMetadata}, {"WARC-Target-URI", m.RobotsURL}, {"Content-Type", MetadataType}}, fields...)
	return Record{Fields: fields, Block: []byte(b.String())}, nil
}

// metadata reads r as the metadata record of a fetch, or returns nil.
func metadata(r *Record) *Metadata {
	if r.Type() != TypeMetadata || !strings.HasPrefix(r.Get("Content-Type"), MetadataType) || r.Cut {
		return nil
	}
	var m Metadata
	format := ""
	for line := range strings.Lines(string(r.Block)) {
		k, v, _ := strings.Cut(line, ":")
		v = strings.TrimSpace(v)
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "format":
			format = v
		case "robots-url":
			m.RobotsURL = v
		case "observed-at":
			m.ObservedAt, _ = time.Parse(time.RFC3339Nano, v)
		case "user-agent":
			m.UserAgent = v
		case "token":
			m.Token = v
		case "error":
			m.Error = v
		case "body-limit":
			m.Limit, _ = strconv.Atoi(v)
		case "body-size":
			m.Size, _ = strconv.ParseInt(v, 10, 64)
		case "body-size-at-least":
			m.SizeAtLeast = v == "true"
		case "hop":
			var h delivery.Hop
			if json.Unmarshal([]byte(v), &h) != nil {
				return nil
			}
			m.Hops = append(m.Hops, h)
		}
	}
	if format != Format || m.RobotsURL == "" {
		return nil
	}
	return &m
}
