//go:build !wasm

package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"robots-explorer/matcher"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// readInput reads the robots.txt file (name "-" is stdin) into a string,
// whose slices the matcher's strings are, and whose bytes are the File's
// Source (matcher.ParseOptions.Text, sourceBytes): the file is in memory once.
// It reads at most max bytes and
// refuses a larger input, so that /dev/zero or an endless pipe ends with a
// message rather than filling memory. A regular file is read into one
// buffer of its size (and refused before any read when its size is
// already over); a pipe, a device or stdin into a buffer that grows as it
// fills, at most to max and one byte. refuse says why a larger input is
// refused, in the words of the command.
func readInput(name string, stdin io.Reader, max int64, refuse func(name string, max int64) error) (string, error) {
	r, size, closeInput, err := openInput(name, stdin)
	if err != nil {
		return "", err
	}
	defer closeInput()
	if size > max {
		return "", refuse(name, max)
	}
	data, err := readAtMost(r, size, max)
	if errors.Is(err, errTooLarge) {
		return "", refuse(name, max)
	}
	if err != nil {
		return "", err
	}
	// Nothing keeps data but this string, and nothing writes to it again,
	// so the string may share its bytes (as strings.Builder does).
	return unsafe.String(unsafe.SliceData(data), len(data)), nil
}

// sourceBytes is the bytes of a source text, shared and not copied, for
// matcher.ParseOptions.Text: readInput's string shares its buffer, and the
// matcher only reads a File's Source, so that a 100 MiB file is in memory
// once rather than as a string and a copy of its bytes.
func sourceBytes(text string) []byte { return unsafe.Slice(unsafe.StringData(text), len(text)) }

// openInput opens name, or stands for stdin when it is "-", with the size
// of a regular file (-1 when unknown).
func openInput(name string, stdin io.Reader) (io.Reader, int64, func(), error) {
	if name == "-" {
		return stdin, -1, func() {}, nil
	}
	fh, err := os.Open(name)
	if err != nil {
		return nil, 0, nil, err
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, 0, nil, err
	}
	if st.IsDir() {
		fh.Close()
		return nil, 0, nil, fmt.Errorf("%s is a directory, not a robots.txt file", name)
	}
	size := int64(-1)
	if st.Mode().IsRegular() {
		size = st.Size()
	}
	return fh, size, func() { fh.Close() }, nil
}

var errTooLarge = errors.New("input over its limit")

// readAtMost reads r to its end, and fails with errTooLarge past max
// bytes. A known size (sizeHint >= 0) is read into one buffer of that
// size; an unknown one into chunks joined at the end, so that reading a
// pipe costs at most twice what it holds (a buffer grown by append leaves
// every smaller one behind as garbage, and its peak is several times the
// bytes read).
func readAtMost(r io.Reader, sizeHint, max int64) ([]byte, error) {
	lr := io.LimitReader(r, max+1)
	if sizeHint >= 0 {
		buf := make([]byte, min(sizeHint, max)+1) // +1: the read that finds the end
		n, err := io.ReadFull(lr, buf)
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			return buf[:n], nil
		}
		if err != nil {
			return nil, err
		}
		// The file grew since it was measured: read on in chunks.
		return readChunks(lr, buf, max)
	}
	return readChunks(lr, nil, max)
}

// readChunks reads r to its end after what first holds, in chunks that
// double up to 8 MiB, and joins them into one buffer.
func readChunks(r io.Reader, first []byte, max int64) ([]byte, error) {
	chunks, total, size := [][]byte{}, int64(0), 64<<10
	if len(first) > 0 {
		chunks, total = append(chunks, first), int64(len(first))
	}
	for {
		c := make([]byte, size)
		n, err := io.ReadFull(r, c)
		chunks, total = append(chunks, c[:n]), total+int64(n)
		if total > max {
			return nil, errTooLarge
		}
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		size = min(2*size, 8<<20)
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	out := make([]byte, 0, total)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return out, nil
}

func tooLarge(name string, max int64) error {
	what := "ROBOTS_FILE " + name
	if name == "-" {
		what = "standard input"
	}
	return fmt.Errorf("%s is larger than %s, the most check reads (-max-size); give a larger -max-size to read it, e.g. -max-size %s",
		what, sizeWords(max), sizeText(min(2*max, maxMaxSize)))
}

// byteSizeFlag is a size in bytes written as a number with an optional
// binary unit: 65536, 64K, 64KiB, 64M, 1G.
type byteSizeFlag struct{ n int64 }

func (f *byteSizeFlag) String() string { return sizeText(f.n) }

func (f *byteSizeFlag) Set(v string) error {
	n, err := parseByteSize(v)
	if err != nil {
		return err
	}
	f.n = n
	return nil
}

// maxMaxSize is the largest file the matcher reads whole (it cuts a
// larger one at 2 GiB - 1 bytes; see matcher.Line).
const maxMaxSize = math.MaxInt32

func parseByteSize(v string) (int64, error) {
	num := strings.TrimRight(v, "KMGiBkmgb")
	unit := strings.ToLower(v[len(num):])
	shift, ok := map[string]uint{"": 0, "k": 10, "kib": 10, "m": 20, "mib": 20, "g": 30, "gib": 30}[unit]
	n, err := strconv.ParseInt(num, 10, 64)
	if !ok || err != nil || n <= 0 {
		return 0, errors.New("a size is a positive number of bytes, with an optional unit K, M or G (KiB, MiB, GiB), such as 64M")
	}
	if n > maxMaxSize>>shift {
		return 0, fmt.Errorf("at most %d bytes (2 GiB - 1), the largest file the matcher reads whole", maxMaxSize)
	}
	return n << shift, nil
}

// sizeText writes n as the largest binary unit that divides it, as a
// flag value: 64M.
func sizeText(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "G"}, {20, "M"}, {10, "K"}} {
		if n > 0 && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10)
}

// sizeWords is sizeText for prose: 64 MiB, 10 bytes.
func sizeWords(n int64) string {
	s := sizeText(n)
	if unit := s[len(s)-1]; unit >= 'A' {
		return s[:len(s)-1] + " " + string(unit) + "iB"
	}
	return s + " bytes"
}

// jsonSafe replaces, in JSON that encoding/json wrote, the characters it
// leaves raw that a terminal may obey: DEL and the C1 controls (U+0080 to
// U+009F), as \u escapes. encoding/json already escapes C0 controls, and
// writes bytes that are not UTF-8 as U+FFFD.
func jsonSafe(b []byte) []byte {
	if !hasJSONControl(b) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == 0x7F || r >= 0x80 && r <= 0x9F {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

func hasJSONControl(b []byte) bool {
	for i, c := range b {
		if c == 0x7F || c == 0xC2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9F {
			return true
		}
	}
	return false
}

// withText is o for a parse of bytes that sourceBytes made of text: the
// File's strings are slices of text, and the source is held once.
func withText(o matcher.ParseOptions, text string) matcher.ParseOptions {
	o.Text = text
	return o
}
