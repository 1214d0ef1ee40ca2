package permalink

import "errors"

// The compact form is raw DEFLATE (RFC 1951). Natively it is made and read
// by compress/flate (codec_native.go); in the browser by its own
// CompressionStream and DecompressionStream ("deflate-raw", codec_js.go),
// which keeps a second DEFLATE implementation out of the wasm. Both read
// every link made so far (testdata/golden-links.txt), and both stop
// reading at MaxState bytes, so a small link cannot unpack to gigabytes.

// errInflateSize says that the data unpacks to more than the limit.
var errInflateSize = errors.New("DEFLATE data larger than the limit")
