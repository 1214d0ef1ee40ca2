package urllist

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// readPlain reads one URL a line; blank lines and lines starting with '#'
// (after white space) are skipped. A URL may hold a fragment ('#' after
// the start), which the matcher drops.
func (l *List) readPlain(file int, in *input) error {
	for n := 1; ; n++ {
		line, err := in.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// Longer than any URL kept: report it and skip to its end.
			for err == bufio.ErrBufferFull {
				_, err = in.ReadSlice('\n')
			}
			if !l.refuse(file, n, "", fmt.Sprintf("a line longer than %d bytes; at most %d are read as a URL", in.Size(), maxURLLength)) {
				return nil
			}
			if err != nil {
				return ignoreEOF(err)
			}
			continue
		}
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF"))
		}
		t := bytes.TrimSpace(line)
		if len(t) > 0 && t[0] != '#' && !l.add(file, n, string(t)) {
			return nil
		}
		if err != nil {
			return ignoreEOF(err)
		}
	}
}

func ignoreEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
