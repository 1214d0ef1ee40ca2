package urllist

import (
	"bufio"
	"errors"
	"io"
)

var bufioFull = bufio.ErrBufferFull

func ignoreEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
