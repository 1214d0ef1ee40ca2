//go:build !wasm

// Package compression holds the content codings of app.wasm: which one a
// request accepts, and the gzip and brotli forms written once at build
// time (app/tools/precompress) and checked when serve loads them.
package compression

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strconv"
	"strings"

	"robots-explorer/app/internal/atomicfile"

	"github.com/andybalholm/brotli"
)

// PreferredCodings lists the content codings serve offers for app.wasm,
// best first: brotli is about a fifth smaller than gzip on it.
var PreferredCodings = []string{"br", "gzip"}

// ChooseCoding picks the content coding for a request's Accept-Encoding
// (RFC 9110 §12.5.3): the first of preferredCodings that the client accepts
// with a non-zero weight, explicitly or through "*", and that
// we hold. "" means send the file as it is.
func ChooseCoding(acceptEncoding string, have func(coding string) bool) string {
	weights := map[string]float64{}
	for _, part := range strings.Split(acceptEncoding, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weights[name] = weight(params)
	}
	for _, c := range PreferredCodings {
		w, ok := weights[c]
		if !ok {
			w, ok = weights["*"]
		}
		if ok && w > 0 && have(c) {
			return c
		}
	}
	return ""
}

// weight reads "q=0.5" from a coding's parameters; without one the weight
// is 1, and a malformed one counts as 0 (not acceptable).
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}

// The compressed forms of a file sit beside it, one for each coding serve
// offers (preferredCodings), named by these suffixes. serve and static
// read them; make build writes them once, so no request ever pays for
// compression.
func CodingSuffix(coding string) string {
	switch coding {
	case "gzip":
		return ".gz"
	case "br":
		return ".br"
	}
	return ""
}

func Precompress(name string, raw []byte) error {
	return PrecompressAs(name, raw, PreferredCodings)
}

func PrecompressAs(name string, raw []byte, codings []string) error {
	for _, coding := range codings {
		enc, err := Compress(coding, raw)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if err := atomicfile.WriteAtomic(name+CodingSuffix(coding), enc); err != nil {
			return err
		}
	}
	return nil
}

// Compress encodes raw at the strongest setting of the coding: the cost is
// paid once at build time and saved on every download.
func Compress(coding string, raw []byte) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch coding {
	case "gzip":
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	case "br":
		w = brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	default:
		return nil, fmt.Errorf("unknown coding %q", coding)
	}
	if _, err := w.Write(raw); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// NewWriter compresses what is written to w in coding (br or gzip) at a
// setting fast enough for a response made on request, not the strongest
// (Compress's, which brotli takes seconds over).
func NewWriter(coding string, w io.Writer) io.WriteCloser {
	if coding == "br" {
		return brotli.NewWriterLevel(w, 5)
	}
	return gzip.NewWriter(w)
}

// Decompress is Compress's inverse; serve uses it to refuse compressed
// forms left over from an older build.
func Decompress(coding string, enc []byte) ([]byte, error) {
	var r io.Reader
	switch coding {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(enc))
		if err != nil {
			return nil, err
		}
		r = zr
	case "br":
		r = brotli.NewReader(bytes.NewReader(enc))
	default:
		return nil, fmt.Errorf("unknown coding %q", coding)
	}
	return io.ReadAll(r)
}
