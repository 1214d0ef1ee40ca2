//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

// The compressed forms of a file sit beside it, one for each coding serve
// offers (preferredCodings), named by these suffixes. serve and static
// read them; make build writes them once, so no request ever pays for
// compression.
func codingSuffix(coding string) string {
	switch coding {
	case "gzip":
		return ".gz"
	case "br":
		return ".br"
	}
	return ""
}

// runPrecompress writes FILE.gz (gzip -9) and FILE.br (brotli quality 11)
// for each FILE; "-only gzip" writes the gzip form alone, for make run:
// brotli at quality 11 takes minutes on a small machine, and serve sends
// app.wasm without a form it lacks. It is the build step behind make
// build, not a command people need, so usage does not list it.
func runPrecompress(args []string, stderr io.Writer) int {
	codings := preferredCodings
	if len(args) >= 2 && args[0] == "-only" {
		if codingSuffix(args[1]) == "" {
			fmt.Fprintf(stderr, "robots-explorer precompress: unknown coding %q (known: %v)\n", args[1], preferredCodings)
			return exitUsage
		}
		codings, args = []string{args[1]}, args[2:]
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: robots-explorer precompress [-only CODING] FILE...")
		return exitUsage
	}
	for _, name := range args {
		raw, err := os.ReadFile(name)
		if err == nil {
			err = precompressAs(name, raw, codings)
		}
		if err != nil {
			fmt.Fprintf(stderr, "robots-explorer precompress: %v\n", err)
			return 1
		}
	}
	return 0
}

func precompress(name string, raw []byte) error {
	return precompressAs(name, raw, preferredCodings)
}

func precompressAs(name string, raw []byte, codings []string) error {
	for _, coding := range codings {
		enc, err := compress(coding, raw)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if err := writeAtomic(name+codingSuffix(coding), enc); err != nil {
			return err
		}
	}
	return nil
}

// compress encodes raw at the strongest setting of the coding: the cost is
// paid once at build time and saved on every download.
func compress(coding string, raw []byte) ([]byte, error) {
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

// decompress is compress's inverse; serve uses it to refuse compressed
// forms left over from an older build.
func decompress(coding string, enc []byte) ([]byte, error) {
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

// writeAtomic writes through a temporary file so that an interrupted build
// never leaves a truncated file that looks complete.
func writeAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
